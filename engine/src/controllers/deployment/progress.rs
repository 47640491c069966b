//! Writing Deployment status: counts and the Available condition always; during a rollout
//! also the Progressing condition, its deadline, and the delayed re-check that notices a
//! rollout stuck past progressDeadlineSeconds.
//!
//! Models pkg/controller/deployment/progress.go (`syncRolloutStatus`,
//! `requeueStuckDeployment`, `getReplicaFailures`) and sync.go (`syncDeploymentStatus`,
//! `checkPausedConditions`).

use crate::controllers::said::DeploymentSaid;
use crate::controllers::Wait;
use crate::model::{Deployment, DeploymentStatus, ReplicaSet};

use super::conditions::*;
use super::util::max_unavailable;
use super::{words, SyncError, Syncer};

impl Syncer<'_, '_> {
    /// `syncDeploymentStatus`: counts and Available only, written when changed.
    pub(super) fn sync_deployment_status(
        &mut self,
        all: &[&ReplicaSet],
        new_rs: Option<&ReplicaSet>,
        d: &mut Deployment,
    ) -> Result<(), SyncError> {
        let status = calculate_status(all, new_rs, d, self.ctx.now);
        self.write_status(all, new_rs, d, status)
    }

    /// `syncRolloutStatus`: as above, plus the Progressing condition while a rollout is under
    /// way, and ReplicaFailure copied from the ReplicaSets.
    pub(super) fn sync_rollout_status(
        &mut self,
        all: &[&ReplicaSet],
        new_rs: Option<&ReplicaSet>,
        d: &mut Deployment,
    ) -> Result<(), SyncError> {
        let now = self.ctx.now;
        let mut status = calculate_status(all, new_rs, d, now);
        if !has_progress_deadline(d) {
            remove_condition(&mut status, PROGRESSING);
        }
        let current = get_condition(&d.status, PROGRESSING).cloned();
        let finished = status.replicas == status.updated_replicas
            && current.as_ref().is_some_and(|c| c.reason == NEW_RS_AVAILABLE);
        if has_progress_deadline(d) && !finished {
            let subject = match new_rs {
                Some(rs) => format!("ReplicaSet {:?}", rs.metadata.name),
                None => format!("Deployment {:?}", d.metadata.name),
            };
            if deployment_complete(d, &status) {
                let msg = format!("{subject} has successfully progressed.");
                set_condition(
                    &mut status,
                    new_condition(PROGRESSING, TRUE, NEW_RS_AVAILABLE, msg, now),
                );
            } else if deployment_progressing(d, &status) {
                // Progress refreshes lastUpdateTime even with an unchanged reason, so the
                // condition is replaced rather than set; lastTransitionTime stays while True.
                let msg = format!("{subject} is progressing.");
                let mut c = new_condition(PROGRESSING, TRUE, REPLICA_SET_UPDATED, msg, now);
                if let Some(cur) = &current {
                    if cur.status == TRUE {
                        c.last_transition_time = cur.last_transition_time;
                    }
                    remove_condition(&mut status, PROGRESSING);
                }
                set_condition(&mut status, c);
            } else if deployment_timed_out(d, &status, now) {
                let msg = format!("{subject} has timed out progressing.");
                set_condition(&mut status, new_condition(PROGRESSING, FALSE, TIMED_OUT, msg, now));
            }
        }
        match replica_failure(all, new_rs) {
            Some(c) => set_condition(&mut status, c),
            None => remove_condition(&mut status, REPLICA_FAILURE),
        }
        if d.status == status {
            self.requeue_stuck_deployment(d, &status);
            self.requeue_for_min_ready(d, &status);
            return Ok(());
        }
        self.write_status(all, new_rs, d, status)
    }

