//! Edges: one per `metadata.ownerReferences` entry whose owner is drawn, routed between the
//! boxes `layout` placed; which are new, and which were just cut and are fading out.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use super::layout::{GUTTER, POD_W, POD_X, RS_W, RS_X, TREE_SPINE_X};
use super::memory::{CutEdge, LayoutMemory, Parent};
use super::{Edge, Rect, GHOST_MS};

/// Corner radius of routed edges.
const R: f64 = 8.0;

/// A drawn object, as edges see it.
pub(super) struct Geo {
    pub rect: Rect,
    pub parent: Parent,
    /// `Kind/name`.
    pub name: String,
    pub deleting: bool,
    /// False for ghosts.
    pub live: bool,
}

/// One owner reference of a live drawn object.
pub(super) struct Ref {
    pub owner: String,
    pub dependent: String,
    pub controller: bool,
}

/// Live edges, then the cut ones still fading; and when the newest edge still flagged
/// `new` was born.
pub(super) fn edges(
    geo: &BTreeMap<String, Geo>,
    refs: &[Ref],
    memory: &mut LayoutMemory,
    now: f64,
) -> (Vec<Edge>, Option<f64>) {
    let mut latest = None;
    let mut out = Vec::with_capacity(refs.len());
    let mut live = BTreeSet::new();
    for r in refs {
        let (Some(owner), Some(dep)) = (geo.get(&r.owner), geo.get(&r.dependent)) else {
            continue;
        };
        if !owner.live {
            continue;
        }
        // Dependent first: keys then differ early, which keeps map lookups cheap when one
        // ReplicaSet owns many pods.
        let key = format!("{}<{}", r.dependent, r.owner);
        let born = match memory.edges.get(&key) {
            Some((born, _)) => *born,
            None => memory.built.then_some(now),
        };
        let (path, mid) = route(owner, dep, &r.owner);
        let new = born.is_some_and(|b| now - b < GHOST_MS);
        if let (true, Some(b)) = (new, born) {
            latest = Some(latest.map_or(b, |l: f64| l.max(b)));
        }
        let edge = Edge {
            owner: owner.name.clone(),
            dependent: dep.name.clone(),
            controller: r.controller,
            new,
            cut: false,
            ripple: owner.deleting,
            path,
            mid,
            key: key.clone(),
        };
        memory.cut.remove(&key);
        memory.edges.insert(key.clone(), (born, edge.clone()));
        live.insert(key);
        out.push(edge);
    }

    // An edge that went is cut if its dependent is still drawn (live or as a ghost); one
    // that went because its pods are now summarised simply goes.
    let gone: Vec<String> = memory.edges.keys().filter(|k| !live.contains(*k)).cloned().collect();
    for key in gone {
        let Some((_, edge)) = memory.edges.remove(&key) else { continue };
        let Some((dependent_uid, owner_uid)) = key.split_once('<') else { continue };
        if geo.contains_key(dependent_uid) {
            let cut = Edge { new: false, cut: true, ripple: false, ..edge };
            memory.cut.insert(
                key.clone(),
                CutEdge {
                    edge: cut,
                    owner_uid: owner_uid.to_string(),
                    dependent_uid: dependent_uid.to_string(),
                    since: now,
                },
            );
        }
    }

    memory.cut.retain(|_, c| now - c.since < GHOST_MS);
    for c in memory.cut.values_mut() {
        if let (Some(owner), Some(dep)) = (geo.get(&c.owner_uid), geo.get(&c.dependent_uid)) {
            (c.edge.path, c.edge.mid) = route(owner, dep, &c.owner_uid);
        }
        out.push(c.edge.clone());
    }
    (out, latest)
}

/// The path from owner to dependent: down the tree spine for a Deployment's ReplicaSets,
/// along the gutter to the card's top for a ReplicaSet's pods, a curve for anything else.
fn route(owner: &Geo, dep: &Geo, owner_uid: &str) -> (String, (f64, f64)) {
    match &dep.parent {
        Parent::Tree(t) if t == owner_uid => tree_elbow(owner.rect, dep.rect),
        // Pods a top box owns directly (DaemonSet, StatefulSet, Job) hang off the tree's
        // spine, as ReplicaSets do, rather than off the box's far right edge.
        Parent::Group(g) if g == owner_uid && owner.parent == Parent::Root => {
            spine_drop(owner.rect, dep.rect)
        }
        Parent::Group(g) if g == owner_uid => comb(owner.rect, dep.rect),
        _ => curve(owner.rect, dep.rect),
    }
}

