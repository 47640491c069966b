//! Geometry: where each box goes, in SVG units of one CSS pixel when the view box is as wide
//! as the panel. Trees are bands stacked top to bottom in creation order. In a band the
//! Deployment sits on top; its ReplicaSets hang below it like a file tree, each heading a row
//! of pod cards laid out by slot; the orphans lane closes the drawing.
//!
//! Sizes are chosen for a projector: five pod cards per row at 1,350 px, text 14 px or more.
//! With the panel's room known, `choose_columns` picks how many pod cards go in a row so the
//! drawing's shape matches the panel's, and the camera's fit fills it on both axes.

use std::collections::BTreeMap;

use super::memory::{Item, Parent};
use super::{OrphanLane, PodGroup, Rect, RsRow, ServiceLane, Tree, LOOSE_PODS};

#[path = "layout_extras.rs"]
mod extras;

pub const MARGIN: f64 = 20.0;
pub const TOP: f64 = 12.0;
pub const DEPLOY_X: f64 = MARGIN;
/// As wide as a ReplicaSet box and the first pod column: READY, UP-TO-DATE and AVAILABLE
/// each get a column wide enough for `1000/1000`.
pub const DEPLOY_W: f64 = POD_X + POD_W - DEPLOY_X;
pub const DEPLOY_H: f64 = 136.0;
/// The vertical line ReplicaSet edges run down from their Deployment.
pub const TREE_SPINE_X: f64 = DEPLOY_X + 18.0;
pub const RS_X: f64 = MARGIN + 36.0;
pub const RS_W: f64 = 228.0;
pub const RS_H: f64 = 112.0;
pub const RS_COLLAPSED_H: f64 = 44.0;
pub const POD_X: f64 = RS_X + RS_W + 24.0;
pub const POD_W: f64 = 184.0;
pub const POD_H: f64 = 104.0;
pub const POD_GAP_X: f64 = 12.0;
/// The space above each row of pod cards, where edges run to the cards' tops.
pub const GUTTER: f64 = 22.0;
/// One more line for a `finalizers:` list in Deployment and ReplicaSet boxes.
pub const FINALIZER_LINE: f64 = 22.0;
const EMPTY_ROW_PAD: f64 = 10.0;
const ROW_GAP: f64 = 6.0;
const BAND_PAD: f64 = 12.0;
const BAND_GAP: f64 = 16.0;
pub const LANE_TITLE_H: f64 = 42.0;
const AGGREGATE_COLUMNS: f64 = 3.0;
const AGGREGATE_MIN_COLUMNS: f64 = 2.0;
/// A Service box: as tall as a Deployment's, as wide as room allows up to `SVC_W`.
pub const SVC_W: f64 = 264.0;
pub const SVC_MIN_W: f64 = POD_W;
pub const SVC_H: f64 = DEPLOY_H;
const SVC_GAP: f64 = 24.0;

/// Lays out everything and returns the drawing's height.
pub fn lay_out(
    trees: &mut [Tree],
    services: Option<&mut ServiceLane>,
    lane: Option<&mut OrphanLane>,
    width: f64,
) -> f64 {
    let mut y = TOP;
    for tree in trees {
        let top = y;
        let d = &mut tree.top;
        let h = DEPLOY_H + extra_lines(&d.meta.finalizers);
        d.meta.rect = Rect { x: DEPLOY_X, y: top + BAND_PAD, w: DEPLOY_W, h };
        let beside = d.meta.rect;
        let mut boxes: Vec<&mut Rect> =
            tree.services.iter_mut().map(|s| &mut s.meta.rect).collect();
        boxes.extend(tree.autoscalers.iter_mut().map(|h| &mut h.meta.rect));
        let mut bottom = lay_out_services(boxes, beside, width);
        bottom = extras::lay_out_revisions(&mut tree.revisions, bottom, width);
        for row in &mut tree.rows {
            bottom = lay_out_row(row, bottom + ROW_GAP, width);
        }
        if let Some(pods) =
            tree.pods.as_mut().filter(|g| !g.pods.is_empty() || g.aggregate.is_some())
        {
            bottom = lay_out_group(pods, RS_X, bottom + ROW_GAP - GUTTER / 2.0, width);
        }
        bottom = extras::lay_out_claims(&mut tree.claims, bottom, width);
        extras::draw_arcs(tree);
        tree.band = band(top, bottom + BAND_PAD, width);
        y = tree.band.bottom() + BAND_GAP;
    }
    if let Some(l) = services {
        let top = y;
        let x = DEPLOY_X;
        let w = SVC_W.min(width - MARGIN - x);
        let per_row = (((width - MARGIN - x + SVC_GAP) / (w + SVC_GAP)).floor() as usize).max(1);
        let mut bottom = top + LANE_TITLE_H;
        for (i, s) in l.services.iter_mut().enumerate() {
            let (r, c) = (i / per_row, i % per_row);
            let sy = top + LANE_TITLE_H + r as f64 * (SVC_H + ROW_GAP);
            s.meta.rect = Rect { x: x + c as f64 * (w + SVC_GAP), y: sy, w, h: SVC_H };
            bottom = bottom.max(s.meta.rect.bottom());
        }
        l.band = band(top, bottom + BAND_PAD, width);
        y = l.band.bottom() + BAND_GAP;
    }
    if let Some(lane) = lane {
        let top = y;
        let mut bottom = top + LANE_TITLE_H - ROW_GAP;
        for row in &mut lane.rows {
            bottom = lay_out_row(row, bottom + ROW_GAP, width);
        }
        if !lane.pods.pods.is_empty() || lane.pods.aggregate.is_some() {
            bottom = lay_out_group(&mut lane.pods, RS_X, bottom + ROW_GAP, width);
        }
        lane.band = band(top, bottom + BAND_PAD, width);
        y = lane.band.bottom() + BAND_GAP;
    }
    y
}

