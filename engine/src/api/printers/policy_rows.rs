//! The Table row of a PodDisruptionBudget (pkg/printers/internalversion/printers.go
//! `printPodDisruptionBudget`): its two bounds, `N/A` for the one not set, and how many
//! disruptions it allows now.

use super::since;
use crate::clock::Time;
use crate::model::PodDisruptionBudget;

pub(super) fn pdb_row(p: &PodDisruptionBudget, now: Time) -> Vec<String> {
    let bound = |v: &Option<crate::model::IntOrString>| {
        v.as_ref().map_or_else(|| "N/A".to_string(), ToString::to_string)
    };
    vec![
        p.metadata.name.clone(),
        bound(&p.spec.min_available),
        bound(&p.spec.max_unavailable),
        p.status.disruptions_allowed.to_string(),
        since(p.metadata.creation_timestamp, now),
    ]
}
