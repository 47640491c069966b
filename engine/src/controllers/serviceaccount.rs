//! The service account loop: every active namespace has a ServiceAccount named `default`. A
//! new namespace gets one, and one deleted comes back, as the API server's own (its UID from
//! the system's random stream, so the world's names stay as they were).
//!
//! Models pkg/controller/serviceaccount/serviceaccounts_controller.go (`syncNamespace`: a
//! namespace that is not active is skipped; the accounts of `ServiceAccountsControllerOptions`
//! are created when missing; a namespace is queued on its add and update and on the delete of
//! one of its accounts).

use super::{Controller, ControllerName, Ctx};
use crate::controllers::queue::WorkQueue;
use crate::model::*;
use crate::store::{Key, Store, WatchEvent, WatchEventType};

#[derive(Default)]
pub struct ServiceAccountController {
    queue: WorkQueue<Key>,
}

impl Controller for ServiceAccountController {
    type Key = Key;

    fn name(&self) -> ControllerName {
        ControllerName::ServiceAccount
    }

    fn queue(&mut self) -> &mut WorkQueue<Key> {
        &mut self.queue
    }

    fn observe(&mut self, event: &WatchEvent, _store: &Store) {
        match &event.object {
            Object::Namespace(ns) if event.ty != WatchEventType::Deleted => {
                self.queue.add(Key::new("", &ns.metadata.name));
            }
            Object::ServiceAccount(sa) if event.ty == WatchEventType::Deleted => {
                self.queue.add(Key::new("", &sa.metadata.namespace));
            }
            _ => {}
        }
    }

    fn resync(&mut self, store: &Store) {
        for ns in store.namespaces() {
            self.queue.add(Key::new("", ns));
        }
    }

    fn reconcile(&mut self, key: &Key, ctx: &mut Ctx<'_>) {
        let ns = &key.name;
        let Some(namespace) = ctx.store.get_rc::<Namespace>("", ns) else { return };
        if namespace.status.phase != PHASE_ACTIVE {
            return;
        }
        if ctx.store.get::<ServiceAccount>(ns, DEFAULT_SERVICE_ACCOUNT).is_some() {
            return;
        }
        let sa = ServiceAccount::named(ns, DEFAULT_SERVICE_ACCOUNT);
        if let Ok(made) = ctx.store.create_system(sa, ctx.now) {
            ctx.decide(
                Kind::ServiceAccount,
                &made.metadata,
                format!("namespace {ns} has a default service account"),
                "none",
                "create serviceaccount default",
            );
        }
    }
}
