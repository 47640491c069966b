//! robfig/cron v3.0.1 `parser_test.go` vectors (test function named at each test), plus
//! `spec_test.go` `TestErrors` and `TestSlash0NoHang`, and the exact error strings the API
//! server shows for `spec.schedule`.

use super::parse::{all, get_bits, get_field, get_range, parse_standard, parse_with_seconds};
use super::spec::{Bounds, SpecSchedule, DOM, DOW, HOURS, MINUTES, MONTHS, SECONDS, STAR_BIT};
use super::{load_location, Schedule, Zone};

fn bounds(min: u64, max: u64) -> Bounds {
    Bounds { min, max, names: &[] }
}

fn spec(
    second: u64,
    minute: u64,
    hour: u64,
    dom: u64,
    month: u64,
    dow: u64,
    location: Option<Zone>,
) -> Schedule {
    Schedule::Spec(SpecSchedule { second, minute, hour, dom, month, dow, location })
}

fn every5min(location: Option<Zone>) -> Schedule {
    spec(1, 1 << 5, all(&HOURS), all(&DOM), all(&MONTHS), all(&DOW), location)
}

fn midnight(location: Option<Zone>) -> Schedule {
    spec(1, 1, 1, all(&DOM), all(&MONTHS), all(&DOW), location)
}

fn annual() -> Schedule {
    spec(1, 1, 1, 1 << 1, 1 << 1, all(&DOW), None)
}

#[test]
fn test_range() {
    let ok: &[(&str, u64, u64, u64)] = &[
        ("5", 0, 7, 1 << 5),
        ("0", 0, 7, 1),
        ("7", 0, 7, 1 << 7),
        ("5-5", 0, 7, 1 << 5),
        ("5-6", 0, 7, 1 << 5 | 1 << 6),
        ("5-7", 0, 7, 1 << 5 | 1 << 6 | 1 << 7),
        ("5-6/2", 0, 7, 1 << 5),
        ("5-7/2", 0, 7, 1 << 5 | 1 << 7),
        ("5-7/1", 0, 7, 1 << 5 | 1 << 6 | 1 << 7),
        ("*", 1, 3, 1 << 1 | 1 << 2 | 1 << 3 | STAR_BIT),
        ("*/2", 1, 3, 1 << 1 | 1 << 3),
    ];
    for (expr, min, max, want) in ok {
        assert_eq!(get_range(expr, &bounds(*min, *max)), Ok(*want), "{expr}");
    }
    let bad: &[(&str, u64, u64, &str)] = &[
        ("5--5", 0, 0, "too many hyphens"),
        ("jan-x", 0, 0, "failed to parse int from"),
        ("2-x", 1, 5, "failed to parse int from"),
        ("*/-12", 0, 0, "negative number"),
        ("*//2", 0, 0, "too many slashes"),
        ("1", 3, 5, "below minimum"),
        ("6", 3, 5, "above maximum"),
        ("5-3", 3, 5, "beyond end of range"),
        ("*/0", 0, 0, "should be a positive number"),
    ];
    for (expr, min, max, want) in bad {
        let err = get_range(expr, &bounds(*min, *max)).expect_err(expr);
        assert!(err.contains(want), "{expr}: {err}");
    }
}

#[test]
fn test_field() {
    let cases: &[(&str, u64)] = &[
        ("5", 1 << 5),
        ("5,6", 1 << 5 | 1 << 6),
        ("5,6,7", 1 << 5 | 1 << 6 | 1 << 7),
        ("1,5-7/2,3", 1 << 1 | 1 << 5 | 1 << 7 | 1 << 3),
    ];
    for (expr, want) in cases {
        assert_eq!(get_field(expr, &bounds(1, 7)), Ok(*want), "{expr}");
    }
}

#[test]
fn test_all() {
    let cases: [(&Bounds, u64); 5] = [
        (&MINUTES, 0xfff_ffff_ffff_ffff),
        (&HOURS, 0xff_ffff),
        (&DOM, 0xffff_fffe),
        (&MONTHS, 0x1ffe),
        (&DOW, 0x7f),
    ];
    for (r, want) in cases {
        assert_eq!(all(r), want | STAR_BIT);
    }
}

#[test]
fn test_bits() {
    for (min, max, step, want) in [(0, 0, 1, 0x1), (1, 1, 1, 0x2), (1, 5, 2, 0x2a), (1, 4, 2, 0xa)]
    {
        assert_eq!(get_bits(min, max, step), want);
    }
}

#[test]
fn test_parse_schedule_errors() {
    let cases = [
        ("* 5 j * * *", "failed to parse int from"),
        ("@every Xm", "failed to parse duration"),
        ("@unrecognized", "unrecognized descriptor"),
        ("* * * *", "expected 5 to 6 fields"),
        ("", "empty spec string"),
    ];
    for (expr, want) in cases {
        let err = parse_with_seconds(expr).expect_err(expr);
        assert!(err.contains(want), "{expr}: {err}");
    }
}

