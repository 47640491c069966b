//! Human-readable durations exactly as kubectl prints AGE and "(10s ago)".
//!
//! Models staging/src/k8s.io/apimachinery/pkg/util/duration/duration.go `HumanDuration`
//! and `ShortHumanDuration`. Parsing of `sleep 2m`-style durations lives with the shell.

const SEC: i64 = 1000;
const MIN: i64 = 60 * SEC;
const HOUR: i64 = 60 * MIN;
const DAY: i64 = 24 * HOUR;
const YEAR: i64 = 365 * DAY;

/// `HumanDuration`: the AGE column. `ms` may be negative (clock skew in the real thing).
pub fn human(ms: i64) -> String {
    // Go compares whole seconds after truncating toward zero.
    let seconds = ms / SEC;
    if seconds < -1 {
        return "<invalid>".into();
    } else if seconds < 0 {
        return "0s".into();
    } else if seconds < 60 * 2 {
        return format!("{seconds}s");
    }
    let minutes = ms / MIN;
    if minutes < 10 {
        let s = (ms / SEC) % 60;
        return if s == 0 { format!("{minutes}m") } else { format!("{minutes}m{s}s") };
    } else if minutes < 60 * 3 {
        return format!("{minutes}m");
    }
    let hours = ms / HOUR;
    if hours < 8 {
        let m = (ms / MIN) % 60;
        return if m == 0 { format!("{hours}h") } else { format!("{hours}h{m}m") };
    } else if hours < 48 {
        return format!("{hours}h");
    } else if hours < 24 * 8 {
        let h = hours % 24;
        return if h == 0 { format!("{}d", hours / 24) } else { format!("{}d{h}h", hours / 24) };
    } else if hours < 24 * 365 * 2 {
        return format!("{}d", hours / 24);
    } else if hours < 24 * 365 * 8 {
        let dy = (hours / 24) % 365;
        let y = hours / 24 / 365;
        return if dy == 0 { format!("{y}y") } else { format!("{y}y{dy}d") };
    }
    format!("{}y", hours / 24 / 365)
}

/// `ShortHumanDuration`: one unit only.
pub fn short_human(ms: i64) -> String {
    let seconds = ms / SEC;
    if seconds < -1 {
        "<invalid>".into()
    } else if seconds < 0 {
        "0s".into()
    } else if seconds < 60 {
        format!("{seconds}s")
    } else if ms / MIN < 60 {
        format!("{}m", ms / MIN)
    } else if ms / HOUR < 24 {
        format!("{}h", ms / HOUR)
    } else if ms / HOUR < 24 * 365 {
        format!("{}d", ms / DAY)
    } else {
        format!("{}y", ms / YEAR)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Vectors from duration_test.go TestHumanDuration and TestHumanDurationBoundaries.
    #[test]
    fn human_duration_matches_apimachinery_vectors() {
        let ms = 1;
        let cases: &[(i64, &str)] = &[
            (SEC, "1s"),
            (70 * SEC, "70s"),
            (190 * SEC, "3m10s"),
            (70 * MIN, "70m"),
            (47 * HOUR, "47h"),
            (49 * HOUR, "2d1h"),
            (8 * DAY + 2 * HOUR, "8d"),
            (367 * DAY, "367d"),
            (730 * DAY + 25 * HOUR, "2y1d"),
            (8 * YEAR + 2 * HOUR, "8y"),
            (-2 * SEC, "<invalid>"),
            (-2 * SEC + ms, "0s"),
            (0, "0s"),
            (999 * ms, "0s"),
            (2 * MIN - ms, "119s"),
            (2 * MIN, "2m"),
            (2 * MIN + SEC, "2m1s"),
            (10 * MIN - ms, "9m59s"),
            (10 * MIN, "10m"),
            (10 * MIN + SEC, "10m"),
            (3 * HOUR - ms, "179m"),
            (3 * HOUR, "3h"),
            (3 * HOUR + MIN, "3h1m"),
            (8 * HOUR - ms, "7h59m"),
            (8 * HOUR, "8h"),
            (8 * HOUR + 59 * MIN, "8h"),
            (48 * HOUR - ms, "47h"),
            (48 * HOUR, "2d"),
            (49 * HOUR, "2d1h"),
            (8 * DAY - ms, "7d23h"),
            (8 * DAY, "8d"),
            (8 * DAY + 23 * HOUR, "8d"),
            (730 * DAY - ms, "729d"),
            (730 * DAY, "2y"),
            (730 * DAY + 23 * HOUR, "2y"),
            (730 * DAY + 23 * HOUR + 59 * MIN, "2y"),
            (731 * DAY - ms, "2y"),
            (731 * DAY, "2y1d"),
            (3 * YEAR, "3y"),
            (7 * YEAR, "7y"),
            (8 * YEAR - ms, "7y364d"),
            (8 * YEAR, "8y"),
            (8 * YEAR + 364 * DAY, "8y"),
            (9 * YEAR, "9y"),
        ];
        for &(input, want) in cases {
            assert_eq!(human(input), want, "human({input}ms)");
        }
    }

    // Vectors from TestShortHumanDurationBoundaries.
    #[test]
    fn short_human_duration_matches_apimachinery_vectors() {
        let cases: &[(i64, &str)] = &[
            (-2 * SEC, "<invalid>"),
            (-2 * SEC + 1, "0s"),
            (0, "0s"),
            (999, "0s"),
            (SEC, "1s"),
            (2 * SEC - 1, "1s"),
            (MIN - 1, "59s"),
            (MIN, "1m"),
            (2 * MIN - 1, "1m"),
            (HOUR - 1, "59m"),
            (HOUR, "1h"),
            (2 * HOUR - 1, "1h"),
            (DAY - 1, "23h"),
            (DAY, "1d"),
            (2 * DAY - 1, "1d"),
            (365 * DAY - 1, "364d"),
            (365 * DAY, "1y"),
            (730 * DAY - 1, "1y"),
            (730 * DAY, "2y"),
        ];
        for &(input, want) in cases {
            assert_eq!(short_human(input), want, "short_human({input}ms)");
        }
    }
}
