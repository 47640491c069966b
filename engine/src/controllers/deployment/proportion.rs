//! Proportional scaling arithmetic: when `replicas` changes while several ReplicaSets are
//! active, each grows or shrinks in proportion to its size. Pure functions over objects.
//!
//! Models deployment_util.go `FindActiveOrLatest`, `GetProportion`, `getReplicaSetFraction`
//! and `integer.RoundToInt32`.

use crate::model::{Deployment, ReplicaSet};

use super::annotations::{non_negative_i32_annotation, MAX_REPLICAS};
use super::util::{by_creation, max_total};

/// `FindActiveOrLatest`: the only ReplicaSet with replicas, or the newest one when none has
/// any; `None` when several are active and must be scaled proportionally.
pub fn find_active_or_latest<'a>(
    new_rs: Option<&'a ReplicaSet>,
    olds: &'a [ReplicaSet],
) -> Option<&'a ReplicaSet> {
    if new_rs.is_none() && olds.is_empty() {
        return None;
    }
    let mut newest_first: Vec<&ReplicaSet> = olds.iter().collect();
    crate::sort::sort_by(&mut newest_first, |a, b| by_creation(b, a));
    let active: Vec<&ReplicaSet> =
        newest_first.iter().copied().chain(new_rs).filter(|rs| rs.spec.replicas > 0).collect();
    match active.as_slice() {
        [] => new_rs.or(newest_first.first().copied()),
        [one] => Some(one),
        _ => None,
    }
}

/// `GetProportion`: this ReplicaSet's share of `to_add`, never past what is left to add.
pub fn get_proportion(rs: Option<&ReplicaSet>, d: &Deployment, to_add: i32, added: i32) -> i32 {
    let Some(rs) = rs else { return 0 };
    if rs.spec.replicas == 0 || to_add == 0 || to_add == added {
        return 0;
    }
    let fraction = replica_set_fraction(rs, d);
    let allowed = to_add - added;
    if to_add > 0 {
        fraction.min(allowed)
    } else {
        fraction.max(allowed)
    }
}

/// `getReplicaSetFraction`: how much this ReplicaSet grows or shrinks when the deployment
/// goes from the size in its max-replicas annotation to `replicas + maxSurge`.
pub fn replica_set_fraction(rs: &ReplicaSet, d: &Deployment) -> i32 {
    if d.spec.replicas == 0 {
        return -rs.spec.replicas;
    }
    let max_now = max_total(d);
    let before = match non_negative_i32_annotation(rs, MAX_REPLICAS) {
        Ok(Some(v)) if v != 0 => v,
        // Missing or bad annotation: fall back to the current size, as upstream.
        _ if d.status.replicas == 0 => return 0,
        _ => d.status.replicas,
    };
    let scaled = f64::from(rs.spec.replicas) * f64::from(max_now) / f64::from(before);
    round_half_away(scaled) - rs.spec.replicas
}

/// `integer.RoundToInt32`: `math.Round`, halves away from zero (`f64::round` does the same).
pub fn round_half_away(x: f64) -> i32 {
    x.round() as i32
}

#[cfg(test)]
mod tests {
    use super::super::testkit::{deployment, replica_set};
    use super::*;
    use crate::model::{IntOrString, RollingUpdate};

    fn rolling(replicas: i32, surge: IntOrString, unavailable: IntOrString) -> Deployment {
        let mut d = deployment("foo", replicas);
        d.spec.strategy.rolling_update =
            Some(RollingUpdate { max_surge: surge, max_unavailable: unavailable });
        d
    }

    // Vectors from TestGetReplicaSetFraction (maxUnavailable 1).
    #[test]
    fn fraction_scales_by_the_max_replicas_annotation() {
        // (replicas, status.replicas, maxSurge, rs size, max-replicas annotation, fraction)
        type Case = (i32, i32, i32, i32, Option<&'static str>, i32);
        let cases: [Case; 9] = [
            (0, 0, 0, 10, None, -10),
            (10, 0, 0, 5, None, 0),
            (10, 0, 0, 5, Some("0"), 0),
            (120, 100, 0, 50, None, 10),
            (120, 100, 0, 50, Some("0"), 10),
            (120, 0, 0, 50, Some("100"), 10),
            (120, 0, 10, 50, Some("110"), 9),
            (10, 0, 0, 6, Some("12"), -1),
            (100, 0, 10, 50, Some("130"), -8),
        ];
        for (replicas, status, surge, rs_size, annotation, want) in cases {
            let mut d = rolling(replicas, IntOrString::Int(surge), IntOrString::Int(1));
            d.status.replicas = status;
            let mut rs = replica_set("foo-rs", rs_size, 0);
            if let Some(a) = annotation {
                rs.metadata.annotations.insert(MAX_REPLICAS.into(), a.into());
            }
            assert_eq!(replica_set_fraction(&rs, &d), want, "{replicas} {rs_size} {annotation:?}");
        }
    }

    #[test]
    fn rounding_goes_half_away_from_zero() {
        assert_eq!(round_half_away(10.5), 11);
        assert_eq!(round_half_away(4.5), 5);
        assert_eq!(round_half_away(-3.5), -4);
        assert_eq!(round_half_away(2.49), 2);
    }

    #[test]
    fn active_or_latest_is_none_when_several_have_replicas() {
        let a = replica_set("a", 0, 0);
        let mut b = replica_set("b", 0, 0);
        b.metadata.creation_timestamp = a.metadata.creation_timestamp.map(|t| t.plus_secs(1));
        let olds = [a.clone(), b.clone()];
        assert_eq!(find_active_or_latest(None, &olds).map(|r| r.metadata.name.as_str()), Some("b"));
        let busy = [replica_set("a", 2, 0), replica_set("b", 0, 0)];
        assert_eq!(find_active_or_latest(None, &busy).map(|r| r.metadata.name.as_str()), Some("a"));
        let new_rs = replica_set("n", 1, 0);
        assert!(find_active_or_latest(Some(&new_rs), &busy).is_none());
    }
}