/// A tree's Services and autoscalers: to the right of its top box when the row has room for
/// them, else stacked under it above the rows. Returns the bottom of what is drawn so far.
fn lay_out_services(services: Vec<&mut Rect>, d: Rect, width: f64) -> f64 {
    let n = services.len() as f64;
    if n == 0.0 {
        return d.bottom();
    }
    let x0 = d.right() + SVC_GAP;
    let room = width - MARGIN - x0 - (n - 1.0) * SVC_GAP;
    if room / n >= SVC_MIN_W {
        let w = SVC_W.min(room / n);
        for (i, s) in services.into_iter().enumerate() {
            *s = Rect { x: x0 + i as f64 * (w + SVC_GAP), y: d.y, w, h: SVC_H };
        }
        return d.bottom();
    }
    let w = SVC_W.min(width - MARGIN - RS_X);
    let mut bottom = d.bottom();
    for s in services {
        *s = Rect { x: RS_X, y: bottom + ROW_GAP, w, h: SVC_H };
        bottom = s.bottom();
    }
    bottom
}

fn band(top: f64, bottom: f64, width: f64) -> Rect {
    Rect { x: MARGIN / 2.0, y: top, w: width - MARGIN, h: bottom - top }
}

fn extra_lines(finalizers: &[String]) -> f64 {
    if finalizers.is_empty() {
        0.0
    } else {
        FINALIZER_LINE
    }
}

/// Pod cards per grid row when the grid starts at `x0`.
pub fn per_row(x0: f64, width: f64) -> usize {
    (((width - MARGIN - x0 + POD_GAP_X) / (POD_W + POD_GAP_X)).floor() as usize).max(1)
}

/// A ReplicaSet box and its pods, from `top`; returns the row's bottom.
fn lay_out_row(row: &mut RsRow, top: f64, width: f64) -> f64 {
    let empty = row.pods.pods.is_empty() && row.pods.aggregate.is_none();
    let rs = &mut row.rs;
    let pad = if empty { EMPTY_ROW_PAD } else { GUTTER };
    let toggle = if row.pods.expanded { FINALIZER_LINE } else { 0.0 };
    let h = if rs.collapsed {
        RS_COLLAPSED_H
    } else {
        RS_H + extra_lines(&rs.meta.finalizers) + toggle
    };
    rs.meta.rect = Rect { x: RS_X, y: top + pad, w: RS_W, h };
    let bottom = rs.meta.rect.bottom();
    if empty {
        bottom
    } else {
        bottom.max(lay_out_group(&mut row.pods, POD_X, top, width))
    }
}

/// A grid of pod cards by slot, or one summary block, from `top`; returns its bottom.
fn lay_out_group(group: &mut PodGroup, x0: f64, top: f64, width: f64) -> f64 {
    let columns = per_row(x0, width);
    if let Some(agg) = &mut group.aggregate {
        // Never narrower than two cards: the summary line needs the room.
        let cols = (columns as f64).clamp(AGGREGATE_MIN_COLUMNS, AGGREGATE_COLUMNS);
        let w = cols * POD_W + (cols - 1.0) * POD_GAP_X;
        agg.rect = Rect { x: x0, y: top + GUTTER, w, h: POD_H };
        return agg.rect.bottom();
    }
    let mut bottom = top;
    for pod in &mut group.pods {
        let (r, c) = (pod.slot / columns, pod.slot % columns);
        pod.meta.rect = Rect {
            x: x0 + c as f64 * (POD_W + POD_GAP_X),
            y: top + GUTTER + r as f64 * (POD_H + GUTTER),
            w: POD_W,
            h: POD_H,
        };
        bottom = bottom.max(pod.meta.rect.bottom());
    }
    bottom
}

