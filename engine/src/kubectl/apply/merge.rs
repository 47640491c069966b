//! The three-way merge `kubectl apply` makes of the live object, the manifest and the
//! previous apply's document (apply/patcher.go `patchSimple`), with JSON merge rules: maps
//! merge key by key, lists are replaced whole.

use std::collections::BTreeMap;

use serde_json::Value;

/// The current object with its spec patched three ways: what the manifest sets wins, what
/// the previous apply set and this manifest leaves out goes, and what neither mentions
/// stays (a `kubectl scale` between two applies of a manifest without `replicas`, the node
/// the scheduler chose). Maps merge key by key; lists are replaced whole (kubeloop's
/// containers carry no server-set fields for a merge by name to keep).
pub(super) fn merged_spec<T: serde::Serialize + serde::de::DeserializeOwned>(
    current: &T,
    source: &Value,
    before: Option<&Value>,
) -> Option<T> {
    let mut doc = serde_json::to_value(current).ok()?;
    // Kinds without a spec (EndpointSlices, Endpoints) are replaced whole.
    doc.get("spec")?;
    let empty = Value::Object(Default::default());
    let want = source.get("spec").unwrap_or(&empty);
    let had = doc.get("spec").cloned().unwrap_or(Value::Null);
    let spec = merge_value(&had, want, before.and_then(|b| b.get("spec")));
    if let Value::Object(top) = &mut doc {
        top.insert("spec".into(), spec);
    }
    // Decoded from `&Value`, as manifests are, so each kind has one decoder in the bundle.
    T::deserialize(&doc).ok()
}

fn merge_value(current: &Value, desired: &Value, before: Option<&Value>) -> Value {
    match (current, desired) {
        (Value::Object(cur), Value::Object(want)) => {
            let mut out = cur.clone();
            for (k, v) in want {
                let merged = merge_value(
                    cur.get(k).unwrap_or(&Value::Null),
                    v,
                    before.and_then(|b| b.get(k)),
                );
                out.insert(k.clone(), merged);
            }
            if let Some(Value::Object(had)) = before {
                for k in had.keys().filter(|k| !want.contains_key(*k)) {
                    out.shift_remove(k);
                }
            }
            out.into_iter().filter(|(_, v)| !v.is_null()).collect()
        }
        _ => desired.clone(),
    }
}

/// A three-way merge of one string map, as a strategic merge patch does it: keys in the new
/// manifest win, keys the previous apply set and the new one drops go, the rest stay.
pub(super) fn merge<'a>(
    current: impl IntoIterator<Item = (&'a String, &'a String)>,
    desired: impl IntoIterator<Item = (&'a String, &'a String)>,
    applied_before: &[String],
) -> BTreeMap<String, String> {
    let desired: BTreeMap<String, String> =
        desired.into_iter().map(|(k, v)| (k.clone(), v.clone())).collect();
    let mut out: BTreeMap<String, String> = current
        .into_iter()
        .filter(|(k, _)| desired.contains_key(*k) || !applied_before.contains(k))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    out.extend(desired);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_spec_merge_sets_the_manifest_drops_what_apply_dropped_and_keeps_the_rest() {
        let current = json!({"replicas": 3, "paused": true, "selector": {"matchLabels": {"app": "web"}}, "old": 1});
        let desired = json!({"selector": {"matchLabels": {"app": "web"}}, "minReadySeconds": 5});
        let before = json!({"old": 1, "selector": {"matchLabels": {"app": "web"}}});
        assert_eq!(
            merge_value(&current, &desired, Some(&before)),
            json!({"replicas": 3, "paused": true, "selector": {"matchLabels": {"app": "web"}}, "minReadySeconds": 5})
        );
    }

    #[test]
    fn a_merge_keeps_what_the_cluster_set_and_drops_what_apply_set_before() {
        let map = |pairs: &[(&str, &str)]| -> BTreeMap<String, String> {
            pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
        };
        let current = map(&[("revision", "2"), ("team", "a"), ("old", "x")]);
        let desired = map(&[("team", "b")]);
        let merged = merge(&current, &desired, &["team".into(), "old".into()]);
        assert_eq!(merged, map(&[("revision", "2"), ("team", "b")]));
    }
}
