//! Ghosts: objects that left the store but stay drawn, holding their dependents' place while
//! the garbage collector works, then shrinking out. Part of `LayoutMemory`.

use std::collections::{BTreeMap, BTreeSet};

use kubeloop::model::Kind;

use super::{Item, LayoutMemory, Parent};
use crate::view::GHOST_MS;

/// Every kind the graph draws, children before their owners: pods, then rows (a ReplicaSet,
/// a Job under its CronJob), then the tops of trees. A Job of its own is aged after its pods
/// and before any CronJob, which is all its place in both lists needs.
const AGE_ORDER: [Kind; 8] = [
    Kind::Pod,
    Kind::ReplicaSet,
    Kind::Job,
    Kind::Deployment,
    Kind::DaemonSet,
    Kind::StatefulSet,
    Kind::ReplicationController,
    Kind::CronJob,
];

/// An object that left the store but is still drawn.
#[derive(Clone, Debug)]
pub(in crate::view) struct Ghost {
    pub item: Item,
    pub parent: Parent,
    /// When it started shrinking out; `None` while it still has children to hold a place for.
    pub since: Option<f64>,
}

impl LayoutMemory {
    /// Turns what the last build drew but the store no longer has into ghosts.
    pub(in crate::view) fn note_vanished(&mut self, live: impl Fn(&str) -> bool) {
        let drawn = std::mem::take(&mut self.drawn);
        for (uid, (item, parent)) in drawn {
            if !live(&uid) {
                self.ghosts.insert(uid, Ghost { item, parent, since: None });
            }
        }
    }

    pub(in crate::view) fn ghost_kind(&self, uid: &str) -> Option<Kind> {
        self.ghosts.get(uid).map(|g| g.item.kind())
    }

    /// Starts, runs out and drops ghosts. A ghost holds its place while anything still sits
    /// under it (`live_children` counts live ones by parent UID); then it shrinks out for
    /// `GHOST_MS`. Pod ghosts in summarised groups go at once: bulk changes do not animate
    /// pod by pod. Children are aged before parents (`AGE_ORDER`), so a cascade empties
    /// bottom-up; every kind the graph draws is aged, so no ghost outlives its dependents.
    pub(in crate::view) fn age_ghosts(
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
}
