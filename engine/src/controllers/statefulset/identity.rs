//! A StatefulSet pod's identity: its name is `<set>-<ordinal>`, its claims are
//! `<claim>-<set>-<ordinal>`, it carries its own name and index as labels, and its ordinal
//! decides whether the set still owns it. Pure functions of names, pods and counts;
//! kubeloop has no StatefulSet kind yet, so the set is described by `SetIdentity`.
//!
//! Models pkg/controller/statefulset/stateful_set_utils.go (`getParentNameAndOrdinal`,
//! `getPodName`, `getPersistentVolumeClaimName`, `isMemberOf`, `identityMatches`,
//! `updateIdentity`, `ascendingOrdinal`, `isRunningAndReady`, `isRunningAndAvailable`,
//! `isHealthy`, `getStartOrdinal`, `getEndOrdinal`, `podInOrdinalRange`,
//! `getStatefulSetMaxUnavailable`) and the retention-policy defaults of
//! pkg/apis/apps/v1/defaults.go.

use crate::clock::Time;
use crate::model::{IntOrString, Pod, PodPhase};

/// `apps.StatefulSetPodNameLabel`.
pub const POD_NAME_LABEL: &str = "statefulset.kubernetes.io/pod-name";
/// `apps.PodIndexLabel` (the PodIndexLabel feature, on by default since 1.28).
pub const POD_INDEX_LABEL: &str = "apps.kubernetes.io/pod-index";

/// What identity checks read of a StatefulSet.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SetIdentity {
    pub name: String,
    pub namespace: String,
    /// `spec.serviceName`: the headless Service giving pods their DNS subdomain.
    pub service_name: String,
}

/// `getParentNameAndOrdinal`: `(.*)-([0-9]+)$` splits at the last `-` followed only by
/// digits. No match gives `("", -1)`; digits too large for an int32 keep the parent and give
/// `-1`, as `strconv.ParseInt(s, 10, 32)` failing does upstream.
pub fn parent_name_and_ordinal(pod_name: &str) -> (&str, i32) {
    let digits = pod_name.len() - pod_name.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let split = pod_name.len() - digits;
    if digits == 0 || !pod_name[..split].ends_with('-') {
        return ("", -1);
    }
    let parent = &pod_name[..split - 1];
    (parent, pod_name[split..].parse::<i32>().unwrap_or(-1))
}

/// `getOrdinal`: -1 for a pod whose name carries none.
pub fn ordinal(pod_name: &str) -> i32 {
    parent_name_and_ordinal(pod_name).1
}

/// `getPodName`.
pub fn pod_name(set: &str, ordinal: i32) -> String {
    format!("{set}-{ordinal}")
}

/// `getPersistentVolumeClaimName`: the claim template's name, then the pod's.
pub fn persistent_volume_claim_name(set: &str, claim: &str, ordinal: i32) -> String {
    format!("{claim}-{set}-{ordinal}")
}

/// `isMemberOf`: the name's parent part is the set's name.
pub fn is_member_of(set: &SetIdentity, pod: &Pod) -> bool {
    parent_name_and_ordinal(&pod.metadata.name).0 == set.name
}

/// `identityMatches`: a valid ordinal, the set's name and namespace, and the pod-name label.
pub fn identity_matches(set: &SetIdentity, pod: &Pod) -> bool {
    let (parent, ord) = parent_name_and_ordinal(&pod.metadata.name);
    ord >= 0
        && parent == set.name
        && pod.metadata.name == pod_name(&set.name, ord)
        && pod.metadata.namespace == set.namespace
        && pod.metadata.labels.get(POD_NAME_LABEL) == Some(&pod.metadata.name)
}

/// `updateIdentity`: name and namespace from the set, hostname and subdomain for DNS, and
/// the pod-name and pod-index labels.
pub fn update_identity(set: &SetIdentity, pod: &mut Pod) {
    let ord = ordinal(&pod.metadata.name);
    pod.metadata.name = pod_name(&set.name, ord);
    pod.metadata.namespace = set.namespace.clone();
    pod.spec.hostname = Some(pod.metadata.name.clone());
    if !set.service_name.is_empty() {
        pod.spec.subdomain = Some(set.service_name.clone());
    }
    let name = pod.metadata.name.clone();
    pod.metadata.labels.insert(POD_NAME_LABEL.into(), name);
    pod.metadata.labels.insert(POD_INDEX_LABEL.into(), ord.to_string());
}

/// `ascendingOrdinal`: pods without an ordinal (-1) first. Stable.
pub fn sort_by_ordinal(pods: &mut [Pod]) {
    crate::sort::sort_by_key(pods, |p| ordinal(&p.metadata.name));
}

/// `isRunningAndReady`: phase Running and the Ready condition True.
pub fn is_running_and_ready(pod: &Pod) -> bool {
    pod.status.phase == PodPhase::Running && pod.is_ready()
}

/// `isRunningAndAvailable`: `podutil.IsPodAvailable` with the set's `minReadySeconds`.
pub fn is_running_and_available(pod: &Pod, min_ready_seconds: i32, now: Time) -> bool {
    pod.is_available(min_ready_seconds, now)
}

/// `isHealthy`: running and ready, and not being deleted.
pub fn is_healthy(pod: &Pod) -> bool {
    is_running_and_ready(pod) && !pod.metadata.is_deleting()
}

/// What to do with a pod's claims (`whenDeleted`, `whenScaled`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ClaimRetention {
    #[default]
    Retain,
    Delete,
}

/// `spec.persistentVolumeClaimRetentionPolicy`; both default to Retain
/// (`SetDefaults_StatefulSet`), so claims outlive their pods unless asked otherwise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RetentionPolicy {
    pub when_deleted: ClaimRetention,
    pub when_scaled: ClaimRetention,
}

/// The ordinals a set owns: `start..start + replicas` (`getStartOrdinal`,
/// `getEndOrdinal`). `spec.ordinals.start` defaults to 0 (StatefulSetStartOrdinal is GA).
pub fn owned_ordinals(start: Option<i32>, replicas: i32) -> std::ops::Range<i32> {
    let start = start.unwrap_or(0);
    start..start.saturating_add(replicas.max(0))
}

/// `podInOrdinalRange`.
pub fn pod_in_ordinal_range(pod_name: &str, start: Option<i32>, replicas: i32) -> bool {
    owned_ordinals(start, replicas).contains(&ordinal(pod_name))
}

/// `getStatefulSetMaxUnavailable`: `maxUnavailable` (default 1) against the replica count,
/// percentages rounded down, and never below 1 so an update can always progress.
pub fn max_unavailable(value: Option<&IntOrString>, replicas: i32) -> Result<i32, String> {
    let one = IntOrString::Int(1);
    let scaled = value.unwrap_or(&one).scaled_value(replicas, false)?;
    Ok(scaled.max(1))
}

#[cfg(test)]
#[path = "identity_tests.rs"]
mod tests;
