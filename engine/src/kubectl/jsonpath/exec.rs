//! Evaluating nodes against JSON (client-go util/jsonpath/jsonpath.go).

use serde_json::{Map, Value};

use super::format::*;
use super::parser::*;
use super::*;

/// A value flowing through evaluation: data, or a literal from the template. Go's reflect
/// values carry the same distinctions (string bytes are uint8, literals are int).
#[derive(Debug, Clone, Copy)]
pub(super) enum Val<'a> {
    Data(&'a Value),
    Str(&'a str),
    Int(i64),
    Float(f64),
    Bool(bool),
    Byte(u8),
}

pub(super) struct Frame<'a> {
    pub(super) items: Vec<Val<'a>>,
    pub(super) next: usize,
    pub(super) body: usize,
    pub(super) end: usize,
    pub(super) saved: Val<'a>,
}

/// Models jsonpath.go's evaluation with AllowMissingKeys(true), as kubectl sets it.
pub(super) struct Exec {
    pub(super) work: usize,
}

impl Exec {
    pub(super) fn spend(&mut self, units: usize) -> Result<(), JsonPathError> {
        self.work = self.work.saturating_add(units);
        self.check(0)
    }

    pub(super) fn check(&self, pending: usize) -> Result<(), JsonPathError> {
        if self.work.saturating_add(pending) > MAX_WORK {
            return Err(JsonPathError::TooLarge);
        }
        Ok(())
    }

    pub(super) fn write(&mut self, out: &mut String, text: &str) -> Result<(), JsonPathError> {
        self.spend(text.len())?;
        out.push_str(text);
        Ok(())
    }

    /// jsonpath.go PrintResults: maps and slices as compact JSON, everything else as Go's
    /// fmt.Fprint would, separated by single spaces.
    pub(super) fn print(
        &mut self,
        out: &mut String,
        values: &[Val<'_>],
    ) -> Result<(), JsonPathError> {
        let before = out.len();
        for (i, &v) in values.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            match v {
                Val::Data(d @ (Value::Object(_) | Value::Array(_))) => write_json(d, out),
                _ => write_text(v, out),
            }
            self.check(out.len() - before)?;
        }
        self.spend(out.len() - before)
    }

    pub(super) fn list<'a>(
        &mut self,
        input: Vec<Val<'a>>,
        nodes: &'a [Node],
    ) -> Result<Vec<Val<'a>>, JsonPathError> {
        let mut cur = input;
        for node in nodes {
            cur = self.walk(cur, node)?;
            self.spend(1 + cur.len())?;
        }
        Ok(cur)
    }

    pub(super) fn walk<'a>(
        &mut self,
        input: Vec<Val<'a>>,
        node: &'a Node,
    ) -> Result<Vec<Val<'a>>, JsonPathError> {
        let mut out = Vec::new();
        match node {
            Node::Text(text) => out.push(Val::Str(text)),
            Node::Int(i) => out = vec![Val::Int(*i); input.len()],
            Node::Float(f) => out = vec![Val::Float(*f); input.len()],
            Node::Bool(b) => out = vec![Val::Bool(*b); input.len()],
            // A missing key, or a field of something that is not a map, yields nothing.
            Node::Field(name) => out.extend(input.iter().filter_map(|v| match v {
                Val::Data(Value::Object(map)) => map.get(name).map(Val::Data),
                _ => None,
            })),
            Node::Array(params) => {
                for &v in &input {
                    match v {
                        Val::Data(Value::Null) => continue,
                        Val::Data(Value::Array(items)) => {
                            if !select(items, params, &mut out)? {
                                break;
                            }
                        }
                        other => return Err(JsonPathError::NotArray(go_type(other))),
                    }
                    self.check(out.len())?;
                }
            }
            Node::Wildcard => {
                for &v in &input {
                    out.extend(children(v));
                    self.check(out.len())?;
                }
            }
            Node::Recursive => {
                for &v in &input {
                    self.descend(v, &mut out)?;
                }
            }
            Node::Union(lists) => {
                for list in lists {
                    out.extend(self.list(input.clone(), list)?);
                    self.check(out.len())?;
                }
            }
            Node::Filter(filter) => {
                for &v in &input {
                    self.filter(v, filter, &mut out)?;
                    self.check(out.len())?;
                }
            }
            Node::Identifier(name) => match name.as_str() {
                "range" => out = input,
                "end" => {}
                _ => return Err(JsonPathError::UnrecognizedIdentifier(name.clone())),
            },
        }
        Ok(out)
    }

    /// jsonpath.go evalRecursive: every value that has children, in pre-order. Non-empty
    /// strings count (their children are bytes); leaves do not.
    pub(super) fn descend<'a>(
        &mut self,
        root: Val<'a>,
        out: &mut Vec<Val<'a>>,
    ) -> Result<(), JsonPathError> {
        let mut stack = vec![root];
        while let Some(v) = stack.pop() {
            let has_children = match v {
                Val::Data(Value::Object(m)) => !m.is_empty(),
                Val::Data(Value::Array(a)) => !a.is_empty(),
                Val::Data(Value::String(s)) => !s.is_empty(),
                Val::Str(s) => !s.is_empty(),
                _ => false,
            };
            if has_children {
                out.push(v);
                if let Val::Data(Value::Object(_) | Value::Array(_)) = v {
                    stack.extend(children(v).into_iter().rev());
                }
                self.check(out.len())?;
            }
        }
        Ok(())
    }

    /// jsonpath.go evalFilter over one input, which must be an array.
    pub(super) fn filter<'a>(
        &mut self,
        v: Val<'a>,
        filter: &'a Filter,
        out: &mut Vec<Val<'a>>,
    ) -> Result<(), JsonPathError> {
        let Val::Data(Value::Array(items)) = v else {
            return Err(JsonPathError::NotFilterable(go_format(v)));
        };
        for item in items {
            let elem = Val::Data(item);
            let lefts = self.list(vec![elem], &filter.left);
            let Some(op) = &filter.op else {
                // Go tests the partial result of a failed evaluation here; a failure is
                // simply "does not exist" in this model.
                if lefts.is_ok_and(|l| !l.is_empty()) {
                    out.push(elem);
                }
                continue;
            };
            let left = match lefts?.as_slice() {
                [] => continue,
                [one] => *one,
                _ => return Err(JsonPathError::CompareOne),
            };
            let right = match self.list(vec![elem], &filter.right)?.as_slice() {
                [] => continue,
                [one] => *one,
                _ => return Err(JsonPathError::CompareOne),
            };
            if compare(op, left, right)? {
                out.push(elem);
            }
        }
        Ok(())
    }
}

