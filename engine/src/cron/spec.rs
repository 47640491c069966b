//! A parsed crontab line and its next activation, as robfig/cron v3.0.1's `SpecSchedule`
//! (`spec.go`): bit sets per field, and `Next`, which walks month, day, hour, minute and
//! second forward in the schedule's zone, wrapping back to re-check when a field overflows,
//! gives up after five years, and steps over DST days whose midnight does not exist.

use super::civil::{add_date, civil, date, truncate, Civil};
use super::zone::Zone;

/// The range of a field and its names (`bounds`).
pub struct Bounds {
    pub min: u64,
    pub max: u64,
    pub names: &'static [(&'static str, u64)],
}

pub const SECONDS: Bounds = Bounds { min: 0, max: 59, names: &[] };
pub const MINUTES: Bounds = Bounds { min: 0, max: 59, names: &[] };
pub const HOURS: Bounds = Bounds { min: 0, max: 23, names: &[] };
pub const DOM: Bounds = Bounds { min: 1, max: 31, names: &[] };
pub const MONTHS: Bounds = Bounds {
    min: 1,
    max: 12,
    names: &[
        ("jan", 1),
        ("feb", 2),
        ("mar", 3),
        ("apr", 4),
        ("may", 5),
        ("jun", 6),
        ("jul", 7),
        ("aug", 8),
        ("sep", 9),
        ("oct", 10),
        ("nov", 11),
        ("dec", 12),
    ],
};
pub const DOW: Bounds = Bounds {
    min: 0,
    max: 6,
    names: &[("sun", 0), ("mon", 1), ("tue", 2), ("wed", 3), ("thu", 4), ("fri", 5), ("sat", 6)],
};

/// Set when a field was written as `*` or `?` (without a step above one).
pub const STAR_BIT: u64 = 1 << 63;

/// `SpecSchedule`: one bit per allowed value of each field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecSchedule {
    pub second: u64,
    pub minute: u64,
    pub hour: u64,
    pub dom: u64,
    pub month: u64,
    pub dow: u64,
    /// From `TZ=`/`CRON_TZ=`; `None` is Go's `time.Local`, read in the caller's zone.
    pub location: Option<Zone>,
}

impl SpecSchedule {
    /// `Next`: the first activation strictly after `after` (Unix seconds, already rounded
    /// down), read in the schedule's zone or else `local`; `None` where robfig returns the
    /// zero time (nothing within five years).
    pub fn next(&self, after: i64, local: &Zone) -> Option<i64> {
        let zone = self.location.as_ref().unwrap_or(local);
        let at = |t: i64| civil(t, zone);
        // Start at the upcoming second.
        let mut t = after + 1;
        let mut added = false;
        let year_limit = at(t).year + 5;

        'wrap: loop {
            if at(t).year > year_limit {
                return None;
            }

            while (1u64 << at(t).month) & self.month == 0 {
                if !added {
                    added = true;
                    let c = at(t);
                    t = date(c.year, c.month.into(), 1, 0, 0, 0, zone);
                }
                t = add_date(t, 1, 0, zone);
                if at(t).month == 1 {
                    continue 'wrap;
                }
            }

            while !self.day_matches(&at(t)) {
                if !added {
                    added = true;
                    let c = at(t);
                    t = date(c.year, c.month.into(), c.day.into(), 0, 0, 0, zone);
                }
                t = add_date(t, 0, 1, zone);
                // Where DST moved midnight (Sao Paulo's 00:00 became 01:00), land back on
                // the day's first hour: forward from 23:00, back from 01:00.
                let hour = i64::from(at(t).hour);
                if hour != 0 {
                    t += if hour > 12 { (24 - hour) * 3600 } else { -hour * 3600 };
                }
                if at(t).day == 1 {
                    continue 'wrap;
                }
            }

            while (1u64 << at(t).hour) & self.hour == 0 {
                if !added {
                    added = true;
                    let c = at(t);
                    t = date(c.year, c.month.into(), c.day.into(), c.hour.into(), 0, 0, zone);
                }
                t += 3600;
                if at(t).hour == 0 {
                    continue 'wrap;
                }
            }

            while (1u64 << at(t).minute) & self.minute == 0 {
                if !added {
                    added = true;
                    t = truncate(t, 60);
                }
                t += 60;
                if at(t).minute == 0 {
                    continue 'wrap;
                }
            }

            while (1u64 << at(t).second) & self.second == 0 {
                added = true;
                t += 1;
                if at(t).second == 0 {
                    continue 'wrap;
                }
            }

            return Some(t);
        }
    }

    /// `dayMatches`: with a star in either day field both must match; with both restricted,
    /// either may (cron's traditional OR).
    fn day_matches(&self, c: &Civil) -> bool {
        let dom_match = (1u64 << c.day) & self.dom != 0;
        let dow_match = (1u64 << c.weekday) & self.dow != 0;
        if self.dom & STAR_BIT != 0 || self.dow & STAR_BIT != 0 {
            dom_match && dow_match
        } else {
            dom_match || dow_match
        }
    }
}