/// The drawing's width with `columns` pod cards per row.
pub fn width_for(columns: usize) -> f64 {
    let c = columns.max(1) as f64;
    POD_X + c * POD_W + (c - 1.0) * POD_GAP_X + MARGIN
}

/// What decides the drawing's shape, read off the last build: the number of trees, each
/// ReplicaSet row's pod count (`None`: summarised into one block), the orphans lane and its
/// own pods (a summary counts as one).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Shape {
    pub trees: usize,
    pub rows: Vec<Option<usize>>,
    pub lane: bool,
    pub loose: Option<usize>,
}

impl Shape {
    /// The shape of what a build drew (`LayoutMemory::drawn`); `summarised` says which pod
    /// groups were one block.
    pub(super) fn read(
        drawn: &BTreeMap<String, (Item, Parent)>,
        summarised: impl Fn(&str) -> bool,
    ) -> Shape {
        let mut pods: BTreeMap<&str, usize> = BTreeMap::new();
        let mut shape = Shape::default();
        for (item, parent) in drawn.values() {
            match (item, parent) {
                (Item::Top(_), _) => shape.trees += 1,
                (Item::Pod(_), Parent::Group(key)) => *pods.entry(key).or_default() += 1,
                (Item::Row(_), Parent::Lane) => shape.lane = true,
                _ => {}
            }
        }
        for (item, _) in drawn.values() {
            // A row, or a top that owns its pods directly: each heads a group.
            let uid = match item {
                Item::Row(rs) => Some(rs.meta.uid.as_str()),
                Item::Top(t)
                    if pods.contains_key(t.meta.uid.as_str()) || summarised(&t.meta.uid) =>
                {
                    Some(t.meta.uid.as_str())
                }
                _ => None,
            };
            if let Some(uid) = uid {
                let n = pods.get(uid).copied().unwrap_or(0);
                shape.rows.push((!summarised(uid)).then_some(n));
            }
        }
        let loose = pods.get(LOOSE_PODS).copied().unwrap_or(0);
        let loose = if summarised(LOOSE_PODS) { 1 } else { loose };
        if loose > 0 {
            shape.lane = true;
            shape.loose = Some(loose);
        }
        shape
    }

    /// The drawing's height with `columns` pod cards per row, as `lay_out` would make it
    /// (finalizer lines left out: this only compares shapes).
    pub fn height(&self, columns: usize) -> f64 {
        let c = columns.max(1);
        let row = |n: &Option<usize>| match n {
            Some(0) => EMPTY_ROW_PAD + RS_H,
            Some(n) => (GUTTER + RS_H).max(n.div_ceil(c) as f64 * (POD_H + GUTTER)),
            None => GUTTER + RS_H.max(POD_H),
        };
        let trees = self.trees as f64 * (2.0 * BAND_PAD + DEPLOY_H + BAND_GAP);
        let rows: f64 = self.rows.iter().map(|n| ROW_GAP + row(n)).sum();
        let lane = if self.lane { LANE_TITLE_H + 2.0 * BAND_PAD + BAND_GAP } else { 0.0 };
        // The lane's own pods start left of the pod column: one card more per row.
        let loose =
            self.loose.map_or(0.0, |n| ROW_GAP + n.div_ceil(c + 1) as f64 * (POD_H + GUTTER));
        TOP + trees + rows + lane + loose
    }

    /// The fewest columns that hold every row: a summary block is two cards wide.
    fn narrowest(&self) -> usize {
        if self.rows.iter().any(Option::is_none) {
            AGGREGATE_MIN_COLUMNS as usize
        } else {
            1
        }
    }

    /// The most pod cards any row could use: more columns than that only add empty space.
    fn widest(&self) -> usize {
        let rows = self.rows.iter().map(|n| n.map_or(AGGREGATE_COLUMNS as usize, |n| n));
        rows.chain(self.loose).max().unwrap_or(1).clamp(1, MAX_COLUMNS)
    }
}

/// The most pod cards in a row the layout considers.
pub const MAX_COLUMNS: usize = 16;
/// Another column count must fill the room this much better before the layout reflows to it,
/// so a pod coming and going does not reshuffle the grid.
const REFLOW_GAIN: f64 = 1.08;

