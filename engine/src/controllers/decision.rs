//! Controller decisions: what a loop wanted, what it saw, and the one step it took. This is
//! what the page shows as "want 3, see 2: create 1".

use std::collections::VecDeque;
use std::fmt;
use std::sync::Arc;

use crate::clock::Time;
use crate::model::Kind;
use crate::store::FieldManager;

use super::said::Said;

/// The loops, in the fixed order the world runs them each tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ControllerName {
    NodeLifecycle,
    Deployment,
    ReplicaSet,
    ReplicationController,
    DaemonSet,
    StatefulSet,
    Job,
    CronJob,
    TtlAfterFinished,
    HorizontalPodAutoscaler,
    Disruption,
    ResourceQuota,
    Namespace,
    ServiceAccount,
    GarbageCollector,
    Scheduler,
    Kubelet,
    NodeLease,
    EndpointSlice,
    Endpoints,
    KubeProxy,
}

impl ControllerName {
    pub const ALL: [ControllerName; 21] = [
        ControllerName::NodeLifecycle,
        ControllerName::Deployment,
        ControllerName::ReplicaSet,
        ControllerName::ReplicationController,
        ControllerName::DaemonSet,
        ControllerName::StatefulSet,
        ControllerName::Job,
        ControllerName::CronJob,
        ControllerName::TtlAfterFinished,
        ControllerName::HorizontalPodAutoscaler,
        ControllerName::Disruption,
        ControllerName::ResourceQuota,
        ControllerName::Namespace,
        ControllerName::ServiceAccount,
        ControllerName::GarbageCollector,
        ControllerName::Scheduler,
        ControllerName::Kubelet,
        ControllerName::NodeLease,
        ControllerName::EndpointSlice,
        ControllerName::Endpoints,
        ControllerName::KubeProxy,
    ];

    /// The short name used by `controller stop|start NAME`.
    pub fn short(self) -> &'static str {
        match self {
            ControllerName::NodeLifecycle => "node-lifecycle",
            ControllerName::Deployment => "deployment",
            ControllerName::ReplicaSet => "replicaset",
            ControllerName::ReplicationController => "replicationcontroller",
            ControllerName::DaemonSet => "daemonset",
            ControllerName::StatefulSet => "statefulset",
            ControllerName::Job => "job",
            ControllerName::CronJob => "cronjob",
            ControllerName::TtlAfterFinished => "ttl-after-finished",
            ControllerName::HorizontalPodAutoscaler => "hpa",
            ControllerName::Disruption => "disruption",
            ControllerName::ResourceQuota => "resourcequota",
            ControllerName::Namespace => "namespace",
            ControllerName::ServiceAccount => "serviceaccount",
            ControllerName::GarbageCollector => "garbage-collector",
            ControllerName::Scheduler => "scheduler",
            ControllerName::Kubelet => "kubelet",
            ControllerName::NodeLease => "node-lease",
            ControllerName::EndpointSlice => "endpointslice",
            ControllerName::Endpoints => "endpoints",
            ControllerName::KubeProxy => "kube-proxy",
        }
    }

    /// The event source component, as `describe` prints it in the From column.
    pub fn component(self) -> &'static str {
        match self {
            ControllerName::NodeLifecycle => "node-controller",
            ControllerName::Deployment => "deployment-controller",
            ControllerName::ReplicaSet => "replicaset-controller",
            // pkg/controller/replication names its recorder's source so.
            ControllerName::ReplicationController => "replication-controller",
            ControllerName::DaemonSet => "daemonset-controller",
            ControllerName::StatefulSet => "statefulset-controller",
            ControllerName::Job => "job-controller",
            ControllerName::CronJob => "cronjob-controller",
            ControllerName::TtlAfterFinished => "ttl-after-finished-controller",
            ControllerName::HorizontalPodAutoscaler => "horizontal-pod-autoscaler",
            // pkg/controller/disruption names its recorder's source so.
            ControllerName::Disruption => "controllermanager",
            ControllerName::ResourceQuota => "resourcequota-controller",
            ControllerName::Namespace => "namespace-controller",
            ControllerName::ServiceAccount => "serviceaccount-controller",
            ControllerName::GarbageCollector => "garbage-collector-controller",
            ControllerName::Scheduler => "default-scheduler",
            // The kubelet renews its lease itself (its lease controller has no recorder).
            ControllerName::Kubelet | ControllerName::NodeLease => "kubelet",
            // pkg/controller/endpointslice and pkg/controller/endpoint name their recorders so.
            ControllerName::EndpointSlice => "endpoint-slice-controller",
            ControllerName::Endpoints => "endpoint-controller",
            ControllerName::KubeProxy => "kube-proxy",
        }
    }

    /// The field manager the loop writes as: the store stamps its writes with it.
    pub fn manager(self) -> FieldManager {
        FieldManager::new(self.component())
    }

    /// The loop that writes as `manager`, if a loop does.
    pub fn of_manager(manager: FieldManager) -> Option<ControllerName> {
        ControllerName::ALL.into_iter().find(|c| c.manager() == manager)
    }

    pub fn from_short(s: &str) -> Option<ControllerName> {
        let s = s.trim_end_matches("-controller");
        ControllerName::ALL.into_iter().find(|c| {
            c.short() == s
                || matches!((c, s), (ControllerName::GarbageCollector, "gc" | "garbagecollector"))
                || matches!((c, s), (ControllerName::ReplicaSet, "rs"))
                || matches!((c, s), (ControllerName::ReplicationController, "rc" | "replication"))
                || matches!((c, s), (ControllerName::Deployment, "deploy"))
                || matches!((c, s), (ControllerName::DaemonSet, "ds"))
                || matches!((c, s), (ControllerName::StatefulSet, "sts"))
                || matches!((c, s), (ControllerName::CronJob, "cj"))
                || matches!(
                    (c, s),
                    (ControllerName::HorizontalPodAutoscaler, "horizontal-pod-autoscaler")
                )
                || matches!((c, s), (ControllerName::NodeLifecycle, "node"))
                || matches!((c, s), (ControllerName::EndpointSlice, "endpointslices"))
                || matches!((c, s), (ControllerName::Endpoints, "endpoint" | "ep"))
        })
    }
}

