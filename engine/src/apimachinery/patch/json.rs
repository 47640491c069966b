//! JSON patch (RFC 6902), as the API server applies `--type json`: the operations `add`,
//! `remove`, `replace`, `move`, `copy` and `test`, in order, all or nothing.
//!
//! Models gopkg.in/evanphx/json-patch.v4 patch.go (`DecodePatch`, `Patch.Apply`,
//! `findObject`), which apiserver pkg/endpoints/handlers/patch.go `applyJSPatch` calls: a
//! patch that does not decode is a BadRequest with the decoder's words, and one that does not
//! apply a 422 whose cause is one of the messages below (kubectl prints only the Status
//! message for it; see `kubectl/patch.rs`).

use serde_json::{Map, Value};

/// Why a JSON patch was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum Error {
    /// The patch is not a list of operations (`DecodePatch`).
    Decode(String),
    /// An operation did not apply (`Patch.Apply`).
    Apply(String),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Decode(m) | Error::Apply(m) => f.write_str(m),
        }
    }
}

/// `doc` with every operation of `patch` applied.
pub fn apply(doc: &Value, patch: &Value) -> Result<Value, Error> {
    let ops = decode(patch)?;
    let mut doc = doc.clone();
    for op in ops {
        apply_op(&mut doc, op).map_err(Error::Apply)?;
    }
    Ok(doc)
}

/// json.Unmarshal into `[]Operation` (each a `map[string]*json.RawMessage`).
fn decode(patch: &Value) -> Result<Vec<&Map<String, Value>>, Error> {
    let Value::Array(items) = patch else {
        return Err(Error::Decode(format!(
            "json: cannot unmarshal {} into Go value of type jsonpatch.Patch",
            crate::gofmt::json_kind(patch)
        )));
    };
    items
        .iter()
        .map(|item| match item {
            Value::Object(m) => Ok(m),
            other => Err(Error::Decode(format!(
                "json: cannot unmarshal {} into Go value of type jsonpatch.Operation",
                crate::gofmt::json_kind(other)
            ))),
        })
        .collect()
}

fn apply_op(doc: &mut Value, op: &Map<String, Value>) -> Result<(), String> {
    let kind = op.get("op").and_then(Value::as_str).unwrap_or("unknown");
    if !matches!(kind, "add" | "remove" | "replace" | "move" | "copy" | "test") {
        return Err(format!("Unexpected kind: {kind}"));
    }
    let path = op
        .get("path")
        .and_then(Value::as_str)
        .ok_or_else(|| format!("{kind} operation failed to decode path: missing value"))?;
    let value = || op.get("value").cloned().unwrap_or(Value::Null);
    let from = || {
        op.get("from")
            .and_then(Value::as_str)
            .ok_or_else(|| format!("{kind} operation failed to decode from: missing value"))
    };
    match kind {
        "add" => add(doc, path, value(), kind),
        "remove" => remove(doc, path, kind).map(drop),
        "replace" => {
            let (parent, key) = find(doc, path).ok_or_else(|| {
                format!(
                    "replace operation does not apply: doc is missing path: {path}: missing value"
                )
            })?;
            let slot = child_mut(parent, &key).ok_or_else(|| {
                format!(
                    "replace operation does not apply: doc is missing key: {path}: missing value"
                )
            })?;
            *slot = value();
            Ok(())
        }
        "move" => {
            let from = from()?;
            let moved = remove(doc, from, kind)?;
            add(doc, path, moved, kind)
        }
        "copy" => {
            let from = from()?;
            let copied = get(doc, from).cloned().ok_or_else(|| {
                format!("copy operation does not apply: doc is missing from path: {from}: missing value")
            })?;
            add(doc, path, copied, kind)
        }
        _ => match get(doc, path) {
            Some(v) if *v == value() => Ok(()),
            None if op.get("value").is_none_or(Value::is_null) => Ok(()),
            _ => Err(format!("testing value {path} failed: test failed")),
        },
    }
}

