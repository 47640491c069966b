//! The CronJob loop: at each start of `spec.schedule` (in `spec.timeZone`) it creates a
//! Job named `<cronjob>-<minutes since the Unix epoch>`, honouring `concurrencyPolicy`,
//! `startingDeadlineSeconds` and `suspend`; it tracks `status.active`,
//! `lastScheduleTime` and `lastSuccessfulTime`, deletes the oldest finished Jobs past the
//! history limits, and requeues itself for the next start.
//!
//! Models pkg/controller/cronjob/cronjob_controllerv2.go (`sync`, `syncCronJob`,
//! `cleanupFinishedJobs`, `removeOldestJobs`, `deleteJob`) and utils.go
//! (`getJobFromTemplate2`, `inActiveList`), on the schedule arithmetic of `crate::cron`.

use super::super::{key_of, Controller, ControllerName, Ctx};
use super::history;
use crate::clock::Time;
use crate::controllers::queue::{Wait, WorkQueue};
use crate::controllers::said::CronJobSaid;
use crate::cron::cronjob::{
    controller_schedule, job_name, next_schedule_time, next_schedule_time_duration, unix_ms,
    CronJobTimes, TOO_MANY_MISSED_MESSAGE, TOO_MANY_MISSED_REASON,
};
use crate::model::{
    CronJob, CronJobStatus, Job, Kind, Object, ObjectMeta, ObjectReference, OwnerReference,
};
use crate::store::{ApiError, Key, Store, WatchEvent};

/// `batchv1.CronJobScheduledTimestampAnnotation`.
pub const SCHEDULED_TIMESTAMP_ANNOTATION: &str = "batch.kubernetes.io/cronjob-scheduled-timestamp";

#[derive(Default)]
pub struct CronJobController {
    queue: WorkQueue<Key>,
}

impl Controller for CronJobController {
    type Key = Key;

    fn name(&self) -> ControllerName {
        ControllerName::CronJob
    }

    fn queue(&mut self) -> &mut WorkQueue<Key> {
        &mut self.queue
    }

    fn observe(&mut self, event: &WatchEvent, _store: &Store) {
        match &event.object {
            Object::CronJob(o) => self.queue.add(key_of(&o.metadata)),
            // A Job's change wakes the CronJob that controls it (`addJob`, `updateJob`).
            Object::Job(j) => {
                if let Some(r) = j.metadata.controller_ref().filter(|r| r.kind == "CronJob") {
                    self.queue.add(Key::new(&j.metadata.namespace, &r.name));
                }
            }
            _ => {}
        }
    }

    fn resync(&mut self, store: &Store) {
        for o in store.list::<CronJob>(None, None) {
            self.queue.add(key_of(&o.metadata));
        }
    }

    fn reconcile(&mut self, key: &Key, ctx: &mut Ctx<'_>) {
        let Some(cj) = ctx.store.get_rc::<CronJob>(&key.ns, &key.name) else { return };
        let jobs = jobs_of(&cj, ctx.store);
        let mut next = cj.status.clone();
        let requeue = sync_cron_job(&cj, &mut next, &jobs, ctx);
        // The Jobs may have changed (created, replaced): read them again for the clean-up.
        let jobs = jobs_of(&cj, ctx.store);
        history::cleanup_finished(&cj, &mut next, &jobs, ctx);
        if next != cj.status {
            let (ns, name) = (&cj.metadata.namespace, &cj.metadata.name);
            let _ = ctx.store.modify_status::<CronJob>(ns, name, ctx.now, |c| c.status = next);
        }
        if let Some(ms) = requeue {
            self.queue.add_after_for(key.clone(), ctx.now.plus_millis(ms.max(0)), Wait::Schedule);
        }
    }
}

/// The Jobs this CronJob controls (`getJobsToBeReconciled`).
fn jobs_of(cj: &CronJob, store: &Store) -> Vec<Job> {
    let uid = cj.metadata.uid.as_str();
    store
        .list::<Job>(Some(&cj.metadata.namespace), None)
        .filter(|j| j.metadata.controller_ref().is_some_and(|r| r.uid == uid))
        .cloned()
        .collect()
}

/// `IsJobFinished` with its condition: Complete or Failed.
pub fn finished(j: &Job) -> Option<&'static str> {
    if j.status.is_true("Complete") {
        Some("Complete")
    } else if j.status.is_true("Failed") {
        Some("Failed")
    } else {
        None
    }
}

fn in_active(s: &CronJobStatus, uid: &str) -> bool {
    s.active.iter().any(|r| r.uid == uid)
}