/// jsonpath.go evalArray for one array. `Ok(false)` when Go returns early on an empty
/// selection (start equal to end), skipping any remaining inputs.
pub(super) fn select<'a>(
    items: &'a [Value],
    params: &[Param; 3],
    out: &mut Vec<Val<'a>>,
) -> Result<bool, JsonPathError> {
    let length = items.len();
    let len = i64::try_from(length).unwrap_or(i64::MAX);
    let mut start = if params[0].known { params[0].value } else { 0 };
    if start < 0 {
        start += len;
    }
    let mut end = if params[1].known { params[1].value } else { len };
    if end < 0 || (end == 0 && params[1].derived) {
        end += len;
    }
    if start == end {
        return Ok(false);
    }
    if start >= len || start < 0 {
        return Err(JsonPathError::IndexOutOfBounds { index: start, length });
    }
    if end > len || end < 0 {
        return Err(JsonPathError::IndexOutOfBounds { index: end.wrapping_sub(1), length });
    }
    if start > end {
        return Err(JsonPathError::StartAfterEnd { start, end });
    }
    let step = match params[2] {
        Param { known: true, value, .. } if value <= 0 => {
            return Err(JsonPathError::NonPositiveStep)
        }
        Param { known: true, value, .. } => usize::try_from(value).unwrap_or(usize::MAX),
        _ => 1,
    };
    // Both bounds were checked to lie within 0..=len above.
    let range = usize::try_from(start).unwrap_or(0)..usize::try_from(end).unwrap_or(0);
    out.extend(items[range].iter().step_by(step).map(Val::Data));
    Ok(true)
}

