//! Server-side apply: a PATCH of type `application/apply-patch+yaml`. The applied
//! configuration is merged into the live object (or creates it), the fields its manager
//! named last time and names no longer are removed unless another manager owns them, and a
//! change to a field another manager owns is a conflict, unless forced.
//!
//! Models apiserver handlers/patch.go (`applyPatcher`: YAML decoding, create on apply),
//! rest.go `ValidatePatchOptions` (a `fieldManager` is required, `force` is for apply only),
//! apimachinery pkg/util/managedfields/internal: structuredmerge.go `Apply` (the patch's
//! version must be the URL's; no `managedFields` in it), conflict.go (`NewConflictError`, its
//! message and causes), managedfieldsupdater.go (the entry's time moves when the object
//! does), lastappliedmanager.go (kubectl's manager may take fields client-side apply set, where
//! last-applied-configuration still matches the live object), lastappliedupdater.go (kubectl's
//! manager keeps that annotation up to date); and structured-merge-diff merge/update.go
//! (`Apply`, `prune`, `update`'s conflict sets).
//!
//! The merge and field sets are `apimachinery::structured_merge`'s. Not modelled: apply to
//! the subresources, and the field managers' version conversion (each kind has one version).

use serde_json::{json, Value};

use crate::apimachinery::fieldset::{compare, FieldSet};
use crate::apimachinery::structured_merge::{self as sm, to_field_set};
use crate::gofmt::go_json;
use crate::labels::field::FieldError;
use crate::model::Kind;
use crate::store::managed::{self, Api};
use crate::world::World;

use super::conversion::object_json;
use super::path::Resource;
use super::{read, write, Query, Request, Response, Status};

/// `v1.LastAppliedConfigAnnotation`.
const LAST_APPLIED: &str = "kubectl.kubernetes.io/last-applied-configuration";

/// The route: in the split build the course part sets the handler (`crate::kinds::link`);
/// only its commands (`apply --server-side`) send an apply patch.
pub(super) fn serve(
    world: &mut World,
    req: &Request,
    q: &Query,
    kind: Kind,
    res: &Resource,
    name: &str,
) -> Result<Response, Status> {
    #[cfg(kubeloop_split)]
    return match LATER_APPLY.get() {
        Some(apply) => apply(world, req, q, kind, res, name),
        None => Err(Status::unsupported_media_type(req.content_type)),
    };
    #[cfg(not(kubeloop_split))]
    apply(world, req, q, kind, res, name)
}

/// Set by the course part in the split build.
#[cfg(kubeloop_split)]
pub static LATER_APPLY: std::sync::OnceLock<Handler> = std::sync::OnceLock::new();

#[cfg(kubeloop_split)]
type Handler = fn(&mut World, &Request, &Query, Kind, &Resource, &str) -> Result<Response, Status>;

pub(crate) fn apply(
    world: &mut World,
    req: &Request,
    q: &Query,
    kind: Kind,
    res: &Resource,
    name: &str,
) -> Result<Response, Status> {
    let manager = req.query.iter().find(|(k, _)| k == "fieldManager").map(|(_, v)| v.as_str());
    let Some(manager) = manager.filter(|m| !m.is_empty()) else {
        let error = FieldError::required("fieldManager", "is required for apply patch");
        return Err(Status::invalid("PatchOptions", "meta.k8s.io", "", &[error]));
    };
    let config = config(req)?;
    let version = config.get("apiVersion").and_then(Value::as_str).unwrap_or_default();
    if version != res.api_version {
        return Err(Status::bad_request(format!(
            "Incorrect version specified in apply patch. Specified patch version: {version}, expected: {}",
            res.api_version
        )));
    }
    if config.pointer("/metadata/managedFields").is_some_and(|m| !m.is_null()) {
        return Err(Status::bad_request("metadata.managedFields must be nil"));
    }
    let ns = res.namespace.as_deref().unwrap_or_default();
    let live = read::one(world, kind, ns, name);
    let live_json = match &live {
        Some(obj) => object_json(obj, res.api_version == "autoscaling/v1"),
        None => {
            let mut meta = json!({ "name": name });
            if kind.namespaced() {
                meta["namespace"] = ns.into();
            }
            json!({ "apiVersion": res.api_version, "kind": kind.as_str(), "metadata": meta })
        }
    };
    let sent = config.pointer("/metadata/name").and_then(Value::as_str).unwrap_or(name);
    if sent != name {
        // handlers/patch.go `checkName`, for a create too.
        return Err(Status::bad_request(format!(
            "the name of the object ({sent}) does not match the name on the URL ({name})"
        )));
    }
    let force = q.force.unwrap_or(false);
    let now = world.now().to_string();
    let outcome = merge(&live_json, &config, manager, &res.api_version, force, &now)?;
    let stored = live_json.pointer("/metadata/managedFields").cloned().unwrap_or(json!([]));
    if live.is_some() && outcome.object == live_json && outcome.entries == stored {
        // Nothing moved: nothing is written (fieldmanager.go hands back the live object).
        return Ok(Response::ok(live_json));
    }
    let mut object = outcome.object;
    if let Some(meta) = object.get_mut("metadata").and_then(Value::as_object_mut) {
        // Stored as sent (`Store::applying`); a write that changes only who owns what is
        // still a write.
        meta.insert("managedFields".into(), outcome.entries);
    }
    world.store.applying = true;
    let written = match &live {
        Some(current) => write::replace(world, q, kind, res, current, object),
        None => write::create_from(world, q, kind, res, object),
    };
    world.store.applying = false;
    written
}

