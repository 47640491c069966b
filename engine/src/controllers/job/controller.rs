//! The Job loop: runs a Job's pods to `completions` successes, `parallelism` at a time,
//! replaces failed pods after the pod-failure back-off, and ends the Job Complete or
//! Failed (back-off limit, active deadline, a FailJob rule of the pod failure policy, failed
//! indexes) or Complete early when a success policy holds. Suspending deletes its active pods.
//!
//! Models pkg/controller/job/job_controller.go `syncJob`, `manageJob`,
//! `trackJobStatusAndRemoveFinalizers`, `canRemoveFinalizer`, `enactJobFinished` and
//! `recordJobFinished`, with the 1.34 feature gates' defaults: the interim FailureTarget /
//! SuccessCriteriaMet conditions come first and the terminal Failed / Complete once no pod
//! is terminating (`delayTerminalCondition`), `status.terminating` is tracked, pods carry the
//! `batch.kubernetes.io/job-tracking` finalizer until counted. The pod failure policy
//! (`failure_policy.rs`), the success policy (`success_policy.rs`), `backoffLimitPerIndex`
//! with `maxFailedIndexes` (`per_index.rs`) and podReplacementPolicy Failed are modelled.
//! Not modelled: managedBy (refused by no one, ignored here), adopting orphan pods, and
//! `uncountedTerminatedPods` as a visible intermediate: a finished pod is counted and
//! released in one sync, which is where upstream ends after its three writes.

use super::super::{key_of, Controller, ControllerName, Ctx};
use super::backoff::{
    job_failure, past_active_deadline, past_backoff_limit_on_failure, BackoffStore, JobFailure,
};
use super::failure_policy::{counted_failures, fail_job_message};
use super::indexes::{calculate_succeeded_indexes, completion_index};
use super::manage::{self, Managed};
use super::per_index::{calculate_failed_indexes, pods_with_delayed_deletion};
use super::pods::{self, release_counted, release_orphans};
use super::seen::seen;
use super::status::{self, Finish};
use super::success_policy::match_success_policy;
use crate::controllers::queue::WorkQueue;
use crate::controllers::said::{JobSaid, Said};
use crate::model::{Job, Kind, Object, Pod, PodPhase};
use crate::store::{Key, Store, WatchEvent};

/// What the loop's queue holds: a Job (`Kind::Job`), or an orphan pod that still carries the
/// tracking finalizer (`Kind::Pod`), which upstream keeps in a second queue
/// (`orphanQueue`, `syncOrphanPod`).
pub type JobKey = (Kind, Key);

#[derive(Default)]
pub struct JobController {
    queue: WorkQueue<JobKey>,
    /// The pod-failure back-off records, by Job key (the controller's `podBackoffStore`).
    backoff: BackoffStore,
}

impl JobController {
    /// `addPod`/`updatePod`: a pod wakes the Job its controller reference resolves to (same
    /// name and UID). One whose Job is gone or was replaced under the same name, or that has
    /// no controller, still holding the tracking finalizer goes to the orphan queue
    /// (`enqueueOrphanPod`), which releases it.
    fn observe_pod(&mut self, p: &Pod, store: &Store) {
        let ns = &p.metadata.namespace;
        let tracked = p.metadata.has_finalizer(super::indexes::TRACKING_FINALIZER);
        match p.metadata.controller_ref() {
            Some(r) if r.kind == "Job" => {
                let live = store.get::<Job>(ns, &r.name).is_some_and(|j| j.metadata.uid == r.uid);
                if live {
                    self.queue.add((Kind::Job, Key::new(ns, &r.name)));
                } else if tracked {
                    self.queue.add((Kind::Pod, key_of(&p.metadata)));
                }
            }
            Some(_) => {}
            None if tracked => self.queue.add((Kind::Pod, key_of(&p.metadata))),
            None => {}
        }
    }
}

impl Controller for JobController {
    type Key = JobKey;

    fn name(&self) -> ControllerName {
        ControllerName::Job
    }

    fn queue(&mut self) -> &mut WorkQueue<JobKey> {
        &mut self.queue
    }

    fn observe(&mut self, event: &WatchEvent, store: &Store) {
        match &event.object {
            Object::Job(o) => self.queue.add((Kind::Job, key_of(&o.metadata))),
            Object::Pod(p) => self.observe_pod(p, store),
            _ => {}
        }
    }

