//! The ownership graph as data: which objects to draw, where, joined by which edges, and which
//! of them just appeared or just vanished. `build` reads the engine's `World` and a
//! `LayoutMemory` and returns a `ViewModel` with every box's geometry already computed.
//!
//! It is pure and knows nothing about the DOM: the `Graph` component draws the model, CSS
//! animates it. It holds no Kubernetes behaviour either: it only reads the store, and takes
//! pod STATUS from kubectl's own printer so the page says exactly what `kubectl get` says.

pub mod budget;
mod build;
pub mod camera;
mod collect;
mod configs;
mod edges;
mod figures;
pub mod fit;
#[cfg(test)]
mod ghost_tests;
mod ghosts;
mod ingresses;
mod items;
mod layout;
mod lost;
mod memory;
mod pdbs;
mod scaled;
mod services;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod words_tests;
#[cfg(test)]
mod workload_tests;
mod workloads;

use kubeloop::model::Kind;

use crate::selection::ObjRef;
use crate::words::Words;

pub use build::build;
pub use configs::{link as link_configs, read_by};
pub use figures::{note, note_lines, CompactTop};
pub use ingresses::{link as link_ingresses, IngressItem, Route};
pub use items::*;
pub use layout::{Form, Metrics, POD_H};
pub use lost::{lost_badges, LostBadge};
pub use memory::LayoutMemory;
pub use pdbs::link as link_pdbs;
pub use scaled::SCALED_BACK_MS;
pub use services::link as link_services;
pub use services::{overlay, RequestDot, Selects, ServiceItem, ServiceLane, TrafficOverlay};
pub use workloads::link as link_workloads;

/// How long, in real milliseconds, a vanished object or a cut edge stays drawn so CSS can
/// shrink or fade it out, and how long a new edge is flagged `new` so CSS can draw it in.
pub const GHOST_MS: f64 = 700.0;
/// A ReplicaSet with more live pods than this shows them as one summary block.
pub const RS_AGGREGATE_ABOVE: usize = 60;
/// With more live pods than this in the whole cluster, every pod group is summarised.
pub const VIEW_AGGREGATE_ABOVE: usize = 1500;
/// The key of the orphans lane's pod group (ReplicaSet groups are keyed by the RS's UID).
pub const LOOSE_PODS: &str = "orphan-pods";

/// A box in SVG user units (the view box is `ViewModel::width` wide).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl Rect {
    pub fn bottom(&self) -> f64 {
        self.y + self.h
    }

    pub fn right(&self) -> f64 {
        self.x + self.w
    }
}

/// The coarse state a pod card is coloured by. The card also prints kubectl's exact STATUS,
/// so colour is never the only cue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Phase {
    Pending,
    /// ContainerCreating, pulling, initialising.
    Creating,
    Running,
    /// Its containers run but not all are ready: a Service sends it nothing yet.
    Unready,
    /// ErrImagePull, ImagePullBackOff, CrashLoopBackOff, Error and other failures.
    Failing,
    Terminating,
    Completed,
}

impl Phase {
    pub const ALL: [Phase; 7] = [
        Phase::Running,
        Phase::Unready,
        Phase::Creating,
        Phase::Pending,
        Phase::Failing,
        Phase::Terminating,
        Phase::Completed,
    ];

    /// The CSS class suffix (`phase-running`).
    pub fn class(self) -> &'static str {
        match self {
            Phase::Pending => "pending",
            Phase::Creating => "creating",
            Phase::Running => "running",
            Phase::Unready => "unready",
            Phase::Failing => "failing",
            Phase::Terminating => "terminating",
            Phase::Completed => "completed",
        }
    }

    /// The message naming the phase in the legend and in summaries ("97 Running · 3 Pending").
    /// Kubernetes' own status words (Pending, Running, ...) read the same in every language.
    pub fn label_id(self) -> &'static str {
        match self {
            Phase::Pending => "graph-phase-pending",
            Phase::Creating => "graph-phase-creating",
            Phase::Running => "graph-phase-running",
            Phase::Unready => "graph-phase-unready",
            Phase::Failing => "graph-phase-failing",
            Phase::Terminating => "graph-phase-terminating",
            Phase::Completed => "graph-phase-completed",
        }
    }

    /// The phase's word in the page's language.
    pub fn label(self, w: &Words) -> String {
        w.t(self.label_id())
    }
}

