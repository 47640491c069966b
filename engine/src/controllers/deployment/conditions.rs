//! Deployment status as a pure function of its ReplicaSets, and the Available/Progressing
//! condition rules. Writing the result is `progress.rs`'s job.
//!
//! Models deployment_util.go (`NewDeploymentCondition`, `SetDeploymentCondition`,
//! `DeploymentComplete`, `DeploymentProgressing`, `DeploymentTimedOut`, `HasProgressDeadline`,
//! `HasRevisionHistoryLimit`) and sync.go `calculateStatus`.

use crate::clock::Time;
use crate::model::{Condition, Deployment, DeploymentStatus, ReplicaSet};

use super::util::{
    actual_replica_count, available_replica_count, max_unavailable, ready_replica_count,
    replica_count, terminating_replica_count,
};

pub const AVAILABLE: &str = "Available";
pub const PROGRESSING: &str = "Progressing";
pub const REPLICA_FAILURE: &str = "ReplicaFailure";

pub const TRUE: &str = "True";
pub const FALSE: &str = "False";
pub const UNKNOWN: &str = "Unknown";

// Progressing reasons.
pub const REPLICA_SET_UPDATED: &str = "ReplicaSetUpdated";
pub const FAILED_RS_CREATE: &str = "ReplicaSetCreateError";
pub const NEW_REPLICA_SET_CREATED: &str = "NewReplicaSetCreated";
pub const FOUND_NEW_REPLICA_SET: &str = "FoundNewReplicaSet";
pub const NEW_RS_AVAILABLE: &str = "NewReplicaSetAvailable";
pub const TIMED_OUT: &str = "ProgressDeadlineExceeded";
pub const PAUSED: &str = "DeploymentPaused";
pub const RESUMED: &str = "DeploymentResumed";

// Available reasons.
pub const MIN_AVAILABLE: &str = "MinimumReplicasAvailable";
pub const MIN_UNAVAILABLE: &str = "MinimumReplicasUnavailable";

/// `NewDeploymentCondition`: both timestamps are now.
pub fn new_condition(
    type_: &str,
    status: &str,
    reason: &str,
    message: String,
    now: Time,
) -> Condition {
    Condition {
        type_: type_.into(),
        status: status.into(),
        last_update_time: Some(now),
        last_transition_time: Some(now),
        reason: reason.into(),
        message,
    }
}

pub fn get_condition<'a>(status: &'a DeploymentStatus, type_: &str) -> Option<&'a Condition> {
    status.conditions.iter().find(|c| c.type_ == type_)
}

/// `SetDeploymentCondition`: a no-op when status and reason are unchanged; keeps
/// lastTransitionTime when only the reason changed; otherwise removes and appends, so the
/// changed condition moves to the end.
pub fn set_condition(status: &mut DeploymentStatus, mut c: Condition) {
    if let Some(cur) = get_condition(status, &c.type_) {
        if cur.status == c.status && cur.reason == c.reason {
            return;
        }
        if cur.status == c.status {
            c.last_transition_time = cur.last_transition_time;
        }
    }
    remove_condition(status, &c.type_.clone());
    status.conditions.push(c);
}

pub fn remove_condition(status: &mut DeploymentStatus, type_: &str) {
    status.conditions.retain(|c| c.type_ != type_);
}

/// `HasProgressDeadline`: MaxInt32 means "never time out".
pub fn has_progress_deadline(d: &Deployment) -> bool {
    d.spec.progress_deadline_seconds != i32::MAX
}

/// `HasRevisionHistoryLimit`: MaxInt32 means "keep every revision".
pub fn has_revision_history_limit(d: &Deployment) -> bool {
    d.spec.revision_history_limit != i32::MAX
}

/// `DeploymentComplete`: every desired replica is updated and available, none are old, and
/// the controller has seen the latest spec.
pub fn deployment_complete(d: &Deployment, s: &DeploymentStatus) -> bool {
    let want = d.spec.replicas;
    s.updated_replicas == want
        && s.replicas == want
        && s.available_replicas == want
        && s.observed_generation >= d.metadata.generation
}

