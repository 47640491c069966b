//! The Job loop's phrases: a Job's pods created, deleted and waited for, the Job finished
//! (controllers/job), and a finished Job deleted after its TTL (controllers/ttl_after_finished).

use super::{phrases, Said};

phrases! {
    pub enum JobSaid = "job" {
        /// Wanted: `completions` successes, `at_a_time` pods running now.
        Completions { completions: i32, at_a_time: i32, parallelism: i32 } =>
            "{completions} completion{completions|/s}, {at_a_time} at a time (parallelism {parallelism})";
        /// Wanted of a work queue (no completions): one success.
        OneSuccess { parallelism: i32 } =>
            "1 success, {parallelism} pod{parallelism|/s} at a time";
        SuspendedNoPods => "suspended: no pods";
        ActiveOfParallelism { want: i32, parallelism: i32 } =>
            "{want} active (parallelism {parallelism})";
        NoMorePods => "no more pods";
        FinishTheJob => "finish the Job";
        Active { active: i32 } => "{active} active";
        Progress { succeeded: i32, active: i32 } => "{succeeded} succeeded, {active} active";
        ProgressFailed { succeeded: i32, active: i32, failed: i32 } =>
            "{succeeded} succeeded, {active} active, {failed} failed";
        RetriesUsed { used: i32, limit: i32 } =>
            "pod failed ({used} of {limit} retries used)";
        IndexPodFailed => "an index's pod failed (backoffLimitPerIndex)";
        /// Why the loop stops making pods, and how many still run.
        Stopping { why: Box<Said>, active: usize } => "{why}, {active} active";
        BackoffLimitReached { failed: i32, limit: i32 } =>
            "{failed} failed, backoffLimit {limit}: the Job has failed";
        DeadlinePassed => "activeDeadlineSeconds passed: the Job has failed";
        /// A FailJob rule matched; `message` is the condition's message.
        FailJobRule { message: String } => "{message}: the Job has failed";
        TooManyFailedIndexes => "more indexes failed than maxFailedIndexes";
        SomeIndexesFailed => "every index finished, some failed";
        /// A success policy rule holds; `message` is the condition's message.
        SuccessPolicyMet { message: String } => "success policy met ({message})";
        EnoughSucceeded => "enough pods succeeded";
        StillTerminating { terminating: i32 } =>
            "{terminating} pod{terminating|/s} still terminating";
        NothingRunning => "no pod running or terminating";
        DeletePods { count: usize } => "delete {count} pod{count|/s}";
        DeleteActivePods { count: usize } => "delete {count} active pod{count|/s}";
        WaitBeforeNext { wait: String } => "wait {wait} before the next";
        WaitBeforeIndex { wait: String } => "wait {wait} before retrying the index";
        CreateFailed { error: String } => "create failed: {error}";
        CreateOne { pod: String } => "create 1 pod: {pod}";
        CreatePods { count: usize } => "create {count} pod{count|/s}";
        /// The interim condition (FailureTarget, SuccessCriteriaMet) and its reason.
        MarkInterim { condition: String, reason: String } => "mark it {condition} ({reason})";
        WaitBeforeMarking { condition: String } => "wait before marking it {condition}";
        Mark { condition: String } => "mark it {condition}";
        /// ttlSecondsAfterFinished.
        DeleteAfterTtl { ttl: i32 } =>
            "delete finished Jobs {ttl}s after they finish (ttlSecondsAfterFinished)";
        FinishedAgo { seconds: i64 } => "finished {seconds}s ago";
        DeleteJobForeground => "delete the Job and its pods (foreground)";
    }
}
