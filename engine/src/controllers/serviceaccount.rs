//! The service account loop: every active namespace has a ServiceAccount named `default`. A
//! new namespace gets one, and one deleted comes back, as the API server's own (its UID from
//! the system's random stream, so the world's names stay as they were).
//!
//! Models pkg/controller/serviceaccount/serviceaccounts_controller.go (`syncNamespace`: a
//! namespace that is not active is skipped; the accounts of `ServiceAccountsControllerOptions`
//! are created when missing; a namespace is queued on its add and update and on the delete of
//! one of its accounts).

use super::said::ServiceAccountSaid;
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

    // Only a namespace that lacks its account is queued: the loop ships with the course
    // part, and a turn queued for nothing would make the page fetch it.
    fn observe(&mut self, event: &WatchEvent, store: &Store) {
        let ns = match &event.object {
            Object::Namespace(ns) if event.ty != WatchEventType::Deleted => &ns.metadata.name,
            Object::ServiceAccount(sa)
                if event.ty == WatchEventType::Deleted
                    && sa.metadata.name == DEFAULT_SERVICE_ACCOUNT =>
            {
                &sa.metadata.namespace
            }
            _ => return,
        };
        if lacks_account(store, ns) {
            self.queue.add(Key::new("", ns));
        }
    }

    fn resync(&mut self, store: &Store) {
        for ns in store.namespaces() {
            if lacks_account(store, ns) {
                self.queue.add(Key::new("", ns));
            }
        }
    }

    fn reconcile(&mut self, key: &Key, ctx: &mut Ctx<'_>) {
        let ns = &key.name;
        if !lacks_account(ctx.store, ns) {
            return;
        }
        let sa = ServiceAccount::named(ns, DEFAULT_SERVICE_ACCOUNT);
        if let Ok(made) = ctx.store.create_system(sa, ctx.now) {
            ctx.decide(
                Kind::ServiceAccount,
                &made.metadata,
                ServiceAccountSaid::HasDefault { namespace: ns.to_string() },
                ServiceAccountSaid::Missing,
                ServiceAccountSaid::CreateDefault,
            );
        }
    }
}

/// Whether `ns` is an active namespace without its `default` account.
fn lacks_account(store: &Store, ns: &str) -> bool {
    let active = store.get::<Namespace>("", ns).is_some_and(|n| n.status.phase == PHASE_ACTIVE);
    active && store.get::<ServiceAccount>(ns, DEFAULT_SERVICE_ACCOUNT).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Time;
    use crate::rng::SimRng;

    fn added(store: &Store, ns: &str) -> WatchEvent {
        let object = Object::Namespace(store.get_rc::<Namespace>("", ns).unwrap());
        WatchEvent { rv: 1, at: Time::ZERO, ty: WatchEventType::Added, object, by: None }
    }

    /// The system namespaces have their accounts from the start, so a fresh cluster gives the
    /// loop nothing to do (in the page, a queued turn would fetch the course part).
    #[test]
    fn only_a_namespace_without_its_account_is_queued() {
        let mut store = Store::new();
        let mut c = ServiceAccountController::default();
        c.resync(&store);
        c.observe(&added(&store, "default"), &store);
        assert!(c.queue().is_empty());
        let mut rng = SimRng::new(1);
        store.create(Namespace::named("shop"), Time::ZERO, &mut rng).unwrap();
        c.observe(&added(&store, "shop"), &store);
        assert_eq!(c.queue().len(), 1);
    }
}