impl fmt::Display for ControllerName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.short())
    }
}

/// One step a loop took (or chose not to take), with its reasoning in plain words.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    pub at: Time,
    pub controller: ControllerName,
    pub kind: Kind,
    pub namespace: String,
    pub name: String,
    /// What the spec asks for, e.g. "3 replicas".
    pub desired: Said,
    /// What the loop saw, e.g. "2 active pods".
    pub observed: Said,
    /// The step, e.g. "create 1 pod".
    pub action: Said,
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}/{}: want {}, see {}: {}",
            self.controller,
            self.kind.as_str().to_ascii_lowercase(),
            self.name,
            self.desired,
            self.observed,
            self.action
        )
    }
}

/// The newest decisions, bounded so a long session stays small. Each is shared: the page
/// keeps the ones it shows without copying their phrases.
pub struct DecisionLog {
    entries: VecDeque<Arc<Decision>>,
    capacity: usize,
    total: u64,
}

impl Default for DecisionLog {
    fn default() -> Self {
        DecisionLog { entries: VecDeque::new(), capacity: 10_000, total: 0 }
    }
}

impl DecisionLog {
    pub fn push(&mut self, d: Decision) {
        if self.entries.len() == self.capacity {
            self.entries.pop_front();
        }
        self.entries.push_back(Arc::new(d));
        self.total += 1;
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &Arc<Decision>> {
        self.entries.iter()
    }

    /// Decisions from the `from`-th ever recorded on (those still in the ring).
    pub fn since(&self, from: u64) -> impl DoubleEndedIterator<Item = &Arc<Decision>> {
        let first = self.total - self.entries.len() as u64;
        let skip = from.saturating_sub(first).min(self.entries.len() as u64) as usize;
        self.entries.iter().skip(skip)
    }

    /// Decisions ever recorded, including those the ring has dropped.
    pub fn total(&self) -> u64 {
        self.total
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}