/// The applied configuration: YAML (so JSON too), a map.
fn config(req: &Request) -> Result<Value, Status> {
    let v = match req.json {
        Some(v) => v.clone(),
        None => serde_yaml_ng::from_slice(req.body)
            .map_err(|e| Status::bad_request(format!("error decoding YAML: {e}")))?,
    };
    match v {
        Value::Object(_) => Ok(v),
        Value::Null => Ok(json!({})),
        other => Err(Status::bad_request(format!(
            "error decoding YAML: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal {} into Go value of type map[string]interface {{}}",
            crate::gofmt::json_kind(&other)
        ))),
    }
}

/// What an apply makes of the live object: the object to store and its `managedFields`.
struct Outcome {
    object: Value,
    entries: Value,
}

/// One entry of `managedFields` and the fields it owns.
struct Entry {
    raw: Value,
    set: FieldSet,
}

impl Entry {
    fn text(&self, k: &str) -> &str {
        self.raw.get(k).and_then(Value::as_str).unwrap_or_default()
    }

    fn is_apply_of(&self, manager: &str) -> bool {
        self.text("manager") == manager
            && self.text("operation") == "Apply"
            && self.text("subresource").is_empty()
    }

    /// The manager as conflicts name it (conflict.go `printManager`; the identifier carries
    /// no time, and an applier's no version).
    fn shown(&self) -> String {
        let mut s = crate::gofmt::go_quote(self.text("manager"));
        if !self.text("subresource").is_empty() {
            s = format!(
                "{s} with subresource {}",
                crate::gofmt::go_quote(self.text("subresource"))
            );
        }
        if self.text("operation") == "Update" {
            s = format!("{s} using {}", self.text("apiVersion"));
        }
        s
    }
}

fn merge(
    live: &Value,
    config: &Value,
    manager: &str,
    api_version: &str,
    force: bool,
    now: &str,
) -> Result<Outcome, Status> {
    let mut entries: Vec<Entry> = live
        .pointer("/metadata/managedFields")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|raw| Entry { set: FieldSet::from_fields_v1(&raw["fieldsV1"]), raw: raw.clone() })
        .collect();
    let mine = entries.iter().position(|e| e.is_apply_of(manager)).map(|i| entries.remove(i));
    let set = applied_set(config);

    let mut object = sm::merge(live, config, &Api);
    // prune: what this manager applied last time and names no longer goes, unless another
    // manager (or this apply) owns it or something under it.
    if let Some(last) = &mine {
        let mut owned = set.clone();
        for e in &entries {
            owned.union(&e.set);
        }
        let mut gone = last.set.clone();
        gone.difference(&owned);
        spare_owned(&mut gone, &owned);
        sm::remove(&mut object, &gone);
    }

    let changes = compare(Some(&managed::strip(live)), Some(&managed::strip(&object)), &Api);
    // What this apply changes of each other manager's fields: theirs to lose, if forced.
    let taken: Vec<FieldSet> =
        entries.iter().map(|e| e.set.intersection(&changes.changed)).collect();
    // Manager `kubectl` may take what client-side apply set while last-applied holds it.
    let allowed = (manager == "kubectl" && !force)
        .then(|| allowed_by_last_applied(live, api_version))
        .flatten();
    let mut conflicts: Vec<(usize, FieldSet)> = Vec::new();
    for (i, t) in taken.iter().enumerate() {
        let mut contested = t.clone();
        if let Some(allowed) = &allowed {
            contested.difference(allowed);
        }
        if !contested.is_empty() {
            conflicts.push((i, contested));
        }
    }
    if !force && !conflicts.is_empty() {
        return Err(conflict_error(&entries, &conflicts));
    }
    if manager == "kubectl" {
        // lastappliedupdater.go wraps the field manager: the annotation follows the apply,
        // outside its conflicts and its field sets.
        keep_last_applied(&mut object, live, config);
    }
    for (e, t) in entries.iter_mut().zip(&taken) {
        e.set.difference(t);
    }
    let mut out: Vec<Value> = Vec::new();
    for mut e in entries {
        e.set.difference(&changes.removed);
        if !e.set.is_empty() {
            e.raw["fieldsV1"] = e.set.to_fields_v1();
            out.push(e.raw);
        }
    }
    if !set.is_empty() {
        let moved = object != *live;
        let time = match &mine {
            Some(last) if !moved => last.raw.get("time").cloned().unwrap_or_else(|| now.into()),
            _ => now.into(),
        };
        out.push(json!({
            "manager": manager,
            "operation": "Apply",
            "apiVersion": api_version,
            "time": time,
            "fieldsType": "FieldsV1",
            "fieldsV1": set.to_fields_v1(),
        }));
    }
    managed::sort(&mut out);
    Ok(Outcome { object, entries: Value::Array(out) })
}