/// `syncCronJob`: returns when to look again (ms from now), if ever.
fn sync_cron_job(
    cj: &CronJob,
    next: &mut CronJobStatus,
    jobs: &[Job],
    ctx: &mut Ctx<'_>,
) -> Option<i64> {
    let now = ctx.now;
    let m = &cj.metadata;
    for j in jobs {
        let uid = j.metadata.uid.as_str();
        let found = in_active(next, uid);
        match finished(j) {
            None if !found => {
                let message = format!(
                    "Saw a job that the controller did not create or forgot: {}",
                    j.metadata.name
                );
                ctx.event(Kind::CronJob, m, "Warning", "UnexpectedJob", message);
            }
            Some(condition) if found => {
                next.active.retain(|r| r.uid != uid);
                let message =
                    format!("Saw completed job: {}, condition: {condition}", j.metadata.name);
                ctx.event(Kind::CronJob, m, "Normal", "SawCompletedJob", message);
                let (job, condition) = (j.metadata.name.clone(), condition.to_string());
                let seen = CronJobSaid::JobFinished { job, condition };
                ctx.decide(
                    Kind::CronJob,
                    m,
                    CronJobSaid::TrackActive,
                    seen,
                    CronJobSaid::DropFromActive,
                );
            }
            _ => {}
        }
        // A succeeded Job counts for lastSuccessfulTime whether or not it was active.
        if j.status.is_true("Complete") {
            if let Some(done) = j.status.completion_time {
                if next.last_successful_time.is_none_or(|t| done > t) {
                    next.last_successful_time = Some(done);
                }
            }
        }
    }
    // Active references whose Job is gone.
    let missing: Vec<ObjectReference> = next
        .active
        .iter()
        .filter(|r| !jobs.iter().any(|j| j.metadata.uid == r.uid))
        .cloned()
        .collect();
    for r in missing {
        ctx.event(
            Kind::CronJob,
            m,
            "Normal",
            "MissingJob",
            format!("Active job went missing: {}", r.name),
        );
        next.active.retain(|a| a.uid != r.uid);
    }
    if m.is_deleting() {
        return None;
    }
    if let Some(tz) = &cj.spec.time_zone {
        if let Err(e) = crate::cron::load_location(tz) {
            let message = format!("invalid timeZone: {tz:?}: {e}");
            ctx.event(Kind::CronJob, m, "Warning", "UnknownTimeZone", message);
            return None;
        }
    }
    if cj.spec.suspend {
        return None;
    }
    let schedule = match controller_schedule(&cj.spec.schedule, cj.spec.time_zone.as_deref()) {
        Ok(s) => s,
        Err(e) => {
            let message = format!("unparseable schedule: {:?} : {e}", cj.spec.schedule);
            ctx.event(Kind::CronJob, m, "Warning", "UnparseableSchedule", message);
            return None;
        }
    };
    let times = CronJobTimes {
        creation_timestamp: m.creation_timestamp.unwrap_or_default(),
        last_schedule_time: next.last_schedule_time,
        starting_deadline_seconds: cj.spec.starting_deadline_seconds,
    };
    let due = match next_schedule_time(&times, now, &schedule) {
        Ok(due) => due,
        Err(e) => {
            let message = format!("invalid schedule: {} : {e}", cj.spec.schedule);
            ctx.event(Kind::CronJob, m, "Warning", "InvalidSchedule", message);
            return None;
        }
    };
    let again = |next: &CronJobStatus| {
        let times = CronJobTimes { last_schedule_time: next.last_schedule_time, ..times };
        next_schedule_time_duration(&times, now, &schedule)
    };
    let Some(due) = due else { return again(next) };
    if due.too_many_missed {
        ctx.event(
            Kind::CronJob,
            m,
            "Warning",
            TOO_MANY_MISSED_REASON,
            TOO_MANY_MISSED_MESSAGE.into(),
        );
    }
    let scheduled = due.scheduled;
    let at = scheduled.to_string();
    if let Some(sds) = cj.spec.starting_deadline_seconds {
        if scheduled.plus_millis(sds.saturating_mul(1000)) < now {
            let message = format!("Missed scheduled time to start a job: {}", rfc1123z(scheduled));
            ctx.event(Kind::CronJob, m, "Warning", "MissSchedule", message);
            let seen = CronJobSaid::StartLate { scheduled: at, late: now.since(scheduled) / 1000 };
            let desired = CronJobSaid::StartWithin { deadline: sds };
            ctx.decide(Kind::CronJob, m, desired, seen, CronJobSaid::SkipIt);
            return again(next);
        }
    }
    let name = job_name(&m.name, scheduled);
    if next.active.iter().any(|r| r.name == name) || next.last_schedule_time == Some(scheduled) {
        return again(next);
    }
    let desired = CronJobSaid::EachStart { schedule: cj.spec.schedule.clone() };
    if cj.spec.concurrency_policy == "Forbid" && !next.active.is_empty() {
        ctx.event(
            Kind::CronJob,
            m,
            "Normal",
            "JobAlreadyActive",
            "Not starting job because prior execution is running and concurrency policy is Forbid"
                .into(),
        );
        let seen = CronJobSaid::DueStillActive { scheduled: at, jobs: names(&next.active) };
        ctx.decide(Kind::CronJob, m, desired, seen, CronJobSaid::SkipForbid);
        return again(next);
    }
    if cj.spec.concurrency_policy == "Replace" {
        for r in next.active.clone() {
            history::delete_job(cj, next, &r.name, &r.uid, ctx);
            let seen =
                CronJobSaid::DueStillActive { scheduled: at.clone(), jobs: r.name.to_string() };
            let action = CronJobSaid::DeleteReplace { job: r.name.to_string() };
            ctx.decide(Kind::CronJob, m, desired.clone(), seen, action);
        }
    }
    let job = job_from_template(cj, scheduled, &name);
    let created = match ctx.store.create(job, now, ctx.rng) {
        Ok(j) => {
            ctx.event(
                Kind::CronJob,
                m,
                "Normal",
                "SuccessfulCreate",
                format!("Created job {name}"),
            );
            j
        }
        Err(ApiError::AlreadyExists { .. }) => {
            // Created earlier without the status update landing: take it back into active
            // if it is ours.
            match ctx.store.get_rc::<Job>(&m.namespace, &name) {
                Some(j) if j.metadata.controller_ref().is_some_and(|r| r.uid == m.uid) => {
                    if in_active(next, &j.metadata.uid) {
                        return None;
                    }
                    j
                }
                _ => return None,
            }
        }
        Err(e) => {
            ctx.event(
                Kind::CronJob,
                m,
                "Warning",
                "FailedCreate",
                format!("Error creating job: {}", e.status_message()),
            );
            return None;
        }
    };
    let seen = CronJobSaid::DueActive { scheduled: at, active: next.active.len() };
    ctx.decide(Kind::CronJob, m, desired, seen, CronJobSaid::CreateJob { job: name.clone() });
    next.active.push(ObjectReference {
        kind: "Job".into(),
        namespace: created.metadata.namespace.as_str().into(),
        name: created.metadata.name.as_str().into(),
        uid: created.metadata.uid.as_str().into(),
        api_version: "batch/v1".into(),
        resource_version: created.metadata.resource_version.as_str().into(),
        field_path: Default::default(),
    });
    next.last_schedule_time = Some(scheduled);
    again(next)
}

