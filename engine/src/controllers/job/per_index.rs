//! `backoffLimitPerIndex`: each index of an Indexed Job has its own retry budget and back-off.
//! A replacement pod carries its index's failure count in an annotation; a failed pod keeps
//! its tracking finalizer until its replacement exists, so the count can be handed on; an
//! index fails (into `status.failedIndexes`) once a counted failure finds the budget spent,
//! or at once under a FailIndex rule. Pure functions of the Job and its pods.
//!
//! Models pkg/controller/job/indexed_job_utils.go (`calculateFailedIndexes`,
//! `isIndexFailed`, `getPodsWithDelayedDeletionPerIndex`, `addIndexFailureCountAnnotation`,
//! `getNewIndexFailureCounts`, `getIndexAbsoluteFailureCount`, `parseInt32`) and
//! backoff_utils.go (`getRemainingTimePerIndex`).

use std::collections::BTreeMap;

use super::backoff::{finished_time, remaining_for_failures, DEFAULT_BACKOFF_MS, MAX_BACKOFF_MS};
use super::failure_policy::{is_pod_failed, match_pod_failure_policy};
use super::indexes::{completion_index, Intervals, TRACKING_FINALIZER};
use crate::clock::Time;
use crate::model::{Job, Pod};

/// `batch.JobIndexFailureCountAnnotation`, `batch.JobIndexIgnoredFailureCountAnnotation`.
pub const FAILURE_COUNT: &str = "batch.kubernetes.io/job-index-failure-count";
pub const IGNORED_FAILURE_COUNT: &str = "batch.kubernetes.io/job-index-ignored-failure-count";

/// `parseInt32` of an annotation: 0 when absent, unparsable, negative or too large.
fn annotation(pod: &Pod, key: &str) -> i32 {
    pod.metadata
        .annotations
        .get(key)
        .and_then(|v| v.parse::<i32>().ok())
        .filter(|v| *v >= 0)
        .unwrap_or(0)
}

fn in_range(job: &Job, pod: &Pod) -> Option<i64> {
    let completions = i64::from(job.spec.completions.unwrap_or(0));
    completion_index(pod).filter(|ix| *ix < completions)
}

/// `isIndexFailed`: a FailIndex rule matched, or a counted failure with the index's budget
/// already used up.
pub fn is_index_failed(job: &Job, pod: &Pod) -> bool {
    if !is_pod_failed(pod, job) {
        return false;
    }
    let m = match_pod_failure_policy(job.spec.pod_failure_policy.as_ref(), pod);
    if m.action.as_deref() == Some("FailIndex") {
        return true;
    }
    let limit = job.spec.backoff_limit_per_index.unwrap_or(0);
    m.counts && annotation(pod, FAILURE_COUNT) >= limit
}

/// `calculateFailedIndexes`: `status.failedIndexes` plus the indexes of uncounted pods
/// (still holding the finalizer) that failed their index.
pub fn calculate_failed_indexes(job: &Job, pods: &[Pod]) -> Intervals {
    let completions = i64::from(job.spec.completions.unwrap_or(0));
    let prev = Intervals::parse(job.status.failed_indexes.as_deref().unwrap_or(""), completions);
    let mut new: Vec<i64> = pods
        .iter()
        .filter(|p| p.metadata.has_finalizer(TRACKING_FINALIZER))
        .filter(|p| is_index_failed(job, p))
        .filter_map(|p| in_range(job, p))
        .collect();
    crate::sort::sort(&mut new);
    new.dedup();
    prev.with_ordered_indexes(&new)
}

/// `getPodsWithDelayedDeletionPerIndex`: per index that is neither done, failed nor running,
/// its latest failed pod (by absolute failure count, then finish time), which keeps its
/// finalizer until the replacement is made.
pub fn pods_with_delayed_deletion(
    job: &Job,
    pods: &[Pod],
    active: &[Pod],
    succeeded: &Intervals,
    failed: &Intervals,
) -> BTreeMap<i64, Pod> {
    let active_ix: Vec<i64> = active.iter().filter_map(completion_index).collect();
    let mut out: BTreeMap<i64, Pod> = BTreeMap::new();
    let candidates = pods
        .iter()
        .filter(|p| p.metadata.has_finalizer(TRACKING_FINALIZER) && is_pod_failed(p, job));
    for p in candidates {
        let Some(ix) = in_range(job, p) else { continue };
        if succeeded.has(ix) || failed.has(ix) || active_ix.contains(&ix) {
            continue;
        }
        let replace = match out.get(&ix) {
            Some(last) => {
                absolute_failures(last) <= absolute_failures(p)
                    && finished_time(p) >= finished_time(last)
            }
            None => true,
        };
        if replace {
            out.insert(ix, p.clone());
        }
    }
    out
}

/// `getIndexAbsoluteFailureCount`: counted and ignored failures of the index so far.
fn absolute_failures(pod: &Pod) -> i32 {
    annotation(pod, FAILURE_COUNT).saturating_add(annotation(pod, IGNORED_FAILURE_COUNT))
}

/// `getNewIndexFailureCounts`: the counts a replacement for `replaced` carries: one more
/// counted failure, or one more ignored one when an Ignore rule matched.
pub fn new_index_failure_counts(job: &Job, replaced: Option<&Pod>) -> (i32, i32) {
    let Some(p) = replaced else { return (0, 0) };
    let (failed, ignored) = (annotation(p, FAILURE_COUNT), annotation(p, IGNORED_FAILURE_COUNT));
    if match_pod_failure_policy(job.spec.pod_failure_policy.as_ref(), p).counts {
        (failed.saturating_add(1), ignored)
    } else {
        (failed, ignored.saturating_add(1))
    }
}

/// `getRemainingTimePerIndex`: the index's own back-off, from its last failed pod.
pub fn remaining_ms_per_index(now: Time, last_failed: Option<&Pod>) -> i64 {
    let Some(p) = last_failed else { return 0 };
    let failures = absolute_failures(p).saturating_add(1);
    remaining_for_failures(
        now,
        DEFAULT_BACKOFF_MS,
        MAX_BACKOFF_MS,
        failures,
        Some(finished_time(p)),
    )
}

#[cfg(test)]
#[path = "per_index_tests.rs"]
mod tests;
