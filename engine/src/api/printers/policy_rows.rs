//! The Table rows of the policies a namespace sets (pkg/printers/internalversion/printers.go):
//! a PodDisruptionBudget's two bounds, `N/A` for the one not set, and how many disruptions
//! it allows now (`printPodDisruptionBudget`); a ResourceQuota's `used/hard` for each
//! resource, limits in their own column (`printResourceQuota`); a LimitRange's creation time
//! (`printLimitRange`); a Namespace's phase (`printNamespace`); a PriorityClass's value
//! (`printPriorityClass`).

use super::since;
use crate::clock::Time;
use crate::model::{LimitRange, Namespace, PodDisruptionBudget, PriorityClass, ResourceQuota};

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

pub(super) fn quota_row(q: &ResourceQuota, now: Time) -> Vec<String> {
    let (mut request, mut limit) = (Vec::new(), Vec::new());
    // Status.Hard's resources in name order (`SortableResourceNames`).
    for (resource, hard) in &q.status.hard {
        let used = q.status.used.get(resource).map_or("0", String::as_str);
        let cell = format!("{resource}: {used}/{hard}");
        if resource.split('.').next() == Some("limits") && resource.contains('.') {
            limit.push(cell);
        } else {
            request.push(cell);
        }
    }
    vec![
        q.metadata.name.clone(),
        since(q.metadata.creation_timestamp, now),
        request.join(", "),
        limit.join(", "),
    ]
}

/// printers.go `printPriorityClass`: the value, whether it is the default, the age and the
/// preemption policy.
pub(super) fn priority_class_row(p: &PriorityClass, now: Time) -> Vec<String> {
    vec![
        p.metadata.name.clone(),
        p.value.to_string(),
        p.global_default.to_string(),
        since(p.metadata.creation_timestamp, now),
        p.preemption_policy.clone().unwrap_or_else(|| "<none>".into()),
    ]
}

/// printers.go `printNamespace`: the phase, and the age.
pub(super) fn namespace_row(n: &Namespace, now: Time) -> Vec<String> {
    vec![n.metadata.name.clone(), n.status.phase.clone(), since(n.metadata.creation_timestamp, now)]
}

pub(super) fn limit_range_row(l: &LimitRange) -> Vec<String> {
    // `CreationTimestamp.Time.UTC().Format(time.RFC3339)`.
    let created = l.metadata.creation_timestamp.map(|t| t.to_string()).unwrap_or_default();
    vec![l.metadata.name.clone(), created]
}
