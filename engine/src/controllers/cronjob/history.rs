//! A CronJob's finished Jobs: keeping at most `successfulJobsHistoryLimit` Complete and
//! `failedJobsHistoryLimit` Failed ones, oldest deleted first, and deleting a Job with its
//! pods (background propagation). Models cronjob_controllerv2.go `cleanupFinishedJobs`,
//! `removeOldestJobs`, `deleteJob` and utils.go `byJobStartTime`.

use std::cmp::Ordering;

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
    remove_oldest(cj, next, succeeded, cj.spec.successful_jobs_history_limit, "successful", ctx);
    remove_oldest(cj, next, failed, cj.spec.failed_jobs_history_limit, "failed", ctx);
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
    which: &str,
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
            ctx.decide(
                Kind::CronJob,
                &cj.metadata,
                format!("keep at most {keep} {which} Job{}", if keep == 1 { "" } else { "s" }),
                format!("{} {which} Jobs", keep + surplus),
                format!("delete the oldest, {}", j.metadata.name),
            );
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
}
