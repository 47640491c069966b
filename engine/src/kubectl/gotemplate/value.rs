//! The values a template sees, as Go holds kubectl's decoded JSON: `map[string]interface {}`,
//! `[]interface {}`, `string`, `bool`, `int64` for integral numbers and `float64` otherwise
//! (apimachinery's json.Unmarshal), plus the `int` and `float64` of template constants. Also
//! fmt's `%v` of them, which is how an action prints a value.

use std::collections::BTreeMap;
use std::rc::Rc;

use serde_json::Value;

#[derive(Clone, Debug, PartialEq)]
pub enum Val {
    /// reflect's zero Value: a missing key; printed as `<no value>`.
    Invalid,
    /// A nil `interface{}` (JSON null, or `nil`).
    Nil,
    Bool(bool),
    /// A template constant or a function's `int`.
    Int(i64),
    /// A JSON number with no fraction.
    Int64(i64),
    Float(f64),
    Str(Rc<str>),
    List(Rc<Vec<Val>>),
    Map(Rc<BTreeMap<String, Val>>),
}

impl Val {
    pub fn from_json(v: &Value) -> Val {
        match v {
            Value::Null => Val::Nil,
            Value::Bool(b) => Val::Bool(*b),
            Value::Number(n) => match n.as_i64() {
                Some(i) => Val::Int64(i),
                None => Val::Float(n.as_f64().unwrap_or(f64::NAN)),
            },
            Value::String(s) => Val::Str(s.as_str().into()),
            Value::Array(a) => Val::List(Rc::new(a.iter().map(Val::from_json).collect())),
            Value::Object(m) => {
                Val::Map(Rc::new(m.iter().map(|(k, v)| (k.clone(), Val::from_json(v))).collect()))
            }
        }
    }

    /// The Go type's name, as fmt and the template's errors print it.
    pub fn type_name(&self) -> &'static str {
        match self {
            Val::Invalid | Val::Nil => "interface {}",
            Val::Bool(_) => "bool",
            Val::Int(_) => "int",
            Val::Int64(_) => "int64",
            Val::Float(_) => "float64",
            Val::Str(_) => "string",
            Val::List(_) => "[]interface {}",
            Val::Map(_) => "map[string]interface {}",
        }
    }

    /// exec.go `isTrue`: zero values, nil and empty containers are false.
    pub fn truth(&self) -> bool {
        match self {
            Val::Invalid | Val::Nil => false,
            Val::Bool(b) => *b,
            Val::Int(i) | Val::Int64(i) => *i != 0,
            Val::Float(f) => *f != 0.0,
            Val::Str(s) => !s.is_empty(),
            Val::List(l) => !l.is_empty(),
            Val::Map(m) => !m.is_empty(),
        }
    }

    pub fn as_int(&self) -> Option<i64> {
        match self {
            Val::Int(i) | Val::Int64(i) => Some(*i),
            _ => None,
        }
    }
}

/// fmt's `%v` (what `{{.}}`, `print` and `printf "%v"` write): maps as `map[k:v ...]` in key
/// order, slices as `[a b]`, nil as `<nil>`.
pub fn go_print(v: &Val, out: &mut String) {
    match v {
        Val::Invalid => out.push_str("<nil>"),
        Val::Nil => out.push_str("<nil>"),
        Val::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Val::Int(i) | Val::Int64(i) => out.push_str(&i.to_string()),
        Val::Float(f) => out.push_str(&crate::gofmt::go_float(*f, false)),
        Val::Str(s) => out.push_str(s),
        Val::List(l) => {
            out.push('[');
            for (i, item) in l.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                go_print(item, out);
            }
            out.push(']');
        }
        Val::Map(m) => {
            out.push_str("map[");
            for (i, (k, item)) in m.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                out.push_str(k);
                out.push(':');
                go_print(item, out);
            }
            out.push(']');
        }
    }
}

pub fn to_go_string(v: &Val) -> String {
    let mut s = String::new();
    go_print(v, &mut s);
    s
}
