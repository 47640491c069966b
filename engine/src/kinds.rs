//! Each kind's generic code behind one vtable: decoding a body into the kind's type, storing,
//! updating and deleting it, reading it back. Code that works on a `Kind` it learns at run
//! time (the API server's routes, the garbage collector, live mode's mirror, kubectl's local
//! patches) calls `ops(kind)` instead of instantiating its own copy of that code per kind.
//!
//! That is what lets a kind's weight ship apart: the first lesson's kinds have their vtables
//! here, and the other kinds' come with the engine's course part (`crate::parts`), which
//! fills `LATER` when it is linked. Only that part's commands create those kinds, so before
//! it arrives there is none to read, and a call for one gets `Unlinked`: empty reads, and
//! writes refused in the API server's words. Every build but the page's split one has every
//! vtable.

use std::marker::PhantomData;
use std::rc::Rc;

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::api::query::FieldValidation;
use crate::clock::Time;
use crate::labels::selector::Selector;
use crate::model::*;
use crate::rng::SimRng;
use crate::store::{ApiError, DeleteOptions, DeleteOutcome, Key, Store, Tabled};

/// What the engine does with one kind without knowing it at compile time.
pub trait KindOps: Sync {
    /// The stored objects, in `ns` or everywhere, that `sel` matches, in key order.
    fn list(&self, store: &Store, ns: Option<&str>, sel: Option<&Selector>) -> Vec<Object>;
    /// Every stored object's metadata, in key order (read in place: the garbage collector's
    /// resync walks every object of every kind).
    fn metas<'s>(&self, store: &'s Store) -> Box<dyn Iterator<Item = &'s ObjectMeta> + 's>;
    /// The object as JSON, encoded by its type.
    fn to_value(&self, obj: &Object) -> Value;
    /// A body the server wrote from its own types, read back (nothing strict is needed).
    fn read(&self, v: &Value) -> Option<Object>;
    /// A client's body, decoded as the API server decodes it (`api::patch::decode`): strictly,
    /// with unknown fields refused or named as warnings as `fv` says.
    fn decode(&self, v: Value, fv: FieldValidation) -> Result<(Object, Vec<String>), String>;
    /// Strict typing alone (`apimachinery::strict::typed`).
    fn typed(&self, v: Value) -> Result<Object, String>;
    /// Live mode's lenient read: fields the model does not know are dropped and named.
    fn pruned(&self, v: Value) -> Result<(Object, Vec<String>), String>;
    /// Stores a new object (or checks that it could be, when `dry`).
    fn create(
        &self,
        store: &mut Store,
        obj: Object,
        now: Time,
        rng: &mut SimRng,
        dry: bool,
    ) -> Result<Object, ApiError>;
    /// Replaces an object, or only its status.
    fn update(
        &self,
        store: &mut Store,
        obj: Object,
        now: Time,
        status_only: bool,
        dry: bool,
    ) -> Result<Object, ApiError>;
    fn delete(
        &self,
        store: &mut Store,
        key: &Key,
        opts: &DeleteOptions,
        now: Time,
    ) -> Result<DeleteOutcome, ApiError>;
    fn delete_dry_run(&self, store: &Store, key: &Key) -> Result<(), ApiError>;
    /// Read-modify-write of one object's metadata.
    fn modify_meta(
        &self,
        store: &mut Store,
        key: &Key,
        now: Time,
        f: &mut dyn FnMut(&mut ObjectMeta),
    ) -> Result<(), ApiError>;
    /// A copy of `obj` in namespace `ns`.
    fn in_namespace(&self, obj: &Object, ns: &str) -> Object;
    /// Live mode: puts a server's object into the mirror as it is (`force`: even at the
    /// same resourceVersion); whether anything changed.
    fn put(&self, store: &mut Store, obj: &Object, force: bool, now: Time) -> bool;
    /// Live mode: takes an object the server deleted out of the mirror; whether it was there.
    fn remove(&self, store: &mut Store, key: &Key, now: Time) -> bool;
}

/// The vtable of one kind.
struct Ops<T>(PhantomData<fn() -> T>);

fn typed<T: Tabled>(obj: &Object) -> T {
    // `ops(kind)` is only ever asked about objects of that kind.
    T::from_object(obj).cloned().expect("an object of the vtable's kind")
}

impl<T: Tabled + DeserializeOwned> KindOps for Ops<T> {
    fn list(&self, store: &Store, ns: Option<&str>, sel: Option<&Selector>) -> Vec<Object> {
        match sel {
            None => store.list_rc::<T>(ns).into_iter().map(T::rc_into_object).collect(),
            Some(_) => store.list::<T>(ns, sel).map(|o| o.clone().into_object()).collect(),
        }
    }