fn names(refs: &[ObjectReference]) -> String {
    refs.iter().map(|r| r.name.as_str()).collect::<Vec<_>>().join(", ")
}

/// `getJobFromTemplate2`: the template's labels, annotations and spec, the scheduled time
/// as an annotation (in the CronJob's zone), a controller reference, a name per start.
pub fn job_from_template(cj: &CronJob, scheduled: Time, name: &str) -> Job {
    let t = &cj.spec.job_template;
    let mut annotations = t.metadata.annotations.clone();
    annotations.insert(
        SCHEDULED_TIMESTAMP_ANNOTATION.into(),
        rfc3339_in(scheduled, cj.spec.time_zone.as_deref().unwrap_or("")),
    );
    Job {
        metadata: ObjectMeta {
            name: name.to_string(),
            namespace: cj.metadata.namespace.clone(),
            labels: t.metadata.labels.clone(),
            annotations,
            owner_references: vec![OwnerReference::controller("batch/v1", "CronJob", &cj.metadata)],
            ..Default::default()
        },
        api_version: "batch/v1".into(),
        kind: "Job".into(),
        spec: t.spec.clone(),
        status: Default::default(),
    }
}

/// Go's `t.In(zone).Format(time.RFC3339)`: local time with its offset, `Z` for UTC.
pub fn rfc3339_in(t: Time, zone: &str) -> String {
    let Ok(z) = crate::cron::load_location(zone) else { return t.to_string() };
    let unix = unix_ms(t).div_euclid(1000);
    let offset = i64::from(z.offset_at(unix));
    if offset == 0 {
        return t.to_string();
    }
    let local = t.plus_secs(offset).to_string();
    let sign = if offset < 0 { '-' } else { '+' };
    let a = offset.abs();
    format!("{}{sign}{:02}:{:02}", &local[..local.len() - 1], a / 3600, a % 3600 / 60)
}

/// `time.RFC1123Z` in UTC: `Wed, 01 Jan 2025 00:05:00 +0000`.
fn rfc1123z(t: Time) -> String {
    const DAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
    const MONTHS: [&str; 12] =
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let days = unix_ms(t).div_euclid(1000).div_euclid(86_400);
    // 1970-01-01 was a Thursday.
    let weekday = DAYS[(4 + days).rem_euclid(7) as usize];
    let iso = t.to_string();
    let month: usize = iso[5..7].parse().unwrap_or(1);
    format!(
        "{weekday}, {} {} {} {} +0000",
        &iso[8..10],
        MONTHS[month.clamp(1, 12) - 1],
        &iso[..4],
        &iso[11..19]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scheduled_annotation_is_written_in_the_cronjobs_zone() {
        let t = Time::from_secs(3600);
        assert_eq!(rfc3339_in(t, ""), "2025-01-01T01:00:00Z");
        assert_eq!(rfc3339_in(t, "Asia/Kolkata"), "2025-01-01T06:30:00+05:30");
        assert_eq!(rfc3339_in(t, "America/New_York"), "2024-12-31T20:00:00-05:00");
    }

    #[test]
    fn missed_starts_are_named_in_rfc1123z() {
        assert_eq!(rfc1123z(Time::from_secs(300)), "Wed, 01 Jan 2025 00:05:00 +0000");
    }
}