    fn resync(&mut self, store: &Store) {
        for o in store.list::<Job>(None, None) {
            if !status::is_finished(&o.status) {
                self.queue.add((Kind::Job, key_of(&o.metadata)));
            }
        }
        // The pod informer's resync replays every pod through `updatePod`, so a lost event
        // cannot leave a tracking finalizer behind.
        let tracked = store
            .list::<Pod>(None, None)
            .filter(|p| p.metadata.has_finalizer(super::indexes::TRACKING_FINALIZER));
        for p in tracked {
            self.observe_pod(p, store);
        }
    }

    fn reconcile(&mut self, (kind, key): &JobKey, ctx: &mut Ctx<'_>) {
        if *kind == Kind::Pod {
            pods::sync_orphan_pod(key, ctx);
            return;
        }
        let record_key = format!("{}/{}", key.ns, key.name);
        let Some(job) = ctx.store.get_rc::<Job>(&key.ns, &key.name) else {
            self.backoff.remove(&record_key);
            release_orphans(key, None, ctx);
            return;
        };
        if status::is_finished(&job.status) {
            self.backoff.remove(&record_key);
            release_counted(&job, ctx);
            return;
        }
        self.sync(&job, &record_key, ctx);
    }

    fn forget(&mut self) {
        self.queue.clear();
        self.backoff = BackoffStore::default();
    }
}

