//! Ticks, and step mode: a tick is planned as a list of reconciles, so the page can run
//! them one at a time and show each loop's single action on its own.

use std::ops::Range;

use super::{later, RunState, World};
use crate::clock::{Time, TICK_MS};
use crate::controllers::{Controller, ControllerName, Ctx};
use crate::model::Kind;
use crate::parts::Part;
use crate::store::Key;

/// One reconcile lined up for the tick in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Planned {
    pub controller: ControllerName,
    pub key: PlannedKey,
}

/// The key a loop reconciles: an object's namespace/name, or for the garbage collector the
/// kind too (it works on every kind).
#[derive(Clone, Debug, PartialEq)]
pub enum PlannedKey {
    Object(Key),
    Owned(Kind, Key),
}

impl PlannedKey {
    pub fn key(&self) -> &Key {
        match self {
            PlannedKey::Object(k) | PlannedKey::Owned(_, k) => k,
        }
    }
}

/// One action step mode ran: which loop, on which key, and where its decisions and writes
/// sit in the decision log (by total count) and the watch log (by sequence number).
#[derive(Clone, Debug, PartialEq)]
pub struct Action {
    pub at: Time,
    pub controller: ControllerName,
    pub key: PlannedKey,
    pub decisions: Range<u64>,
    pub writes: Range<u64>,
}

/// What one press of Step found: an action, or no loop with work now and the next timer.
#[derive(Clone, Debug, PartialEq)]
pub enum StepOutcome {
    Acted(Action),
    Quiet(Option<super::Timer>),
}

impl StepOutcome {
    pub fn acted(self) -> Option<Action> {
        match self {
            StepOutcome::Acted(a) => Some(a),
            StepOutcome::Quiet(_) => None,
        }
    }
}

impl World {
    /// Advances one tick: deliver watch events to the informers, resync if due, then run
    /// each loop over the keys queued for it. A tick that step mode left half done is
    /// finished instead, without moving the clock.
    pub fn step(&mut self) {
        self.step_until(|| false);
    }

    /// Past `at`, a tick only moves the clock: a bounded run (a mission's setup, whose file
    /// may ask for days of `sleep`) costs nothing past its limit, and every wait in it still
    /// ends. `None` lets the loops run again; they catch up at their next resync.
    pub fn freeze_after(&mut self, at: Option<Time>) {
        self.frozen_after = at;
    }

    /// Like `step`, but checks `stop` after each reconcile and returns `false` (the tick
    /// left half done, the clock already moved) once it says so; `true` when the tick is
    /// complete. The page passes a frame budget, so a heavy tick spreads over several frames
    /// while the reconciles, and so the cluster, stay exactly those of `step`.
    pub fn step_until(&mut self, mut stop: impl FnMut() -> bool) -> bool {
        if self.pending.is_empty() && self.frozen_after.is_some_and(|t| self.now >= t) {
            self.now = self.now.plus_millis(TICK_MS);
            return true;
        }
        if self.pending.is_empty() {
            self.begin_tick();
        }
        while let Some(item) = self.pending.pop_front() {
            self.reconcile_one(item);
            if !self.pending.is_empty() && stop() {
                return false;
            }
        }
        self.debug_check();
        true
    }

    /// In debug builds (every test, the page's dev build) the store's invariants are checked
    /// after each tick that wrote something, so a broken one fails at the tick that broke it.
    fn debug_check(&self) {
        #[cfg(debug_assertions)]
        if self.checked_rv.replace(self.store.resource_version()) != self.store.resource_version() {
            if let Err(broken) = self.store.check_invariants() {
                panic!("invariant broken at t={}ms: {broken}", self.now.millis());
            }
        }
    }

