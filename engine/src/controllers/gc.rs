//! The garbage collector: deletes objects whose owners are all gone, runs foreground
//! deletion (dependents first) and orphaning (strip the owner reference, keep the object).
//!
//! Models pkg/controller/garbagecollector/garbagecollector.go (`attemptToDeleteItem`,
//! `processDeletingDependentsItem`, `orphanDependents`). The owner graph is the store's
//! owner index instead of a separate graph builder, and the "virtual node" lookups are live
//! reads by UID.

use crate::model::*;
use crate::store::{DeleteOptions, Key, Propagation, Store, WatchEvent, WatchEventType};

use super::said::GcSaid;
use super::{Controller, ControllerName, Ctx, WorkQueue};

pub type GcKey = (Kind, Key);

#[derive(Default)]
pub struct GarbageCollector {
    queue: WorkQueue<GcKey>,
}

impl Controller for GarbageCollector {
    type Key = GcKey;

    fn name(&self) -> ControllerName {
        ControllerName::GarbageCollector
    }

    fn queue(&mut self) -> &mut WorkQueue<GcKey> {
        &mut self.queue
    }

    fn observe(&mut self, event: &WatchEvent, store: &Store) {
        let kind = event.object.kind();
        if kind == Kind::Event {
            return;
        }
        let meta = event.object.meta();
        let key = Key::of(meta, kind);
        if event.ty == WatchEventType::Deleted {
            // The owner is gone: each dependent may now have no owner left.
            for dep in store.dependents_of(&meta.uid) {
                self.queue.add(dep);
            }
        } else if !meta.owner_references.is_empty() || has_gc_finalizer(meta) {
            self.queue.add((kind, key));
        }
        // A dependent changed or vanished: an owner waiting on it may be done now.
        for r in &meta.owner_references {
            if let Some(owner) = store.kind_key_by_uid(&r.uid) {
                if store.meta_of(owner.0, &owner.1).is_some_and(|m| m.is_deleting()) {
                    self.queue.add(owner);
                }
            }
        }
        if meta.is_deleting() && meta.has_finalizer(FINALIZER_FOREGROUND) {
            for dep in store.dependents_of(&meta.uid) {
                self.queue.add(dep);
            }
        }
    }

    /// Queues only what a reconcile would act on. Upstream's graph builder has no periodic
    /// resync at all (`ResourceResyncTime = 0` in garbagecollector.go); kubeloop's resync is
    /// there to heal lost watch events in class, and checking here what `reconcile` checks
    /// first keeps a quiet cluster's resync from queueing every owned object.
    fn resync(&mut self, store: &Store) {
        fn scan(gc: &mut GarbageCollector, store: &Store, kind: Kind) {
            // Siblings sit together in name order, so the last owner found standing is
            // usually the next object's owner too.
            let mut solid: Option<&str> = None;
            for m in crate::kinds::ops(kind).metas(store) {
                let refs = &m.owner_references;
                if !m.is_deleting() && refs.len() == 1 && solid == Some(refs[0].uid.as_str()) {
                    continue;
                }
                if needs_work(m, store) {
                    gc.queue.add((kind, Key::of(m, kind)));
                } else if let [only] = refs.as_slice() {
                    solid = (!m.is_deleting()).then_some(only.uid.as_str());
                }
            }
        }
        // Every kind that can be a dependent: pods and ReplicaSets, EndpointSlices (owned by
        // their Service), Jobs, ControllerRevisions and claims; a lost DELETED event of an
        // owner is healed at the next resync. Events and Nodes have no owners here.
        for kind in Kind::ALL {
            if !matches!(kind, Kind::Event | Kind::Node) {
                scan(self, store, kind);
            }
        }
    }

