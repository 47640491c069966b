//! The world: the store, the clock, the one RNG, the machines, and the loops that run over
//! them. `step()` advances one tick and runs each loop once, in a fixed order.
//!
//! It does not parse commands or print tables (that is `kubectl`), and it never reads the
//! host's clock.

use std::collections::{BTreeMap, VecDeque};

use crate::clock::Time;
use crate::controllers::cronjob::controller::CronJobController;
use crate::controllers::daemon::controller::DaemonSetController;
use crate::controllers::deployment::DeploymentController;
use crate::controllers::disruption::DisruptionController;
use crate::controllers::endpoints::EndpointsController;
use crate::controllers::endpointslice::EndpointSliceController;
use crate::controllers::gc::GarbageCollector;
use crate::controllers::hpa::controller::HpaController;
use crate::controllers::job::controller::JobController;
use crate::controllers::kubelet::Kubelet;
use crate::controllers::kubeproxy::KubeProxy;
use crate::controllers::namespace::NamespaceController;
use crate::controllers::node_lease::NodeLeaseController;
use crate::controllers::nodelifecycle::NodeLifecycle;
use crate::controllers::replicaset::{ReplicaSetController, ReplicationManager};
use crate::controllers::resourcequota::ResourceQuotaController;
use crate::controllers::scheduler::Scheduler;
use crate::controllers::serviceaccount::ServiceAccountController;
use crate::controllers::statefulset::controller::StatefulSetController;
use crate::controllers::ttl_after_finished::TtlAfterFinishedController;
use crate::controllers::{Config, Controller, ControllerName, DecisionLog, Host, Hosts};
use crate::model::*;
use crate::rng::SimRng;
use crate::store::{ApiError, DeleteOptions, Store};

/// Whether a loop runs. A paused loop still queues work; a stopped one forgets it and
/// re-lists everything when started again, as a restarted process does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunState {
    Running,
    Paused,
    Stopped,
}

/// How `settle` ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settled {
    /// Simulated milliseconds that passed.
    pub elapsed_ms: i64,
    /// False when the bound was hit first (for example a pod in CrashLoopBackOff).
    pub quiet: bool,
}

/// The default bound for `settle`: ten simulated minutes.
pub const SETTLE_LIMIT_MS: i64 = 10 * 60 * 1000;

pub(crate) mod later;
pub mod mirror;
mod step;
pub mod traffic;
pub mod usage;
mod writes;

pub use lost::LostEvent;
pub use step::{Action, Planned, PlannedKey, StepOutcome};
pub use timers::Timer;

pub struct World {
    pub store: Store,
    now: Time,
    seed: u64,
    rng: SimRng,
    pub config: Config,
    pub hosts: Hosts,
    pub decisions: DecisionLog,
    /// Watch-log position the informers have read up to.
    cursor: u64,
    drop_next: u32,
    dropped_total: u64,
    /// Objects some loop has not noticed because their watch event was dropped.
    lost: lost::LostEvents,
    /// A part a loop needed and had not got (`later.rs`); the page fetches it.
    lacking: Option<crate::parts::Part>,
    /// Past this time the clock moves and nothing runs (`freeze_after`).
    frozen_after: Option<Time>,
    next_resync: Time,
    run: BTreeMap<ControllerName, RunState>,
    /// The reconciles of the tick in progress that have not run yet (step mode).
    pub(crate) pending: VecDeque<Planned>,
    /// The store's resourceVersion when its invariants were last checked (debug builds).
    #[cfg_attr(not(debug_assertions), allow(dead_code))]
    checked_rv: std::cell::Cell<u64>,
    node_lifecycle: NodeLifecycle,
    deployment: DeploymentController,
    replicaset: ReplicaSetController,
    replication: ReplicationManager,
    daemonset: DaemonSetController,
    statefulset: StatefulSetController,
    job: JobController,
    cronjob: CronJobController,
    ttl_after_finished: TtlAfterFinishedController,
    hpa: HpaController,
    disruption: DisruptionController,
    namespace: NamespaceController,
    serviceaccount: ServiceAccountController,
    resourcequota: ResourceQuotaController,
    gc: GarbageCollector,
    scheduler: Scheduler,
    kubelet: Kubelet,
    node_lease: NodeLeaseController,
    endpointslice: EndpointSliceController,
    endpoints: EndpointsController,
    kube_proxy: KubeProxy,
    /// The users of every Service (not a loop: it reads kube-proxy's rules and the store).
    traffic: traffic::Traffic,
    /// The explicit CPU loads set with `load`, replayed with the commands that set them.
    loads: usage::Loads,
}