/// `DeploymentProgressing`: more updated pods, fewer old ones, or more ready or available
/// pods than the status the Deployment has now.
pub fn deployment_progressing(d: &Deployment, s: &DeploymentStatus) -> bool {
    let old = &d.status;
    let old_old = old.replicas - old.updated_replicas;
    let new_old = s.replicas - s.updated_replicas;
    s.updated_replicas > old.updated_replicas
        || new_old < old_old
        || s.ready_replicas > old.ready_replicas
        || s.available_replicas > old.available_replicas
}

/// `DeploymentTimedOut`: the Progressing condition was last updated more than
/// progressDeadlineSeconds ago. Never after a finished rollout; always once timed out.
pub fn deployment_timed_out(d: &Deployment, s: &DeploymentStatus, now: Time) -> bool {
    if !has_progress_deadline(d) {
        return false;
    }
    let Some(c) = get_condition(s, PROGRESSING) else { return false };
    match c.reason.as_str() {
        NEW_RS_AVAILABLE => false,
        TIMED_OUT => true,
        _ => {
            let from = c.last_update_time.unwrap_or(Time::ZERO);
            from.plus_secs(i64::from(d.spec.progress_deadline_seconds)) < now
        }
    }
}

/// `calculateStatus`: counts from the ReplicaSets, conditions carried over, and the
/// Available condition recomputed.
pub fn calculate_status(
    all: &[&ReplicaSet],
    new_rs: Option<&ReplicaSet>,
    d: &Deployment,
    now: Time,
) -> DeploymentStatus {
    let available = available_replica_count(all.iter().copied());
    let total = replica_count(all.iter().copied());
    let mut status = DeploymentStatus {
        observed_generation: d.metadata.generation,
        replicas: actual_replica_count(all.iter().copied()),
        updated_replicas: actual_replica_count(new_rs),
        ready_replicas: ready_replica_count(all.iter().copied()),
        available_replicas: available,
        unavailable_replicas: total.saturating_sub(available).max(0),
        // Only computed behind the gate (`calculateStatus`), which 1.34 leaves off.
        terminating_replicas: if crate::model::TERMINATING_REPLICAS_GATE {
            terminating_replica_count(all.iter().copied())
        } else {
            None
        },
        conditions: d.status.conditions.clone(),
        collision_count: d.status.collision_count,
    };
    let c = if available >= d.spec.replicas - max_unavailable(d) {
        new_condition(
            AVAILABLE,
            TRUE,
            MIN_AVAILABLE,
            "Deployment has minimum availability.".into(),
            now,
        )
    } else {
        new_condition(
            AVAILABLE,
            FALSE,
            MIN_UNAVAILABLE,
            "Deployment does not have minimum availability.".into(),
            now,
        )
    };
    set_condition(&mut status, c);
    status
}

/// `getReplicaFailures`: the new ReplicaSet's ReplicaFailure condition, else any
/// ReplicaSet's, as a Deployment condition (`ReplicaSetToDeploymentCondition`).
pub fn replica_failure(all: &[&ReplicaSet], new_rs: Option<&ReplicaSet>) -> Option<Condition> {
    let failure =
        |rs: &ReplicaSet| rs.status.conditions.iter().find(|c| c.type_ == REPLICA_FAILURE).cloned();
    let c = new_rs.and_then(failure).or_else(|| all.iter().find_map(|rs| failure(rs)))?;
    Some(Condition { last_update_time: c.last_transition_time, ..c })
}

#[cfg(test)]
mod tests {
    use super::super::testkit::deployment;
    use super::*;
    use crate::model::{IntOrString, RollingUpdate};

    fn counts(replicas: i32, updated: i32, ready: i32, available: i32) -> DeploymentStatus {
        DeploymentStatus {
            replicas,
            updated_replicas: updated,
            ready_replicas: ready,
            available_replicas: available,
            ..Default::default()
        }
    }

