//! The table of Namespaces: the four every API server starts with, the NamespaceLifecycle
//! admission plugin (no new content in a namespace being terminated, and `default`,
//! `kube-system` and `kube-public` may not be deleted), and the finalize write that lets a
//! terminating namespace go once the namespace loop has emptied it.
//!
//! Models pkg/registry/core/namespace/strategy.go (`PrepareForUpdate` keeps
//! `spec.finalizers`, which only `finalizeStrategy` writes), storage/storage.go (`Delete`
//! marks the namespace Terminating while it has finalizers, and a second delete is a
//! Conflict; `ShouldDeleteNamespaceDuringUpdate` removes it when the last finalizer goes)
//! and staging/src/k8s.io/apiserver/pkg/admission/plugin/namespace/lifecycle/admission.go.

use super::table::{tabled, Table, Tabled};
use super::{ApiError, Key, Store};
use crate::clock::Time;
use crate::labels::validation::FieldError;
use crate::model::{Kind, Namespace, IMMORTAL_NAMESPACES, SYSTEM_NAMESPACES};
use crate::rng::SimRng;

/// The system objects' own random stream, apart from the world's: the namespaces the API
/// server creates take their UIDs from it, so every name the world draws stays as it was.
const SYSTEM_STREAM: u64 = 0x6b75_6265_2d73_7973;

/// Storage's words when a terminating namespace is deleted again.
const STILL_FINALIZING: &str = "The system is ensuring all content is removed from this namespace.  Upon completion, this namespace will automatically be purged by the system.";

impl Tabled for Namespace {
    tabled!(Namespace, namespaces, false);
    /// `ValidateNamespaceName`: a DNS label.
    fn validate_name(name: &str) -> Vec<FieldError> {
        crate::model::validate::namespace_name(name, "metadata.name")
    }
    fn same_spec(a: &Self, b: &Self) -> bool {
        a.spec == b.spec
    }
    /// An update keeps the status and `spec.finalizers`: both are the server's to write.
    fn keep_status(new: &mut Self, old: &Self) {
        new.status = old.status.clone();
        new.spec.finalizers = old.spec.finalizers.clone();
    }
    fn copy_status(into: &mut Self, from: &Self) {
        into.status = from.status.clone();
    }
    fn same_status(next: &Self, old: &Self) -> bool {
        next.status == old.status
    }
    fn apply_defaults(obj: &mut Self) {
        obj.set_defaults();
    }
    fn validate_spec(_obj: &Self) -> Vec<FieldError> {
        Vec::new()
    }
    fn begin_delete(store: &Store, obj: &Self, now: Time) -> Result<Option<Self>, ApiError> {
        store.namespace_deleting(&obj.metadata.name, now)
    }
    /// A deleted namespace stays while its finalizers remain.
    fn graceful_pending(obj: &Self, _now: Time) -> bool {
        !obj.spec.finalizers.is_empty()
    }
}

impl Store {
    /// The namespaces every cluster has, created when its time starts, from the system stream.
    pub(super) fn create_system_namespaces(&mut self, seed: u64, start: Time) {
        self.system_rng = SimRng::new(seed ^ SYSTEM_STREAM);
        for name in SYSTEM_NAMESPACES {
            let mut ns = Namespace::named(name);
            ns.metadata.uid = self.system_rng.uid();
            ns.metadata.creation_timestamp = Some(start);
            ns.metadata.resource_version = self.next_rv().to_string();
            self.store(ns, super::WatchEventType::Added, start);
        }
    }

    pub fn namespaces(&self) -> impl Iterator<Item = &str> {
        self.namespaces.iter().map(|(k, _)| &*k.name)
    }

    pub fn has_namespace(&self, ns: &str) -> bool {
        self.namespaces.get_by("", ns).is_some()
    }

    /// Live mode's mirror: a namespace its objects name, before the server's own arrives.
    pub(crate) fn ensure_namespace(&mut self, name: &str, now: Time) {
        if !self.has_namespace(name) {
            let mut ns = Namespace::named(name);
            ns.metadata.creation_timestamp = Some(now);
            ns.metadata.resource_version = self.next_rv().to_string();
            self.store(ns, super::WatchEventType::Added, now);
        }
    }

    /// NamespaceLifecycle on a create: the namespace must exist and not be terminating.
    /// `name` is the object's name, or its `generateName` (the plugin runs before a name is
    /// generated).
    pub(super) fn admit_namespace(&self, kind: Kind, ns: &str, name: &str) -> Result<(), ApiError> {
        let Some(namespace) = self.namespaces.get_by("", ns) else {
            return Err(ApiError::NotFound { kind: Kind::Namespace, name: ns.into() });
        };
        // The plugin refuses Events too: the loops' Events in a namespace being emptied are
        // dropped, as a recorder drops a refused one.
        if namespace.is_terminating() {
            return Err(ApiError::Forbidden {
                kind,
                name: name.into(),
                message: format!(
                    "unable to create new content in namespace {ns} because it is being terminated"
                ),
            });
        }
        Ok(())
    }

    /// Whether new content may go into `ns` (the recorder's check before it writes an Event).
    pub(crate) fn accepts_content(&self, ns: &str) -> bool {
        self.namespaces.get_by("", ns).is_some_and(|n| !n.is_terminating())
    }

