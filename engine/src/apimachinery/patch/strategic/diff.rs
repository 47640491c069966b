//! The creating side of strategic merge patch: the two-way diff kubectl sends after changing a
//! copy of an object (`set image`, `set env`, `set resources`, `cordon`, `rollout pause`).
//! It reads the same `rules` as `apply`, so a patch it makes is merged back by the same keys.
//!
//! Models apimachinery pkg/util/strategicpatch/patch.go `CreateTwoWayMergeMapPatch` with
//! `DiffOptions{SetElementOrder: true}` (and, for `three_way`, its `IgnoreDeletions` and
//! `IgnoreChangesAndAdditions`): `diffMaps`, `handleMapDiff`, `handleSliceDiff`,
//! `diffLists`, `diffListsOfMaps`, `diffListsOfScalars`, `isOrderSame`, and the errors of
//! pkg/util/mergepatch/errors.go. The three-way patch `kubectl apply` sends is `three_way`'s.
//!
//! What differs: upstream looks fields up in the Go struct and refuses a changed field the
//! struct lacks; kubeloop has no structs, so a map it does not know is diffed key by key and a
//! list it does not know is replaced whole (the default of every untagged field). Numbers are
//! equal when their values are (Go holds every JSON number as a float64).

use super::rules::{retains_keys, strategy, Strategy, DIRECTIVE, RETAIN_KEYS};
use super::rules::{DELETE_FROM_PRIMITIVE, SET_ELEMENT_ORDER};
use super::{go_kind, go_map};
use crate::apimachinery::unstructured::sorted;
use serde_json::{Map, Value};
use std::cmp::Ordering;

/// The strategic merge patch that turns `original` into `modified` (both whole objects), keys
/// sorted as Go's `json.Marshal` prints the map kubectl sends. No change is `{}`.
pub fn create_two_way(original: &Value, modified: &Value) -> Result<Value, String> {
    let empty = Map::new();
    // CreateTwoWayMergePatch unmarshals both into a map: `null` is an empty one, anything else
    // that is not an object is `mergepatch.ErrBadJSONDoc`.
    let as_map = |v: &'_ Value| -> Result<Map<String, Value>, String> {
        match v {
            Value::Object(m) => Ok(m.clone()),
            Value::Null => Ok(empty.clone()),
            _ => Err("invalid JSON document".into()),
        }
    };
    let patch = diff_maps(&as_map(original)?, &as_map(modified)?, &mut Vec::new(), Opts::ALL)?;
    Ok(sorted(Value::Object(patch)))
}

/// upstream's `DiffOptions`, with `SetElementOrder` always on (kubectl's two- and three-way
/// patches both set it): `retain` is `BuildRetainKeysDirective`; the three-way patch diffs
/// once without deletions and once with nothing but them.
#[derive(Clone, Copy)]
pub(super) struct Opts {
    pub retain: bool,
    pub ignore_deletions: bool,
    pub ignore_changes: bool,
}

impl Opts {
    pub const ALL: Opts = Opts { retain: false, ignore_deletions: false, ignore_changes: false };

    fn retaining(self, retain: bool) -> Opts {
        Opts { retain, ..self }
    }
}

