//! `metadata`, owner references and label selectors shared by every kind, and `Opaque`, the
//! holder for fields the engine keeps but never reads. Field names are the json tags of
//! staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/types.go.

use std::collections::{btree_map, BTreeMap};
use std::fmt;
use std::ops::{Deref, DerefMut};
use std::rc::Rc;

use serde::{Deserialize, Serialize};

use crate::clock::Time;
use crate::labels::selector::Selector;

/// A label map that copies share. A pod made from a template holds the template's own map,
/// so copying the pod copies a pointer, and a ReplicaSet comparing a pod's labels with its
/// template's usually compares two pointers. Writing through it copies the map first when
/// it is shared (`Rc::make_mut`), so a change never reaches another object.
#[derive(Clone, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Labels(Rc<BTreeMap<String, String>>);

impl Labels {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Deref for Labels {
    type Target = BTreeMap<String, String>;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl DerefMut for Labels {
    fn deref_mut(&mut self) -> &mut Self::Target {
        Rc::make_mut(&mut self.0)
    }
}

impl PartialEq for Labels {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0) || self.0 == other.0
    }
}

impl Eq for Labels {}

/// The maps' order (the store's pod tallies key by label map).
impl Ord for Labels {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        if Rc::ptr_eq(&self.0, &other.0) {
            return std::cmp::Ordering::Equal;
        }
        self.0.cmp(&other.0)
    }
}

impl PartialOrd for Labels {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Debug for Labels {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl From<BTreeMap<String, String>> for Labels {
    fn from(map: BTreeMap<String, String>) -> Self {
        Labels(Rc::new(map))
    }
}

// Both insert one pair at a time (`sort::btree_map`): a map's own `collect()` sorts first,
// compiling a copy of the standard sort for every iterator type that builds a label map.
impl<const N: usize> From<[(String, String); N]> for Labels {
    fn from(pairs: [(String, String); N]) -> Self {
        Labels(Rc::new(crate::sort::btree_map(pairs)))
    }
}

impl FromIterator<(String, String)> for Labels {
    fn from_iter<I: IntoIterator<Item = (String, String)>>(iter: I) -> Self {
        Labels(Rc::new(crate::sort::btree_map(iter)))
    }
}

impl<'a> IntoIterator for &'a Labels {
    type Item = (&'a String, &'a String);
    type IntoIter = btree_map::Iter<'a, String, String>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// A field the engine carries for a faithful round trip but never interprets (managedFields,
/// a node's runtime handler features): whatever JSON value the object held, kept as is.
/// Absent costs one pointer, which matters in `ObjectMeta`, of which there is one per pod.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Opaque(pub Option<Box<serde_json::Value>>);

impl Opaque {
    pub fn is_absent(&self) -> bool {
        self.0.is_none()
    }
}

impl Serialize for Opaque {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            Some(v) => v.serialize(s),
            None => s.serialize_none(),
        }
    }
}

impl<'de> Deserialize<'de> for Opaque {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        serde_json::Value::deserialize(d).map(|v| Opaque(Some(Box::new(v))))
    }
}

/// Finalizer the garbage collector uses for `--cascade=foreground`.
pub const FINALIZER_FOREGROUND: &str = "foregroundDeletion";
/// Finalizer the garbage collector uses for `--cascade=orphan`.
pub const FINALIZER_ORPHAN: &str = "orphan";

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ObjectMeta {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub generate_name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub namespace: String,
    /// Deprecated; no 1.34 API server sets it, but older objects carry it.
    #[serde(default, skip_serializing_if = "Opaque::is_absent")]
    pub self_link: Opaque,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub uid: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub resource_version: String,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub generation: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creation_timestamp: Option<Time>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deletion_timestamp: Option<Time>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deletion_grace_period_seconds: Option<i64>,
    #[serde(default, skip_serializing_if = "Labels::is_empty")]
    pub labels: Labels,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub annotations: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub owner_references: Vec<OwnerReference>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub finalizers: Vec<String>,
    /// Server-side apply's field ownership. The simulated API server writes none; a real
    /// object's entries are kept as they came.
    #[serde(default, skip_serializing_if = "Opaque::is_absent")]
    pub managed_fields: Opaque,
    /// The loops' writes, from which the API shows their `managedFields` entries.
    #[serde(skip)]
    pub loop_writes: LoopWrites,
}

