//! The Job loop's arithmetic and wording: how many pods it wants active (`manageJob`'s
//! `wantActive`) and the decision feed's phrases ("3 completions, 2 at a time").

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

pub fn wanted_words(job: &Job, succeeded: i32, active: i32) -> String {
    let parallelism = job.spec.parallelism.unwrap_or(1);
    let want = want_active(job, succeeded, active);
    match job.spec.completions {
        Some(c) => format!(
            "{c} completion{}, {want} at a time (parallelism {parallelism})",
            plural(c as usize)
        ),
        None => format!("1 success, {parallelism} pods at a time"),
    }
}

pub fn observed_words(succeeded: i32, failed: i32, active: i32) -> String {
    let mut parts = vec![format!("{succeeded} succeeded"), format!("{active} active")];
    if failed > 0 {
        parts.push(format!("{failed} failed"));
    }
    parts.join(", ")
}

pub fn secs_words(ms: i64) -> String {
    crate::gofmt::go_duration((ms + 999) / 1000 * 1000)
}

pub fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
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
            wanted_words(&job(Some(3), 2), 1, 1),
            "3 completions, 2 at a time (parallelism 2)"
        );
        assert_eq!(
            wanted_words(&job(Some(1), 1), 0, 0),
            "1 completion, 1 at a time (parallelism 1)"
        );
        assert_eq!(observed_words(1, 0, 1), "1 succeeded, 1 active");
        assert_eq!(observed_words(0, 2, 0), "0 succeeded, 0 active, 2 failed");
        assert_eq!(secs_words(19_400), "20s");
    }
}
