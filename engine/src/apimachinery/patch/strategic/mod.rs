//! Strategic merge patch, kubectl patch's default: a JSON merge patch that knows, per field,
//! whether a list is merged by a key (containers by `name`), merged as a set of primitives
//! (`finalizers`), or replaced, and honours the `$patch` directives.
//!
//! Models apimachinery pkg/util/strategicpatch/patch.go (`StrategicMergeMapPatch`,
//! `mergeMap`, `mergeSlice`, `mergeSliceWithoutSpecialElements`, `extractKey`,
//! `deleteFromSlice`, `mergeKeyValueEqual`, the `$patch`, `$retainKeys`,
//! `$deleteFromPrimitiveList/` and `$setElementOrder/` directives) and the errors in
//! apimachinery pkg/util/mergepatch/errors.go. The merge keys are the `patchMergeKey` /
//! `patchStrategy` tags of staging/src/k8s.io/api/core/v1/types.go and meta/v1 types.go for
//! the fields of the kinds kubeloop models (`RULES`); a list with no tag (tolerations, a
//! Node's taints, an EndpointSlice's endpoints) is replaced whole, as upstream.
//!
//! The creating side, `create_two_way`, is in `diff` and `create_three_way` (kubectl apply's)
//! in `three_way`; all read the merge keys in `rules`.
//!
//! A merged list takes the patch's order (`$setElementOrder/` when sent, else the patch list's
//! own), with the items only the server had kept in place (`order`). What differs: duplicates
//! already in a list of primitives are not collapsed.

mod diff;
#[cfg(test)]
mod diff_tests;
mod order;
#[cfg(test)]
mod round_trip_tests;
mod rules;
mod three_way;

pub use diff::create_two_way;
use rules::{strategy, Strategy, DELETE_FROM_PRIMITIVE, DIRECTIVE, RETAIN_KEYS, SET_ELEMENT_ORDER};
use serde_json::{Map, Value};
pub use three_way::create_three_way;

/// `original` (a whole object) with the strategic merge `patch` applied.
pub fn apply(original: &Value, patch: &Value) -> Result<Value, String> {
    let Value::Object(p) = patch else {
        // The API server decodes the body into a map first (patch.go `smpPatcher`).
        let kind = if patch.is_array() { "array" } else { "non-object" };
        return Err(format!(
            "json: cannot unmarshal {kind} into Go value of type map[string]interface {{}}"
        ));
    };
    let empty = Map::new();
    let o = original.as_object().unwrap_or(&empty);
    merge_map(o, p, &mut Vec::new()).map(Value::Object)
}

fn merge_map(
    original: &Map<String, Value>,
    patch: &Map<String, Value>,
    path: &mut Vec<String>,
) -> Result<Map<String, Value>, String> {
    match patch.get(DIRECTIVE) {
        None => {}
        Some(Value::String(d)) if d == "replace" => return Ok(without_directives(patch)),
        Some(Value::String(d)) if d == "delete" => return Ok(Map::new()),
        Some(Value::String(d)) if d == "merge" => {}
        Some(other) => {
            return Err(format!(
                "unknown patch type: {} in map: {}",
                other.as_str().unwrap_or("?"),
                Value::Object(patch.clone())
            ))
        }
    }
    let mut out = original.clone();
    if let Some(keep) = patch.get(RETAIN_KEYS) {
        let Value::Array(keep) = keep else {
            return Err("invalid patch: $retainKeys must be a list".into());
        };
        out.retain(|k, _| keep.iter().any(|x| x.as_str() == Some(k)));
    }
    for (k, v) in patch {
        if let Some(field) = k.strip_prefix(DELETE_FROM_PRIMITIVE) {
            let Value::Array(gone) = v else {
                return Err(format!("invalid patch: {k} must be a list"));
            };
            if let Some(Value::Array(list)) = out.get_mut(field) {
                list.retain(|x| !gone.contains(x));
            }
            continue;
        }
        if k == DIRECTIVE || k == RETAIN_KEYS || k.starts_with(SET_ELEMENT_ORDER) {
            continue;
        }
        if v.is_null() {
            out.shift_remove(k);
            continue;
        }
        path.push(k.clone());
        let order = set_order(patch, k)?;
        let merged = match (out.get(k), v) {
            (Some(Value::Object(o)), Value::Object(p)) => Value::Object(merge_map(o, p, path)?),
            (Some(Value::Array(o)), Value::Array(p)) => {
                Value::Array(merge_list(o, p, order, path)?)
            }
            // A field the object lacks is merged into nothing, so directives are still read.
            (None, Value::Object(p)) => Value::Object(merge_map(&Map::new(), p, path)?),
            (None, Value::Array(p)) => Value::Array(merge_list(&[], p, order, path)?),
            // Values of different types: the patch's replaces the original's.
            _ => v.clone(),
        };
        path.pop();
        out.insert(k.clone(), merged);
    }
    // A `$setElementOrder/` without its list: the list's content is unchanged, only its order
    // (upstream `mergePatchIntoOriginal`, the found-in-original-only case).
    for k in patch.keys().filter_map(|k| k.strip_prefix(SET_ELEMENT_ORDER)) {
        let (Some(order), false) = (set_order(patch, k)?, patch.contains_key(k)) else { continue };
        let Some(Value::Array(list)) = out.get(k) else { continue };
        path.push(k.to_string());
        let key = match strategy(path) {
            Strategy::ByKey(key) => Some(key),
            Strategy::Primitives => None,
            // Upstream cannot order a list that does not merge either; it is left as it is.
            Strategy::Replace => {
                path.pop();
                continue;
            }
        };
        path.pop();
        let reordered = order::normalize(list.clone(), order, list, key);
        out.insert(k.to_string(), Value::Array(reordered));
    }
    Ok(out)
}

