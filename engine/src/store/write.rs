//! Create and update: what each checks, fills in and decides before anything is written
//! (`prepare_*`, shared with the server-side dry run in `dry_run.rs`), and the write.
//! Models apiserver/pkg/registry/generic/registry/store.go `Create` and `Update`.

use std::rc::Rc;

use super::{ApiError, Key, Store, Tabled, WatchEventType};
use crate::clock::Time;
use crate::model::ObjectMeta;
use crate::rng::SimRng;

/// Attempts at a unique `generateName` before giving up (`maxNameGenerationCreateAttempts`).
const NAME_GENERATION_ATTEMPTS: usize = 8;

/// What an update comes to, before anything is written.
pub(super) enum Updated<T> {
    /// Nothing changed: the stored row.
    Unchanged(Rc<T>),
    /// The last finalizer of a deleting object went: the object leaves the store.
    Removed(Key, T),
    /// The object to store (its resourceVersion still the old one).
    Changed(T),
}

impl Store {
    /// Creates an object. `generateName` gets a random suffix from the world's RNG.
    pub fn create<T: Tabled>(
        &mut self,
        obj: T,
        now: Time,
        rng: &mut SimRng,
    ) -> Result<Rc<T>, ApiError> {
        let (key, mut obj, charges) = self.prepare_create(obj, now, rng)?;
        self.track(&mut obj, None, false, now);
        // One search both checks the name is free and takes it.
        let row = match T::table_mut(self).insert_new(key.clone(), obj) {
            Ok(row) => row,
            Err(obj) => {
                let name = obj.meta().name.clone();
                return Err(ApiError::AlreadyExists { kind: T::KIND, name });
            }
        };
        // The UID is drawn only once the create succeeds, so a refused create leaves the
        // random sequence (and every later name) as it was.
        if let Some(fresh) = Rc::get_mut(row) {
            fresh.meta_mut().uid = rng.uid();
            T::admit(fresh, rng);
        }
        let obj = Rc::clone(row);
        // `prepare_create` gave the object the next resourceVersion; now it is taken.
        self.resource_version += 1;
        self.publish(key, &obj, None, WatchEventType::Added, now);
        self.admit_charge(charges, now);
        Ok(obj)
    }

    /// What a create does before the object is stored: namespace, `generateName`,
    /// defaults, validation, allocation and the server-set fields (the resourceVersion it
    /// would get). Shared by `create` and the server-side dry run (`dry_run.rs`).
    pub(super) fn prepare_create<T: Tabled>(
        &mut self,
        mut obj: T,
        now: Time,
        rng: &mut SimRng,
    ) -> Result<(Key, T, super::quota::Charges), ApiError> {
        let ns = {
            let m = obj.meta_mut();
            if !T::KIND.namespaced() {
                m.namespace.clear();
            } else if m.namespace.is_empty() {
                m.namespace = "default".into();
            }
            m.namespace.clone()
        };
        if T::KIND.namespaced() {
            let m = obj.meta();
            let name = if m.name.is_empty() { &m.generate_name } else { &m.name };
            self.admit_namespace(T::KIND, &ns, name)?;
        }
        if obj.meta().name.is_empty() && !obj.meta().generate_name.is_empty() {
            let base = obj.meta().generate_name.clone();
            let mut attempts = 0;
            loop {
                let candidate = rng.generate_name(&base);
                if self.get::<T>(&ns, &candidate).is_none() {
                    obj.meta_mut().name = candidate;
                    break;
                }
                attempts += 1;
                if attempts >= NAME_GENERATION_ATTEMPTS {
                    return Err(ApiError::AlreadyExists { kind: T::KIND, name: candidate });
                }
            }
        }
        T::apply_defaults(&mut obj);
        // Admission: LimitRanger's defaults (mutating), validation, then LimitRanger's
        // bounds and the quotas of the namespace (validating), before anything is reserved.
        self.admit_mutating(&mut obj);
        self.validate(&obj, T::validate_create(&obj))?;
        T::admit_in(self, &obj)?;
        let charges = self.admit_validating(&obj, now)?;
        if T::ALLOCATES {
            let name = obj.meta().name.clone();
            if self.get::<T>(&ns, &name).is_some() {
                return Err(ApiError::AlreadyExists { kind: T::KIND, name });
            }
            T::allocate(&mut obj, self).map_err(|errors| ApiError::Invalid {
                kind: T::KIND,
                name,
                errors,
            })?;
        }
        let rv = self.resource_version + 1;
        let m = obj.meta_mut();
        m.resource_version = rv.to_string();
        m.creation_timestamp = Some(now);
        m.deletion_timestamp = None;
        m.deletion_grace_period_seconds = None;
        m.generation = if T::HAS_GENERATION { 1 } else { 0 };
        Ok((Key::of(obj.meta(), T::KIND), obj, charges))
    }

