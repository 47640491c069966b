//! The CronJob loop (pkg/controller/cronjob). Its reconcile is built on the pure parts beside it.

use super::super::{key_of, Controller, ControllerName, Ctx};
use crate::controllers::queue::WorkQueue;
use crate::model::{CronJob, Object};
use crate::store::{Key, Store, WatchEvent};

#[derive(Default)]
pub struct CronJobController {
    queue: WorkQueue<Key>,
}

impl Controller for CronJobController {
    type Key = Key;

    fn name(&self) -> ControllerName {
        ControllerName::CronJob
    }

    fn queue(&mut self) -> &mut WorkQueue<Key> {
        &mut self.queue
    }

    fn observe(&mut self, event: &WatchEvent, _store: &Store) {
        if let Object::CronJob(o) = &event.object {
            self.queue.add(key_of(&o.metadata));
        }
    }

    fn resync(&mut self, store: &Store) {
        for o in store.list::<CronJob>(None, None) {
            self.queue.add(key_of(&o.metadata));
        }
    }

    fn reconcile(&mut self, key: &Key, ctx: &mut Ctx<'_>) {
        let Some(_obj) = ctx.store.get_rc::<CronJob>(&key.ns, &key.name) else { return };
    }
}
