//! Owners drawn after they are gone: a controller deleted in the background still holds its
//! dependents' place until the garbage collector reaches them.

use kubeloop::model::{Job, Kind, Pod, ReplicaSet};

use super::collect::item_meta;
use super::memory::{Ghost, Item, LayoutMemory, Parent};
use super::{RowItem, TopItem};
use crate::selection::ObjRef;

/// A controller deleted in the background leaves its dependents pointing at it until the
/// garbage collector deletes them (`pkg/controller/garbagecollector/garbagecollector.go`
/// `attemptToDeleteItem`: a dependent whose owner is absent is deleted, not orphaned). Those
/// dependents are not orphans, so their owner is drawn as a deleted ghost from the owner
/// reference itself, even when no earlier build saw it (a fresh page, or the timeline).
pub(super) fn owners_being_collected(
    store: &kubeloop::store::Store,
    replicasets: &[&ReplicaSet],
    jobs: &[&Job],
    pods: &[&Pod],
    memory: &mut LayoutMemory,
) {
    let refs = replicasets
        .iter()
        .map(|rs| &rs.metadata)
        .chain(jobs.iter().map(|j| &j.metadata))
        .chain(pods.iter().map(|p| &p.metadata));
    for m in refs {
        let Some(r) = m.controller_ref() else { continue };
        let Some(kind) = Kind::from_resource(&r.kind).filter(|k| {
            matches!(
                k,
                Kind::Deployment
                    | Kind::ReplicaSet
                    | Kind::DaemonSet
                    | Kind::StatefulSet
                    | Kind::ReplicationController
                    | Kind::Job
                    | Kind::CronJob
            )
        }) else {
            continue;
        };
        if store.kind_key_by_uid(&r.uid).is_some() || memory.ghost_kind(&r.uid).is_some() {
            continue;
        }
        let mut meta = item_meta(kind, m);
        meta.uid = r.uid.clone();
        meta.target = ObjRef::new(kind, &m.namespace, &r.name);
        (meta.deleting, meta.finalizers, meta.gone) = (true, Vec::new(), true);
        // A ReplicaSet heads a row (of its Deployment, or of the orphans lane); the rest
        // head trees. A gone Job under a gone CronJob also heads its own.
        let (item, parent) = match kind {
            Kind::ReplicaSet => (Item::Row(RowItem::gone(meta)), Parent::Lane),
            _ => (Item::Top(TopItem::gone(meta)), Parent::Root),
        };
        memory.ghosts.insert(r.uid.clone(), Ghost { item, parent, since: None });
    }
}

/// Kinds whose pods are drawn as a group under them.
pub(super) fn owns_pod_group(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::ReplicaSet
            | Kind::DaemonSet
            | Kind::StatefulSet
            | Kind::ReplicationController
            | Kind::Job
    )
}
