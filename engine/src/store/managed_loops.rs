//! The loops' `metadata.managedFields` entries. A real cluster's controllers, scheduler and
//! kubelets write through the API server, whose field manager records each write under the
//! client's User-Agent (`kube-controller-manager`, `kube-scheduler`, `kubelet`; see
//! buildmanagerinfo.go in k8s.io/apimachinery pkg/util/managedfields/internal). The loops
//! here write to the store in process, thousands of times per settle, so a loop's write is
//! only noted on the object (`model::LoopWrites`), and its entries are made when the API
//! serves the object:
//! - a loop that created the object owns every field outside `status` that no other entry
//!   holds, as its create would have recorded them and no later write has taken them;
//! - the loop that last wrote the status owns the status fields no other entry holds.
//!
//! A loop's write outside the status of an object it did not create (the Deployment
//! controller's revision annotation, a taint on a node) is rare, and is recorded as it
//! happens, as an API write is. The scheduler's binding is recorded by no one: upstream's
//! `pods/binding` writes `spec.nodeName` straight to storage (pkg/registry/core/pod/storage
//! `setPodHostAndAnnotations`), past the field manager.
//!
//! Not modelled: a loop that writes again a field a user took from it gets it back upstream;
//! here it stays the user's until the user's entry lets it go.

use serde_json::{json, Value};

use super::managed::{drop_admitted, sort, strip, zero_value, Api};
use super::FieldManager;
use crate::apimachinery::fieldset::{compare, FieldSet};
use crate::clock::Time;
use crate::model::{Kind, Object, ObjectMeta};

/// The noting and the entries' maker ship with the engine's course part (`crate::parts`), as
/// the recorder does: in the page's split build, the loops' writes before it arrives are not
/// noted, and objects read before it show no loop entries.
#[cfg(kubeloop_split)]
pub(crate) static LATER_ENTRIES: std::sync::OnceLock<fn(&Object, &mut Value)> =
    std::sync::OnceLock::new();
#[cfg(kubeloop_split)]
pub(crate) static LATER_NOTE: std::sync::OnceLock<Note> = std::sync::OnceLock::new();

#[cfg(kubeloop_split)]
type Note = fn(&mut ObjectMeta, bool, bool, FieldManager, Time) -> Option<&'static str>;

/// `note`, once the course part has arrived in a split build.
pub(super) fn noted(
    meta: &mut ObjectMeta,
    create: bool,
    status: bool,
    actor: FieldManager,
    now: Time,
) -> Option<&'static str> {
    #[cfg(kubeloop_split)]
    return LATER_NOTE.get()?(meta, create, status, actor, now);
    #[cfg(not(kubeloop_split))]
    note(meta, create, status, actor, now)
}

/// The manager a loop's writes are recorded under (`model::LOOP_MANAGERS`): its binary's
/// name, as its User-Agent starts.
fn manager_of(actor: FieldManager) -> &'static str {
    match actor.name() {
        "kubelet" => "kubelet",
        "default-scheduler" => "kube-scheduler",
        _ => "kube-controller-manager",
    }
}

/// Notes a loop's write on `obj`. Returns the manager when the write must be recorded as it
/// happens instead (outside the status of an object that loop did not create).
pub(crate) fn note(
    meta: &mut ObjectMeta,
    create: bool,
    status: bool,
    actor: FieldManager,
    now: Time,
) -> Option<&'static str> {
    let manager = manager_of(actor);
    let writes = &mut meta.loop_writes;
    if status || create || writes.creator().is_some_and(|(m, _)| m == manager) {
        writes.note(manager, status, now);
        return None;
    }
    (manager != "kube-scheduler").then_some(manager)
}

/// Adds the loops' entries to `v`, the object as the API serves it.
pub(crate) fn with_loop_entries(obj: &Object, v: &mut Value) {
    let writes = &obj.meta().loop_writes;
    if writes.is_empty() {
        return;
    }
    #[cfg(kubeloop_split)]
    if let Some(entries) = LATER_ENTRIES.get() {
        entries(obj, v);
    }
    #[cfg(not(kubeloop_split))]
    entries(obj, v);
}

/// The entries themselves: see the module's header.
pub(crate) fn entries(obj: &Object, v: &mut Value) {
    let kind = obj.kind();
    let writes = &obj.meta().loop_writes;
    let mut stored: Vec<Value> =
        v.pointer("/metadata/managedFields").and_then(Value::as_array).cloned().unwrap_or_default();
    let mut taken = FieldSet::default();
    for e in &stored {
        taken.union(&FieldSet::from_fields_v1(&e["fieldsV1"]));
    }
    let mut every = compare(Some(&zero_value(kind)), Some(&strip(v)), &Api).changed;
    drop_admitted(kind, v, &mut every);
    let status = ["f:status"];
    let api_version = kind.api_version();
    for (w, subresource) in [(writes.creator(), ""), (writes.status_writer(), "status")] {
        let Some((manager, at)) = w else { continue };
        let mut set = if subresource.is_empty() {
            let mut set = every.clone();
            set.remove_tree(&status);
            set
        } else {
            every.keep_tree(&status)
        };
        if kind == Kind::Pod {
            // Set by the binding and by the API server's create, not by the writer; the
            // scheduler writes PodScheduled itself only when it cannot place the pod.
            set.remove_tree(&["f:spec", "f:nodeName"]);
            set.remove_tree(&["f:status", "f:qosClass"]);
            if manager != "kube-scheduler" {
                set.remove_tree(&["f:status", "f:conditions", r#"k:{"type":"PodScheduled"}"#]);
            }
        }
        set.difference(&taken);
        if set.is_empty() {
            continue;
        }
        let time = at.to_string();
        let same = |e: &&mut Value| {
            e["manager"] == manager
                && e["operation"] == "Update"
                && e["apiVersion"] == api_version
                && e.get("subresource").and_then(Value::as_str).unwrap_or_default() == subresource
        };
        if let Some(e) = stored.iter_mut().find(same) {
            let mut mine = FieldSet::from_fields_v1(&e["fieldsV1"]);
            mine.union(&set);
            e["fieldsV1"] = mine.to_fields_v1();
            if e["time"].as_str().is_none_or(|t| *t < *time) {
                e["time"] = time.into();
            }
            continue;
        }
        let mut entry = json!({
            "manager": manager,
            "operation": "Update",
            "apiVersion": api_version,
            "time": time,
            "fieldsType": "FieldsV1",
            "fieldsV1": set.to_fields_v1(),
        });
        if !subresource.is_empty() {
            entry["subresource"] = subresource.into();
        }
        stored.push(entry);
    }
    sort(&mut stored);
    if let Some(meta) = v.get_mut("metadata").and_then(Value::as_object_mut) {
        meta.insert("managedFields".into(), Value::Array(stored));
    }
}
