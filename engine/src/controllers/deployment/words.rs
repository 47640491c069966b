//! Plain words for the Deployment controller's decisions: what the spec asks for and what
//! the loop sees, short enough to read aloud in class, as phrases (`DeploymentSaid`).

use crate::controllers::said::DeploymentSaid;
use crate::model::{Deployment, ReplicaSet};

use super::budget::Limits;
use super::util::{available_replica_count, replica_count};

/// "maxSurge 25% → 1": as written, then as resolved.
fn surge(l: &Limits) -> DeploymentSaid {
    DeploymentSaid::Surge { written: l.max_surge.to_string(), resolved: l.surge }
}

/// "maxUnavailable 25% → 0 (fencepost → 1)": as written, scaled, and the fencepost rule when
/// it applied.
fn unavailable(l: &Limits) -> DeploymentSaid {
    let (written, scaled, resolved) =
        (l.max_unavailable.to_string(), l.scaled_unavailable, l.unavailable);
    if scaled == resolved {
        DeploymentSaid::Unavailable { written, scaled }
    } else if l.fencepost() {
        DeploymentSaid::UnavailableFencepost { written, scaled, resolved }
    } else {
        DeploymentSaid::UnavailableCapped { written, scaled, resolved }
    }
}

/// "up to 5 pods, at least 3 available".
pub fn bounds(l: &Limits) -> DeploymentSaid {
    DeploymentSaid::Bounds { total: l.max_total, available: l.min_available }
}

/// What the spec asks for, with the rollout budget resolved:
/// "4 replicas (maxSurge 25% → 1, maxUnavailable 25% → 1): up to 5 pods, at least 3 available".
pub fn desired(d: &Deployment) -> DeploymentSaid {
    let replicas = d.spec.replicas;
    match Limits::of(d) {
        Some(l) => DeploymentSaid::Rolling {
            replicas,
            surge: surge(&l).boxed(),
            unavailable: unavailable(&l).boxed(),
            bounds: bounds(&l).boxed(),
        },
        None => DeploymentSaid::Recreate { replicas },
    }
}

/// What the loop sees: "new RS web-abc at 1 (0 available), old RS web-old at 3 (3 available)".
pub fn observed(new_rs: Option<&ReplicaSet>, olds: &[ReplicaSet]) -> DeploymentSaid {
    let new_part = match new_rs {
        Some(rs) => DeploymentSaid::NewRs {
            name: rs.metadata.name.clone(),
            size: rs.spec.replicas,
            available: rs.status.available_replicas,
        },
        None => DeploymentSaid::NoNewRs,
    };
    let busy: Vec<&ReplicaSet> =
        olds.iter().filter(|rs| rs.spec.replicas > 0 || rs.status.replicas > 0).collect();
    let size = replica_count(busy.iter().copied());
    let available = available_replica_count(busy.iter().copied());
    let old_part = match busy.as_slice() {
        [] => DeploymentSaid::NoOldPods,
        [one] => DeploymentSaid::OldRs { name: one.metadata.name.clone(), size, available },
        many => DeploymentSaid::OldRss { count: many.len(), size, available },
    };
    DeploymentSaid::Seen { new: new_part.boxed(), old: old_part.boxed() }
}

/// "new RS" or "old RS", for actions on one ReplicaSet.
pub fn role(rs: &ReplicaSet, new_rs: Option<&ReplicaSet>) -> DeploymentSaid {
    match new_rs {
        Some(n) if n.metadata.uid == rs.metadata.uid => DeploymentSaid::TheNewRs,
        _ => DeploymentSaid::AnOldRs,
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::{deployment, replica_set};
    use super::*;

    #[test]
    fn desired_states_the_budget_as_written_and_resolved() {
        assert_eq!(
            desired(&deployment("web", 4)).to_string(),
            "4 replicas (maxSurge 25% → 1, maxUnavailable 25% → 1): up to 5 pods, at least 3 available"
        );
        assert_eq!(
            desired(&deployment("web", 3)).to_string(),
            "3 replicas (maxSurge 25% → 1, maxUnavailable 25% → 0): up to 4 pods, at least 3 available"
        );
        let mut d = deployment("web", 4);
        d.spec.strategy.rolling_update = Some(crate::model::RollingUpdate {
            max_surge: crate::model::IntOrString::Int(0),
            max_unavailable: crate::model::IntOrString::Str("10%".into()),
        });
        assert_eq!(
            desired(&d).to_string(),
            "4 replicas (maxSurge 0 → 0, maxUnavailable 10% → 0 (fencepost → 1)): up to 4 pods, at least 3 available"
        );
        d.spec.strategy.type_ = crate::model::StrategyType::Recreate;
        assert_eq!(
            desired(&d).to_string(),
            "4 replicas (Recreate: no budget, old pods go before new ones start)"
        );
    }

    #[test]
    fn observed_summarises_new_and_old_replica_sets() {
        let new_rs = replica_set("web-new", 1, 0);
        let old = replica_set("web-old", 3, 3);
        let empty = replica_set("web-older", 0, 0);
        assert_eq!(
            observed(Some(&new_rs), &[old.clone(), empty.clone()]).to_string(),
            "new RS web-new at 1 (0 available), old RS web-old at 3 (3 available)"
        );
        assert_eq!(observed(None, &[empty]).to_string(), "no new RS, no old pods");
        assert_eq!(
            observed(None, &[old.clone(), old]).to_string(),
            "no new RS, 2 old RSs at 6 (6 available)"
        );
    }
}
