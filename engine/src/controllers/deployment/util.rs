//! Pure rollout arithmetic over plain objects: fenceposts, how far the new ReplicaSet may
//! grow, saturation, orderings and sums. It reads no store and writes nothing.
//!
//! Models pkg/controller/deployment/util/deployment_util.go and the ReplicaSet orderings of
//! pkg/controller/controller_utils.go.

use std::cmp::Ordering;

use super::annotations::{revision, DESIRED_REPLICAS};
use crate::model::{Deployment, IntOrString, ReplicaSet, RollingUpdate, StrategyType};

/// The rolling-update parameters as the API server stores them: a missing `rollingUpdate`
/// is defaulted to 25%/25% (pkg/apis/apps/v1/defaults.go `SetDefaults_Deployment`).
pub fn rolling_params(d: &Deployment) -> RollingUpdate {
    d.spec.strategy.rolling_update.clone().unwrap_or_default()
}

/// The first half of `ResolveFenceposts`: surge rounds percentages up, unavailability rounds
/// them down, before the fencepost rule. The rollout budget shows this step on its own.
pub fn scale_fenceposts(
    max_surge: Option<&IntOrString>,
    max_unavailable: Option<&IntOrString>,
    desired: i32,
) -> Result<(i32, i32), String> {
    let zero = IntOrString::Int(0);
    let surge = max_surge.unwrap_or(&zero).scaled_value(desired, true)?;
    let unavailable = max_unavailable.unwrap_or(&zero).scaled_value(desired, false)?;
    Ok((surge, unavailable))
}

/// `ResolveFenceposts`: the scaled values, and when both come out 0 one pod may be
/// unavailable so the rollout can move at all.
pub fn resolve_fenceposts(
    max_surge: Option<&IntOrString>,
    max_unavailable: Option<&IntOrString>,
    desired: i32,
) -> Result<(i32, i32), String> {
    let (surge, unavailable) = scale_fenceposts(max_surge, max_unavailable, desired)?;
    Ok((surge, if surge == 0 && unavailable == 0 { 1 } else { unavailable }))
}

fn fenceposts(d: &Deployment) -> (i32, i32) {
    let ru = rolling_params(d);
    // Validation refuses bad values, so an error here means "no room", as upstream.
    resolve_fenceposts(Some(&ru.max_surge), Some(&ru.max_unavailable), d.spec.replicas)
        .unwrap_or((0, 0))
}

/// The unavailability before the fencepost rule, for showing whether the rule applied.
pub fn scaled_unavailable(d: &Deployment) -> i32 {
    let ru = rolling_params(d);
    scale_fenceposts(Some(&ru.max_surge), Some(&ru.max_unavailable), d.spec.replicas)
        .map_or(0, |(_, u)| u)
}

/// `MaxUnavailable`: pods a rolling deployment may have unavailable, never above replicas.
pub fn max_unavailable(d: &Deployment) -> i32 {
    if !d.is_rolling() || d.spec.replicas == 0 {
        return 0;
    }
    fenceposts(d).1.min(d.spec.replicas)
}

/// `MinAvailable`: pods that must stay available during a rolling update.
pub fn min_available(d: &Deployment) -> i32 {
    if !d.is_rolling() {
        return 0;
    }
    d.spec.replicas - max_unavailable(d)
}

/// `MaxSurge`: pods a rolling deployment may run above its replicas.
pub fn max_surge(d: &Deployment) -> i32 {
    if !d.is_rolling() {
        return 0;
    }
    fenceposts(d).0
}

/// `replicas + MaxSurge`, the value of the max-replicas annotation.
pub fn max_total(d: &Deployment) -> i32 {
    d.spec.replicas.saturating_add(max_surge(d))
}

