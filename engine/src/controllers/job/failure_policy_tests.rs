//! Cases after pkg/controller/job/pod_failure_policy_test.go `TestMatchPodFailurePolicy`:
//! the first matching rule decides, messages as upstream writes them.

use super::*;
use crate::model::{
    ContainerState, ContainerStatus, PodCondition, PodFailurePolicyRule, StateTerminated,
};

fn failed_pod(codes: &[(&str, i32)]) -> Pod {
    let mut p = Pod::default();
    p.metadata.namespace = "default".into();
    p.metadata.name = "x-abc".into();
    p.status.phase = PodPhase::Failed;
    p.status.container_statuses = codes
        .iter()
        .map(|(name, code)| ContainerStatus {
            name: (*name).into(),
            state: ContainerState {
                terminated: Some(StateTerminated { exit_code: *code, ..Default::default() }),
                ..Default::default()
            },
            ..Default::default()
        })
        .collect();
    p
}

fn on_codes(
    action: &str,
    container: Option<&str>,
    op: &str,
    values: &[i32],
) -> PodFailurePolicyRule {
    PodFailurePolicyRule {
        action: action.into(),
        on_exit_codes: Some(OnExitCodes {
            container_name: container.map(String::from),
            operator: op.into(),
            values: values.to_vec(),
        }),
        on_pod_conditions: Vec::new(),
    }
}

fn policy(rules: Vec<PodFailurePolicyRule>) -> PodFailurePolicy {
    PodFailurePolicy { rules }
}

#[test]
fn fail_job_names_container_pod_exit_code_and_rule_index() {
    let p =
        policy(vec![on_codes("Ignore", None, "In", &[1]), on_codes("FailJob", None, "In", &[42])]);
    let m = match_pod_failure_policy(Some(&p), &failed_pod(&[("main", 42)]));
    assert_eq!(
        m.fail_job.as_deref(),
        Some("Container main for pod default/x-abc failed with exit code 42 matching FailJob rule at index 1")
    );
    assert!(m.counts);
}

#[test]
fn ignore_does_not_count_and_the_first_match_wins() {
    let p = policy(vec![
        on_codes("Ignore", None, "In", &[1, 2]),
        on_codes("FailJob", None, "NotIn", &[7]),
    ]);
    let m = match_pod_failure_policy(Some(&p), &failed_pod(&[("main", 2)]));
    assert_eq!((m.counts, m.action.as_deref(), m.fail_job), (false, Some("Ignore"), None));
}

#[test]
fn exit_code_zero_and_other_containers_do_not_match() {
    let p = policy(vec![on_codes("FailJob", Some("main"), "NotIn", &[5])]);
    // NotIn would accept 0, but a zero exit never matches; the sidecar is not "main".
    let m = match_pod_failure_policy(Some(&p), &failed_pod(&[("main", 0), ("side", 3)]));
    assert_eq!(m, PolicyMatch { fail_job: None, counts: true, action: None });
}

#[test]
fn a_condition_rule_matches_type_and_status() {
    let rule = PodFailurePolicyRule {
        action: "FailJob".into(),
        on_exit_codes: None,
        on_pod_conditions: vec![crate::model::OnPodConditionsPattern {
            type_: "DisruptionTarget".into(),
            status: "True".into(),
        }],
    };
    let mut pod = failed_pod(&[("main", 137)]);
    let p = policy(vec![rule]);
    assert_eq!(match_pod_failure_policy(Some(&p), &pod).action, None);
    pod.status.conditions.push(PodCondition {
        type_: "DisruptionTarget".into(),
        status: "True".into(),
        ..Default::default()
    });
    assert_eq!(
        match_pod_failure_policy(Some(&p), &pod).fail_job.as_deref(),
        Some("Pod default/x-abc has condition DisruptionTarget matching FailJob rule at index 0")
    );
}

#[test]
fn count_and_fail_index_count_against_the_limits() {
    let p =
        policy(vec![on_codes("FailIndex", None, "In", &[3]), on_codes("Count", None, "In", &[4])]);
    let fi = match_pod_failure_policy(Some(&p), &failed_pod(&[("main", 3)]));
    assert_eq!((fi.counts, fi.action.as_deref()), (true, Some("FailIndex")));
    let c = match_pod_failure_policy(Some(&p), &failed_pod(&[("main", 4)]));
    assert_eq!((c.counts, c.action.as_deref()), (true, Some("Count")));
}

#[test]
fn a_deleted_pod_is_failed_only_when_terminating_pods_are_replaced() {
    let mut job = Job::default();
    let mut pod = Pod::default();
    pod.status.phase = PodPhase::Running;
    pod.metadata.deletion_timestamp = Some(crate::clock::Time::ZERO);
    assert!(is_pod_failed(&pod, &job));
    job.spec.pod_replacement_policy = Some("Failed".into());
    assert!(!is_pod_failed(&pod, &job));
    job.spec.pod_replacement_policy = None;
    job.spec.pod_failure_policy = Some(policy(Vec::new()));
    assert!(!is_pod_failed(&pod, &job), "a pod failure policy only replaces failed pods");
}

#[test]
fn ignored_failures_are_left_out_of_the_count() {
    let mut job = Job::default();
    job.spec.pod_failure_policy = Some(policy(vec![on_codes("Ignore", None, "In", &[1])]));
    let pods = [failed_pod(&[("main", 1)]), failed_pod(&[("main", 2)])];
    assert_eq!(counted_failures(&job, &pods), 1);
    assert_eq!(fail_job_message(&job, &pods), None);
}
