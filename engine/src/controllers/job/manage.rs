//! One sync's pod writes while the Job runs: delete the active pods of a suspended Job or
//! the surplus over `parallelism`, or create what is missing once the back-off allows:
//! the Job's back-off, or with `backoffLimitPerIndex` each index's own. Under
//! podReplacementPolicy Failed (or any pod failure policy) a terminating pod still holds
//! its place, so its replacement waits for it to be gone.
//!
//! Models pkg/controller/job/job_controller.go `manageJob` (`wantActive`, `rmAtLeast`,
//! the `terminating` subtraction, `getPodCreationInfoForIndependentIndexes`) and
//! indexed_job_utils.go `firstPendingIndexes`.

use std::collections::BTreeMap;

use super::backoff::{BackoffRecord, DEFAULT_BACKOFF_MS, MAX_BACKOFF_MS};
use super::controller::JobKey;
use super::failure_policy::only_replace_failed_pods;
use super::indexes::{completion_index, first_pending_indexes, Intervals};
use super::per_index::remaining_ms_per_index;
use super::pods;
use super::words::{progress, secs_words, want_active, wanted};
use crate::controllers::queue::{Wait, WorkQueue};
use crate::controllers::said::JobSaid;
use crate::controllers::{key_of, Ctx};
use crate::model::{Job, Kind, Pod};

/// `MaxPodCreateDeletePerSync`.
const MAX_POD_CREATE_DELETE_PER_SYNC: usize = 500;

/// What `manageJob` reads of this sync.
pub struct Seen<'a> {
    pub active: &'a [Pod],
    pub terminating: &'a [Pod],
    pub new_failed: &'a [Pod],
    pub succeeded: i32,
    pub failed: i32,
    pub completed: Option<&'a Intervals>,
    pub failed_indexes: Option<&'a Intervals>,
    /// Per index, the failed pod its replacement takes the failure count from.
    pub delayed: &'a BTreeMap<i64, Pod>,
}

/// How many pods this sync created and deleted.
pub struct Managed {
    pub created: i32,
    pub deleted: i32,
}

pub fn manage(
    job: &Job,
    s: &Seen<'_>,
    record: &BackoffRecord,
    queue: &mut WorkQueue<JobKey>,
    ctx: &mut Ctx<'_>,
) -> Managed {
    let now = ctx.now;
    let spec = &job.spec;
    let suspended = spec.suspend == Some(true);
    let active = s.active.len() as i32;
    let want = want_active(job, s.succeeded, active);
    let mut out = Managed { created: 0, deleted: 0 };
    let key = (Kind::Job, key_of(&job.metadata));
    if suspended && active > 0 {
        let names: Vec<String> = s.active.iter().map(|p| p.metadata.name.clone()).collect();
        let deleted = pods::delete(job, &names, ctx);
        ctx.decide(
            Kind::Job,
            &job.metadata,
            JobSaid::SuspendedNoPods,
            JobSaid::Active { active },
            JobSaid::DeletePods { count: deleted.len() },
        );
        out.deleted = deleted.len() as i32;
        return out;
    }
    if suspended {
        return out;
    }
    if active > want {
        // Too many (parallelism lowered): delete the surplus, newest first.
        let mut surplus: Vec<&Pod> = s.active.iter().collect();
        surplus.sort_by_key(|p| std::cmp::Reverse(p.metadata.creation_timestamp));
        let names: Vec<String> = surplus
            .iter()
            .take((active - want) as usize)
            .map(|p| p.metadata.name.clone())
            .collect();
        let deleted = pods::delete(job, &names, ctx);
        ctx.decide(
            Kind::Job,
            &job.metadata,
            JobSaid::ActiveOfParallelism { want, parallelism: spec.parallelism.unwrap_or(1) },
            JobSaid::Active { active },
            JobSaid::DeletePods { count: deleted.len() },
        );
        out.deleted = deleted.len() as i32;
        return out;
    }
    // Only failed pods are replaced: a terminating one still holds its place.
    let holding = if only_replace_failed_pods(job) { s.terminating.len() as i32 } else { 0 };
    if want - holding <= active {
        return out;
    }
    let diff = ((want - holding - active) as usize).min(MAX_POD_CREATE_DELETE_PER_SYNC);
    let per_index = spec.backoff_limit_per_index.is_some();
    let desired = wanted(job, s.succeeded, active);
    // With backoffLimitPerIndex each index has its own back-off instead of the Job's.
    let remaining =
        if per_index { 0 } else { record.remaining_ms(now, DEFAULT_BACKOFF_MS, MAX_BACKOFF_MS) };
    if remaining > 0 {
        queue.add_after_for(key, now.plus_millis(remaining), Wait::BackOff);
        // Said once, by the sync that counted the failure; later syncs of the same wait
        // (its own status write, a resync) have nothing new.
        if !s.new_failed.is_empty() {
            let limit = spec.backoff_limit.unwrap_or(super::backoff::DEFAULT_BACKOFF_LIMIT);
            ctx.decide(
                Kind::Job,
                &job.metadata,
                desired,
                JobSaid::RetriesUsed { used: s.failed.min(limit), limit },
                JobSaid::WaitBeforeNext { wait: secs_words(remaining) },
            );
        }
        return out;
    }
    let completions = i64::from(spec.completions.unwrap_or(0));
    let mut indexes = Vec::new();
    if spec.is_indexed() {
        let mut taken: Vec<i64> = s.active.iter().filter_map(completion_index).collect();
        if holding > 0 {
            taken.extend(s.terminating.iter().filter_map(completion_index));
        }
        let done = s.completed.cloned().unwrap_or_default();
        indexes = first_pending_indexes(&taken, &done, s.failed_indexes, diff, completions);
        if per_index {
            let wait = |ix: &i64| remaining_ms_per_index(now, s.delayed.get(ix));
            let soonest = indexes.iter().map(wait).filter(|ms| *ms > 0).min();
            indexes.retain(|ix| wait(ix) == 0);
            if let (true, Some(ms)) = (indexes.is_empty(), soonest) {
                queue.add_after_for(key, now.plus_millis(ms), Wait::BackOff);
                if !s.new_failed.is_empty() {
                    ctx.decide(
                        Kind::Job,
                        &job.metadata,
                        desired,
                        JobSaid::IndexPodFailed,
                        JobSaid::WaitBeforeIndex { wait: secs_words(ms) },
                    );
                }
                return out;
            }
        }
    }
    let count = if spec.is_indexed() { indexes.len() } else { diff };
    let (created, err) = pods::create(job, count, &indexes, s.delayed, ctx);
    let action = match (created.as_slice(), err) {
        ([], Some(error)) => JobSaid::CreateFailed { error },
        ([one], _) => JobSaid::CreateOne { pod: one.clone() },
        (many, _) => JobSaid::CreatePods { count: many.len() },
    };
    let observed = progress(s.succeeded, s.failed, active);
    ctx.decide(Kind::Job, &job.metadata, desired, observed, action);
    out.created = created.len() as i32;
    out
}