/// `NewRSNewReplicas`: the size the new ReplicaSet may grow to now. Rolling updates stay
/// within `replicas + maxSurge` pods in total; Recreate goes straight to `replicas`.
pub fn new_rs_new_replicas(
    d: &Deployment,
    all: &[&ReplicaSet],
    new_rs: &ReplicaSet,
) -> Result<i32, String> {
    match d.spec.strategy.type_ {
        StrategyType::RollingUpdate => {
            let surge = rolling_params(d).max_surge.scaled_value(d.spec.replicas, true)?;
            let current = replica_count(all.iter().copied());
            let max_total = d.spec.replicas.saturating_add(surge);
            if current >= max_total {
                return Ok(new_rs.spec.replicas);
            }
            let up = (max_total - current).min(d.spec.replicas - new_rs.spec.replicas);
            Ok(new_rs.spec.replicas + up)
        }
        StrategyType::Recreate => Ok(d.spec.replicas),
    }
}

/// `IsSaturated`: the new ReplicaSet has all the replicas, knows it (desired-replicas
/// annotation), and all of them are available.
pub fn is_saturated(d: &Deployment, rs: Option<&ReplicaSet>) -> bool {
    let Some(rs) = rs else { return false };
    let desired = rs.metadata.annotations.get(DESIRED_REPLICAS).and_then(|s| s.parse::<i64>().ok());
    desired == Some(i64::from(d.spec.replicas))
        && rs.spec.replicas == d.spec.replicas
        && rs.status.available_replicas == d.spec.replicas
}

// ---- sums -------------------------------------------------------------------------------

/// `GetReplicaCountForReplicaSets`: Σ spec.replicas.
pub fn replica_count<'a>(rss: impl IntoIterator<Item = &'a ReplicaSet>) -> i32 {
    rss.into_iter().fold(0i32, |n, rs| n.saturating_add(rs.spec.replicas))
}

/// `GetActualReplicaCountForReplicaSets`: Σ status.replicas.
pub fn actual_replica_count<'a>(rss: impl IntoIterator<Item = &'a ReplicaSet>) -> i32 {
    rss.into_iter().fold(0i32, |n, rs| n.saturating_add(rs.status.replicas))
}

/// `GetReadyReplicaCountForReplicaSets`: Σ status.readyReplicas.
pub fn ready_replica_count<'a>(rss: impl IntoIterator<Item = &'a ReplicaSet>) -> i32 {
    rss.into_iter().fold(0i32, |n, rs| n.saturating_add(rs.status.ready_replicas))
}

/// `GetAvailableReplicaCountForReplicaSets`: Σ status.availableReplicas.
pub fn available_replica_count<'a>(rss: impl IntoIterator<Item = &'a ReplicaSet>) -> i32 {
    rss.into_iter().fold(0i32, |n, rs| n.saturating_add(rs.status.available_replicas))
}

/// `GetTerminatingReplicaCountForReplicaSets`: Σ status.terminatingReplicas. A ReplicaSet the
/// controller has never synced counts as 0; one that was synced but reports nothing makes
/// the sum unknown.
pub fn terminating_replica_count<'a>(rss: impl IntoIterator<Item = &'a ReplicaSet>) -> Option<i32> {
    let mut sum = 0i32;
    for rs in rss {
        match rs.status.terminating_replicas {
            Some(n) => sum = sum.saturating_add(n),
            None if rs.status.observed_generation == 0 => {}
            None => return None,
        }
    }
    Some(sum)
}

/// `FilterActiveReplicaSets`: ReplicaSets that want pods.
pub fn is_active(rs: &ReplicaSet) -> bool {
    rs.spec.replicas > 0
}

// ---- orderings --------------------------------------------------------------------------

/// `ReplicaSetsByCreationTimestamp`: oldest first, ties by name.
pub fn by_creation(a: &ReplicaSet, b: &ReplicaSet) -> Ordering {
    (a.metadata.creation_timestamp, &a.metadata.name)
        .cmp(&(b.metadata.creation_timestamp, &b.metadata.name))
}

