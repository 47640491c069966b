//! Geometry: where each box goes, in SVG units of one CSS pixel when the view box is as wide
//! as the panel. Trees are bands stacked top to bottom in creation order. In a band the
//! Deployment sits on top; its ReplicaSets hang below it like a file tree, each heading a row
//! of pod cards laid out by slot; the orphans lane closes the drawing.
//!
//! Sizes are chosen for a projector: five pod cards per row at 1,350 px, text 14 px or more.

use super::{OrphanLane, PodGroup, Rect, RsRow, Tree};

pub const MARGIN: f64 = 20.0;
pub const TOP: f64 = 12.0;
pub const DEPLOY_X: f64 = MARGIN;
pub const DEPLOY_W: f64 = RS_X + RS_W - MARGIN;
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

/// Lays out everything and returns the drawing's height.
pub fn lay_out(trees: &mut [Tree], lane: Option<&mut OrphanLane>, width: f64) -> f64 {
    let mut y = TOP;
    for tree in trees {
        let top = y;
        let d = &mut tree.deployment;
        let h = DEPLOY_H + extra_lines(&d.meta.finalizers);
        d.meta.rect = Rect { x: DEPLOY_X, y: top + BAND_PAD, w: DEPLOY_W, h };
        let mut bottom = d.meta.rect.bottom();
        for row in &mut tree.rows {
            bottom = lay_out_row(row, bottom + ROW_GAP, width);
        }
        tree.band = band(top, bottom + BAND_PAD, width);
        y = tree.band.bottom() + BAND_GAP;
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
        let cols = (columns as f64).min(AGGREGATE_COLUMNS);
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