/// `diffMaps`: changed and added keys carry their new value (maps and merging lists by their
/// own diff), removed keys are `null`. `opts.retain` is set inside a `retainKeys` field.
pub(super) fn diff_maps(
    original: &Map<String, Value>,
    modified: &Map<String, Value>,
    path: &mut Vec<String>,
    opts: Opts,
) -> Result<Map<String, Value>, String> {
    let mut patch = Map::new();
    let mut kept: Vec<Value> = Vec::new();
    for (key, new) in modified {
        if opts.retain && !new.is_null() {
            kept.push(Value::String(key.clone()));
        }
        let Some(old) = original.get(key) else {
            if !opts.ignore_changes {
                patch.insert(key.clone(), new.clone());
            }
            continue;
        };
        if key == DIRECTIVE {
            // handleDirectiveMarker: a directive in the documents themselves is compared as a
            // string and never diffed further.
            let (Some(o), Some(m)) = (old.as_str(), new.as_str()) else {
                return Err(format!("invalid value for special key: {DIRECTIVE}"));
            };
            if o != m {
                patch.insert(key.clone(), new.clone());
            }
            continue;
        }
        path.push(key.clone());
        let diffed = match (old, new) {
            (Value::Object(o), Value::Object(m)) => {
                let sub = diff_maps(o, m, path, opts.retaining(retains_keys(path)))?;
                if !sub.is_empty() {
                    patch.insert(key.clone(), Value::Object(sub));
                }
                Ok(())
            }
            (Value::Array(o), Value::Array(m)) => diff_slice(key, o, m, path, &mut patch, opts),
            // Different types, or equal types that are not equal values: the new value whole.
            _ => {
                if !opts.ignore_changes && !go_equal(old, new) {
                    patch.insert(key.clone(), new.clone());
                }
                Ok(())
            }
        };
        path.pop();
        diffed?;
    }
    // updatePatchIfMissing.
    for key in original.keys() {
        if !opts.ignore_deletions && !modified.contains_key(key) {
            patch.insert(key.clone(), Value::Null);
        }
    }
    // The keys to retain are sent when something changed or a non-null key went away
    // (`hasAdditionalNewField`), sorted as `sortScalars` sorts them.
    let dropped = original.iter().any(|(k, v)| !v.is_null() && !modified.contains_key(k));
    if !kept.is_empty() && (!patch.is_empty() || dropped) {
        sort_scalars(&mut kept);
        patch.insert(RETAIN_KEYS.into(), Value::Array(kept));
    }
    Ok(patch)
}

/// `handleSliceDiff`: a merging list contributes its changed items, a parallel
/// `$deleteFromPrimitiveList/` and a `$setElementOrder/`; any other list is replaced whole.
fn diff_slice(
    key: &str,
    original: &[Value],
    modified: &[Value],
    path: &mut Vec<String>,
    patch: &mut Map<String, Value>,
    opts: Opts,
) -> Result<(), String> {
    let merge_key = match strategy(path) {
        Strategy::Replace => {
            if !opts.ignore_changes && !go_equal_lists(original, modified) {
                patch.insert(key.into(), Value::Array(modified.to_vec()));
            }
            return Ok(());
        }
        Strategy::ByKey(k) => k,
        Strategy::Primitives => "",
    };
    let lists =
        diff_lists(original, modified, merge_key, path, opts.retaining(retains_keys(path)))?;
    if !lists.changes.is_empty() {
        patch.insert(key.into(), Value::Array(lists.changes));
    }
    if !lists.deletions.is_empty() {
        patch.insert(format!("{DELETE_FROM_PRIMITIVE}{key}"), Value::Array(lists.deletions));
    }
    if !lists.order.is_empty() {
        patch.insert(format!("{SET_ELEMENT_ORDER}{key}"), Value::Array(lists.order));
    }
    Ok(())
}

/// What `diffLists` returns for one merging list.
#[derive(Default)]
struct ListDiff {
    /// New and changed items in modified's order, then `$patch: delete` items.
    changes: Vec<Value>,
    /// Primitives to remove (the parallel deletion list).
    deletions: Vec<Value>,
    /// Modified's order, for `$setElementOrder/`: merge keys only for maps.
    order: Vec<Value>,
}

