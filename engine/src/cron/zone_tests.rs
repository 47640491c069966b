//! The compiled-in zones against known offsets and transitions, and Go's `LoadLocation`
//! answers for names outside the table.

use super::civil::{civil, date};
use super::zone::{known_zones, load_location, Zone};

fn utc(y: i64, mo: i64, d: i64, h: i64, mi: i64) -> i64 {
    date(y, mo, d, h, mi, 0, &Zone::utc())
}

#[test]
fn every_table_entry_loads() {
    for name in known_zones() {
        assert!(load_location(name).is_ok(), "{name}");
    }
}

#[test]
fn offsets_follow_the_current_rules() {
    // (zone, instant, seconds east of UTC)
    let cases = [
        ("America/New_York", utc(2025, 3, 9, 6, 59), -5 * 3600),
        ("America/New_York", utc(2025, 3, 9, 7, 0), -4 * 3600),
        ("America/New_York", utc(2025, 11, 2, 5, 59), -4 * 3600),
        ("America/New_York", utc(2025, 11, 2, 6, 0), -5 * 3600),
        ("Europe/Berlin", utc(2025, 3, 30, 0, 59), 3600),
        ("Europe/Berlin", utc(2025, 3, 30, 1, 0), 7200),
        ("Europe/Berlin", utc(2025, 10, 26, 0, 59), 7200),
        ("Europe/Berlin", utc(2025, 10, 26, 1, 0), 3600),
        ("Europe/London", utc(2025, 7, 1, 12, 0), 3600),
        ("Europe/Dublin", utc(2025, 1, 15, 12, 0), 0),
        ("Europe/Dublin", utc(2025, 7, 15, 12, 0), 3600),
        ("Australia/Sydney", utc(2025, 1, 15, 0, 0), 11 * 3600),
        ("Australia/Sydney", utc(2025, 7, 15, 0, 0), 10 * 3600),
        // AEDT ends 2025-04-06 03:00 local, 16:00Z the day before.
        ("Australia/Sydney", utc(2025, 4, 5, 15, 59), 11 * 3600),
        ("Australia/Sydney", utc(2025, 4, 5, 16, 0), 10 * 3600),
        ("Asia/Kolkata", utc(2025, 6, 1, 0, 0), 5 * 3600 + 1800),
        ("Asia/Kathmandu", utc(2025, 6, 1, 0, 0), 5 * 3600 + 2700),
        ("America/St_Johns", utc(2025, 1, 1, 0, 0), -(3 * 3600 + 1800)),
        // Israel's "M3.4.4/26" is Friday 02:00 before the last Sunday: 2025-03-28.
        ("Asia/Jerusalem", utc(2025, 3, 27, 23, 59), 2 * 3600),
        ("Asia/Jerusalem", utc(2025, 3, 28, 0, 0), 3 * 3600),
        ("America/Santiago", utc(2025, 1, 15, 0, 0), -3 * 3600),
        ("America/Santiago", utc(2025, 7, 15, 0, 0), -4 * 3600),
        ("Etc/UTC", utc(2025, 7, 15, 0, 0), 0),
    ];
    for (name, t, want) in cases {
        assert_eq!(load_location(name).unwrap().offset_at(t), want, "{name} at {t}");
    }
}

#[test]
fn wall_times_read_back_in_the_zone() {
    let berlin = load_location("Europe/Berlin").unwrap();
    let t = date(2025, 7, 1, 3, 0, 0, &berlin);
    assert_eq!(t, utc(2025, 7, 1, 1, 0));
    let c = civil(t, &berlin);
    assert_eq!((c.year, c.month, c.day, c.hour, c.weekday), (2025, 7, 1, 3, 2));
}

#[test]
fn load_location_answers_as_go() {
    assert_eq!(load_location("").map(|z| z.name().to_string()), Ok("UTC".into()));
    assert_eq!(load_location("UTC").map(|z| z.name().to_string()), Ok("UTC".into()));
    assert_eq!(load_location("Local").map(|z| z.offset_at(0)), Ok(0));
    assert_eq!(load_location("Mars/Olympus"), Err("unknown time zone Mars/Olympus".into()));
    assert_eq!(load_location("america/new_york"), Err("unknown time zone america/new_york".into()));
    assert_eq!(load_location("../etc/passwd"), Err("time: invalid location name".into()));
    assert_eq!(load_location("/etc/localtime"), Err("time: invalid location name".into()));
}

#[test]
fn posix_rules_that_do_not_parse_are_refused() {
    for rule in
        ["", "E5", "EST", "EST5EDT,M3.2.0", "EST5EDT,J60,J300", "EST5EDT,M13.1.0,M11.1.0", "<+03"]
    {
        assert_eq!(Zone::posix("x", rule), None, "{rule}");
    }
}

/// go/src/time/time.go `Date`: a skipped wall time takes the offset from before the gap
/// (02:30 on 2012-03-11 in New York is 01:30 EST); a repeated one is its first occurrence.
#[test]
fn date_resolves_gaps_and_overlaps_as_go() {
    let ny = load_location("America/New_York").unwrap();
    assert_eq!(date(2012, 3, 11, 2, 30, 0, &ny), utc(2012, 3, 11, 6, 30));
    assert_eq!(date(2012, 11, 4, 1, 30, 0, &ny), utc(2012, 11, 4, 5, 30));
    // Fields out of range carry, as Go normalises them: March 0th is February's last day.
    assert_eq!(date(2012, 3, 0, 24, 0, 0, &ny), date(2012, 3, 1, 0, 0, 0, &ny));
    assert_eq!(date(2012, 13, 1, 0, 0, 0, &Zone::utc()), utc(2013, 1, 1, 0, 0));
}

#[test]
fn the_table_holds_the_whole_database_with_its_links() {
    assert_eq!(known_zones().count(), 598);
    for name in ["US/Eastern", "Asia/Calcutta", "Asia/Ho_Chi_Minh", "Etc/GMT+5", "Zulu", "Factory"]
    {
        assert!(load_location(name).is_ok(), "{name}");
    }
    // Etc/GMT+5 is five hours west, as POSIX signs it.
    assert_eq!(load_location("Etc/GMT+5").unwrap().offset_at(0), -5 * 3600);
    assert_eq!(load_location("Asia/Calcutta").unwrap().offset_at(0), 5 * 3600 + 1800);
}