/// A coordinate rounded to a tenth, printed short (`12`, `12.5`): exact-decimal formatting
/// of every coordinate is what made path building slow.
fn n(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

fn tree_elbow(d: Rect, rs: Rect) -> (String, (f64, f64)) {
    let (x, ty) = (n(TREE_SPINE_X), n(rs.y + rs.h / 2.0));
    let mut p = String::new();
    let _ =
        write!(p, "M{x} {} V{} Q{x} {ty} {} {ty} H{}", n(d.bottom()), n(ty - R), n(x + R), n(rs.x));
    (p, ((x + rs.x) / 2.0 + R / 2.0, ty))
}

fn spine_drop(top: Rect, pod: Rect) -> (String, (f64, f64)) {
    let x = n(TREE_SPINE_X);
    let gy = n(pod.y - GUTTER / 2.0);
    let tx = n(pod.x + (pod.w / 2.0).min(POD_W / 2.0));
    let mut p = String::new();
    let _ = write!(p, "M{x} {} V{} Q{x} {gy} {} {gy}", n(top.bottom()), n(gy - R), n(x + R));
    let _ = write!(p, " H{} Q{tx} {gy} {tx} {} V{}", n(tx - R), n(gy + R), n(pod.y));
    (p, (tx, gy))
}

fn comb(rs: Rect, pod: Rect) -> (String, (f64, f64)) {
    let (sx, sy) = (n(rs.right()), n(rs.y + rs.h / 2.0));
    let spine = n(sx + (POD_X - RS_X - RS_W) / 2.0);
    let gy = n(pod.y - GUTTER / 2.0);
    let tx = n(pod.x + (pod.w / 2.0).min(POD_W / 2.0));
    let mut p = String::new();
    let _ = write!(p, "M{sx} {sy} H{}", n(spine - R));
    let dir = if gy < sy { -1.0 } else { 1.0 };
    if (gy - sy).abs() >= 2.0 * R {
        let (a, b, c) = (n(sy + dir * R), n(gy - dir * R), n(spine + R));
        let _ = write!(p, " Q{spine} {sy} {spine} {a} V{b} Q{spine} {gy} {c} {gy}");
    } else {
        let _ = write!(p, " H{spine} V{gy}");
    }
    let _ = write!(p, " H{} Q{tx} {gy} {tx} {} V{}", n(tx - R), n(gy + R), n(pod.y));
    (p, (tx, gy))
}

fn curve(o: Rect, d: Rect) -> (String, (f64, f64)) {
    let (a, b) = if d.x >= o.right() + R {
        ((o.right(), o.y + o.h / 2.0), (d.x, d.y + d.h / 2.0))
    } else if d.y >= o.bottom() {
        ((o.x + o.w / 2.0, o.bottom()), (d.x + d.w / 2.0, d.y))
    } else if d.bottom() <= o.y {
        ((o.x + o.w / 2.0, o.y), (d.x + d.w / 2.0, d.bottom()))
    } else {
        ((o.x, o.y + o.h / 2.0), (d.right(), d.y + d.h / 2.0))
    };
    let horizontal = (b.0 - a.0).abs() >= (b.1 - a.1).abs();
    let (c1, c2) = if horizontal {
        let mx = (a.0 + b.0) / 2.0;
        ((mx, a.1), (mx, b.1))
    } else {
        let my = (a.1 + b.1) / 2.0;
        ((a.0, my), (b.0, my))
    };
    let mut p = String::new();
    let _ = write!(
        p,
        "M{} {} C{} {} {} {} {} {}",
        n(a.0),
        n(a.1),
        n(c1.0),
        n(c1.1),
        n(c2.0),
        n(c2.1),
        n(b.0),
        n(b.1)
    );
    let mid =
        ((a.0 + 3.0 * c1.0 + 3.0 * c2.0 + b.0) / 8.0, (a.1 + 3.0 * c1.1 + 3.0 * c2.1 + b.1) / 8.0);
    (p, mid)
}