    // TestDeploymentComplete: (desired, current, updated, available, maxUnavailable, maxSurge).
    #[test]
    fn complete_needs_every_replica_updated_and_available() {
        let cases = [
            ((5, 5, 5, 4, 1, 0), false),
            ((5, 5, 5, 3, 1, 0), false),
            ((5, 5, 5, 5, 0, 0), true),
            ((5, 5, 4, 5, 0, 0), false),
            ((1, 2, 1, 1, 0, 1), false),
            ((1, 1, 1, 0, 1, 1), false),
        ];
        for ((desired, current, updated, available, unavail, surge), want) in cases {
            let mut d = deployment("foo", desired);
            d.spec.strategy.rolling_update = Some(RollingUpdate {
                max_surge: IntOrString::Int(surge),
                max_unavailable: IntOrString::Int(unavail),
            });
            d.status = counts(current, updated, 0, available);
            assert_eq!(
                deployment_complete(&d, &d.status),
                want,
                "{desired} {current} {updated} {available}"
            );
        }
    }

    // TestDeploymentProgressing: old (current, updated, ready, available) -> new.
    #[test]
    fn progress_is_any_count_moving_the_right_way() {
        let cases = [
            ((10, 4, 4, 4), (10, 6, 4, 4), true),
            ((10, 4, 4, 4), (10, 4, 4, 4), false),
            ((10, 4, 6, 6), (8, 4, 6, 6), true),
            ((10, 7, 3, 3), (10, 6, 3, 3), false),
            ((10, 4, 7, 7), (8, 8, 5, 5), true),
            ((10, 10, 9, 8), (10, 10, 10, 8), true),
            ((10, 10, 10, 9), (10, 10, 10, 10), true),
        ];
        for (old, new, want) in cases {
            let mut d = deployment("foo", 10);
            d.status = counts(old.0, old.1, old.2, old.3);
            let s = counts(new.0, new.1, new.2, new.3);
            assert_eq!(deployment_progressing(&d, &s), want, "{old:?} -> {new:?}");
        }
    }

    // TestDeploymentTimedOut: now is 00:01:20.
    #[test]
    fn timed_out_once_the_deadline_has_passed_since_the_last_update() {
        let now = Time::from_secs(80);
        let with = |pds: i32, from_secs: i64, reason: &str| {
            let mut d = deployment("foo", 1);
            d.spec.progress_deadline_seconds = pds;
            let mut c =
                new_condition(PROGRESSING, TRUE, reason, String::new(), Time::from_secs(from_secs));
            c.last_transition_time = None;
            d.status.conditions.push(c);
            deployment_timed_out(&d, &d.status, now)
        };
        assert!(!with(i32::MAX, 69, REPLICA_SET_UPDATED), "no deadline");
        assert!(with(10, 69, REPLICA_SET_UPDATED), "11s elapsed");
        assert!(!with(10, 71, REPLICA_SET_UPDATED), "9s elapsed");
        assert!(!with(10, 0, NEW_RS_AVAILABLE), "a finished rollout never times out");
        assert!(with(10, 79, TIMED_OUT), "timed out stays timed out");
    }

    #[test]
    fn setting_a_condition_keeps_transition_time_when_only_the_reason_changes() {
        let mut s = DeploymentStatus::default();
        set_condition(
            &mut s,
            new_condition(PROGRESSING, TRUE, NEW_REPLICA_SET_CREATED, "a".into(), Time(1000)),
        );
        set_condition(
            &mut s,
            new_condition(AVAILABLE, FALSE, MIN_UNAVAILABLE, "b".into(), Time(1000)),
        );
        set_condition(
            &mut s,
            new_condition(PROGRESSING, TRUE, NEW_REPLICA_SET_CREATED, "c".into(), Time(5000)),
        );
        assert_eq!(s.conditions[0].message, "a", "same status and reason: no-op");
        set_condition(
            &mut s,
            new_condition(PROGRESSING, TRUE, NEW_RS_AVAILABLE, "d".into(), Time(9000)),
        );
        let types: Vec<&str> = s.conditions.iter().map(|c| c.type_.as_str()).collect();
        assert_eq!(types, [AVAILABLE, PROGRESSING], "removed and appended");
        let p = get_condition(&s, PROGRESSING).unwrap();
        assert_eq!(
            (p.last_transition_time, p.last_update_time),
            (Some(Time(1000)), Some(Time(9000)))
        );
    }
}
