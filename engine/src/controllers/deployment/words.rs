//! Plain words for the Deployment controller's decisions: what the spec asks for and what
//! the loop sees, short enough to read aloud in class. Pure string building.

use crate::model::{Deployment, ReplicaSet};

use super::budget::Limits;
use super::util::{available_replica_count, replica_count};

/// "1 replica", "3 replicas".
pub fn replicas(n: i32) -> String {
    if n == 1 {
        "1 replica".into()
    } else {
        format!("{n} replicas")
    }
}

/// "maxSurge 25% → 1": as written, then as resolved.
pub fn surge(l: &Limits) -> String {
    format!("maxSurge {} → {}", l.max_surge, l.surge)
}

/// "maxUnavailable 25% → 0 (fencepost → 1)": as written, scaled, and the fencepost rule when
/// it applied.
pub fn unavailable(l: &Limits) -> String {
    let written = format!("maxUnavailable {} → {}", l.max_unavailable, l.scaled_unavailable);
    if l.scaled_unavailable == l.unavailable {
        written
    } else if l.fencepost() {
        format!("{written} (fencepost → {})", l.unavailable)
    } else {
        format!("{written} (capped → {})", l.unavailable)
    }
}

/// "up to 5 pods, at least 3 available".
pub fn bounds(l: &Limits) -> String {
    format!("up to {} pods, at least {} available", l.max_total, l.min_available)
}

/// What the spec asks for, with the rollout budget resolved:
/// "4 replicas (maxSurge 25% → 1, maxUnavailable 25% → 1): up to 5 pods, at least 3 available".
pub fn desired(d: &Deployment) -> String {
    let n = replicas(d.spec.replicas);
    match Limits::of(d) {
        Some(l) => format!("{n} ({}, {}): {}", surge(&l), unavailable(&l), bounds(&l)),
        None => format!("{n} (Recreate: no budget, old pods go before new ones start)"),
    }
}

/// What the loop sees: "new RS web-abc at 1 (0 available), old RS web-old at 3 (3 available)".
pub fn observed(new_rs: Option<&ReplicaSet>, olds: &[ReplicaSet]) -> String {
    let new_part = match new_rs {
        Some(rs) => format!(
            "new RS {} at {} ({} available)",
            rs.metadata.name, rs.spec.replicas, rs.status.available_replicas
        ),
        None => "no new RS".to_string(),
    };
    let busy: Vec<&ReplicaSet> =
        olds.iter().filter(|rs| rs.spec.replicas > 0 || rs.status.replicas > 0).collect();
    let size = replica_count(busy.iter().copied());
    let available = available_replica_count(busy.iter().copied());
    let old_part = match busy.as_slice() {
        [] => "no old pods".to_string(),
        [one] => format!("old RS {} at {size} ({available} available)", one.metadata.name),
        many => format!("{} old RSs at {size} ({available} available)", many.len()),
    };
    format!("{new_part}, {old_part}")
}

/// "new RS" or "old RS", for actions on one ReplicaSet.
pub fn role(rs: &ReplicaSet, new_rs: Option<&ReplicaSet>) -> &'static str {
    match new_rs {
        Some(n) if n.metadata.uid == rs.metadata.uid => "new RS",
        _ => "old RS",
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::{deployment, replica_set};
    use super::*;

    #[test]
    fn desired_states_the_budget_as_written_and_resolved() {
        assert_eq!(
            desired(&deployment("web", 4)),
            "4 replicas (maxSurge 25% → 1, maxUnavailable 25% → 1): up to 5 pods, at least 3 available"
        );
        assert_eq!(
            desired(&deployment("web", 3)),
            "3 replicas (maxSurge 25% → 1, maxUnavailable 25% → 0): up to 4 pods, at least 3 available"
        );
        let mut d = deployment("web", 4);
        d.spec.strategy.rolling_update = Some(crate::model::RollingUpdate {
            max_surge: crate::model::IntOrString::Int(0),
            max_unavailable: crate::model::IntOrString::Str("10%".into()),
        });
        assert_eq!(
            desired(&d),
            "4 replicas (maxSurge 0 → 0, maxUnavailable 10% → 0 (fencepost → 1)): up to 4 pods, at least 3 available"
        );
        d.spec.strategy.type_ = crate::model::StrategyType::Recreate;
        assert_eq!(
            desired(&d),
            "4 replicas (Recreate: no budget, old pods go before new ones start)"
        );
    }

    #[test]
    fn observed_summarises_new_and_old_replica_sets() {
        let new_rs = replica_set("web-new", 1, 0);
        let old = replica_set("web-old", 3, 3);
        let empty = replica_set("web-older", 0, 0);
        assert_eq!(
            observed(Some(&new_rs), &[old.clone(), empty.clone()]),
            "new RS web-new at 1 (0 available), old RS web-old at 3 (3 available)"
        );
        assert_eq!(observed(None, &[empty]), "no new RS, no old pods");
        assert_eq!(observed(None, &[old.clone(), old]), "no new RS, 2 old RSs at 6 (6 available)");
    }
}
