//! Go's `time.Time` as robfig/cron's `SpecSchedule.Next` uses it: an instant (whole Unix
//! seconds) read in a `Zone`, `time.Date`'s normalisation and its choice of offset in DST gaps
//! and overlaps, `AddDate`, `Truncate`. Only what `Next` needs; the engine's own clock and RFC
//! 3339 printing stay in `clock.rs`.
//!
//! The calendar (proleptic Gregorian, Howard Hinnant's algorithms) is a copy of the one in
//! `clock.rs`, which keeps it private; this module must also reach years before 1970.

use super::zone::Zone;

/// A wall-clock reading of an instant in a zone (`t.Date()`, `t.Clock()`, `t.Weekday()`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Civil {
    pub year: i64,
    pub month: u32,
    pub day: u32,
    pub hour: u32,
    pub minute: u32,
    pub second: u32,
    /// 0 is Sunday, as Go's `time.Weekday`.
    pub weekday: u32,
}

/// Reads `unix` (seconds) in `zone`.
pub fn civil(unix: i64, zone: &Zone) -> Civil {
    let local = unix + i64::from(zone.offset_at(unix));
    let days = local.div_euclid(86_400);
    let secs = local.rem_euclid(86_400);
    let (year, month, day) = civil_from_days(days);
    Civil {
        year,
        month,
        day,
        hour: (secs / 3600) as u32,
        minute: (secs % 3600 / 60) as u32,
        second: (secs % 60) as u32,
        weekday: weekday(days),
    }
}

/// Go's `time.Date(year, month, day, hour, min, sec, 0, loc)`: out-of-range fields carry into
/// the next larger one, and a wall time that a DST change skips or repeats is resolved as
/// Go resolves it: take the offset in force at the wall time read as UTC; if the instant
/// that gives falls under another offset, use that one instead (time.go `Date`).
pub fn date(year: i64, month: i64, day: i64, hour: i64, min: i64, sec: i64, zone: &Zone) -> i64 {
    // Normalise the month first, as Go does, so day overflow counts from the right month.
    let m0 = month - 1;
    let year = year + m0.div_euclid(12);
    let month = (m0.rem_euclid(12) + 1) as u32;
    let days = days_from_civil(year, month, 1) + day - 1;
    let local = days * 86_400 + hour * 3600 + min * 60 + sec;
    let offset = i64::from(zone.offset_at(local));
    let utc = local - offset;
    let corrected = i64::from(zone.offset_at(utc));
    local - corrected
}

/// Go's `t.AddDate(years, months, days)`: the same wall clock on the shifted date.
pub fn add_date(unix: i64, months: i64, days: i64, zone: &Zone) -> i64 {
    let c = civil(unix, zone);
    date(
        c.year,
        i64::from(c.month) + months,
        i64::from(c.day) + days,
        i64::from(c.hour),
        i64::from(c.minute),
        i64::from(c.second),
        zone,
    )
}

/// Go's `t.Truncate(d)` for whole seconds `d` that divide a day: Go rounds the instant counted
/// from its zero time, which lies a whole number of days before the Unix epoch.
pub fn truncate(unix: i64, step: i64) -> i64 {
    unix - unix.rem_euclid(step)
}

// The calendar itself is the engine clock's (Hinnant's algorithms, `clock.rs`).
pub(crate) use crate::clock::{civil_from_days, days_from_civil};

/// The weekday of a day count (1970-01-01 was a Thursday), 0 being Sunday.
pub fn weekday(days: i64) -> u32 {
    (days + 4).rem_euclid(7) as u32
}

/// Days in `month` of `year`.
pub fn days_in_month(year: i64, month: u32) -> u32 {
    let next = if month == 12 {
        days_from_civil(year + 1, 1, 1)
    } else {
        days_from_civil(year, month + 1, 1)
    };
    (next - days_from_civil(year, month, 1)) as u32
}
