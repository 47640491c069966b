//! kubernetes pkg/controller/cronjob/utils_test.go vectors (`TestMostRecentScheduleTime`,
//! `TestNextScheduleTime`, `TestNextScheduleTimeDuration`, the Job name of
//! `TestGetJobFromTemplate2`), and the CronJob validation wording of
//! pkg/apis/batch/validation/validation.go.

use super::*;
use crate::cron::validate::{validate_schedule_format, validate_time_zone};
use crate::labels::field::invalid_error;

const MIN: i64 = 60;
const HOUR: i64 = 3600;
const DAY: i64 = 24 * HOUR;

/// `topOfTheHour`: 2016-05-19T10:00:00Z, a Thursday.
fn top_of_the_hour() -> Time {
    Time::parse_rfc3339("2016-05-19T10:00:00Z").unwrap()
}

/// `deltaTimeAfterTopOfTheHour`, in seconds.
fn after_top(secs: i64) -> Time {
    top_of_the_hour().plus_secs(secs)
}

fn cron_job(creation: Time, last: Option<Time>, sds: Option<i64>) -> CronJobTimes {
    CronJobTimes {
        creation_timestamp: creation,
        last_schedule_time: last,
        starting_deadline_seconds: sds,
    }
}

fn parse(schedule: &str) -> Schedule {
    parse_standard(schedule).unwrap()
}

#[test]
fn test_most_recent_schedule_time() {
    let top = top_of_the_hour();
    let half_past = after_top(30 * MIN);
    let minute_after = after_top(MIN);
    struct Case {
        name: &'static str,
        schedule: &'static str,
        cj: CronJobTimes,
        include_sds: bool,
        now: Time,
        earliest: Time,
        recent: Option<Time>,
        missed: Missed,
    }
    let cases = [
        Case {
            name: "now before next schedule",
            schedule: "0 * * * *",
            cj: cron_job(top, None, None),
            include_sds: false,
            now: after_top(30),
            earliest: top,
            recent: None,
            missed: Missed::None,
        },
        Case {
            name: "now just after next schedule",
            schedule: "0 * * * *",
            cj: cron_job(top, None, None),
            include_sds: false,
            now: after_top(61 * MIN),
            earliest: top,
            recent: Some(after_top(60 * MIN)),
            missed: Missed::None,
        },
        Case {
            name: "missed 5 schedules",
            schedule: "0 * * * *",
            cj: cron_job(after_top(10), None, None),
            include_sds: false,
            now: after_top(301 * MIN),
            earliest: after_top(10),
            recent: Some(after_top(300 * MIN)),
            missed: Missed::Few,
        },
        Case {
            name: "complex schedule",
            schedule: "30 6-16/4 * * 1-5",
            cj: cron_job(top, Some(half_past), None),
            include_sds: false,
            now: after_top(DAY + 31 * MIN),
            earliest: half_past,
            recent: Some(after_top(DAY + 30 * MIN)),
            missed: Missed::Few,
        },
        Case {
            name: "another complex schedule",
            schedule: "30 10,11,12 * * 1-5",
            cj: cron_job(top, Some(half_past), None),
            include_sds: false,
            now: after_top(30 * HOUR + 30 * MIN),
            earliest: half_past,
            recent: None,
            missed: Missed::Few,
        },
        Case {
            name: "complex schedule with longer diff between executions",
            schedule: "30 6-16/4 * * 1-5",
            cj: cron_job(top, Some(half_past), None),
            include_sds: false,
            now: after_top(96 * HOUR + 31 * MIN),
            earliest: half_past,
            recent: Some(after_top(96 * HOUR + 30 * MIN)),
            missed: Missed::Few,
        },
        Case {
            name: "complex schedule with shorter diff between executions",
            schedule: "30 6-16/4 * * 1-5",
            cj: cron_job(top, None, None),
            include_sds: false,
            now: after_top(DAY + 31 * MIN),
            earliest: top,
            recent: Some(after_top(DAY + 30 * MIN)),
            missed: Missed::Few,
        },
        Case {
            name: "@every schedule",
            schedule: "@every 1h",
            cj: cron_job(after_top(-59 * MIN), Some(minute_after), Some(10)),
            include_sds: false,
            now: after_top(7 * DAY),
            earliest: minute_after,
            recent: Some(after_top(6 * DAY + 23 * HOUR + MIN)),
            missed: Missed::Many,
        },
        Case {
            name: "earliestTime being CreationTimestamp and LastScheduleTime",
            schedule: "0 * * * *",
            cj: cron_job(top, Some(top), None),
            include_sds: false,
            now: after_top(30),
            earliest: top,
            recent: None,
            missed: Missed::None,
        },
        Case {
            name: "earliestTime being LastScheduleTime",
            schedule: "*/5 * * * *",
            cj: cron_job(top, Some(half_past), None),
            include_sds: false,
            now: after_top(31 * MIN),
            earliest: half_past,
            recent: None,
            missed: Missed::None,
        },
        Case {
            name: "earliestTime being LastScheduleTime (within StartingDeadlineSeconds)",
            schedule: "*/5 * * * *",
            cj: cron_job(top, Some(half_past), Some(60)),
            include_sds: false,
            now: after_top(31 * MIN),
            earliest: half_past,
            recent: None,
            missed: Missed::None,
        },
        Case {
            name: "earliestTime being LastScheduleTime (outside StartingDeadlineSeconds)",
            schedule: "*/5 * * * *",
            cj: cron_job(top, Some(half_past), Some(60)),
            include_sds: true,
            now: after_top(32 * MIN),
            earliest: after_top(31 * MIN),
            recent: None,
            missed: Missed::None,
        },
    ];
    for c in cases {
        let got = most_recent_schedule_time(&c.cj, c.now, &parse(c.schedule), c.include_sds);
        let want = MostRecent { earliest: c.earliest, most_recent: c.recent, missed: c.missed };
        assert_eq!(got, Ok(want), "{}", c.name);
    }
}

