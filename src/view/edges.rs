//! Edges: one per `metadata.ownerReferences` entry whose owner is drawn, routed between the
//! boxes `layout` placed; which are new, and which were just cut and are fading out.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use super::layout::{COMB_GAP, POD_W, TREE_SPINE_X};
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
    let gutter = memory.metrics().gutter;
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
        let (path, mid) = route(owner, dep, &r.owner, gutter);
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
            (c.edge.path, c.edge.mid) = route(owner, dep, &c.owner_uid, gutter);
        }
        out.push(c.edge.clone());
    }
    (out, latest)
}

/// The path from owner to dependent: down the tree spine for a Deployment's ReplicaSets (or
/// along a bus right of it, when it sits beside them), along the gutter to the card's top for
/// a ReplicaSet's pods, a curve for anything else. `gutter` is the space above pod cards.
fn route(owner: &Geo, dep: &Geo, owner_uid: &str, gutter: f64) -> (String, (f64, f64)) {
    let (o, d) = (owner.rect, dep.rect);
    let beside = d.x >= o.right() + 2.0 * R;
    match &dep.parent {
        Parent::Tree(t) if t == owner_uid && beside => bus(o, d),
        Parent::Tree(t) if t == owner_uid => tree_elbow(o, d),
        // Pods a top box owns directly (DaemonSet, StatefulSet, Job) hang off the tree's
        // spine, as ReplicaSets do, rather than off the box's far right edge.
        Parent::Group(g) if g == owner_uid && owner.parent == Parent::Root && !beside => {
            spine_drop(o, d, gutter)
        }
        Parent::Group(g) if g == owner_uid && owner.parent == Parent::Root => {
            let (sy, spine) = (bus_y(o), o.right() + (d.x - o.right()).min(4.0 * R) / 2.0);
            comb(o.right(), sy, spine, d, gutter)
        }
        // A stacked row's strip sits over its pods: straight down onto each card.
        Parent::Group(g) if g == owner_uid && d.y >= o.bottom() && d.x < o.right() => drop(o, d),
        Parent::Group(g) if g == owner_uid => {
            comb(o.right(), o.y + o.h / 2.0, o.right() + COMB_GAP / 2.0, d, gutter)
        }
        _ => curve(o, d),
    }
}

/// A coordinate rounded to a tenth, printed short (`12`, `12.5`): exact-decimal formatting
/// of every coordinate is what made path building slow.
fn n(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

fn tree_elbow(d: Rect, rs: Rect) -> (String, (f64, f64)) {
    // A stacked form's rows start nearer the left edge: the spine keeps room for its turn.
    let (x, ty) = (n(TREE_SPINE_X.min(rs.x - 2.0 * R)), n(rs.y + rs.h / 2.0));
    let mut p = String::new();
    let _ =
        write!(p, "M{x} {} V{} Q{x} {ty} {} {ty} H{}", n(d.bottom()), n(ty - R), n(x + R), n(rs.x));
    (p, ((x + rs.x) / 2.0 + R / 2.0, ty))
}

/// Where edges leave a top box that sits beside what it owns: level with its name.
fn bus_y(top: Rect) -> f64 {
    top.y + (top.h / 2.0).min(40.0)
}

/// From the right edge of a top box beside its rows, along to a bus halfway to them, down
/// (or up) the bus, and across to the row's box: every row branches off the same bus.
fn bus(d: Rect, rs: Rect) -> (String, (f64, f64)) {
    let (sx, sy, ty) = (n(d.right()), n(bus_y(d)), n(rs.y + rs.h / 2.0));
    let spine = n((d.right() + rs.x) / 2.0);
    let mut p = String::new();
    let _ = write!(p, "M{sx} {sy}");
    turn(&mut p, sy, spine, ty);
    let _ = write!(p, " H{}", n(rs.x));
    (p, ((spine + rs.x) / 2.0, ty))
}

/// From the path's current point at height `sy`, across to the vertical at `spine` and along
/// it to height `ty`, rounding both corners; ends heading right at (`spine + R`, `ty`).
fn turn(p: &mut String, sy: f64, spine: f64, ty: f64) {
    let dir = if ty < sy { -1.0 } else { 1.0 };
    if (ty - sy).abs() >= 2.0 * R {
        let (a, b, c) = (n(sy + dir * R), n(ty - dir * R), n(spine + R));
        let _ =
            write!(p, " H{} Q{spine} {sy} {spine} {a} V{b} Q{spine} {ty} {c} {ty}", n(spine - R));
    } else {
        let _ = write!(p, " H{spine} V{ty}");
    }
}

/// From a strip's bottom edge straight down onto the top of `pod`, under it.
fn drop(strip: Rect, pod: Rect) -> (String, (f64, f64)) {
    let x = n(pod.x + (pod.w / 2.0).min(POD_W / 2.0));
    let (top, bottom) = (n(strip.bottom()), n(pod.y));
    (format!("M{x} {top} V{bottom}"), (x, (top + bottom) / 2.0))
}

fn spine_drop(top: Rect, pod: Rect, gutter: f64) -> (String, (f64, f64)) {
    let x = n(TREE_SPINE_X);
    let gy = n(pod.y - gutter / 2.0);
    let tx = n(pod.x + (pod.w / 2.0).min(POD_W / 2.0));
    let mut p = String::new();
    let _ = write!(p, "M{x} {} V{} Q{x} {gy} {} {gy}", n(top.bottom()), n(gy - R), n(x + R));
    let _ = write!(p, " H{} Q{tx} {gy} {tx} {} V{}", n(tx - R), n(gy + R), n(pod.y));
    (p, (tx, gy))
}

/// From (`sx`, `sy`) on an owner's right edge, across to `spine`, along it to the gutter
/// above `pod`, and down onto the card's top.
fn comb(sx: f64, sy: f64, spine: f64, pod: Rect, gutter: f64) -> (String, (f64, f64)) {
    let (sx, sy, spine) = (n(sx), n(sy), n(spine));
    let gy = n(pod.y - gutter / 2.0);
    let tx = n(pod.x + (pod.w / 2.0).min(POD_W / 2.0));
    let mut p = String::new();
    let _ = write!(p, "M{sx} {sy}");
    turn(&mut p, sy, spine, gy);
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