/// Runs `$body` with `$c` bound to each loop, in the fixed tick order.
macro_rules! each_controller {
    ($self:ident, $c:ident => $body:expr) => {
        each_controller!(@ $self, $c => $body; node_lifecycle, deployment, replicaset, replication,
            daemonset, statefulset, job, cronjob, ttl_after_finished, hpa, disruption, resourcequota,
            namespace, serviceaccount, gc, scheduler, kubelet, node_lease, endpointslice, endpoints,
            kube_proxy)
    };
    (@ $self:ident, $c:ident => $body:expr; $($field:ident),*) => {{
        $({
            let $c = &mut $self.$field;
            $body;
        })*
    }};
}

mod lost;
// After the macro, which it uses.
mod timers;

impl World {
    /// A cluster with three worker nodes, node-1..node-3, as a fresh kind or minikube has.
    pub fn new(seed: u64) -> World {
        let mut w = World::empty(seed);
        w.add_nodes(3, DEFAULT_MAX_PODS);
        w.settle();
        w
    }

    /// `new`, with simulated time starting at `start` rather than the clock's epoch: a
    /// server on the wall clock starts at the real time, so clients that compute ages from
    /// timestamps (`kubectl describe`) agree with the server's own tables.
    pub fn starting_at(seed: u64, start: Time) -> World {
        let mut w = World::empty(seed);
        w.store = Store::with_seed_at(seed, start);
        w.now = start;
        w.next_resync = start;
        let mut w = w.with_first_resync();
        w.add_nodes(3, DEFAULT_MAX_PODS);
        w.settle();
        w
    }

    /// A cluster with no nodes.
    pub fn empty(seed: u64) -> World {
        World {
            store: Store::with_seed(seed),
            now: Time::ZERO,
            seed,
            rng: SimRng::new(seed),
            config: Config::default(),
            hosts: Hosts::new(),
            decisions: DecisionLog::default(),
            cursor: 0,
            drop_next: 0,
            dropped_total: 0,
            lost: Default::default(),
            lacking: None,
            frozen_after: None,
            next_resync: Time::ZERO,
            run: crate::sort::btree_map(
                ControllerName::ALL.iter().map(|c| (*c, RunState::Running)),
            ),
            pending: VecDeque::new(),
            checked_rv: std::cell::Cell::new(u64::MAX),
            node_lifecycle: NodeLifecycle::default(),
            deployment: DeploymentController::default(),
            replicaset: ReplicaSetController::default(),
            replication: ReplicationManager::default(),
            daemonset: DaemonSetController::default(),
            statefulset: StatefulSetController::default(),
            job: JobController::default(),
            cronjob: CronJobController::default(),
            ttl_after_finished: TtlAfterFinishedController::default(),
            hpa: HpaController::default(),
            disruption: DisruptionController::default(),
            namespace: NamespaceController::default(),
            serviceaccount: ServiceAccountController::default(),
            resourcequota: ResourceQuotaController::default(),
            gc: GarbageCollector::default(),
            scheduler: Scheduler::default(),
            kubelet: Kubelet::default(),
            node_lease: NodeLeaseController::default(),
            endpointslice: EndpointSliceController::default(),
            endpoints: EndpointsController::default(),
            kube_proxy: KubeProxy::default(),
            traffic: traffic::Traffic::default(),
            loads: usage::Loads::default(),
        }
        .with_first_resync()
    }

    fn with_first_resync(mut self) -> Self {
        self.next_resync = self.now.plus_millis(self.config.resync_ms);
        self
    }

    pub fn now(&self) -> Time {
        self.now
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The users of every Service: counters and the latest requests.
    pub fn traffic(&self) -> &traffic::Traffic {
        &self.traffic
    }

    /// Sets the request rate of a Service's users (`traffic` in the sandbox).
    pub fn set_traffic_rate(&mut self, service: crate::store::Key, per_second: u32) {
        self.traffic.set_rate(service, per_second);
    }

    /// Sets the CPU load on the pods of an object (`load` in the sandbox); 0 removes it.
    pub fn set_load(&mut self, kind: Kind, key: crate::store::Key, milli: u32) {
        self.loads.set(kind, key, milli);
    }

    pub fn loads(&self) -> &usage::Loads {
        &self.loads
    }

    /// Resource usage as metrics-server would serve it now (`kubectl top`, the HPA).
    pub fn metrics(&self) -> usage::Metrics<'_> {
        let (store, proxy, traffic) = (&self.store, &self.kube_proxy, &self.traffic);
        usage::Metrics::new(store, proxy, traffic, &self.loads, &self.hosts, self.now)
    }