/// `TestMostRecentScheduleTime` "rogue cronjob": February 31st never comes.
#[test]
fn test_most_recent_schedule_time_rogue_cronjob() {
    let cj = cron_job(after_top(10), None, None);
    let got = most_recent_schedule_time(&cj, after_top(HOUR), &parse("59 23 31 2 *"), false);
    assert_eq!(got, Err(NEVER_TWICE.to_string()));
}

#[test]
fn test_next_schedule_time() {
    let (t1, t2) = (top_of_the_hour(), after_top(HOUR));
    let hourly = parse("0 * * * ?");
    let due = |cj: CronJobTimes, now: Time| next_schedule_time(&cj, now, &hourly).unwrap();
    // Case 1: no known start times, and none needed yet.
    assert_eq!(due(cron_job(t1.plus_secs(-10 * MIN), None, None), t1.plus_secs(-7 * MIN)), None);
    // Case 2: no known start times, and one needed.
    let case2 = due(cron_job(t1.plus_secs(-10 * MIN), None, None), t1.plus_secs(2));
    assert_eq!(case2, Some(Due { scheduled: t1, too_many_missed: false }));
    // Case 3: known LastScheduleTime, no start needed.
    assert_eq!(due(cron_job(t1.plus_secs(-10 * MIN), Some(t1), None), t1.plus_secs(2 * MIN)), None);
    // Case 4: known LastScheduleTime, a start needed.
    let case4 = due(cron_job(t1.plus_secs(-10 * MIN), Some(t1), None), t2.plus_secs(5 * MIN));
    assert_eq!(case4.map(|d| d.scheduled), Some(t2));
    // Case 5: known LastScheduleTime, two starts needed: the later one runs.
    let case5 = due(
        cron_job(t1.plus_secs(-2 * HOUR), Some(t1.plus_secs(-HOUR)), None),
        t2.plus_secs(5 * MIN),
    );
    assert_eq!(case5.map(|d| d.scheduled), Some(t2));
    // Case 6: now is way way ahead of last start time, and there is no deadline.
    let far = t2.plus_secs(10 * DAY);
    let case6 = due(cron_job(t1.plus_secs(-2 * HOUR), Some(t1.plus_secs(-HOUR)), None), far);
    assert_eq!(case6, Some(Due { scheduled: far, too_many_missed: true }));
    // Case 7: now is way way ahead of last start time, but there is a short deadline.
    let case7 =
        due(cron_job(t1.plus_secs(-2 * HOUR), Some(t1.plus_secs(-HOUR)), Some(2 * HOUR)), far);
    assert_eq!(case7, Some(Due { scheduled: far, too_many_missed: false }));
    // Case 8: the error from mostRecentScheduleTime gets populated up.
    let rogue =
        next_schedule_time(&cron_job(t1.plus_secs(10), None, None), t2, &parse("59 23 31 2 *"));
    assert_eq!(rogue, Err(NEVER_TWICE.to_string()));
}

