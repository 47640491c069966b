//! Plain words for the Deployment controller's decisions: what the spec asks for and what
//! the loop sees, short enough to read aloud in class. Pure string building.

use crate::model::{Deployment, ReplicaSet};

use super::util::{available_replica_count, max_surge, max_unavailable, replica_count};

/// "1 replica", "3 replicas".
pub fn replicas(n: i32) -> String {
    if n == 1 {
        "1 replica".into()
    } else {
        format!("{n} replicas")
    }
}

/// What the spec asks for: "3 replicas (max surge 1, max unavailable 0)".
pub fn desired(d: &Deployment) -> String {
    let n = replicas(d.spec.replicas);
    if d.is_rolling() {
        format!("{n} (max surge {}, max unavailable {})", max_surge(d), max_unavailable(d))
    } else {
        format!("{n} (Recreate)")
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
    fn desired_names_the_fenceposts_in_numbers() {
        assert_eq!(desired(&deployment("web", 3)), "3 replicas (max surge 1, max unavailable 0)");
        let mut d = deployment("web", 1);
        d.spec.strategy.type_ = crate::model::StrategyType::Recreate;
        assert_eq!(desired(&d), "1 replica (Recreate)");
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
