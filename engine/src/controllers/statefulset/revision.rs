//! A StatefulSet's ControllerRevisions: the patch each one holds, the revision a pass works
//! towards (new, unchanged, or an older one brought back by a rollback), the template a
//! revision restores, and which revisions the history limit lets go. Naming, hashing and
//! ordering are `controllers/history.rs`'s; this file only applies them to a set.
//!
//! Models pkg/controller/statefulset/stateful_set_utils.go (`getPatch`, `newRevision`,
//! `ApplyRevision`, `nextRevision`), stateful_set_control.go (`getStatefulSetRevisions`,
//! `truncateHistory`) and pkg/controller/history/controller_history.go
//! (`NewControllerRevision`, `CreateControllerRevision`).

use std::collections::BTreeSet;

use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::controllers::history::{self, Revision, CONTROLLER_REVISION_HASH_LABEL};
use crate::model::{ControllerRevision, ObjectMeta, Opaque, OwnerReference, PodTemplateSpec};
use crate::model::{Pod, StatefulSet};

/// `apps.ControllerRevisionHashLabelKey`: the label naming a pod's revision.
pub const POD_REVISION_LABEL: &str = "controller-revision-hash";

/// Go's `json.Marshal` of a `map[string]interface{}` writes keys sorted; `getPatch` goes
/// through such a map, so every object in the patch is sorted, at every depth.
fn sorted(v: Value) -> Value {
    match v {
        Value::Object(m) => {
            let mut pairs: Vec<(String, Value)> = m.into_iter().collect();
            pairs.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Object(pairs.into_iter().map(|(k, v)| (k, sorted(v))).collect::<Map<_, _>>())
        }
        Value::Array(items) => Value::Array(items.into_iter().map(sorted).collect()),
        other => other,
    }
}

/// `getPatch`: `{"spec":{"template":{...,"$patch":"replace"}}}`, the template as the API
/// serves it, so applying the patch replaces the set's whole template.
pub fn patch(set: &StatefulSet) -> Vec<u8> {
    let mut template = serde_json::to_value(&set.spec.template).unwrap_or(Value::Null);
    if let Value::Object(m) = &mut template {
        m.insert("$patch".into(), Value::String("replace".into()));
    }
    let doc = sorted(json!({ "spec": { "template": template } }));
    serde_json::to_vec(&doc).unwrap_or_default()
}

/// `NewControllerRevision` via `newRevision`: the template's labels plus the hash label,
/// the set's annotations, a controller reference to the set, and `<set>-<hash>`.
pub fn new_revision(set: &StatefulSet, revision: i64, collision_count: i32) -> ControllerRevision {
    let data = patch(set);
    let hash = history::hash_controller_revision(&data, Some(collision_count));
    let mut labels = set.spec.template.metadata.labels.clone();
    labels.insert(CONTROLLER_REVISION_HASH_LABEL.into(), hash.clone());
    let metadata = ObjectMeta {
        name: history::controller_revision_name(&set.metadata.name, &hash),
        namespace: set.metadata.namespace.clone(),
        labels,
        annotations: set.metadata.annotations.clone(),
        owner_references: vec![OwnerReference::controller("apps/v1", "StatefulSet", &set.metadata)],
        ..Default::default()
    };
    let data = serde_json::from_slice(&data).ok().map(Box::new);
    ControllerRevision {
        api_version: "apps/v1".into(),
        kind: "ControllerRevision".into(),
        metadata,
        data: Opaque(data),
        revision,
    }
}

/// What the history functions read of a stored revision.
pub fn as_revision(cr: &ControllerRevision) -> Revision {
    Revision {
        name: cr.metadata.name.clone(),
        revision: cr.revision,
        creation_timestamp: cr.metadata.creation_timestamp,
        data: cr
            .data
            .0
            .as_deref()
            .map(|v| serde_json::to_vec(v).unwrap_or_default())
            .unwrap_or_default(),
        hash_label: cr.metadata.labels.get(CONTROLLER_REVISION_HASH_LABEL).cloned(),
    }
}

/// How a pass arrives at its update revision (`getStatefulSetRevisions`).
#[derive(Clone, Debug, PartialEq)]
pub enum UpdateRevision {
    /// The newest revision already holds the set's template.
    Unchanged(String),
    /// An older revision holds it: it is renumbered to `revision` (a rollback).
    Renumber { name: String, revision: i64 },
    /// No revision holds it: create this one.
    Create(Box<ControllerRevision>),
}

/// `getStatefulSetRevisions` up to the writes. `revisions` are the set's own, sorted
/// ascending (`SortControllerRevisions`).
pub fn update_revision(
    set: &StatefulSet,
    revisions: &[Revision],
    collision_count: i32,
) -> UpdateRevision {
    let candidate = new_revision(set, history::next_revision(revisions), collision_count);
    let needle = as_revision(&candidate);
    let equal = history::find_equal_revisions(revisions, &needle);
    match (equal.last(), revisions.last()) {
        (Some(found), Some(last)) if history::equal_revision(last, found) => {
            UpdateRevision::Unchanged(last.name.clone())
        }
        (Some(found), _) => {
            UpdateRevision::Renumber { name: found.name.clone(), revision: candidate.revision }
        }
        (None, _) => UpdateRevision::Create(Box::new(candidate)),
    }
}

/// `ApplyRevision`, for the one field a revision holds: the template in its patch. A patch
/// that does not parse (hand-made revisions) gives the set's own template.
pub fn template_of(set: &StatefulSet, cr: &ControllerRevision) -> PodTemplateSpec {
    let Some(data) = cr.data.0.as_deref() else { return set.spec.template.clone() };
    let Some(Value::Object(t)) = data.pointer("/spec/template") else {
        return set.spec.template.clone();
    };
    let mut t = t.clone();
    t.remove("$patch");
    // From `&Value`, the one decoding path of the model (see `history::template_of_patch`).
    PodTemplateSpec::deserialize(&Value::Object(t)).unwrap_or_else(|_| set.spec.template.clone())
}

/// `truncateHistory`: revisions no pod runs and that are neither current nor update are
/// history; the oldest go until `revisionHistoryLimit` are left. `revisions` sorted ascending.
pub fn to_truncate(
    revisions: &[Revision],
    pods: &[&Pod],
    current: &str,
    update: &str,
    limit: i32,
) -> Vec<String> {
    let mut live: BTreeSet<&str> = [current, update].into_iter().collect();
    for p in pods {
        if let Some(r) = p.metadata.labels.get(POD_REVISION_LABEL) {
            live.insert(r);
        }
    }
    let history: Vec<&Revision> =
        revisions.iter().filter(|r| !live.contains(r.name.as_str())).collect();
    let keep = limit.max(0) as usize;
    if history.len() <= keep {
        return Vec::new();
    }
    history[..history.len() - keep].iter().map(|r| r.name.clone()).collect()
}

#[cfg(test)]
#[path = "revision_tests.rs"]
mod tests;
