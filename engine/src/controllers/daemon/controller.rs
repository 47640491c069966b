//! The DaemonSet loop: its informers and work queue; each sync is `sync.rs`.
//!
//! Models pkg/controller/daemon/daemon_controller.go's event handlers: a DaemonSet change,
//! a change to a pod or ControllerRevision it controls, and any Node change (a node added,
//! relabelled, tainted or gone changes where daemon pods belong) enqueue DaemonSets.

use super::super::{key_of, Controller, ControllerName, Ctx};
use super::backoff::FailedPodBackoff;
use super::sync;
use crate::controllers::queue::WorkQueue;
use crate::model::{DaemonSet, Object, ObjectMeta};
use crate::store::{Key, Store, WatchEvent};

#[derive(Default)]
pub struct DaemonSetController {
    queue: WorkQueue<Key>,
    /// Per DaemonSet and node, how long to wait before deleting the next failed pod.
    failed_pods: FailedPodBackoff,
}

impl DaemonSetController {
    /// The owner of a pod or revision, when it is a DaemonSet; for an orphan, every
    /// DaemonSet that could adopt it (`getDaemonSetsForPod`).
    fn enqueue_owner(&mut self, meta: &ObjectMeta, store: &Store) {
        match meta.controller_ref() {
            Some(r) if r.kind == "DaemonSet" => {
                self.queue.add(Key::new(&meta.namespace, &r.name));
            }
            Some(_) => {}
            None => {
                for ds in store.list::<DaemonSet>(Some(&meta.namespace), None) {
                    if ds.spec.selector.to_selector().matches(&meta.labels) {
                        self.queue.add(key_of(&ds.metadata));
                    }
                }
            }
        }
    }
}

impl Controller for DaemonSetController {
    type Key = Key;

    fn name(&self) -> ControllerName {
        ControllerName::DaemonSet
    }

    fn queue(&mut self) -> &mut WorkQueue<Key> {
        &mut self.queue
    }

    fn observe(&mut self, event: &WatchEvent, store: &Store) {
        match &event.object {
            Object::DaemonSet(o) => self.queue.add(key_of(&o.metadata)),
            Object::Pod(p) => self.enqueue_owner(&p.metadata, store),
            Object::ControllerRevision(cr) => self.enqueue_owner(&cr.metadata, store),
            Object::Node(_) => {
                for ds in store.list::<DaemonSet>(None, None) {
                    self.queue.add(key_of(&ds.metadata));
                }
            }
            _ => {}
        }
    }

    fn resync(&mut self, store: &Store) {
        for o in store.list::<DaemonSet>(None, None) {
            self.queue.add(key_of(&o.metadata));
        }
    }

    fn forget(&mut self) {
        self.queue.clear();
        self.failed_pods.clear();
    }

    fn reconcile(&mut self, key: &Key, ctx: &mut Ctx<'_>) {
        let Some(ds) = ctx.store.get_rc::<DaemonSet>(&key.ns, &key.name) else { return };
        let outcome = sync::sync(&ds, &mut self.failed_pods, ctx);
        if let Some(at) = outcome.recheck_at {
            self.queue.add_after_for(key.clone(), at, crate::controllers::Wait::MinReady);
        }
    }
}