/// Which loops wrote an object, and when last: the store notes this on each loop write, and
/// the API makes the loops' `managedFields` entries of it when the object is read
/// (`store::managed_loops`). Computing the entries on every write instead made settling a
/// Deployment many times slower, for pod status writes nobody reads. Two slots in one word,
/// as every version of every pod carries them: the loop that created the object, and the
/// one that last wrote its status. Not the object's content: never serialized, and equal to
/// any other.
#[derive(Clone, Copy, Debug, Default)]
pub struct LoopWrites(u64);

/// The managers the loops write as: each binary's name, as its User-Agent starts.
pub const LOOP_MANAGERS: [&str; 3] = ["kube-controller-manager", "kubelet", "kube-scheduler"];

/// A slot is 32 bits: the manager (its index in `LOOP_MANAGERS` plus one; 0 is none) in the
/// top two, and the second of its last write in the rest (managedFields' times are to the
/// second; thirty bits hold 34 years of simulated time).
const SECS: u32 = (1 << 30) - 1;
const CREATED: u32 = 0;
const STATUS: u32 = 32;

impl PartialEq for LoopWrites {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl LoopWrites {
    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }

    /// The loop that created the object, and its last write outside the status.
    pub fn creator(&self) -> Option<(&'static str, Time)> {
        self.get(CREATED)
    }

    /// The loop that last wrote the status, and when.
    pub fn status_writer(&self) -> Option<(&'static str, Time)> {
        self.get(STATUS)
    }

    /// Notes a write: of the status, or (made by the creator) of the rest.
    pub fn note(&mut self, manager: &str, status: bool, at: Time) {
        let shift = if status { STATUS } else { CREATED };
        let index = LOOP_MANAGERS.iter().position(|m| *m == manager).unwrap_or(0);
        let secs = u32::try_from(at.secs().max(0)).unwrap_or(SECS).min(SECS);
        let slot = (index as u32 + 1) << 30 | secs;
        self.0 = self.0 & !(u64::from(u32::MAX) << shift) | u64::from(slot) << shift;
    }

    fn get(self, shift: u32) -> Option<(&'static str, Time)> {
        let slot = (self.0 >> shift) as u32;
        let manager = LOOP_MANAGERS.get(((slot >> 30) as usize).checked_sub(1)?)?;
        Some((manager, Time::from_secs(i64::from(slot & SECS))))
    }
}

fn is_zero(v: &i64) -> bool {
    *v == 0
}

impl ObjectMeta {
    /// The owner reference with `controller: true`, if any (`metav1.GetControllerOf`).
    pub fn controller_ref(&self) -> Option<&OwnerReference> {
        self.owner_references.iter().find(|r| r.controller == Some(true))
    }

    pub fn is_deleting(&self) -> bool {
        self.deletion_timestamp.is_some()
    }

    pub fn has_finalizer(&self, f: &str) -> bool {
        self.finalizers.iter().any(|x| x == f)
    }

