//! The two owners the ReplicaSet sync runs for: ReplicaSets, and ReplicationControllers seen
//! as ReplicaSets (pkg/controller/replication/conversion.go). What differs between them is
//! only how an owner is read, named and written.

use std::rc::Rc;

use crate::clock::Time;
use crate::controllers::key_of;
use crate::labels::selector::Selector;
use crate::model::*;
use crate::store::{Key, Store};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flavor {
    ReplicaSet,
    ReplicationController,
}

impl Flavor {
    /// The flavor of a ReplicaSet the sync holds: a view of a ReplicationController says so
    /// in its `kind` (`ReplicationController::as_replica_set`).
    pub(crate) fn of(rs: &ReplicaSet) -> Flavor {
        if rs.kind == "ReplicationController" {
            Flavor::ReplicationController
        } else {
            Flavor::ReplicaSet
        }
    }

    pub(crate) fn kind(self) -> Kind {
        match self {
            Flavor::ReplicaSet => Kind::ReplicaSet,
            Flavor::ReplicationController => Kind::ReplicationController,
        }
    }

    /// The controller reference its pods carry.
    pub(crate) fn owner_of(self, meta: &ObjectMeta) -> OwnerReference {
        let kind = self.kind();
        OwnerReference::controller(kind.api_version(), kind.as_str(), meta)
    }

    /// The owner, as the sync reads it.
    pub(super) fn get(self, store: &Store, key: &Key) -> Option<Rc<ReplicaSet>> {
        match self {
            Flavor::ReplicaSet => store.get_rc::<ReplicaSet>(&key.ns, &key.name),
            Flavor::ReplicationController => store
                .get::<ReplicationController>(&key.ns, &key.name)
                .map(|rc| Rc::new(rc.as_replica_set())),
        }
    }

    /// Every owner's key, in `ns` or everywhere.
    pub(super) fn keys(self, store: &Store, ns: Option<&str>) -> Vec<Key> {
        match self {
            Flavor::ReplicaSet => {
                store.list::<ReplicaSet>(ns, None).map(|o| key_of(&o.metadata)).collect()
            }
            Flavor::ReplicationController => {
                store.list::<ReplicationController>(ns, None).map(|o| key_of(&o.metadata)).collect()
            }
        }
    }

    /// The owners in `ns`, each with its selector.
    pub(super) fn selectors(self, store: &Store, ns: &str) -> Vec<(Key, Selector)> {
        match self {
            Flavor::ReplicaSet => store
                .list::<ReplicaSet>(Some(ns), None)
                .map(|o| (key_of(&o.metadata), o.spec.selector.to_selector()))
                .collect(),
            Flavor::ReplicationController => store
                .list::<ReplicationController>(Some(ns), None)
                .map(|o| (key_of(&o.metadata), o.selector().to_selector()))
                .collect(),
        }
    }

    pub(super) fn write_status(
        self,
        store: &mut Store,
        key: &Key,
        now: Time,
        status: ReplicaSetStatus,
    ) {
        let (ns, name) = (&key.ns, &key.name);
        let _ = match self {
            Flavor::ReplicaSet => store
                .modify_status::<ReplicaSet>(ns, name, now, |next| next.status = status)
                .map(drop),
            Flavor::ReplicationController => store
                .modify_status::<ReplicationController>(ns, name, now, |next| next.status = status)
                .map(drop),
        };
    }
}