    /// Writes a changed status, telling in words when a condition a class cares about flips.
    fn write_status(
        &mut self,
        all: &[&ReplicaSet],
        new_rs: Option<&ReplicaSet>,
        d: &mut Deployment,
        status: DeploymentStatus,
    ) -> Result<(), SyncError> {
        if d.status == status {
            return Ok(());
        }
        let reason_of = |s: &DeploymentStatus, t: &str| {
            get_condition(s, t).map(|c| (c.status.clone(), c.reason.clone()))
        };
        let was_available = reason_of(&d.status, AVAILABLE);
        let was_progressing = reason_of(&d.status, PROGRESSING);
        let mut notes = Vec::new();
        if let Some((s, reason)) =
            reason_of(&status, AVAILABLE).filter(|x| Some(x) != was_available.as_ref())
        {
            notes.push(DeploymentSaid::MarkAvailable {
                status: s,
                reason,
                available: status.available_replicas,
                needed: d.spec.replicas - max_unavailable(d),
            });
        }
        if let Some((s, reason)) =
            reason_of(&status, PROGRESSING).filter(|x| Some(x) != was_progressing.as_ref())
        {
            match reason.as_str() {
                NEW_RS_AVAILABLE => {
                    notes.push(DeploymentSaid::RolloutComplete { status: s, reason })
                }
                TIMED_OUT => notes.push(DeploymentSaid::NoProgress {
                    seconds: d.spec.progress_deadline_seconds,
                    status: s,
                    reason,
                }),
                _ => {}
            }
        }
        d.status = status;
        self.ctx.store.update_status(d, self.ctx.now)?;
        self.keep_delayed = true;
        let mut notes = notes.into_iter();
        let note = match (notes.next(), notes.next()) {
            (Some(first), Some(second)) => {
                Some(DeploymentSaid::Both { first: first.boxed(), second: second.boxed() })
            }
            (one, _) => one,
        };
        if let Some(note) = note {
            let olds: Vec<ReplicaSet> = all
                .iter()
                .filter(|rs| new_rs.is_none_or(|n| n.metadata.uid != rs.metadata.uid))
                .map(|rs| (*rs).clone())
                .collect();
            self.note(d, words::observed(new_rs, &olds), note);
        }
        Ok(())
    }

    /// `checkPausedConditions`: Progressing=Unknown while paused, and once on resume, so a
    /// pause never counts against the progress deadline.
    pub(super) fn check_paused_conditions(&mut self, d: &mut Deployment) -> Result<(), SyncError> {
        if !has_progress_deadline(d) {
            return Ok(());
        }
        let current = get_condition(&d.status, PROGRESSING);
        if current.is_some_and(|c| c.reason == TIMED_OUT) {
            return Ok(());
        }
        let paused_condition = current.is_some_and(|c| c.reason == PAUSED);
        let now = self.ctx.now;
        let (reason, msg) = match (d.spec.paused, paused_condition) {
            (true, false) => (PAUSED, "Deployment is paused"),
            (false, true) => (RESUMED, "Deployment is resumed"),
            _ => return Ok(()),
        };
        set_condition(&mut d.status, new_condition(PROGRESSING, UNKNOWN, reason, msg.into(), now));
        self.ctx.store.update_status(d, now)?;
        let action = DeploymentSaid::MarkPaused { reason: reason.to_string() };
        self.act(d, DeploymentSaid::PausedChanged, action);
        Ok(())
    }

    /// `requeueStuckDeployment`: with no sign of progress, look again just after the deadline
    /// (lastUpdateTime + progressDeadlineSeconds + 1s), or at once when under a second is left.
    fn requeue_stuck_deployment(&mut self, d: &Deployment, status: &DeploymentStatus) {
        let Some(current) = get_condition(&d.status, PROGRESSING) else { return };
        if !has_progress_deadline(d)
            || deployment_complete(d, status)
            || current.reason == TIMED_OUT
        {
            return;
        }
        let now = self.ctx.now;
        let deadline = current
            .last_update_time
            .unwrap_or(crate::clock::Time::ZERO)
            .plus_secs(i64::from(d.spec.progress_deadline_seconds));
        if deadline.since(now) < 1000 {
            self.wake(now.plus_millis(1), Wait::ProgressDeadline);
        } else {
            self.wake(deadline.plus_secs(1), Wait::ProgressDeadline);
        }
    }

