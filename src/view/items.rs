//! The boxes of the workload kinds: what heads a tree, what heads a row of pods, and the
//! small parts some trees have (claims, revisions, configs, disruption budgets, autoscalers).

use super::ItemMeta;
use crate::selection::ObjRef;
use crate::words::Words;

/// The box heading a band: the object at the top of an ownership tree, with the figures its
/// `kubectl get` row leads with, as numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct TopItem {
    pub meta: ItemMeta,
    pub figures: TopFigures,
    pub images: Vec<String>,
}

/// What each kind's top box shows.
#[derive(Clone, Debug, PartialEq)]
pub enum TopFigures {
    Deployment { ready: i32, replicas: i32, up_to_date: i32, available: i32, paused: bool },
    DaemonSet { desired: i32, ready: i32, up_to_date: i32, available: i32 },
    StatefulSet { ready: i32, replicas: i32, updated: i32, partition: i32, ordered: bool },
    ReplicationController { desired: i32, current: i32, ready: i32 },
    Job(JobFigures),
    CronJob { schedule: String, suspend: bool, active: usize, time_zone: Option<String> },
}

/// A Job's progress, as `kubectl get jobs` prints it (STATUS, COMPLETIONS).
#[derive(Clone, Debug, PartialEq)]
pub struct JobFigures {
    /// printJob's STATUS word: Running, Complete, Failed, Suspended, ...
    pub status: &'static str,
    pub succeeded: i32,
    /// `spec.completions`; `None` for a work-queue Job.
    pub completions: Option<i32>,
    pub active: i32,
    pub failed: i32,
}

/// A box heading a row of pods inside a band: a ReplicaSet under its Deployment (or in the
/// orphans lane), or a Job under its CronJob.
#[derive(Clone, Debug, PartialEq)]
pub struct RowItem {
    pub meta: ItemMeta,
    pub figures: RowFigures,
    /// Scaled to zero with no pods: drawn small, still clickable.
    pub collapsed: bool,
    /// A size the user wrote that its controller set back, shown for a few seconds.
    pub scaled_back: Option<ScaledBack>,
}

/// A ReplicaSet the user scaled by hand (`k scale rs/... --replicas=5`) that its owner's loop
/// set back (to 3), read from the watch log's writers rather than from printed text. While
/// playing both writes land in one frame, so without this the moment is never seen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScaledBack {
    /// The replicas the user asked for.
    pub asked: i32,
    /// The replicas the loop set instead.
    pub set: i32,
    /// The loop that set them.
    pub by: kubeloop::controllers::ControllerName,
}

impl ScaledBack {
    /// The DESIRED cell while it shows: "5 → 3".
    pub fn desired_cell(&self) -> String {
        format!("{} \u{2192} {}", self.asked, self.set)
    }

    /// The card's corner: which loop set it back, by kubectl's short name for its kind
    /// ("↩ deploy"), short enough to sit beside REPLICASET.
    pub fn badge(&self) -> String {
        let who = match self.by {
            kubeloop::controllers::ControllerName::Deployment => "deploy",
            other => other.short(),
        };
        format!("\u{21a9} {who}")
    }

    /// The whole story, for the tooltip and screen readers.
    pub fn sentence(&self, w: &Words) -> String {
        let by = self.by.to_string();
        w.with(
            "graph-scaled-back",
            &[("asked", self.asked.into()), ("loop", by.into()), ("set", self.set.into())],
        )
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum RowFigures {
    ReplicaSet {
        desired: i32,
        current: i32,
        ready: i32,
        /// `deployment.kubernetes.io/revision`, when set.
        revision: Option<String>,
    },
    Job(JobFigures),
}

/// A PersistentVolumeClaim a StatefulSet made for one ordinal, drawn under its set's pods:
/// it outlives them.
#[derive(Clone, Debug, PartialEq)]
pub struct ClaimItem {
    pub meta: ItemMeta,
    /// `status.phase`: Pending, Bound, Lost.
    pub phase: String,
    /// The requested storage (`spec.resources.requests.storage`).
    pub request: String,
    /// Whether a live pod of the set uses it now.
    pub in_use: bool,
}

/// A ControllerRevision of a DaemonSet or StatefulSet: a small chip on its set's band.
#[derive(Clone, Debug, PartialEq)]
pub struct RevisionItem {
    pub meta: ItemMeta,
    pub revision: i64,
    /// The revision the set's pods are being brought to (its update revision).
    pub current: bool,
}

/// A ConfigMap or Secret the tree's pods read: a chip on its band (`configs.rs`).
#[derive(Clone, Debug, PartialEq)]
pub struct ConfigItem {
    pub meta: ItemMeta,
    /// Named by the pod template but not stored.
    pub missing: bool,
}

/// A PodDisruptionBudget covering the tree's pods: a chip on its band (`pdbs.rs`), with
/// its status as the disruption loop last wrote it.
#[derive(Clone, Debug, PartialEq)]
pub struct PdbItem {
    pub meta: ItemMeta,
    /// `status.disruptionsAllowed`: how many of its pods an eviction may take now. At zero
    /// `kubectl drain` waits.
    pub allowed: i32,
    /// `status.currentHealthy` and `status.desiredHealthy`.
    pub healthy: i32,
    pub needed: i32,
}

/// A HorizontalPodAutoscaler, drawn beside its target with an arrow looping onto it.
#[derive(Clone, Debug, PartialEq)]
pub struct HpaItem {
    pub meta: ItemMeta,
    /// What it scales.
    pub target: ObjRef,
    /// Average CPU utilisation of the target's pods, percent of request, once measured.
    pub current_utilization: Option<i32>,
    /// The CPU utilisation it aims for.
    pub target_utilization: Option<i32>,
    pub current_replicas: i32,
    pub desired_replicas: i32,
    pub min: i32,
    pub max: i32,
    /// `ScalingActive` is False: it cannot compute (no metrics, no CPU requests).
    pub inactive: bool,
    /// It has synced at least once (its status has conditions); until then its replica
    /// counts are zeros that mean nothing.
    pub synced: bool,
    /// SVG path of the loop from this box onto its target's.
    pub arc: String,
}