/// What `.*` and `..` visit: map values (in key order, where Go's order is random), array
/// items, and the bytes of a string.
pub(super) fn children(v: Val<'_>) -> Vec<Val<'_>> {
    match v {
        Val::Data(Value::Object(map)) => {
            sorted(map).into_iter().map(|(_, v)| Val::Data(v)).collect()
        }
        Val::Data(Value::Array(items)) => items.iter().map(Val::Data).collect(),
        Val::Data(Value::String(s)) => s.bytes().map(Val::Byte).collect(),
        Val::Str(s) => s.bytes().map(Val::Byte).collect(),
        _ => Vec::new(),
    }
}

pub(super) fn sorted(map: &Map<String, Value>) -> Vec<(&String, &Value)> {
    let mut entries: Vec<_> = map.iter().collect();
    crate::sort::sort_by(&mut entries, |a, b| a.0.cmp(b.0));
    entries
}

/// The Go type name client-go puts in "is not array or slice".
pub(super) fn go_type(v: Val<'_>) -> &'static str {
    match v {
        Val::Data(Value::Null) => "<nil>",
        Val::Data(Value::Bool(_)) | Val::Bool(_) => "bool",
        Val::Data(Value::Number(n)) if n.as_i64().is_some() => "int64",
        Val::Data(Value::Number(_)) | Val::Float(_) => "float64",
        Val::Data(Value::String(_)) | Val::Str(_) => "string",
        Val::Data(Value::Array(_)) => "[]interface {}",
        Val::Data(Value::Object(_)) => "map[string]interface {}",
        Val::Int(_) => "int",
        Val::Byte(_) => "uint8",
    }
}

/// A comparable value, after client-go's forked text/template funcs.go basicKind.
#[derive(Clone, Copy)]
pub(super) enum Basic<'a> {
    Bool(bool),
    Int(i64),
    Uint(u64),
    Float(f64),
    Str(&'a str),
}

pub(super) fn basic(v: Val<'_>) -> Result<Basic<'_>, JsonPathError> {
    Ok(match v {
        Val::Data(&Value::Bool(b)) | Val::Bool(b) => Basic::Bool(b),
        Val::Data(Value::Number(n)) => match n.as_i64() {
            Some(i) => Basic::Int(i),
            None => Basic::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        Val::Data(Value::String(s)) => Basic::Str(s),
        Val::Str(s) => Basic::Str(s),
        Val::Int(i) => Basic::Int(i),
        Val::Float(f) => Basic::Float(f),
        Val::Byte(b) => Basic::Uint(u64::from(b)),
        Val::Data(Value::Null | Value::Array(_) | Value::Object(_)) => {
            return Err(JsonPathError::InvalidComparisonType)
        }
    })
}

pub(super) fn equal(a: Basic<'_>, b: Basic<'_>) -> Result<bool, JsonPathError> {
    Ok(match (a, b) {
        (Basic::Bool(x), Basic::Bool(y)) => x == y,
        (Basic::Int(x), Basic::Int(y)) => x == y,
        (Basic::Uint(x), Basic::Uint(y)) => x == y,
        (Basic::Float(x), Basic::Float(y)) => x == y,
        (Basic::Str(x), Basic::Str(y)) => x == y,
        (Basic::Int(x), Basic::Uint(y)) | (Basic::Uint(y), Basic::Int(x)) => {
            u64::try_from(x) == Ok(y)
        }
        _ => return Err(JsonPathError::IncompatibleComparison),
    })
}

pub(super) fn less(a: Basic<'_>, b: Basic<'_>) -> Result<bool, JsonPathError> {
    Ok(match (a, b) {
        (Basic::Bool(_), Basic::Bool(_)) => return Err(JsonPathError::InvalidComparisonType),
        (Basic::Int(x), Basic::Int(y)) => x < y,
        (Basic::Uint(x), Basic::Uint(y)) => x < y,
        (Basic::Float(x), Basic::Float(y)) => x < y,
        (Basic::Str(x), Basic::Str(y)) => x < y,
        (Basic::Int(x), Basic::Uint(y)) => u64::try_from(x).map_or(true, |x| x < y),
        (Basic::Uint(x), Basic::Int(y)) => u64::try_from(y).is_ok_and(|y| x < y),
        _ => return Err(JsonPathError::IncompatibleComparison),
    })
}

/// funcs.go: `>` is "not <=" and `>=` is "not <", errors included.
pub(super) fn compare(op: &str, left: Val<'_>, right: Val<'_>) -> Result<bool, JsonPathError> {
    let (a, b) = (basic(left)?, basic(right)?);
    let less_equal = || Ok::<_, JsonPathError>(less(a, b)? || equal(a, b)?);
    match op {
        "<" => less(a, b),
        ">" => Ok(!less_equal()?),
        "==" => equal(a, b),
        "!=" => Ok(!equal(a, b)?),
        "<=" => less_equal(),
        ">=" => Ok(!less(a, b)?),
        _ => Err(JsonPathError::UnrecognizedOperator(op.to_string())),
    }
}
