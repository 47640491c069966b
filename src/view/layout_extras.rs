//! Geometry of what only some trees have: a set's ControllerRevisions, the ConfigMaps and
//! Secrets its pods read and the disruption budgets covering them (small chips under its box), a
//! StatefulSet's claims (a strip under its pods, since they outlive them), and each
//! autoscaler's loop onto what it scales.

use super::{MARGIN, POD_GAP_X, POD_W};
use crate::selection::ObjRef;
use crate::view::{ClaimItem, ConfigItem, PdbItem, Rect, RevisionItem, Tree};

pub const REV_W: f64 = 76.0;
pub const REV_H: f64 = 30.0;
const REV_GAP: f64 = 8.0;
pub const CLAIM_W: f64 = POD_W;
pub const CLAIM_H: f64 = 56.0;
const ROW_GAP: f64 = 6.0;

/// A ConfigMap's or Secret's chip: wide enough for `cm` and a name of 14 characters.
pub const CONFIG_W: f64 = 150.0;
/// A PodDisruptionBudget's chip: as wide as a pod card, so one fits wherever a row of pods
/// does, and wide enough for `pdb web · 1 allowed`.
pub const PDB_W: f64 = POD_W;

/// The chips in one line from `x0`, where rows start (they wrap when many); returns the
/// bottom.
pub fn lay_out_revisions(revisions: &mut [RevisionItem], top: f64, x0: f64, width: f64) -> f64 {
    lay_out_chips(revisions.iter_mut().map(|r| &mut r.meta.rect), REV_W, top, x0, width)
}

/// The same for the ConfigMaps and Secrets a tree reads, on their own line.
pub fn lay_out_configs(configs: &mut [ConfigItem], top: f64, x0: f64, width: f64) -> f64 {
    lay_out_chips(configs.iter_mut().map(|c| &mut c.meta.rect), CONFIG_W, top, x0, width)
}

/// The same for the PodDisruptionBudgets covering a tree's pods, on their own line.
pub fn lay_out_pdbs(pdbs: &mut [PdbItem], top: f64, x0: f64, width: f64) -> f64 {
    lay_out_chips(pdbs.iter_mut().map(|b| &mut b.meta.rect), PDB_W, top, x0, width)
}

fn lay_out_chips<'a>(
    rects: impl Iterator<Item = &'a mut Rect>,
    w: f64,
    top: f64,
    x0: f64,
    width: f64,
) -> f64 {
    let per_row = (((width - MARGIN - x0 + REV_GAP) / (w + REV_GAP)) as usize).max(1);
    let mut bottom = top;
    for (i, rect) in rects.enumerate() {
        let (row, col) = (i / per_row, i % per_row);
        let y = top + ROW_GAP + row as f64 * (REV_H + REV_GAP);
        *rect = Rect { x: x0 + col as f64 * (w + REV_GAP), y, w, h: REV_H };
        bottom = rect.bottom();
    }
    bottom
}

/// The claims in a grid of pod-card columns from `x0` under the pods; returns the bottom.
pub fn lay_out_claims(claims: &mut [ClaimItem], top: f64, x0: f64, width: f64, gutter: f64) -> f64 {
    let per_row = super::per_row(x0, width);
    let mut bottom = top;
    for (i, c) in claims.iter_mut().enumerate() {
        let (row, col) = (i / per_row, i % per_row);
        let y = top + gutter / 2.0 + row as f64 * (CLAIM_H + ROW_GAP);
        c.meta.rect =
            Rect { x: x0 + col as f64 * (CLAIM_W + POD_GAP_X), y, w: CLAIM_W, h: CLAIM_H };
        bottom = c.meta.rect.bottom();
    }
    bottom
}

/// Each autoscaler's loop: from its box's left edge, round below it, onto the right edge of
/// the box it scales (the tree's top box, or one of its rows).
pub fn draw_arcs(tree: &mut Tree) {
    let targets: Vec<(ObjRef, Rect)> = std::iter::once(&tree.top.meta)
        .chain(tree.rows.iter().map(|r| &r.rs.meta))
        .map(|m| (m.target.clone(), m.rect))
        .collect();
    for h in &mut tree.autoscalers {
        let Some((_, to)) = targets.iter().find(|(t, _)| *t == h.target) else {
            h.arc = String::new();
            continue;
        };
        h.arc = arc(h.meta.rect, *to);
    }
}

/// A cubic curve from `from`'s lower left to the middle of `to`'s right edge, or of its top
/// edge when `from` sits below it (stacked on a narrow panel).
fn arc(from: Rect, to: Rect) -> String {
    let (sx, sy) = (from.x, from.y + from.h * 0.7);
    if from.y >= to.bottom() {
        let (ex, ey) = (to.x + to.w * 0.75, to.bottom());
        return format!(
            "M{sx:.1},{sy:.1} C{:.1},{sy:.1} {ex:.1},{:.1} {ex:.1},{ey:.1}",
            sx - 40.0,
            ey + 40.0
        );
    }
    let (ex, ey) = (to.right(), to.y + to.h * 0.5);
    let bend = (sx - ex).abs().max(40.0) * 0.5;
    format!(
        "M{sx:.1},{sy:.1} C{:.1},{:.1} {:.1},{ey:.1} {ex:.1},{ey:.1}",
        sx - bend,
        sy + 30.0,
        ex + bend,
    )
}
