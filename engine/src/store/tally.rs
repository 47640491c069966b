//! Per-controller tallies of pods, kept in step with every pod write: for each controller
//! UID, the pods naming it as controller grouped by their label map, with how many are
//! active, terminating, ready, and since when each ready one is. A ReplicaSet's sync reads
//! its counts here instead of visiting each of its pods (`calculateStatus` over
//! `filteredPods` in pkg/controller/replicaset/replica_set_utils.go), which at 100,000 pods
//! was the sync's whole cost, once per tick. The invariants check rebuilds the tallies from
//! the pod table, so a write that forgets one is caught at the tick that made it.
//!
//! It does not decide what a ReplicaSet claims: the selector, orphans and adoption stay the
//! controller's, which falls back to reading every pod when a tally cannot answer.

use std::collections::BTreeMap;

use super::index::UidKey;
use crate::clock::Time;
use crate::model::{Labels, ObjectMeta, Pod, PodPhase};

/// What a pod adds to its controller's tally.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PodState {
    /// `controller.IsPodActive`: not finished and not being deleted.
    pub active: bool,
    /// Being deleted and not finished (`status.terminatingReplicas`).
    pub terminating: bool,
    /// Active and Ready.
    pub ready: bool,
    /// Ready=True's lastTransitionTime, for availability after `minReadySeconds`.
    pub ready_since: Option<Time>,
}

impl PodState {
    pub fn of(p: &Pod) -> PodState {
        let active = p.is_active();
        let finished = matches!(p.status.phase, PodPhase::Succeeded | PodPhase::Failed);
        let ready = active && p.is_ready();
        PodState {
            active,
            terminating: p.metadata.is_deleting() && !finished,
            ready,
            ready_since: if ready { p.ready_since() } else { None },
        }
    }

    fn counts(&self) -> bool {
        self.active || self.terminating
    }
}

/// The pods of one controller that share one label map.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TallyGroup {
    pub active: usize,
    pub terminating: usize,
    pub ready: usize,
    /// Ready pods by their Ready condition's lastTransitionTime (`None`: not stated).
    ready_since: BTreeMap<Option<Time>, usize>,
}

impl TallyGroup {
    /// Ready pods that are available at `now` (`podutil.IsPodAvailable`): all of them with
    /// no `minReadySeconds`, else those ready for longer than it.
    pub fn available(&self, min_ready_seconds: i32, now: Time) -> usize {
        if min_ready_seconds <= 0 {
            return self.ready;
        }
        let secs = i64::from(min_ready_seconds);
        self.ready_since
            .iter()
            .filter_map(|(t, n)| t.map(|t| (t, *n)))
            .take_while(|(t, _)| t.plus_secs(secs) < now)
            .map(|(_, n)| n)
            .sum()
    }

    fn apply(&mut self, s: PodState, add: bool) {
        fn step(n: &mut usize, by: bool, add: bool) {
            if by {
                if add {
                    *n += 1;
                } else {
                    *n -= 1;
                }
            }
        }
        step(&mut self.active, s.active, add);
        step(&mut self.terminating, s.terminating, add);
        step(&mut self.ready, s.ready, add);
        if s.ready {
            if add {
                *self.ready_since.entry(s.ready_since).or_default() += 1;
            } else if let Some(n) = self.ready_since.get_mut(&s.ready_since) {
                *n -= 1;
                if *n == 0 {
                    self.ready_since.remove(&s.ready_since);
                }
            }
        }
    }

    fn is_empty(&self) -> bool {
        self.active == 0 && self.terminating == 0
    }
}

/// Controller UID -> its pods' label maps -> their counts.
pub type Tallies = BTreeMap<UidKey, BTreeMap<Labels, TallyGroup>>;

/// Where a pod counts: its controller's UID and its labels, if it counts at all.
fn place<'a>(m: &'a ObjectMeta, s: &PodState) -> Option<(&'a str, &'a Labels)> {
    let owner = m.controller_ref()?;
    s.counts().then_some((owner.uid.as_str(), &m.labels))
}

/// Moves a pod's contribution from its old state to its new one (either may be absent).
pub fn on_pod_write(
    tallies: &mut Tallies,
    old: Option<(&ObjectMeta, PodState)>,
    new: Option<(&ObjectMeta, PodState)>,
) {
    let from = old.as_ref().and_then(|(m, s)| place(m, s).map(|p| (p, *s)));
    let to = new.as_ref().and_then(|(m, s)| place(m, s).map(|p| (p, *s)));
    if from == to {
        return;
    }
    if let Some(((uid, labels), s)) = from {
        let owner = UidKey::of(uid);
        if let Some(groups) = tallies.get_mut(&owner) {
            if let Some(g) = groups.get_mut(labels) {
                g.apply(s, false);
                if g.is_empty() {
                    groups.remove(labels);
                }
            }
            if groups.is_empty() {
                tallies.remove(&owner);
            }
        }
    }
    if let Some(((uid, labels), s)) = to {
        let groups = tallies.entry(UidKey::of(uid)).or_default();
        match groups.get_mut(labels) {
            Some(g) => g.apply(s, true),
            None => {
                let mut g = TallyGroup::default();
                g.apply(s, true);
                groups.insert(labels.clone(), g);
            }
        }
    }
}

impl super::Store {
    /// The tally of the pods whose controller has this UID: its groups by label map.
    pub fn pod_tally(&self, controller_uid: &str) -> impl Iterator<Item = (&Labels, &TallyGroup)> {
        self.index.tallies.get(&UidKey::of(controller_uid)).into_iter().flatten()
    }

    /// Whether any pod in `ns` has no controller (a ReplicaSet there may adopt it).
    pub fn has_orphan_pods(&self, ns: &str) -> bool {
        let from = (crate::model::Kind::Pod, super::Key::new(ns, ""));
        self.index
            .orphans
            .range(from..)
            .next()
            .is_some_and(|(k, key)| *k == crate::model::Kind::Pod && key.ns == ns)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(ready_since: Option<i64>) -> PodState {
        PodState {
            active: true,
            terminating: false,
            ready: ready_since.is_some(),
            ready_since: ready_since.map(Time),
        }
    }

    #[test]
    fn available_counts_only_pods_ready_for_longer_than_min_ready_seconds() {
        let mut g = TallyGroup::default();
        for t in [Some(0), Some(1_000), Some(5_000), None] {
            g.apply(state(t), true);
        }
        assert_eq!((g.active, g.ready), (4, 3));
        assert_eq!(g.available(0, Time(0)), 3);
        // Ready at 0 s and 1 s, available 2 s later; strictly after, as IsPodAvailable.
        assert_eq!(g.available(2, Time(3_000)), 1);
        assert_eq!(g.available(2, Time(3_001)), 2);
        assert_eq!(g.available(2, Time(60_000)), 3);
        g.apply(state(Some(1_000)), false);
        assert_eq!(g.available(2, Time(60_000)), 2);
    }
}
