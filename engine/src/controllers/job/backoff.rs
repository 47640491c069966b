//! When a Job may replace a failed pod, and when it has failed for good. The pod-failure
//! back-off doubles from 10 s to at most 10 min per failure since the last success; the
//! Job fails once its failures pass `backoffLimit` or it has been active for
//! `activeDeadlineSeconds`. Pure functions of pods, a per-Job record and `now`.
//!
//! Models pkg/controller/job/backoff_utils.go (`backoffRecord`, `backoffStore`,
//! `newBackoffRecord`, `getFinishedTime`, `getRemainingTime`) and job_controller.go
//! (`DefaultJobPodFailureBackOff`, `MaxJobPodFailureBackOff`, `exceedsBackoffLimit`,
//! `pastBackoffLimitOnFailure`, `pastActiveDeadline` and the Failed condition's reason and
//! message). Restartable init containers (sidecars) are not modelled, so a pod's finish
//! time comes from its regular containers only.

use std::collections::BTreeMap;

use crate::clock::Time;
use crate::model::Pod;

/// `DefaultJobPodFailureBackOff`: the delay after the first failure.
pub const DEFAULT_BACKOFF_MS: i64 = 10_000;
/// `MaxJobPodFailureBackOff`: the delay never grows past ten minutes.
pub const MAX_BACKOFF_MS: i64 = 10 * 60_000;
/// `spec.backoffLimit`'s default (pkg/apis/batch/v1/defaults.go).
pub const DEFAULT_BACKOFF_LIMIT: i32 = 6;

/// What the Job controller remembers per Job between syncs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BackoffRecord {
    /// The Job's `namespace/name`.
    pub key: String,
    pub failures_after_last_success: i32,
    pub last_failure_time: Option<Time>,
}

impl BackoffRecord {
    /// `getRemainingTime`: how long the next pod must wait, in milliseconds. The delay is
    /// `default` doubled once per failure after the first, capped at `max`, counted from the
    /// last failure.
    pub fn remaining_ms(&self, now: Time, default_ms: i64, max_ms: i64) -> i64 {
        remaining_for_failures(
            now,
            default_ms,
            max_ms,
            self.failures_after_last_success,
            self.last_failure_time,
        )
    }
}

/// `getRemainingTimeForFailuresCount`.
pub(super) fn remaining_for_failures(
    now: Time,
    default_ms: i64,
    max_ms: i64,
    failures: i32,
    last_failure: Option<Time>,
) -> i64 {
    if failures <= 0 {
        return 0;
    }
    let mut backoff = default_ms;
    for _ in 1..failures {
        backoff = backoff.saturating_mul(2);
        if backoff >= max_ms {
            backoff = max_ms;
            break;
        }
    }
    // A record with failures always has a time; none means "long ago".
    let Some(last) = last_failure else { return 0 };
    let elapsed = now.since(last);
    if backoff < elapsed {
        0
    } else {
        backoff - elapsed
    }
}

/// `backoffStore`: the records by Job key. A map the loop owns, as the controller's
/// in-memory cache is; ordered so iteration is deterministic.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BackoffStore(BTreeMap<String, BackoffRecord>);

impl BackoffStore {
    /// `updateBackoffRecord`.
    pub fn update(&mut self, record: BackoffRecord) {
        self.0.insert(record.key.clone(), record);
    }

    /// `removeBackoffRecord`: the Job is gone or finished.
    pub fn remove(&mut self, key: &str) {
        self.0.remove(key);
    }

    pub fn get(&self, key: &str) -> Option<&BackoffRecord> {
        self.0.get(key)
    }

    /// `newBackoffRecord`: the record after this sync's newly finished pods. Only failures
    /// strictly after the latest success count; with no success, every new failure adds
    /// to the old count. The store is not changed (the caller updates it once the status
    /// write succeeds, as upstream).
    pub fn new_record(&self, key: &str, succeeded: &[Pod], failed: &[Pod]) -> BackoffRecord {
        let mut record = self
            .0
            .get(key)
            .cloned()
            .unwrap_or_else(|| BackoffRecord { key: key.into(), ..Default::default() });
        let mut succeeded: Vec<Time> = succeeded.iter().map(finished_time).collect();
        let mut failed: Vec<Time> = failed.iter().map(finished_time).collect();
        crate::sort::sort(&mut succeeded);
        crate::sort::sort(&mut failed);
        let Some(&last_success) = succeeded.last() else {
            if let Some(&last) = failed.last() {
                record.failures_after_last_success += failed.len() as i32;
                record.last_failure_time = Some(last);
            }
            return record;
        };
        record.failures_after_last_success = 0;
        record.last_failure_time = None;
        for &t in failed.iter().rev().take_while(|t| **t > last_success) {
            record.last_failure_time.get_or_insert(t);
            record.failures_after_last_success += 1;
        }
        record
    }
}

