//! Matching a failed pod against the Job's pod failure policy: the first rule whose
//! requirement holds decides whether the failure counts against `backoffLimit` (Ignore does
//! not), fails the pod's index (FailIndex) or fails the whole Job (FailJob, with upstream's
//! message naming the container and exit code or the condition). Pure.
//!
//! Models pkg/controller/job/pod_failure_policy.go (`matchPodFailurePolicy`,
//! `matchOnExitCodes`, `matchOnPodConditions`, `getMatchingContainerFromList`,
//! `isOnExitCodesOperatorMatching`) and job_controller.go (`getFailJobMessage`,
//! `nonIgnoredFailedPodsCount`, `isPodFailed`, `onlyReplaceFailedPods`). Init containers'
//! statuses are not modelled, so only the regular containers' exit codes are matched.

use crate::model::{ContainerStatus, Job, OnExitCodes, PodFailurePolicy, PodPhase};
use crate::model::{OnPodConditionsPattern, Pod};

/// What a rule decided for one failed pod.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolicyMatch {
    /// The FailJob rule's message, for the Job's FailureTarget condition.
    pub fail_job: Option<String>,
    /// Whether the failure counts against the back-off limits.
    pub counts: bool,
    /// The matching rule's action, if a rule matched.
    pub action: Option<String>,
}

impl PolicyMatch {
    fn none() -> PolicyMatch {
        PolicyMatch { fail_job: None, counts: true, action: None }
    }
}

/// `matchPodFailurePolicy`: the first matching rule, in order.
pub fn match_pod_failure_policy(policy: Option<&PodFailurePolicy>, pod: &Pod) -> PolicyMatch {
    let Some(policy) = policy else { return PolicyMatch::none() };
    let (ns, name) = (&pod.metadata.namespace, &pod.metadata.name);
    for (index, rule) in policy.rules.iter().enumerate() {
        let action = rule.action.as_str();
        // Upstream reads OnExitCodes first and OnPodConditions only without it.
        let fail_job = if let Some(req) = &rule.on_exit_codes {
            let Some(c) = matching_container(&pod.status.container_statuses, req) else {
                continue;
            };
            let code = c.state.terminated.as_ref().map_or(0, |t| t.exit_code);
            format!(
                "Container {} for pod {ns}/{name} failed with exit code {code} matching {action} rule at index {index}",
                c.name
            )
        } else if !rule.on_pod_conditions.is_empty() {
            let Some(t) = matching_condition(pod, &rule.on_pod_conditions) else { continue };
            format!("Pod {ns}/{name} has condition {t} matching {action} rule at index {index}")
        } else {
            continue;
        };
        let hit = |counts: bool, fail_job: Option<String>| PolicyMatch {
            fail_job,
            counts,
            action: Some(action.to_string()),
        };
        match action {
            "Ignore" => return hit(false, None),
            "Count" | "FailIndex" => return hit(true, None),
            "FailJob" => return hit(true, Some(fail_job)),
            // An action validation would have refused: the rule is passed over, as the
            // switch upstream falls through.
            _ => {}
        }
    }
    PolicyMatch::none()
}

/// `getMatchingContainerFromList`: the first terminated container, with a non-zero exit code
/// that the operator accepts, and the named one when a name is given.
fn matching_container<'a>(
    statuses: &'a [ContainerStatus],
    req: &OnExitCodes,
) -> Option<&'a ContainerStatus> {
    statuses.iter().find(|c| {
        let Some(t) = &c.state.terminated else { return false };
        let named = req.container_name.as_deref().is_none_or(|n| n == c.name);
        named && t.exit_code != 0 && operator_matches(t.exit_code, req)
    })
}

/// `isOnExitCodesOperatorMatching`.
fn operator_matches(code: i32, req: &OnExitCodes) -> bool {
    match req.operator.as_str() {
        "In" => req.values.contains(&code),
        "NotIn" => !req.values.contains(&code),
        _ => false,
    }
}

/// `matchOnPodConditions`: the first of the pod's conditions that some pattern names with the
/// same status; its type.
fn matching_condition(pod: &Pod, patterns: &[OnPodConditionsPattern]) -> Option<String> {
    pod.status
        .conditions
        .iter()
        .find(|c| patterns.iter().any(|p| p.type_ == c.type_ && p.status == c.status))
        .map(|c| c.type_.to_string())
}

/// `onlyReplaceFailedPods`: podReplacementPolicy Failed, or any pod failure policy.
pub fn only_replace_failed_pods(job: &Job) -> bool {
    job.spec.pod_replacement_policy.as_deref() == Some("Failed")
        || job.spec.pod_failure_policy.is_some()
}

/// `isPodFailed`: Failed, or (unless only failed pods are replaced) deleted before it
/// succeeded.
pub fn is_pod_failed(pod: &Pod, job: &Job) -> bool {
    if pod.status.phase == PodPhase::Failed {
        return true;
    }
    !only_replace_failed_pods(job)
        && pod.metadata.is_deleting()
        && pod.status.phase != PodPhase::Succeeded
}

/// `getFailJobMessage`: the first failed pod that a FailJob rule matches.
pub fn fail_job_message(job: &Job, pods: &[Pod]) -> Option<String> {
    let policy = job.spec.pod_failure_policy.as_ref()?;
    pods.iter()
        .filter(|p| is_pod_failed(p, job))
        .find_map(|p| match_pod_failure_policy(Some(policy), p).fail_job)
}

/// `nonIgnoredFailedPodsCount`.
pub fn counted_failures(job: &Job, failed: &[Pod]) -> i32 {
    let policy = job.spec.pod_failure_policy.as_ref();
    failed.iter().filter(|p| match_pod_failure_policy(policy, p).counts).count() as i32
}

#[cfg(test)]
#[path = "failure_policy_tests.rs"]
mod tests;