#[test]
fn test_parse_schedule() {
    let utc = Some(Zone::utc());
    let tokyo = load_location("Asia/Tokyo").ok();
    assert!(tokyo.is_some());
    let seconds: Vec<(&str, Schedule)> = vec![
        ("0 5 * * * *", every5min(None)),
        ("CRON_TZ=UTC  0 5 * * * *", every5min(utc.clone())),
        ("CRON_TZ=Asia/Tokyo 0 5 * * * *", every5min(tokyo.clone())),
        ("@every 5m", Schedule::Every { delay_secs: 300 }),
        ("@midnight", midnight(None)),
        ("TZ=UTC  @midnight", midnight(utc.clone())),
        ("TZ=Asia/Tokyo @midnight", midnight(tokyo)),
        ("@yearly", annual()),
        ("@annually", annual()),
        (
            "* 5 * * * *",
            spec(all(&SECONDS), 1 << 5, all(&HOURS), all(&DOM), all(&MONTHS), all(&DOW), None),
        ),
    ];
    for (expr, want) in seconds {
        assert_eq!(parse_with_seconds(expr), Ok(want), "{expr}");
    }
    assert_eq!(parse_standard("5 * * * *"), Ok(every5min(None)));
    assert_eq!(parse_standard("CRON_TZ=UTC  5 * * * *"), Ok(every5min(utc)));
}

#[test]
fn test_standard_spec_schedule() {
    assert_eq!(parse_standard("5 * * * *"), Ok(every5min(None)));
    assert_eq!(parse_standard("@every 5m"), Ok(Schedule::Every { delay_secs: 300 }));
    assert!(parse_standard("5 j * * *").unwrap_err().contains("failed to parse int from"));
    assert!(parse_standard("* * * *").unwrap_err().contains("expected exactly 5 fields"));
}

/// spec_test.go `TestErrors` and `TestSlash0NoHang`.
#[test]
fn test_errors() {
    for expr in
        ["xyz", "60 0 * * *", "0 60 * * *", "0 0 * * XYZ", "TZ=America/New_York 15/0 * * * *"]
    {
        assert!(parse_standard(expr).is_err(), "{expr}");
    }
}

/// The whole message, as `kubectl` shows it after `spec.schedule: Invalid value: ...: `.
#[test]
fn errors_read_exactly_as_robfig_writes_them() {
    let cases = [
        ("* * * * * *", "expected exactly 5 fields, found 6: [* * * * * *]"),
        ("*  *", "expected exactly 5 fields, found 2: [* *]"),
        ("0-70 * * * *", "end of range (70) above maximum (59): 0-70"),
        ("x * * * *", r#"failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax"#),
        (
            "99999999999999999999 * * * *",
            r#"failed to parse int from 99999999999999999999: strconv.Atoi: parsing "99999999999999999999": value out of range"#,
        ),
        ("* * 0 * *", "beginning of range (0) below minimum (1): 0"),
        ("* * * 13 *", "end of range (13) above maximum (12): 13"),
        ("* * * * 7", "end of range (7) above maximum (6): 7"),
        ("* * * * sun-sat/0", "step of range should be a positive number: sun-sat/0"),
        ("5-1 * * * *", "beginning of range (5) beyond end of range (1): 5-1"),
        ("-1 * * * *", r#"failed to parse int from : strconv.Atoi: parsing "": invalid syntax"#),
        ("*/-1 * * * *", "negative number (-1) not allowed: -1"),
        ("@fortnightly", "unrecognized descriptor: @fortnightly"),
        ("@every", "unrecognized descriptor: @every"),
        (
            "@every 1d",
            r#"failed to parse duration @every 1d: time: unknown unit "d" in duration "1d""#,
        ),
        (
            "TZ=Mars/Olympus * * * * *",
            "provided bad location Mars/Olympus: unknown time zone Mars/Olympus",
        ),
        ("", "empty spec string"),
    ];
    for (expr, want) in cases {
        assert_eq!(parse_standard(expr), Err(want.to_string()), "{expr:?}");
    }
}

#[test]
fn names_ignore_case_and_question_mark_is_a_star() {
    let Ok(Schedule::Spec(s)) = parse_standard("0 0 ? JAN-mar Mon,FRI") else { panic!("parses") };
    assert_eq!(s.dom, all(&DOM));
    assert_eq!(s.month, 1 << 1 | 1 << 2 | 1 << 3);
    assert_eq!(s.dow, 1 << 1 | 1 << 5);
}

#[test]
fn every_rounds_to_whole_seconds_of_at_least_one() {
    let cases = [("@every 1h30m", 5400), ("@every 1.5s", 1), ("@every 10ms", 1), ("@every -5m", 1)];
    for (expr, delay_secs) in cases {
        assert_eq!(parse_standard(expr), Ok(Schedule::Every { delay_secs }), "{expr}");
    }
}

#[test]
fn a_field_of_commas_only_allows_nothing() {
    // strings.FieldsFunc drops empty items, so "," is an empty list: parsed, never due.
    let schedule = parse_standard(", * * * *").expect("parses");
    assert_eq!(schedule.next(0), None);
}
