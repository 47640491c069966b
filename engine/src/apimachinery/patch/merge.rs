//! JSON merge patch (RFC 7386 `MergePatch`), as the API server applies `--type merge`
//! (evanphx/json-patch `MergePatch`, called from apiserver pkg/endpoints/handlers/patch.go
//! `jsonPatcher.applyJSPatch`): maps merge key by key, `null` removes a key, and anything
//! else, lists included, replaces the target whole. `create` is the other side, the patch
//! kubectl's `label` and `annotate` send (evanphx/json-patch `CreateMergePatch`).

use crate::apimachinery::unstructured::sorted;
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

/// The merge patch that turns `original` into `modified`, keys sorted as Go's `json.Marshal`
/// prints it: changed and added keys carry the new value, removed keys are `null`, a list that
/// differs is sent whole, unchanged keys are left out; no change is `{}`.
///
/// Upstream's `getDiff` does this for two objects. For anything else it diffs arrays item by
/// item or refuses mismatched types; here a `modified` that is not an object is the patch
/// itself, which RFC 7386 applies as a whole replacement, so `apply(original, create(..))` is
/// `modified` for every pair of documents.
pub fn create(original: &Value, modified: &Value) -> Value {
    let Value::Object(new) = modified else { return modified.clone() };
    let empty = Map::new();
    let old = original.as_object().unwrap_or(&empty);
    sorted(Value::Object(diff(old, new)))
}

/// `getDiff`: key by key, recursing into maps both sides hold.
fn diff(old: &Map<String, Value>, new: &Map<String, Value>) -> Map<String, Value> {
    let mut patch = Map::new();
    for (k, n) in new {
        match (old.get(k), n) {
            (Some(Value::Object(o)), Value::Object(m)) => {
                let sub = diff(o, m);
                if !sub.is_empty() {
                    patch.insert(k.clone(), Value::Object(sub));
                }
            }
            (Some(o), n) if same(o, n) => {}
            _ => {
                patch.insert(k.clone(), n.clone());
            }
        }
    }
    for k in old.keys() {
        if !new.contains_key(k) {
            patch.insert(k.clone(), Value::Null);
        }
    }
    patch
}

/// Equal as Go compares decoded JSON, where every number is a float64 (`matchesValue`,
/// `matchesArray`).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::{apply, create};
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

    /// Every row of appendix A read backwards: the patch made from the original to the result
    /// yields the result, whatever the patch the RFC wrote.
    #[test]
    fn a_created_patch_yields_the_modified_document_for_the_rfc_rows() {
        let rows = [
            (json!({"a":"b"}), json!({"a":"c"})),
            (json!({"a":"b"}), json!({"a":"b","b":"c"})),
            (json!({"a":"b","b":"c"}), json!({"b":"c"})),
            (json!({"a":["b"]}), json!({"a":"c"})),
            (json!({"a":"c"}), json!({"a":["b"]})),
            (json!({"a":{"b":"c"}}), json!({"a":{"b":"d"}})),
            (json!({"a":[{"b":"c"}]}), json!({"a":[1]})),
            (json!(["a", "b"]), json!(["c", "d"])),
            (json!({"a":"b"}), json!(["c"])),
            (json!({"a":"foo"}), json!("bar")),
            (json!({"e":null}), json!({"e":null,"a":1})),
            (json!([1, 2]), json!({"a":"b"})),
            (json!({}), json!({"a":{"bb":{}}})),
        ];
        for (original, modified) in rows {
            let patch = create(&original, &modified);
            assert_eq!(apply(&original, &patch), modified, "{original} -> {modified}: {patch}");
        }
    }

    /// What `kubectl label pod web tier=db app-` sends (label.go builds the patch with
    /// `jsonpatch.CreateMergePatch`): the new label, `null` for the removed one, nothing else.
    #[test]
    fn a_label_change_sends_only_the_labels_that_changed() {
        let original = json!({"kind": "Pod", "metadata": {"name": "web", "resourceVersion": "7",
            "labels": {"app": "web", "run": "web"}}, "spec": {"containers": [{"name": "web"}]}});
        let mut modified = original.clone();
        modified["metadata"]["labels"] = json!({"run": "web", "tier": "db"});
        assert_eq!(
            create(&original, &modified).to_string(),
            r#"{"metadata":{"labels":{"app":null,"tier":"db"}}}"#
        );
    }

    #[test]
    fn keys_come_out_sorted_and_a_changed_list_is_sent_whole() {
        let original = json!({"z": 1, "a": {"y": [1, 2], "b": true}});
        let modified = json!({"z": 2, "a": {"y": [1, 2, 3], "b": true}, "m": null});
        assert_eq!(
            create(&original, &modified).to_string(),
            r#"{"a":{"y":[1,2,3]},"m":null,"z":2}"#
        );
    }

    #[test]
    fn no_change_is_an_empty_object_and_numbers_compare_by_value() {
        let doc = json!({"a": {"b": [1, {"c": 2}]}, "n": 1});
        assert_eq!(create(&doc, &doc), json!({}));
        assert_eq!(create(&json!({"n": 1}), &json!({"n": 1.0})), json!({}));
    }

    /// Documents without `null`s, which a merge patch cannot set (a `null` in it deletes).
    fn document() -> impl proptest::strategy::Strategy<Value = Value> {
        use proptest::prelude::*;
        let leaf = prop_oneof![
            any::<bool>().prop_map(Value::from),
            (0..3i64).prop_map(Value::from),
            "[ab]{0,2}".prop_map(Value::from),
        ];
        leaf.prop_recursive(3, 24, 4, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..3).prop_map(Value::from),
                prop::collection::btree_map("[a-d]", inner, 0..4)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    proptest::proptest! {
        #[test]
        fn a_created_patch_turns_original_into_modified(o in document(), m in document()) {
            let patch = create(&o, &m);
            proptest::prop_assert_eq!(apply(&o, &patch), m);
            if o.is_object() {
                proptest::prop_assert_eq!(create(&o, &o), json!({}));
            }
        }
    }
}
