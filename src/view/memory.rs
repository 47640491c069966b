//! What the graph remembers between builds so it does not jump: the room and the form and
//! pod columns chosen for it, each object's order and slot by UID (slots: `memory_slots.rs`),
//! what was drawn last time (to keep vanished objects as ghosts: `memory_ghosts.rs`), when
//! each edge was born, and which pod groups the user expanded. It remembers nothing about the
//! cluster that the store does not already say.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use kubeloop::model::Kind;

use super::layout::{choose_columns, choose_form, Form, Metrics, Shape};
use super::scaled::ScaledMemory;
use super::{Edge, Phase, PodItem, RowItem, TopItem, GHOST_MS};
pub(super) use ghosts::Ghost;
use slots::Slots;

#[path = "memory_ghosts.rs"]
mod ghosts;
#[path = "memory_slots.rs"]
mod slots;

/// Holes left in a pod grid by vanished pods are closed (the others slide left) when no new
/// pod has filled them for this long.
pub(super) const COMPACT_MS: f64 = 1200.0;

/// The width the layout assumes until the page says otherwise.
pub const DEFAULT_WIDTH: f64 = 1360.0;
/// Narrower panels scale the drawing down instead of squeezing it.
pub const MIN_WIDTH: f64 = 560.0;
/// A room change smaller than this (a scrollbar, a rounding) does not re-lay the drawing.
const ROOM_SLACK: f64 = 8.0;

/// Where an object sits in the drawing.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Parent {
    /// The top of a tree of its own (a Deployment, DaemonSet, StatefulSet, CronJob or Job).
    Root,
    /// A row (ReplicaSet, Job) under the top object with this UID.
    Tree(String),
    /// A ReplicaSet in the orphans lane.
    Lane,
    /// A pod in the group with this key (a ReplicaSet UID, or `LOOSE_PODS`).
    Group(String),
}

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Item {
    Top(TopItem),
    Row(RowItem),
    Pod(PodItem),
}

impl Item {
    pub(super) fn kind(&self) -> Kind {
        match self {
            Item::Top(t) => t.meta.target.kind,
            Item::Row(r) => r.meta.target.kind,
            Item::Pod(_) => Kind::Pod,
        }
    }
}

/// A vanished edge, fading out.
#[derive(Clone, Debug)]
pub(super) struct CutEdge {
    pub edge: Edge,
    pub owner_uid: String,
    pub dependent_uid: String,
    pub since: f64,
}

/// One summarised pod's phase as of its resourceVersion.
#[derive(Clone, Debug)]
pub(super) struct PhaseEntry {
    pub name: String,
    pub rv: String,
    pub phase: Phase,
}

#[derive(Clone, Debug)]
pub struct LayoutMemory {
    width: f64,
    /// The panel's room in layout units, once the page gave it (`set_room`): the width is then
    /// chosen to fill it, pod cards per row (`columns`) following the drawing's `shape`.
    room: Option<(f64, f64)>,
    /// How bands are arranged: chosen for the room when it changes, and only then.
    form: Form,
    columns: usize,
    shape: Shape,
    pub(super) built: bool,
    next_seq: u64,
    /// Deployment and ReplicaSet UID -> order of first appearance.
    seq: BTreeMap<String, u64>,
    /// Pod group key -> the UIDs in its grid slots.
    slots: BTreeMap<String, Slots>,
    /// Live objects the last build drew, with where they sat.
    pub(super) drawn: BTreeMap<String, (Item, Parent)>,
    pub(super) ghosts: BTreeMap<String, Ghost>,
    /// Live edge key -> when it appeared (`None`: it was there at the first build), and the
    /// edge as last drawn.
    pub(super) edges: BTreeMap<String, (Option<f64>, Edge)>,
    pub(super) cut: BTreeMap<String, CutEdge>,
    expanded: BTreeSet<String>,
    /// The store's resourceVersion at the last build.
    pub(super) last_rv: Option<u64>,
    /// Width or expanded groups changed since the last build.
    dirty: bool,
    /// Real time until which the last build had something animating (a new edge, a ghost,
    /// a cut edge, a hole waiting to close); `INFINITY` while a ghost waits on children.
    pub(super) busy_until: f64,
    /// Real time of the last build.
    built_at: f64,
    /// Summarised groups' pod phases (group key -> pods in name order), with the
    /// resourceVersion each was read at: a pod not written since the last build keeps its
    /// phase without re-deriving it.
    pub(super) phases: HashMap<String, Vec<PhaseEntry>>,
    /// ReplicaSet sizes written by hand and set back by a loop, shown for a few seconds.
    pub(super) scaled: ScaledMemory,
}

impl Default for LayoutMemory {
    fn default() -> Self {
        Self::new()
    }
}

impl LayoutMemory {
    pub fn new() -> Self {
        LayoutMemory {
            width: DEFAULT_WIDTH,
            room: None,
            form: Form::Tall,
            columns: 0,
            shape: Shape::default(),
            built: false,
            next_seq: 0,
            seq: BTreeMap::new(),
            slots: BTreeMap::new(),
            drawn: BTreeMap::new(),
            ghosts: BTreeMap::new(),
            edges: BTreeMap::new(),
            cut: BTreeMap::new(),
            expanded: BTreeSet::new(),
            last_rv: None,
            dirty: true,
            busy_until: 0.0,
            built_at: 0.0,
            phases: HashMap::new(),
            scaled: ScaledMemory::default(),
        }
    }