/// `getFinishedTime`: the latest container finish when every container has one; else the
/// moment Ready turned False; else the deletion time less the grace period; else the
/// creation time.
pub fn finished_time(pod: &Pod) -> Time {
    let containers = &pod.status.container_statuses;
    let finishes: Option<Vec<Time>> = containers
        .iter()
        .map(|c| c.state.terminated.as_ref().and_then(|t| t.finished_at))
        .collect();
    if let Some(latest) = finishes.and_then(|f| f.into_iter().max()) {
        return latest;
    }
    if let Some(t) =
        pod.condition("Ready").filter(|c| c.status == "False").and_then(|c| c.last_transition_time)
    {
        return t;
    }
    let meta = &pod.metadata;
    if let Some(deleted) = meta.deletion_timestamp {
        return deleted.plus_secs(-meta.deletion_grace_period_seconds.unwrap_or(0));
    }
    meta.creation_timestamp.unwrap_or_default()
}

/// Why a Job failed: the `Failed` condition's reason and message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobFailure {
    BackoffLimitExceeded,
    DeadlineExceeded,
    /// More indexes failed than `maxFailedIndexes` allows.
    MaxFailedIndexesExceeded,
    /// Every index has finished and some failed (`backoffLimitPerIndex`).
    FailedIndexes,
}

impl JobFailure {
    /// `batch.JobReasonBackoffLimitExceeded`, `JobReasonDeadlineExceeded`,
    /// `JobReasonMaxFailedIndexesExceeded`, `JobReasonFailedIndexes`.
    pub fn reason(self) -> &'static str {
        match self {
            JobFailure::BackoffLimitExceeded => "BackoffLimitExceeded",
            JobFailure::DeadlineExceeded => "DeadlineExceeded",
            JobFailure::MaxFailedIndexesExceeded => "MaxFailedIndexesExceeded",
            JobFailure::FailedIndexes => "FailedIndexes",
        }
    }

    /// The condition messages job_controller.go writes.
    pub fn message(self) -> &'static str {
        match self {
            JobFailure::BackoffLimitExceeded => "Job has reached the specified backoff limit",
            JobFailure::DeadlineExceeded => "Job was active longer than specified deadline",
            JobFailure::MaxFailedIndexesExceeded => {
                "Job has exceeded the specified maximal number of failed indexes"
            }
            JobFailure::FailedIndexes => "Job has failed indexes",
        }
    }
}

/// `exceedsBackoffLimit`: more failed pods than `backoffLimit` allows.
pub fn exceeds_backoff_limit(failed: i32, backoff_limit: i32) -> bool {
    failed > backoff_limit
}

/// `pastBackoffLimitOnFailure`: with `restartPolicy: OnFailure` failures are restarts in
/// place, so the active pods' container restarts count against the limit instead (any
/// restart at all when the limit is 0).
pub fn past_backoff_limit_on_failure(
    restart_policy: &str,
    active: &[Pod],
    backoff_limit: i32,
) -> bool {
    if restart_policy != "OnFailure" {
        return false;
    }
    let restarts: i64 = active
        .iter()
        .flat_map(|p| p.status.container_statuses.iter())
        .map(|c| i64::from(c.restart_count))
        .sum();
    if backoff_limit == 0 {
        return restarts > 0;
    }
    restarts >= i64::from(backoff_limit)
}

/// `pastActiveDeadline`: active at least `activeDeadlineSeconds` since `status.startTime`.
pub fn past_active_deadline(
    start_time: Option<Time>,
    active_deadline_seconds: Option<i64>,
    now: Time,
) -> bool {
    match (start_time, active_deadline_seconds) {
        (Some(start), Some(secs)) => now.since(start) >= secs.saturating_mul(1000),
        _ => false,
    }
}

/// Which failure, if any, ends the Job now; the deadline is checked after the back-off
/// limit, as `syncJob` does.
pub fn job_failure(
    failed: i32,
    backoff_limit: i32,
    on_failure_restarts_exceeded: bool,
    past_deadline: bool,
) -> Option<JobFailure> {
    if exceeds_backoff_limit(failed, backoff_limit) || on_failure_restarts_exceeded {
        Some(JobFailure::BackoffLimitExceeded)
    } else if past_deadline {
        Some(JobFailure::DeadlineExceeded)
    } else {
        None
    }
}

#[cfg(test)]
#[path = "backoff_tests.rs"]
mod tests;
