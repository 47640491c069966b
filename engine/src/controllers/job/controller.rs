//! The Job loop (pkg/controller/job). Its reconcile is built on the pure parts beside it.

use super::super::{key_of, Controller, ControllerName, Ctx};
use crate::controllers::queue::WorkQueue;
use crate::model::{Job, Object};
use crate::store::{Key, Store, WatchEvent};

#[derive(Default)]
pub struct JobController {
    queue: WorkQueue<Key>,
}

impl Controller for JobController {
    type Key = Key;

    fn name(&self) -> ControllerName {
        ControllerName::Job
    }

    fn queue(&mut self) -> &mut WorkQueue<Key> {
        &mut self.queue
    }

    fn observe(&mut self, event: &WatchEvent, _store: &Store) {
        if let Object::Job(o) = &event.object {
            self.queue.add(key_of(&o.metadata));
        }
    }

    fn resync(&mut self, store: &Store) {
        for o in store.list::<Job>(None, None) {
            self.queue.add(key_of(&o.metadata));
        }
    }

    fn reconcile(&mut self, key: &Key, ctx: &mut Ctx<'_>) {
        let Some(_obj) = ctx.store.get_rc::<Job>(&key.ns, &key.name) else { return };
    }
}