/// The fields a configuration names, less those no manager owns (stripmeta.go strips the
/// paths from the set, so a `metadata` that held only a name leaves nothing behind).
fn applied_set(config: &Value) -> FieldSet {
    let mut set = to_field_set(config, &Api);
    for top in ["f:apiVersion", "f:kind"] {
        set.remove_tree(&[top]);
    }
    for field in managed::STRIPPED {
        set.remove_tree(&["f:metadata", &format!("f:{field}")]);
    }
    set
}

/// addBackOwnedItems: a list item or field to prune stays when a manager owns something
/// under it, with the keys that name it.
fn spare_owned(gone: &mut FieldSet, owned: &FieldSet) {
    for (e, node) in gone.children.iter_mut() {
        let Some(theirs) = owned.children.get(e) else { continue };
        if node.member && !theirs.children.is_empty() {
            node.member = false;
            if let Some(Ok(Value::Object(keys))) = e.strip_prefix("k:").map(serde_json::from_str) {
                for k in keys.keys() {
                    node.children.remove(&format!("f:{k}"));
                }
            }
        }
        spare_owned(node, theirs);
    }
    gone.children.retain(|_, n| !n.is_empty());
}

/// lastappliedupdater.go: when kubectl's server-side manager applies to an object that has
/// a last-applied-configuration, the annotation becomes the applied configuration.
fn keep_last_applied(object: &mut Value, live: &Value, config: &Value) {
    let has = live.pointer("/metadata/annotations").and_then(|a| a.get(LAST_APPLIED)).is_some();
    if !has {
        return;
    }
    let mut doc = config.clone();
    if let Some(a) = doc.pointer_mut("/metadata/annotations").and_then(Value::as_object_mut) {
        a.shift_remove(LAST_APPLIED);
    }
    let text = format!("{}\n", go_json(&doc));
    if let Some(meta) = object.get_mut("metadata").and_then(Value::as_object_mut) {
        let a = meta.entry("annotations").or_insert_with(|| json!({}));
        if let Some(a) = a.as_object_mut() {
            a.insert(LAST_APPLIED.into(), text.into());
        }
    }
}

/// lastappliedmanager.go `allowedConflictsFromLastApplied`: the fields of the live object's
/// last-applied-configuration that still hold the values it gave them.
fn allowed_by_last_applied(live: &Value, api_version: &str) -> Option<FieldSet> {
    let text = live.pointer("/metadata/annotations")?.get(LAST_APPLIED)?.as_str()?;
    let last: Value = serde_json::from_str(text).ok()?;
    if last.get("apiVersion").and_then(Value::as_str) != Some(api_version) {
        return None;
    }
    let mut set = applied_set(&last);
    let last = managed::strip(&last);
    let differ = compare(Some(&last), Some(&managed::strip(live)), &Api);
    set.difference(&differ.changed);
    set.difference(&differ.removed);
    Some(set)
}

/// conflict.go `NewConflictError`: 409 with a cause per path, the message grouped by manager.
fn conflict_error(entries: &[Entry], conflicts: &[(usize, FieldSet)]) -> Status {
    let mut by_manager: Vec<(String, Vec<String>)> = conflicts
        .iter()
        .filter(|(_, set)| !set.is_empty())
        .map(|(i, set)| (entries[*i].shown(), sm::paths(set)))
        .collect();
    by_manager.sort();
    let count: usize = by_manager.iter().map(|(_, p)| p.len()).sum();
    let causes: Vec<Value> = by_manager
        .iter()
        .flat_map(|(m, paths)| {
            paths.iter().map(move |p| {
                json!({"reason": "FieldManagerConflict", "message": format!("conflict with {m}"), "field": p})
            })
        })
        .collect();
    let message = match by_manager.as_slice() {
        [(m, paths)] if count == 1 => {
            format!("Apply failed with 1 conflict: conflict with {m}: {}", paths[0])
        }
        _ => {
            let lines: Vec<String> = by_manager
                .iter()
                .flat_map(|(m, paths)| {
                    std::iter::once(format!("conflicts with {m}:"))
                        .chain(paths.iter().map(|p| format!("- {p}")))
                })
                .collect();
            format!("Apply failed with {count} conflicts: {}", lines.join("\n"))
        }
    };
    Status::apply_conflict(message, causes)
}

#[cfg(test)]
#[path = "apply_tests.rs"]
mod tests;
