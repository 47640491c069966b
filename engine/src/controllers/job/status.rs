//! A Job's conditions: the interim FailureTarget / SuccessCriteriaMet, the terminal Failed /
//! Complete once no pod is terminating, Suspended, and the Events that go with them.
//! Models pkg/controller/job/job_controller.go `newFailureCondition`,
//! `newSuccessCondition`, `newFailedConditionForFailureTarget`,
//! `trackJobStatusAndRemoveFinalizers` (the interim conditions), `enactJobFinished`,
//! `recordJobFinished` and `ensureJobConditionStatus`.

use crate::clock::Time;
use crate::controllers::said::JobSaid;
use crate::controllers::Ctx;
use crate::model::{Job, JobCondition, JobStatus, Kind};

use super::backoff::JobFailure;

/// `batch.JobReasonCompletionsReached` and its message (JobSuccessPolicy, GA in 1.33).
const COMPLETIONS_REACHED: &str = "CompletionsReached";
const COMPLETIONS_REACHED_MESSAGE: &str = "Reached expected number of succeeded pods";

/// The condition that finishes the Job, of one of the four finishing types.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finish {
    pub type_: &'static str,
    pub reason: String,
    pub message: String,
}

impl Finish {
    pub fn failure_target(f: JobFailure) -> Finish {
        Finish { type_: "FailureTarget", reason: f.reason().into(), message: f.message().into() }
    }

    /// A FailJob rule matched (`batch.JobReasonPodFailurePolicy`).
    pub fn pod_failure_policy(message: String) -> Finish {
        Finish { type_: "FailureTarget", reason: "PodFailurePolicy".into(), message }
    }

    /// A success policy rule holds (`batch.JobReasonSuccessPolicy`).
    pub fn success_policy(message: String) -> Finish {
        Finish {
            type_: "SuccessCriteriaMet",
            reason: super::success_policy::SUCCESS_POLICY_REASON.into(),
            message,
        }
    }

    /// Whether this ends the Job as failed.
    pub fn is_failure(&self) -> bool {
        self.type_ == "FailureTarget"
    }

    pub fn success_criteria_met() -> Finish {
        Finish {
            type_: "SuccessCriteriaMet",
            reason: COMPLETIONS_REACHED.into(),
            message: COMPLETIONS_REACHED_MESSAGE.into(),
        }
    }

    /// The terminal condition this interim one turns into.
    fn terminal(&self) -> Finish {
        let type_ = match self.type_ {
            "FailureTarget" => "Failed",
            "SuccessCriteriaMet" => "Complete",
            other => other,
        };
        Finish { type_, ..self.clone() }
    }

    /// Why the loop stops making pods, for the decision feed.
    pub fn why(&self, failed: i32, backoff_limit: i32) -> JobSaid {
        let message = self.message.clone();
        match self.reason.as_str() {
            "BackoffLimitExceeded" => JobSaid::BackoffLimitReached { failed, limit: backoff_limit },
            "DeadlineExceeded" => JobSaid::DeadlinePassed,
            "PodFailurePolicy" => JobSaid::FailJobRule { message },
            "MaxFailedIndexesExceeded" => JobSaid::TooManyFailedIndexes,
            "FailedIndexes" => JobSaid::SomeIndexesFailed,
            "SuccessPolicy" => JobSaid::SuccessPolicyMet { message },
            _ => JobSaid::EnoughSucceeded,
        }
    }
}

/// `IsJobFinished`: Complete or Failed is True.
pub fn is_finished(s: &JobStatus) -> bool {
    s.is_true("Complete") || s.is_true("Failed")
}

/// An interim condition set by an earlier sync (`hasSuccessCriteriaMetCondition`, the
/// FailureTarget check at the top of `syncJob`).
pub fn pending_finish(s: &JobStatus, _now: Time) -> Option<Finish> {
    ["SuccessCriteriaMet", "FailureTarget"].iter().find_map(|t| {
        s.conditions.iter().find(|c| c.type_ == *t && c.status == "True").map(|c| Finish {
            type_: if *t == "SuccessCriteriaMet" { "SuccessCriteriaMet" } else { "FailureTarget" },
            reason: c.reason.clone(),
            message: c.message.clone(),
        })
    })
}

