//! Fitting the drawing to the panel: the drawing's shape as the last build drew it, how tall
//! it is in each form, which form suits the room, and how many pod cards go in a row so the
//! drawing's shape matches the panel's and the camera's fit fills it on both axes.

use std::collections::BTreeMap;

use super::super::memory::{Item, Parent};
use super::super::LOOSE_PODS;
use super::form::{Form, Metrics};
use super::{AGGREGATE_COLUMNS, AGGREGATE_MIN_COLUMNS, EMPTY_ROW_PAD, POD_H, ROW_GAP};

/// What decides the drawing's shape, read off the last build: each tree's pod groups (each
/// ReplicaSet row's pod count, `None`: summarised into one block), the orphans lane's rows
/// and its own pods (a summary counts as one).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Shape {
    pub trees: Vec<Vec<Option<usize>>>,
    pub lane_rows: Vec<Option<usize>>,
    pub lane: bool,
    pub loose: Option<usize>,
}

impl Shape {
    /// One Deployment caught in a rollout: two ReplicaSets of three pods each. Every room is
    /// judged by how it holds this, the scene a lesson comes back to.
    pub fn rollout() -> Shape {
        Shape { trees: vec![vec![Some(3), Some(3)]], ..Shape::default() }
    }

    /// One Deployment of three pods, the scene a lesson starts with.
    pub fn three_pods() -> Shape {
        Shape { trees: vec![vec![Some(3)]], ..Shape::default() }
    }

    /// The shape of what a build drew (`LayoutMemory::drawn`); `summarised` says which pod
    /// groups were one block.
    pub(in crate::view) fn read(
        drawn: &BTreeMap<String, (Item, Parent)>,
        summarised: impl Fn(&str) -> bool,
    ) -> Shape {
        let mut pods: BTreeMap<&str, usize> = BTreeMap::new();
        let mut trees: BTreeMap<&str, Vec<Option<usize>>> = BTreeMap::new();
        let mut shape = Shape::default();
        for (item, parent) in drawn.values() {
            match (item, parent) {
                (Item::Top(t), _) => {
                    trees.entry(&t.meta.uid).or_default();
                }
                (Item::Pod(_), Parent::Group(key)) => *pods.entry(key).or_default() += 1,
                (Item::Row(_), Parent::Lane) => shape.lane = true,
                _ => {}
            }
        }
        let count = |uid: &str| (!summarised(uid)).then(|| pods.get(uid).copied().unwrap_or(0));
        for (item, parent) in drawn.values() {
            // A row, or a top that owns its pods directly: each heads a group.
            match (item, parent) {
                (Item::Row(rs), Parent::Tree(t)) => {
                    trees.entry(t).or_default().push(count(&rs.meta.uid));
                }
                (Item::Row(rs), _) => shape.lane_rows.push(count(&rs.meta.uid)),
                (Item::Top(t), _)
                    if pods.contains_key(t.meta.uid.as_str()) || summarised(&t.meta.uid) =>
                {
                    trees.entry(&t.meta.uid).or_default().push(count(&t.meta.uid));
                }
                _ => {}
            }
        }
        shape.trees = trees.into_values().collect();
        let loose = pods.get(LOOSE_PODS).copied().unwrap_or(0);
        let loose = if summarised(LOOSE_PODS) { 1 } else { loose };
        if loose > 0 {
            shape.lane = true;
            shape.loose = Some(loose);
        }
        shape
    }

    fn groups(&self) -> impl Iterator<Item = &Option<usize>> {
        self.trees.iter().flatten().chain(&self.lane_rows)
    }

    /// The drawing's height in form `m` with `columns` pod cards per row, as `lay_out` would
    /// make it (finalizer lines, Services and revisions left out: this only compares shapes).
    pub fn height(&self, m: &Metrics, columns: usize) -> f64 {
        let c = columns.max(1);
        let g = m.gutter;
        let row = |n: &Option<usize>| match n {
            Some(0) => EMPTY_ROW_PAD + m.collapsed_h,
            // A strip, then its pods in rows under it.
            Some(n) if m.form.stacked() => g + m.rs_h + n.div_ceil(c) as f64 * (m.pod_h + g),
            None if m.form.stacked() => g + m.rs_h + g + POD_H,
            Some(n) => g + m.rs_h.max(n.div_ceil(c) as f64 * (m.pod_h + g) - g),
            None => g + m.rs_h.max(POD_H),
        };
        let rows = |rows: &[Option<usize>]| rows.iter().map(|n| ROW_GAP + row(n)).sum::<f64>();
        let trees: f64 = self
            .trees
            .iter()
            .map(|t| {
                let body = if m.form.beside() {
                    // The rows start level with the top box, beside it.
                    m.top_h.max(rows(t) - ROW_GAP - g)
                } else {
                    m.top_h + rows(t)
                };
                2.0 * m.band_pad + body + m.band_gap
            })
            .sum();
        let lane = if self.lane {
            m.lane_title_h + 2.0 * m.band_pad + m.band_gap + rows(&self.lane_rows) - ROW_GAP
        } else {
            0.0
        };
        // The lane's own pods start left of the pod column: one card more per row.
        let loose = self.loose.map_or(0.0, |n| ROW_GAP + n.div_ceil(c + 1) as f64 * (m.pod_h + g));
        let laid = !self.trees.is_empty() || self.lane;
        let tail = if laid { m.tail - m.band_gap } else { 0.0 };
        m.top + trees + lane + loose + tail
    }