#[test]
fn test_next_schedule_time_duration() {
    let top = top_of_the_hour();
    let cases = [
        (
            "complex schedule skipping weekend",
            "30 6-16/4 * * 1-5",
            cron_job(top, Some(after_top(30 * MIN)), None),
            after_top(DAY + 31 * MIN),
            3 * HOUR + 59 * MIN,
        ),
        (
            "another complex schedule skipping weekend",
            "30 10,11,12 * * 1-5",
            cron_job(top, Some(after_top(30 * MIN)), None),
            after_top(30 * HOUR + 30 * MIN),
            66 * HOUR,
        ),
        (
            "once a week cronjob, missed two runs",
            "0 12 * * 4",
            cron_job(top, Some(after_top(2 * HOUR)), None),
            after_top(19 * DAY + HOUR + 30 * MIN),
            48 * HOUR + 30 * MIN,
        ),
        (
            "no previous run of a cronjob",
            "0 12 * * 5",
            cron_job(top, None, None),
            after_top(6 * HOUR),
            20 * HOUR,
        ),
    ];
    for (name, schedule, cj, now, secs) in cases {
        let got = next_schedule_time_duration(&cj, now, &parse(schedule));
        assert_eq!(got, Some(secs * 1000 + NEXT_SCHEDULE_DELTA_MS), "{name}");
    }
}

#[test]
fn requeue_has_nothing_to_wait_for_when_the_schedule_never_fires() {
    let cj = cron_job(top_of_the_hour(), None, None);
    assert_eq!(next_schedule_time_duration(&cj, after_top(HOUR), &parse("0 0 30 2 *")), None);
}

#[test]
fn job_names_count_minutes_since_the_unix_epoch() {
    // 2016-05-19T10:00:00Z is 1463652000 s after the epoch: 24394200 minutes.
    assert_eq!(time_hash_in_minutes(top_of_the_hour()), 24_394_200);
    assert_eq!(job_name("mycronjob", top_of_the_hour()), "mycronjob-24394200");
    // Seconds within the minute do not change the name.
    assert_eq!(job_name("mycronjob", after_top(59)), "mycronjob-24394200");
    assert_eq!(job_name("hello", Time::ZERO), "hello-28928160");
    assert_eq!(unix_ms(Time::ZERO), 1_735_689_600_000);
    assert_eq!(from_unix_ms(unix_ms(after_top(5))), after_top(5));
}

