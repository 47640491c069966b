//! The logical clock. Simulated time only moves when the world steps; nothing here reads the
//! host's clock, which keeps runs reproducible and works the same in wasm.

use std::fmt;

/// A point in simulated time, in milliseconds since the simulation started.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Time(pub i64);

/// The length of one `step()`.
pub const TICK_MS: i64 = 100;

impl Time {
    pub const ZERO: Time = Time(0);

    /// The instant `ms` milliseconds after the Unix epoch.
    pub fn from_unix_millis(ms: i64) -> Self {
        Time(ms - EPOCH_SECS * 1000)
    }

    pub fn from_secs(secs: i64) -> Self {
        Time(secs.saturating_mul(1000))
    }

    pub fn millis(self) -> i64 {
        self.0
    }

    /// Whole seconds since the Unix epoch (a JWT's `iat` and `exp`).
    pub fn unix_secs(self) -> i64 {
        self.secs().saturating_add(EPOCH_SECS)
    }

    /// Whole seconds, as Kubernetes timestamps have one-second precision.
    pub fn secs(self) -> i64 {
        self.0.div_euclid(1000)
    }

    pub fn plus_millis(self, ms: i64) -> Self {
        Time(self.0.saturating_add(ms))
    }

    pub fn plus_secs(self, secs: i64) -> Self {
        self.plus_millis(secs.saturating_mul(1000))
    }

    /// Milliseconds from `earlier` to `self` (negative when `earlier` is later).
    pub fn since(self, earlier: Time) -> i64 {
        self.0.saturating_sub(earlier.0)
    }
}

impl fmt::Display for Time {
    /// RFC 3339 in UTC, counting from a fixed epoch so transcripts never depend on the host.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let total = EPOCH_SECS + self.secs();
        let days = total.div_euclid(86_400);
        let rem = total.rem_euclid(86_400);
        let (y, m, d) = civil_from_days(days);
        write!(
            f,
            "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
            rem / 3600,
            (rem % 3600) / 60,
            rem % 60
        )
    }
}

/// Simulated time zero is 2025-01-01T00:00:00Z.
const EPOCH_SECS: i64 = 1_735_689_600;

impl Time {
    /// Parses RFC 3339 as Go's `time.RFC3339` layout reads it (metav1.Time's JSON): the
    /// form `Display` prints (`2025-01-01T00:00:00Z`), fractional seconds (dropped, as
    /// metav1.Time keeps whole seconds) and a numeric offset (`+01:00`, as clients such as
    /// Python's send them).
    pub fn parse_rfc3339(s: &str) -> Option<Time> {
        let b = s.as_bytes();
        if b.len() < 20
            || b[4] != b'-'
            || b[7] != b'-'
            || b[10] != b'T'
            || b[13] != b':'
            || b[16] != b':'
        {
            return None;
        }
        let num = |r: std::ops::Range<usize>| -> Option<i64> {
            let part = s.get(r)?;
            part.bytes().all(|c| c.is_ascii_digit()).then(|| part.parse().ok())?
        };
        let (y, mo, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
        let (h, mi, se) = (num(11..13)?, num(14..16)?, num(17..19)?);
        if !(1..=12).contains(&mo) || !(1..=31).contains(&d) || h > 23 || mi > 59 || se > 60 {
            return None;
        }
        let mut rest = &s[19..];
        if let Some(frac) = rest.strip_prefix('.') {
            let digits = frac.bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 {
                return None;
            }
            rest = &frac[digits..];
        }
        let offset = match rest.as_bytes() {
            [b'Z'] => 0,
            [sign @ (b'+' | b'-'), _, _, b':', _, _] => {
                let at = s.len() - rest.len();
                let (oh, om) = (num(at + 1..at + 3)?, num(at + 4..at + 6)?);
                if oh > 23 || om > 59 {
                    return None;
                }
                let secs = oh * 3600 + om * 60;
                if *sign == b'+' {
                    secs
                } else {
                    -secs
                }
            }
            _ => return None,
        };
        let days = days_from_civil(y, mo as u32, d as u32);
        Some(Time::from_secs(days * 86_400 + h * 3600 + mi * 60 + se - offset - EPOCH_SECS))
    }
}

impl serde::Serialize for Time {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Time {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Time::parse_rfc3339(&s)
            .ok_or_else(|| serde::de::Error::custom(format!("invalid RFC 3339 time {s:?}")))
    }
}

/// Howard Hinnant's civil-to-days algorithm, the inverse of `civil_from_days`: days from
/// 1970-01-01 (also the CronJob schedules' calendar, `cron/civil.rs`).
pub(crate) fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = i64::from(if m > 2 { m - 3 } else { m + 9 });
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Howard Hinnant's days-to-civil algorithm, proleptic Gregorian: the date `z` days after
/// 1970-01-01.
pub(crate) fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_zero_prints_as_the_fixed_epoch() {
        assert_eq!(Time::ZERO.to_string(), "2025-01-01T00:00:00Z");
    }

    #[test]
    fn timestamps_have_one_second_precision() {
        assert_eq!(Time(1999).to_string(), "2025-01-01T00:00:01Z");
        assert_eq!(Time::from_secs(86_400 + 3661).to_string(), "2025-01-02T01:01:01Z");
    }

    #[test]
    fn rfc3339_round_trips() {
        for t in [Time::ZERO, Time::from_secs(1154 * 86_400 + 59), Time::from_secs(-86_400)] {
            assert_eq!(Time::parse_rfc3339(&t.to_string()), Some(t));
        }
        assert_eq!(Time::parse_rfc3339("2025-13-01T00:00:00Z"), None);
        // Go's RFC3339 layout: fractions dropped, offsets applied (clients send both).
        let midnight = Time::parse_rfc3339("2025-01-01T00:00:00Z");
        assert_eq!(Time::parse_rfc3339("2025-01-01T01:00:00+01:00"), midnight);
        assert_eq!(Time::parse_rfc3339("2024-12-31T23:30:00-00:30"), midnight);
        assert_eq!(Time::parse_rfc3339("2025-01-01T00:00:00.999999Z"), midnight);
        assert_eq!(Time::parse_rfc3339("2025-01-01T00:00:00+1:00"), None);
        assert_eq!(Time::parse_rfc3339("2025-01-01T00:00:00.Z"), None);
        assert_eq!(Time::parse_rfc3339("2025-01-01T00:00:00+-1:00"), None);
        assert_eq!(Time::parse_rfc3339("ü"), None);
    }

    #[test]
    fn leap_day_is_a_real_date() {
        // 2028-02-29 is 1154 days after the epoch.
        assert_eq!(Time::from_secs(1154 * 86_400).to_string(), "2028-02-29T00:00:00Z");
    }
}
