//! The Deployment controller: turns a Deployment into ReplicaSets, one per pod template,
//! and moves replicas from old to new ones within the surge and unavailability bounds.
//!
//! It owns ReplicaSet creation, scaling, adoption and history cleanup, and the Deployment's
//! status. It never touches pods (that is the ReplicaSet controller), only reads them for
//! Recreate. Models pkg/controller/deployment/deployment_controller.go; the rollout steps
//! live in `rolling.rs`, `recreate.rs` and `sync.rs`, the pure arithmetic in `util.rs`.

pub mod annotations;
pub mod budget;
mod claim;
pub mod conditions;
pub mod hash;
mod newrs;
mod progress;
pub mod proportion;
mod recreate;
mod rolling;
mod sync;
#[cfg(test)]
mod testkit;
pub mod util;
mod words;

use std::collections::BTreeMap;
use std::fmt;

use crate::clock::Time;
use crate::controllers::said::{DeploymentSaid, Said};
use crate::controllers::{key_of, Controller, ControllerName, Ctx, Wait, WorkQueue};
use crate::model::{Deployment, Kind, Object, Pod, ReplicaSet, StrategyType};
use crate::store::{ApiError, Key, Store, WatchEvent, WatchEventType};

/// Why one sync stopped early. The key is retried with backoff, as client-go's rate-limited
/// queue does (`handleErr`).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum SyncError {
    Api(ApiError),
    /// Upstream's own error text (a bad selector, an impossible scale).
    Invalid(String),
    /// No new ReplicaSet after a step that creates one.
    NoNewRs,
}

impl From<ApiError> for SyncError {
    fn from(e: ApiError) -> Self {
        SyncError::Api(e)
    }
}

impl fmt::Display for SyncError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SyncError::Api(e) => f.write_str(&server_message(e)),
            SyncError::Invalid(s) => f.write_str(s),
            SyncError::NoNewRs => fmt::Display::fmt(&DeploymentSaid::NeitherFoundNorCreated, f),
        }
    }
}

impl SyncError {
    /// The error as a decision says it: Kubernetes' words, or the loop's.
    fn said(&self) -> Said {
        match self {
            SyncError::NoNewRs => Said::Deployment(DeploymentSaid::NeitherFoundNorCreated),
            other => Said::Cluster(other.to_string()),
        }
    }
}

/// An API error as Go's `err.Error()` reads, without kubectl's "Error from server" prefix.
pub(crate) fn server_message(e: &ApiError) -> String {
    let s = e.to_string();
    match s.strip_prefix("Error from server (").and_then(|rest| rest.split_once("): ")) {
        Some((_, message)) => message.to_string(),
        None => s,
    }
}

/// `DefaultControllerRateLimiter`'s per-item part: 5ms doubling per failure, at most 1000s.
fn backoff_ms(failures: u32) -> i64 {
    (5i64 << failures.saturating_sub(1).min(20)).min(1_000_000)
}

#[derive(Default)]
pub struct DeploymentController {
    queue: WorkQueue<Key>,
    /// Consecutive failed syncs per Deployment, for the retry backoff.
    failures: BTreeMap<Key, u32>,
    /// The last "waiting" decision per Deployment, so a wait is reported once, not per sync.
    waiting: BTreeMap<Key, Option<DeploymentSaid>>,
}

impl Controller for DeploymentController {
    type Key = Key;

    fn name(&self) -> ControllerName {
        ControllerName::Deployment
    }

    fn queue(&mut self) -> &mut WorkQueue<Key> {
        &mut self.queue
    }

    /// The informer handlers of deployment_controller.go (`addDeployment`, `updateReplicaSet`,
    /// `deletePod`, ...).
    fn observe(&mut self, event: &WatchEvent, store: &Store) {
        match &event.object {
            Object::Deployment(d) => self.queue.add(key_of(&d.metadata)),
            Object::ReplicaSet(rs) => self.observe_replica_set(event.ty, rs, store),
            Object::Pod(pod) if event.ty == WatchEventType::Deleted => {
                self.observe_deleted_pod(pod, store)
            }
            _ => {}
        }
    }

