//! The three-way strategic merge patch `kubectl apply` sends: from the previous apply's
//! document (`original`, the last-applied-configuration annotation), the new manifest
//! (`modified`) and the live object (`current`). What the manifest sets is sent when the live
//! object differs; what the previous apply set and this manifest drops is deleted; what
//! neither apply ever set (the replicas `kubectl scale` wrote, the node the scheduler chose,
//! the defaults the server filled in) is left alone.
//!
//! Models apimachinery pkg/util/strategicpatch/patch.go `CreateThreeWayMergePatch` with
//! `overwrite` true (kubectl apply's `--overwrite` default, so no conflict check): a diff of
//! current to modified without deletions (`IgnoreDeletions`), a diff of original to modified
//! with nothing but deletions (`IgnoreChangesAndAdditions`), and the first merged into the
//! second as one patch into another (`mergeMap` with `MergeOptions{}`: directives are carried,
//! not carried out; `mergePatchIntoOriginal`, `applyRetainKeysDirective`,
//! `preprocessDeletionListForMerging`, `mergeSlice`, `removeDirectives`).

use serde_json::{Map, Value};

use super::diff::{diff_maps, go_equal, Opts};
use super::order;
use super::rules::SET_ELEMENT_ORDER;
use super::rules::{strategy, Strategy, DELETE_FROM_PRIMITIVE, DIRECTIVE, RETAIN_KEYS};
use crate::apimachinery::unstructured::sorted;

/// The patch that takes `current` to `modified`, deleting what `original` set and `modified`
/// no longer does, keys sorted as Go's `json.Marshal` prints it. No change is `{}`.
pub fn create_three_way(
    original: &Value,
    modified: &Value,
    current: &Value,
) -> Result<Value, String> {
    // Each document is unmarshalled into a map; `null` (no previous apply) is an empty one.
    let as_map = |v: &Value| -> Result<Map<String, Value>, String> {
        match v {
            Value::Object(m) => Ok(m.clone()),
            Value::Null => Ok(Map::new()),
            _ => Err("invalid JSON document".into()),
        }
    };
    let (original, modified, current) = (as_map(original)?, as_map(modified)?, as_map(current)?);
    let delta_opts = Opts { ignore_deletions: true, ..Opts::ALL };
    let delta = diff_maps(&current, &modified, &mut Vec::new(), delta_opts)?;
    let deletions_opts = Opts { ignore_changes: true, ..Opts::ALL };
    let deletions = diff_maps(&original, &modified, &mut Vec::new(), deletions_opts)?;
    let patch = merge_patches(deletions, delta, &mut Vec::new())?;
    Ok(sorted(Value::Object(patch)))
}

/// `mergeMap(original, patch, MergeOptions{})` where both are patches: `$retainKeys` and
/// `$setElementOrder/` lists move from `patch` into `original` (and must agree when both have
/// one), a parallel deletion list is kept as it is, and a null stays a null.
fn merge_patches(
    mut original: Map<String, Value>,
    mut patch: Map<String, Value>,
    path: &mut Vec<String>,
) -> Result<Map<String, Value>, String> {
    // handleDirectiveInMergeMap.
    match patch.get(DIRECTIVE) {
        None => {}
        Some(Value::String(d)) if d == "replace" => {
            patch.shift_remove(DIRECTIVE);
            return Ok(patch);
        }
        Some(Value::String(d)) if d == "delete" => return Ok(Map::new()),
        Some(other) => {
            return Err(format!(
                "unknown patch type: {} in map: {}",
                other.as_str().unwrap_or("?"),
                super::go_map(&Value::Object(patch.clone()))
            ))
        }
    }
    // applyRetainKeysDirective, not merging parallel lists.
    if let Some(keep) = patch.shift_remove(RETAIN_KEYS) {
        match original.get(RETAIN_KEYS) {
            Some(had) if !go_equal(had, &keep) => {
                return Err(format!(
                    "{} and {} are not deep equal: this may happen when calculating the 3-way diff patch",
                    super::go_map(had),
                    super::go_map(&keep)
                ))
            }
            Some(_) => {}
            None => {
                original.insert(RETAIN_KEYS.into(), keep);
            }
        }
    }
    // mergePatchIntoOriginal: each `$setElementOrder/` list and the list it orders.
    let orders: Vec<String> =
        patch.keys().filter(|k| k.starts_with(SET_ELEMENT_ORDER)).cloned().collect();
    for directive in orders {
        let order = patch.shift_remove(&directive).unwrap_or(Value::Null);
        match original.get(&directive) {
            Some(had) if !go_equal(had, &order) => {
                return Err("invalid patch format of setElementOrder list".into())
            }
            Some(_) => {}
            None => {
                original.insert(directive.clone(), order.clone());
            }
        }
        let Value::Array(order) = order else {
            return Err(format!("expected a slice, but received a {}", super::go_kind(&order)));
        };
        let field = directive[SET_ELEMENT_ORDER.len()..].to_string();
        path.push(field.clone());
        let key = merge_key(path);
        let merged = match (original.get(&field), patch.shift_remove(&field)) {
            (Some(Value::Array(had)), None) => Some((had.clone(), had.clone())),
            (None, Some(Value::Array(new))) => {
                let Some(Value::Array(v)) = remove_directives(&Value::Array(new)) else {
                    path.pop();
                    continue;
                };
                Some((v, Vec::new()))
            }
            (Some(Value::Array(had)), Some(Value::Array(new))) => {
                let had = had.clone();
                Some((merge_lists(had.clone(), new, path)?, had))
            }
            (None, None) => None,
            (Some(_), _) | (_, Some(_)) => {
                path.pop();
                return Err("expected a slice, but received a map".into());
            }
        };
        path.pop();
        if let Some((merged, server)) = merged {
            let list = order::normalize(merged, &order, &server, key);
            original.insert(field, Value::Array(list));
        }
    }
    for (k, v) in patch {
        // preprocessDeletionListForMerging: a parallel deletion list is carried as it is.
        if k.starts_with(DELETE_FROM_PRIMITIVE) {
            original.insert(k, v);
            continue;
        }
        if v.is_null() {
            // Deleted, then kept as an explicit null for the server to delete.
            original.insert(k, Value::Null);
            continue;
        }
        path.push(k.clone());
        let merged = match (original.get(&k), v) {
            (Some(Value::Object(had)), Value::Object(new)) => {
                Some(Value::Object(merge_patches(had.clone(), new, path)?))
            }
            (Some(Value::Array(had)), Value::Array(new)) => match strategy(path) {
                Strategy::Replace => Some(Value::Array(new)),
                _ => Some(Value::Array(merge_lists(had.clone(), new, path)?)),
            },
            // Not in the original, of another type, or a scalar: the patch's value, without
            // any item that is itself a directive.
            (_, new) => remove_directives(&new),
        };
        path.pop();
        match merged {
            Some(value) => {
                original.insert(k, value);
            }
            None => {
                original.shift_remove(&k);
            }
        }
    }
    Ok(original)
}

