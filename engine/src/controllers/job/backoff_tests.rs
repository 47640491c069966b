//! Cases from pkg/controller/job/backoff_utils_test.go (`TestNewBackoffRecord`,
//! `TestGetFinishedTime`, `TestGetRemainingBackoffTime`), named as there, and the failure
//! rules of job_controller.go.

use super::*;
use crate::model::{ContainerState, ContainerStatus, PodCondition, PodPhase, StateTerminated};

/// `defaultTestTime`; any fixed instant does.
fn t0() -> Time {
    Time::from_secs(1_000_000)
}

fn ms(offset: i64) -> Time {
    t0().plus_millis(offset)
}

fn terminated(finished_at: Option<Time>) -> ContainerStatus {
    ContainerStatus {
        state: ContainerState {
            terminated: Some(StateTerminated { finished_at, ..Default::default() }),
            ..Default::default()
        },
        ..Default::default()
    }
}

fn running() -> ContainerStatus {
    ContainerStatus { state: ContainerState::running(t0()), ..Default::default() }
}

fn finished_pod(phase: PodPhase, at: Time) -> Pod {
    let mut p = Pod::default();
    p.status.phase = phase;
    p.status.container_statuses = vec![terminated(Some(at))];
    p
}

/// (name, store setup, succeeded finish times, failed finish times, want count, want time).
type RecordCase<'a> =
    (&'a str, &'a dyn Fn(&mut BackoffStore), Vec<Time>, Vec<Time>, i32, Option<Time>);

#[test]
fn new_backoff_record_cases() {
    let with_two = |s: &mut BackoffStore| {
        s.update(BackoffRecord {
            key: "key".into(),
            failures_after_last_success: 2,
            last_failure_time: None,
        })
    };
    let empty = |_: &mut BackoffStore| {};
    let cases: Vec<RecordCase> = vec![
        ("Empty backoff store and one new failure", &empty, vec![], vec![t0()], 1, Some(t0())),
        (
            "Empty backoff store and two new failures",
            &empty,
            vec![],
            vec![t0(), ms(-1)],
            2,
            Some(t0()),
        ),
        (
            "Empty backoff store, two failures followed by success",
            &empty,
            vec![t0()],
            vec![ms(-2), ms(-1)],
            0,
            None,
        ),
        (
            "Empty backoff store, two failures, one success and two more failures",
            &empty,
            vec![ms(-2)],
            vec![t0(), ms(-4), ms(-3), ms(-1)],
            2,
            Some(t0()),
        ),
        (
            "Backoff store having failure count 2 and one new failure",
            &with_two,
            vec![],
            vec![t0()],
            3,
            Some(t0()),
        ),
        (
            "Empty backoff store with success and failure at same timestamp",
            &empty,
            vec![t0()],
            vec![t0()],
            0,
            None,
        ),
        ("Empty backoff store with no success/failure", &empty, vec![], vec![], 0, None),
        ("Empty backoff store with one success", &empty, vec![t0()], vec![], 0, None),
    ];
    for (name, init, succeeded, failed, want_failures, want_time) in cases {
        let mut store = BackoffStore::default();
        init(&mut store);
        let succeeded: Vec<Pod> =
            succeeded.iter().map(|t| finished_pod(PodPhase::Succeeded, *t)).collect();
        let failed: Vec<Pod> = failed.iter().map(|t| finished_pod(PodPhase::Failed, *t)).collect();
        let want = BackoffRecord {
            key: "key".into(),
            failures_after_last_success: want_failures,
            last_failure_time: want_time,
        };
        assert_eq!(store.new_record("key", &succeeded, &failed), want, "{name}");
    }
}

#[test]
fn the_store_keeps_one_record_per_job() {
    let mut store = BackoffStore::default();
    let rec = store.new_record("ns/job", &[], &[finished_pod(PodPhase::Failed, t0())]);
    store.update(rec.clone());
    assert_eq!(store.get("ns/job"), Some(&rec));
    let next = store.new_record("ns/job", &[], &[finished_pod(PodPhase::Failed, ms(5))]);
    assert_eq!((next.failures_after_last_success, next.last_failure_time), (2, Some(ms(5))));
    store.remove("ns/job");
    assert_eq!(store.get("ns/job"), None);
}