    fn resync(&mut self, store: &Store) {
        for d in store.list::<Deployment>(None, None) {
            self.queue.add(key_of(&d.metadata));
        }
    }

    fn reconcile(&mut self, key: &Key, ctx: &mut Ctx<'_>) {
        let Some(d) = ctx.store.get::<Deployment>(&key.ns, &key.name).cloned() else {
            // Deleted: nothing to do (syncDeployment returns on NotFound); forget it.
            self.queue.cancel_delayed(key);
            self.failures.remove(key);
            self.waiting.remove(key);
            return;
        };
        let meta = d.metadata.clone();
        let desired = words::desired(&d);
        let now = ctx.now;
        let last_wait = self.waiting.entry(key.clone()).or_default();
        let mut s =
            Syncer { ctx: &mut *ctx, last_wait, wake_at: None, keep_delayed: false, acted: false };
        let result = s.sync_deployment(d);
        let (wake_at, keep_delayed, acted) = (s.wake_at, s.keep_delayed, s.acted);
        match result {
            Ok(()) => {
                self.failures.remove(key);
                // The latest sync knows which re-check is still needed, so older delayed adds
                // go (else `settle` would wait out a finished rollout's 600s deadline check).
                // After a status write they stay: the next sync, woken by that write, decides.
                if !keep_delayed {
                    self.queue.cancel_delayed(key);
                }
                if let Some((at, why)) = wake_at {
                    self.queue.add_after_for(key.clone(), at, why);
                }
            }
            Err(e) => {
                let n = self.failures.entry(key.clone()).or_insert(0);
                *n += 1;
                self.queue.add_after_for(
                    key.clone(),
                    now.plus_millis(backoff_ms(*n)),
                    Wait::BackOff,
                );
                let action = DeploymentSaid::RetryBackoff;
                let observed = DeploymentSaid::AnError { error: Box::new(e.said()) };
                if !acted && self.waiting.get(key).and_then(Option::as_ref) != Some(&observed) {
                    ctx.decide(Kind::Deployment, &meta, desired, observed.clone(), action);
                    self.waiting.insert(key.clone(), Some(observed));
                }
            }
        }
    }

    fn forget(&mut self) {
        self.queue.clear();
        self.failures.clear();
        self.waiting.clear();
    }
}

impl DeploymentController {
    /// `addReplicaSet` / `updateReplicaSet` / `deleteReplicaSet`. A watch event carries only
    /// the new object, so unlike upstream an update to an orphan always wakes the
    /// Deployments whose selector matches it (upstream: only when labels or owner changed).
    fn observe_replica_set(&mut self, ty: WatchEventType, rs: &ReplicaSet, store: &Store) {
        if let Some(r) = rs.metadata.controller_ref() {
            if let Some(d) =
                resolve_controller_ref(store, &rs.metadata.namespace, &r.kind, &r.name, &r.uid)
            {
                self.queue.add(key_of(&d.metadata));
            }
            return;
        }
        if ty == WatchEventType::Deleted || rs.metadata.is_deleting() {
            return;
        }
        // An orphan: every Deployment that could adopt it (`getDeploymentsForReplicaSet`).
        for d in store.list::<Deployment>(Some(&rs.metadata.namespace), None) {
            if !d.spec.selector.is_empty()
                && d.spec.selector.to_selector().matches(&rs.metadata.labels)
            {
                self.queue.add(key_of(&d.metadata));
            }
        }
    }