/// RFC 6901 reference tokens of `path` (`~1` is `/`, `~0` is `~`); `None` for the root or a
/// pointer that does not start with `/` (v4 finds no container for either).
fn tokens(path: &str) -> Option<Vec<String>> {
    let rest = path.strip_prefix('/')?;
    Some(rest.split('/').map(|t| t.replace("~1", "/").replace("~0", "~")).collect())
}

/// The container that holds the last token of `path`, and that token (`findObject`).
fn find<'a>(doc: &'a mut Value, path: &str) -> Option<(&'a mut Value, String)> {
    let mut toks = tokens(path)?;
    let last = toks.pop()?;
    let mut cur = doc;
    for t in &toks {
        cur = child_mut(cur, t)?;
    }
    matches!(cur, Value::Object(_) | Value::Array(_)).then_some((cur, last))
}

fn child_mut<'a>(v: &'a mut Value, key: &str) -> Option<&'a mut Value> {
    match v {
        Value::Object(m) => m.get_mut(key),
        Value::Array(a) => a.get_mut(index(key)?),
        _ => None,
    }
}

fn get<'a>(doc: &'a Value, path: &str) -> Option<&'a Value> {
    if path.is_empty() {
        return Some(doc);
    }
    tokens(path)?.iter().try_fold(doc, |cur, t| match cur {
        Value::Object(m) => m.get(t),
        Value::Array(a) => a.get(index(t)?),
        _ => None,
    })
}

/// An array index as RFC 6901 writes it: digits, without leading zeros.
fn index(token: &str) -> Option<usize> {
    let digits = !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit());
    (digits && (token == "0" || !token.starts_with('0'))).then(|| token.parse().ok()).flatten()
}

fn add(doc: &mut Value, path: &str, value: Value, kind: &str) -> Result<(), String> {
    let (parent, key) = find(doc, path).ok_or_else(|| {
        format!("{kind} operation does not apply: doc is missing path: \"{path}\": missing value")
    })?;
    match parent {
        Value::Object(m) => {
            m.insert(key, value);
            Ok(())
        }
        Value::Array(a) => {
            let at = if key == "-" { Some(a.len()) } else { index(&key) };
            match at {
                Some(i) if i <= a.len() => {
                    a.insert(i, value);
                    Ok(())
                }
                _ => Err(format!(
                    "error in {kind} for path: '{path}': Unable to access invalid index: {key}: invalid index referenced"
                )),
            }
        }
        _ => unreachable!("find returns containers only"),
    }
}

fn remove(doc: &mut Value, path: &str, kind: &str) -> Result<Value, String> {
    let (parent, key) = find(doc, path).ok_or_else(|| {
        if kind == "move" {
            format!(
                "move operation does not apply: doc is missing from path: {path}: missing value"
            )
        } else {
            format!(
                "remove operation does not apply: doc is missing path: \"{path}\": missing value"
            )
        }
    })?;
    let removed = match parent {
        Value::Object(m) => m.shift_remove(&key),
        Value::Array(a) => index(&key).filter(|i| *i < a.len()).map(|i| a.remove(i)),
        _ => None,
    };
    removed.ok_or_else(|| {
        format!("error in {kind} for path: '{path}': Unable to remove nonexistent key: {key}: missing value")
    })
}

#[cfg(test)]
mod tests {
    use super::{apply, Error};
    use serde_json::{json, Value};

    fn ok(doc: Value, patch: Value) -> Value {
        apply(&doc, &patch).expect("patch applies")
    }