/// `ReplicaSetsBySizeOlder`: largest first, ties oldest first (who shrinks first).
pub fn by_size_older(a: &ReplicaSet, b: &ReplicaSet) -> Ordering {
    b.spec.replicas.cmp(&a.spec.replicas).then_with(|| by_creation(a, b))
}

/// `ReplicaSetsBySizeNewer`: largest first, ties newest first (who grows first).
pub fn by_size_newer(a: &ReplicaSet, b: &ReplicaSet) -> Ordering {
    b.spec.replicas.cmp(&a.spec.replicas).then_with(|| by_creation(b, a))
}

/// `ReplicaSetsByRevision`: revision ascending, ties by creation. Upstream falls back to
/// creation order when either revision fails to parse, which is not a total order; here an
/// unparseable revision sorts as 0 so the sort is well defined.
pub fn by_revision(a: &ReplicaSet, b: &ReplicaSet) -> Ordering {
    let ra = revision(&a.metadata).unwrap_or(0);
    let rb = revision(&b.metadata).unwrap_or(0);
    ra.cmp(&rb).then_with(|| by_creation(a, b))
}

#[cfg(test)]
mod tests {
    use super::super::testkit::{deployment, replica_set};
    use super::*;
    use crate::model::DeploymentStrategy;

    fn pct(s: &str) -> IntOrString {
        IntOrString::Str(s.into())
    }

    fn rolling(replicas: i32, surge: IntOrString, unavailable: IntOrString) -> Deployment {
        let mut d = deployment("foo", replicas);
        d.spec.strategy = DeploymentStrategy {
            type_: StrategyType::RollingUpdate,
            rolling_update: Some(RollingUpdate { max_surge: surge, max_unavailable: unavailable }),
        };
        d
    }

    fn recreate(replicas: i32) -> Deployment {
        let mut d = deployment("foo", replicas);
        d.spec.strategy =
            DeploymentStrategy { type_: StrategyType::Recreate, rolling_update: None };
        d
    }

    // Vectors from deployment_util_test.go TestResolveFenceposts.
    #[test]
    fn fenceposts_round_surge_up_and_unavailable_down() {
        type Case = (Option<&'static str>, Option<&'static str>, i32, Option<(i32, i32)>);
        let cases: [Case; 7] = [
            (Some("0%"), Some("0%"), 0, Some((0, 1))),
            (Some("39%"), Some("39%"), 10, Some((4, 3))),
            (Some("oops"), Some("39%"), 10, None),
            (Some("55%"), Some("urg"), 10, None),
            (None, Some("39%"), 10, Some((0, 3))),
            (Some("39%"), None, 10, Some((4, 0))),
            (None, None, 10, Some((0, 1))),
        ];
        for (surge, unavail, desired, want) in cases {
            let (s, u) = (surge.map(pct), unavail.map(pct));
            let got = resolve_fenceposts(s.as_ref(), u.as_ref(), desired);
            assert_eq!(got.ok(), want, "{surge:?} {unavail:?} {desired}");
        }
    }

    // Vectors from TestMaxUnavailable and TestMinAvailable (maxSurge 1).
    #[test]
    fn max_unavailable_is_capped_by_replicas_and_min_available_is_the_rest() {
        let int = IntOrString::Int;
        let cases = [
            (10, int(5), 5, 5),
            (10, int(10), 10, 0),
            (5, int(10), 5, 0),
            (0, int(10), 0, 0),
            (10, pct("50%"), 5, 5),
            (10, pct("60%"), 6, 4),
            (10, pct("100%"), 10, 0),
            (5, pct("100%"), 5, 0),
        ];
        for (replicas, unavailable, want_max, want_min) in cases {
            let d = rolling(replicas, int(1), unavailable.clone());
            assert_eq!(max_unavailable(&d), want_max, "{replicas} {unavailable}");
            assert_eq!(min_available(&d), want_min, "{replicas} {unavailable}");
        }
        assert_eq!(max_unavailable(&recreate(10)), 0);
        assert_eq!(min_available(&recreate(10)), 0);
        assert_eq!(max_surge(&recreate(10)), 0);
    }

