//! The ReplicationController loop (pkg/controller/replication/replication_controller.go):
//! the ReplicaSet loop's sync, run on each ReplicationController as a ReplicaSet, with its
//! own queue, name and events.

use super::{observe, sync, Flavor};
use crate::controllers::{Controller, ControllerName, Ctx, WorkQueue};
use crate::store::{Key, Store, WatchEvent};

#[derive(Default)]
pub struct ReplicationManager {
    queue: WorkQueue<Key>,
}

impl Controller for ReplicationManager {
    type Key = Key;

    fn name(&self) -> ControllerName {
        ControllerName::ReplicationController
    }

    fn queue(&mut self) -> &mut WorkQueue<Key> {
        &mut self.queue
    }

    fn observe(&mut self, event: &WatchEvent, store: &Store) {
        observe(Flavor::ReplicationController, &mut self.queue, event, store);
    }

    fn resync(&mut self, store: &Store) {
        for key in Flavor::ReplicationController.keys(store, None) {
            self.queue.add(key);
        }
    }

    fn reconcile(&mut self, key: &Key, ctx: &mut Ctx<'_>) {
        sync(Flavor::ReplicationController, &mut self.queue, key, ctx);
    }
}