/// The `$setElementOrder/<field>` list the patch sends for `field`, if any.
fn set_order<'a>(
    patch: &'a Map<String, Value>,
    field: &str,
) -> Result<Option<&'a [Value]>, String> {
    match patch.get(&format!("{SET_ELEMENT_ORDER}{field}")) {
        None => Ok(None),
        Some(Value::Array(order)) => Ok(Some(order)),
        // mergepatch.ErrBadArgType, as `mergePatchIntoOriginal` reports it.
        Some(other) => Err(format!("expected a slice, but received a {}", go_kind(other))),
    }
}

fn without_directives(m: &Map<String, Value>) -> Map<String, Value> {
    m.iter().filter(|(k, _)| !k.starts_with('$')).map(|(k, v)| (k.clone(), v.clone())).collect()
}

/// A list merged by its strategy, then put in the patch's order: `order` is the
/// `$setElementOrder/` list when the patch sends one, else the patch list's own order.
fn merge_list(
    original: &[Value],
    patch: &[Value],
    order: Option<&[Value]>,
    path: &mut Vec<String>,
) -> Result<Vec<Value>, String> {
    let strategy = strategy(path);
    if let (Some(order), Strategy::ByKey(_) | Strategy::Primitives) = (order, strategy) {
        let key = if let Strategy::ByKey(k) = strategy { Some(k) } else { None };
        order::check(patch, order, key)?;
    }
    match strategy {
        Strategy::Replace => Ok(patch.to_vec()),
        Strategy::Primitives => {
            let mut out = original.to_vec();
            for v in patch {
                if !out.contains(v) {
                    out.push(v.clone());
                }
            }
            Ok(order::normalize(out, order.unwrap_or(patch), original, None))
        }
        Strategy::ByKey(key) => merge_by_key(original, patch, key, order, path),
    }
}

fn merge_by_key(
    original: &[Value],
    patch: &[Value],
    key: &str,
    order: Option<&[Value]>,
    path: &mut Vec<String>,
) -> Result<Vec<Value>, String> {
    let directive = |v: &Value| v.get(DIRECTIVE).and_then(Value::as_str).map(str::to_string);
    // `{"$patch": "replace"}` among the items: the list is the other items (mergeSlice).
    if patch.iter().any(|v| directive(v).as_deref() == Some("replace")) {
        return Ok(patch.iter().filter(|v| directive(v).is_none()).cloned().collect());
    }
    let mut out = original.to_vec();
    for item in patch {
        let Value::Object(p) = item else {
            // A keyed list of non-maps cannot be merged: upstream replaces it too.
            return Ok(patch.to_vec());
        };
        let Some(want) = p.get(key) else {
            return Err(format!(
                "map: {} does not contain declared merge key: {key}",
                go_map(item)
            ));
        };
        let at = out.iter().position(|o| o.get(key) == Some(want));
        match (directive(item).as_deref(), at) {
            (Some("delete"), _) => out.retain(|o| o.get(key) != Some(want)),
            (Some(d), _) if d != "merge" => {
                return Err(format!("unknown patch type: {d} in map: {}", go_map(item)))
            }
            (_, Some(i)) => {
                let empty = Map::new();
                let o = out[i].as_object().unwrap_or(&empty);
                out[i] = Value::Object(merge_map(o, p, path)?);
            }
            (_, None) => out.push(Value::Object(merge_map(&Map::new(), p, path)?)),
        }
    }
    let named: Vec<Value> = patch.iter().filter(|v| directive(v).is_none()).cloned().collect();
    Ok(order::normalize(out, order.unwrap_or(&named), original, Some(key)))
}

/// The `reflect.Kind` name Go gives a decoded JSON value, as mergepatch's errors print it.
pub(super) fn go_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "invalid",
        Value::Bool(_) => "bool",
        Value::Number(_) => "float64",
        Value::String(_) => "string",
        Value::Array(_) => "slice",
        Value::Object(_) => "map",
    }
}

