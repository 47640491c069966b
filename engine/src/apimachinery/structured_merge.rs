//! Server-side apply's structural half, over JSON values and a caller's `Schema`: the set of
//! fields an applied configuration names, the merge of a configuration into a live object,
//! the removal of fields an applier stopped naming, and paths as conflicts print them.
//!
//! Models sigs.k8s.io/structured-merge-diff: typed/tofieldset.go (scalars, atomic lists and
//! maps, and associative list items are members; a struct or map is a member only when it is
//! null or empty), typed/merge.go (maps and associative lists merge by field and key, atomic
//! values are replaced, the live order is kept and new items follow), typed/remove.go
//! (`RemoveItems`), and fieldpath/element.go's `PathElement.String` (`.name`,
//! `[name="web"]`, `[="x"]`).

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value};

use super::fieldset::{element, FieldSet, ListKind, Schema};

/// The fields `config` names: what its applier will own.
pub fn to_field_set(config: &Value, schema: &dyn Schema) -> FieldSet {
    let mut set = FieldSet::default();
    let mut names = Vec::new();
    walk(config, schema, &mut names, &mut set);
    set
}

fn walk(v: &Value, schema: &dyn Schema, names: &mut Vec<String>, set: &mut FieldSet) {
    let path: Vec<&str> = names.iter().map(String::as_str).collect();
    match v {
        Value::Object(m) if !schema.atomic_map(&path) => {
            for (k, child) in m {
                names.push(k.clone());
                let node = set.children.entry(format!("f:{k}")).or_default();
                walk(child, schema, names, node);
                let empty = child.is_null() || child.as_object().is_some_and(Map::is_empty);
                node.member |= empty;
                names.pop();
            }
        }
        Value::Array(items) => match schema.list(&path) {
            ListKind::Atomic => set.member = true,
            kind => {
                names.push("*".into());
                for item in items {
                    let node = set.children.entry(element(kind, item)).or_default();
                    node.member = true;
                    if kind != ListKind::Set {
                        walk(item, schema, names, node);
                    }
                }
                names.pop();
            }
        },
        _ => set.member = true,
    }
}

/// `live` with `config` merged into it.
pub fn merge(live: &Value, config: &Value, schema: &dyn Schema) -> Value {
    merge_at(live, config, schema, &mut Vec::new())
}

fn merge_at(live: &Value, config: &Value, schema: &dyn Schema, names: &mut Vec<String>) -> Value {
    let path: Vec<&str> = names.iter().map(String::as_str).collect();
    match (live, config) {
        (Value::Object(l), Value::Object(c)) if !schema.atomic_map(&path) => {
            let mut out = l.clone();
            for (k, cv) in c {
                names.push(k.clone());
                let merged = match l.get(k) {
                    Some(lv) => merge_at(lv, cv, schema, names),
                    None => cv.clone(),
                };
                names.pop();
                out.insert(k.clone(), merged);
            }
            Value::Object(out)
        }
        (Value::Array(l), Value::Array(c)) => match schema.list(&path) {
            ListKind::Atomic => config.clone(),
            kind => {
                names.push("*".into());
                // Each item's element once, so a long list merges in n log n.
                let configured: BTreeMap<String, &Value> =
                    c.iter().map(|ci| (element(kind, ci), ci)).collect();
                let mut live = BTreeSet::new();
                let mut out: Vec<Value> = Vec::with_capacity(l.len() + c.len());
                for item in l {
                    let e = element(kind, item);
                    match configured.get(&e) {
                        Some(ci) if kind != ListKind::Set => {
                            out.push(merge_at(item, ci, schema, names))
                        }
                        _ => out.push(item.clone()),
                    }
                    live.insert(e);
                }
                for ci in c {
                    if live.insert(element(kind, ci)) {
                        out.push(ci.clone());
                    }
                }
                names.pop();
                Value::Array(out)
            }
        },
        _ => config.clone(),
    }
}

/// Removes from `v` every path that is a member of `set` (a field, or a list item with all
/// under it); goes on into the paths below that are not.
pub fn remove(v: &mut Value, set: &FieldSet) {
    match v {
        Value::Object(m) => {
            for (e, node) in &set.children {
                let Some(field) = e.strip_prefix("f:") else { continue };
                if node.member {
                    m.shift_remove(field);
                } else if let Some(child) = m.get_mut(field) {
                    remove(child, node);
                    // A map or list emptied here is gone (remove.go keeps only what has items).
                    let emptied = match child {
                        Value::Object(c) => c.is_empty(),
                        Value::Array(c) => c.is_empty(),
                        _ => false,
                    };
                    if emptied {
                        m.shift_remove(field);
                    }
                }
            }
        }
        Value::Array(items) => {
            // Each item named once, in the form the set's elements take (the key fields a
            // `k:` element names, or the whole value), so a long list is one pass.
            let keys: Option<Vec<String>> = set.children.keys().find_map(|e| {
                let k = e.strip_prefix("k:")?;
                match serde_json::from_str::<Value>(k) {
                    Ok(Value::Object(m)) => Some(m.keys().cloned().collect()),
                    _ => None,
                }
            });
            let name = |item: &Value| match &keys {
                Some(keys) => {
                    let mut m = Map::new();
                    for f in keys {
                        if let Some(x) = item.get(f) {
                            m.insert(f.clone(), x.clone());
                        }
                    }
                    format!("k:{}", crate::gofmt::go_json(&Value::Object(m)))
                }
                None => format!("v:{}", crate::gofmt::go_json(item)),
            };
            items.retain_mut(|item| match set.children.get(&name(item)) {
                Some(node) if node.member => false,
                Some(node) => {
                    remove(item, node);
                    true
                }
                None => true,
            });
        }
        _ => {}
    }
}

/// The members of a set as paths, in fieldpath's `Set.Iterate` order: a node's members, then
/// what lies below its children, each in order.
pub fn paths(set: &FieldSet) -> Vec<String> {
    let mut out = Vec::new();
    collect(set, "", &mut out);
    out
}

fn collect(set: &FieldSet, prefix: &str, out: &mut Vec<String>) {
    for (e, node) in &set.children {
        if node.member {
            out.push(format!("{prefix}{}", show(e)));
        }
    }
    for (e, node) in &set.children {
        if !node.children.is_empty() {
            collect(node, &format!("{prefix}{}", show(e)), out);
        }
    }
}

/// One element as `PathElement.String` prints it: values as `value.ToString` does (strings
/// quoted as Go's `%q`, numbers and booleans bare).
fn show(e: &str) -> String {
    let value = |v: &Value| match v {
        Value::String(s) => crate::gofmt::go_quote(s),
        other => other.to_string(),
    };
    if let Some(f) = e.strip_prefix("f:") {
        return format!(".{f}");
    }
    if let Some(Ok(Value::Object(keys))) = e.strip_prefix("k:").map(serde_json::from_str) {
        let parts: Vec<String> = keys.iter().map(|(k, v)| format!("{k}={}", value(v))).collect();
        return format!("[{}]", parts.join(","));
    }
    if let Some(Ok(v)) = e.strip_prefix("v:").map(serde_json::from_str::<Value>) {
        return format!("[={}]", value(&v));
    }
    match e.strip_prefix("i:") {
        Some(i) => format!("[{i}]"),
        None => e.to_string(),
    }
}

#[cfg(test)]
#[path = "structured_merge_tests.rs"]
mod tests;
