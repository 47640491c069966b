//! The TTL-after-finished loop: deletes a finished Job (and, through the garbage collector,
//! its pods) `spec.ttlSecondsAfterFinished` seconds after it finished. It owns nothing else
//! and emits no Events, as upstream records none.
//!
//! Models pkg/controller/ttlafterfinished/ttlafterfinished_controller.go (`processJob`,
//! `processTTL`, `needsCleanup`, `timeLeft`, `jobFinishTime`): the finish time is the
//! Complete or Failed condition's lastTransitionTime; the delete is foreground with a UID
//! precondition, after a fresh read confirms the Job still expired.

use super::{key_of, Controller, ControllerName, Ctx};
use crate::clock::Time;
use crate::controllers::queue::{Wait, WorkQueue};
use crate::controllers::said::JobSaid;
use crate::model::{Job, Kind, Object};
use crate::store::{DeleteOptions, Key, Propagation, Store, WatchEvent};

#[derive(Default)]
pub struct TtlAfterFinishedController {
    queue: WorkQueue<Key>,
}

/// `needsCleanup`: a TTL is set and the Job has finished.
fn needs_cleanup(j: &Job) -> bool {
    j.spec.ttl_seconds_after_finished.is_some() && finish_time(j).is_some()
}

/// `jobFinishTime`: when the Complete or Failed condition turned True.
fn finish_time(j: &Job) -> Option<Time> {
    j.status
        .conditions
        .iter()
        .find(|c| (c.type_ == "Complete" || c.type_ == "Failed") && c.status == "True")
        .map(|c| c.last_transition_time.unwrap_or_default())
}

/// `timeLeft`: when the Job expires.
fn expires_at(j: &Job) -> Option<Time> {
    let ttl = j.spec.ttl_seconds_after_finished?;
    Some(finish_time(j)?.plus_secs(i64::from(ttl)))
}

impl Controller for TtlAfterFinishedController {
    type Key = Key;

    fn name(&self) -> ControllerName {
        ControllerName::TtlAfterFinished
    }

    fn queue(&mut self) -> &mut WorkQueue<Key> {
        &mut self.queue
    }

    fn observe(&mut self, event: &WatchEvent, _store: &Store) {
        if let Object::Job(j) = &event.object {
            if j.metadata.deletion_timestamp.is_none() && needs_cleanup(j) {
                self.queue.add(key_of(&j.metadata));
            }
        }
    }

    fn resync(&mut self, store: &Store) {
        for j in store.list::<Job>(None, None) {
            if j.metadata.deletion_timestamp.is_none() && needs_cleanup(j) {
                self.queue.add(key_of(&j.metadata));
            }
        }
    }

    fn reconcile(&mut self, key: &Key, ctx: &mut Ctx<'_>) {
        let Some(job) = ctx.store.get_rc::<Job>(&key.ns, &key.name) else { return };
        if job.metadata.deletion_timestamp.is_some() || !needs_cleanup(&job) {
            return;
        }
        let Some(at) = expires_at(&job) else { return };
        let ttl = job.spec.ttl_seconds_after_finished.unwrap_or(0);
        if at > ctx.now {
            self.queue.add_after_for(key.clone(), at, Wait::Recheck);
            return;
        }
        let opts = DeleteOptions {
            propagation: Some(Propagation::Foreground),
            precondition_uid: Some(job.metadata.uid.clone()),
            ..Default::default()
        };
        if ctx.store.delete::<Job>(&key.ns, &key.name, &opts, ctx.now).is_ok() {
            ctx.decide(
                Kind::Job,
                &job.metadata,
                JobSaid::DeleteAfterTtl { ttl },
                JobSaid::FinishedAgo {
                    seconds: ctx.now.since(finish_time(&job).unwrap_or(at)) / 1000,
                },
                JobSaid::DeleteJobForeground,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::JobCondition;

    #[test]
    fn a_job_expires_ttl_seconds_after_its_terminal_condition() {
        let mut j = Job::default();
        assert!(!needs_cleanup(&j));
        j.spec.ttl_seconds_after_finished = Some(30);
        assert!(!needs_cleanup(&j), "not finished yet");
        j.status.conditions.push(JobCondition {
            type_: "Complete".into(),
            status: "True".into(),
            last_transition_time: Some(Time::from_secs(100)),
            ..Default::default()
        });
        assert!(needs_cleanup(&j));
        assert_eq!(expires_at(&j), Some(Time::from_secs(130)));
    }
}