    fn reconcile(&mut self, key: &GcKey, ctx: &mut Ctx<'_>) {
        let (kind, k) = key;
        let Some(meta) = ctx.store.meta_of(*kind, k) else { return };
        // Most writes queue an object whose owners all stand: nothing to do, and nothing to
        // copy (the graph builder enqueues only dangling or changed references).
        if !needs_work(meta, ctx.store) {
            return;
        }
        let meta = meta.clone();
        if meta.is_deleting() && meta.has_finalizer(FINALIZER_ORPHAN) {
            orphan_dependents(*kind, &meta, ctx);
            return;
        }
        if meta.is_deleting() && meta.has_finalizer(FINALIZER_FOREGROUND) {
            process_deleting_dependents(*kind, &meta, ctx);
            return;
        }
        if !meta.owner_references.is_empty() {
            attempt_to_delete(*kind, &meta, ctx);
        }
    }
}

fn has_gc_finalizer(meta: &ObjectMeta) -> bool {
    meta.has_finalizer(FINALIZER_ORPHAN) || meta.has_finalizer(FINALIZER_FOREGROUND)
}

/// Whether the collector has anything to do for this object: it is being deleted with one
/// of the collector's finalizers, or one of its owners is gone or waiting on its dependents.
fn needs_work(meta: &ObjectMeta, store: &Store) -> bool {
    if meta.is_deleting() {
        has_gc_finalizer(meta)
    } else {
        meta.owner_references
            .iter()
            .any(|r| !matches!(classify(r, &meta.namespace, store), OwnerState::Solid))
    }
}

/// How an owner reference resolves: the owner exists, is gone, or is itself being deleted
/// in the foreground (`classifyReferences`).
enum OwnerState {
    Solid,
    Dangling,
    WaitingForDependents,
}

fn classify(r: &OwnerReference, ns: &str, store: &Store) -> OwnerState {
    match store.owner_meta(r, ns) {
        None => OwnerState::Dangling,
        Some(m) if m.is_deleting() && m.has_finalizer(FINALIZER_FOREGROUND) => {
            OwnerState::WaitingForDependents
        }
        Some(_) => OwnerState::Solid,
    }
}

/// `attemptToDeleteItem`: delete an object with no solid owner; with a solid owner, only drop
/// the references to owners that are gone or waiting on their dependents.
fn attempt_to_delete(kind: Kind, meta: &ObjectMeta, ctx: &mut Ctx<'_>) {
    if meta.is_deleting() {
        return;
    }
    let mut solid = Vec::new();
    let mut stale = Vec::new();
    let mut waiting = false;
    for r in &meta.owner_references {
        match classify(r, &meta.namespace, ctx.store) {
            OwnerState::Solid => solid.push(r.clone()),
            OwnerState::Dangling => stale.push(r.clone()),
            OwnerState::WaitingForDependents => {
                waiting = true;
                stale.push(r.clone());
            }
        }
    }
    if stale.is_empty() {
        return;
    }
    let desc = |refs: &[OwnerReference]| {
        refs.iter().map(|r| format!("{}/{}", r.kind, r.name)).collect::<Vec<_>>().join(", ")
    };
    if !solid.is_empty() {
        let uids: Vec<String> = stale.iter().map(|r| r.uid.clone()).collect();
        let _ = patch_owner_refs(kind, meta, ctx, |refs| refs.retain(|r| !uids.contains(&r.uid)));
        ctx.decide(
            kind,
            meta,
            GcSaid::LiveOwnersOnly,
            GcSaid::SomeOwnersGone { gone: desc(&stale), alive: desc(&solid) },
            GcSaid::RemoveStaleRefs,
        );
        return;
    }
    // Dependents of a foreground deletion that have dependents of their own are deleted in
    // the foreground too, so the cascade keeps its order all the way down.
    let has_dependents = !ctx.store.dependents_of(&meta.uid).is_empty();
    let policy = if waiting && has_dependents {
        Propagation::Foreground
    } else if meta.has_finalizer(FINALIZER_ORPHAN) {
        Propagation::Orphan
    } else if meta.has_finalizer(FINALIZER_FOREGROUND) {
        Propagation::Foreground
    } else {
        Propagation::Background
    };
    let owners = desc(&stale);
    let seen =
        if waiting { GcSaid::OwnerDeleting { owners } } else { GcSaid::OwnerGone { owners } };
    if delete_object(kind, meta, policy, ctx) {
        let (name, cascade) = (meta.name.clone(), policy_word(policy).to_string());
        let action = GcSaid::Delete { kind: kind.as_str().to_string(), name, cascade };
        ctx.decide(kind, meta, GcSaid::NoOrphans, seen, action);
    }
}