    pub fn age_ms(&self, now: Time) -> Option<i64> {
        self.creation_timestamp.map(|t| now.since(t))
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OwnerReference {
    pub api_version: String,
    pub kind: String,
    pub name: String,
    pub uid: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub controller: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub block_owner_deletion: Option<bool>,
}

impl OwnerReference {
    /// `metav1.NewControllerRef`: controller and blockOwnerDeletion are both true.
    pub fn controller(api_version: &str, kind: &str, meta: &ObjectMeta) -> Self {
        OwnerReference {
            api_version: api_version.into(),
            kind: kind.into(),
            name: meta.name.clone(),
            uid: meta.uid.clone(),
            controller: Some(true),
            block_owner_deletion: Some(true),
        }
    }

    pub fn is_controller(&self) -> bool {
        self.controller == Some(true)
    }

    pub fn blocks_owner_deletion(&self) -> bool {
        self.block_owner_deletion == Some(true)
    }
}

/// `metav1.LabelSelector`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LabelSelector {
    #[serde(default, skip_serializing_if = "Labels::is_empty")]
    pub match_labels: Labels,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_expressions: Vec<LabelSelectorRequirement>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LabelSelectorRequirement {
    pub key: String,
    pub operator: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<String>,
}

impl LabelSelector {
    pub fn is_empty(&self) -> bool {
        self.match_labels.is_empty() && self.match_expressions.is_empty()
    }

    /// `metav1.LabelSelectorAsSelector`: an empty selector selects everything; an invalid one
    /// selects nothing (the API server refuses such objects, so this is belt and braces).
    pub fn to_selector(&self) -> Selector {
        self.try_to_selector().unwrap_or_else(|_| Selector::nothing())
    }

    pub fn try_to_selector(&self) -> Result<Selector, String> {
        let mut text: Vec<String> =
            self.match_labels.iter().map(|(k, v)| format!("{k}={v}")).collect();
        for e in &self.match_expressions {
            let values = e.values.join(",");
            text.push(match e.operator.as_str() {
                "In" => format!("{} in ({values})", e.key),
                "NotIn" => format!("{} notin ({values})", e.key),
                "Exists" => e.key.clone(),
                "DoesNotExist" => format!("!{}", e.key),
                other => return Err(format!("{other:?} is not a valid label selector operator")),
            });
        }
        crate::labels::selector::parse(&text.join(",")).map_err(|e| e.to_string())
    }

    /// `metav1.ParseToLabelSelector`, as `kubectl create pdb --selector` builds one: equality
    /// into matchLabels, set operators into matchExpressions by key; `!=`, `<` and `>` have
    /// no place in a LabelSelector.
    pub fn parse(text: &str) -> Result<LabelSelector, String> {
        use crate::labels::selector::{self, Operator};
        let parsed = selector::parse(text)
            .map_err(|e| format!("couldn't parse the selector string \"{text}\": {e}"))?;
        let mut out = LabelSelector::default();
        for r in parsed.requirements() {
            let operator = match r.op() {
                Operator::Equals | Operator::DoubleEquals => {
                    let value = r.values().iter().next().cloned().unwrap_or_default();
                    out.match_labels.insert(r.key().to_string(), value);
                    continue;
                }
                Operator::In => "In",
                Operator::NotIn => "NotIn",
                Operator::Exists => "Exists",
                Operator::DoesNotExist => "DoesNotExist",
                Operator::GreaterThan => {
                    return Err("\"gt\" isn't supported in label selectors".into())
                }
                Operator::LessThan => {
                    return Err("\"lt\" isn't supported in label selectors".into())
                }
                Operator::NotEquals => {
                    return Err("\"!=\" is not a valid label selector operator".into())
                }
            };
            out.match_expressions.push(LabelSelectorRequirement {
                key: r.key().to_string(),
                operator: operator.into(),
                values: r.values().iter().cloned().collect(),
            });
        }
        Ok(out)
    }

    /// `metav1.FormatLabelSelector`, as the wide SELECTOR column prints it.
    pub fn format(&self) -> String {
        if self.is_empty() {
            return "<none>".into();
        }
        match self.try_to_selector() {
            Ok(s) => s.to_string(),
            Err(_) => "<error>".into(),
        }
    }

    /// The selector plus one more equality requirement (`CloneSelectorAndAddLabel`).
    pub fn with_label(&self, key: &str, value: &str) -> LabelSelector {
        let mut out = self.clone();
        out.match_labels.insert(key.into(), value.into());
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_write_to_shared_labels_reaches_only_the_copy_written() {
        let template: Labels = [("app".to_string(), "web".to_string())].into();
        let mut pod = template.clone();
        assert!(Rc::ptr_eq(&pod.0, &template.0), "a copy shares the map");
        assert_eq!(pod, template);
        pod.insert("tier".into(), "front".into());
        assert_eq!(template.len(), 1, "the template keeps its own labels");
        assert_eq!(pod.get("tier").map(String::as_str), Some("front"));
        assert_ne!(pod, template);
        // Equal contents in separate maps still compare equal.
        let rebuilt: Labels = [("app".to_string(), "web".to_string())].into();
        assert_eq!(rebuilt, template);
    }
}