    /// The fewest columns that hold every row: a summary block is two cards wide.
    fn narrowest(&self) -> usize {
        if self.groups().any(Option::is_none) {
            AGGREGATE_MIN_COLUMNS as usize
        } else {
            1
        }
    }

    /// The most pod cards any row could use: more columns than that only add empty space.
    fn widest(&self) -> usize {
        let rows = self.groups().map(|n| n.map_or(AGGREGATE_COLUMNS as usize, |n| n));
        rows.chain(self.loose).max().unwrap_or(1).clamp(1, MAX_COLUMNS)
    }
}

/// The most pod cards in a row the layout considers.
pub const MAX_COLUMNS: usize = 16;
/// Another column count must fill the room this much better before the layout reflows to it,
/// so a pod coming and going does not reshuffle the grid.
const REFLOW_GAIN: f64 = 1.08;
/// A compact form must hold a rollout this much better than the desk's before a room gets it.
const FORM_GAIN: f64 = 1.03;
/// The stacked forms are weighed only where the others hold a rollout at less than this
/// times the fit's floor: at most 12 px pod names on a desk (14.5 px type at 0.55 and more),
/// beside presenter mode's side column none at all. Roomier desks keep the node on the card.
const STACK_BELOW: f64 = 1.5;
/// Only a room at least this much wider than tall is short: portrait screens and phones keep
/// the desk's form, whose upright trees suit them. Low enough that a projector's graph beside
/// an open side column (about 1.5 in presenter mode at 1024x768) keeps the compact form.
const WIDE_ROOM: f64 = 1.25;

/// The scale at which `shape` in form `m` with `c` columns fits a `room_w` x `room_h` room.
fn fill(shape: &Shape, m: &Metrics, c: usize, room_w: f64, room_h: f64) -> f64 {
    (room_w / m.width_for(c)).min(room_h / shape.height(m, c))
}

/// The pod cards per row that let the drawing fill a `room_w` x `room_h` panel best (the
/// largest scale at which it fits whole), keeping `current` unless another is clearly better
/// (`current` 0: no choice yet). The drawing is never wider than the room (one column
/// excepted): a drawing too big to fit is panned down, not sideways.
pub fn choose_columns(
    shape: &Shape,
    m: &Metrics,
    room_w: f64,
    room_h: f64,
    current: usize,
) -> usize {
    let fill = |c: usize| fill(shape, m, c, room_w, room_h);
    let low = shape.narrowest();
    let high = shape.widest().max(low);
    let fits = (low..=high).take_while(|&c| c == low || m.width_for(c) <= room_w).last();
    let widest = fits.unwrap_or(low);
    let best = (low..=widest).fold(low, |best, c| if fill(c) > fill(best) { c } else { best });
    let current = current.min(widest);
    if current < low || fill(best) > fill(current) * REFLOW_GAIN {
        best
    } else {
        current
    }
}

/// The form for a `room_w` x `room_h` room: the one that holds a rollout (`Shape::rollout`)
/// at the largest scale; where that is a tie, the one that holds a Deployment of three best.
/// Only a wide room gets a compact form, and the desk's `Tall` form stays unless a compact one
/// is clearly better, so tall screens and roomy desks keep it; a stacked form only where
/// the others hold a rollout small (`STACK_BELOW`). It depends on the room alone,
/// and the page asks only when the room changes: what the cluster does never switches forms.
pub fn choose_form(room_w: f64, room_h: f64) -> Form {
    if room_w < room_h * WIDE_ROOM {
        return Form::Tall;
    }
    let best = |shape: &Shape, form: Form| {
        let m = form.metrics();
        fill(shape, &m, choose_columns(shape, &m, room_w, room_h, 0), room_w, room_h)
    };
    let (rollout, three) = (Shape::rollout(), Shape::three_pods());
    let score = |form: Form| (best(&rollout, form), best(&three, form));
    let tall = score(Form::Tall);
    let mut chosen = (Form::Tall, tall);
    for form in [Form::Short, Form::Beside, Form::Stacked, Form::StackedBeside] {
        // The stacked forms' pod cards leave out the kind and node lines: only a room where
        // the others draw a rollout small (or not whole: a fill under 1) pays that for size.
        if form.stacked() && chosen.1 .0 >= STACK_BELOW {
            break;
        }
        let (rollout, three) = score(form);
        let (held, held_three) = chosen.1;
        let better = rollout > held * FORM_GAIN
            || (rollout * FORM_GAIN >= held && rollout >= tall.0 && three > held_three * FORM_GAIN);
        if better {
            chosen = (form, (rollout, three));
        }
    }
    chosen.0
}

#[cfg(test)]
#[path = "layout_tests.rs"]
mod tests;