    /// Every pod's usage now, as the autoscaler reads it through the metrics API.
    pub(crate) fn pod_metrics(&self) -> crate::controllers::PodMetrics {
        let metrics = self.metrics();
        let pods = self.store.list::<crate::model::Pod>(None, None);
        pods.filter_map(|p| Some((crate::controllers::key_of(&p.metadata), metrics.pod(p)?)))
            .collect()
    }

    pub fn rng(&mut self) -> &mut SimRng {
        &mut self.rng
    }

    fn deliver_events(&mut self) {
        let end = self.store.watch.end();
        if self.cursor == end {
            return;
        }
        // Events that fell off the ring before delivery: the informers' watch is too old
        // ("410 Gone"), so, like client-go's reflector, they re-list everything (a resync).
        let missed = self.store.watch.first() > self.cursor;
        let run = &self.run;
        // Dropped events (true) and, while any object is lost to some loop, the delivered
        // ones after them (false), in order, for the lost-event record.
        let mut noted = Vec::new();
        for ev in self.store.watch.since(self.cursor) {
            if self.drop_next > 0 {
                self.drop_next -= 1;
                self.dropped_total += 1;
                noted.push((true, ev.clone()));
                continue;
            }
            each_controller!(self, c => if run[&c.name()] != RunState::Stopped {
                c.observe(ev, &self.store);
            });
            if !self.lost.is_empty() || !noted.is_empty() {
                noted.push((false, ev.clone()));
            }
        }
        self.cursor = end;
        for (dropped, ev) in noted {
            if dropped {
                self.record_lost(&ev);
            } else {
                self.seen(&ev);
            }
        }
        if missed {
            self.resync_all();
        }
    }

    fn resync_all(&mut self) {
        let run = &self.run;
        each_controller!(self, c => if run[&c.name()] != RunState::Stopped {
            c.resync(&self.store);
        });
        for c in ControllerName::ALL {
            if self.run[&c] != RunState::Stopped {
                self.resynced(c);
            }
        }
    }

    /// Steps until `ms` of simulated time have passed (`sleep`).
    pub fn advance(&mut self, ms: i64) {
        let until = self.now.plus_millis(ms.max(0));
        while self.now < until {
            self.step();
        }
    }

    /// Steps until no loop has anything left to do, or `SETTLE_LIMIT_MS` passes.
    pub fn settle(&mut self) -> Settled {
        self.settle_within(SETTLE_LIMIT_MS)
    }

    /// Steps until quiet. Quiet means: no undelivered events, no queued or delayed work in a
    /// running loop, and a final resync of every loop found nothing to change, so work lost
    /// to dropped events is healed before settle returns.
    pub fn settle_within(&mut self, limit_ms: i64) -> Settled {
        let start = self.now;
        let deadline = start.plus_millis(limit_ms.max(0));
        while self.now < deadline {
            if self.has_work_by(deadline) {
                self.step();
                continue;
            }
            let before = self.store.resource_version();
            self.resync_all();
            self.step();
            if !self.has_work_by(deadline) && self.store.resource_version() == before {
                return Settled { elapsed_ms: self.now.since(start), quiet: true };
            }
        }
        Settled { elapsed_ms: self.now.since(start), quiet: !self.has_work_by(deadline) }
    }

    /// `has_work`, counting only timers due by `deadline`: a container that sleeps for an
    /// hour is not work a settle of ten minutes can wait for.
    fn has_work_by(&mut self, deadline: Time) -> bool {
        if self.cursor != self.store.watch.end() || !self.pending.is_empty() {
            return true;
        }
        let run = &self.run;
        let mut busy = false;
        each_controller!(self, c => if run[&c.name()] == RunState::Running {
            busy |= !c.queue().is_empty() || c.queue().unfinished_by(deadline);
        });
        busy
    }

    /// Whether any running loop has something queued or scheduled, or events are undelivered.
    /// Recurring timers (a CronJob's schedule, the autoscaler's sync period) are not
    /// unfinished work: a settled cluster still has them.
    pub fn has_work(&mut self) -> bool {
        self.has_work_by(Time(i64::MAX))
    }

    pub fn controller_state(&self, c: ControllerName) -> RunState {
        self.run[&c]
    }

