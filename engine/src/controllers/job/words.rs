//! The Job loop's arithmetic and wording: how many pods it wants active (`manageJob`'s
//! `wantActive`) and the decision feed's phrases ("3 completions, 2 at a time").

use crate::controllers::said::JobSaid;
use crate::model::Job;

/// `manageJob`'s `wantActive`.
pub fn want_active(job: &Job, succeeded: i32, active: i32) -> i32 {
    let parallelism = job.spec.parallelism.unwrap_or(1).max(0);
    match job.spec.completions {
        // Without completions any success ends the Job: leave what runs, start nothing.
        None if succeeded > 0 => active,
        None => parallelism,
        Some(c) => (c - succeeded).clamp(0, parallelism),
    }
}

/// What the Job wants, for the decision feed.
pub fn wanted(job: &Job, succeeded: i32, active: i32) -> JobSaid {
    let parallelism = job.spec.parallelism.unwrap_or(1);
    let at_a_time = want_active(job, succeeded, active);
    match job.spec.completions {
        Some(completions) => JobSaid::Completions { completions, at_a_time, parallelism },
        None => JobSaid::OneSuccess { parallelism },
    }
}

/// What the Job's pods have done so far, for the decision feed.
pub fn progress(succeeded: i32, failed: i32, active: i32) -> JobSaid {
    if failed > 0 {
        JobSaid::ProgressFailed { succeeded, active, failed }
    } else {
        JobSaid::Progress { succeeded, active }
    }
}

/// A wait in whole seconds, rounded up, as Go prints a duration ("20s").
pub fn secs_words(ms: i64) -> String {
    crate::gofmt::go_duration((ms + 999) / 1000 * 1000)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(completions: Option<i32>, parallelism: i32) -> Job {
        let mut j = Job::default();
        j.spec.completions = completions;
        j.spec.parallelism = Some(parallelism);
        j
    }

    #[test]
    fn want_active_is_the_remaining_completions_capped_by_parallelism() {
        assert_eq!(want_active(&job(Some(3), 2), 0, 0), 2);
        assert_eq!(want_active(&job(Some(3), 2), 2, 1), 1);
        assert_eq!(want_active(&job(Some(3), 2), 3, 0), 0);
        // A work queue (no completions): parallelism until the first success, then no more.
        assert_eq!(want_active(&job(None, 4), 0, 0), 4);
        assert_eq!(want_active(&job(None, 4), 1, 2), 2);
    }

    #[test]
    fn decisions_say_what_is_wanted_and_seen_in_plain_words() {
        assert_eq!(
            wanted(&job(Some(3), 2), 1, 1).to_string(),
            "3 completions, 2 at a time (parallelism 2)"
        );
        assert_eq!(
            wanted(&job(Some(1), 1), 0, 0).to_string(),
            "1 completion, 1 at a time (parallelism 1)"
        );
        assert_eq!(wanted(&job(None, 1), 0, 0).to_string(), "1 success, 1 pod at a time");
        assert_eq!(progress(1, 0, 1).to_string(), "1 succeeded, 1 active");
        assert_eq!(progress(0, 2, 0).to_string(), "0 succeeded, 0 active, 2 failed");
        assert_eq!(secs_words(19_400), "20s");
    }
}