    fn metas<'s>(&self, store: &'s Store) -> Box<dyn Iterator<Item = &'s ObjectMeta> + 's> {
        Box::new(store.list::<T>(None, None).map(Resource::meta))
    }

    fn to_value(&self, obj: &Object) -> Value {
        let encoded = T::from_object(obj).map(serde_json::to_value);
        encoded.and_then(Result::ok).unwrap_or(Value::Null)
    }

    fn read(&self, v: &Value) -> Option<Object> {
        T::deserialize(v).ok().map(T::into_object)
    }

    fn decode(&self, v: Value, fv: FieldValidation) -> Result<(Object, Vec<String>), String> {
        crate::api::patch::decode::<T>(v, fv).map(|(o, w)| (o.into_object(), w))
    }

    fn typed(&self, v: Value) -> Result<Object, String> {
        crate::apimachinery::strict::typed::<T>(v).map(T::rc_into_object)
    }

    fn pruned(&self, v: Value) -> Result<(Object, Vec<String>), String> {
        crate::world::mirror::pruned::<T>(v).map(|(o, dropped)| (o.into_object(), dropped))
    }

    fn create(
        &self,
        store: &mut Store,
        obj: Object,
        now: Time,
        rng: &mut SimRng,
        dry: bool,
    ) -> Result<Object, ApiError> {
        let obj = typed::<T>(&obj);
        Ok(T::rc_into_object(if dry {
            Rc::new(store.create_dry_run(obj, now, &*rng)?)
        } else {
            store.create(obj, now, rng)?
        }))
    }

    fn update(
        &self,
        store: &mut Store,
        obj: Object,
        now: Time,
        status_only: bool,
        dry: bool,
    ) -> Result<Object, ApiError> {
        let obj = typed::<T>(&obj);
        let stored = match (status_only, dry) {
            (true, _) => store.update_status(&obj, now),
            (false, true) => store.update_dry_run(obj, now),
            (false, false) => store.update(obj, now),
        };
        stored.map(T::rc_into_object)
    }

    fn delete(
        &self,
        store: &mut Store,
        key: &Key,
        opts: &DeleteOptions,
        now: Time,
    ) -> Result<DeleteOutcome, ApiError> {
        store.delete::<T>(&key.ns, &key.name, opts, now)
    }

    fn delete_dry_run(&self, store: &Store, key: &Key) -> Result<(), ApiError> {
        store.delete_dry_run::<T>(&key.ns, &key.name)
    }

    fn modify_meta(
        &self,
        store: &mut Store,
        key: &Key,
        now: Time,
        f: &mut dyn FnMut(&mut ObjectMeta),
    ) -> Result<(), ApiError> {
        store.modify::<T>(&key.ns, &key.name, now, |o| f(o.meta_mut())).map(drop)
    }

    fn in_namespace(&self, obj: &Object, ns: &str) -> Object {
        let mut t = typed::<T>(obj);
        t.meta_mut().namespace = ns.to_string();
        t.into_object()
    }

    fn put(&self, store: &mut Store, obj: &Object, force: bool, now: Time) -> bool {
        crate::world::mirror::put_into(store, typed::<T>(obj), force, now)
    }

    fn remove(&self, store: &mut Store, key: &Key, now: Time) -> bool {
        store.remove::<T>(&Key::new(T::scoped_ns(&key.ns), &key.name), now).is_some()
    }
}

/// What a later kind's calls get before its part has arrived (`parts.rs` keeps any from
/// being made): nothing stored, and writes refused.
struct Unlinked(Kind);

impl Unlinked {
    fn refusal(&self) -> ApiError {
        ApiError::BadRequest {
            message: format!(
                "kubeloop: {} is part of {}, which has not been fetched yet",
                self.0.as_str(),
                crate::parts::Part::Course.describe()
            ),
        }
    }
}

