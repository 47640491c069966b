//! How go-yaml v2 decides to write a string: plain, quoted or literal, and in which order it
//! writes map keys. Split from `yaml` so the emitter reads on its own.
//!
//! Models sigs.k8s.io/yaml/goyaml.v2 `resolve.go` (`resolve`, `parseTimestamp`),
//! `encode.go` (`stringv`, `isBase60Float`), `emitterc.go` (`yaml_emitter_analyze_scalar`)
//! and `sorter.go` (`keyList.Less`).

/// Strings go-yaml v2 reads back as something else when unquoted (YAML 1.1 booleans, nulls,
/// special floats).
const SPECIAL: &[&str] = &[
    "y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON", "n", "N", "no", "No",
    "NO", "false", "False", "FALSE", "off", "Off", "OFF", "", "~", "null", "Null", "NULL", ".nan",
    ".NaN", ".NAN", ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF",
];

/// `stringv`'s `canUsePlain`: the string resolves to a string when unquoted.
pub(super) fn resolves_to_str(s: &str) -> bool {
    let Some(&first) = s.as_bytes().first() else { return false };
    let is_str = match first {
        b'y' | b'Y' | b'n' | b'N' | b't' | b'T' | b'f' | b'F' | b'o' | b'O' | b'~' => {
            !SPECIAL.contains(&s)
        }
        b'.' => !SPECIAL.contains(&s) && s.parse::<f64>().is_err(),
        b'+' | b'-' | b'0'..=b'9' => {
            let plain = s.replace('_', "");
            !(SPECIAL.contains(&s) || is_timestamp(s) || is_go_int(&plain) || is_yaml_float(&plain))
        }
        _ => true,
    };
    is_str && !is_base60_float(s)
}

/// `strconv.ParseInt(s, 0, 64)` or `ParseUint(s, 0, 64)` succeeds.
fn is_go_int(s: &str) -> bool {
    let (neg, body) = match s.as_bytes().first() {
        Some(b'+') => (false, &s[1..]),
        Some(b'-') => (true, &s[1..]),
        _ => (false, s),
    };
    let prefixed = |p: &[&str]| p.iter().find_map(|p| body.strip_prefix(p));
    let (radix, digits) = if let Some(d) = prefixed(&["0x", "0X"]) {
        (16, d)
    } else if let Some(d) = prefixed(&["0o", "0O"]) {
        (8, d)
    } else if let Some(d) = prefixed(&["0b", "0B"]) {
        (2, d)
    } else if body.len() > 1 && body.starts_with('0') {
        (8, &body[1..])
    } else {
        (10, body)
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return false;
    }
    match u64::from_str_radix(digits, radix) {
        Ok(v) => !neg || v <= 1 << 63,
        Err(_) => false,
    }
}