    #[test]
    fn default_quarter_fenceposts_match_the_worked_table() {
        let want = [(1, 1, 0), (2, 1, 0), (3, 1, 0), (4, 1, 1), (5, 2, 1), (10, 3, 2), (20, 5, 5)];
        for (replicas, surge, unavailable) in want {
            let d = deployment("foo", replicas);
            assert_eq!((max_surge(&d), max_unavailable(&d)), (surge, unavailable), "{replicas}");
        }
    }

    // Vectors from TestNewRSNewReplicas: the other ReplicaSet has 5 replicas.
    #[test]
    fn new_rs_grows_only_within_the_surge() {
        let cases = [
            (rolling(1, IntOrString::Int(1), IntOrString::Int(1)), 5, 5),
            (rolling(6, IntOrString::Int(10), IntOrString::Int(1)), 2, 6),
            (recreate(3), 1, 3),
        ];
        for (d, new_size, want) in cases {
            let new_rs = replica_set("foo-new", new_size, 0);
            let other = replica_set("foo-old", 5, 0);
            // Upstream passes only the other ReplicaSet as allRSs.
            let got = new_rs_new_replicas(&d, &[&other], &new_rs);
            assert_eq!(got, Ok(want), "{:?} {new_size}", d.spec.strategy.type_);
        }
    }

    #[test]
    fn saturated_needs_size_annotation_and_availability() {
        let d = deployment("foo", 1);
        let mut rs = replica_set("foo-rs", 1, 1);
        assert!(!is_saturated(&d, Some(&rs)), "no annotation yet");
        rs.metadata.annotations.insert(DESIRED_REPLICAS.into(), "1".into());
        assert!(is_saturated(&d, Some(&rs)));
        rs.status.available_replicas = 0;
        assert!(!is_saturated(&d, Some(&rs)));
        assert!(!is_saturated(&d, None));
    }

    // Vectors from TestGetReplicaCountForReplicaSets: (spec, status, terminating).
    #[test]
    fn terminating_sum_is_unknown_once_a_synced_rs_does_not_report_it() {
        let make = |spec, status, term: Option<i32>, observed| {
            let mut rs = replica_set("x", spec, 0);
            rs.status.replicas = status;
            rs.status.terminating_replicas = term;
            rs.status.observed_generation = observed;
            rs
        };
        let rs1 = make(1, 2, Some(3), 1);
        let rs2 = make(2, 3, Some(1), 1);
        let rs3 = make(3, 0, None, 0);
        let rs4 = make(1, 1, None, 1);
        let sums = |set: &[&ReplicaSet]| {
            let it = || set.iter().copied();
            (replica_count(it()), actual_replica_count(it()), terminating_replica_count(it()))
        };
        assert_eq!(sums(&[&rs1]), (1, 2, Some(3)));
        assert_eq!(sums(&[&rs1, &rs2]), (3, 5, Some(4)));
        assert_eq!(sums(&[&rs3]), (3, 0, Some(0)));
        assert_eq!(sums(&[&rs1, &rs2, &rs3]), (6, 5, Some(4)));
        assert_eq!(sums(&[&rs4]), (1, 1, None));
        assert_eq!(sums(&[&rs1, &rs2, &rs3, &rs4]), (7, 6, None));
    }

    #[test]
    fn size_orders_break_ties_by_age_in_the_scaling_direction() {
        let old = replica_set("old", 3, 0);
        let mut new = replica_set("new", 3, 0);
        new.metadata.creation_timestamp = old.metadata.creation_timestamp.map(|t| t.plus_secs(5));
        assert_eq!(by_size_newer(&new, &old), Ordering::Less, "growing favours the newer");
        assert_eq!(by_size_older(&old, &new), Ordering::Less, "shrinking starts with the older");
        let big = replica_set("big", 5, 0);
        assert_eq!(by_size_newer(&big, &new), Ordering::Less);
    }
}
