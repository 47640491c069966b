//! The CronJob controller's schedule arithmetic, from pkg/controller/cronjob/utils.go:
//! `mostRecentScheduleTime` (which start is due, how many were missed),
//! `nextScheduleTime` (the start to run now, and the TooManyMissedTimes warning),
//! `nextScheduleTimeDuration` (when to look again), `getJobName` and `getTimeHashInMinutes`;
//! and `formatSchedule` from cronjob_controllerv2.go, which folds `spec.timeZone` into the
//! spec. It does not create Jobs or record Events; the loop does, with what this returns.

use super::{load_location, parse_standard, Schedule};
use crate::clock::Time;

/// `nextScheduleDelta`: requeues land 100 ms after the start, so a slightly early clock does
/// not wake the loop just before it.
pub const NEXT_SCHEDULE_DELTA_MS: i64 = 100;

/// The Event `nextScheduleTime` records when more than 100 starts were missed.
pub const TOO_MANY_MISSED_REASON: &str = "TooManyMissedTimes";
pub const TOO_MANY_MISSED_MESSAGE: &str =
    "too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew";

/// `missedSchedulesType`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missed {
    None,
    Few,
    /// More than 100.
    Many,
}

/// The parts of a CronJob the arithmetic reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CronJobTimes {
    pub creation_timestamp: Time,
    pub last_schedule_time: Option<Time>,
    pub starting_deadline_seconds: Option<i64>,
}

/// What `mostRecentScheduleTime` returns besides its error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MostRecent {
    /// The last schedule time, else the creation time, moved up to the starting deadline
    /// when asked to.
    pub earliest: Time,
    /// The latest start at or before now, if any after `earliest`.
    pub most_recent: Option<Time>,
    pub missed: Missed,
}

/// `time difference between two schedules is less than 1 second`: the schedule never fires
/// (`59 23 31 2 *`) or fires only once more.
pub const NEVER_TWICE: &str = "time difference between two schedules is less than 1 second";

/// Go's zero `time.Time` (0001-01-01T00:00:00Z) in Unix ms: what robfig's `Next` returns
/// when it finds nothing, and what utils.go then computes with.
const GO_ZERO_MS: i64 = -62_135_596_800_000;

/// `formatSchedule`: a schedule that mentions TZ is used as written (the controller also
/// warns with UnsupportedSchedule; see `unsupported_schedule_message`); a loadable
/// `timeZone` becomes a `TZ=` prefix; an unloadable one is ignored.
pub fn format_schedule(schedule: &str, time_zone: Option<&str>) -> String {
    if schedule.contains("TZ") {
        return schedule.to_string();
    }
    match time_zone {
        Some(tz) if load_location(tz).is_ok() => format!("TZ={tz} {schedule}"),
        _ => schedule.to_string(),
    }
}

/// The UnsupportedSchedule warning `formatSchedule` records for a `TZ` in the schedule.
pub fn unsupported_schedule_message(schedule: &str) -> String {
    format!(
        "CRON_TZ or TZ used in schedule {} is not officially supported, see https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/ for more details",
        crate::gofmt::go_quote(schedule)
    )
}

/// The schedule the controller runs: `cron.ParseStandard(formatSchedule(cj))`.
pub fn controller_schedule(schedule: &str, time_zone: Option<&str>) -> Result<Schedule, String> {
    parse_standard(&format_schedule(schedule, time_zone))
}

/// Engine time to Unix ms.
pub fn unix_ms(t: Time) -> i64 {
    t.millis().saturating_add(epoch_offset_ms())
}

/// Unix ms to engine time.
pub fn from_unix_ms(ms: i64) -> Time {
    Time(ms.saturating_sub(epoch_offset_ms()))
}

/// How far the engine's epoch lies after the Unix epoch, read from `clock.rs` itself.
fn epoch_offset_ms() -> i64 {
    Time::parse_rfc3339("1970-01-01T00:00:00Z").map_or(0, |t| -t.millis())
}

/// `schedule.Next(t)` with the zero time standing in for "never", as Go computes.
fn next(schedule: &Schedule, t: i64) -> i64 {
    schedule.next(t).unwrap_or(GO_ZERO_MS)
}