    /// `deletePod`: a Recreate rollout waits for old pods to go, so the last one going
    /// wakes the Deployment that owns its ReplicaSet.
    fn observe_deleted_pod(&mut self, pod: &Pod, store: &Store) {
        let ns = &pod.metadata.namespace;
        let Some(r) = pod.metadata.controller_ref().filter(|r| r.kind == "ReplicaSet") else {
            return;
        };
        let Some(rs) = store.get::<ReplicaSet>(ns, &r.name).filter(|rs| rs.metadata.uid == r.uid)
        else {
            return;
        };
        let Some(dr) = rs.metadata.controller_ref() else { return };
        let Some(d) = resolve_controller_ref(store, ns, &dr.kind, &dr.name, &dr.uid) else {
            return;
        };
        if d.spec.strategy.type_ != StrategyType::Recreate {
            return;
        }
        if recreate::count_pods(store, d) == 0 {
            self.queue.add(key_of(&d.metadata));
        }
    }
}

/// `resolveControllerRef`: the Deployment a controller reference names, if it still is that
/// object (same UID).
fn resolve_controller_ref<'s>(
    store: &'s Store,
    ns: &str,
    kind: &str,
    name: &str,
    uid: &str,
) -> Option<&'s Deployment> {
    if kind != "Deployment" {
        return None;
    }
    store.get::<Deployment>(ns, name).filter(|d| d.metadata.uid == uid)
}

/// One sync of one Deployment: the store access of `Ctx` plus what the sync asks of the
/// controller afterwards (a delayed re-check) and the decision bookkeeping. The methods are
/// spread over this module's files as the Go receiver's are over its package.
pub(super) struct Syncer<'x, 'c> {
    ctx: &'x mut Ctx<'c>,
    last_wait: &'x mut Option<DeploymentSaid>,
    /// The earliest time this Deployment should be synced again, if any step asked, and why.
    wake_at: Option<(Time, Wait)>,
    /// Keep delayed re-checks already queued: the status was written, and upstream then
    /// relies on the resulting watch event rather than on a fresh delayed add.
    keep_delayed: bool,
    /// Whether this sync recorded an action.
    acted: bool,
}

impl Syncer<'_, '_> {
    /// Records an action with the reasoning behind it.
    fn act(&mut self, d: &Deployment, observed: DeploymentSaid, action: DeploymentSaid) {
        self.ctx.decide(Kind::Deployment, &d.metadata, words::desired(d), observed, action);
        *self.last_wait = None;
        self.acted = true;
    }

    /// Records a status change worth telling; unlike an action it does not end a wait.
    fn note(&mut self, d: &Deployment, observed: DeploymentSaid, action: DeploymentSaid) {
        self.ctx.decide(Kind::Deployment, &d.metadata, words::desired(d), observed, action);
    }

    /// Records that the loop is waiting, once per distinct reason.
    fn wait(&mut self, d: &Deployment, observed: DeploymentSaid, action: DeploymentSaid) {
        if self.last_wait.as_ref() != Some(&action) {
            let waiting = action.clone();
            self.ctx.decide(Kind::Deployment, &d.metadata, words::desired(d), observed, action);
            *self.last_wait = Some(waiting);
        }
    }

    fn wake(&mut self, at: Time, why: Wait) {
        self.wake_at = Some(self.wake_at.filter(|(t, _)| *t <= at).unwrap_or((at, why)));
    }

