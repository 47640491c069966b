//! The CronJob loop's phrases: a Job started at each scheduled time, skipped or replaced by
//! the concurrency policy, tracked until it finishes, and the oldest finished ones deleted
//! (controllers/cronjob).

use super::phrases;

phrases! {
    pub enum CronJobSaid = "cronjob" {
        EachStart { schedule: String } => "a Job at each start of {schedule:?}";
        /// startingDeadlineSeconds.
        StartWithin { deadline: i64 } => "start a Job within {deadline}s of each scheduled time";
        TrackActive => "track its active Jobs";
        JobFinished { job: String, condition: String } => "job {job} is {condition}";
        StartLate { scheduled: String, late: i64 } => "the start at {scheduled} is {late}s late";
        /// A start is due while the named Jobs (", " between) still run.
        DueStillActive { scheduled: String, jobs: String } =>
            "start at {scheduled} due, {jobs} still active";
        DueActive { scheduled: String, active: usize } => "start at {scheduled} due, {active} active";
        DropFromActive => "drop it from status.active";
        SkipIt => "skip it";
        SkipForbid => "skip this run (concurrencyPolicy Forbid)";
        DeleteReplace { job: String } => "delete job {job} (concurrencyPolicy Replace)";
        CreateJob { job: String } => "create job {job}";
        KeepSuccessful { keep: usize } => "keep at most {keep} successful Job{keep|/s}";
        KeepFailed { keep: usize } => "keep at most {keep} failed Job{keep|/s}";
        SuccessfulJobs { count: usize } => "{count} successful Job{count|/s}";
        FailedJobs { count: usize } => "{count} failed Job{count|/s}";
        DeleteOldest { job: String } => "delete the oldest, {job}";
    }
}
