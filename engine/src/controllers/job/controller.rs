//! The Job loop: runs a Job's pods to `completions` successes, `parallelism` at a time,
//! replaces failed pods after the pod-failure back-off, and ends the Job Complete or
//! Failed (back-off limit, active deadline). Suspending deletes its active pods.
//!
//! Models pkg/controller/job/job_controller.go `syncJob`, `manageJob`,
//! `trackJobStatusAndRemoveFinalizers`, `enactJobFinished` and `recordJobFinished`, with
//! the 1.33 feature gates' defaults: the interim FailureTarget / SuccessCriteriaMet
//! conditions come first and the terminal Failed / Complete once no pod is terminating
//! (`delayTerminalCondition`), `status.terminating` is tracked, pods carry the
//! `batch.kubernetes.io/job-tracking` finalizer until counted. Not modelled: podFailurePolicy,
//! successPolicy, backoffLimitPerIndex, managedBy (refused by no one, ignored here), adopting
//! orphan pods, and `uncountedTerminatedPods` as a visible intermediate: a finished pod is
//! counted and released in one sync, which is where upstream ends after its three writes.

use super::super::{key_of, Controller, ControllerName, Ctx};
use super::backoff::{
    job_failure, past_active_deadline, past_backoff_limit_on_failure, BackoffStore,
    DEFAULT_BACKOFF_MS, MAX_BACKOFF_MS,
};
use super::indexes::{
    calculate_succeeded_indexes, completion_index, first_pending_indexes, TRACKING_FINALIZER,
};
use super::pods::{self, release_counted, release_orphans};
use super::status::{self, Finish};
use super::words::{observed_words, plural, secs_words, want_active, wanted_words};
use crate::controllers::queue::{Wait, WorkQueue};
use crate::model::{Job, Kind, Object, Pod, PodPhase};
use crate::store::{Key, Store, WatchEvent};

/// `MaxPodCreateDeletePerSync`.
const MAX_POD_CREATE_DELETE_PER_SYNC: usize = 500;

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

/// What one sync read from the pods.
struct Seen {
    active: Vec<Pod>,
    terminating: i32,
    new_succeeded: Vec<Pod>,
    new_failed: Vec<Pod>,
    /// Every pod of the Job, for the Indexed counts and `pastBackoffLimitOnFailure`.
    all: Vec<Pod>,
}