/// `diffLists`, choosing maps or scalars by what the lists hold, as upstream does.
fn diff_lists(
    original: &[Value],
    modified: &[Value],
    merge_key: &str,
    path: &mut Vec<String>,
    opts: Opts,
) -> Result<ListDiff, String> {
    // An empty original takes modified whole, without an order (upstream's first branch).
    if original.is_empty() {
        if opts.ignore_changes {
            return Ok(ListDiff::default());
        }
        return Ok(ListDiff { changes: modified.to_vec(), ..ListDiff::default() });
    }
    if element_kind(original, modified)? != Kind::Map {
        return Ok(diff_lists_of_scalars(original, modified, opts));
    }
    let (mut changes, deletions) = diff_lists_of_maps(original, modified, merge_key, path, opts)?;
    let at =
        |v: &Value| modified.iter().position(|m| go_equal_opt(m.get(merge_key), v.get(merge_key)));
    // normalizeSliceOrder: a stable sort into modified's order.
    crate::sort::sort_by_key(&mut changes, |v| at(v).unwrap_or(usize::MAX));
    let order_same = original.len() == modified.len()
        && original
            .iter()
            .zip(modified)
            .all(|(o, m)| go_equal_opt(o.get(merge_key), m.get(merge_key)));
    changes.extend(deletions);
    let changed = !changes.is_empty();
    let order = if (!opts.ignore_changes && (changed || !order_same))
        || (!opts.ignore_deletions && changed)
    {
        let only_key = |v: &Value| {
            let mut m = Map::new();
            m.insert(merge_key.into(), v.get(merge_key).cloned().unwrap_or(Value::Null));
            Value::Object(m)
        };
        modified.iter().map(only_key).collect()
    } else {
        Vec::new()
    };
    Ok(ListDiff { changes, deletions: Vec::new(), order })
}

/// `diffListsOfScalars`: both sides sorted by their printed form and walked together.
fn diff_lists_of_scalars(original: &[Value], modified: &[Value], opts: Opts) -> ListDiff {
    let mut old = original.to_vec();
    let mut new = modified.to_vec();
    sort_scalars(&mut old);
    sort_scalars(&mut new);
    let (mut adds, mut deletions) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < old.len() || j < new.len() {
        let step = match (old.get(i).map(go_map), new.get(j).map(go_map)) {
            (Some(o), Some(m)) => o.cmp(&m),
            (None, _) => Ordering::Greater,
            (_, None) => Ordering::Less,
        };
        match step {
            Ordering::Equal => (i, j) = (i + 1, j + 1),
            Ordering::Greater => {
                if !opts.ignore_changes {
                    adds.push(new[j].clone());
                }
                j += 1;
            }
            Ordering::Less => {
                if !opts.ignore_deletions {
                    deletions.push(old[i].clone());
                }
                i += 1;
            }
        }
    }
    let mut unique: Vec<Value> = Vec::new();
    for d in deletions {
        if !unique.iter().any(|u| go_equal(u, &d)) {
            unique.push(d);
        }
    }
    let at = |v: &Value| modified.iter().position(|m| go_equal(m, v));
    crate::sort::sort_by_key(&mut adds, |v| at(v).unwrap_or(usize::MAX));
    // Upstream sorts `original` in place before it asks whether the lists differ, so a merging
    // list of primitives that is only out of sort order still sends its order, and one changed
    // only into sort order sends none. Kept, so the bytes match what kubectl sends
    // (kubernetes/kubernetes pull 103797 describes it; it was closed unmerged).
    let order = if (!opts.ignore_deletions && !unique.is_empty())
        || (!opts.ignore_changes && !go_equal_lists(&old, modified))
    {
        modified.to_vec()
    } else {
        Vec::new()
    };
    ListDiff { changes: adds, deletions: unique, order }
}

