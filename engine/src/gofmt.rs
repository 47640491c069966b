//! Go's text forms that kubectl and the API server print and kubeloop must match byte for
//! byte: `strconv.Quote` (`%q`), encoding/json's `Marshal` (compact, keys sorted, HTML
//! characters escaped) and Go's number formatting. One implementation, shared by field errors
//! (labels/field.rs), jsonpath and kubectl's messages; it decides nothing about what to print.

use serde_json::Value;

/// Go's `%q` (strconv.Quote): printable characters stay, everything else is escaped, so the
/// result is always one line.
/// A duration as Go's `time.Duration.String` prints one truncated to milliseconds
/// (`890ms`, `1.2s`, `2s`, `1m3.5s`, `10m0s`, `1h0m0s`): the kubelet's `Pulled` events,
/// drain's global timeout.
pub fn go_duration(ms: i64) -> String {
    let ms = ms.max(0);
    if ms == 0 {
        return "0s".into();
    }
    if ms < 1000 {
        return format!("{ms}ms");
    }
    let (h, m, rest) = (ms / 3_600_000, ms / 60_000 % 60, ms % 60_000);
    let secs = format!("{}.{:03}", rest / 1000, rest % 1000);
    let secs = secs.trim_end_matches('0').trim_end_matches('.');
    match (h, m) {
        (0, 0) => format!("{secs}s"),
        (0, m) => format!("{m}m{secs}s"),
        (h, m) => format!("{h}h{m}m{secs}s"),
    }
}

pub fn go_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            ' '..='~' => out.push(c),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c if is_printable(c) => out.push(c),
            c if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push_str(&format!("\\U{:08x}", c as u32)),
        }
    }
    out.push('"');
    out
}

/// Go's `unicode.IsPrint` for non-ASCII: letters, marks, numbers, punctuation and symbols. Rust's
/// Debug escaping uses the same classes; a leading 'a' stops it escaping combining marks.
fn is_printable(c: char) -> bool {
    let mut probe = String::from("a");
    probe.push(c);
    probe.escape_debug().eq(probe.chars())
}

/// Go's `json.Marshal` of a decoded JSON value: object keys sorted (Go marshals maps in key
/// order, and API structs are printed from their maps here), no spaces, and `<`, `>`, `&`,
/// U+2028 and U+2029 escaped as `\u003c` and so on (encoding/json's HTML-safe default).
/// The kind encoding/json names a JSON value by in an `UnmarshalTypeError` (`cannot
/// unmarshal array into ...`).
pub fn json_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "bool",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

pub fn go_json(v: &Value) -> String {
    let mut out = String::new();
    write_json(v, &mut out);
    out
}

/// Go's encoding/json Marshal: compact, keys sorted, HTML characters escaped.
pub fn write_json(v: &Value, out: &mut String) {
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&go_number(n, true)),
        Value::String(s) => write_json_string(s, out),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(item, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            crate::sort::sort_by(&mut entries, |a, b| a.0.cmp(b.0));
            for (i, (k, v)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json_string(k, out);
                out.push(':');
                write_json(v, out);
            }
            out.push('}');
        }
    }
}

pub fn write_json_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", c as u32))
            }
            c if c < ' ' => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Numbers decode as int64 when they fit and float64 otherwise, as apimachinery's JSON does.
pub fn go_number(n: &serde_json::Number, json: bool) -> String {
    match n.as_i64() {
        Some(i) => i.to_string(),
        None => go_float(n.as_f64().unwrap_or(f64::NAN), json),
    }
}

/// Go's float formatting: %v (shortest, exponent when it is below -4 or at least 6), or
/// encoding/json (exponent below 1e-6 or from 1e21, with `e-7` rather than `e-07`).
pub fn go_float(f: f64, json: bool) -> String {
    if f.is_nan() {
        return "NaN".to_string();
    } else if f.is_infinite() {
        return if f > 0.0 { "+Inf" } else { "-Inf" }.to_string();
    }
    let sci = format!("{f:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let abs = f.abs();
    let exponent_form =
        f != 0.0 && if json { !(1e-6..1e21).contains(&abs) } else { !(-4..6).contains(&exp) };
    if !exponent_form {
        format!("{f}")
    } else if json && exp < 0 {
        format!("{mantissa}e-{}", -exp)
    } else {
        format!("{mantissa}e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs())
    }
}
