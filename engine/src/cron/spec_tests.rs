//! robfig/cron v3.0.1 `spec_test.go` vectors: `TestActivation`, `TestNext` (with its DST
//! cases for America/New_York and America/Sao_Paulo) and `TestNextWithTz`, read with the
//! same `getTime` rules (a `TZ=` prefix names the time's zone; a time without one is in
//! Local, UTC here; a schedule without `TZ=` is read in the time's zone).

use super::civil::{date, days_from_civil};
use super::parse::{parse_standard, parse_with_seconds};
use super::{load_location, Schedule, Zone};

/// `getTime`: the instant in Unix seconds and the zone it is read in; `None` for "".
fn get_time(value: &str) -> Option<(i64, Zone)> {
    if value.is_empty() {
        return None;
    }
    let (zone, value) = match value.strip_prefix("TZ=") {
        Some(rest) => {
            let (name, value) = rest.split_once(' ').expect("TZ=NAME VALUE");
            (load_location(name).expect("test zone"), value)
        }
        None => (Zone::utc(), value),
    };
    // "2006-01-02T15:04:05-0700": the offset fixes the instant.
    if let Some((stamp, off)) = value.get(..19).zip(value.get(19..)) {
        if stamp.as_bytes().get(10) == Some(&b'T') {
            let n = |r: std::ops::Range<usize>| stamp[r].parse::<i64>().expect("digits");
            let days = days_from_civil(n(0..4), n(5..7) as u32, n(8..10) as u32);
            let local = days * 86_400 + n(11..13) * 3600 + n(14..16) * 60 + n(17..19);
            let sign = if off.starts_with('-') { -1 } else { 1 };
            let offset = sign
                * (off[1..3].parse::<i64>().unwrap() * 3600
                    + off[3..5].parse::<i64>().unwrap() * 60);
            return Some((local - offset, zone));
        }
    }
    // "Mon Jan 2 15:04 2006" or "Mon Jan 2 15:04:05 2006", in the zone.
    let parts: Vec<&str> = value.split(' ').collect();
    let month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        .iter()
        .position(|m| *m == parts[1])
        .expect("month") as i64
        + 1;
    let clock: Vec<i64> = parts[3].split(':').map(|p| p.parse().unwrap()).collect();
    let (day, year) = (parts[2].parse().unwrap(), parts[4].parse().unwrap());
    let t = date(year, month, day, clock[0], clock[1], clock.get(2).copied().unwrap_or(0), &zone);
    Some((t, zone))
}

/// `sched.Next(t)` with Local being the time's own zone.
fn next(schedule: &Schedule, t: i64, zone: &Zone) -> Option<i64> {
    match schedule {
        Schedule::Spec(spec) => spec.next(t, zone),
        Schedule::Every { .. } => schedule.next(t * 1000).map(|ms| ms / 1000),
    }
}

#[test]
fn test_activation() {
    let cases = [
        // Every fifteen minutes.
        ("Mon Jul 9 15:00 2012", "0/15 * * * *", true),
        ("Mon Jul 9 15:45 2012", "0/15 * * * *", true),
        ("Mon Jul 9 15:40 2012", "0/15 * * * *", false),
        // Every fifteen minutes, starting at 5 minutes.
        ("Mon Jul 9 15:05 2012", "5/15 * * * *", true),
        ("Mon Jul 9 15:20 2012", "5/15 * * * *", true),
        ("Mon Jul 9 15:50 2012", "5/15 * * * *", true),
        // Named months
        ("Sun Jul 15 15:00 2012", "0/15 * * Jul *", true),
        ("Sun Jul 15 15:00 2012", "0/15 * * Jun *", false),
        // Everything set.
        ("Sun Jul 15 08:30 2012", "30 08 ? Jul Sun", true),
        ("Sun Jul 15 08:30 2012", "30 08 15 Jul ?", true),
        ("Mon Jul 16 08:30 2012", "30 08 ? Jul Sun", false),
        ("Mon Jul 16 08:30 2012", "30 08 15 Jul ?", false),
        // Predefined schedules
        ("Mon Jul 9 15:00 2012", "@hourly", true),
        ("Mon Jul 9 15:04 2012", "@hourly", false),
        ("Mon Jul 9 15:00 2012", "@daily", false),
        ("Mon Jul 9 00:00 2012", "@daily", true),
        ("Mon Jul 9 00:00 2012", "@weekly", false),
        ("Sun Jul 8 00:00 2012", "@weekly", true),
        ("Sun Jul 8 01:00 2012", "@weekly", false),
        ("Sun Jul 8 00:00 2012", "@monthly", false),
        ("Sun Jul 1 00:00 2012", "@monthly", true),
        // Test interaction of DOW and DOM. If both are restricted, then only one needs to match.
        ("Sun Jul 15 00:00 2012", "* * 1,15 * Sun", true),
        ("Fri Jun 15 00:00 2012", "* * 1,15 * Sun", true),
        ("Wed Aug 1 00:00 2012", "* * 1,15 * Sun", true),
        ("Sun Jul 15 00:00 2012", "* * */10 * Sun", true), // verifies #70
        // However, if one has a star, then both need to match.
        ("Sun Jul 15 00:00 2012", "* * * * Mon", false),
        ("Mon Jul 9 00:00 2012", "* * 1,15 * *", false),
        ("Sun Jul 15 00:00 2012", "* * 1,15 * *", true),
        ("Sun Jul 15 00:00 2012", "* * */2 * Sun", true),
    ];
    for (time, expr, expected) in cases {
        let schedule = parse_standard(expr).expect(expr);
        let (t, zone) = get_time(time).unwrap();
        let fired = next(&schedule, t - 1, &zone) == Some(t);
        assert_eq!(fired, expected, "{expr} on {time}");
    }
}