/// What every drawn object has.
#[derive(Clone, Debug, PartialEq)]
pub struct ItemMeta {
    pub uid: String,
    pub target: ObjRef,
    pub rect: Rect,
    /// `metadata.deletionTimestamp` is set.
    pub deleting: bool,
    pub finalizers: Vec<String>,
    /// The object left the store; it stays drawn for `GHOST_MS` while CSS shrinks it out.
    pub vanishing: bool,
    /// The object left the store but things it controlled are still there (the garbage
    /// collector has not reached them yet): drawn as an outline holding their place.
    pub gone: bool,
}

impl ItemMeta {
    /// `Kind/name`, as `data-*` attributes and edges name objects.
    pub fn kind_name(&self) -> String {
        format!("{}/{}", self.target.kind, self.target.name)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct PodItem {
    pub meta: ItemMeta,
    /// The name up to the random suffix (`web-7d9f5cbb6d-`), or the whole name.
    pub name_prefix: String,
    /// The random `generateName` suffix (`8xk2p`), empty for named pods.
    pub name_suffix: String,
    /// kubectl's STATUS, READY and RESTARTS cells; RESTARTS without its "(5s ago)" part, so
    /// the view is a function of the store and does not change every second.
    pub status: String,
    pub ready: String,
    pub restarts: String,
    pub node: Option<String>,
    pub phase: Phase,
    pub terminating: bool,
    /// The pod's place in its group's grid, remembered by UID across builds.
    pub slot: usize,
}

/// Many pods drawn as one block with a count per phase.
#[derive(Clone, Debug, PartialEq)]
pub struct Aggregate {
    /// The pod group key, which `LayoutMemory::toggle_expanded` takes.
    pub key: String,
    pub rect: Rect,
    pub total: usize,
    /// Non-zero counts, in `Phase::ALL` order.
    pub counts: Vec<(Phase, usize)>,
}

impl Aggregate {
    /// `97 Running · 3 Pending`.
    pub fn summary(&self, w: &Words) -> String {
        let parts: Vec<String> =
            self.counts.iter().map(|(p, n)| format!("{n} {}", p.label(w))).collect();
        parts.join(" · ")
    }
}

/// The pods of one ReplicaSet (or the orphans lane's bare pods): cards or one summary block.
#[derive(Clone, Debug, PartialEq)]
pub struct PodGroup {
    pub key: String,
    pub pods: Vec<PodItem>,
    pub aggregate: Option<Aggregate>,
    /// Over the summary threshold but expanded by the user: the view offers to summarise.
    pub expanded: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct RsRow {
    pub rs: RowItem,
    pub pods: PodGroup,
}

/// One controller at the top of an ownership tree (a Deployment, DaemonSet, StatefulSet,
/// CronJob, or a Job of its own) and what it controls.
#[derive(Clone, Debug, PartialEq)]
pub struct Tree {
    pub band: Rect,
    pub top: TopItem,
    /// Services selecting mostly this tree's pods, drawn beside its top box.
    pub services: Vec<ServiceItem>,
    /// Autoscalers scaling the top object or one of its rows, beside the Services.
    pub autoscalers: Vec<HpaItem>,
    /// Ingresses routing to one of its Services, after the Services and autoscalers.
    pub ingresses: Vec<IngressItem>,
    /// ReplicaSets of a Deployment, Jobs of a CronJob.
    pub rows: Vec<RsRow>,
    /// Pods the top object owns directly (DaemonSet, StatefulSet, Job).
    pub pods: Option<PodGroup>,
    /// A StatefulSet's claims, in name order.
    pub claims: Vec<ClaimItem>,
    /// A DaemonSet's or StatefulSet's ControllerRevisions, oldest first.
    pub revisions: Vec<RevisionItem>,
    /// The ConfigMaps and Secrets its pod template reads, in the order it names them.
    pub configs: Vec<ConfigItem>,
    /// The PodDisruptionBudgets covering its pods, by name.
    pub pdbs: Vec<PdbItem>,
}

/// ReplicaSets and pods with no live controller, and bare ones.
#[derive(Clone, Debug, PartialEq)]
pub struct OrphanLane {
    pub band: Rect,
    pub rows: Vec<RsRow>,
    pub pods: PodGroup,
}

/// One `metadata.ownerReferences` entry, from owner to dependent.
#[derive(Clone, Debug, PartialEq)]
pub struct Edge {
    /// `dependent-uid<owner-uid`, stable across builds.
    pub key: String,
    /// `Kind/name` of each end, for `data-owner` and `data-dependent`.
    pub owner: String,
    pub dependent: String,
    /// `controller: true`: drawn solid; other references are dashed.
    pub controller: bool,
    /// Appeared within the last `GHOST_MS`.
    pub new: bool,
    /// Vanished (released, or an end was deleted): kept `GHOST_MS` to fade out.
    pub cut: bool,
    /// The owner is being deleted: the cascade runs along this edge.
    pub ripple: bool,
    /// SVG path data.
    pub path: String,
    /// A point on the path where a label (the snip of a cut) can sit.
    pub mid: (f64, f64),
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct ViewModel {
    pub width: f64,
    pub height: f64,
    /// How the bands are arranged: the top box above its rows or beside them, roomy or tight.
    pub form: Form,
    /// In creation order.
    pub trees: Vec<Tree>,
    pub orphans: Option<OrphanLane>,
    /// Services beside no Deployment.
    pub service_lane: Option<ServiceLane>,
    pub edges: Vec<Edge>,
    /// Services' dashed edges to the pods they select.
    pub selects: Vec<Selects>,
    /// Ingresses' edges to the Services they route to.
    pub routes: Vec<Route>,
    /// Live pods in the cluster, drawn or summarised.
    pub pod_count: usize,
    /// More than `VIEW_AGGREGATE_ABOVE` pods: every group is summarised.
    pub summarized: bool,
}

impl ViewModel {
    pub fn is_empty(&self) -> bool {
        self.trees.is_empty() && self.orphans.is_none() && self.service_lane.is_none()
    }

    /// Every Service box, beside Deployments first, then the lane's.
    pub fn services(&self) -> impl Iterator<Item = &ServiceItem> {
        self.trees
            .iter()
            .flat_map(|t| &t.services)
            .chain(self.service_lane.iter().flat_map(|l| &l.services))
    }

    /// Every Ingress box, in bands first, then the lane's.
    pub fn ingresses(&self) -> impl Iterator<Item = &IngressItem> {
        self.trees
            .iter()
            .flat_map(|t| &t.ingresses)
            .chain(self.service_lane.iter().flat_map(|l| &l.ingresses))
    }

    /// Every ReplicaSet row, trees first.
    pub fn rows(&self) -> impl Iterator<Item = &RsRow> {
        self.trees.iter().flat_map(|t| &t.rows).chain(self.orphans.iter().flat_map(|l| &l.rows))
    }

    /// Every pod group: rows first, then trees' own pods, the orphans lane's bare pods last.
    pub fn groups(&self) -> impl Iterator<Item = &PodGroup> {
        self.rows()
            .map(|r| &r.pods)
            .chain(self.trees.iter().filter_map(|t| t.pods.as_ref()))
            .chain(self.orphans.iter().map(|l| &l.pods))
    }

    /// Every pod card (summarised pods have none).
    pub fn pods(&self) -> impl Iterator<Item = &PodItem> {
        self.groups().flat_map(|g| &g.pods)
    }

    /// The live object named by `target`, if it is drawn (ghosts are not found).
    pub fn find(&self, target: &ObjRef) -> Option<&ItemMeta> {
        let is = |m: &&ItemMeta| &m.target == target && !m.vanishing && !m.gone;
        match target.kind {
            Kind::Pod => self.pods().map(|p| &p.meta).find(is),
            Kind::Service => self.services().map(|s| &s.meta).find(is),
            Kind::PersistentVolumeClaim => {
                self.trees.iter().flat_map(|t| &t.claims).map(|c| &c.meta).find(is)
            }
            Kind::ControllerRevision => {
                self.trees.iter().flat_map(|t| &t.revisions).map(|r| &r.meta).find(is)
            }
            Kind::ConfigMap | Kind::Secret => {
                self.trees.iter().flat_map(|t| &t.configs).map(|c| &c.meta).find(is)
            }
            Kind::PodDisruptionBudget => {
                self.trees.iter().flat_map(|t| &t.pdbs).map(|b| &b.meta).find(is)
            }
            Kind::HorizontalPodAutoscaler => {
                self.trees.iter().flat_map(|t| &t.autoscalers).map(|h| &h.meta).find(is)
            }
            Kind::Ingress => self.ingresses().map(|i| &i.meta).find(is),
            _ => self
                .trees
                .iter()
                .map(|t| &t.top.meta)
                .chain(self.rows().map(|r| &r.rs.meta))
                .find(is),
        }
    }
}
