//! Go's `time.ParseDuration`, for `@every DURATION`: the same grammar
//! (`[-+]?([0-9]*(\.[0-9]*)?[a-z]+)+`, units ns us µs μs ms s m h), the same overflow limits and
//! the same error wording (go/src/time/format.go `ParseDuration`, `quote`).

/// Nanoseconds per unit, as `unitMap`.
const UNITS: &[(&str, u64)] = &[
    ("ns", 1),
    ("us", 1_000),
    ("µs", 1_000),
    ("μs", 1_000),
    ("ms", 1_000_000),
    ("s", 1_000_000_000),
    ("m", 60_000_000_000),
    ("h", 3_600_000_000_000),
];

const LIMIT: u64 = 1 << 63;

/// Parses a Go duration into nanoseconds.
pub fn parse_duration(orig: &str) -> Result<i64, String> {
    let invalid = || format!("time: invalid duration {}", quote(orig));
    let mut s = orig.as_bytes();
    let mut neg = false;
    if let Some(&c) = s.first() {
        if c == b'-' || c == b'+' {
            neg = c == b'-';
            s = &s[1..];
        }
    }
    if s == b"0" {
        return Ok(0);
    }
    if s.is_empty() {
        return Err(invalid());
    }
    let mut d: u64 = 0;
    while !s.is_empty() {
        if !(s[0] == b'.' || s[0].is_ascii_digit()) {
            return Err(invalid());
        }
        let before = s.len();
        let (v, rest) = leading_int(s).ok_or_else(invalid)?;
        s = rest;
        let pre = before != s.len();
        let (mut f, mut scale, mut post) = (0u64, 1f64, false);
        if s.first() == Some(&b'.') {
            s = &s[1..];
            let before = s.len();
            (f, scale, s) = leading_fraction(s);
            post = before != s.len();
        }
        if !pre && !post {
            return Err(invalid());
        }
        let i = s.iter().position(|c| *c == b'.' || c.is_ascii_digit()).unwrap_or(s.len());
        if i == 0 {
            return Err(format!("time: missing unit in duration {}", quote(orig)));
        }
        let unit_text = String::from_utf8_lossy(&s[..i]).into_owned();
        s = &s[i..];
        let Some(&(_, unit)) = UNITS.iter().find(|(name, _)| *name == unit_text) else {
            return Err(format!(
                "time: unknown unit {} in duration {}",
                quote(&unit_text),
                quote(orig)
            ));
        };
        if v > LIMIT / unit {
            return Err(invalid());
        }
        let mut v = v * unit;
        if f > 0 {
            // Go adds the fraction through float64, truncating.
            v += (f as f64 * (unit as f64 / scale)) as u64;
            if v > LIMIT {
                return Err(invalid());
            }
        }
        d += v;
        if d > LIMIT {
            return Err(invalid());
        }
    }
    if neg {
        return Ok((d as i64).wrapping_neg());
    }
    i64::try_from(d).map_err(|_| invalid())
}

/// `leadingInt`: the leading digits, or `None` when they overflow.
fn leading_int(s: &[u8]) -> Option<(u64, &[u8])> {
    let mut x: u64 = 0;
    let mut i = 0;
    while i < s.len() && s[i].is_ascii_digit() {
        if x > LIMIT / 10 {
            return None;
        }
        x = x * 10 + u64::from(s[i] - b'0');
        if x > LIMIT {
            return None;
        }
        i += 1;
    }
    Some((x, &s[i..]))
}

/// `leadingFraction`: the digits after the point, with the scale they were read at; digits
/// past what fits are consumed and ignored.
fn leading_fraction(s: &[u8]) -> (u64, f64, &[u8]) {
    let (mut x, mut scale, mut overflow) = (0u64, 1f64, false);
    let mut i = 0;
    while i < s.len() && s[i].is_ascii_digit() {
        if !overflow {
            if x > (LIMIT - 1) / 10 {
                overflow = true;
            } else {
                let y = x * 10 + u64::from(s[i] - b'0');
                if y > LIMIT {
                    overflow = true;
                } else {
                    x = y;
                    scale *= 10.0;
                }
            }
        }
        i += 1;
    }
    (x, scale, &s[i..])
}

/// The time package's `quote`: double quotes, `"` and `\` escaped, and every byte of a
/// non-ASCII or control character as `\xNN` (unlike `strconv.Quote`).
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        if !c.is_ascii() || c < ' ' {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("\\x{b:02x}"));
            }
        } else {
            if c == '"' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    // Vectors from go/src/time/time_test.go `parseDurationTests` and `parseDurationErrorTests`.
    #[test]
    fn parses_go_durations() {
        let cases: &[(&str, i64)] = &[
            ("0", 0),
            ("5s", 5_000_000_000),
            ("30s", 30_000_000_000),
            ("1478s", 1_478_000_000_000),
            ("-5s", -5_000_000_000),
            ("+5s", 5_000_000_000),
            ("-0", 0),
            ("+0", 0),
            ("5.0s", 5_000_000_000),
            ("5.6s", 5_600_000_000),
            ("5.s", 5_000_000_000),
            (".5s", 500_000_000),
            ("1.004s", 1_004_000_000),
            ("100.00100s", 100_001_000_000),
            ("10ns", 10),
            ("11us", 11_000),
            ("12µs", 12_000),
            ("12μs", 12_000),
            ("13ms", 13_000_000),
            ("14s", 14_000_000_000),
            ("15m", 900_000_000_000),
            ("16h", 57_600_000_000_000),
            ("3h30m", 12_600_000_000_000),
            ("10.5s4m", 250_500_000_000),
            ("-2m3.4s", -123_400_000_000),
            ("1h2m3s4ms5us6ns", 3_723_004_005_006),
            ("39h9m14.425s", 140_954_425_000_000),
            ("52763797000ns", 52_763_797_000),
            ("0.3333333333333333333h", 1_200_000_000_000),
            ("9007199254740993ns", 9_007_199_254_740_993),
            ("9223372036854775807ns", i64::MAX),
            ("9223372036854775.807us", i64::MAX),
            ("-9223372036854775808ns", i64::MIN),
            ("0.100000000000000000000h", 360_000_000_000),
        ];
        for (text, want) in cases {
            assert_eq!(parse_duration(text), Ok(*want), "{text}");
        }
    }

    #[test]
    fn refuses_with_go_wording() {
        let cases = [
            ("", r#"time: invalid duration """#),
            ("3", r#"time: missing unit in duration "3""#),
            ("-", r#"time: invalid duration "-""#),
            ("s", r#"time: invalid duration "s""#),
            (".", r#"time: invalid duration ".""#),
            ("-.", r#"time: invalid duration "-.""#),
            (".s", r#"time: invalid duration ".s""#),
            ("+.s", r#"time: invalid duration "+.s""#),
            ("1d", r#"time: unknown unit "d" in duration "1d""#),
            ("\u{85}\u{85}", r#"time: invalid duration "\xc2\x85\xc2\x85""#),
            ("\u{FFFD}", r#"time: invalid duration "\xef\xbf\xbd""#),
            ("9223372036854775810ns", r#"time: invalid duration "9223372036854775810ns""#),
            ("9223372036854775808ns", r#"time: invalid duration "9223372036854775808ns""#),
            ("-9223372036854775809ns", r#"time: invalid duration "-9223372036854775809ns""#),
            ("Xm", r#"time: invalid duration "Xm""#),
        ];
        for (text, want) in cases {
            assert_eq!(parse_duration(text), Err(want.to_string()), "{text:?}");
        }
    }
}