impl KindOps for Unlinked {
    fn list(&self, _: &Store, _: Option<&str>, _: Option<&Selector>) -> Vec<Object> {
        Vec::new()
    }
    fn metas<'s>(&self, _: &'s Store) -> Box<dyn Iterator<Item = &'s ObjectMeta> + 's> {
        Box::new(std::iter::empty())
    }
    fn to_value(&self, _: &Object) -> Value {
        Value::Null
    }
    fn read(&self, _: &Value) -> Option<Object> {
        None
    }
    fn decode(&self, _: Value, _: FieldValidation) -> Result<(Object, Vec<String>), String> {
        Err(self.refusal().to_string())
    }
    fn typed(&self, _: Value) -> Result<Object, String> {
        Err(self.refusal().to_string())
    }
    fn pruned(&self, _: Value) -> Result<(Object, Vec<String>), String> {
        Err(self.refusal().to_string())
    }
    fn create(
        &self,
        _: &mut Store,
        _: Object,
        _: Time,
        _: &mut SimRng,
        _: bool,
    ) -> Result<Object, ApiError> {
        Err(self.refusal())
    }
    fn update(
        &self,
        _: &mut Store,
        _: Object,
        _: Time,
        _: bool,
        _: bool,
    ) -> Result<Object, ApiError> {
        Err(self.refusal())
    }
    fn delete(
        &self,
        _: &mut Store,
        _: &Key,
        _: &DeleteOptions,
        _: Time,
    ) -> Result<DeleteOutcome, ApiError> {
        Err(self.refusal())
    }
    fn delete_dry_run(&self, _: &Store, _: &Key) -> Result<(), ApiError> {
        Err(self.refusal())
    }
    fn modify_meta(
        &self,
        _: &mut Store,
        _: &Key,
        _: Time,
        _: &mut dyn FnMut(&mut ObjectMeta),
    ) -> Result<(), ApiError> {
        Err(self.refusal())
    }
    fn in_namespace(&self, obj: &Object, _: &str) -> Object {
        obj.clone()
    }
    fn put(&self, _: &mut Store, _: &Object, _: bool, _: Time) -> bool {
        false
    }
    fn remove(&self, _: &mut Store, _: &Key, _: Time) -> bool {
        false
    }
}

macro_rules! vtables {
    (lesson: [$($lesson:ident),*], later: [$($later:ident),*]) => {
        /// The vtable of `kind`.
        pub fn ops(kind: Kind) -> &'static dyn KindOps {
            match kind {
                $(Kind::$lesson => &Ops::<$lesson>(PhantomData),)*
                _ => later(kind),
            }
        }

        /// The later kinds' vtables: what the part links.
        fn later_vtables(kind: Kind) -> &'static dyn KindOps {
            match kind {
                $(Kind::$later => &Ops::<$later>(PhantomData),)*
                _ => ops(kind),
            }
        }

        /// What a later kind's calls get before the part is here.
        #[cfg_attr(not(kubeloop_split), allow(dead_code))]
        static UNLINKED: &[Unlinked] = &[$(Unlinked(Kind::$later)),*];
    };
}

vtables! {
    lesson: [Deployment, ReplicaSet, Pod, Node, Event],
    later: [
        Service, EndpointSlice, Endpoints, DaemonSet, StatefulSet, ControllerRevision, Job,
        CronJob, HorizontalPodAutoscaler, PersistentVolumeClaim, ConfigMap, Secret,
        PodDisruptionBudget, ResourceQuota,
        LimitRange, Namespace, ServiceAccount, PriorityClass, ReplicationController, Lease,
        Ingress
    ]
}

#[cfg(kubeloop_split)]
static LATER: std::sync::OnceLock<fn(Kind) -> &'static dyn KindOps> = std::sync::OnceLock::new();

fn later(kind: Kind) -> &'static dyn KindOps {
    #[cfg(kubeloop_split)]
    return match LATER.get() {
        Some(linked) => linked(kind),
        None => UNLINKED.iter().find(|u| u.0 == kind).map_or(&UNLINKED[0], |u| u),
    };
    #[cfg(not(kubeloop_split))]
    later_vtables(kind)
}

/// Makes the later kinds' vtables reachable: called from the code that ships with them.
pub(crate) fn link() {
    #[cfg(kubeloop_split)]
    {
        let _ = LATER.set(later_vtables);
        let _ = crate::model::LATER_ENCODER.set(|o| later_vtables(o.kind()).to_value(o));
        let _ = crate::store::LATER_LOOKUPS.set(&crate::store::EVERY_KIND);
        let _ = crate::store::LATER_ADMISSION.set(&crate::store::EVERY_PLUGIN);
        let _ = crate::api::eviction::LATER_BUDGETS.set(crate::api::eviction::check_budget);
        let _ = crate::api::token::LATER_TOKEN.set(crate::api::token::token);
        let _ = crate::api::apply::LATER_APPLY.set(crate::api::apply::apply);
        let _ = crate::store::managed::LATER_RECORD.set(crate::store::managed::record);
        let _ =
            crate::store::managed_loops::LATER_ENTRIES.set(crate::store::managed_loops::entries);
        let _ = crate::store::managed_loops::LATER_NOTE.set(crate::store::managed_loops::note);
    }
}
