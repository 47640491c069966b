//! Printing values the way Go prints them in templates.

use serde_json::Value;

use super::exec::*;

/// fmt.Fprint of a scalar: strings raw, null as `<nil>`, floats as Go's %v.
pub(super) fn write_text(v: Val<'_>, out: &mut String) {
    match v {
        Val::Data(Value::String(s)) => out.push_str(s),
        Val::Str(s) => out.push_str(s),
        Val::Data(Value::Number(n)) => out.push_str(&go_number(n, false)),
        Val::Data(&Value::Bool(b)) | Val::Bool(b) => out.push_str(if b { "true" } else { "false" }),
        Val::Int(i) => out.push_str(&i.to_string()),
        Val::Float(f) => out.push_str(&go_float(f, false)),
        Val::Byte(b) => out.push_str(&b.to_string()),
        Val::Data(d) => write_go_value(d, out),
    }
}

/// Go's %v of a decoded JSON value, used in "cannot be filtered": `map[a:1 b:[x <nil>]]`.
pub(super) fn go_format(v: Val<'_>) -> String {
    let mut out = String::new();
    write_text(v, &mut out);
    out
}

pub(super) fn write_go_value(v: &Value, out: &mut String) {
    match v {
        Value::Null => out.push_str("<nil>"),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                write_go_value(item, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push_str("map[");
            for (i, (k, v)) in sorted(map).into_iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                out.push_str(k);
                out.push(':');
                write_go_value(v, out);
            }
            out.push(']');
        }
        scalar => write_text(Val::Data(scalar), out),
    }
}

/// Go's encoding/json Marshal: compact, keys sorted, HTML characters escaped.
pub(super) fn write_json(v: &Value, out: &mut String) {
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
            for (i, (k, v)) in sorted(map).into_iter().enumerate() {
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

pub(super) fn write_json_string(s: &str, out: &mut String) {
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
pub(super) fn go_number(n: &serde_json::Number, json: bool) -> String {
    match n.as_i64() {
        Some(i) => i.to_string(),
        None => go_float(n.as_f64().unwrap_or(f64::NAN), json),
    }
}

/// Go's float formatting: %v (shortest, exponent when it is below -4 or at least 6), or
/// encoding/json (exponent below 1e-6 or from 1e21, with `e-7` rather than `e-07`).
pub(super) fn go_float(f: f64, json: bool) -> String {
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

/// Go's `%#v` of a decoded unstructured value, as cli-runtime's JSONPathPrinter shows the
/// object it was given when a template fails: `map[string]interface {}{"a":1, "b":[]interface
/// {}{"x"}}`, map keys sorted, strings quoted (strconv.Quote), null as `interface {}(nil)`.
pub fn go_syntax(v: &Value) -> String {
    let mut out = String::new();
    write_go_syntax(v, &mut out);
    out
}

fn write_go_syntax(v: &Value, out: &mut String) {
    match v {
        Value::Null => out.push_str("interface {}(nil)"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&go_number(n, false)),
        Value::String(s) => write_go_quoted(s, out),
        Value::Array(items) => {
            out.push_str("[]interface {}{");
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_go_syntax(item, out);
            }
            out.push('}');
        }
        Value::Object(map) => {
            out.push_str("map[string]interface {}{");
            for (i, (k, v)) in sorted(map).into_iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_go_quoted(k, out);
                out.push(':');
                write_go_syntax(v, out);
            }
            out.push('}');
        }
    }
}

/// strconv.Quote: backslash escapes for quotes, backslashes and control characters.
fn write_go_quoted(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\u{b}' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}
