//! Sets of field paths, as the API server's field manager keeps them for each writer of an
//! object (`metadata.managedFields[].fieldsV1`), and the comparison that says which paths an
//! update added, changed or removed. Models sigs.k8s.io/structured-merge-diff
//! (`fieldpath.Set`, its `FieldsV1` serialisation in fieldpath/serialize.go, and
//! typed/compare.go's walk: a path that appears is added with everything under it, a map or
//! list that is new is itself a member, an atomic value is one leaf) over JSON values, with
//! the list and map kinds the API's schemas declare supplied by the caller.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

/// A set of paths as a tree: each node is a path element (`f:name`, `k:{"name":"web"}`,
/// `v:"x"`), a member when the path itself is in the set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FieldSet {
    pub member: bool,
    pub children: BTreeMap<String, FieldSet>,
}

/// How the schema says a list's items are told apart (`x-kubernetes-list-type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListKind {
    /// Replaced whole: one leaf.
    Atomic,
    /// Items named by the values of these fields (`k:{...}`).
    Map(&'static [&'static str]),
    /// Items named by their own value (`v:...`).
    Set,
}

/// What the caller knows of the schema at a path of field names (list items as `*`).
pub trait Schema {
    fn list(&self, path: &[&str]) -> ListKind;
    /// A map or struct replaced whole (`x-kubernetes-map-type: atomic`).
    fn atomic_map(&self, path: &[&str]) -> bool;
}

impl FieldSet {
    pub fn is_empty(&self) -> bool {
        !self.member && self.children.is_empty()
    }

    /// Reads `fieldsV1`: `{}` is a member leaf, `"."` marks a node with children as a member.
    pub fn from_fields_v1(v: &Value) -> FieldSet {
        let mut set = FieldSet::default();
        if let Value::Object(m) = v {
            set.member = m.is_empty();
            for (k, child) in m {
                if k == "." {
                    set.member = true;
                } else {
                    set.children.insert(k.clone(), FieldSet::from_fields_v1(child));
                }
            }
        }
        set
    }

    /// Writes `fieldsV1`.
    pub fn to_fields_v1(&self) -> Value {
        let mut m = Map::new();
        if self.member && !self.children.is_empty() {
            m.insert(".".into(), Value::Object(Map::new()));
        }
        for (k, child) in &self.children {
            m.insert(k.clone(), child.to_fields_v1());
        }
        Value::Object(m)
    }

    pub fn union(&mut self, other: &FieldSet) {
        self.member |= other.member;
        for (k, child) in &other.children {
            self.children.entry(k.clone()).or_default().union(child);
        }
    }

    /// The paths of `self` that `other` does not hold.
    pub fn difference(&mut self, other: &FieldSet) {
        self.member &= !other.member;
        for (k, child) in &other.children {
            if let Some(mine) = self.children.get_mut(k) {
                mine.difference(child);
                if mine.is_empty() {
                    self.children.remove(k);
                }
            }
        }
    }

    /// The paths both sets hold.
    pub fn intersection(&self, other: &FieldSet) -> FieldSet {
        let mut out = FieldSet { member: self.member && other.member, ..FieldSet::default() };
        for (k, child) in &self.children {
            if let Some(theirs) = other.children.get(k) {
                let both = child.intersection(theirs);
                if !both.is_empty() {
                    out.children.insert(k.clone(), both);
                }
            }
        }
        out
    }

    /// Drops a path and everything under it (`RecursiveDifference` of one path).
    pub fn remove_tree(&mut self, path: &[&str]) {
        match path {
            [] => *self = FieldSet::default(),
            [last] => {
                self.children.remove(*last);
            }
            [first, rest @ ..] => {
                if let Some(child) = self.children.get_mut(*first) {
                    child.remove_tree(rest);
                    if child.is_empty() {
                        self.children.remove(*first);
                    }
                }
            }
        }
    }

    /// Keeps only the tree under one path.
    pub fn keep_tree(&self, path: &[&str]) -> FieldSet {
        let mut out = FieldSet::default();
        if let Some((first, rest)) = path.split_first() {
            if let Some(child) = self.children.get(*first) {
                let kept = if rest.is_empty() { child.clone() } else { child.keep_tree(rest) };
                if !kept.is_empty() {
                    out.children.insert(first.to_string(), kept);
                }
            }
        }
        out
    }

    fn insert(&mut self, path: &[String]) {
        match path.split_first() {
            None => self.member = true,
            Some((first, rest)) => self.children.entry(first.clone()).or_default().insert(rest),
        }
    }
}

/// The path element of a list item (`k:{"name":"web"}`, `v:"x"`), as FieldsV1 writes it:
/// fieldpath's key form, the key fields in name order, compact JSON.
pub fn element(kind: ListKind, item: &Value) -> String {
    match kind {
        ListKind::Map(keys) => {
            let mut fields: Vec<&str> = keys.to_vec();
            fields.sort_unstable();
            let mut m = Map::new();
            for f in fields {
                if let Some(x) = item.get(f) {
                    m.insert(f.to_string(), x.clone());
                }
            }
            format!("k:{}", crate::gofmt::go_json(&Value::Object(m)))
        }
        _ => format!("v:{}", crate::gofmt::go_json(item)),
    }
}

