//! Strict decoding of one manifest object into its typed model, as the API server's strict
//! field validation (kubectl's default since 1.27) does: every unknown field is named by its
//! path, in document order, the way sigs.k8s.io/json reports them. What the fields mean is the
//! model's business; reading the YAML or JSON text is manifest.rs's.

use serde::de::DeserializeOwned;
use serde_json::Value;

/// Most unknown fields named in one strict decoding error.
const MAX_UNKNOWN_FIELDS: usize = 20;

/// Strict decoding: every unknown field is named by its path (`spec.containers[0].commandx`),
/// in document order, as sigs.k8s.io/json reports them.
pub(super) fn typed<T: DeserializeOwned>(mut v: Value) -> Result<std::rc::Rc<T>, String> {
    let mut unknown: Vec<String> = Vec::new();
    loop {
        let err = match T::deserialize(&v) {
            Ok(obj) if unknown.is_empty() => return Ok(std::rc::Rc::new(obj)),
            Ok(_) => break,
            Err(e) => e,
        };
        let message = err.to_string();
        let path = message
            .starts_with("unknown field `")
            .then(|| unknown_field_path::<T>(&v, &message))
            .flatten();
        match path {
            Some(path) if unknown.len() < MAX_UNKNOWN_FIELDS => {
                remove_path(&mut v, &path);
                unknown.push(format!("unknown field \"{}\"", path.join_dotted()));
            }
            Some(_) => break,
            // A value of the wrong type fails the decoding itself, which outranks strictness.
            None => return Err(err.to_string()),
        }
    }
    Err(format!("strict decoding error: {}", unknown.join(", ")))
}

/// A path into a JSON document: object keys and array indexes.
struct FieldPath(Vec<Step>);

enum Step {
    Key(String),
    Index(usize),
}

impl FieldPath {
    fn join_dotted(&self) -> String {
        let mut out = String::new();
        for step in &self.0 {
            match step {
                Step::Key(k) if out.is_empty() => out.push_str(k),
                Step::Key(k) => {
                    out.push('.');
                    out.push_str(k);
                }
                Step::Index(i) => out.push_str(&format!("[{i}]")),
            }
        }
        out
    }
}

/// Where serde met the unknown field. Decoding visits keys in document order and stops at the
/// first unknown one, so a copy of the document cut after the n-th key (depth first) fails
/// with the same error exactly when that cut keeps the culprit: a binary search over n finds
/// it. Only `&Value` decoding is used, so each kind's decoder is compiled once (a second
/// decoder per kind, such as decoding text to get a line number, costs tens of KB of wasm).
fn unknown_field_path<T: DeserializeOwned>(v: &Value, error: &str) -> Option<FieldPath> {
    let mut keys = Vec::new();
    key_order(v, &mut Vec::new(), &mut keys);
    let fails_the_same = |n: usize| {
        let cut = keep_keys(v, &mut 0, n);
        matches!(T::deserialize(&cut), Err(e) if e.to_string() == error)
    };
    // The smallest n whose cut still fails as the whole document does.
    let (mut lo, mut hi) = (1, keys.len());
    if hi == 0 || !fails_the_same(hi) {
        return None;
    }
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if fails_the_same(mid) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    keys.into_iter().nth(lo - 1).map(FieldPath)
}

/// Every key's path, depth first, in document order.
fn key_order(v: &Value, path: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    let clone = |p: &Vec<Step>| {
        p.iter()
            .map(|s| match s {
                Step::Key(k) => Step::Key(k.clone()),
                Step::Index(i) => Step::Index(*i),
            })
            .collect()
    };
    match v {
        Value::Object(map) => {
            for (k, child) in map {
                path.push(Step::Key(k.clone()));
                out.push(clone(path));
                key_order(child, path, out);
                path.pop();
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                path.push(Step::Index(i));
                key_order(child, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

/// A copy of `v` with only its first `n` keys (depth first); `seen` counts keys so far.
fn keep_keys(v: &Value, seen: &mut usize, n: usize) -> Value {
    match v {
        Value::Object(map) => {
            let mut kept = serde_json::Map::new();
            for (k, child) in map {
                if *seen >= n {
                    break;
                }
                *seen += 1;
                kept.insert(k.clone(), keep_keys(child, seen, n));
            }
            Value::Object(kept)
        }
        Value::Array(items) => Value::Array(items.iter().map(|c| keep_keys(c, seen, n)).collect()),
        other => other.clone(),
    }
}

fn remove_path(v: &mut Value, path: &FieldPath) {
    let Some((last, parents)) = path.0.split_last() else { return };
    let mut at = v;
    for step in parents {
        let next = match step {
            Step::Key(k) => at.get_mut(k.as_str()),
            Step::Index(i) => at.get_mut(*i),
        };
        let Some(next) = next else { return };
        at = next;
    }
    if let (Step::Key(k), Value::Object(map)) = (last, at) {
        map.shift_remove(k);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Pod;

    #[test]
    fn strict_decoding_names_each_unknown_field_by_its_path_even_when_names_repeat() {
        // A known `name` before, the same unknown key twice, and an unknown key at the top.
        let pod = serde_json::json!({
            "apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
            "spec": {"containers": [
                {"name": "a", "image": "nginx:1.27", "commandx": ["x"]},
                {"name": "b", "image": "nginx:1.27", "commandx": ["y"]}
            ]},
            "extra": true
        });
        assert_eq!(
            typed::<Pod>(pod).err().as_deref(),
            Some(
                "strict decoding error: unknown field \"spec.containers[0].commandx\", \
                 unknown field \"spec.containers[1].commandx\", unknown field \"extra\""
            )
        );
    }
}