#[test]
fn test_next() {
    let cases = [
        // Simple cases
        ("Mon Jul 9 14:45 2012", "0 0/15 * * * *", "Mon Jul 9 15:00 2012"),
        ("Mon Jul 9 14:59 2012", "0 0/15 * * * *", "Mon Jul 9 15:00 2012"),
        ("Mon Jul 9 14:59:59 2012", "0 0/15 * * * *", "Mon Jul 9 15:00 2012"),
        // Wrap around hours
        ("Mon Jul 9 15:45 2012", "0 20-35/15 * * * *", "Mon Jul 9 16:20 2012"),
        // Wrap around days
        ("Mon Jul 9 23:46 2012", "0 */15 * * * *", "Tue Jul 10 00:00 2012"),
        ("Mon Jul 9 23:45 2012", "0 20-35/15 * * * *", "Tue Jul 10 00:20 2012"),
        ("Mon Jul 9 23:35:51 2012", "15/35 20-35/15 * * * *", "Tue Jul 10 00:20:15 2012"),
        ("Mon Jul 9 23:35:51 2012", "15/35 20-35/15 1/2 * * *", "Tue Jul 10 01:20:15 2012"),
        ("Mon Jul 9 23:35:51 2012", "15/35 20-35/15 10-12 * * *", "Tue Jul 10 10:20:15 2012"),
        ("Mon Jul 9 23:35:51 2012", "15/35 20-35/15 1/2 */2 * *", "Thu Jul 11 01:20:15 2012"),
        ("Mon Jul 9 23:35:51 2012", "15/35 20-35/15 * 9-20 * *", "Wed Jul 10 00:20:15 2012"),
        ("Mon Jul 9 23:35:51 2012", "15/35 20-35/15 * 9-20 Jul *", "Wed Jul 10 00:20:15 2012"),
        // Wrap around months
        ("Mon Jul 9 23:35 2012", "0 0 0 9 Apr-Oct ?", "Thu Aug 9 00:00 2012"),
        ("Mon Jul 9 23:35 2012", "0 0 0 */5 Apr,Aug,Oct Mon", "Tue Aug 1 00:00 2012"),
        ("Mon Jul 9 23:35 2012", "0 0 0 */5 Oct Mon", "Mon Oct 1 00:00 2012"),
        // Wrap around years
        ("Mon Jul 9 23:35 2012", "0 0 0 * Feb Mon", "Mon Feb 4 00:00 2013"),
        ("Mon Jul 9 23:35 2012", "0 0 0 * Feb Mon/2", "Fri Feb 1 00:00 2013"),
        // Wrap around minute, hour, day, month, and year
        ("Mon Dec 31 23:59:45 2012", "0 * * * * *", "Tue Jan 1 00:00:00 2013"),
        // Leap year
        ("Mon Jul 9 23:35 2012", "0 0 0 29 Feb ?", "Mon Feb 29 00:00 2016"),
        // Daylight savings time 2am EST (-5) -> 3am EDT (-4)
        (
            "2012-03-11T00:00:00-0500",
            "TZ=America/New_York 0 30 2 11 Mar ?",
            "2013-03-11T02:30:00-0400",
        ),
        // hourly job
        ("2012-03-11T00:00:00-0500", "TZ=America/New_York 0 0 * * * ?", "2012-03-11T01:00:00-0500"),
        ("2012-03-11T01:00:00-0500", "TZ=America/New_York 0 0 * * * ?", "2012-03-11T03:00:00-0400"),
        ("2012-03-11T03:00:00-0400", "TZ=America/New_York 0 0 * * * ?", "2012-03-11T04:00:00-0400"),
        ("2012-03-11T04:00:00-0400", "TZ=America/New_York 0 0 * * * ?", "2012-03-11T05:00:00-0400"),
        // hourly job using CRON_TZ
        (
            "2012-03-11T00:00:00-0500",
            "CRON_TZ=America/New_York 0 0 * * * ?",
            "2012-03-11T01:00:00-0500",
        ),
        (
            "2012-03-11T01:00:00-0500",
            "CRON_TZ=America/New_York 0 0 * * * ?",
            "2012-03-11T03:00:00-0400",
        ),
        (
            "2012-03-11T03:00:00-0400",
            "CRON_TZ=America/New_York 0 0 * * * ?",
            "2012-03-11T04:00:00-0400",
        ),
        (
            "2012-03-11T04:00:00-0400",
            "CRON_TZ=America/New_York 0 0 * * * ?",
            "2012-03-11T05:00:00-0400",
        ),
        // 1am nightly job
        ("2012-03-11T00:00:00-0500", "TZ=America/New_York 0 0 1 * * ?", "2012-03-11T01:00:00-0500"),
        ("2012-03-11T01:00:00-0500", "TZ=America/New_York 0 0 1 * * ?", "2012-03-12T01:00:00-0400"),
        // 2am nightly job (skipped)
        ("2012-03-11T00:00:00-0500", "TZ=America/New_York 0 0 2 * * ?", "2012-03-12T02:00:00-0400"),
        // Daylight savings time 2am EDT (-4) => 1am EST (-5)
        (
            "2012-11-04T00:00:00-0400",
            "TZ=America/New_York 0 30 2 04 Nov ?",
            "2012-11-04T02:30:00-0500",
        ),
        (
            "2012-11-04T01:45:00-0400",
            "TZ=America/New_York 0 30 1 04 Nov ?",
            "2012-11-04T01:30:00-0500",
        ),
        // hourly job
        ("2012-11-04T00:00:00-0400", "TZ=America/New_York 0 0 * * * ?", "2012-11-04T01:00:00-0400"),
        ("2012-11-04T01:00:00-0400", "TZ=America/New_York 0 0 * * * ?", "2012-11-04T01:00:00-0500"),
        ("2012-11-04T01:00:00-0500", "TZ=America/New_York 0 0 * * * ?", "2012-11-04T02:00:00-0500"),
        // 1am nightly job (runs twice)
        ("2012-11-04T00:00:00-0400", "TZ=America/New_York 0 0 1 * * ?", "2012-11-04T01:00:00-0400"),
        ("2012-11-04T01:00:00-0400", "TZ=America/New_York 0 0 1 * * ?", "2012-11-04T01:00:00-0500"),
        ("2012-11-04T01:00:00-0500", "TZ=America/New_York 0 0 1 * * ?", "2012-11-05T01:00:00-0500"),
        // 2am nightly job
        ("2012-11-04T00:00:00-0400", "TZ=America/New_York 0 0 2 * * ?", "2012-11-04T02:00:00-0500"),
        ("2012-11-04T02:00:00-0500", "TZ=America/New_York 0 0 2 * * ?", "2012-11-05T02:00:00-0500"),
        // 3am nightly job
        ("2012-11-04T00:00:00-0400", "TZ=America/New_York 0 0 3 * * ?", "2012-11-04T03:00:00-0500"),
        ("2012-11-04T03:00:00-0500", "TZ=America/New_York 0 0 3 * * ?", "2012-11-05T03:00:00-0500"),
        // hourly job
        ("TZ=America/New_York 2012-11-04T00:00:00-0400", "0 0 * * * ?", "2012-11-04T01:00:00-0400"),
        ("TZ=America/New_York 2012-11-04T01:00:00-0400", "0 0 * * * ?", "2012-11-04T01:00:00-0500"),
        ("TZ=America/New_York 2012-11-04T01:00:00-0500", "0 0 * * * ?", "2012-11-04T02:00:00-0500"),
        // 1am nightly job (runs twice)
        ("TZ=America/New_York 2012-11-04T00:00:00-0400", "0 0 1 * * ?", "2012-11-04T01:00:00-0400"),
        ("TZ=America/New_York 2012-11-04T01:00:00-0400", "0 0 1 * * ?", "2012-11-04T01:00:00-0500"),
        ("TZ=America/New_York 2012-11-04T01:00:00-0500", "0 0 1 * * ?", "2012-11-05T01:00:00-0500"),
        // 2am nightly job
        ("TZ=America/New_York 2012-11-04T00:00:00-0400", "0 0 2 * * ?", "2012-11-04T02:00:00-0500"),
        ("TZ=America/New_York 2012-11-04T02:00:00-0500", "0 0 2 * * ?", "2012-11-05T02:00:00-0500"),
        // 3am nightly job
        ("TZ=America/New_York 2012-11-04T00:00:00-0400", "0 0 3 * * ?", "2012-11-04T03:00:00-0500"),
        ("TZ=America/New_York 2012-11-04T03:00:00-0500", "0 0 3 * * ?", "2012-11-05T03:00:00-0500"),
        // Unsatisfiable
        ("Mon Jul 9 23:35 2012", "0 0 0 30 Feb ?", ""),
        ("Mon Jul 9 23:35 2012", "0 0 0 31 Apr ?", ""),
        // Monthly job
        ("TZ=America/New_York 2012-11-04T00:00:00-0400", "0 0 3 3 * ?", "2012-12-03T03:00:00-0500"),
    ];
    for (time, expr, expected) in cases {
        let schedule = parse_with_seconds(expr).expect(expr);
        let (t, zone) = get_time(time).unwrap();
        let want = get_time(expected).map(|(t, _)| t);
        assert_eq!(next(&schedule, t, &zone), want, "{time}, {expr:?}");
    }
}