    /// RFC 6902 appendix A.1 to A.16, the examples that apply.
    #[test]
    fn the_rfc_6902_appendix_a_examples_apply() {
        let rows: Vec<(Value, Value, Value)> = vec![
            // A.1 adding an object member; A.2 an array element.
            (
                json!({"foo":"bar"}),
                json!([{"op":"add","path":"/baz","value":"qux"}]),
                json!({"baz":"qux","foo":"bar"}),
            ),
            (
                json!({"foo":["bar","baz"]}),
                json!([{"op":"add","path":"/foo/1","value":"qux"}]),
                json!({"foo":["bar","qux","baz"]}),
            ),
            // A.3, A.4 removing.
            (
                json!({"baz":"qux","foo":"bar"}),
                json!([{"op":"remove","path":"/baz"}]),
                json!({"foo":"bar"}),
            ),
            (
                json!({"foo":["bar","qux","baz"]}),
                json!([{"op":"remove","path":"/foo/1"}]),
                json!({"foo":["bar","baz"]}),
            ),
            // A.5 replacing; A.6, A.7 moving.
            (
                json!({"baz":"qux","foo":"bar"}),
                json!([{"op":"replace","path":"/baz","value":"boo"}]),
                json!({"baz":"boo","foo":"bar"}),
            ),
            (
                json!({"foo":{"bar":"baz","waldo":"fred"},"qux":{"corge":"grault"}}),
                json!([{"op":"move","from":"/foo/waldo","path":"/qux/thud"}]),
                json!({"foo":{"bar":"baz"},"qux":{"corge":"grault","thud":"fred"}}),
            ),
            (
                json!({"foo":["all","grass","cows","eat"]}),
                json!([{"op":"move","from":"/foo/1","path":"/foo/3"}]),
                json!({"foo":["all","cows","eat","grass"]}),
            ),
            // A.8 a test that passes; A.10 adding a nested member.
            (
                json!({"baz":"qux","foo":["a",2,"c"]}),
                json!([{"op":"test","path":"/baz","value":"qux"},{"op":"test","path":"/foo/1","value":2}]),
                json!({"baz":"qux","foo":["a",2,"c"]}),
            ),
            (
                json!({"foo":"bar"}),
                json!([{"op":"add","path":"/child","value":{"grandchild":{}}}]),
                json!({"foo":"bar","child":{"grandchild":{}}}),
            ),
            // A.14 escaped pointers; A.16 adding an array value.
            (
                json!({"/":9,"~1":10}),
                json!([{"op":"test","path":"/~01","value":10}]),
                json!({"/":9,"~1":10}),
            ),
            (
                json!({"foo":["bar"]}),
                json!([{"op":"add","path":"/foo/-","value":["abc","def"]}]),
                json!({"foo":["bar",["abc","def"]]}),
            ),
        ];
        for (doc, patch, want) in rows {
            assert_eq!(ok(doc, patch.clone()), want, "{patch}");
        }
    }

    /// A.9 a failing test, A.12 adding to a missing parent, A.15 comparing strings and
    /// numbers: the whole patch fails.
    #[test]
    fn the_rfc_6902_error_examples_fail() {
        let fails = |doc: Value, patch: Value| matches!(apply(&doc, &patch), Err(Error::Apply(_)));
        assert!(fails(json!({"baz":"qux"}), json!([{"op":"test","path":"/baz","value":"bar"}])));
        assert!(fails(json!({"foo":"bar"}), json!([{"op":"add","path":"/baz/bat","value":"qux"}])));
        assert!(fails(json!({"/":9,"~1":10}), json!([{"op":"test","path":"/~01","value":"10"}])));
        assert_eq!(
            apply(&json!({"a":1}), &json!([{"op":"test","path":"/a","value":2}])),
            Err(Error::Apply("testing value /a failed: test failed".into()))
        );
    }

    #[test]
    fn a_patch_that_is_not_a_list_of_operations_does_not_decode() {
        assert_eq!(
            apply(&json!({}), &json!({"op":"add"})),
            Err(Error::Decode(
                "json: cannot unmarshal object into Go value of type jsonpatch.Patch".into()
            ))
        );
        assert_eq!(
            apply(&json!({}), &json!([{"op":"frob","path":"/a"}])),
            Err(Error::Apply("Unexpected kind: frob".into()))
        );
    }

    #[test]
    fn a_failed_operation_leaves_nothing_half_applied() {
        let doc = json!({"a": 1});
        let patch = json!([{"op":"replace","path":"/a","value":2},{"op":"remove","path":"/zz"}]);
        assert!(apply(&doc, &patch).is_err());
        assert_eq!(doc, json!({"a": 1}));
    }
}
