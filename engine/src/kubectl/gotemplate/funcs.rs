//! The functions a kubectl template may call: text/template's builtins (text/template/funcs.go:
//! `index len print printf println eq ne lt le gt ge not`; `and`/`or` are evaluated lazily in
//! `exec.rs`) and kubectl's own `exists` and `base64decode` (cli-runtime/pkg/printers/
//! template.go). Errors are the Go functions' own, which exec.go wraps as `error calling X: `.

use super::printf::{sprint, sprintf, sprintln};
use super::value::Val;

const FUNCTIONS: &[&str] = &[
    "and",
    "base64decode",
    "eq",
    "exists",
    "ge",
    "gt",
    "html",
    "index",
    "le",
    "len",
    "lt",
    "ne",
    "not",
    "or",
    "print",
    "printf",
    "println",
    "slice",
    "urlquery",
];

pub fn is_function(name: &str) -> bool {
    FUNCTIONS.contains(&name)
}

/// How many arguments each takes (exec.go evalCall's `wrong number of args`): an exact count,
/// or a least one for variadic functions.
pub fn arity(name: &str) -> (usize, bool) {
    match name {
        "not" | "len" | "base64decode" => (1, false),
        "ne" | "lt" | "le" | "gt" | "ge" => (2, false),
        "print" | "println" | "html" | "urlquery" => (0, true),
        _ => (1, true),
    }
}

/// Whether the first parameter is a Go `string` (checked as exec.go evalArg checks it).
pub fn takes_string_first(name: &str) -> bool {
    matches!(name, "printf" | "base64decode")
}

pub fn call(name: &str, args: &[Val]) -> Result<Val, String> {
    match name {
        "print" => Ok(Val::Str(sprint(args).into())),
        "println" => Ok(Val::Str(sprintln(args).into())),
        "printf" => {
            let Val::Str(f) = &args[0] else { return Err("printf needs a format".into()) };
            Ok(Val::Str(sprintf(f, &args[1..]).into()))
        }
        "not" => Ok(Val::Bool(!args[0].truth())),
        "len" => length(&args[0]).map(Val::Int),
        "index" => index(&args[0], &args[1..]),
        "eq" => eq(&args[0], &args[1..]).map(Val::Bool),
        "ne" => eq(&args[0], &args[1..2]).map(|b| Val::Bool(!b)),
        "lt" => lt(&args[0], &args[1]).map(Val::Bool),
        "le" => le(&args[0], &args[1]).map(Val::Bool),
        "gt" => le(&args[0], &args[1]).map(|b| Val::Bool(!b)),
        "ge" => lt(&args[0], &args[1]).map(|b| Val::Bool(!b)),
        "exists" => Ok(Val::Bool(exists(&args[0], &args[1..]))),
        "base64decode" => {
            let Val::Str(s) = &args[0] else { return Err("base64decode needs a string".into()) };
            match base64_std(s) {
                Ok(bytes) => Ok(Val::Str(String::from_utf8_lossy(&bytes).into())),
                Err(at) => {
                    Err(format!("base64 decode failed: illegal base64 data at input byte {at}"))
                }
            }
        }
        "html" => Ok(Val::Str(html_escape(&escaper_arg(args)).into())),
        "urlquery" => Ok(Val::Str(query_escape(&escaper_arg(args)).into())),
        "slice" => slice(&args[0], &args[1..]),
        other => Err(format!("kubeloop: function {other} is not implemented")),
    }
}

