//! The order of a merged list (upstream's `normalizeElementOrder` and `mergeSortedSlice`):
//! the items the patch names come in the patch's order, `$setElementOrder/` when it sends one;
//! the items only the server had keep their own order and stay, as far as they can, where
//! they stood relative to the named ones.

use super::rules::{DIRECTIVE, SET_ELEMENT_ORDER};
use super::{go_kind, go_map};
use serde_json::Value;

/// What identifies an item: its merge key's value, or the whole primitive.
fn id<'a>(v: &'a Value, key: Option<&str>) -> Option<&'a Value> {
    match key {
        Some(k) => v.get(k),
        None => Some(v),
    }
}

fn position(list: &[Value], v: &Value, key: Option<&str>) -> Option<usize> {
    let want = id(v, key)?;
    list.iter().position(|x| id(x, key) == Some(want))
}

/// `merged` reordered: `order` is the patch's order, `server` the list before the patch.
pub(super) fn normalize(
    merged: Vec<Value>,
    order: &[Value],
    server: &[Value],
    key: Option<&str>,
) -> Vec<Value> {
    let (mut named, mut server_only): (Vec<Value>, Vec<Value>) =
        merged.into_iter().partition(|v| position(order, v, key).is_some());
    crate::sort::sort_by_key(&mut named, |v| position(order, v, key).unwrap_or(usize::MAX));
    crate::sort::sort_by_key(&mut server_only, |v| position(server, v, key).unwrap_or(usize::MAX));
    // Interleave: a server-only item goes first only when the server had it before the named
    // item that would come next; the patch's order otherwise wins.
    let mut out = Vec::with_capacity(named.len() + server_only.len());
    let mut left = server_only.into_iter().peekable();
    let mut right = named.into_iter().peekable();
    loop {
        let take_left = match (left.peek(), right.peek()) {
            (None, None) => break,
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (Some(l), Some(r)) => {
                matches!((position(server, l, key), position(server, r, key)), (Some(a), Some(b)) if a < b)
            }
        };
        let next = if take_left { left.next() } else { right.next() };
        out.extend(next);
    }
    out
}

/// `validatePatchWithSetOrderList`: the items of the patch list (deletions aside) must appear
/// in the `$setElementOrder/` list, in the same relative order.
pub(super) fn check(patch: &[Value], order: &[Value], key: Option<&str>) -> Result<(), String> {
    let is_delete = |v: &Value| v.get(DIRECTIVE).and_then(Value::as_str) == Some("delete");
    let named: Vec<&Value> = patch.iter().filter(|v| key.is_none() || !is_delete(v)).collect();
    let (mut p, mut o) = (0, 0);
    while p < named.len() && o < order.len() {
        // Other directive items (`$patch: replace`) name nothing.
        if key.is_some() && named[p].get(DIRECTIVE).is_some() {
            p += 1;
            continue;
        }
        if same_key(named[p], &order[o], key)? {
            p += 1;
        }
        o += 1;
    }
    if p < named.len() {
        return Err(format!(
            "The order in patch list:\n{}\n doesn't match {} list:\n{}\n",
            go_map(&Value::Array(patch.to_vec())),
            SET_ELEMENT_ORDER.trim_end_matches('/'),
            go_map(&Value::Array(order.to_vec()))
        ));
    }
    Ok(())
}

/// `mergeKeyValueEqual`, with its errors for items that are not maps or lack the key.
fn same_key(a: &Value, b: &Value, key: Option<&str>) -> Result<bool, String> {
    let Some(key) = key else { return Ok(a == b) };
    let mut values = [a, b].into_iter().map(|v| match v {
        Value::Object(_) => v.get(key).ok_or_else(|| {
            format!("map: {} does not contain declared merge key: {key}", go_map(v))
        }),
        other => Err(format!("expected a map, but received a {}", go_kind(other))),
    });
    let (Some(x), Some(y)) = (values.next(), values.next()) else { return Ok(false) };
    Ok(x? == y?)
}

#[cfg(test)]
mod tests {
    use super::super::apply;
    use serde_json::{json, Value};

    fn c(list: Value) -> Value {
        json!({"spec": {"containers": list}})
    }

