//! A ReplicaSet scaled by hand that its controller sets back: the fact (asked 5, set 3, by
//! the deployment loop) read from the watch log's writers, and held for a few seconds of real
//! time so the card can show it. While playing, `k scale rs/web-… --replicas=5` and the
//! Deployment's answer land in the same frame; without this nothing is ever seen.
//!
//! The Deployment owns its ReplicaSets' size (`pkg/controller/deployment/sync.go`
//! `scaleReplicaSet`), so a hand-written size lasts until its next sync. It reads no printed
//! text and knows nothing about drawing.

use std::collections::BTreeMap;

use kubeloop::controllers::ControllerName;
use kubeloop::model::{Object, ReplicaSet};
use kubeloop::store::{Store, WatchEventType};

use super::ScaledBack;

/// How long, in real milliseconds, a card shows a size that was set back.
pub const SCALED_BACK_MS: f64 = 4000.0;

#[derive(Clone, Debug, Default)]
pub(super) struct ScaledMemory {
    /// ReplicaSet UID -> the replicas the user last wrote, until a loop writes another size.
    asked: BTreeMap<String, i32>,
    /// ReplicaSet UID -> the size set back, and when it was seen (real ms).
    shown: BTreeMap<String, (ScaledBack, f64)>,
    /// ReplicaSet UID -> its size as of the last write read, so a hand write that leaves the
    /// size alone (a label) is not taken for a scale.
    sizes: BTreeMap<String, i32>,
}

impl ScaledMemory {
    /// Reads the writes after resourceVersion `since` (nothing on a first build, whose past
    /// the page never showed), and drops what has been shown long enough.
    pub(super) fn read(&mut self, store: &Store, since: Option<u64>, now: f64) {
        for e in since.into_iter().flat_map(|rv| store.watch.after_rv(rv)) {
            let Object::ReplicaSet(rs) = &e.object else { continue };
            let uid = &rs.metadata.uid;
            let replicas = rs.spec.replicas;
            match (e.ty, e.by) {
                (WatchEventType::Deleted, _) => {
                    self.asked.remove(uid);
                    self.shown.remove(uid);
                }
                (_, None) => {
                    if self.sizes.get(uid) != Some(&replicas) {
                        self.asked.insert(uid.clone(), replicas);
                    }
                }
                // A loop's status write keeps the size; only another size answers the user.
                (_, Some(manager)) => {
                    let by = ControllerName::of_manager(manager);
                    if let (Some(asked), Some(by)) =
                        (self.asked.get(uid).copied().filter(|a| *a != replicas), by)
                    {
                        self.asked.remove(uid);
                        let fact = ScaledBack { asked, set: replicas, by };
                        self.shown.insert(uid.clone(), (fact, now));
                    }
                }
            }
            self.sizes.insert(uid.clone(), replicas);
        }
        self.shown.retain(|_, (_, since)| now - *since < SCALED_BACK_MS);
        self.sizes = store
            .list::<ReplicaSet>(None, None)
            .map(|rs| (rs.metadata.uid.clone(), rs.spec.replicas))
            .collect();
    }

    pub(super) fn get(&self, uid: &str) -> Option<ScaledBack> {
        self.shown.get(uid).map(|(fact, _)| fact.clone())
    }

    /// Real time until which a card shows a size set back.
    pub(super) fn until(&self) -> f64 {
        self.shown
            .values()
            .map(|(_, since)| since + SCALED_BACK_MS)
            .fold(f64::NEG_INFINITY, f64::max)
    }
}

#[cfg(test)]
mod tests {
    use kubeloop::controllers::ControllerName;
    use kubeloop::kubectl::Mode;
    use kubeloop::session::Session;
    use kubeloop::world::World;

    use super::super::*;

    fn run(s: &mut Session, line: &str) {
        let out = s.run(line);
        assert_eq!(out.status, 0, "{line}: {}", out.text());
    }

    /// `web` at 3 replicas, settled and drawn at real time 0, and its ReplicaSet's name.
    fn web() -> (Session, LayoutMemory, String) {
        let mut s = Session::new(World::new(1), Mode::Script);
        run(&mut s, "k create deployment web --image=nginx:1.27 --replicas=3");
        s.world.settle();
        let mut mem = LayoutMemory::new();
        let v = build(&s.world, &mut mem, 0.0);
        let rs = v.trees[0].rows[0].rs.meta.target.name.clone();
        (s, mem, rs)
    }

    fn row(v: &ViewModel) -> &RowItem {
        &v.trees[0].rows[0].rs
    }

    #[test]
    fn a_hand_scaled_replicaset_shows_the_size_its_deployment_set_back_for_a_while() {
        let (mut s, mut mem, rs) = web();
        run(&mut s, &format!("k scale rs/{rs} --replicas=5"));
        // Playing: the write and the Deployment's answer both happen before the next build.
        s.world.settle();
        let v = build(&s.world, &mut mem, 1000.0);
        let fact = ScaledBack { asked: 5, set: 3, by: ControllerName::Deployment };
        assert_eq!(row(&v).scaled_back, Some(fact.clone()));
        assert!(matches!(row(&v).figures, RowFigures::ReplicaSet { desired: 3, .. }));
        assert_eq!(fact.desired_cell(), "5 \u{2192} 3");
        assert_eq!(fact.badge(), "\u{21a9} deploy");

        let later = 1000.0 + SCALED_BACK_MS - 1.0;
        assert!(mem.needs_build(&s.world, later), "the page comes back to take it down");
        assert_eq!(row(&build(&s.world, &mut mem, later)).scaled_back, Some(fact));
        let gone = build(&s.world, &mut mem, 1000.0 + SCALED_BACK_MS);
        assert_eq!(row(&gone).scaled_back, None);
    }

    #[test]
    fn paused_the_step_that_sets_it_back_shows_it_too() {
        let (mut s, mut mem, rs) = web();
        run(&mut s, &format!("k scale rs/{rs} --replicas=1"));
        let v = build(&s.world, &mut mem, 100.0);
        assert!(matches!(row(&v).figures, RowFigures::ReplicaSet { desired: 1, .. }));
        assert_eq!(row(&v).scaled_back, None, "not set back yet");
        s.world.settle();
        let v = build(&s.world, &mut mem, 200.0);
        let fact = ScaledBack { asked: 1, set: 3, by: ControllerName::Deployment };
        assert_eq!(row(&v).scaled_back, Some(fact));
    }

    #[test]
    fn other_hand_writes_and_the_loops_own_scaling_show_nothing() {
        let (mut s, mut mem, rs) = web();
        run(&mut s, &format!("k label rs/{rs} team=a"));
        run(&mut s, "k scale deploy/web --replicas=4");
        s.world.settle();
        let v = build(&s.world, &mut mem, 100.0);
        assert!(matches!(row(&v).figures, RowFigures::ReplicaSet { desired: 4, .. }));
        assert_eq!(row(&v).scaled_back, None);
    }
}
