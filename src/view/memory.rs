//! What the graph remembers between builds so it does not jump: each object's order and slot
//! by UID, what was drawn last time (to keep vanished objects as ghosts), when each edge was
//! born, and which pod groups the user expanded. It remembers nothing about the cluster that
//! the store does not already say.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use kubeloop::model::Kind;
use kubeloop::sort::{btree_map, btree_set};

use super::layout::{choose_columns, width_for, Shape};
use super::scaled::ScaledMemory;
use super::{Edge, Phase, PodItem, RowItem, TopItem, GHOST_MS};

/// Holes left in a pod grid by vanished pods are closed (the others slide left) when no new
/// pod has filled them for this long.
const COMPACT_MS: f64 = 1200.0;

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

/// Every kind the graph draws, children before their owners: pods, then rows (a ReplicaSet,
/// a Job under its CronJob), then the tops of trees. A Job of its own is aged after its pods
/// and before any CronJob, which is all its place in both lists needs.
const AGE_ORDER: [Kind; 7] = [
    Kind::Pod,
    Kind::ReplicaSet,
    Kind::Job,
    Kind::Deployment,
    Kind::DaemonSet,
    Kind::StatefulSet,
    Kind::CronJob,
];

/// An object that left the store but is still drawn.
#[derive(Clone, Debug)]
pub(super) struct Ghost {
    pub item: Item,
    pub parent: Parent,
    /// When it started shrinking out; `None` while it still has children to hold a place for.
    pub since: Option<f64>,
}

/// A vanished edge, fading out.
#[derive(Clone, Debug)]
pub(super) struct CutEdge {
    pub edge: Edge,
    pub owner_uid: String,
    pub dependent_uid: String,
    pub since: f64,
}

#[derive(Clone, Debug, Default)]
struct Slots {
    slots: Vec<Option<String>>,
    holes_since: Option<f64>,
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
        self.columns = choose_columns(&self.shape, w, h, self.columns);
        let width = width_for(self.columns);
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
            // The room changed: choose afresh, without holding on to the old choice.
            self.columns = 0;
            self.reflow();
        }
    }

    /// The width, in CSS pixels, of the panel the graph is drawn in. With the view box this
    /// wide, one SVG unit is one pixel and the font sizes hold; pods per row follow it.
    pub fn set_width(&mut self, px: f64) {
        self.room = None;
        if px.is_finite() && px.max(MIN_WIDTH) != self.width {
            self.width = px.max(MIN_WIDTH);
            self.dirty = true;
        }
    }

    pub fn width(&self) -> f64 {
        self.width
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
            columns: self.columns,
            expanded: std::mem::take(&mut self.expanded),
            ..Self::new()
        };
    }

    /// Turns what the last build drew but the store no longer has into ghosts.
    pub(super) fn note_vanished(&mut self, live: impl Fn(&str) -> bool) {
        let drawn = std::mem::take(&mut self.drawn);
        for (uid, (item, parent)) in drawn {
            if !live(&uid) {
                self.ghosts.insert(uid, Ghost { item, parent, since: None });
            }
        }
    }

    pub(super) fn ghost_kind(&self, uid: &str) -> Option<Kind> {
        self.ghosts.get(uid).map(|g| g.item.kind())
    }

    /// Starts, runs out and drops ghosts. A ghost holds its place while anything still sits
    /// under it (`live_children` counts live ones by parent UID); then it shrinks out for
    /// `GHOST_MS`. Pod ghosts in summarised groups go at once: bulk changes do not animate
    /// pod by pod. Children are aged before parents (`AGE_ORDER`), so a cascade empties
    /// bottom-up; every kind the graph draws is aged, so no ghost outlives its dependents.
    pub(super) fn age_ghosts(
        &mut self,
        now: f64,
        live_children: &BTreeMap<String, usize>,
        summarised: &BTreeSet<String>,
    ) {
        for kind in AGE_ORDER {
            let mut children: BTreeMap<String, usize> = live_children.clone();
            for g in self.ghosts.values() {
                if let Parent::Tree(p) | Parent::Group(p) = &g.parent {
                    *children.entry(p.clone()).or_default() += 1;
                }
            }
            self.ghosts.retain(|uid, g| {
                if g.item.kind() != kind {
                    return true;
                }
                if let Parent::Group(key) = &g.parent {
                    if summarised.contains(key) {
                        return false;
                    }
                }
                if children.get(uid).copied().unwrap_or(0) > 0 {
                    g.since = None;
                    return true;
                }
                let since = *g.since.get_or_insert(now);
                now - since < GHOST_MS
            });
        }
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

    /// Gives each member of a pod group its slot: the one it had, or else the first free one,
    /// newcomers taken in creation order (`(creation ms, name)`). Holes left by members that
    /// went are filled by newcomers, or closed after `COMPACT_MS`. Returns UID -> slot.
    pub(super) fn place(
        &mut self,
        key: &str,
        members: &[((i64, &str), &str)],
        now: f64,
    ) -> BTreeMap<String, usize> {
        let group = self.slots.entry(key.to_string()).or_default();
        let present: BTreeSet<&str> = btree_set(members.iter().map(|(_, uid)| *uid));
        for slot in group.slots.iter_mut() {
            if slot.as_deref().is_some_and(|uid| !present.contains(uid)) {
                *slot = None;
            }
        }
        let placed: BTreeSet<String> = btree_set(group.slots.iter().flatten().cloned());
        let mut newcomers: Vec<_> =
            members.iter().filter(|(_, uid)| !placed.contains(*uid)).collect();
        kubeloop::sort::sort(&mut newcomers);
        let mut free = 0;
        for (_, uid) in newcomers {
            while free < group.slots.len() && group.slots[free].is_some() {
                free += 1;
            }
            if free == group.slots.len() {
                group.slots.push(None);
            }
            group.slots[free] = Some(uid.to_string());
        }
        while group.slots.last().is_some_and(Option::is_none) {
            group.slots.pop();
        }
        if group.slots.iter().any(Option::is_none) {
            let since = *group.holes_since.get_or_insert(now);
            if now - since >= COMPACT_MS {
                group.slots.retain(Option::is_some);
                group.holes_since = None;
            }
        } else {
            group.holes_since = None;
        }
        btree_map(
            group
                .slots
                .iter()
                .enumerate()
                .filter_map(|(i, s)| s.as_ref().map(|uid| (uid.clone(), i))),
        )
    }

    /// Keeps slot memory only for the groups drawn pod by pod this time.
    pub(super) fn retain_slots(&mut self, groups: &BTreeSet<&str>) {
        self.slots.retain(|key, _| groups.contains(key.as_str()));
    }
}