#[test]
fn time_zone_is_folded_into_the_schedule() {
    assert_eq!(format_schedule("0 3 * * *", Some("Europe/Berlin")), "TZ=Europe/Berlin 0 3 * * *");
    assert_eq!(format_schedule("0 3 * * *", Some("Mars/Olympus")), "0 3 * * *");
    assert_eq!(
        format_schedule("CRON_TZ=UTC 0 3 * * *", Some("Europe/Berlin")),
        "CRON_TZ=UTC 0 3 * * *"
    );
    assert_eq!(format_schedule("0 3 * * *", None), "0 3 * * *");
    // 03:00 in Berlin is 01:00Z in summer and 02:00Z in winter.
    let berlin = controller_schedule("0 3 * * *", Some("Europe/Berlin")).unwrap();
    let july = Time::parse_rfc3339("2025-07-01T00:00:00Z").unwrap();
    assert_eq!(
        berlin.next(unix_ms(july)).map(from_unix_ms),
        Time::parse_rfc3339("2025-07-01T01:00:00Z")
    );
    let january = Time::parse_rfc3339("2025-01-01T00:00:00Z").unwrap();
    assert_eq!(
        berlin.next(unix_ms(january)).map(from_unix_ms),
        Time::parse_rfc3339("2025-01-01T02:00:00Z")
    );
    assert_eq!(
        unsupported_schedule_message("TZ=UTC * * * * *"),
        "CRON_TZ or TZ used in schedule \"TZ=UTC * * * * *\" is not officially supported, see https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/ for more details"
    );
}

fn shown(errs: &[crate::labels::field::FieldError]) -> String {
    invalid_error("CronJob", "bad", errs)
}

#[test]
fn schedule_validation_wording() {
    let field = "spec.schedule";
    assert!(validate_schedule_format("*/5 * * * *", false, None, field).is_empty());
    assert_eq!(
        shown(&validate_schedule_format("61 * * * *", false, None, field)),
        r#"The CronJob "bad" is invalid: spec.schedule: Invalid value: "61 * * * *": end of range (61) above maximum (59): 61"#
    );
    assert_eq!(
        shown(&validate_schedule_format("CRON_TZ=UTC * * * * *", false, None, field)),
        r#"The CronJob "bad" is invalid: spec.schedule: Invalid value: "CRON_TZ=UTC * * * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead"#
    );
    assert_eq!(
        shown(&validate_schedule_format("TZ=UTC * * * * *", true, Some("UTC"), field)),
        r#"The CronJob "bad" is invalid: spec.schedule: Invalid value: "TZ=UTC * * * * *": cannot use both timeZone field and TZ or CRON_TZ in schedule"#
    );
    assert!(validate_schedule_format("TZ=UTC * * * * *", true, None, field).is_empty());
    assert_eq!(validate_schedule_format("TZ=Nowhere x", false, None, field).len(), 2);
}

#[test]
fn time_zone_validation_wording() {
    let field = "spec.timeZone";
    for ok in [None, Some("Etc/UTC"), Some("Europe/Berlin"), Some("America/New_York"), Some("UTC")]
    {
        assert!(validate_time_zone(ok, field).is_empty(), "{ok:?}");
    }
    let cases = [
        ("", "timeZone must be nil or non-empty string"),
        ("Europe/Pariss", "unknown time zone Europe/Pariss"),
        (
            "America/Argentina/Buenos_Aires_Long",
            "unknown time zone America/Argentina/Buenos_Aires_Long",
        ),
        ("../etc", "unknown time zone ../etc"),
        ("-0500", "unknown time zone -0500"),
        ("Europe/Ber lin", "unknown time zone Europe/Ber lin"),
    ];
    for (tz, detail) in cases {
        let want = format!(
            "The CronJob \"bad\" is invalid: spec.timeZone: Invalid value: \"{tz}\": {detail}"
        );
        assert_eq!(shown(&validate_time_zone(Some(tz), field)), want, "{tz:?}");
    }
    let local = validate_time_zone(Some("Local"), field);
    assert_eq!(local.len(), 1);
    assert_eq!(
        local[0].detail,
        "timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones"
    );
    // Go's EqualFold finds "LOCAL" to be Local, and LoadLocation does not know it.
    assert_eq!(validate_time_zone(Some("LOCAL"), field).len(), 2);
}
