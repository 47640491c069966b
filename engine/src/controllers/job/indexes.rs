//! Completion indexes of an Indexed Job: the compressed interval lists the Job's status
//! carries (`completedIndexes: "1,3-5,7"`), and which indexes to start next.
//!
//! Models pkg/controller/job/indexed_job_utils.go (`orderedIntervals` and its `String`,
//! `merge`, `withOrderedIndexes`, `has`; `parseIndexesFromString`,
//! `calculateSucceededIndexes`, `firstPendingIndexes`, `getCompletionIndex`).

use std::fmt;

use crate::model::{Pod, PodPhase};

/// `batch.JobCompletionIndexAnnotation`.
pub const COMPLETION_INDEX_ANNOTATION: &str = "batch.kubernetes.io/job-completion-index";
/// `batch.JobTrackingFinalizer`: a pod whose result the Job has not counted yet.
pub const TRACKING_FINALIZER: &str = "batch.kubernetes.io/job-tracking";

/// `interval`: `first..=last`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interval {
    pub first: i64,
    pub last: i64,
}

/// `orderedIntervals`: sorted, disjoint, non-adjacent intervals (once merged).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Intervals(pub Vec<Interval>);

impl Intervals {
    /// `merge`: the union with another ordered list, joining overlapping and adjacent runs.
    pub fn merge(&self, other: &Intervals) -> Intervals {
        let mut all: Vec<Interval> = self.0.iter().chain(other.0.iter()).copied().collect();
        // Upstream zips two sorted lists, taking from `self` only on a strictly smaller
        // start; a stable sort by start gives the same sequence.
        crate::sort::sort_by_key(&mut all, |iv| iv.first);
        let mut result: Vec<Interval> = Vec::new();
        for iv in all {
            match result.last_mut() {
                Some(last) if iv.first <= last.last + 1 => last.last = last.last.max(iv.last),
                _ => result.push(iv),
            }
        }
        Intervals(result)
    }

    /// `withOrderedIndexes`: add single indexes, given in increasing order.
    pub fn with_ordered_indexes(&self, indexes: &[i64]) -> Intervals {
        self.merge(&Intervals(indexes.iter().map(|&i| Interval { first: i, last: i }).collect()))
    }

    /// `total`: how many indexes the intervals hold.
    pub fn total(&self) -> i64 {
        self.0.iter().map(|iv| iv.last - iv.first + 1).sum()
    }

    /// `has`.
    pub fn has(&self, ix: i64) -> bool {
        let at = self.0.partition_point(|iv| iv.last < ix);
        self.0.get(at).is_some_and(|iv| iv.first <= ix)
    }

    /// `parseIndexesFromString`: parts that do not parse are skipped, parsing stops at the
    /// first index at or past `completions`, and a range is cut to `completions - 1`. Only
    /// adjacent runs are joined (the status is written merged, so that is enough).
    pub fn parse(s: &str, completions: i64) -> Intervals {
        let mut result: Vec<Interval> = Vec::new();
        if s.is_empty() {
            return Intervals(result);
        }
        for part in s.split(',') {
            let mut limits = part.split('-');
            let Some(Ok(first)) = limits.next().map(str::parse::<i64>) else { continue };
            if first >= completions {
                break;
            }
            let last = match limits.next() {
                Some(l) => match l.parse::<i64>() {
                    Ok(l) => l.min(completions - 1),
                    Err(_) => continue,
                },
                None => first,
            };
            match result.last_mut() {
                Some(prev) if prev.last == first - 1 => prev.last = last,
                _ => result.push(Interval { first, last }),
            }
        }
        Intervals(result)
    }
}

/// `orderedIntervals.String`: `a`, `a-b` for runs of three or more, and a run of two as
/// `a,b` (so indexes 3 and 4 print as "3,4", not "3-4").
impl fmt::Display for Intervals {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, iv) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{}", iv.first)?;
            if iv.last > iv.first {
                let sep = if iv.last == iv.first + 1 { ',' } else { '-' };
                write!(f, "{sep}{}", iv.last)?;
            }
        }
        Ok(())
    }
}

/// `getCompletionIndex`: the annotation as a non-negative integer, or `None`.
pub fn completion_index(pod: &Pod) -> Option<i64> {
    let v = pod.metadata.annotations.get(COMPLETION_INDEX_ANNOTATION)?;
    v.parse::<i64>().ok().filter(|i| *i >= 0)
}

/// `calculateSucceededIndexes`: (the indexes in `status.completedIndexes`, those plus the
/// pods that succeeded since: in range and still carrying the tracking finalizer).
pub fn calculate_succeeded_indexes(
    completed_indexes: &str,
    completions: i64,
    pods: &[Pod],
) -> (Intervals, Intervals) {
    let prev = Intervals::parse(completed_indexes, completions);
    let mut new: Vec<i64> = pods
        .iter()
        .filter(|p| p.status.phase == PodPhase::Succeeded)
        .filter(|p| p.metadata.finalizers.iter().any(|f| f == TRACKING_FINALIZER))
        .filter_map(completion_index)
        .filter(|ix| *ix < completions)
        .collect();
    crate::sort::sort(&mut new);
    new.dedup();
    let all = prev.with_ordered_indexes(&new);
    (prev, all)
}

/// `firstPendingIndexes`: the first `count` indexes below `completions` that no active pod
/// holds and that have neither succeeded nor (with a per-index backoff limit) failed.
pub fn first_pending_indexes(
    active: &[i64],
    succeeded: &Intervals,
    failed: Option<&Intervals>,
    count: usize,
    completions: i64,
) -> Vec<i64> {
    let mut active: Vec<i64> = active.iter().copied().filter(|ix| *ix >= 0).collect();
    crate::sort::sort(&mut active);
    active.dedup();
    let mut taken = succeeded.with_ordered_indexes(&active);
    if let Some(failed) = failed {
        taken = taken.merge(failed);
    }
    // Walk the gaps between taken intervals, so the cost is bounded by the number of
    // intervals and `count`, not by `completions`.
    let mut result = Vec::new();
    let mut candidate = 0;
    for iv in &taken.0 {
        while candidate < completions && result.len() < count && candidate < iv.first {
            result.push(candidate);
            candidate += 1;
        }
        candidate = candidate.max(iv.last + 1);
    }
    while candidate < completions && result.len() < count {
        result.push(candidate);
        candidate += 1;
    }
    result
}

#[cfg(test)]
#[path = "indexes_tests.rs"]
mod tests;