    /// Step mode: runs reconciles one at a time (starting ticks as needed) until one of them
    /// records a decision or writes to the store, so the page can show that single action.
    /// When no loop has work now (`has_work_now`), it stops without moving the clock and
    /// names the next timer instead: on a quiet cluster a press of Step does not skip
    /// minutes. `limit_ms` bounds the simulated time one step may run through reconciles
    /// that change nothing.
    pub fn step_action(&mut self, limit_ms: i64) -> StepOutcome {
        let deadline = self.now.plus_millis(limit_ms.max(0));
        loop {
            if self.pending.is_empty() {
                if self.now >= deadline || !self.has_work_now() {
                    return StepOutcome::Quiet(self.next_timer());
                }
                self.begin_tick();
                continue;
            }
            let Some(item) = self.pending.pop_front() else { continue };
            let (decisions, writes) = (self.decisions.total(), self.store.watch.end());
            let controller = item.controller;
            let key = item.key.clone();
            self.reconcile_one(item);
            let (decided, wrote) = (self.decisions.total(), self.store.watch.end());
            self.debug_check();
            // A lease renewal is a heartbeat, not a step of the cluster's story.
            let heartbeat = controller == ControllerName::NodeLease;
            if !heartbeat && (decided > decisions || wrote > writes) {
                return StepOutcome::Acted(Action {
                    at: self.now,
                    controller,
                    key,
                    decisions: decisions..decided,
                    writes: writes..wrote,
                });
            }
        }
    }

    /// Whether step mode left a tick half done.
    pub fn mid_tick(&self) -> bool {
        !self.pending.is_empty()
    }

    /// Moves the clock, delivers events, resyncs if due, and lines up the tick's reconciles:
    /// each running loop's due keys, in the fixed loop order. A loop only adds to its own
    /// queue while it reconciles, and those keys wait for the next tick, so planning the
    /// whole tick up front runs the same reconciles as draining each queue in turn.
    fn begin_tick(&mut self) {
        self.now = self.now.plus_millis(TICK_MS);
        for host in self.hosts.values_mut().filter(|h| h.up) {
            host.last_heartbeat = self.now;
        }
        self.deliver_events();
        if self.now >= self.next_resync {
            // The API server drops Events older than `--event-ttl` (etcd leases); checking at
            // each resync keeps a long session's Events to about an hour's worth.
            self.store.expire_events(self.now);
            self.resync_all();
            self.next_resync = self.now.plus_millis(self.config.resync_ms);
        }
        // The users see the cluster as the last tick left it.
        self.traffic.tick(&self.store, &self.kube_proxy, self.now);
        let now = self.now;
        let run = &self.run;
        let pending = &mut self.pending;
        macro_rules! plan {
            ($c:expr, $wrap:expr) => {{
                let c = $c;
                if run[&c.name()] == RunState::Running {
                    c.queue().promote(now);
                    let name = c.name();
                    pending.extend(
                        c.queue()
                            .drain()
                            .into_iter()
                            .map(|k| Planned { controller: name, key: $wrap(k) }),
                    );
                }
            }};
        }
        plan!(&mut self.node_lifecycle, PlannedKey::Object);
        plan!(&mut self.deployment, PlannedKey::Object);
        plan!(&mut self.replicaset, PlannedKey::Object);
        plan!(&mut self.replication, PlannedKey::Object);
        plan!(&mut self.daemonset, PlannedKey::Object);
        plan!(&mut self.statefulset, PlannedKey::Object);
        plan!(&mut self.job, |(kind, key)| PlannedKey::Owned(kind, key));
        plan!(&mut self.cronjob, PlannedKey::Object);
        plan!(&mut self.ttl_after_finished, PlannedKey::Object);
        plan!(&mut self.hpa, PlannedKey::Object);
        plan!(&mut self.disruption, PlannedKey::Object);
        plan!(&mut self.resourcequota, PlannedKey::Object);
        plan!(&mut self.namespace, PlannedKey::Object);
        plan!(&mut self.serviceaccount, PlannedKey::Object);
        plan!(&mut self.gc, |(kind, key)| PlannedKey::Owned(kind, key));
        plan!(&mut self.scheduler, PlannedKey::Object);
        plan!(&mut self.kubelet, PlannedKey::Object);
        plan!(&mut self.node_lease, PlannedKey::Object);
        plan!(&mut self.endpointslice, PlannedKey::Object);
        plan!(&mut self.endpoints, PlannedKey::Object);
        plan!(&mut self.kube_proxy, PlannedKey::Object);
    }