/// `diffListsOfMaps`: items matched by merge key after sorting both sides by its printed form;
/// a matched item that changed sends its diff plus its key, a new item is sent whole, a gone
/// one as `{"$patch": "delete", key: value}`.
fn diff_lists_of_maps(
    original: &[Value],
    modified: &[Value],
    merge_key: &str,
    path: &mut Vec<String>,
    opts: Opts,
) -> Result<(Vec<Value>, Vec<Value>), String> {
    let old = keyed(original, merge_key)?;
    let new = keyed(modified, merge_key)?;
    let (mut changes, mut deletions) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < old.len() || j < new.len() {
        let step = match (old.get(i), new.get(j)) {
            (Some(o), Some(m)) => o.printed.cmp(&m.printed),
            (None, _) => Ordering::Greater,
            (_, None) => Ordering::Less,
        };
        match step {
            Ordering::Equal => {
                let (o, m) = (&old[i], &new[j]);
                let mut sub = diff_maps(o.map, m.map, path, opts)?;
                if !sub.is_empty() {
                    sub.insert(merge_key.into(), m.key.clone());
                    changes.push(Value::Object(sub));
                }
                (i, j) = (i + 1, j + 1);
            }
            Ordering::Greater => {
                if !opts.ignore_changes {
                    changes.push(Value::Object(new[j].map.clone()));
                }
                j += 1;
            }
            Ordering::Less if opts.ignore_deletions => i += 1,
            Ordering::Less => {
                let mut gone = Map::new();
                gone.insert(DIRECTIVE.into(), Value::String("delete".into()));
                gone.insert(merge_key.into(), old[i].key.clone());
                deletions.push(Value::Object(gone));
                i += 1;
            }
        }
    }
    Ok((changes, deletions))
}

/// An item of a keyed list with its merge key's value and that value as Go's `%v` prints it.
struct Keyed<'a> {
    map: &'a Map<String, Value>,
    key: Value,
    printed: String,
}

/// The items sorted by printed merge key (`sortMergeListsByNameArray` without recursing),
/// refused in `getMapAndMergeKeyValueByIndex`'s words when one is not a map or lacks the key.
fn keyed<'a>(list: &'a [Value], merge_key: &str) -> Result<Vec<Keyed<'a>>, String> {
    let mut out = Vec::with_capacity(list.len());
    for item in list {
        let Value::Object(map) = item else {
            return Err(format!("expected a map, but received a {}", go_kind(item)));
        };
        let Some(key) = map.get(merge_key) else {
            return Err(format!(
                "map: {} does not contain declared merge key: {merge_key}",
                go_map(item)
            ));
        };
        out.push(Keyed { map, key: key.clone(), printed: go_map(key) });
    }
    crate::sort::sort_by(&mut out, |a, b| a.printed.cmp(&b.printed));
    Ok(out)
}

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Map,
    Scalar,
}

/// `sliceElementType`: every item of both lists must have one Go type, and not be a list.
fn element_kind(original: &[Value], modified: &[Value]) -> Result<Kind, String> {
    let mut seen: Option<&str> = None;
    for v in original.iter().chain(modified) {
        let kind = go_kind(v);
        if kind == "slice" {
            return Err("lists of lists are not supported".into());
        }
        match seen {
            Some(s) if s != kind => {
                let lists = [original, modified].map(|l| go_map(&Value::Array(l.to_vec())));
                return Err(format!("list element types are not identical: [{}]", lists.join(" ")));
            }
            _ => seen = Some(kind),
        }
    }
    Ok(if seen == Some("map") { Kind::Map } else { Kind::Scalar })
}

/// `sortScalars`: by the printed form, as `SortableSliceOfScalars` compares.
fn sort_scalars(list: &mut [Value]) {
    crate::sort::sort_by(list, |a, b| go_map(a).cmp(&go_map(b)));
}

/// `reflect.DeepEqual` on decoded JSON, where every number is a float64.
pub(super) fn go_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => go_equal_lists(x, y),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| go_equal(v, w)))
        }
        _ => a == b,
    }
}

fn go_equal_lists(a: &[Value], b: &[Value]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| go_equal(x, y))
}

fn go_equal_opt(a: Option<&Value>, b: Option<&Value>) -> bool {
    match (a, b) {
        (Some(x), Some(y)) => go_equal(x, y),
        (None, None) => true,
        _ => false,
    }
}