    /// Whether `build` would return anything different from the last build: the store was
    /// written, the page changed width or expanded a group, or something is still animating.
    /// The page can skip building (and re-rendering) on every other tick.
    pub fn needs_build(&self, world: &kubeloop::world::World, now_real_ms: f64) -> bool {
        self.dirty
            || self.last_rv != Some(world.store.resource_version())
            || now_real_ms <= self.busy_until
            // One more build after the last animation ends, so the final ghost is dropped.
            || self.built_at <= self.busy_until
    }

    /// Records that a build finished, with `latest_edge` the birth of the newest edge still
    /// flagged new.
    pub(super) fn finish(&mut self, rv: u64, latest_edge: Option<f64>, now_real_ms: f64) {
        self.built = true;
        self.built_at = now_real_ms;
        self.dirty = false;
        self.last_rv = Some(rv);
        let mut until = latest_edge.map_or(f64::NEG_INFINITY, |b| b + GHOST_MS);
        for g in self.ghosts.values() {
            until = until.max(g.since.map_or(f64::INFINITY, |s| s + GHOST_MS));
        }
        for c in self.cut.values() {
            until = until.max(c.since + GHOST_MS);
        }
        until = until.max(self.scaled.until());
        for since in self.slots.values().filter_map(|g| g.holes_since) {
            until = until.max(since + COMPACT_MS);
        }
        self.busy_until = until;
        // A new shape may want another number of columns; the next build lays it out.
        let shape = Shape::read(&self.drawn, |key| self.phases.contains_key(key));
        if shape != self.shape {
            self.shape = shape;
            self.reflow();
        }
    }

    /// Picks the columns that fill the room best and the width they take; marks the layout
    /// dirty when that changes.
    fn reflow(&mut self) {
        let Some((w, h)) = self.room else { return };
        let m = self.metrics();
        self.columns = choose_columns(&self.shape, &m, w, h, self.columns);
        let width = m.width_for(self.columns);
        if width != self.width {
            self.width = width;
            self.dirty = true;
        }
    }

    /// The room the panel offers, in layout units (`Camera::layout_room`): the drawing is
    /// then laid out in as many pod columns as make its shape fill that room, and the camera
    /// scales it to fit. Replaces `set_width`; zero or nonsense sizes are ignored.
    pub fn set_room(&mut self, w: f64, h: f64) {
        if !(w.is_finite() && h.is_finite()) || w <= 0.0 || h <= 0.0 {
            return;
        }
        let moved = self
            .room
            .is_none_or(|(rw, rh)| (rw - w).abs() > ROOM_SLACK || (rh - h).abs() > ROOM_SLACK);
        if moved {
            self.room = Some((w, h));
            // The room changed: choose afresh, without holding on to the old choice. The form
            // changes here or not at all, so nothing jumps while the cluster changes.
            let form = choose_form(w, h);
            if form != self.form {
                self.form = form;
                self.dirty = true;
            }
            self.columns = 0;
            self.reflow();
        }
    }

    /// The width, in CSS pixels, of the panel the graph is drawn in. With the view box this
    /// wide, one SVG unit is one pixel and the font sizes hold; pods per row follow it.
    pub fn set_width(&mut self, px: f64) {
        self.room = None;
        if self.form != Form::Tall {
            self.form = Form::Tall;
            self.dirty = true;
        }
        if px.is_finite() && px.max(MIN_WIDTH) != self.width {
            self.width = px.max(MIN_WIDTH);
            self.dirty = true;
        }
    }

    pub fn width(&self) -> f64 {
        self.width
    }

    /// The measures of the form the room was given.
    pub fn metrics(&self) -> Metrics {
        self.form.metrics()
    }

    /// Shows a summarised pod group pod by pod, or summarises it again. `key` is a
    /// ReplicaSet UID, or `LOOSE_PODS` for the orphans lane.
    pub fn toggle_expanded(&mut self, key: &str) {
        self.dirty = true;
        if !self.expanded.remove(key) {
            self.expanded.insert(key.to_string());
        }
    }

    pub fn is_expanded(&self, key: &str) -> bool {
        self.expanded.contains(key)
    }

    /// Forgets everything but the width and the expanded groups (after a reset of the world).
    pub fn clear(&mut self) {
        *self = LayoutMemory {
            width: self.width,
            room: self.room,
            form: self.form,
            columns: self.columns,
            expanded: std::mem::take(&mut self.expanded),
            ..Self::new()
        };
    }

    /// The order of a Deployment or ReplicaSet: when it was first drawn.
    pub(super) fn order(&self, uid: &str) -> u64 {
        self.seq.get(uid).copied().unwrap_or(u64::MAX)
    }

    /// Numbers objects drawn for the first time, in creation order (`(creation ms, name)`
    /// sorts them), after every object already known.
    pub(super) fn add_order(&mut self, mut fresh: Vec<((i64, String), String)>) {
        kubeloop::sort::sort(&mut fresh);
        for (_, uid) in fresh {
            if !self.seq.contains_key(&uid) {
                self.seq.insert(uid, self.next_seq);
                self.next_seq += 1;
            }
        }
    }

    /// Keeps order entries only for the UIDs drawn this time.
    pub(super) fn retain_order(&mut self, drawn: &BTreeSet<&str>) {
        self.seq.retain(|uid, _| drawn.contains(uid.as_str()));
    }
}
