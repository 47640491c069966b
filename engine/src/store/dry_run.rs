//! Server-side dry run (`?dryRun=All`): a create, update or delete judged exactly as the real
//! one (the same `prepare_*` code: defaults, validation, allocation) whose result is returned
//! and then dropped. Nothing is stored, no resourceVersion is taken, no watch event is
//! appended, and neither the world's RNG nor the Service allocators move.
//!
//! Models apiserver/pkg/registry/generic/registry/dryrun.go `DryRunnableStorage`: a dry-run
//! create answers AlreadyExists for a taken name and otherwise returns the object without a
//! resourceVersion; a dry-run update returns the object as it would be stored, still at the
//! old resourceVersion. It does not model admission webhooks (there are none here).

use std::rc::Rc;

use super::{ApiError, Key, Store, Tabled, Updated};
use crate::clock::Time;
use crate::rng::SimRng;

impl Store {
    /// `create` with `dryRun=All`. The RNG is a copy, so a generated name or UID drawn here
    /// is not drawn from the world's sequence (a later pod gets the name it would have got).
    pub fn create_dry_run<T: Tabled>(
        &mut self,
        obj: T,
        now: Time,
        rng: &SimRng,
    ) -> Result<T, ApiError> {
        let mut rng = rng.clone();
        let (key, mut obj, _) =
            self.without_allocating(|s| s.prepare_create(obj, now, &mut rng))?;
        if T::table(self).get(&key).is_some() {
            return Err(ApiError::AlreadyExists { kind: T::KIND, name: key.name.to_string() });
        }
        obj.meta_mut().uid = rng.uid();
        T::admit(&mut obj, &mut rng);
        // DryRunnableStorage.Create copies the object out without a storage version.
        obj.meta_mut().resource_version.clear();
        Ok(obj)
    }

    /// `update` with `dryRun=All`: the object the update would store (or the stored one when
    /// nothing would change, which callers tell by comparing with what they read).
    pub fn update_dry_run<T: Tabled>(&mut self, obj: T, now: Time) -> Result<Rc<T>, ApiError> {
        Ok(match self.without_allocating(|s| s.prepare_update(obj, now))? {
            Updated::Unchanged(old) => old,
            Updated::Removed(_, obj) | Updated::Changed(obj) => Rc::new(obj),
        })
    }

    /// `delete` with `dryRun=All`: the object must exist; nothing else happens.
    pub fn delete_dry_run<T: Tabled>(&self, ns: &str, name: &str) -> Result<(), ApiError> {
        let key = Key::new(T::scoped_ns(ns), name);
        match T::table(self).get(&key) {
            Some(_) => Ok(()),
            None => Err(ApiError::NotFound { kind: T::KIND, name: name.to_string() }),
        }
    }

    /// Runs `f` and puts the Service allocators back as they were: the dry-run allocator
    /// (pkg/registry/core/service/ipallocator `dryRunAllocator`) checks and picks without
    /// reserving anything.
    fn without_allocating<R>(&mut self, f: impl FnOnce(&mut Store) -> R) -> R {
        let saved = self.allocations.clone();
        let result = f(self);
        self.allocations = saved;
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::*;

    fn pod(name: &str) -> Pod {
        let meta =
            ObjectMeta { name: name.into(), generate_name: "p-".into(), ..Default::default() };
        Pod::new(
            meta,
            PodSpec { containers: vec![Container::new("c", "nginx")].into(), ..Default::default() },
        )
    }

    #[test]
    fn a_dry_run_create_defaults_and_returns_but_stores_nothing() {
        let mut store = Store::new();
        let (rv, events) = (store.resource_version(), store.watch.len());
        let mut rng = SimRng::new(1);
        let got = store.create_dry_run(pod("web"), Time::ZERO, &rng).unwrap();
        assert_eq!(got.metadata.resource_version, "");
        assert_eq!(got.metadata.generation, 1);
        assert!(!got.metadata.uid.is_empty());
        assert_eq!(got.spec.restart_policy.as_deref(), Some("Always"));
        assert_eq!(store.resource_version(), rv);
        assert_eq!(store.watch.len(), events);
        assert!(store.get::<Pod>("default", "web").is_none());
        // The world's RNG did not move: a real create now draws what it would have.
        let mut fresh = SimRng::new(1);
        assert_eq!(rng.uid(), fresh.uid());
    }

    #[test]
    fn a_dry_run_create_refuses_a_taken_name_and_an_invalid_object() {
        let mut store = Store::new();
        let mut rng = SimRng::new(1);
        store.create(pod("web"), Time::ZERO, &mut rng).unwrap();
        let taken = store.create_dry_run(pod("web"), Time::ZERO, &rng).unwrap_err();
        assert!(matches!(taken, ApiError::AlreadyExists { .. }), "{taken:?}");
        let invalid = store.create_dry_run(pod("Web"), Time::ZERO, &rng).unwrap_err();
        assert!(matches!(invalid, ApiError::Invalid { .. }), "{invalid:?}");
    }

    #[test]
    fn a_dry_run_update_bumps_generation_in_its_answer_only() {
        let mut store = Store::new();
        let mut rng = SimRng::new(1);
        let stored = store.create(pod("web"), Time::ZERO, &mut rng).unwrap();
        let mut next = (*stored).clone();
        next.spec.containers[0].image = "nginx:2".into();
        let events = store.watch.len();
        let answer = store.update_dry_run(next, Time::ZERO).unwrap();
        assert_eq!(answer.metadata.generation, 2);
        assert_eq!(answer.metadata.resource_version, stored.metadata.resource_version);
        assert_eq!(store.get::<Pod>("default", "web"), Some(&*stored));
        assert_eq!(store.watch.len(), events);
    }

    #[test]
    fn a_dry_run_service_create_reserves_no_ip() {
        let mut store = Store::new();
        let mut rng = SimRng::new(1);
        let spec = ServiceSpec {
            ports: vec![ServicePort { port: 80, ..Default::default() }],
            ..Default::default()
        };
        let meta = ObjectMeta { name: "a".into(), ..Default::default() };
        let dry = store.create_dry_run(Service::new(meta.clone(), spec.clone()), Time::ZERO, &rng);
        let real = store.create(Service::new(meta, spec), Time::ZERO, &mut rng).unwrap();
        assert_eq!(dry.unwrap().spec.cluster_ip, real.spec.cluster_ip);
    }
}
