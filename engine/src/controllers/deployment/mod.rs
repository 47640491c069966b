//! Placeholder while this loop is being written.

use crate::controllers::{Controller, ControllerName, Ctx, WorkQueue};
use crate::store::{Key, Store, WatchEvent};

#[derive(Default)]
pub struct DeploymentController {
    queue: WorkQueue<Key>,
}

impl Controller for DeploymentController {
    type Key = Key;
    fn name(&self) -> ControllerName {
        ControllerName::Deployment
    }
    fn queue(&mut self) -> &mut WorkQueue<Key> {
        &mut self.queue
    }
    fn observe(&mut self, _event: &WatchEvent, _store: &Store) {}
    fn resync(&mut self, _store: &Store) {}
    fn reconcile(&mut self, _key: &Key, _ctx: &mut Ctx<'_>) {}
}
