//! Printing values the way Go prints them in templates.

use serde_json::Value;

pub(super) use crate::gofmt::{go_float, go_number, go_quote, write_json};

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
        Value::String(s) => out.push_str(&go_quote(s)),
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
                out.push_str(&go_quote(k));
                out.push(':');
                write_go_syntax(v, out);
            }
            out.push('}');
        }
    }
}
