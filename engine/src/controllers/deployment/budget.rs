//! A Deployment's rollout budget as typed numbers: maxSurge and maxUnavailable as written and
//! as resolved, the pod total and availability they allow, and where the old and new
//! ReplicaSets stand against them. The page's meter and the loop's decision text both read
//! it, so they cannot disagree. It computes nothing new: every number comes from `util.rs`.
//!
//! Models the arithmetic of pkg/controller/deployment/rolling.go (`reconcileNewReplicaSet`,
//! `reconcileOldReplicaSets`) over pkg/controller/deployment/util/deployment_util.go
//! (`ResolveFenceposts`, `MaxSurge`, `MaxUnavailable`, `NewRSNewReplicas`).

use crate::clock::Time;
use crate::model::{Deployment, IntOrString, ReplicaSet};
use crate::store::Store;

use super::conditions::{deployment_complete, get_condition, NEW_RS_AVAILABLE, PROGRESSING};
use super::hash::{find_new_replica_set, find_old_replica_sets};
use super::util::*;

/// The RollingUpdate parameters, written and resolved. `None` for Recreate, which has no
/// budget: it scales every old pod away before the new ReplicaSet gets any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// `maxSurge` as the spec holds it (`25%`, `1`).
    pub max_surge: IntOrString,
    /// Resolved: a percentage of desired, rounded up.
    pub surge: i32,
    /// `maxUnavailable` as the spec holds it.
    pub max_unavailable: IntOrString,
    /// Scaled from the spec, rounded down, before the fencepost rule.
    pub scaled_unavailable: i32,
    /// Resolved: after the fencepost rule, and never above desired.
    pub unavailable: i32,
    /// `desired + surge`: the most pods all ReplicaSets may want at once.
    pub max_total: i32,
    /// `desired - unavailable`: the fewest available pods the loop scales down to.
    pub min_available: i32,
}

impl Limits {
    pub fn of(d: &Deployment) -> Option<Limits> {
        let ru = d.is_rolling().then(|| rolling_params(d))?;
        Some(Limits {
            max_surge: ru.max_surge,
            surge: max_surge(d),
            max_unavailable: ru.max_unavailable,
            scaled_unavailable: scaled_unavailable(d),
            unavailable: max_unavailable(d),
            max_total: max_total(d),
            min_available: min_available(d),
        })
    }

    /// Whether the fencepost rule raised unavailability from 0 to 1 (both resolved to 0).
    pub fn fencepost(&self) -> bool {
        self.surge == 0 && self.scaled_unavailable == 0 && self.unavailable > 0
    }
}

/// One side of the rollout: the new ReplicaSet, or every old one summed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Side {
    /// The ReplicaSet's name; for the old side, the only busy one's name, or empty when
    /// several (or none) hold pods.
    pub name: String,
    /// How many ReplicaSets it sums.
    pub sets: usize,
    /// Σ spec.replicas: what the loop counts against the budget.
    pub replicas: i32,
    /// Σ status.replicas: pods that exist and are not terminating.
    pub pods: i32,
    pub ready: i32,
    pub available: i32,
}

impl Side {
    fn of(rss: &[&ReplicaSet]) -> Side {
        let busy: Vec<&ReplicaSet> = rss
            .iter()
            .copied()
            .filter(|rs| rs.spec.replicas > 0 || rs.status.replicas > 0)
            .collect();
        let name = match busy.as_slice() {
            [one] => one.metadata.name.clone(),
            _ => String::new(),
        };
        Side {
            name,
            sets: busy.len(),
            replicas: replica_count(busy.iter().copied()),
            pods: actual_replica_count(busy.iter().copied()),
            ready: ready_replica_count(busy.iter().copied()),
            available: available_replica_count(busy.iter().copied()),
        }
    }
}

/// A Deployment's rollout arithmetic at one moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RolloutBudget {
    pub namespace: String,
    pub name: String,
    pub desired: i32,
    pub limits: Option<Limits>,
    /// The ReplicaSet whose template is the Deployment's, once it exists.
    pub new_rs: Option<Side>,
    pub old: Side,
    /// Every old ReplicaSet, busy or empty: 0 until the template has changed once.
    pub old_revisions: usize,
    /// The Deployment is not complete: its status is behind, or old ReplicaSets hold pods.
    pub in_progress: bool,
    /// When the last rollout completed (the Progressing condition turned
    /// NewReplicaSetAvailable), so a view can keep the finished budget up for a moment.
    pub completed_at: Option<Time>,
}