/// The merge key of the list at `path`, when it merges by one.
fn merge_key(path: &[String]) -> Option<&'static str> {
    match strategy(path) {
        Strategy::ByKey(key) => Some(key),
        _ => None,
    }
}

/// `mergeSlice` of two patch lists: primitives are joined without duplicates, maps merged by
/// their key (an item only the patch names is appended), then put in the patch's order.
fn merge_lists(
    mut original: Vec<Value>,
    patch: Vec<Value>,
    path: &mut Vec<String>,
) -> Result<Vec<Value>, String> {
    if original.is_empty() && patch.is_empty() {
        return Ok(original);
    }
    let server = original.clone();
    let key = merge_key(path);
    let maps = original.iter().chain(&patch).any(Value::is_object);
    match key {
        Some(key) if maps => {
            // mergeSliceWithSpecialElements: a `$patch: delete` item removes its match.
            let is_delete = |v: &Value| v.get(DIRECTIVE).and_then(Value::as_str) == Some("delete");
            for gone in patch.iter().filter(|v| is_delete(v)) {
                original.retain(|o| o.get(key) != gone.get(key));
            }
            for item in patch.iter().filter(|v| v.get(DIRECTIVE).is_none()) {
                let Value::Object(p) = item else {
                    return Err(format!("expected a map, but received a {}", super::go_kind(item)));
                };
                let Some(want) = p.get(key) else {
                    return Err(format!(
                        "map: {} does not contain declared merge key: {key}",
                        super::go_map(item)
                    ));
                };
                match original.iter().position(|o| o.get(key) == Some(want)) {
                    Some(i) => {
                        let had = original[i].as_object().cloned().unwrap_or_default();
                        original[i] = Value::Object(merge_patches(had, p.clone(), path)?);
                    }
                    None => original.push(item.clone()),
                }
            }
        }
        None if maps => return Err("cannot merge lists without merge key".into()),
        _ => {
            for v in &patch {
                if !original.iter().any(|o| go_equal(o, v)) {
                    original.push(v.clone());
                }
            }
        }
    }
    Ok(order::normalize(original, &patch, &server, key))
}

/// `removeDirectives`: a map holding `$patch` is dropped (`None`), wherever it is.
fn remove_directives(v: &Value) -> Option<Value> {
    match v {
        Value::Object(m) if m.contains_key(DIRECTIVE) => None,
        Value::Object(m) => Some(Value::Object(
            m.iter().filter_map(|(k, v)| remove_directives(v).map(|v| (k.clone(), v))).collect(),
        )),
        Value::Array(items) => {
            Some(Value::Array(items.iter().filter_map(remove_directives).collect()))
        }
        other => Some(other.clone()),
    }
}

#[cfg(test)]
#[path = "three_way_tests.rs"]
mod tests;