/// `ensureJobConditionStatus`: sets a condition's status, or appends it when it is True
/// and absent. Returns whether anything changed.
fn ensure(
    s: &mut JobStatus,
    type_: &str,
    status: &str,
    reason: &str,
    message: &str,
    now: Time,
) -> bool {
    if let Some(c) = s.conditions.iter_mut().find(|c| c.type_ == type_) {
        if c.status == status && c.reason == reason && c.message == message {
            return false;
        }
        if c.status != status {
            c.last_transition_time = Some(now);
        }
        c.status = status.into();
        c.reason = reason.into();
        c.message = message.into();
        c.last_probe_time = Some(now);
        return true;
    }
    if status != "True" {
        return false;
    }
    s.conditions.push(JobCondition {
        type_: type_.into(),
        status: status.into(),
        last_probe_time: Some(now),
        last_transition_time: Some(now),
        reason: reason.into(),
        message: message.into(),
    });
    true
}

/// Writes the interim condition, then the terminal one when no pod is terminating any
/// more, with `completionTime` and the finishing Event.
pub fn enact(
    job: &Job,
    next: &mut JobStatus,
    finish: Finish,
    terminating: i32,
    failed: i32,
    backoff_limit: i32,
    ctx: &mut Ctx<'_>,
) {
    let now = ctx.now;
    if ensure(next, finish.type_, "True", &finish.reason, &finish.message, now) {
        ctx.decide(
            Kind::Job,
            &job.metadata,
            JobSaid::FinishTheJob,
            finish.why(failed, backoff_limit),
            JobSaid::MarkInterim {
                condition: finish.type_.to_string(),
                reason: finish.reason.clone(),
            },
        );
    }
    let terminal = finish.terminal();
    if terminating > 0 {
        ctx.decide(
            Kind::Job,
            &job.metadata,
            JobSaid::FinishTheJob,
            JobSaid::StillTerminating { terminating },
            JobSaid::WaitBeforeMarking { condition: terminal.type_.to_string() },
        );
        return;
    }
    if !ensure(next, terminal.type_, "True", &terminal.reason, &terminal.message, now) {
        return;
    }
    if terminal.type_ == "Complete" {
        next.completion_time = Some(now);
        ctx.event(Kind::Job, &job.metadata, "Normal", "Completed", "Job completed".into());
    } else {
        ctx.event(Kind::Job, &job.metadata, "Warning", &terminal.reason, terminal.message.clone());
    }
    ctx.decide(
        Kind::Job,
        &job.metadata,
        JobSaid::FinishTheJob,
        JobSaid::NothingRunning,
        JobSaid::Mark { condition: terminal.type_.to_string() },
    );
}

/// The Suspended condition and its Events; resuming restarts the active-deadline clock.
pub fn suspend_condition(job: &Job, next: &mut JobStatus, suspended: bool, ctx: &mut Ctx<'_>) {
    let now = ctx.now;
    if suspended {
        if ensure(next, "Suspended", "True", "JobSuspended", "Job suspended", now) {
            ctx.event(Kind::Job, &job.metadata, "Normal", "Suspended", "Job suspended".into());
        }
    } else if ensure(next, "Suspended", "False", "JobResumed", "Job resumed", now) {
        ctx.event(Kind::Job, &job.metadata, "Normal", "Resumed", "Job resumed".into());
        next.start_time = Some(now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_false_condition_is_not_added_but_a_true_one_flips() {
        let mut s = JobStatus::default();
        assert!(!ensure(&mut s, "Suspended", "False", "JobResumed", "Job resumed", Time::ZERO));
        assert!(ensure(&mut s, "Suspended", "True", "JobSuspended", "Job suspended", Time::ZERO));
        assert!(!ensure(
            &mut s,
            "Suspended",
            "True",
            "JobSuspended",
            "Job suspended",
            Time::from_secs(5)
        ));
        assert!(ensure(
            &mut s,
            "Suspended",
            "False",
            "JobResumed",
            "Job resumed",
            Time::from_secs(9)
        ));
        assert_eq!(s.conditions[0].last_transition_time, Some(Time::from_secs(9)));
    }

    #[test]
    fn interim_conditions_turn_into_their_terminal_ones() {
        let f = Finish::failure_target(JobFailure::BackoffLimitExceeded);
        assert_eq!(f.terminal().type_, "Failed");
        assert_eq!(f.terminal().message, "Job has reached the specified backoff limit");
        assert_eq!(Finish::success_criteria_met().terminal().reason, "CompletionsReached");
    }

    #[test]
    fn the_feed_says_why_the_job_finishes() {
        let f = Finish::failure_target(JobFailure::BackoffLimitExceeded);
        assert_eq!(f.why(7, 6).to_string(), "7 failed, backoffLimit 6: the Job has failed");
        let p = Finish::success_policy("Matched rules at index 0".into());
        assert_eq!(p.why(0, 6).to_string(), "success policy met (Matched rules at index 0)");
        assert_eq!(Finish::success_criteria_met().why(0, 6).to_string(), "enough pods succeeded");
    }
}
