//! The arguments of the small programs `command.rs` plays out, read as busybox and
//! coreutils read them: `sleep`'s durations and `printf`'s format. Pure text in, values out.

/// `sleep`'s operand in ms: `Some(None)` for `infinity`, `None` when it is not a number.
pub fn sleep_ms(a: &str) -> Option<Option<i64>> {
    if a == "infinity" || a == "inf" {
        return Some(None);
    }
    let (num, unit) = match a.char_indices().last()? {
        (i, 's') => (&a[..i], 1_000.0),
        (i, 'm') => (&a[..i], 60_000.0),
        (i, 'h') => (&a[..i], 3_600_000.0),
        (i, 'd') => (&a[..i], 86_400_000.0),
        _ => (a, 1_000.0),
    };
    let v: f64 = num.parse().ok()?;
    if !v.is_finite() || v < 0.0 || num.starts_with('+') {
        return None;
    }
    Some(Some((v * unit).min(i64::MAX as f64 / 2.0) as i64))
}

/// The part of `printf` lessons use: `%s`, `%d`, `%%`, `\n`, `\t`; the format is reused
/// while arguments remain, as coreutils does.
pub fn printf(args: &[String]) -> String {
    let Some((format, rest)) = args.split_first() else { return String::new() };
    let mut out = String::new();
    let mut rest = rest.iter();
    loop {
        let mut used = false;
        let mut chars = format.chars().peekable();
        while let Some(c) = chars.next() {
            match (c, chars.peek().copied()) {
                ('\\', Some('n')) => {
                    chars.next();
                    out.push('\n');
                }
                ('\\', Some('t')) => {
                    chars.next();
                    out.push('\t');
                }
                ('%', Some('%')) => {
                    chars.next();
                    out.push('%');
                }
                ('%', Some('s' | 'd')) => {
                    chars.next();
                    used = true;
                    out.push_str(rest.next().map_or("", String::as_str));
                }
                _ => out.push(c),
            }
        }
        if !used || rest.len() == 0 {
            return out;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sleep_reads_units_fractions_and_infinity() {
        assert_eq!(sleep_ms("5"), Some(Some(5_000)));
        assert_eq!(sleep_ms("1.5m"), Some(Some(90_000)));
        assert_eq!(sleep_ms("2h"), Some(Some(7_200_000)));
        assert_eq!(sleep_ms("infinity"), Some(None));
        assert_eq!(sleep_ms("soon"), None);
        assert_eq!(sleep_ms("-1"), None);
    }

    #[test]
    fn printf_reuses_its_format_while_arguments_remain() {
        let args: Vec<String> =
            ["%s=%d\\n", "a", "1", "b", "2"].iter().map(|s| s.to_string()).collect();
        assert_eq!(printf(&args), "a=1\nb=2\n");
        assert_eq!(printf(&["100%%".to_string()]), "100%");
    }
}