/// encoding/base64 `StdEncoding.DecodeString`: padded, `\r` and `\n` ignored; an error is
/// the offset of the first bad byte (Go's CorruptInputError).
fn base64_std(s: &str) -> Result<Vec<u8>, usize> {
    let sextet = |b: u8| match b {
        b'A'..=b'Z' => Some(b - b'A'),
        b'a'..=b'z' => Some(b - b'a' + 26),
        b'0'..=b'9' => Some(b - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::new();
    let mut quantum: Vec<u8> = Vec::with_capacity(4);
    let mut padding_at: Option<usize> = None;
    for (i, b) in s.bytes().enumerate() {
        if b == b'\r' || b == b'\n' {
            continue;
        }
        if b == b'=' {
            // Padding may only finish a quantum of two or three symbols.
            if quantum.len() < 2 {
                return Err(i);
            }
            padding_at.get_or_insert(i);
            quantum.push(64);
            if quantum.len() == 4 {
                break;
            }
            continue;
        }
        if padding_at.is_some() {
            return Err(i);
        }
        quantum.push(sextet(b).ok_or(i)?);
        if quantum.len() == 4 {
            let n = quantum.iter().fold(0u32, |acc, &q| acc << 6 | u32::from(q));
            out.extend_from_slice(&n.to_be_bytes()[1..]);
            quantum.clear();
        }
    }
    match quantum.len() {
        0 => Ok(out),
        4 => {
            let real: Vec<u8> = quantum.iter().copied().filter(|&q| q < 64).collect();
            let n =
                real.iter().fold(0u32, |acc, &q| acc << 6 | u32::from(q)) << (6 * (4 - real.len()));
            out.extend_from_slice(&n.to_be_bytes()[1..real.len()]);
            Ok(out)
        }
        _ => Err(padding_at.unwrap_or(s.len()).min(s.len())),
    }
}

/// funcs.go `evalArgs`: one string as it is, anything else through fmt.Sprint.
fn escaper_arg(args: &[Val]) -> String {
    match args {
        [Val::Str(s)] => s.to_string(),
        _ => sprint(args),
    }
}

/// funcs.go `HTMLEscapeString`.
fn html_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\0' => out.push('\u{FFFD}'),
            '"' => out.push_str("&#34;"),
            '\'' => out.push_str("&#39;"),
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}

/// net/url `QueryEscape`: unreserved bytes stay, a space is `+`, the rest `%XX`.
fn query_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(b as char)
            }
            b' ' => out.push('+'),
            b => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// funcs.go `slice`: `slice x 1 2` is `x[1:2]`, for strings and slices.
fn slice(item: &Val, indexes: &[Val]) -> Result<Val, String> {
    if indexes.len() > 3 {
        return Err(format!("too many slice indexes: {}", indexes.len()));
    }
    let len = match item {
        Val::Str(s) => s.len(),
        Val::List(l) => l.len(),
        Val::Invalid | Val::Nil => return Err("slice of untyped nil".into()),
        other => return Err(format!("can't slice item of type {}", other.type_name())),
    };
    if matches!(item, Val::Str(_)) && indexes.len() == 3 {
        return Err("cannot 3-index slice a string".into());
    }
    let mut ix = [0, len, len];
    for (i, v) in indexes.iter().enumerate() {
        ix[i] = index_arg(v, len + 1)?;
    }
    if indexes.len() < 3 {
        ix[2] = len;
    }
    if ix[0] > ix[1] {
        return Err(format!("invalid slice index: {} > {}", ix[0], ix[1]));
    }
    Ok(match item {
        Val::Str(s) => {
            Val::Str(String::from_utf8_lossy(&s.as_bytes()[ix[0]..ix[1]]).into_owned().into())
        }
        Val::List(l) => Val::List(std::rc::Rc::new(l[ix[0]..ix[1]].to_vec())),
        _ => Val::Invalid,
    })
}

/// funcs.go `length`.
fn length(v: &Val) -> Result<i64, String> {
    match v {
        Val::Invalid => Err("reflect: call of reflect.Value.Type on zero Value".into()),
        Val::Nil => Err("len of nil pointer".into()),
        Val::Str(s) => Ok(s.len() as i64),
        Val::List(l) => Ok(l.len() as i64),
        Val::Map(m) => Ok(m.len() as i64),
        other => Err(format!("len of type {}", other.type_name())),
    }
}

/// funcs.go `index`: maps by key (a missing key gives nil), slices and strings by integer.
fn index(item: &Val, indexes: &[Val]) -> Result<Val, String> {
    let mut item = item.clone();
    if matches!(item, Val::Invalid | Val::Nil) {
        return Err("index of untyped nil".into());
    }
    for ix in indexes {
        item = match &item {
            Val::Invalid | Val::Nil => return Err("index of nil pointer".into()),
            Val::List(l) => l[index_arg(ix, l.len())?].clone(),
            Val::Str(s) => Val::Int(s.as_bytes()[index_arg(ix, s.len())?] as i64),
            Val::Map(m) => match ix {
                Val::Str(k) => m.get(&**k).cloned().unwrap_or(Val::Nil),
                Val::Invalid | Val::Nil => {
                    return Err("value is nil; should be of type string".into())
                }
                other => {
                    return Err(format!("value has type {}; should be string", other.type_name()))
                }
            },
            other => return Err(format!("can't index item of type {}", other.type_name())),
        };
    }
    Ok(item)
}