impl RolloutBudget {
    /// The budget over `rss`, the ReplicaSets the Deployment controls. The new one is found as
    /// the controller finds it (`FindNewReplicaSet`: template equal ignoring the hash).
    pub fn of(d: &Deployment, rss: &[ReplicaSet]) -> RolloutBudget {
        let new_rs = find_new_replica_set(d, rss);
        let (_, olds) = find_old_replica_sets(d, rss);
        let old = Side::of(&olds);
        // The new side keeps its name even while empty: it is the ReplicaSet that will grow.
        let new_side = new_rs.map(|rs| Side { name: rs.metadata.name.clone(), ..Side::of(&[rs]) });
        let new_done = new_rs.is_some_and(|rs| {
            rs.spec.replicas == d.spec.replicas && rs.status.available_replicas == d.spec.replicas
        });
        let in_progress = !deployment_complete(d, &d.status) || old.pods > 0 || !new_done;
        let completed_at = get_condition(&d.status, PROGRESSING)
            .filter(|c| c.reason == NEW_RS_AVAILABLE)
            .and_then(|c| c.last_update_time);
        RolloutBudget {
            namespace: d.metadata.namespace.clone(),
            name: d.metadata.name.clone(),
            desired: d.spec.replicas,
            limits: Limits::of(d),
            new_rs: new_side,
            old,
            old_revisions: olds.len(),
            in_progress,
            completed_at,
        }
    }

    /// Σ spec.replicas over every ReplicaSet: what `max_total` bounds.
    pub fn total(&self) -> i32 {
        self.old.replicas.saturating_add(self.new_rs.as_ref().map_or(0, |s| s.replicas))
    }

    /// Σ status.availableReplicas over every ReplicaSet: what `min_available` protects.
    pub fn available(&self) -> i32 {
        self.old.available.saturating_add(self.new_rs.as_ref().map_or(0, |s| s.available))
    }
}

/// The ReplicaSets `d` controls in `store` (by controller reference, as the graph draws them),
/// in name order. Unlike the controller this adopts nothing: it only reads.
pub fn controlled_replica_sets(store: &Store, d: &Deployment) -> Vec<ReplicaSet> {
    store
        .list::<ReplicaSet>(Some(&d.metadata.namespace), None)
        .filter(|rs| rs.metadata.controller_ref().is_some_and(|r| r.uid == d.metadata.uid))
        .cloned()
        .collect()
}