    /// Pods that are ready but not yet available become available after minReadySeconds.
    /// Upstream leaves this to the ReplicaSet controller's own requeue, whose status update
    /// then wakes the Deployment; this re-check is a cheap guard against a missed event.
    fn requeue_for_min_ready(&mut self, d: &Deployment, status: &DeploymentStatus) {
        if d.spec.min_ready_seconds > 0 && status.ready_replicas > status.available_replicas {
            self.wake(self.ctx.now.plus_secs(i64::from(d.spec.min_ready_seconds)), Wait::MinReady);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::Harness;
    use super::*;
    use crate::clock::Time;
    use crate::controllers::Controller;
    use crate::store::Key;

    fn condition(h: &Harness, type_: &str) -> Option<(String, String)> {
        get_condition(&h.get::<Deployment>("web").status, type_)
            .map(|c| (c.status.clone(), c.reason.clone()))
    }

    #[test]
    fn a_finished_rollout_reports_available_and_new_replica_set_available() {
        let mut h = Harness::new();
        h.create_deployment("web", 3);
        h.sync("web");
        assert_eq!(condition(&h, PROGRESSING), Some((TRUE.into(), NEW_REPLICA_SET_CREATED.into())));
        assert_eq!(condition(&h, AVAILABLE), Some((FALSE.into(), MIN_UNAVAILABLE.into())));
        let rs = h.only_rs("web").metadata.name;
        h.set_available(&rs, 3);
        h.sync("web");
        let d: &Deployment = h.get("web");
        assert_eq!(
            (d.status.replicas, d.status.updated_replicas, d.status.available_replicas),
            (3, 3, 3)
        );
        assert_eq!(d.status.observed_generation, d.metadata.generation);
        let types: Vec<&str> = d.status.conditions.iter().map(|c| c.type_.as_str()).collect();
        assert_eq!(types, [AVAILABLE, PROGRESSING]);
        let p = get_condition(&d.status, PROGRESSING).unwrap();
        assert_eq!(p.message, format!("ReplicaSet {rs:?} has successfully progressed."));
        assert!(h.decisions().iter().any(|x| x.contains("rollout complete")));
    }

    #[test]
    fn a_stuck_rollout_times_out_after_the_progress_deadline() {
        let mut h = Harness::new();
        let mut d = h.deployment_object("web", 2);
        d.spec.progress_deadline_seconds = 30;
        h.create(d);
        h.sync("web");
        h.sync("web");
        // No progress: the controller asks to look again just after the deadline.
        let due = h.controller.queue().next_delayed().expect("a delayed re-check");
        assert_eq!(due, Time::from_secs(31));
        h.advance(31_000);
        h.controller.queue().promote(h.now);
        assert_eq!(h.controller.queue().drain(), [Key::new("default", "web")]);
        h.sync("web");
        assert_eq!(condition(&h, PROGRESSING), Some((FALSE.into(), TIMED_OUT.into())));
        let msg =
            get_condition(&h.get::<Deployment>("web").status, PROGRESSING).unwrap().message.clone();
        assert!(msg.ends_with("has timed out progressing."), "{msg}");
        assert!(h.decisions().iter().any(|x| x.contains("no progress for 30s")));
        h.sync("web");
        assert_eq!(
            h.controller.queue().next_delayed(),
            None,
            "a timed-out rollout is not re-checked"
        );
    }

    #[test]
    fn pausing_sets_progressing_unknown_and_stops_the_rollout() {
        let mut h = Harness::new();
        h.create_deployment("web", 2);
        h.sync("web");
        let rs = h.only_rs("web").metadata.name;
        h.modify::<Deployment>("web", |d| {
            d.spec.paused = true;
            d.spec.template.spec.containers[0].image = "nginx:2".into();
        });
        h.sync("web");
        assert_eq!(condition(&h, PROGRESSING), Some((UNKNOWN.into(), PAUSED.into())));
        assert_eq!(h.rs_names("web"), [rs], "no new RS while paused");
        h.modify::<Deployment>("web", |d| d.spec.paused = false);
        h.sync("web");
        assert_eq!(h.rs_names("web").len(), 2, "resuming rolls out");
        assert!(h.decisions().iter().any(|x| x.contains("DeploymentResumed")));
    }
}
