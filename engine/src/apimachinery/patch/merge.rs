//! JSON merge patch (RFC 7386 `MergePatch`), as the API server applies `--type merge`
//! (evanphx/json-patch `MergePatch`, called from apiserver pkg/endpoints/handlers/patch.go
//! `jsonPatcher.applyJSPatch`): maps merge key by key, `null` removes a key, and anything
//! else, lists included, replaces the target whole.

use serde_json::{Map, Value};

/// `target` with `patch` merged in (RFC 7386 section 2).
pub fn apply(target: &Value, patch: &Value) -> Value {
    let Value::Object(p) = patch else { return patch.clone() };
    let mut out = match target {
        Value::Object(t) => t.clone(),
        _ => Map::new(),
    };
    for (k, v) in p {
        if v.is_null() {
            out.shift_remove(k);
        } else {
            let merged = apply(out.get(k).unwrap_or(&Value::Null), v);
            out.insert(k.clone(), merged);
        }
    }
    Value::Object(out)
}

#[cfg(test)]
mod tests {
    use super::apply;
    use serde_json::{json, Value};

    /// RFC 7386 appendix A, every row: original, patch, result.
    #[test]
    fn the_rfc_7386_appendix_a_examples_hold() {
        let rows: Vec<(Value, Value, Value)> = vec![
            (json!({"a":"b"}), json!({"a":"c"}), json!({"a":"c"})),
            (json!({"a":"b"}), json!({"b":"c"}), json!({"a":"b","b":"c"})),
            (json!({"a":"b"}), json!({"a":null}), json!({})),
            (json!({"a":"b","b":"c"}), json!({"a":null}), json!({"b":"c"})),
            (json!({"a":["b"]}), json!({"a":"c"}), json!({"a":"c"})),
            (json!({"a":"c"}), json!({"a":["b"]}), json!({"a":["b"]})),
            (json!({"a":{"b":"c"}}), json!({"a":{"b":"d","c":null}}), json!({"a":{"b":"d"}})),
            (json!({"a":[{"b":"c"}]}), json!({"a":[1]}), json!({"a":[1]})),
            (json!(["a", "b"]), json!(["c", "d"]), json!(["c", "d"])),
            (json!({"a":"b"}), json!(["c"]), json!(["c"])),
            (json!({"a":"foo"}), json!(null), json!(null)),
            (json!({"a":"foo"}), json!("bar"), json!("bar")),
            (json!({"e":null}), json!({"a":1}), json!({"e":null,"a":1})),
            (json!([1, 2]), json!({"a":"b","c":null}), json!({"a":"b"})),
            (json!({}), json!({"a":{"bb":{"ccc":null}}}), json!({"a":{"bb":{}}})),
        ];
        for (original, patch, want) in rows {
            assert_eq!(apply(&original, &patch), want, "{original} + {patch}");
        }
    }
}