/// What an update did: the paths it added or changed, and those it removed.
#[derive(Debug, Default)]
pub struct Comparison {
    pub changed: FieldSet,
    pub removed: FieldSet,
}

/// Compares `old` (absent: nothing) with `new`, as typed/compare.go does.
pub fn compare(old: Option<&Value>, new: Option<&Value>, schema: &dyn Schema) -> Comparison {
    let mut c = Comparison::default();
    let mut w = Walk { schema, names: Vec::new(), path: Vec::new(), out: &mut c };
    w.value(old, new);
    c
}

struct Walk<'a> {
    schema: &'a dyn Schema,
    /// Field names from the root, list items as `*`, for the schema.
    names: Vec<String>,
    /// Path elements from the root, for the sets.
    path: Vec<String>,
    out: &'a mut Comparison,
}

impl Walk<'_> {
    fn names(&self) -> Vec<&str> {
        self.names.iter().map(String::as_str).collect()
    }

    fn leaf(&mut self, old: Option<&Value>, new: Option<&Value>) {
        match (old, new) {
            (None, Some(_)) => self.out.changed.insert(&self.path),
            (Some(_), None) => self.out.removed.insert(&self.path),
            (Some(a), Some(b)) if a != b => self.out.changed.insert(&self.path),
            _ => {}
        }
    }

    fn value(&mut self, old: Option<&Value>, new: Option<&Value>) {
        let names = self.names();
        match (old, new) {
            (_, Some(Value::Object(_))) | (Some(Value::Object(_)), None)
                if self.schema.atomic_map(&names) =>
            {
                self.leaf(old, new)
            }
            (_, Some(Value::Array(_))) | (Some(Value::Array(_)), None)
                if self.schema.list(&names) == ListKind::Atomic =>
            {
                self.leaf(old, new)
            }
            (a, b) if is_object(a) || is_object(b) => {
                let (a, b) = (as_map(a), as_map(b));
                if a.is_none_or(Map::is_empty) && b.is_none_or(Map::is_empty) {
                    return self.leaf(old, new);
                }
                self.map(a, b);
                self.mark(old, new);
            }
            (a, b) if is_array(a) || is_array(b) => {
                let (a, b) = (as_list(a), as_list(b));
                if a.is_none_or(<[Value]>::is_empty) && b.is_none_or(<[Value]>::is_empty) {
                    return self.leaf(old, new);
                }
                let kind = self.schema.list(&names);
                self.list(kind, a.unwrap_or_default(), b.unwrap_or_default());
                self.mark(old, new);
            }
            _ => self.leaf(old, new),
        }
    }

    /// A node that appears (or goes) is itself added (removed): compare.go's `compare`.
    fn mark(&mut self, old: Option<&Value>, new: Option<&Value>) {
        match (old, new) {
            (None, Some(_)) => self.out.changed.insert(&self.path),
            (Some(_), None) => self.out.removed.insert(&self.path),
            _ => {}
        }
    }

    fn map(&mut self, a: Option<&Map<String, Value>>, b: Option<&Map<String, Value>>) {
        let mut keys: Vec<&String> = a.into_iter().chain(b).flat_map(Map::keys).collect();
        keys.sort();
        keys.dedup();
        for k in keys {
            self.names.push(k.clone());
            self.path.push(format!("f:{k}"));
            self.value(a.and_then(|m| m.get(k)), b.and_then(|m| m.get(k)));
            self.path.pop();
            self.names.pop();
        }
    }

    fn list(&mut self, kind: ListKind, a: &[Value], b: &[Value]) {
        let element = |v: &Value| element(kind, v);
        let mut order: Vec<String> = Vec::new();
        let mut olds: BTreeMap<String, &Value> = BTreeMap::new();
        let mut news: BTreeMap<String, &Value> = BTreeMap::new();
        for v in a {
            let e = element(v);
            if olds.insert(e.clone(), v).is_none() {
                order.push(e);
            }
        }
        for v in b {
            let e = element(v);
            if news.insert(e.clone(), v).is_none() && !olds.contains_key(&e) {
                order.push(e);
            }
        }
        self.names.push("*".into());
        for e in order {
            self.path.push(e.clone());
            let (old, new) = (olds.get(&e).copied(), news.get(&e).copied());
            if kind == ListKind::Set {
                self.leaf(old, new);
            } else {
                self.value(old, new);
            }
            self.path.pop();
        }
        self.names.pop();
    }
}

fn is_object(v: Option<&Value>) -> bool {
    matches!(v, Some(Value::Object(_)))
}

fn is_array(v: Option<&Value>) -> bool {
    matches!(v, Some(Value::Array(_)))
}

fn as_map(v: Option<&Value>) -> Option<&Map<String, Value>> {
    v.and_then(Value::as_object)
}

fn as_list(v: Option<&Value>) -> Option<&[Value]> {
    v.and_then(Value::as_array).map(Vec::as_slice)
}

#[cfg(test)]
mod tests;