    /// NamespaceLifecycle and storage on a namespace's delete: the immortal ones are
    /// Forbidden; the first delete of one with finalizers marks it Terminating (`Some`, the
    /// object to write); a later one is a Conflict until the finalizers are gone (`None`:
    /// delete it now).
    pub(super) fn namespace_deleting(
        &self,
        name: &str,
        now: Time,
    ) -> Result<Option<Namespace>, ApiError> {
        if IMMORTAL_NAMESPACES.contains(&name) {
            return Err(ApiError::Forbidden {
                kind: Kind::Namespace,
                name: name.into(),
                message: "this namespace may not be deleted".into(),
            });
        }
        let Some(current) = self.namespaces.get_by("", name) else {
            return Err(ApiError::NotFound { kind: Kind::Namespace, name: name.into() });
        };
        if current.metadata.deletion_timestamp.is_none() {
            let mut ns = Namespace::clone(current);
            ns.metadata.deletion_timestamp = Some(now);
            ns.metadata.deletion_grace_period_seconds = Some(0);
            ns.status.phase = crate::model::PHASE_TERMINATING.into();
            return Ok(Some(ns));
        }
        if !current.spec.finalizers.is_empty() {
            return Err(ApiError::Conflict {
                kind: Kind::Namespace,
                name: name.into(),
                message: STILL_FINALIZING.into(),
            });
        }
        Ok(None)
    }

    /// `namespaces/NAME/finalize`: writes `spec.finalizers` alone. A terminating namespace
    /// left with none is removed.
    pub fn finalize_namespace(
        &mut self,
        name: &str,
        finalizers: Vec<String>,
        now: Time,
    ) -> Result<std::rc::Rc<Namespace>, ApiError> {
        let key = Key::new("", name);
        let Some(current) = self.namespaces.get_rc(&key).cloned() else {
            return Err(ApiError::NotFound { kind: Kind::Namespace, name: name.into() });
        };
        if current.spec.finalizers == finalizers {
            return Ok(current);
        }
        let mut ns = Namespace::clone(&current);
        ns.spec.finalizers = finalizers;
        if ns.metadata.deletion_timestamp.is_some()
            && ns.spec.finalizers.is_empty()
            && ns.metadata.finalizers.is_empty()
        {
            self.remove::<Namespace>(&key, now);
            return Ok(std::rc::Rc::new(ns));
        }
        ns.metadata.resource_version = self.next_rv().to_string();
        Ok(self.store(ns, super::WatchEventType::Modified, now))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ObjectMeta, Pod};
    use crate::store::DeleteOptions;

    fn pod(ns: &str) -> Pod {
        let metadata = ObjectMeta { name: "p".into(), namespace: ns.into(), ..Default::default() };
        let mut p = Pod { metadata, ..Default::default() };
        p.spec.containers.push(Default::default());
        p.spec.containers[0].name = "c".into();
        p.spec.containers[0].image = "nginx".into();
        p
    }

    #[test]
    fn a_cluster_starts_with_its_four_namespaces_active_and_labelled() {
        let store = Store::with_seed(7);
        let names: Vec<&str> = store.namespaces().collect();
        assert_eq!(names, ["default", "kube-node-lease", "kube-public", "kube-system"]);
        let ns = store.get::<Namespace>("", "kube-public").unwrap();
        assert_eq!(ns.status.phase, "Active");
        assert_eq!(ns.spec.finalizers, ["kubernetes"]);
        assert_eq!(ns.metadata.labels["kubernetes.io/metadata.name"], "kube-public");
        assert_eq!(ns.metadata.uid.len(), 36);
    }

    #[test]
    fn a_deleted_namespace_terminates_refuses_content_and_goes_when_finalized() {
        let (mut store, mut rng, now) = (Store::new(), SimRng::new(1), Time::ZERO);
        store.create(Namespace::named("shop"), now, &mut rng).unwrap();
        store.create(pod("shop"), now, &mut rng).unwrap();
        let opts = DeleteOptions::default();
        assert!(store.delete::<Namespace>("", "shop", &opts, now).is_ok());
        assert!(store.get::<Namespace>("", "shop").unwrap().is_terminating());
        let mut second = pod("shop");
        second.metadata.name = "q".into();
        let refused = store.create(second, now, &mut rng).unwrap_err();
        assert_eq!(
            refused.status_message(),
            "pods \"q\" is forbidden: unable to create new content in namespace shop because it is being terminated"
        );
        let again = store.delete::<Namespace>("", "shop", &opts, now).unwrap_err();
        assert!(again.status_message().contains("The system is ensuring all content"), "{again}");
        store.finalize_namespace("shop", Vec::new(), now).unwrap();
        assert!(!store.has_namespace("shop"));
    }

    #[test]
    fn the_immortal_namespaces_may_not_be_deleted() {
        let mut store = Store::new();
        let err = store
            .delete::<Namespace>("", "kube-public", &DeleteOptions::default(), Time::ZERO)
            .unwrap_err();
        assert_eq!(err.to_string(), "Error from server (Forbidden): namespaces \"kube-public\" is forbidden: this namespace may not be deleted");
    }
}
