//! Countdowns on objects whose watch events a loop lost: the wait until the informer's resync
//! is the lesson, so the graph shows it on the object's box.

use super::{Rect, ViewModel};
use crate::selection::ObjRef;
use crate::words::Words;

/// A countdown on an object whose watch event a loop lost: which loops missed it and how
/// long until their informer's resync notices (`World::lost_events`). It holds the loops and
/// the times as kubeloop prints durations; the graph words them in the page's language.
#[derive(Clone, Debug, PartialEq)]
pub struct LostBadge {
    /// The object's box, to sit on.
    pub rect: Rect,
    /// Each loop that missed it and how long until it notices (`25s`), in the order lost.
    pub loops: Vec<(String, String)>,
    /// How long until the first of them notices.
    pub first: String,
}

impl LostBadge {
    /// `missed: scheduler notices in 25s`, or `missed: 3 loops, first notices in 25s`.
    pub fn text(&self, w: &Words) -> String {
        match self.loops.as_slice() {
            [(name, time)] => w.with(
                "graph-lost-one",
                &[("loop", name.as_str().into()), ("time", time.as_str().into())],
            ),
            loops => w.with(
                "graph-lost-many",
                &[("count", loops.len().into()), ("time", self.first.as_str().into())],
            ),
        }
    }

    /// Each loop that missed it and when it notices, a line each, for the tooltip.
    pub fn detail(&self, w: &Words) -> String {
        let lines: Vec<String> = self
            .loops
            .iter()
            .map(|(name, time)| {
                w.with(
                    "graph-lost-detail",
                    &[("loop", name.as_str().into()), ("time", time.as_str().into())],
                )
            })
            .collect();
        lines.join("\n")
    }
}

/// The badges for every drawn object with a lost watch event, at the world's current time.
pub fn lost_badges(view: &ViewModel, world: &kubeloop::world::World) -> Vec<LostBadge> {
    let now = world.now();
    // Per object: each loop that missed it, and how long until it notices.
    let mut badges: Vec<(ObjRef, Vec<(String, i64)>)> = Vec::new();
    for lost in world.lost_events() {
        let target = ObjRef::new(lost.kind, &lost.namespace, &lost.name);
        let left = (lost.controller.to_string(), lost.noticed_at.since(now).max(0));
        match badges.iter_mut().find(|(t, _)| *t == target) {
            Some((_, loops)) => loops.push(left),
            None => badges.push((target, vec![left])),
        }
    }
    let human = kubeloop::duration::human;
    badges
        .into_iter()
        .filter_map(|(target, loops)| {
            let rect = view.find(&target)?.rect;
            let first = human(loops.iter().map(|(_, ms)| *ms).min().unwrap_or(0));
            let loops = loops.into_iter().map(|(name, ms)| (name, human(ms))).collect();
            Some(LostBadge { rect, loops, first })
        })
        .collect()
}
