//! The reconcile loops. Each is level-triggered: watch events only enqueue keys, and
//! `reconcile` re-reads the store, compares desired with observed, takes bounded steps and
//! writes status. A loop never learns why it was triggered.
//!
//! Loops do not call each other and hold no references into the store between calls; what
//! they remember between reconciles is only what the real process would keep in memory
//! (for the kubelet: its containers), and `stop` throws that away.

pub mod cronjob;
pub mod daemon;
pub mod decision;
pub mod deployment;
pub mod disruption;
pub mod endpoints;
pub mod endpointslice;
pub mod gc;
pub mod history;
pub mod hpa;
pub mod job;
pub mod kubelet;
pub mod kubeproxy;
pub mod namespace;
pub mod node_lease;
pub mod nodelifecycle;
pub mod queue;
pub mod ranking;
pub mod replicaset;
pub mod resourcequota;
pub mod said;
pub mod scheduler;
pub mod serviceaccount;
pub mod statefulset;
pub mod ttl_after_finished;

use crate::clock::Time;
use crate::model::{Kind, ObjectMeta};
use crate::rng::SimRng;
use crate::store::{EventSpec, Key, Store, WatchEvent};

pub use decision::{ControllerName, Decision, DecisionLog};
pub use queue::{Wait, WorkQueue};
pub use said::Said;

/// Timings and limits a teacher may shorten for class. Defaults are the real ones.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// How often every loop re-lists everything it owns (informer resync).
    pub resync_ms: i64,
    /// Image pull time for an image the node has not pulled yet (ms, before jitter).
    pub pull_ms: i64,
    /// Image pull time when the image is already on the node.
    pub cached_pull_ms: i64,
    /// Container start time.
    pub start_ms: i64,
    /// Up to this much seeded jitter is added to pull and start times.
    pub jitter_ms: i64,
    /// `--node-monitor-grace-period`: silence before a node is marked NotReady.
    pub node_monitor_grace_ms: i64,
    /// `tolerationSeconds` for the not-ready/unreachable taints (DefaultTolerationSeconds).
    pub toleration_seconds: i64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            resync_ms: 30_000,
            pull_ms: 1_500,
            cached_pull_ms: 300,
            start_ms: 400,
            jitter_ms: 600,
            node_monitor_grace_ms: 40_000,
            toleration_seconds: 300,
        }
    }
}

/// A machine behind a Node object: whether its kubelet is up, when it last reported, and
/// which images it has pulled. Not an API object; the sandbox's `node fail` flips `up`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Host {
    pub up: bool,
    pub last_heartbeat: Time,
    pub images: std::collections::BTreeSet<String>,
    /// Index used for addresses (node-3 has index 3).
    pub index: u32,
}

pub type Hosts = std::collections::BTreeMap<String, Host>;

/// What a loop may touch while it reconciles one key.
pub struct Ctx<'a> {
    pub store: &'a mut Store,
    pub hosts: &'a mut Hosts,
    pub now: Time,
    pub rng: &'a mut SimRng,
    pub config: &'a Config,
    pub decisions: &'a mut DecisionLog,
    pub me: ControllerName,
    /// Pod usage as the resource metrics API serves it (metrics-server), read by the
    /// autoscaler. Only the autoscaler's reconciles get a filled snapshot: the other loops
    /// never read metrics, and the snapshot costs a walk over every pod.
    pub metrics: &'a PodMetrics,
}

/// Each pod's containers' usage by (namespace, name); a pod metrics-server has no sample of
/// yet is absent.
pub type PodMetrics = std::collections::BTreeMap<Key, Vec<crate::world::usage::ContainerUsage>>;

/// The snapshot every loop but the autoscaler gets.
pub static NO_METRICS: PodMetrics = PodMetrics::new();

impl Ctx<'_> {
    /// Records a decision for the page and the decision log.
    pub fn decide(
        &mut self,
        kind: Kind,
        meta: &ObjectMeta,
        desired: impl Into<Said>,
        observed: impl Into<Said>,
        action: impl Into<Said>,
    ) {
        self.decisions.push(Decision {
            at: self.now,
            controller: self.me,
            kind,
            namespace: meta.namespace.clone(),
            name: meta.name.clone(),
            desired: desired.into(),
            observed: observed.into(),
            action: action.into(),
        });
    }

    /// Emits a Kubernetes Event from this loop (`k get events`, `describe`).
    pub fn event(
        &mut self,
        kind: Kind,
        involved: &ObjectMeta,
        type_: &str,
        reason: &str,
        message: String,
    ) {
        self.event_from_host(kind, involved, type_, reason, message, "");
    }

    pub fn event_from_host(
        &mut self,
        kind: Kind,
        involved: &ObjectMeta,
        type_: &str,
        reason: &str,
        message: String,
        host: &str,
    ) {
        let spec = EventSpec { type_, reason, message, component: self.me.component(), host };
        self.store.record_event(kind, involved, spec, self.now, self.rng);
    }
}

/// A reconcile loop with its own work queue.
pub trait Controller {
    type Key: Ord + Clone;

    fn name(&self) -> ControllerName;

    fn queue(&mut self) -> &mut WorkQueue<Self::Key>;

    /// The informer's event handler: enqueue the keys this event concerns. It may read the
    /// store (the informer cache) but must not write.
    fn observe(&mut self, event: &WatchEvent, store: &Store);

    /// Enqueue everything this loop owns: the initial list on start, and each resync.
    fn resync(&mut self, store: &Store);

    /// Reconcile one key against the current state of the store.
    fn reconcile(&mut self, key: &Self::Key, ctx: &mut Ctx<'_>);

    /// Forget in-memory state (the process stopped).
    fn forget(&mut self) {
        self.queue().clear();
    }
}

/// Convenience for loops keyed by namespace/name of one kind.
pub fn key_of(meta: &ObjectMeta) -> Key {
    Key::new(&meta.namespace, &meta.name)
}