    /// Runs one planned reconcile, with the store told who is writing. A loop paused since
    /// the tick was planned gets the key back; a stopped one has forgotten it.
    fn reconcile_one(&mut self, item: Planned) {
        let state = self.run[&item.controller];
        let metrics = if item.controller == ControllerName::HorizontalPodAutoscaler {
            self.pod_metrics()
        } else {
            Default::default()
        };
        let mut ctx = Ctx {
            store: &mut self.store,
            hosts: &mut self.hosts,
            now: self.now,
            rng: &mut self.rng,
            config: &self.config,
            decisions: &mut self.decisions,
            me: item.controller,
            metrics: &metrics,
        };
        ctx.store.actor = Some(item.controller.manager());
        macro_rules! run {
            ($c:expr, $key:expr) => {
                run_loop(&mut $c, state, $key, &mut ctx)
            };
        }
        // The loops beyond the lesson, through the course part (`later.rs`).
        macro_rules! later {
            ($slot:ident, $key:expr) => {
                if !later::$slot(&mut self.$slot, state, $key, &mut ctx) {
                    self.lacking = Some(Part::Course);
                }
            };
        }
        match (item.controller, &item.key) {
            (ControllerName::NodeLifecycle, PlannedKey::Object(k)) => run!(self.node_lifecycle, k),
            (ControllerName::Deployment, PlannedKey::Object(k)) => run!(self.deployment, k),
            (ControllerName::ReplicaSet, PlannedKey::Object(k)) => run!(self.replicaset, k),
            (ControllerName::ReplicationController, PlannedKey::Object(k)) => {
                later!(replication, k)
            }
            (ControllerName::DaemonSet, PlannedKey::Object(k)) => later!(daemonset, k),
            (ControllerName::StatefulSet, PlannedKey::Object(k)) => later!(statefulset, k),
            (ControllerName::Job, PlannedKey::Owned(kind, k)) => later!(job, &(*kind, k.clone())),
            (ControllerName::CronJob, PlannedKey::Object(k)) => later!(cronjob, k),
            (ControllerName::TtlAfterFinished, PlannedKey::Object(k)) => {
                later!(ttl_after_finished, k)
            }
            (ControllerName::HorizontalPodAutoscaler, PlannedKey::Object(k)) => later!(hpa, k),
            (ControllerName::Disruption, PlannedKey::Object(k)) => later!(disruption, k),
            (ControllerName::Namespace, PlannedKey::Object(k)) => later!(namespace, k),
            (ControllerName::ServiceAccount, PlannedKey::Object(k)) => later!(serviceaccount, k),
            (ControllerName::ResourceQuota, PlannedKey::Object(k)) => later!(resourcequota, k),
            (ControllerName::GarbageCollector, PlannedKey::Owned(kind, k)) => {
                run!(self.gc, &(*kind, k.clone()))
            }
            (ControllerName::Scheduler, PlannedKey::Object(k)) => run!(self.scheduler, k),
            (ControllerName::Kubelet, PlannedKey::Object(k)) => run!(self.kubelet, k),
            (ControllerName::NodeLease, PlannedKey::Object(k)) => run!(self.node_lease, k),
            (ControllerName::EndpointSlice, PlannedKey::Object(k)) => later!(endpointslice, k),
            (ControllerName::Endpoints, PlannedKey::Object(k)) => later!(endpoints, k),
            (ControllerName::KubeProxy, PlannedKey::Object(k)) => later!(kube_proxy, k),
            // Keys are planned with their loop's shape, so no other pairing exists.
            _ => {}
        }
        ctx.store.actor = None;
    }
}

/// One loop's turn at a key: its reconcile, or the key back in its queue while it is paused.
/// Never inlined by rustc, so the module it emits has each loop as a function of its own
/// rather than fifteen merged into `reconcile_one`. wasm-opt -Oz folds single-caller
/// functions back in, so a split of the module along the loops must come before it.
#[inline(never)]
pub(super) fn run_loop<C: Controller>(c: &mut C, state: RunState, key: &C::Key, ctx: &mut Ctx<'_>) {
    match state {
        RunState::Running => c.reconcile(key, ctx),
        RunState::Paused => c.queue().add(key.clone()),
        RunState::Stopped => {}
    }
}

#[cfg(test)]
#[path = "step_tests.rs"]
pub(super) mod tests;