/// `TestNext`'s America/Sao_Paulo cases (robfig/cron#157: DST made midnight not exist).
/// Brazil dropped DST in 2019, so the compiled-in zone no longer has it; the cases run on
/// the rule tzdata had in 2018 (DST from the first Sunday of November to the third Sunday
/// of February, both at midnight).
#[test]
fn test_next_sao_paulo_2018_midnight_gap() {
    let sao_paulo_2018 =
        Zone::posix("America/Sao_Paulo", "<-03>3<-02>,M11.1.0/0,M2.3.0/0").unwrap();
    let cases = [
        ("2018-10-17T05:00:00-0400", "0 0 9 10 * ?", "2018-11-10T06:00:00-0500"),
        ("2018-02-14T05:00:00-0500", "0 0 9 22 * ?", "2018-02-22T07:00:00-0500"),
    ];
    for (time, expr, expected) in cases {
        let Ok(Schedule::Spec(mut spec)) = parse_with_seconds(expr) else { panic!("{expr}") };
        spec.location = Some(sao_paulo_2018.clone());
        let (t, zone) = get_time(time).unwrap();
        let want = get_time(expected).map(|(t, _)| t);
        assert_eq!(spec.next(t, &zone), want, "{time}, {expr:?}");
    }
}

#[test]
fn test_next_with_tz() {
    // Times parsed with an offset Local does not have are in a fixed zone of that offset.
    let ist = Zone::posix("", "<+0530>-5:30").unwrap();
    let cases = [
        // Failing tests
        ("2016-01-03T13:09:03+0530", "14 14 * * *", "2016-01-03T14:14:00+0530"),
        ("2016-01-03T04:09:03+0530", "14 14 * * ?", "2016-01-03T14:14:00+0530"),
        // Passing tests
        ("2016-01-03T14:09:03+0530", "14 14 * * *", "2016-01-03T14:14:00+0530"),
        ("2016-01-03T14:00:00+0530", "14 14 * * ?", "2016-01-03T14:14:00+0530"),
    ];
    for (time, expr, expected) in cases {
        let schedule = parse_standard(expr).expect(expr);
        let (t, _) = get_time(time).unwrap();
        let want = get_time(expected).map(|(t, _)| t);
        assert_eq!(next(&schedule, t, &ist), want, "{time}, {expr:?}");
    }
}

#[test]
fn next_gives_up_after_five_years() {
    // 2100 is not a leap year: from 2097 the next February 29th is in 2104, past the limit.
    let schedule = parse_standard("0 0 29 2 *").unwrap();
    let start_2097 = date(2097, 1, 1, 0, 0, 0, &Zone::utc()) * 1000;
    assert_eq!(schedule.next(start_2097), None);
    let start_2095 = date(2095, 1, 1, 0, 0, 0, &Zone::utc()) * 1000;
    assert_eq!(schedule.next(start_2095), Some(date(2096, 2, 29, 0, 0, 0, &Zone::utc()) * 1000));
}

#[test]
fn next_rounds_up_from_milliseconds() {
    let every = parse_standard("@every 10s").unwrap();
    assert_eq!(every.next(1_500), Some(11_000));
    let minutely = parse_standard("* * * * *").unwrap();
    assert_eq!(minutely.next(59_999), Some(60_000));
    assert_eq!(minutely.next(60_000), Some(120_000));
}