fn policy_word(p: Propagation) -> &'static str {
    match p {
        Propagation::Background => "background",
        Propagation::Foreground => "foreground",
        Propagation::Orphan => "orphan",
    }
}

/// `processDeletingDependentsItem`: delete the dependents; once none that blocks owner
/// deletion is left, remove `foregroundDeletion` so the owner goes.
fn process_deleting_dependents(kind: Kind, meta: &ObjectMeta, ctx: &mut Ctx<'_>) {
    let deps = ctx.store.dependents_of(&meta.uid);
    let mut blocking = 0;
    for (dk, dkey) in &deps {
        let Some(dm) = ctx.store.meta_of(*dk, dkey).cloned() else { continue };
        let blocks =
            dm.owner_references.iter().any(|r| r.uid == meta.uid && r.blocks_owner_deletion());
        if blocks {
            blocking += 1;
        }
        if !dm.is_deleting() {
            attempt_to_delete(*dk, &dm, ctx);
        }
    }
    if blocking > 0 {
        return;
    }
    let removed = patch_finalizers(kind, meta, ctx, FINALIZER_FOREGROUND);
    if removed {
        ctx.decide(
            kind,
            meta,
            GcSaid::DependentsFirst,
            GcSaid::NoBlockingLeft,
            GcSaid::RemoveFinalizer { finalizer: FINALIZER_FOREGROUND.to_string() },
        );
    }
}

/// `orphanDependents`: strip this owner from every dependent, then drop the `orphan` finalizer.
fn orphan_dependents(kind: Kind, meta: &ObjectMeta, ctx: &mut Ctx<'_>) {
    let deps = ctx.store.dependents_of(&meta.uid);
    let uid = meta.uid.clone();
    let mut count = 0;
    for (dk, dkey) in &deps {
        let Some(dm) = ctx.store.meta_of(*dk, dkey).cloned() else { continue };
        if patch_owner_refs(*dk, &dm, ctx, |refs| refs.retain(|r| r.uid != uid)) {
            count += 1;
        }
    }
    if patch_finalizers(kind, meta, ctx, FINALIZER_ORPHAN) {
        ctx.decide(
            kind,
            meta,
            GcSaid::KeepDependents,
            GcSaid::PointHere { dependents: count },
            GcSaid::Unlink,
        );
    }
}

fn delete_object(kind: Kind, meta: &ObjectMeta, policy: Propagation, ctx: &mut Ctx<'_>) -> bool {
    let opts = DeleteOptions {
        propagation: Some(policy),
        precondition_uid: Some(meta.uid.clone()),
        ..Default::default()
    };
    let key = Key::new(&meta.namespace, &meta.name);
    crate::kinds::ops(kind).delete(ctx.store, &key, &opts, ctx.now).is_ok()
}

fn patch_owner_refs(
    kind: Kind,
    meta: &ObjectMeta,
    ctx: &mut Ctx<'_>,
    f: impl FnOnce(&mut Vec<OwnerReference>),
) -> bool {
    patch_meta(kind, meta, ctx, |m| f(&mut m.owner_references))
}

fn patch_finalizers(kind: Kind, meta: &ObjectMeta, ctx: &mut Ctx<'_>, finalizer: &str) -> bool {
    patch_meta(kind, meta, ctx, |m| m.finalizers.retain(|f| f != finalizer))
}