    fn f(list: Value) -> Value {
        json!({"metadata": {"finalizers": list}})
    }

    /// patch_test.go `customStrategicMergePatchTestCaseData` and
    /// `customStrategicMergePatchRawTestCases`, by description, with `mergingList` as
    /// `spec.containers` and `mergingIntList` as `metadata.finalizers`.
    #[test]
    fn upstream_order_vectors_hold() {
        let rows: Vec<(&str, Value, Value, Value)> = vec![
            (
                "preserve the order from the patch in a merging list",
                c(json!([{"name": 1}, {"name": 2, "value": "b"}, {"name": 3}])),
                c(json!([{"name": 3, "value": "c"}, {"name": 1, "value": "a"},
                    {"name": 2, "other": "x"}])),
                c(json!([{"name": 3, "value": "c"}, {"name": 1, "value": "a"},
                    {"name": 2, "value": "b", "other": "x"}])),
            ),
            (
                "preserve the order from the patch in a merging list 2",
                c(json!([{"name": 1}, {"name": 2, "value": "b"}, {"name": 3}])),
                c(json!([{"name": 3, "value": "c"}, {"name": 1, "value": "a"}])),
                c(json!([{"name": 2, "value": "b"}, {"name": 3, "value": "c"},
                    {"name": 1, "value": "a"}])),
            ),
            (
                "preserve the order from the patch in a merging int list",
                f(json!([1, 2, 3])),
                f(json!([3, 1, 2])),
                f(json!([3, 1, 2])),
            ),
            (
                "preserve the order from the patch in a merging int list (2)",
                f(json!([1, 2, 3])),
                f(json!([3, 1])),
                f(json!([2, 3, 1])),
            ),
            (
                "$setElementOrder contains item that is not present in the list to be merged",
                c(json!([{"name": 1}, {"name": 3}])),
                json!({"spec": {"$setElementOrder/containers": [{"name": 3}, {"name": 2}, {"name": 1}],
                    "containers": [{"name": 3, "value": 3}, {"name": 1, "value": 1}]}}),
                c(json!([{"name": 3, "value": 3}, {"name": 1, "value": 1}])),
            ),
            (
                "$setElementOrder contains item that is not present in the int list to be merged",
                f(json!([1, 3])),
                json!({"metadata": {"$setElementOrder/finalizers": [3, 2, 1]}}),
                f(json!([3, 1])),
            ),
        ];
        for (description, original, patch, want) in rows {
            assert_eq!(apply(&original, &patch).unwrap(), want, "{description}");
        }
    }

    /// patch_test.go "should check if order in $setElementOrder and patch list match", for a
    /// list of maps and a list of primitives.
    #[test]
    fn a_patch_list_out_of_its_set_element_order_is_refused() {
        let original = c(json!([{"name": 1}, {"name": 3}, {"name": 2}]));
        let patch = json!({"spec": {"$setElementOrder/containers": [{"name": 1}, {"name": 2}, {"name": 3}],
            "containers": [{"name": 3, "value": 3}, {"name": 1, "value": 1}]}});
        assert_eq!(
            apply(&original, &patch),
            Err("The order in patch list:\n[map[name:3 value:3] map[name:1 value:1]]\n \
                 doesn't match $setElementOrder list:\n[map[name:1] map[name:2] map[name:3]]\n"
                .into())
        );
        let patch = json!({"metadata": {"$setElementOrder/finalizers": [1, 2, 3],
            "finalizers": [3, 1]}});
        let got = apply(&f(json!([1, 3, 2])), &patch).unwrap_err();
        assert!(got.contains("doesn't match $setElementOrder list"), "{got}");
        // Deletions are not ordered, so they do not count.
        let patch = json!({"spec": {"$setElementOrder/containers": [{"name": 2}],
            "containers": [{"name": 1, "$patch": "delete"}]}});
        assert_eq!(apply(&original, &patch).unwrap(), c(json!([{"name": 3}, {"name": 2}])));
    }

    #[test]
    fn an_order_that_is_not_a_list_is_refused() {
        let patch = json!({"spec": {"$setElementOrder/containers": "a"}});
        assert_eq!(
            apply(&c(json!([{"name": "a"}])), &patch),
            Err("expected a slice, but received a string".into())
        );
    }
}