    /// Pauses, stops or starts one loop. Starting a stopped loop makes it list everything.
    pub fn set_controller(&mut self, name: ControllerName, state: RunState) {
        let was = self.run.insert(name, state).unwrap_or(RunState::Running);
        // Stopped, it forgets; started again, it re-lists: either way nothing stays lost.
        if state == RunState::Stopped || was == RunState::Stopped {
            self.resynced(name);
        }
        macro_rules! apply {
            ($c:expr) => {{
                let c = $c;
                if state == RunState::Stopped {
                    c.forget();
                } else if was == RunState::Stopped {
                    c.resync(&self.store);
                }
            }};
        }
        match name {
            ControllerName::NodeLifecycle => apply!(&mut self.node_lifecycle),
            ControllerName::Deployment => apply!(&mut self.deployment),
            ControllerName::ReplicaSet => apply!(&mut self.replicaset),
            ControllerName::ReplicationController => apply!(&mut self.replication),
            ControllerName::DaemonSet => apply!(&mut self.daemonset),
            ControllerName::StatefulSet => apply!(&mut self.statefulset),
            ControllerName::Job => apply!(&mut self.job),
            ControllerName::CronJob => apply!(&mut self.cronjob),
            ControllerName::TtlAfterFinished => apply!(&mut self.ttl_after_finished),
            ControllerName::HorizontalPodAutoscaler => apply!(&mut self.hpa),
            ControllerName::Disruption => apply!(&mut self.disruption),
            ControllerName::Namespace => apply!(&mut self.namespace),
            ControllerName::ServiceAccount => apply!(&mut self.serviceaccount),
            ControllerName::ResourceQuota => apply!(&mut self.resourcequota),
            ControllerName::GarbageCollector => apply!(&mut self.gc),
            ControllerName::Scheduler => apply!(&mut self.scheduler),
            ControllerName::Kubelet => apply!(&mut self.kubelet),
            ControllerName::NodeLease => apply!(&mut self.node_lease),
            ControllerName::EndpointSlice => apply!(&mut self.endpointslice),
            ControllerName::Endpoints => apply!(&mut self.endpoints),
            ControllerName::KubeProxy => apply!(&mut self.kube_proxy),
        }
    }

    /// The next `n` watch events are lost before any informer sees them.
    pub fn drop_events(&mut self, n: u32) {
        self.drop_next = self.drop_next.saturating_add(n);
    }

    pub fn dropped_events(&self) -> u64 {
        self.dropped_total
    }

    pub fn pending_drops(&self) -> u32 {
        self.drop_next
    }

    // ---- the machines ---------------------------------------------------------------

    /// Adds `count` Ready nodes named node-N after the highest existing index.
    pub fn add_nodes(&mut self, count: u32, max_pods: u32) -> Vec<String> {
        let mut names = Vec::new();
        for _ in 0..count {
            let index = self.hosts.values().map(|h| h.index).max().unwrap_or(0) + 1;
            let name = format!("node-{index}");
            let node =
                crate::controllers::nodelifecycle::new_node(&name, index, max_pods, self.now);
            if self.store.create(node, self.now, &mut self.rng).is_ok() {
                self.hosts.insert(
                    name.clone(),
                    Host { up: true, last_heartbeat: self.now, images: Default::default(), index },
                );
                names.push(name);
            }
        }
        names
    }

    /// Removes a node object and its machine. Pods bound to it are left for the pod GC of
    /// the node lifecycle loop, which deletes pods whose node no longer exists.
    pub fn remove_node(&mut self, name: &str) -> Result<(), ApiError> {
        self.store.delete::<Node>("", name, &DeleteOptions::background(), self.now)?;
        self.hosts.remove(name);
        Ok(())
    }

    /// The node's kubelet stops reporting (power loss, network partition).
    pub fn fail_node(&mut self, name: &str) -> Result<(), ApiError> {
        let host = self.host_mut(name)?;
        host.up = false;
        let at = self.now.plus_millis(self.config.node_monitor_grace_ms);
        self.node_lifecycle.queue().add_after_for(
            crate::store::Key::new("", name),
            at,
            crate::controllers::Wait::NodeMonitorGrace,
        );
        Ok(())
    }

    /// The node's kubelet comes back.
    pub fn recover_node(&mut self, name: &str) -> Result<(), ApiError> {
        let now = self.now;
        let host = self.host_mut(name)?;
        host.up = true;
        host.last_heartbeat = now;
        self.node_lifecycle.queue().add(crate::store::Key::new("", name));
        self.kubelet.resync(&self.store);
        Ok(())
    }

    fn host_mut(&mut self, name: &str) -> Result<&mut Host, ApiError> {
        self.hosts
            .get_mut(name)
            .ok_or_else(|| ApiError::NotFound { kind: Kind::Node, name: name.into() })
    }
}