/// `mostRecentScheduleTime`. The count of missed starts is upstream's estimate (elapsed time
/// over the gap between the next two starts), so irregular schedules are counted roughly.
pub fn most_recent_schedule_time(
    cj: &CronJobTimes,
    now: Time,
    schedule: &Schedule,
    include_starting_deadline: bool,
) -> Result<MostRecent, String> {
    let mut earliest = unix_ms(cj.last_schedule_time.unwrap_or(cj.creation_timestamp));
    let now_ms = unix_ms(now);
    if let (true, Some(sds)) = (include_starting_deadline, cj.starting_deadline_seconds) {
        // The controller schedules nothing before this point.
        let deadline = now_ms.saturating_sub(sds.saturating_mul(1000));
        earliest = earliest.max(deadline);
    }
    let result = |most_recent: Option<i64>, missed| MostRecent {
        earliest: from_unix_ms(earliest),
        most_recent: most_recent.map(from_unix_ms),
        missed,
    };
    let t1 = next(schedule, earliest);
    let t2 = next(schedule, t1);
    if now_ms < t1 {
        return Ok(result(None, Missed::None));
    }
    if now_ms < t2 {
        return Ok(result(Some(t1), Missed::None));
    }
    let between = round_to_secs(t2 - t1);
    if between < 1 {
        return Err(NEVER_TWICE.into());
    }
    // `int64(now.Sub(t1).Seconds())` truncates.
    let elapsed = (now_ms - t1) / 1000;
    let missed_count = elapsed / between + 1;
    // Step back one interval more than the estimate and let the schedule find the real
    // starts from there, which keeps `@every` and uneven schedules exact.
    let potential_earliest = t1.saturating_add((missed_count - 2).saturating_mul(between * 1000));
    let mut most_recent = None;
    let mut t = schedule.next(potential_earliest);
    while let Some(start) = t.filter(|start| *start <= now_ms) {
        most_recent = Some(start);
        t = schedule.next(start);
    }
    let missed = match missed_count {
        n if n > 100 => Missed::Many,
        n if n > 0 => Missed::Few,
        _ => Missed::None,
    };
    Ok(result(most_recent, missed))
}

/// `Duration.Round(time.Second).Seconds()` on milliseconds: halves away from zero.
fn round_to_secs(ms: i64) -> i64 {
    let whole = (ms.abs() + 500) / 1000;
    if ms < 0 {
        -whole
    } else {
        whole
    }
}

/// What `nextScheduleTime` decides: the start to run now, and whether to warn that too many
/// were missed (the loop records `TOO_MANY_MISSED_REASON` / `TOO_MANY_MISSED_MESSAGE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Due {
    pub scheduled: Time,
    pub too_many_missed: bool,
}

/// `nextScheduleTime`: the most recent unmet start within the starting deadline, if any.
pub fn next_schedule_time(
    cj: &CronJobTimes,
    now: Time,
    schedule: &Schedule,
) -> Result<Option<Due>, String> {
    let recent = most_recent_schedule_time(cj, now, schedule, true)?;
    Ok(recent
        .most_recent
        .filter(|t| *t <= now)
        .map(|scheduled| Due { scheduled, too_many_missed: recent.missed == Missed::Many }))
}

/// `nextScheduleTimeDuration`: milliseconds from `now` until the loop should look again
/// (the next start plus `NEXT_SCHEDULE_DELTA_MS`). `None` when the schedule has no next
/// start, where Go would compute a duration to its zero time and requeue at once.
pub fn next_schedule_time_duration(
    cj: &CronJobTimes,
    now: Time,
    schedule: &Schedule,
) -> Option<i64> {
    let now_ms = unix_ms(now);
    let base = match most_recent_schedule_time(cj, now, schedule, false) {
        // Still requeue at some point: aim for the next slot from now.
        Err(_) => now_ms,
        Ok(MostRecent { most_recent: Some(t), .. }) => unix_ms(t),
        Ok(MostRecent { earliest, missed: Missed::None, .. }) => unix_ms(earliest),
        // Missed starts but none found since earliest: always from now.
        Ok(_) => now_ms,
    };
    let next = schedule.next(base)?;
    Some(next + NEXT_SCHEDULE_DELTA_MS - now_ms)
}

/// `getTimeHashInMinutes`: whole minutes since the Unix epoch (Go's `/` truncates).
pub fn time_hash_in_minutes(scheduled: Time) -> i64 {
    unix_ms(scheduled).div_euclid(1000) / 60
}

/// `getJobName`: `<cronjob>-<minutes since the epoch of the scheduled time>`, the same for
/// every attempt at one start so a start never creates two Jobs.
pub fn job_name(cron_job: &str, scheduled: Time) -> String {
    format!("{cron_job}-{}", time_hash_in_minutes(scheduled))
}

#[cfg(test)]
#[path = "cronjob_tests.rs"]
mod tests;