impl JobController {
    fn sync(&mut self, job: &Job, record_key: &str, ctx: &mut Ctx<'_>) {
        let now = ctx.now;
        let spec = &job.spec;
        let suspended = spec.suspend == Some(true);
        let s = seen(job, ctx.store);
        let mut next = job.status.clone();
        let mut active = s.active.len() as i32;
        let mut terminating = s.terminating.len() as i32;
        let mut ready = s.active.iter().filter(|p| p.is_ready()).count() as i32;
        let mut succeeded = next.succeeded + s.new_succeeded.len() as i32;
        // jobCtx.failed: what the limits see; failures an Ignore rule matched do not count.
        let failed = next.failed + counted_failures(job, &s.new_failed);
        if next.start_time.is_none() && !suspended {
            next.start_time = Some(now);
        }
        let record = self.backoff.new_record(record_key, &s.new_succeeded, &s.new_failed);
        let backoff_limit = spec.backoff_limit.unwrap_or(super::backoff::DEFAULT_BACKOFF_LIMIT);
        let policy = spec.template.spec.restart_policy.as_deref().unwrap_or("Never").to_string();

        // An interim condition from an earlier sync, else a FailJob rule, else the limits.
        let mut finish = status::pending_finish(&next, now)
            .or_else(|| fail_job_message(job, &s.all).map(Finish::pod_failure_policy));
        if finish.is_none() {
            let on_failure = past_backoff_limit_on_failure(&policy, &s.all, backoff_limit);
            let deadline = past_active_deadline(next.start_time, spec.active_deadline_seconds, now);
            finish = job_failure(failed, backoff_limit, on_failure, deadline)
                .map(Finish::failure_target);
            if finish.is_none() && !suspended {
                if let (Some(secs), Some(start)) = (spec.active_deadline_seconds, next.start_time) {
                    let at = start.plus_millis(secs.saturating_mul(1000));
                    let key = (Kind::Job, key_of(&job.metadata));
                    self.queue.add_after_for(key, at, crate::controllers::queue::Wait::Recheck);
                }
            }
        }
        let completions = spec.completions;
        let mut completed_indexes = None;
        let mut failed_indexes = None;
        let mut delayed = std::collections::BTreeMap::new();
        if spec.is_indexed() {
            let total = i64::from(completions.unwrap_or(0));
            let prev = next.completed_indexes.clone().unwrap_or_default();
            let (_, all) = calculate_succeeded_indexes(&prev, total, &s.all);
            succeeded = all.total() as i32;
            if spec.backoff_limit_per_index.is_some() {
                let failed_ix = calculate_failed_indexes(job, &s.all);
                if finish.is_none() {
                    let n = failed_ix.total();
                    let over = spec.max_failed_indexes.is_some_and(|m| n > i64::from(m));
                    finish = if over {
                        Some(Finish::failure_target(JobFailure::MaxFailedIndexesExceeded))
                    } else if n > 0 && n + all.total() >= total {
                        Some(Finish::failure_target(JobFailure::FailedIndexes))
                    } else {
                        None
                    };
                }
                delayed = pods_with_delayed_deletion(job, &s.all, &s.active, &all, &failed_ix);
                failed_indexes = Some(failed_ix);
            }
            if finish.is_none() {
                finish = match_success_policy(spec.success_policy.as_ref(), total, &all)
                    .map(Finish::success_policy);
            }
            completed_indexes = Some(all);
        }

        if let Some(f) = &finish {
            let names: Vec<String> = s.active.iter().map(|p| p.metadata.name.clone()).collect();
            if !names.is_empty() {
                let deleted = pods::delete(job, &names, ctx);
                ctx.decide(
                    Kind::Job,
                    &job.metadata,
                    JobSaid::NoMorePods,
                    JobSaid::Stopping {
                        why: Box::new(Said::Job(f.why(failed, backoff_limit))),
                        active: names.len(),
                    },
                    JobSaid::DeleteActivePods { count: deleted.len() },
                );
                active -= deleted.len() as i32;
                terminating += deleted.len() as i32;
                ready = 0;
            }
        } else if !job.metadata.is_deleting() {
            let seen_now = manage::Seen {
                active: &s.active,
                terminating: &s.terminating,
                new_failed: &s.new_failed,
                succeeded,
                failed,
                completed: completed_indexes.as_ref(),
                failed_indexes: failed_indexes.as_ref(),
                delayed: &delayed,
            };
            let Managed { created, deleted } =
                manage::manage(job, &seen_now, &record, &mut self.queue, ctx);
            active += created - deleted;
            terminating += deleted;
            let complete = match completions {
                None => succeeded > 0 && active == 0,
                Some(c) => succeeded >= c && active == 0,
            };
            if complete {
                finish = Some(Finish::success_criteria_met());
            } else {
                status::suspend_condition(job, &mut next, suspended, ctx);
            }
        }

        // trackJobStatusAndRemoveFinalizers: count the finished pods and release them. A
        // failed pod whose index waits for its replacement keeps its finalizer
        // (canRemoveFinalizer); once the Job fails, every pod not succeeded counts as failed.
        let failing = finish.as_ref().is_some_and(Finish::is_failure);
        let mut counted = next.failed;
        for p in &s.new_succeeded {
            pods::remove_finalizer(&p.metadata.namespace, &p.metadata.name, ctx);
        }
        for p in &s.new_failed {
            let waits = completion_index(p)
                .and_then(|ix| delayed.get(&ix))
                .is_some_and(|d: &Pod| d.metadata.uid == p.metadata.uid);
            if waits && finish.is_none() {
                continue;
            }
            counted += counted_failures(job, std::slice::from_ref(p));
            pods::remove_finalizer(&p.metadata.namespace, &p.metadata.name, ctx);
        }
        if failing {
            let doomed: Vec<Pod> = s
                .active
                .iter()
                .filter(|p| p.status.phase != PodPhase::Succeeded)
                .filter(|p| !s.new_failed.iter().any(|f| f.metadata.uid == p.metadata.uid))
                .cloned()
                .collect();
            counted += counted_failures(job, &doomed);
        }
        next.active = active;
        next.ready = Some(ready);
        next.terminating = Some(terminating);
        next.succeeded = succeeded;
        next.failed = counted;
        next.completed_indexes = completed_indexes.map(|i| i.to_string());
        next.failed_indexes = failed_indexes.map(|i| i.to_string());
        next.uncounted_terminated_pods =
            crate::model::Opaque(Some(Box::new(serde_json::json!({}))));
        if let Some(f) = finish {
            status::enact(job, &mut next, f, terminating, failed, backoff_limit, ctx);
        }
        if !s.new_failed.is_empty() || !s.new_succeeded.is_empty() {
            self.backoff.update(record);
        }
        if next != job.status {
            let (ns, name) = (&job.metadata.namespace, &job.metadata.name);
            let _ = ctx.store.modify_status::<Job>(ns, name, now, |j| j.status = next);
        }
    }
}