/// A metadata patch with the object's UID as precondition, as the GC's strategic-merge
/// patches carry it.
fn patch_meta(
    kind: Kind,
    meta: &ObjectMeta,
    ctx: &mut Ctx<'_>,
    f: impl FnOnce(&mut ObjectMeta),
) -> bool {
    let uid = meta.uid.clone();
    let (mut ok, mut f) = (false, Some(f));
    let key = Key::new(&meta.namespace, &meta.name);
    let res = crate::kinds::ops(kind).modify_meta(ctx.store, &key, ctx.now, &mut |m| {
        if m.uid == uid {
            if let Some(f) = f.take() {
                f(m);
            }
            ok = true;
        }
    });
    res.is_ok() && ok
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kubectl::Mode;
    use crate::session::Session;
    use crate::world::World;

    fn queued(gc: &mut GarbageCollector) -> Vec<String> {
        let mut names: Vec<String> = gc
            .queue
            .drain()
            .into_iter()
            .map(|(kind, key)| format!("{kind:?}/{}", key.name))
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_resync_queues_only_objects_whose_owner_is_gone_or_that_wait_on_the_collector() {
        let mut s = Session::new(World::new(7), Mode::Interactive);
        let out = s.run("k create deployment web --image=nginx:1.27 --replicas=3");
        assert_eq!(out.status, 0, "{}", out.text());
        s.world.settle();
        let mut gc = GarbageCollector::default();
        gc.resync(&s.world.store);
        assert_eq!(queued(&mut gc), Vec::<String>::new(), "every owner stands");

        let stray = "k apply -f - <<EOF\napiVersion: v1\nkind: Pod\nmetadata:\n  name: stray\n  \
            ownerReferences:\n  - apiVersion: apps/v1\n    kind: ReplicaSet\n    name: gone\n    \
            uid: 6f1c2c4e-0000-4000-8000-000000000000\n    controller: true\nspec:\n  \
            containers:\n  - name: app\n    image: nginx:1.27\nEOF";
        let out = s.run(stray);
        assert_eq!(out.status, 0, "{}", out.text());
        let out = s.run("k delete deployment web --cascade=foreground --wait=false");
        assert_eq!(out.status, 0, "{}", out.text());
        gc.resync(&s.world.store);
        let rs = s.world.store.list::<ReplicaSet>(None, None).next().unwrap().metadata.name.clone();
        // The Deployment waits on its dependents; its ReplicaSet's owner now waits on it;
        // the stray pod's owner never existed. The ReplicaSet's pods still have their owner.
        assert_eq!(
            queued(&mut gc),
            ["Deployment/web".to_string(), "Pod/stray".into(), format!("ReplicaSet/{rs}")]
        );
    }

    #[test]
    fn an_event_can_own_a_pod_though_events_are_not_indexed_by_uid() {
        let mut s = Session::new(World::new(7), Mode::Interactive);
        s.run("k create deployment web --image=nginx:1.27 --replicas=1");
        s.world.settle();
        let ev = s.world.store.list::<Event>(None, None).next().unwrap().metadata.clone();
        let owned = |name: &str, uid: &str| {
            format!(
                "k apply -f - <<EOF\napiVersion: v1\nkind: Pod\nmetadata:\n  name: {name}\n  \
                 ownerReferences:\n  - apiVersion: v1\n    kind: Event\n    name: {}\n    \
                 uid: {uid}\nspec:\n  containers:\n  - name: app\n    image: nginx:1.27\nEOF",
                ev.name
            )
        };
        let out = s.run(&owned("kept", &ev.uid));
        assert_eq!(out.status, 0, "{}", out.text());
        let out = s.run(&owned("collected", "6f1c2c4e-0000-4000-8000-000000000000"));
        assert_eq!(out.status, 0, "{}", out.text());
        s.world.settle();
        assert!(s.world.store.get::<Pod>("default", "kept").is_some(), "its owner stands");
        assert!(s.world.store.get::<Pod>("default", "collected").is_none(), "wrong UID");
    }
}
