//! A CronJob's finished Jobs: keeping at most `successfulJobsHistoryLimit` Complete and
//! `failedJobsHistoryLimit` Failed ones, oldest deleted first, and deleting a Job with its
//! pods (background propagation). Models cronjob_controllerv2.go `cleanupFinishedJobs`,
//! `removeOldestJobs`, `deleteJob` and utils.go `byJobStartTime`.

use std::cmp::Ordering;

use crate::controllers::said::CronJobSaid;
use crate::controllers::Ctx;
use crate::model::{CronJob, CronJobStatus, Job, Kind};
use crate::store::{ApiError, DeleteOptions};

use super::controller::finished;

/// `cleanupFinishedJobs`.
pub fn cleanup_finished(cj: &CronJob, next: &mut CronJobStatus, jobs: &[Job], ctx: &mut Ctx<'_>) {
    let (mut succeeded, mut failed): (Vec<&Job>, Vec<&Job>) = (Vec::new(), Vec::new());
    for j in jobs {
        match finished(j) {
            Some("Complete") => succeeded.push(j),
            Some(_) => failed.push(j),
            None => {}
        }
    }
    let limit = cj.spec.successful_jobs_history_limit;
    remove_oldest(cj, next, succeeded, limit, Finished::Successful, ctx);
    remove_oldest(cj, next, failed, cj.spec.failed_jobs_history_limit, Finished::Failed, ctx);
}

/// Which of the two histories.
#[derive(Clone, Copy)]
enum Finished {
    Successful,
    Failed,
}

impl Finished {
    /// How many the limit keeps, and how many there are, for the decision feed.
    fn said(self, keep: usize, count: usize) -> (CronJobSaid, CronJobSaid) {
        match self {
            Finished::Successful => {
                (CronJobSaid::KeepSuccessful { keep }, CronJobSaid::SuccessfulJobs { count })
            }
            Finished::Failed => {
                (CronJobSaid::KeepFailed { keep }, CronJobSaid::FailedJobs { count })
            }
        }
    }
}

/// `byJobStartTime`: started Jobs by start time (then name), unstarted ones last.
fn by_start_time(a: &Job, b: &Job) -> Ordering {
    match (a.status.start_time, b.status.start_time) {
        (None, None) => a.metadata.name.cmp(&b.metadata.name),
        (None, Some(_)) => Ordering::Greater,
        (Some(_), None) => Ordering::Less,
        (Some(x), Some(y)) => x.cmp(&y).then_with(|| a.metadata.name.cmp(&b.metadata.name)),
    }
}

/// `removeOldestJobs`: delete the oldest beyond `max_jobs`.
fn remove_oldest(
    cj: &CronJob,
    next: &mut CronJobStatus,
    mut jobs: Vec<&Job>,
    max_jobs: i32,
    which: Finished,
    ctx: &mut Ctx<'_>,
) {
    let keep = max_jobs.max(0) as usize;
    if jobs.len() <= keep {
        return;
    }
    jobs.sort_by(|a, b| by_start_time(a, b));
    let surplus = jobs.len() - keep;
    for j in jobs.into_iter().take(surplus) {
        if delete_job(cj, next, &j.metadata.name, &j.metadata.uid, ctx) {
            let (desired, observed) = which.said(keep, keep + surplus);
            let action = CronJobSaid::DeleteOldest { job: j.metadata.name.clone() };
            ctx.decide(Kind::CronJob, &cj.metadata, desired, observed, action);
        }
    }
}

/// `deleteJob`: delete the Job (its pods follow, background propagation), drop it from
/// `status.active`. Returns whether it was deleted.
pub fn delete_job(
    cj: &CronJob,
    next: &mut CronJobStatus,
    name: &str,
    uid: &str,
    ctx: &mut Ctx<'_>,
) -> bool {
    let ns = cj.metadata.namespace.clone();
    match ctx.store.delete::<Job>(&ns, name, &DeleteOptions::background(), ctx.now) {
        Ok(_) | Err(ApiError::NotFound { .. }) => {
            next.active.retain(|r| r.uid != uid);
            ctx.event(
                Kind::CronJob,
                &cj.metadata,
                "Normal",
                "SuccessfulDelete",
                format!("Deleted job {name}"),
            );
            true
        }
        Err(e) => {
            // cronjob_controllerv2.go's wording, "Deleted job: <error>", as upstream writes it.
            ctx.event(
                Kind::CronJob,
                &cj.metadata,
                "Warning",
                "FailedDelete",
                format!("Deleted job: {e}"),
            );
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Time;

    fn job(name: &str, start: Option<i64>) -> Job {
        let mut j = Job::default();
        j.metadata.name = name.into();
        j.status.start_time = start.map(Time::from_secs);
        j
    }

    #[test]
    fn the_oldest_start_goes_first_and_unstarted_jobs_last() {
        let mut jobs =
            [job("c", None), job("b", Some(60)), job("a", Some(120)), job("d", Some(60))];
        jobs.sort_by(by_start_time);
        let names: Vec<&str> = jobs.iter().map(|j| j.metadata.name.as_str()).collect();
        assert_eq!(names, ["b", "d", "a", "c"]);
    }

    #[test]
    fn the_feed_counts_the_history_it_trims() {
        let (keep, seen) = Finished::Failed.said(1, 2);
        assert_eq!(keep.to_string(), "keep at most 1 failed Job");
        assert_eq!(seen.to_string(), "2 failed Jobs");
        let (keep, seen) = Finished::Successful.said(0, 1);
        assert_eq!(keep.to_string(), "keep at most 0 successful Jobs");
        assert_eq!(seen.to_string(), "1 successful Job");
    }
}
