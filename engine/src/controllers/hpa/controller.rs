//! The HorizontalPodAutoscaler loop: every sync period (15 s) each HPA reads its target's
//! scale and its pods' metrics, turns them into a size (`metrics`, then `behavior` or
//! `without_behavior`), writes that size to the target's scale, and reports in its status,
//! conditions and events. What it remembers between syncs is what kube-controller-manager
//! keeps in memory: recent recommendations and scale events per HPA, lost on `stop`.
//!
//! Models pkg/controller/podautoscaler/horizontal.go (Run's fixed-interval queue, worker,
//! reconcileKey, reconcileAutoscaler). The sync itself is `sync.rs`.

use std::collections::BTreeMap;

use super::super::{key_of, Controller, ControllerName, Ctx, Wait};
use super::behavior::{Recommendation, ScaleEvent};
use crate::clock::Time;
use crate::controllers::queue::WorkQueue;
use crate::model::{HorizontalPodAutoscaler, Object};
use crate::store::{Key, Store, WatchEvent, WatchEventType};

/// `--horizontal-pod-autoscaler-sync-period`'s default: the queue hands an HPA back this long
/// after its last sync, whatever woke it (NewDefaultHPARateLimiter's fixed interval).
pub const SYNC_PERIOD_MS: i64 = 15_000;

/// What the controller keeps in memory for one HPA.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    /// `a.recommendations[key]`.
    pub recommendations: Vec<Recommendation>,
    /// `a.scaleUpEvents[key]`, `a.scaleDownEvents[key]`.
    pub up_events: Vec<ScaleEvent>,
    pub down_events: Vec<ScaleEvent>,
    /// When it last synced (or was first seen): the fixed-interval queue hands it out again
    /// a period later.
    pub last_sync: Option<Time>,
    /// The last decision shown, so a hold that lasts minutes is told once.
    pub last_note: String,
}

#[derive(Default)]
pub struct HpaController {
    queue: WorkQueue<Key>,
    memory: BTreeMap<Key, Memory>,
}

impl Controller for HpaController {
    type Key = Key;

    fn name(&self) -> ControllerName {
        ControllerName::HorizontalPodAutoscaler
    }

    fn queue(&mut self) -> &mut WorkQueue<Key> {
        &mut self.queue
    }

    fn observe(&mut self, event: &WatchEvent, _store: &Store) {
        if let Object::HorizontalPodAutoscaler(o) = &event.object {
            let key = key_of(&o.metadata);
            if event.ty == WatchEventType::Deleted {
                // deleteHPA: the queue forgets it; the recommendations go at the next sync
                // that finds it gone.
                self.queue.cancel_delayed(&key);
            }
            self.queue.add(key);
        }
    }

    fn resync(&mut self, store: &Store) {
        for o in store.list::<HorizontalPodAutoscaler>(None, None) {
            self.queue.add(key_of(&o.metadata));
        }
    }

    fn reconcile(&mut self, key: &Key, ctx: &mut Ctx<'_>) {
        let Some(hpa) = ctx.store.get_rc::<HorizontalPodAutoscaler>(&key.ns, &key.name) else {
            // reconcileKey: a deleted HPA's recommendations and scale events are dropped.
            self.memory.remove(key);
            return;
        };
        // enqueueHPA adds every key with the sync period's delay, the first one too: a new
        // HPA (or every HPA after a restart) is first synced a period after it is seen.
        let memory = self
            .memory
            .entry(key.clone())
            .or_insert_with(|| Memory { last_sync: Some(ctx.now), ..Default::default() });
        // The fixed-interval rate limiter: whatever enqueued the key (its own status write, a
        // spec change, the resync), it syncs at most once per period.
        if let Some(last) = memory.last_sync {
            let due = last.plus_millis(SYNC_PERIOD_MS);
            if ctx.now < due {
                self.queue.cancel_delayed(key);
                self.queue.add_after_for(key.clone(), due, Wait::SyncPeriod);
                return;
            }
        }
        memory.last_sync = Some(ctx.now);
        super::sync::reconcile_autoscaler(&hpa, memory, ctx);
        self.queue.cancel_delayed(key);
        self.queue.add_after_for(
            key.clone(),
            ctx.now.plus_millis(SYNC_PERIOD_MS),
            Wait::SyncPeriod,
        );
    }

    fn forget(&mut self) {
        self.queue.clear();
        self.memory.clear();
    }
}