/// The pod cards per row that let the drawing fill a `room_w` x `room_h` panel best (the
/// largest scale at which it fits whole), keeping `current` unless another is clearly better
/// (`current` 0: no choice yet). The drawing is never wider than the room (one column
/// excepted): a drawing too big to fit is panned down, not sideways.
pub fn choose_columns(shape: &Shape, room_w: f64, room_h: f64, current: usize) -> usize {
    let fill = |c: usize| (room_w / width_for(c)).min(room_h / shape.height(c));
    let low = shape.narrowest();
    let high = shape.widest().max(low);
    let fits = (low..=high).take_while(|&c| c == low || width_for(c) <= room_w).last();
    let widest = fits.unwrap_or(low);
    let best = (low..=widest).fold(low, |best, c| if fill(c) > fill(best) { c } else { best });
    let current = current.min(widest);
    if current < low || fill(best) > fill(current) * REFLOW_GAIN {
        best
    } else {
        current
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_tree(pods: usize) -> Shape {
        Shape { trees: 1, rows: vec![Some(pods)], lane: false, loose: None }
    }

    #[test]
    fn a_wide_room_gets_pods_side_by_side_and_a_tall_one_stacks_them() {
        let shape = one_tree(12);
        let wide = choose_columns(&shape, 1600.0, 500.0, 0);
        let tall = choose_columns(&shape, 600.0, 1400.0, 0);
        assert!(wide >= 5, "{wide}");
        assert!(tall <= 2, "{tall}");
        // Either way the drawing's shape is close to the room's.
        for (c, w, h) in [(wide, 1600.0, 500.0), (tall, 600.0, 1400.0)] {
            let (sx, sy) = (w / width_for(c), h / shape.height(c));
            assert!(sx.min(sy) / sx.max(sy) > 0.5, "{c}: {sx} {sy}");
        }
    }

    #[test]
    fn no_more_columns_than_pods_and_no_reflow_for_a_small_gain() {
        assert_eq!(choose_columns(&one_tree(2), 4000.0, 300.0, 0), 2);
        // A summary block needs two cards' width for its counts, however tall the room.
        let summarised = Shape { trees: 1, rows: vec![None], lane: false, loose: None };
        assert_eq!(choose_columns(&summarised, 300.0, 3000.0, 1), 2);
        let shape = one_tree(12);
        let best = choose_columns(&shape, 1600.0, 700.0, 0);
        for near in [best - 1, best + 1] {
            let fill = |c| (1600.0 / width_for(c)).min(700.0 / shape.height(c));
            if fill(best) <= fill(near) * REFLOW_GAIN {
                assert_eq!(choose_columns(&shape, 1600.0, 700.0, near), near, "kept {near}");
            }
        }
    }

    fn web(replicas: usize) -> kubeloop::world::World {
        use kubeloop::kubectl::{Mode, Session};
        let mut s = Session::new(kubeloop::world::World::new(1), Mode::Script);
        let line = format!("k create deployment web --image=nginx:1.27 --replicas={replicas}");
        assert_eq!(s.run(&line).status, 0);
        s.world.settle();
        s.world
    }

    #[test]
    fn a_room_reflows_the_drawing_to_fill_it_on_both_axes() {
        use crate::view::camera::{Camera, CameraMsg};
        use crate::view::{build, LayoutMemory};
        let world = web(3);
        let mut mem = LayoutMemory::new();
        let (pw, ph) = (950.0, 640.0);
        mem.set_room(pw, ph);
        build(&world, &mut mem, 0.0);
        assert!(mem.needs_build(&world, 1.0), "the first build's shape asks for a reflow");
        let view = build(&world, &mut mem, 1.0);
        assert!(!mem.needs_build(&world, 5_000.0), "and then it is settled");
        let content = Rect { x: 0.0, y: 0.0, w: view.width, h: view.height };
        let mut cam = Camera::default();
        cam.apply(CameraMsg::Resize { w: pw, h: ph }, content, cam.panel());
        let used = (view.width * cam.scale) * (view.height * cam.scale) / (pw * ph);
        assert!(used >= 0.6, "{used}: {}x{} at {}", view.width, view.height, cam.scale);
    }

    #[test]
    fn the_estimated_height_is_the_laid_out_height() {
        use crate::view::{build, LayoutMemory};
        let world = web(7);
        for c in [1, 2, 3, 7] {
            let mut mem = LayoutMemory::new();
            mem.set_width(width_for(c));
            let view = build(&world, &mut mem, 0.0);
            let est = one_tree(7).height(c);
            assert!((est - view.height).abs() < 30.0, "{c} columns: {est} vs {}", view.height);
        }
    }
}