    /// `syncDeployment`, in upstream's order.
    fn sync_deployment(&mut self, mut d: Deployment) -> Result<(), SyncError> {
        if d.spec.selector.is_empty() {
            let msg = "This deployment is selecting all pods. A non-empty selector is required.";
            self.ctx.event(Kind::Deployment, &d.metadata, "Warning", "SelectingAll", msg.into());
            if d.status.observed_generation < d.metadata.generation {
                d.status.observed_generation = d.metadata.generation;
                self.ctx.store.update_status(&d, self.ctx.now)?;
            }
            return Ok(());
        }
        let mut rs_list = self.claim_replica_sets(&d)?;
        if d.metadata.is_deleting() {
            return self.sync_status_only(&mut d, &mut rs_list);
        }
        self.check_paused_conditions(&mut d)?;
        if d.spec.paused {
            return self.sync(&mut d, &mut rs_list);
        }
        // The rollback step (the `deprecated.deployment.rollback.to` annotation) serves only
        // the removed extensions/v1beta1 API; `kubectl rollout undo` patches the template.
        if self.is_scaling_event(&mut d, &mut rs_list)? {
            return self.sync(&mut d, &mut rs_list);
        }
        match d.spec.strategy.type_ {
            StrategyType::Recreate => {
                let pods = recreate::pod_map(self.ctx.store, &d, &rs_list);
                self.rollout_recreate(&mut d, &mut rs_list, &pods)
            }
            StrategyType::RollingUpdate => self.rollout_rolling(&mut d, &mut rs_list),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::testkit::Harness;
    use super::*;
    use crate::model::Event;

    fn queued(c: &mut DeploymentController) -> Vec<String> {
        c.queue().drain().into_iter().map(|k| k.name.into()).collect()
    }

    #[test]
    fn replica_set_events_wake_the_owner_and_orphans_wake_matching_deployments() {
        let mut h = Harness::new();
        let web = h.create_deployment("web", 1);
        h.create_deployment("api", 1);
        let owned = h.create(h.rs_object(&web, "web-1", 1));
        let mut orphan = h.rs_object(&web, "web-2", 1);
        orphan.metadata.owner_references.clear();
        let orphan = h.create(orphan);
        let mut c = DeploymentController::default();
        for rs in [owned, orphan] {
            let ev = WatchEvent {
                rv: 1,
                at: Time::ZERO,
                ty: WatchEventType::Modified,
                object: Object::ReplicaSet(rs.into()),
                by: None,
            };
            c.observe(&ev, &h.store);
            assert_eq!(queued(&mut c), ["web"]);
        }
        c.resync(&h.store);
        assert_eq!(queued(&mut c), ["api", "web"]);
    }

    #[test]
    fn failed_syncs_back_off_exponentially() {
        assert_eq!([backoff_ms(1), backoff_ms(2), backoff_ms(3)], [5, 10, 20]);
        assert_eq!(backoff_ms(40), 1_000_000);
        let mut h = Harness::new();
        let d = h.deployment_object("web", 1);
        // A foreign ReplicaSet already has the name the new one needs: every sync fails.
        let d = h.create(d);
        let name = format!("web-{}", hash::compute_hash(&d.spec.template, None));
        let mut squatter = h.rs_object(&d, &name, 0);
        squatter.metadata.owner_references.clear();
        squatter.metadata.labels.insert("app".into(), "other".into());
        squatter.spec.selector.match_labels.insert("app".into(), "other".into());
        squatter.spec.template.metadata.labels.insert("app".into(), "other".into());
        h.create(squatter);
        h.sync("web");
        assert_eq!(h.controller.queue().next_delayed(), Some(Time(5)));
    }

    #[test]
    fn a_deleted_deployment_is_forgotten() {
        let mut h = Harness::new();
        h.controller.queue().add_after(Key::new("default", "gone"), Time(500));
        h.sync("gone");
        assert_eq!(h.controller.queue().next_delayed(), None);
    }

    #[test]
    fn an_empty_selector_is_refused_with_a_warning_event() {
        let mut h = Harness::new();
        let mut d = h.deployment_object("web", 1);
        d.spec.selector = Default::default();
        d.metadata.uid = "uid-web".into();
        d.metadata.generation = 3;
        h.store.deployments.insert(Key::new("default", "web"), d.into());
        h.sync("web");
        assert_eq!(h.get::<Deployment>("web").status.observed_generation, 3);
        let warned = h.store.list::<Event>(None, None).any(|e| {
            e.type_ == "Warning"
                && e.reason == "SelectingAll"
                && e.message
                    == "This deployment is selecting all pods. A non-empty selector is required."
        });
        assert!(warned, "{:?}", h.events());
        assert_eq!(h.store.count::<ReplicaSet>(), 0);
    }
}