#[test]
fn get_finished_time_cases() {
    let minus_30s = t0().plus_secs(-30);
    let pod = |statuses: Vec<ContainerStatus>| {
        let mut p = Pod::default();
        p.status.container_statuses = statuses;
        p
    };
    let all_terminated = pod(vec![
        terminated(Some(t0().plus_secs(-1))),
        terminated(Some(t0())),
        terminated(Some(t0().plus_secs(-2))),
    ]);
    let mut one_running = pod(vec![
        terminated(Some(t0().plus_secs(-1))),
        running(),
        terminated(Some(t0().plus_secs(-2))),
    ]);
    one_running.metadata.deletion_timestamp = Some(t0());
    let mut deleted = pod(vec![running()]);
    deleted.metadata.deletion_timestamp = Some(t0());
    let mut graceful = deleted.clone();
    graceful.metadata.deletion_grace_period_seconds = Some(30);
    let ready = |status: &str, at: Time| PodCondition {
        type_: "Ready".into(),
        status: status.into(),
        last_transition_time: Some(at),
        ..Default::default()
    };
    let mut ready_false = pod(vec![terminated(None)]);
    ready_false.status.conditions.push(ready("False", t0()));
    let mut ready_true = pod(vec![terminated(None)]);
    ready_true.status.conditions.push(ready("True", minus_30s));
    ready_true.metadata.deletion_timestamp = Some(t0());
    let mut created = pod(vec![terminated(None)]);
    created.metadata.creation_timestamp = Some(t0());
    let cases = [
        ("Pod with multiple containers and all containers terminated", all_terminated, t0()),
        (
            "Pod with multiple containers; two containers in terminated state and one in running state; fallback to deletionTimestamp",
            one_running,
            t0(),
        ),
        ("fallback to deletionTimestamp", deleted, t0()),
        ("fallback to deletionTimestamp, decremented by grace period", graceful, minus_30s),
        ("fallback to PodReady.LastTransitionTime when status of the condition is False", ready_false, t0()),
        ("skip fallback to PodReady.LastTransitionTime when status of the condition is True", ready_true, t0()),
        ("fallback to creationTimestamp", created, t0()),
    ];
    for (name, p, want) in cases {
        assert_eq!(finished_time(&p), want, "{name}");
    }
}

#[test]
fn get_remaining_backoff_time_cases() {
    let (default, max) = (5_000, 700_000);
    let record = |failures, last: Option<Time>| BackoffRecord {
        key: String::new(),
        failures_after_last_success: failures,
        last_failure_time: last,
    };
    let cases = [
        ("no failures", record(0, None), t0(), 0),
        ("one failure; current time and failure time are same", record(1, Some(t0())), t0(), 5_000),
        ("one failure; current time == 1 second + failure time", record(1, Some(t0())), t0().plus_secs(1), 4_000),
        ("one failure; current time == expected backoff time", record(1, Some(t0())), t0().plus_secs(5), 0),
        (
            "one failure; current time == expected backoff time + 1 Second",
            record(1, Some(t0())),
            t0().plus_secs(6),
            0,
        ),
        ("three failures; current time and failure time are same", record(3, Some(t0())), t0(), 20_000),
        (
            "eight failures; current time and failure time are same; backoff not exceeding maxBackoff",
            record(8, Some(t0())),
            t0(),
            640_000,
        ),
        (
            "nine failures; current time and failure time are same; backoff exceeding maxBackoff",
            record(9, Some(t0())),
            t0(),
            700_000,
        ),
    ];
    for (name, rec, now, want) in cases {
        assert_eq!(rec.remaining_ms(now, default, max), want, "{name}");
    }
}

#[test]
fn the_real_backoff_runs_from_ten_seconds_to_ten_minutes() {
    let rec = |n| BackoffRecord {
        key: String::new(),
        failures_after_last_success: n,
        last_failure_time: Some(t0()),
    };
    let waits: Vec<i64> =
        (1..=8).map(|n| rec(n).remaining_ms(t0(), DEFAULT_BACKOFF_MS, MAX_BACKOFF_MS)).collect();
    assert_eq!(waits, [10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 600_000, 600_000]);
    assert_eq!(
        rec(i32::MAX).remaining_ms(t0(), DEFAULT_BACKOFF_MS, MAX_BACKOFF_MS),
        MAX_BACKOFF_MS
    );
}

#[test]
fn the_backoff_limit_counts_failures_past_it() {
    assert!(!exceeds_backoff_limit(6, DEFAULT_BACKOFF_LIMIT));
    assert!(exceeds_backoff_limit(7, DEFAULT_BACKOFF_LIMIT));
    assert!(exceeds_backoff_limit(1, 0));
    let f = job_failure(7, 6, false, true).unwrap();
    assert_eq!(
        (f.reason(), f.message()),
        ("BackoffLimitExceeded", "Job has reached the specified backoff limit")
    );
}

#[test]
fn on_failure_counts_restarts_of_active_pods() {
    let restarted = |n| {
        let mut p = Pod::default();
        p.status.container_statuses =
            vec![ContainerStatus { restart_count: n, ..Default::default() }];
        p
    };
    assert!(!past_backoff_limit_on_failure("Never", &[restarted(9)], 1));
    assert!(past_backoff_limit_on_failure("OnFailure", &[restarted(1)], 0));
    assert!(!past_backoff_limit_on_failure("OnFailure", &[restarted(0)], 0));
    assert!(!past_backoff_limit_on_failure("OnFailure", &[restarted(1), restarted(1)], 3));
    assert!(past_backoff_limit_on_failure("OnFailure", &[restarted(1), restarted(2)], 3));
}

#[test]
fn the_deadline_counts_from_the_start_time() {
    assert!(!past_active_deadline(None, Some(10), t0()));
    assert!(!past_active_deadline(Some(t0()), None, t0().plus_secs(99)));
    assert!(!past_active_deadline(Some(t0()), Some(10), t0().plus_millis(9_999)));
    assert!(past_active_deadline(Some(t0()), Some(10), t0().plus_secs(10)));
    let f = job_failure(0, 6, false, true).unwrap();
    assert_eq!(
        (f.reason(), f.message()),
        ("DeadlineExceeded", "Job was active longer than specified deadline")
    );
    assert_eq!(job_failure(0, 6, false, false), None);
}
