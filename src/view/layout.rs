//! Geometry: where each box goes, in SVG units of one CSS pixel when the view box is as wide
//! as the panel. Trees are bands stacked top to bottom in creation order. In a band the
//! Deployment sits on top (or, in the `Beside` form, to the left); its ReplicaSets hang off
//! it like a file tree, each heading a row of pod cards laid out by slot; the orphans lane
//! closes the drawing. The form's measures are `layout_form.rs`'s; which form and how many
//! pod cards per row suit the panel is `layout_shape.rs`'s.
//!
//! Sizes are chosen for a projector: five pod cards per row at 1,350 px, text 14 px or more.

use super::{OrphanLane, PodGroup, Rect, RsRow, ServiceLane, Tree};

#[path = "layout_extras.rs"]
mod extras;
#[path = "layout_form.rs"]
mod form;
#[path = "layout_shape.rs"]
mod shape;

pub use form::{Form, Metrics, COMB_GAP};
pub use shape::{choose_columns, choose_form, Shape};

pub const MARGIN: f64 = 20.0;
pub const DEPLOY_X: f64 = MARGIN;
/// The desk's top box: as wide as a ReplicaSet box and the first pod column. READY,
/// UP-TO-DATE and AVAILABLE each get a column wide enough for `1000/1000`.
pub const DEPLOY_W: f64 = POD_X + POD_W - DEPLOY_X;
pub const DEPLOY_H: f64 = 136.0;
/// The vertical line ReplicaSet edges run down from their Deployment, when it is above them.
pub const TREE_SPINE_X: f64 = DEPLOY_X + 18.0;
pub const RS_X: f64 = MARGIN + 36.0;
pub const RS_W: f64 = 228.0;
pub const RS_H: f64 = 112.0;
pub const POD_X: f64 = RS_X + RS_W + COMB_GAP;
pub const POD_W: f64 = 184.0;
pub const POD_H: f64 = 104.0;
pub const POD_GAP_X: f64 = 12.0;
/// One more line for a `finalizers:` list in Deployment and ReplicaSet boxes.
pub const FINALIZER_LINE: f64 = 22.0;
const EMPTY_ROW_PAD: f64 = 10.0;
const ROW_GAP: f64 = 6.0;
const AGGREGATE_COLUMNS: f64 = 3.0;
const AGGREGATE_MIN_COLUMNS: f64 = 2.0;
/// A Service box: as tall as a Deployment's, as wide as room allows up to `SVC_W`.
pub const SVC_W: f64 = 264.0;
pub const SVC_MIN_W: f64 = POD_W;
pub const SVC_H: f64 = DEPLOY_H;
const SVC_GAP: f64 = 24.0;

/// Lays out everything in form `m` and returns the drawing's height.
pub fn lay_out(
    trees: &mut [Tree],
    services: Option<&mut ServiceLane>,
    lane: Option<&mut OrphanLane>,
    width: f64,
    m: &Metrics,
) -> f64 {
    let mut y = m.top;
    let laid = !trees.is_empty() || services.is_some() || lane.is_some();
    for tree in trees {
        tree.band = lay_out_tree(tree, y, width, m);
        y = tree.band.bottom() + m.band_gap;
    }
    if let Some(l) = services {
        let top = y;
        let x = DEPLOY_X;
        let w = SVC_W.min(width - MARGIN - x);
        let per_row = (((width - MARGIN - x + SVC_GAP) / (w + SVC_GAP)).floor() as usize).max(1);
        let mut bottom = top + m.lane_title_h;
        let boxes = l
            .services
            .iter_mut()
            .map(|s| &mut s.meta)
            .chain(l.ingresses.iter_mut().map(|i| &mut i.meta));
        for (i, s) in boxes.enumerate() {
            let (r, c) = (i / per_row, i % per_row);
            let sy = top + m.lane_title_h + r as f64 * (SVC_H + ROW_GAP);
            s.rect = Rect { x: x + c as f64 * (w + SVC_GAP), y: sy, w, h: SVC_H };
            bottom = bottom.max(s.rect.bottom());
        }
        l.band = band(top, bottom + m.band_pad, width);
        y = l.band.bottom() + m.band_gap;
    }
    if let Some(lane) = lane {
        // The lane has no top box: its rows start where the desk's do, whatever the form.
        let tall = Form::Tall.metrics();
        let pod_x = if m.form.stacked() { tall.rs_x } else { tall.pod_x };
        let at = Metrics { rs_x: tall.rs_x, pod_x, ..*m };
        let top = y;
        let mut bottom = top + m.lane_title_h - ROW_GAP;
        for row in &mut lane.rows {
            bottom = lay_out_row(row, bottom + ROW_GAP, width, &at);
        }
        if !lane.pods.pods.is_empty() || lane.pods.aggregate.is_some() {
            bottom = lay_out_group(&mut lane.pods, at.rs_x, bottom + ROW_GAP, width, &at);
        }
        lane.band = band(top, bottom + m.band_pad, width);
        y = lane.band.bottom() + m.band_gap;
    }
    if laid {
        y - m.band_gap + m.tail
    } else {
        y
    }
}