/// The `yamlStyleFloat` pattern `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`, and
/// a value `ParseFloat` accepts (out-of-range values are an error in Go).
fn is_yaml_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let digits = |i: &mut usize| {
        let start = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i - start
    };
    if b.get(i) == Some(&b'.') {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    } else {
        if digits(&mut i) == 0 {
            return false;
        }
        if b.get(i) == Some(&b'.') {
            i += 1;
            digits(&mut i);
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        i += usize::from(matches!(b.get(i), Some(b'+' | b'-')));
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len() && s.parse::<f64>().is_ok_and(f64::is_finite)
}

/// `isBase60Float`: `^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$` (quoted for YAML 1.1
/// readers even though go-yaml no longer parses it).
fn is_base60_float(s: &str) -> bool {
    let b = s.as_bytes();
    let digit_or_underscore = |c: &u8| c.is_ascii_digit() || *c == b'_';
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    if !b.get(i).is_some_and(u8::is_ascii_digit) {
        return false;
    }
    i += 1;
    while b.get(i).is_some_and(digit_or_underscore) {
        i += 1;
    }
    let mut groups = 0;
    while b.get(i) == Some(&b':') {
        i += 1;
        match (b.get(i), b.get(i + 1)) {
            (Some(b'0'..=b'5'), Some(b'0'..=b'9')) => i += 2,
            (Some(b'0'..=b'9'), _) => i += 1,
            _ => return false,
        }
        groups += 1;
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        while b.get(i).is_some_and(digit_or_underscore) {
            i += 1;
        }
    }
    groups > 0 && i == b.len()
}

/// `parseTimestamp`: the layouts `2006-1-2T15:4:5.999999999Z07:00` (also with `t`),
/// `2006-1-2 15:4:5.999999999` and `2006-1-2`, with Go's range checks.
fn is_timestamp(s: &str) -> bool {
    let b = s.as_bytes();
    if b.iter().take_while(|c| c.is_ascii_digit()).count() != 4 || b.get(4) != Some(&b'-') {
        return false;
    }
    let mut i = 5;
    // Go's getnum with fixed=false: one digit, or two when two follow.
    let num = |i: &mut usize| -> Option<u32> {
        let d = |c: Option<&u8>| c.filter(|c| c.is_ascii_digit()).map(|c| u32::from(c - b'0'));
        let first = d(b.get(*i))?;
        *i += 1;
        match d(b.get(*i)) {
            Some(second) => {
                *i += 1;
                Some(first * 10 + second)
            }
            None => Some(first),
        }
    };
    let year: u32 = s[..4].parse().unwrap_or(0);
    let Some(month) = num(&mut i) else { return false };
    if b.get(i) != Some(&b'-') {
        return false;
    }
    i += 1;
    let Some(day) = num(&mut i) else { return false };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = [31, if leap { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    if !(1..=12).contains(&month) || day < 1 || day > days[month as usize - 1] {
        return false;
    }
    let Some(&sep) = b.get(i) else { return true };
    if !matches!(sep, b'T' | b't' | b' ') {
        return false;
    }
    i += 1;
    let mut clock = [0u32; 3];
    for (k, part) in clock.iter_mut().enumerate() {
        if k > 0 {
            if b.get(i) != Some(&b':') {
                return false;
            }
            i += 1;
        }
        match num(&mut i) {
            Some(v) => *part = v,
            None => return false,
        }
    }
    if clock[0] > 23 || clock[1] > 59 || clock[2] > 59 {
        return false;
    }
    if b.get(i) == Some(&b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
        i += 1;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
    }
    let zone = &b[i..];
    if sep == b' ' {
        return zone.is_empty();
    }
    match zone {
        [b'Z'] => true,
        [b'+' | b'-', h1, h2, b':', m1, m2] => {
            [h1, h2, m1, m2].iter().all(|c| c.is_ascii_digit())
                && (m1 - b'0') * 10 + (m2 - b'0') < 60
        }
        _ => false,
    }
}

/// What `yaml_emitter_analyze_scalar` allows for a string in block context.
pub(super) struct Analysis {
    pub plain: bool,
    pub single: bool,
    pub block: bool,
    pub multiline: bool,
}

pub(super) fn is_break(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// go-yaml's `is_printable`: note that it rejects U+0085 and everything beyond the BMP.
pub(super) fn is_printable(c: char) -> bool {
    matches!(c, '\n' | ' '..='~' | '\u{A0}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}')
        && c != '\u{FEFF}'
}

pub(super) fn analyze(s: &str) -> Analysis {
    let chars: Vec<char> = s.chars().collect();
    let n = chars.len();
    if n == 0 {
        return Analysis { plain: false, single: true, block: false, multiline: false };
    }
    let mut indicators = s.starts_with("---") || s.starts_with("...");
    let (mut leading, mut trailing_space, mut trailing_break) = (false, false, false);
    let (mut break_space, mut space_break, mut line_breaks, mut special) =
        (false, false, false, false);
    let (mut prev_space, mut prev_break, mut preceded_by_ws) = (false, false, true);
    for (i, &c) in chars.iter().enumerate() {
        let followed_by_ws = chars.get(i + 1).is_none_or(|&c| c == ' ' || c == '\t');
        if i == 0 {
            match c {
                '#' | ',' | '[' | ']' | '{' | '}' | '&' | '*' | '!' | '|' | '>' | '\'' | '"'
                | '%' | '@' | '`' => indicators = true,
                '?' | ':' | '-' if followed_by_ws => indicators = true,
                _ => {}
            }
        } else if (c == ':' && followed_by_ws) || (c == '#' && preceded_by_ws) {
            indicators = true;
        }
        special |= !is_printable(c);
        line_breaks |= is_break(c);
        if c == ' ' {
            leading |= i == 0;
            trailing_space |= i == n - 1;
            break_space |= prev_break;
            (prev_space, prev_break) = (true, false);
        } else if is_break(c) {
            leading |= i == 0;
            trailing_break |= i == n - 1;
            space_break |= prev_space;
            (prev_space, prev_break) = (false, true);
        } else {
            (prev_space, prev_break) = (false, false);
        }
        preceded_by_ws = c == ' ' || c == '\t' || is_break(c);
    }
    let mut a = Analysis { plain: true, single: true, block: true, multiline: line_breaks };
    if leading || trailing_space || trailing_break || line_breaks || indicators {
        a.plain = false;
    }
    if trailing_space {
        a.block = false;
    }
    if break_space {
        a.plain = false;
        a.single = false;
    }
    if space_break || special {
        (a.plain, a.single, a.block) = (false, false, false);
    }
    a
}

/// `keyList.Less`: letters sort after other characters and runs of digits compare as numbers.
pub(super) fn key_less(a: &str, b: &str) -> bool {
    let (ar, br): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    for i in 0..ar.len().min(br.len()) {
        if ar[i] == br[i] {
            continue;
        }
        let (al, bl) = (ar[i].is_alphabetic(), br[i].is_alphabetic());
        if al && bl {
            return ar[i] < br[i];
        }
        if al || bl {
            return bl;
        }
        let (mut an, mut bn) = (0i64, 0i64);
        if ar[i] == '0' || br[i] == '0' {
            for j in (0..i).rev() {
                if !ar[j].is_ascii_digit() {
                    break;
                }
                if ar[j] != '0' {
                    (an, bn) = (1, 1);
                    break;
                }
            }
        }
        let number = |r: &[char], n: &mut i64| {
            let mut k = i;
            while k < r.len() && r[k].is_ascii_digit() {
                *n = n.wrapping_mul(10).wrapping_add(i64::from(r[k] as u8 - b'0'));
                k += 1;
            }
            k
        };
        let (ai, bi) = (number(&ar, &mut an), number(&br, &mut bn));
        if an != bn {
            return an < bn;
        }
        if ai != bi {
            return ai < bi;
        }
        return ar[i] < br[i];
    }
    ar.len() < br.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_that_read_back_as_other_types_are_not_plain() {
        for s in [
            "", "y", "on", "NULL", "~", "123", "-1", "0x1F", "0o17", "0b101", "1_000", "08", "1.5",
            ".5", "1e3",
        ] {
            assert!(!resolves_to_str(s), "{s:?} should need quotes");
        }
        for s in [
            "2025-01-01T00:00:00Z",
            "2025-1-2",
            "2025-01-01 10:00:00",
            "2025-01-01t01:02:03.5+01:00",
            "1:20",
        ] {
            assert!(!resolves_to_str(s), "{s:?} should need quotes");
        }
        for s in [
            "web",
            "nginx:1.27",
            "app=web",
            "yes-please",
            "2025-13-01",
            "2025-02-30",
            "0x",
            "1.2.3",
            "v1.34.1",
            "<<",
        ] {
            assert!(resolves_to_str(s), "{s:?} should be plain");
        }
    }

    #[test]
    fn indicators_and_spaces_rule_out_plain_style() {
        for s in ["a: b", "- x", "#c", "a #b", "x:", " lead", "trail ", "*ref", "'q"] {
            assert!(!analyze(s).plain, "{s:?}");
        }
        for s in ["a:b", "-x", "a#b", "http://x/y", "3 Insufficient cpu."] {
            assert!(analyze(s).plain, "{s:?}");
        }
        assert!(!analyze("tab\there").single);
        assert!(analyze("a\nb").block);
    }

    #[test]
    fn keys_sort_letters_after_symbols_and_numbers_by_value() {
        assert!(key_less("apiVersion", "kind"));
        assert!(key_less("app", "app.kubernetes.io/name"));
        assert!(key_less("a_b", "aB"));
        assert!(key_less("item9", "item10"));
        assert!(!key_less("kind", "apiVersion"));
    }
}