fn index_arg(ix: &Val, len: usize) -> Result<usize, String> {
    let x = match ix {
        Val::Int(i) | Val::Int64(i) => *i,
        Val::Invalid | Val::Nil => return Err("cannot index slice/array with nil".into()),
        other => return Err(format!("cannot index slice/array with type {}", other.type_name())),
    };
    if x < 0 || x as u64 >= len as u64 {
        return Err(format!("index out of range: {x}"));
    }
    Ok(x as usize)
}

#[derive(PartialEq, Clone, Copy)]
enum Basic {
    Bool,
    Int,
    Float,
    Str,
}

fn basic(v: &Val) -> Option<Basic> {
    match v {
        Val::Bool(_) => Some(Basic::Bool),
        Val::Int(_) | Val::Int64(_) => Some(Basic::Int),
        Val::Float(_) => Some(Basic::Float),
        Val::Str(_) => Some(Basic::Str),
        _ => None,
    }
}

const BAD_COMPARISON: &str = "incompatible types for comparison";
const BAD_COMPARISON_TYPE: &str = "invalid type for comparison";

/// funcs.go `eq`: true when the first argument equals any other; kinds must agree unless a
/// side is nil.
fn eq(a: &Val, rest: &[Val]) -> Result<bool, String> {
    if rest.is_empty() {
        return Err("missing argument for comparison".into());
    }
    let is_nil = |v: &Val| matches!(v, Val::Invalid | Val::Nil);
    for b in rest {
        let truth = match (basic(a), basic(b)) {
            (Some(k1), Some(k2)) if k1 != k2 => return Err(BAD_COMPARISON.into()),
            (Some(_), Some(_)) => match (a, b) {
                (Val::Float(x), Val::Float(y)) => x == y,
                _ => a.as_int().zip(b.as_int()).map_or(a == b, |(x, y)| x == y),
            },
            (Some(_), None) | (None, Some(_)) if !is_nil(a) && !is_nil(b) => {
                return Err(BAD_COMPARISON.into())
            }
            (Some(_), None) | (None, Some(_)) => false,
            (None, None) if is_nil(a) || is_nil(b) => is_nil(a) == is_nil(b),
            (None, None) => {
                let shown = if matches!(a, Val::Map(_) | Val::List(_)) { a } else { b };
                return Err(format!(
                    "non-comparable type {}: {}",
                    super::value::to_go_string(shown),
                    shown.type_name()
                ));
            }
        };
        if truth {
            return Ok(true);
        }
    }
    Ok(false)
}

/// funcs.go `lt`: ints, floats and strings of one kind.
fn lt(a: &Val, b: &Val) -> Result<bool, String> {
    let (Some(k1), Some(k2)) = (basic(a), basic(b)) else {
        return Err(BAD_COMPARISON_TYPE.into());
    };
    if k1 != k2 {
        return Err(BAD_COMPARISON.into());
    }
    match (a, b) {
        (Val::Float(x), Val::Float(y)) => Ok(x < y),
        (Val::Str(x), Val::Str(y)) => Ok(x < y),
        _ => match a.as_int().zip(b.as_int()) {
            Some((x, y)) => Ok(x < y),
            None => Err(BAD_COMPARISON_TYPE.into()),
        },
    }
}

fn le(a: &Val, b: &Val) -> Result<bool, String> {
    Ok(lt(a, b)? || eq(a, std::slice::from_ref(b))?)
}

/// kubectl template.go `exists`: whether the path of keys and indexes leads to a non-nil value.
fn exists(item: &Val, indices: &[Val]) -> bool {
    let mut v = item.clone();
    for ix in indices {
        v = match (&v, ix) {
            (Val::List(l), Val::Int(i) | Val::Int64(i)) => match usize::try_from(*i) {
                Ok(i) if i < l.len() => l[i].clone(),
                _ => return false,
            },
            (Val::Map(m), Val::Str(k)) => m.get(&**k).cloned().unwrap_or(Val::Nil),
            _ => return false,
        };
    }
    !matches!(v, Val::Invalid | Val::Nil)
}