/// One tree's band from `top`: its top box, Services and autoscalers, revisions, configs,
/// disruption budgets, rows, own pods and claims.
fn lay_out_tree(tree: &mut Tree, top: f64, width: f64, m: &Metrics) -> Rect {
    let d = &mut tree.top;
    let h = m.top_h + extra_lines(&d.meta.finalizers);
    d.meta.rect = Rect { x: DEPLOY_X, y: top + m.band_pad, w: m.top_w, h };
    let beside = d.meta.rect;
    // Ingresses first: traffic goes Ingress, Service, pods, so the Service's edges to its
    // pods leave below it without crossing the Ingress.
    let mut boxes: Vec<&mut Rect> = tree.ingresses.iter_mut().map(|i| &mut i.meta.rect).collect();
    boxes.extend(tree.services.iter_mut().map(|s| &mut s.meta.rect));
    boxes.extend(tree.autoscalers.iter_mut().map(|h| &mut h.meta.rect));
    let (mut bottom, left_bottom) = if m.form.beside() {
        // The column under the top box holds its Services; the rows start level with it.
        let column = stack_services(boxes, beside, DEPLOY_X, m.top_w);
        let chips = !tree.revisions.is_empty() || !tree.configs.is_empty() || !tree.pdbs.is_empty();
        let rows_top = if chips { beside.y } else { beside.y - m.gutter };
        (rows_top - ROW_GAP, column)
    } else {
        (lay_out_services(boxes, beside, width), beside.bottom())
    };
    bottom = extras::lay_out_revisions(&mut tree.revisions, bottom, m.rs_x, width);
    bottom = extras::lay_out_configs(&mut tree.configs, bottom, m.rs_x, width);
    bottom = extras::lay_out_pdbs(&mut tree.pdbs, bottom, m.rs_x, width);
    for row in &mut tree.rows {
        bottom = lay_out_row(row, bottom + ROW_GAP, width, m);
    }
    if let Some(pods) = tree.pods.as_mut().filter(|g| !g.pods.is_empty() || g.aggregate.is_some()) {
        // Beside its top box with nothing above them, the pods start level with it.
        let alone = m.form.beside()
            && tree.rows.is_empty()
            && tree.revisions.is_empty()
            && tree.configs.is_empty()
            && tree.pdbs.is_empty();
        let at = if alone { beside.y - m.gutter } else { bottom + ROW_GAP - m.gutter / 2.0 };
        bottom = lay_out_group(pods, m.rs_x, at, width, m);
    }
    bottom = extras::lay_out_claims(&mut tree.claims, bottom, m.rs_x, width, m.gutter);
    extras::draw_arcs(tree);
    band(top, bottom.max(left_bottom) + m.band_pad, width)
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
    stack_services(services, d, RS_X, SVC_W.min(width - MARGIN - RS_X))
}

/// Services and autoscalers one under another below `d`, from `x`; returns the bottom.
fn stack_services(services: Vec<&mut Rect>, d: Rect, x: f64, w: f64) -> f64 {
    let mut bottom = d.bottom();
    for s in services {
        *s = Rect { x, y: bottom + ROW_GAP, w, h: SVC_H };
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
fn lay_out_row(row: &mut RsRow, top: f64, width: f64, m: &Metrics) -> f64 {
    let empty = row.pods.pods.is_empty() && row.pods.aggregate.is_none();
    let rs = &mut row.rs;
    let pad = if empty { EMPTY_ROW_PAD } else { m.gutter };
    let toggle = if row.pods.expanded { FINALIZER_LINE } else { 0.0 };
    let h = if rs.collapsed {
        m.collapsed_h
    } else {
        m.rs_h + extra_lines(&rs.meta.finalizers) + toggle
    };
    if m.form.stacked() && !rs.collapsed {
        // A strip as wide as the row of pods under it, which its edges drop straight onto.
        let c = per_row(m.pod_x, width) as f64;
        let w = RS_W.max(c * POD_W + (c - 1.0) * POD_GAP_X);
        rs.meta.rect = Rect { x: m.rs_x, y: top + pad, w, h: m.rs_h + toggle };
        let strip = rs.meta.rect.bottom();
        return if empty { strip } else { lay_out_group(&mut row.pods, m.pod_x, strip, width, m) };
    }
    rs.meta.rect = Rect { x: m.rs_x, y: top + pad, w: RS_W, h };
    let bottom = rs.meta.rect.bottom();
    if empty {
        bottom
    } else {
        bottom.max(lay_out_group(&mut row.pods, m.pod_x, top, width, m))
    }
}

/// A grid of pod cards by slot, or one summary block, from `top`; returns its bottom.
fn lay_out_group(group: &mut PodGroup, x0: f64, top: f64, width: f64, m: &Metrics) -> f64 {
    let (gutter, pod_h) = (m.gutter, m.pod_h);
    let columns = per_row(x0, width);
    if let Some(agg) = &mut group.aggregate {
        // Never narrower than two cards: the summary line needs the room.
        let cols = (columns as f64).clamp(AGGREGATE_MIN_COLUMNS, AGGREGATE_COLUMNS);
        let w = cols * POD_W + (cols - 1.0) * POD_GAP_X;
        agg.rect = Rect { x: x0, y: top + gutter, w, h: POD_H };
        return agg.rect.bottom();
    }
    let mut bottom = top;
    for pod in &mut group.pods {
        let (r, c) = (pod.slot / columns, pod.slot % columns);
        pod.meta.rect = Rect {
            x: x0 + c as f64 * (POD_W + POD_GAP_X),
            y: top + gutter + r as f64 * (pod_h + gutter),
            w: POD_W,
            h: pod_h,
        };
        bottom = bottom.max(pod.meta.rect.bottom());
    }
    bottom
}

/// The desk's drawing width with `columns` pod cards per row.
#[cfg(test)]
pub fn width_for(columns: usize) -> f64 {
    Form::Tall.metrics().width_for(columns)
}