/// The budget of every Deployment in `store`, in namespace and name order.
pub fn budgets(store: &Store) -> Vec<RolloutBudget> {
    store
        .list::<Deployment>(None, None)
        .map(|d| RolloutBudget::of(d, &controlled_replica_sets(store, d)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::testkit::{deployment, replica_set};
    use super::*;
    use crate::model::{RollingUpdate, StrategyType};
    use crate::world::World;

    fn with_params(replicas: i32, surge: IntOrString, unavailable: IntOrString) -> Deployment {
        let mut d = deployment("web", replicas);
        d.spec.strategy.rolling_update =
            Some(RollingUpdate { max_surge: surge, max_unavailable: unavailable });
        d
    }

    fn pct(s: &str) -> IntOrString {
        IntOrString::Str(s.into())
    }

    #[test]
    fn quarter_defaults_on_four_replicas_allow_five_pods_and_three_available() {
        let l = Limits::of(&deployment("web", 4)).unwrap();
        assert_eq!((l.max_surge.to_string(), l.surge), ("25%".to_string(), 1));
        assert_eq!((l.max_unavailable.to_string(), l.unavailable), ("25%".to_string(), 1));
        assert_eq!((l.max_total, l.min_available), (5, 3));
        assert!(!l.fencepost());
    }

    // The worked 25%/25% table (replicas → surge/unavailable), with the bounds they give.
    #[test]
    fn default_limits_follow_the_worked_table() {
        let table = [(1, 1, 0), (2, 1, 0), (3, 1, 0), (4, 1, 1), (5, 2, 1), (10, 3, 2), (20, 5, 5)];
        for (replicas, surge, unavailable) in table {
            let l = Limits::of(&deployment("web", replicas)).unwrap();
            let got = (l.surge, l.unavailable, l.max_total, l.min_available);
            let want = (surge, unavailable, replicas + surge, replicas - unavailable);
            assert_eq!(got, want, "{replicas} replicas");
        }
    }

    // Vectors from deployment_util_test.go TestResolveFenceposts, through a Deployment.
    #[test]
    fn limits_show_surge_rounded_up_unavailable_down_and_the_fencepost() {
        let l = Limits::of(&with_params(10, pct("39%"), pct("39%"))).unwrap();
        assert_eq!((l.surge, l.unavailable, l.max_total, l.min_available), (4, 3, 14, 7));
        let l = Limits::of(&with_params(3, pct("25%"), pct("25%"))).unwrap();
        assert_eq!((l.surge, l.scaled_unavailable, l.unavailable), (1, 0, 0), "no fencepost");
        let l = Limits::of(&with_params(10, pct("0%"), pct("0%"))).unwrap();
        assert_eq!((l.surge, l.scaled_unavailable, l.unavailable), (0, 0, 1));
        assert!(l.fencepost(), "both 0: one pod may be unavailable");
        assert_eq!((l.max_total, l.min_available), (10, 9));
        let l = Limits::of(&with_params(2, IntOrString::Int(0), IntOrString::Int(5))).unwrap();
        assert_eq!((l.unavailable, l.min_available), (2, 0), "capped at desired");
    }

    #[test]
    fn recreate_has_no_budget() {
        let mut d = deployment("web", 4);
        d.spec.strategy.type_ = StrategyType::Recreate;
        assert_eq!(Limits::of(&d), None);
    }

    #[test]
    fn sides_split_the_new_replica_set_from_the_others() {
        let d = with_params(4, pct("25%"), pct("25%"));
        let mut new_rs = replica_set("web-new", 2, 1);
        new_rs.status.replicas = 2;
        new_rs.status.ready_replicas = 1;
        let mut old = replica_set("web-old", 3, 3);
        old.spec.template.spec.containers[0].image = "nginx:1.24".into();
        old.status.replicas = 3;
        old.status.ready_replicas = 3;
        let mut older = old.clone();
        older.metadata.name = "web-older".into();
        older.metadata.uid = "uid-older".into();
        older.spec.replicas = 0;
        older.status = Default::default();
        let b = RolloutBudget::of(&d, &[old, older, new_rs]);
        let new_side = b.new_rs.clone().unwrap();
        assert_eq!(
            (new_side.name.as_str(), new_side.replicas, new_side.available),
            ("web-new", 2, 1)
        );
        assert_eq!(
            (b.old.name.as_str(), b.old.sets, b.old.pods, b.old.ready),
            ("web-old", 1, 3, 3)
        );
        assert_eq!((b.total(), b.available()), (5, 4));
        assert_eq!(b.old_revisions, 2, "the empty one counts as history");
        assert!(b.in_progress);
    }

    #[test]
    fn a_rollout_in_a_world_stays_in_budget_and_ends_complete() {
        let mut w = World::new(3);
        w.create(deployment("web", 4)).unwrap();
        w.settle();
        let b = &budgets(&w.store)[0];
        assert!(!b.in_progress, "a settled deployment is not rolling out: {b:?}");
        assert!(b.completed_at.is_some());
        w.modify::<Deployment>("default", "web", |d| {
            d.spec.template.spec.containers[0].image = "nginx:1.26".into()
        })
        .unwrap();
        let mut saw_both = false;
        for _ in 0..2000 {
            w.step();
            let b = &budgets(&w.store)[0];
            let l = b.limits.as_ref().unwrap();
            assert!(b.total() <= l.max_total, "{b:?}");
            assert!(b.available() >= l.min_available, "{b:?}");
            saw_both |= b.old.replicas > 0 && b.new_rs.as_ref().is_some_and(|n| n.replicas > 0);
            if !b.in_progress {
                break;
            }
        }
        let b = &budgets(&w.store)[0];
        assert!(saw_both, "old and new ran side by side");
        assert!(!b.in_progress);
        assert_eq!((b.old.replicas, b.new_rs.as_ref().map(|n| n.available)), (0, Some(4)));
    }
}