    /// Replaces spec and metadata; status is kept (the status subresource owns it).
    /// `generation` is bumped when the spec changes. Removing the last finalizer of an object
    /// that is being deleted removes it, as the real API server does.
    pub fn update<T: Tabled>(&mut self, obj: T, now: Time) -> Result<Rc<T>, ApiError> {
        match self.prepare_update(obj, now)? {
            Updated::Unchanged(old) => Ok(old),
            Updated::Removed(key, obj) => {
                self.remove::<T>(&key, now);
                Ok(Rc::new(obj))
            }
            Updated::Changed(mut obj) => {
                let key = Key::of(obj.meta(), T::KIND);
                let old = T::table(self).get_rc(&key).cloned();
                self.track(&mut obj, old.as_deref(), false, now);
                obj.meta_mut().resource_version = self.next_rv().to_string();
                Ok(self.store(obj, WatchEventType::Modified, now))
            }
        }
    }

    /// What an update would do, decided without writing: the checks, defaults and
    /// allocations of `update`, shared with the server-side dry run (`dry_run.rs`).
    pub(super) fn prepare_update<T: Tabled>(
        &mut self,
        mut obj: T,
        now: Time,
    ) -> Result<Updated<T>, ApiError> {
        let key = Key::of(obj.meta(), T::KIND);
        let Some(old) = T::table(self).get_rc(&key).cloned() else {
            return Err(ApiError::NotFound { kind: T::KIND, name: obj.meta().name.clone() });
        };
        let old = &*old;
        if !obj.meta().uid.is_empty() && obj.meta().uid != old.meta().uid {
            return Err(ApiError::Conflict {
                kind: T::KIND,
                name: key.name.to_string(),
                message: "the object has been modified; please apply your changes to the latest version and try again".into(),
            });
        }
        T::apply_defaults(&mut obj);
        // ValidateUpdate: the create-time checks, then what an update may not change.
        let mut rules = crate::model::validate::update(&obj, old);
        rules.extend(T::validate_update(&obj, old));
        self.validate(&obj, rules)?;
        T::admit_in(self, &obj)?;
        if T::ALLOCATES {
            T::reallocate(&mut obj, old, self).map_err(|errors| ApiError::Invalid {
                kind: T::KIND,
                name: key.name.to_string(),
                errors,
            })?;
        }
        T::keep_status(&mut obj, old);
        let spec_changed = !T::same_spec(&obj, old);
        let bump = spec_changed && T::HAS_GENERATION;
        keep_server_meta(obj.meta_mut(), old.meta(), bump, self.applying);
        if obj == *old {
            let row = T::table(self).get_rc(&key).expect("row read above");
            return Ok(Updated::Unchanged(Rc::clone(row)));
        }
        if obj.meta().deletion_timestamp.is_some()
            && obj.meta().finalizers.is_empty()
            && !T::graceful_pending(&obj, now)
        {
            return Ok(Updated::Removed(key, obj));
        }
        Ok(Updated::Changed(obj))
    }
}

/// What an update cannot change of the metadata, kept from the stored object. Compiled once
/// rather than for every kind.
#[inline(never)]
fn keep_server_meta(m: &mut ObjectMeta, old: &ObjectMeta, bump: bool, applying: bool) {
    m.uid.clone_from(&old.uid);
    // An update that changes nothing is no write (etcd keeps the revision), so the version
    // it came with does not matter for that comparison.
    m.resource_version.clone_from(&old.resource_version);
    m.creation_timestamp = old.creation_timestamp;
    m.namespace.clone_from(&old.namespace);
    m.loop_writes = old.loop_writes;
    // The stored entries stand, whatever the client sent back (the loops' among them, which
    // the API adds on reading); server-side apply sends its own.
    if !applying {
        m.managed_fields.clone_from(&old.managed_fields);
    }
    m.generation = old.generation + i64::from(bump);
    if old.deletion_timestamp.is_some() {
        m.deletion_timestamp = old.deletion_timestamp;
        m.deletion_grace_period_seconds = old.deletion_grace_period_seconds;
    } else {
        m.deletion_timestamp = None;
        m.deletion_grace_period_seconds = None;
    }
}
