//! The resource quota loop: keeps each ResourceQuota's `status.hard` equal to its spec and
//! its `status.used` equal to what the namespace's objects use now. The admission plugin
//! (store/quota.rs) counts a create into `used` at once; this loop gives back what deleted
//! and finished objects no longer use (replenishment), and counts a new quota's namespace.
//!
//! Models pkg/controller/resourcequota/resource_quota_controller.go (`syncResourceQuota`:
//! hard from the spec, usage recalculated for the resources it tracks, a write only when
//! something changed; the replenishment that enqueues a namespace's quotas when one of its
//! objects changes) and pkg/quota/v1/generic (`CalculateUsageStats`).

use super::said::QuotaSaid;
use super::{key_of, Controller, ControllerName, Ctx};
use crate::controllers::queue::WorkQueue;
use crate::model::*;
use crate::store::{Key, Store, WatchEvent};

/// The quotas in `ns` (`None`: everywhere), through the store's run-time lookups, whose
/// table code ships with the course part (`store/lookup.rs`): informers run in the page's
/// first load.
fn quotas(store: &Store, ns: Option<&str>) -> Vec<Object> {
    let everything = crate::labels::selector::Selector::everything();
    store.objects(Kind::ResourceQuota, ns, &everything)
}

#[derive(Default)]
pub struct ResourceQuotaController {
    queue: WorkQueue<Key>,
}

impl Controller for ResourceQuotaController {
    type Key = Key;

    fn name(&self) -> ControllerName {
        ControllerName::ResourceQuota
    }

    fn queue(&mut self) -> &mut WorkQueue<Key> {
        &mut self.queue
    }

    fn observe(&mut self, event: &WatchEvent, store: &Store) {
        let m = event.object.meta();
        if let Object::ResourceQuota(q) = &event.object {
            self.queue.add(key_of(&q.metadata));
            return;
        }
        // Replenishment: any object of a namespace with quotas may change what they count.
        if event.object.kind() == Kind::Event || m.namespace.is_empty() {
            return;
        }
        for q in quotas(store, Some(&m.namespace)) {
            self.queue.add(key_of(q.meta()));
        }
    }

    fn resync(&mut self, store: &Store) {
        for q in quotas(store, None) {
            self.queue.add(key_of(q.meta()));
        }
    }

    fn reconcile(&mut self, key: &Key, ctx: &mut Ctx<'_>) {
        let Some(q) = ctx.store.get_rc::<ResourceQuota>(&key.ns, &key.name) else { return };
        let hard = parsed(&q.spec.hard);
        let used = usage_in(ctx.store, &key.ns, &q, ctx.now);
        // Only the resources the quota tracks are reported, each with a value.
        let used: Usage = hard
            .keys()
            .map(|r| {
                let zero = quantity::Quantity { nanos: 0, format: hard[r].format };
                (r.clone(), used.get(r).copied().unwrap_or(zero))
            })
            .collect();
        let next_used = printed(&used);
        if q.status.hard == q.spec.hard && q.status.used == next_used {
            return;
        }
        let mut next = (*q).clone();
        next.status.hard = q.spec.hard.clone();
        next.status.used = next_used;
        if ctx.store.update_status(&next, ctx.now).is_ok() {
            ctx.decide(
                Kind::ResourceQuota,
                &q.metadata,
                QuotaSaid::Hold { namespace: key.ns.to_string(), hard: pretty(&hard) },
                QuotaSaid::InUse { used: pretty(&used) },
                QuotaSaid::RecordUsage,
            );
        }
    }
}

/// What the objects of namespace `ns` use that quota `q` can see (pods only for a scoped
/// quota, and only those in its scopes).
fn usage_in(store: &Store, ns: &str, q: &ResourceQuota, now: crate::clock::Time) -> Usage {
    let mut total = Usage::new();
    for pod in store.list::<Pod>(Some(ns), None) {
        if q.spec.scopes.iter().all(|s| pod_in_scope(pod, s)) {
            total = add(&total, &pod_usage(pod, now));
        }
    }
    if !q.spec.scopes.is_empty() {
        return total;
    }
    for kind in Kind::ALL {
        if kind == Kind::Pod || kind == Kind::Event || !kind.namespaced() {
            continue;
        }
        let n = crate::with_kind!(kind, T => store.list::<T>(Some(ns), None).count());
        if n == 0 {
            continue;
        }
        for (r, one) in object_usage(kind) {
            let count = i128::try_from(n).unwrap_or(i128::MAX);
            let q =
                quantity::Quantity { nanos: one.nanos.saturating_mul(count), format: one.format };
            total.insert(r, q);
        }
    }
    total
}