fn seen(job: &Job, store: &Store) -> Seen {
    let uid = job.metadata.uid.as_str();
    let all: Vec<Pod> = store
        .owned_or_orphan_pods(uid, &job.metadata.namespace)
        .into_iter()
        .filter(|p| p.metadata.controller_ref().is_some_and(|r| r.uid == uid))
        .cloned()
        .collect();
    let finished = |p: &Pod| matches!(p.status.phase, PodPhase::Succeeded | PodPhase::Failed);
    let tracked = |p: &&Pod| p.metadata.has_finalizer(TRACKING_FINALIZER);
    Seen {
        active: all.iter().filter(|p| p.is_active()).cloned().collect(),
        // controller.CountTerminatingPods: deleting, not yet finished.
        terminating: all.iter().filter(|p| p.metadata.is_deleting() && !finished(p)).count() as i32,
        new_succeeded: all
            .iter()
            .filter(tracked)
            .filter(|p| p.status.phase == PodPhase::Succeeded)
            .cloned()
            .collect(),
        // isPodFailed: Failed, or deleted before it succeeded (podReplacementPolicy
        // TerminatingOrFailed counts it at once).
        new_failed: all
            .iter()
            .filter(tracked)
            .filter(|p| {
                p.status.phase == PodPhase::Failed
                    || (p.metadata.is_deleting() && p.status.phase != PodPhase::Succeeded)
            })
            .cloned()
            .collect(),
        all,
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
        let mut terminating = s.terminating;
        let mut ready = s.active.iter().filter(|p| p.is_ready()).count() as i32;
        let mut succeeded = next.succeeded + s.new_succeeded.len() as i32;
        let failed = next.failed + s.new_failed.len() as i32;
        if next.start_time.is_none() && !suspended {
            next.start_time = Some(now);
        }
        let record = self.backoff.new_record(record_key, &s.new_succeeded, &s.new_failed);
        let backoff_limit = spec.backoff_limit.unwrap_or(super::backoff::DEFAULT_BACKOFF_LIMIT);
        let policy = spec.template.spec.restart_policy.as_deref().unwrap_or("Never").to_string();

        let mut finish = status::pending_finish(&next, now);
        if finish.is_none() {
            let on_failure = past_backoff_limit_on_failure(&policy, &s.all, backoff_limit);
            let deadline = past_active_deadline(next.start_time, spec.active_deadline_seconds, now);
            finish = job_failure(failed, backoff_limit, on_failure, deadline)
                .map(Finish::failure_target);
            if finish.is_none() && !suspended {
                if let (Some(secs), Some(start)) = (spec.active_deadline_seconds, next.start_time) {
                    let at = start.plus_millis(secs.saturating_mul(1000));
                    self.queue.add_after_for((Kind::Job, key_of(&job.metadata)), at, Wait::Recheck);
                }
            }
        }
        let completions = spec.completions;
        let mut completed_indexes = None;
        if spec.is_indexed() {
            let total = i64::from(completions.unwrap_or(0));
            let prev = next.completed_indexes.clone().unwrap_or_default();
            let (_, all) = calculate_succeeded_indexes(&prev, total, &s.all);
            succeeded = all.total() as i32;
            completed_indexes = Some(all);
        }

        if let Some(f) = &finish {
            let names: Vec<String> = s.active.iter().map(|p| p.metadata.name.clone()).collect();
            if !names.is_empty() {
                let deleted = pods::delete(job, &names, ctx);
                ctx.decide(
                    Kind::Job,
                    &job.metadata,
                    "no more pods",
                    format!("{}, {} active", f.why(failed, backoff_limit), names.len()),
                    format!("delete {} active pod{}", deleted.len(), plural(deleted.len())),
                );
                active -= deleted.len() as i32;
                terminating += deleted.len() as i32;
                ready = 0;
            }
        } else if !job.metadata.is_deleting() {
            let want = want_active(job, succeeded, active);
            if suspended && active > 0 {
                let names: Vec<String> = s.active.iter().map(|p| p.metadata.name.clone()).collect();
                let deleted = pods::delete(job, &names, ctx);
                ctx.decide(
                    Kind::Job,
                    &job.metadata,
                    "suspended: no pods",
                    format!("{active} active"),
                    format!("delete {} pod{}", deleted.len(), plural(deleted.len())),
                );
                active -= deleted.len() as i32;
                terminating += deleted.len() as i32;
            } else if !suspended && active > want {
                // Too many (parallelism lowered): delete the surplus, newest first.
                let mut surplus: Vec<&Pod> = s.active.iter().collect();
                surplus.sort_by(|a, b| {
                    b.metadata.creation_timestamp.cmp(&a.metadata.creation_timestamp)
                });
                let names: Vec<String> = surplus
                    .iter()
                    .take((active - want) as usize)
                    .map(|p| p.metadata.name.clone())
                    .collect();
                let deleted = pods::delete(job, &names, ctx);
                ctx.decide(
                    Kind::Job,
                    &job.metadata,
                    format!("{want} active (parallelism {})", spec.parallelism.unwrap_or(1)),
                    format!("{active} active"),
                    format!("delete {} pod{}", deleted.len(), plural(deleted.len())),
                );
                active -= deleted.len() as i32;
                terminating += deleted.len() as i32;
            } else if !suspended && want > active {
                let diff = ((want - active) as usize).min(MAX_POD_CREATE_DELETE_PER_SYNC);
                let remaining = record.remaining_ms(now, DEFAULT_BACKOFF_MS, MAX_BACKOFF_MS);
                let desired = wanted_words(job, succeeded, active);
                if remaining > 0 {
                    self.queue.add_after_for(
                        (Kind::Job, key_of(&job.metadata)),
                        now.plus_millis(remaining),
                        Wait::BackOff,
                    );
                    // Said once, by the sync that counted the failure; later syncs of
                    // the same wait (its own status write, a resync) have nothing new.
                    if !s.new_failed.is_empty() {
                        ctx.decide(
                            Kind::Job,
                            &job.metadata,
                            desired,
                            format!(
                                "pod failed ({} of {backoff_limit} retries used)",
                                failed.min(backoff_limit)
                            ),
                            format!("wait {} before the next", secs_words(remaining)),
                        );
                    }
                } else {
                    let indexes = if spec.is_indexed() {
                        let active_ix: Vec<i64> =
                            s.active.iter().filter_map(completion_index).collect();
                        let done = completed_indexes.clone().unwrap_or_default();
                        first_pending_indexes(
                            &active_ix,
                            &done,
                            None,
                            diff,
                            i64::from(completions.unwrap_or(0)),
                        )
                    } else {
                        Vec::new()
                    };
                    let count = if spec.is_indexed() { indexes.len() } else { diff };
                    let (created, err) = pods::create(job, count, &indexes, ctx);
                    let action = match (created.as_slice(), err) {
                        ([], Some(e)) => format!("create failed: {e}"),
                        ([one], _) => format!("create 1 pod: {one}"),
                        (many, _) => format!("create {} pods", many.len()),
                    };
                    ctx.decide(
                        Kind::Job,
                        &job.metadata,
                        desired,
                        observed_words(succeeded, failed, active),
                        action,
                    );
                    active += created.len() as i32;
                }
            }
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

        // trackJobStatusAndRemoveFinalizers: count the finished pods, release them.
        for p in s.new_succeeded.iter().chain(&s.new_failed) {
            pods::remove_finalizer(&p.metadata.namespace, &p.metadata.name, ctx);
        }
        next.active = active;
        next.ready = Some(ready);
        next.terminating = Some(terminating);
        next.succeeded = succeeded;
        next.failed = failed;
        next.completed_indexes = completed_indexes.map(|i| i.to_string());
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