/// A map as Go's `%v` prints a `map[string]interface{}`: `map[k:v ...]`, keys sorted.
pub fn go_map(v: &Value) -> String {
    match v {
        Value::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            let parts: Vec<String> =
                keys.iter().map(|k| format!("{k}:{}", go_map(&m[*k]))).collect();
            format!("map[{}]", parts.join(" "))
        }
        Value::Array(a) => format!("[{}]", a.iter().map(go_map).collect::<Vec<_>>().join(" ")),
        Value::String(s) => s.clone(),
        Value::Null => "<nil>".into(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::apply;
    use serde_json::json;

    fn deployment(containers: serde_json::Value) -> serde_json::Value {
        json!({"spec": {"replicas": 1, "template": {"spec": {"containers": containers}}}})
    }

    /// strategicpatch testdata "merge lists of maps by merge key": the patched container
    /// keeps its other fields, the other container stays.
    #[test]
    fn containers_merge_by_name() {
        let original = deployment(json!([
            {"name": "web", "image": "nginx:1.27", "ports": [{"containerPort": 80}]},
            {"name": "sidecar", "image": "busybox"}
        ]));
        let patch = deployment(json!([{"name": "web", "image": "nginx:1.28"}]));
        let got = apply(&original, &patch).unwrap();
        assert_eq!(
            got["spec"]["template"]["spec"]["containers"],
            json!([
                {"name": "web", "image": "nginx:1.28", "ports": [{"containerPort": 80}]},
                {"name": "sidecar", "image": "busybox"}
            ])
        );
    }

    #[test]
    fn a_new_container_is_added_and_ports_merge_by_container_port() {
        let original =
            deployment(json!([{"name": "web", "ports": [{"containerPort": 80, "name": "http"}]}]));
        let patch = deployment(json!([
            {"name": "web", "ports": [{"containerPort": 80, "protocol": "TCP"}, {"containerPort": 443}]},
            {"name": "log", "image": "busybox"}
        ]));
        let got = apply(&original, &patch).unwrap();
        assert_eq!(
            got["spec"]["template"]["spec"]["containers"],
            json!([
                {"name": "web", "ports": [{"containerPort": 80, "name": "http", "protocol": "TCP"}, {"containerPort": 443}]},
                {"name": "log", "image": "busybox"}
            ])
        );
    }

    /// strategicpatch "delete item from a merging list" with `$patch: delete`.
    #[test]
    fn patch_delete_removes_the_keyed_item() {
        let original = deployment(json!([{"name": "web"}, {"name": "sidecar"}]));
        let patch = deployment(json!([{"name": "sidecar", "$patch": "delete"}]));
        let got = apply(&original, &patch).unwrap();
        assert_eq!(got["spec"]["template"]["spec"]["containers"], json!([{"name": "web"}]));
    }

    #[test]
    fn patch_replace_replaces_a_list_or_a_map() {
        let original = deployment(json!([{"name": "web"}, {"name": "sidecar"}]));
        let patch = deployment(json!([{"name": "only"}, {"$patch": "replace"}]));
        let got = apply(&original, &patch).unwrap();
        assert_eq!(got["spec"]["template"]["spec"]["containers"], json!([{"name": "only"}]));
        let got =
            apply(&json!({"a": {"x": 1, "y": 2}}), &json!({"a": {"$patch": "replace", "z": 3}}));
        assert_eq!(got.unwrap(), json!({"a": {"z": 3}}));
    }

    #[test]
    fn lists_without_a_merge_key_are_replaced_and_null_deletes() {
        let original = json!({"spec": {"tolerations": [{"key": "a"}], "nodeName": "n1", "x": 1}});
        let patch = json!({"spec": {"tolerations": [{"key": "b"}], "x": null}});
        assert_eq!(
            apply(&original, &patch).unwrap(),
            json!({"spec": {"tolerations": [{"key": "b"}], "nodeName": "n1"}})
        );
    }

    #[test]
    fn finalizers_merge_as_a_set_and_delete_from_primitive_list_removes() {
        let original = json!({"metadata": {"finalizers": ["a", "b"]}});
        let got = apply(&original, &json!({"metadata": {"finalizers": ["b", "c"]}})).unwrap();
        assert_eq!(got, json!({"metadata": {"finalizers": ["a", "b", "c"]}}));
        let got =
            apply(&original, &json!({"metadata": {"$deleteFromPrimitiveList/finalizers": ["a"]}}));
        assert_eq!(got.unwrap(), json!({"metadata": {"finalizers": ["b"]}}));
    }

    #[test]
    fn an_item_without_its_merge_key_is_refused_in_upstream_words() {
        let original = deployment(json!([{"name": "web"}]));
        let patch = deployment(json!([{"image": "x"}]));
        assert_eq!(
            apply(&original, &patch),
            Err("map: map[image:x] does not contain declared merge key: name".into())
        );
    }
}
