//! Cases after pkg/controller/job/indexed_job_utils_test.go (`TestCalculateFailedIndexes`,
//! `TestGetPodsWithDelayedDeletionPerIndex`, `TestGetNewIndexFailureCounts`) and
//! backoff_utils_test.go `TestGetRemainingBackoffTimePerIndex`.

use super::*;
use crate::model::{ContainerState, ContainerStatus, PodFailurePolicy, PodFailurePolicyRule};
use crate::model::{OnExitCodes, PodPhase, StateTerminated};

fn job(limit: i32) -> Job {
    let mut j = Job::default();
    j.spec.completions = Some(5);
    j.spec.completion_mode = Some("Indexed".into());
    j.spec.backoff_limit_per_index = Some(limit);
    j
}

fn pod(ix: i64, phase: PodPhase, failures: Option<&str>, code: i32, at: i64) -> Pod {
    let mut p = Pod::default();
    p.metadata.uid = format!("uid-{ix}-{at}");
    p.metadata
        .annotations
        .insert(super::super::indexes::COMPLETION_INDEX_ANNOTATION.into(), ix.to_string());
    if let Some(f) = failures {
        p.metadata.annotations.insert(FAILURE_COUNT.into(), f.into());
    }
    p.metadata.finalizers.push(TRACKING_FINALIZER.into());
    p.status.phase = phase;
    p.status.container_statuses = vec![ContainerStatus {
        name: "main".into(),
        state: ContainerState {
            terminated: Some(StateTerminated {
                exit_code: code,
                finished_at: Some(Time::from_secs(at)),
                ..Default::default()
            }),
            ..Default::default()
        },
        ..Default::default()
    }];
    p
}

#[test]
fn an_index_fails_once_its_failures_reach_the_limit() {
    let j = job(1);
    let pods = [
        pod(0, PodPhase::Failed, Some("0"), 1, 10),
        pod(2, PodPhase::Failed, Some("1"), 1, 10),
        pod(3, PodPhase::Failed, Some("7"), 1, 10),
    ];
    assert_eq!(calculate_failed_indexes(&j, &pods).to_string(), "2,3");
    let mut prev = j.clone();
    prev.status.failed_indexes = Some("4".into());
    assert_eq!(calculate_failed_indexes(&prev, &pods).to_string(), "2-4");
}

#[test]
fn fail_index_fails_the_index_at_once_and_hostile_counts_read_as_zero() {
    let mut j = job(3);
    j.spec.pod_failure_policy = Some(PodFailurePolicy {
        rules: vec![PodFailurePolicyRule {
            action: "FailIndex".into(),
            on_exit_codes: Some(OnExitCodes {
                container_name: None,
                operator: "In".into(),
                values: vec![42],
            }),
            on_pod_conditions: Vec::new(),
        }],
    });
    let pods =
        [pod(1, PodPhase::Failed, Some("-4"), 42, 10), pod(2, PodPhase::Failed, Some("x"), 1, 10)];
    assert_eq!(calculate_failed_indexes(&j, &pods).to_string(), "1");
    assert_eq!(new_index_failure_counts(&j, Some(&pods[1])), (1, 0));
}

#[test]
fn the_latest_failed_pod_of_a_waiting_index_is_held_for_its_replacement() {
    let j = job(2);
    let older = pod(1, PodPhase::Failed, Some("0"), 1, 10);
    let newer = pod(1, PodPhase::Failed, Some("1"), 1, 40);
    let running = {
        let mut p = pod(2, PodPhase::Running, Some("0"), 0, 0);
        p.status.container_statuses.clear();
        p
    };
    let failed_on_running = pod(2, PodPhase::Failed, Some("0"), 1, 5);
    let all = [older, newer.clone(), running.clone(), failed_on_running];
    let held = pods_with_delayed_deletion(
        &j,
        &all,
        &[running],
        &Intervals::default(),
        &Intervals::default(),
    );
    assert_eq!(held.keys().copied().collect::<Vec<_>>(), vec![1]);
    assert_eq!(held[&1].metadata.uid, newer.metadata.uid);
    assert_eq!(new_index_failure_counts(&j, Some(&newer)), (2, 0));
}

#[test]
fn an_index_backs_off_by_its_own_failures() {
    let first = pod(0, PodPhase::Failed, Some("0"), 1, 100);
    let third = pod(0, PodPhase::Failed, Some("2"), 1, 100);
    let now = Time::from_secs(103);
    assert_eq!(remaining_ms_per_index(now, None), 0);
    assert_eq!(remaining_ms_per_index(now, Some(&first)), 7_000);
    assert_eq!(remaining_ms_per_index(now, Some(&third)), 37_000);
}
