//! `metadata.managedFields`: each writer of an object and the fields it set, as the API
//! server's field manager records them on every create and update (k8s.io/apimachinery
//! pkg/util/managedfields/internal: `managedFieldsUpdater` merges an update's fields into its
//! manager's entry and stamps the time, `stripMetaManager` leaves out the server's own
//! metadata, `structuredMerge` moves the fields an update changed away from their previous
//! owners, `sortEncodedManagedFields` orders the entries).
//!
//! A manager is the request's `fieldManager`, else its User-Agent up to the first `/`, as
//! buildmanagerinfo.go names it. Writes only of an object's status are recorded under
//! `subresource: status`, and count only the status (each strategy's reset fields); writes
//! through `/scale` under `subresource: scale`.
//!
//! The loops write to the store in process, and recording their every write (each pod's and
//! node's status writes) made settling a 100-pod Deployment many times slower: their writes
//! are noted on the object, and their entries made when it is read (`managed_loops.rs`).
//! `Apply` entries are server-side apply's
//! (api/apply.rs): it writes the object with the entries it computed, and sets
//! `Store::applying` so they are kept as sent. Not modelled: the cap of ten
//! update entries, and a client's own `managedFields` in a write (the
//! stored entries are always kept).

use serde_json::{json, Value};

use crate::apimachinery::fieldset::{compare, FieldSet, ListKind, Schema};
use crate::clock::Time;
use crate::model::{Kind, Object};

type Record = fn(&Write<'_>, Option<&Object>, &Object) -> Option<Value>;

/// The recorder ships with the engine's course part (`crate::parts`): in the page's split
/// build, writes before it arrives record no entry.
#[cfg(kubeloop_split)]
pub(crate) static LATER_RECORD: std::sync::OnceLock<Record> = std::sync::OnceLock::new();

fn recorder() -> Option<Record> {
    #[cfg(kubeloop_split)]
    return LATER_RECORD.get().copied();
    #[cfg(not(kubeloop_split))]
    Some(record)
}

impl super::Store {
    /// Gives `obj` its `managedFields` after this write (`old` absent on create), when a
    /// writer is named; a loop's write is noted for `managed_loops` instead.
    pub(super) fn track<T: super::Tabled>(
        &self,
        obj: &mut T,
        old: Option<&T>,
        status: bool,
        now: Time,
    ) {
        let Some(manager) = self.recorded_as(obj.meta_mut(), old.is_none(), status, now) else {
            return;
        };
        // Only API writes and a loop's rare writes to what it did not create get here, so
        // the copies made here are few. All else is in `entries`, compiled once rather than
        // for every kind.
        let new = obj.clone().into_object();
        let old = old.map(|o| o.clone().into_object());
        if let Some(v) = self.entries(manager, &new, old.as_ref(), status, now) {
            obj.meta_mut().managed_fields = crate::model::Opaque(Some(Box::new(v)));
        }
    }

    /// Who this write is recorded under now, if anyone: not a server-side apply (api/apply.rs
    /// sends the entries it computed in the object), the API's writer, or a loop whose write
    /// `managed_loops` cannot just note. Compiled once rather than for every kind.
    #[inline(never)]
    fn recorded_as(
        &self,
        meta: &mut crate::model::ObjectMeta,
        create: bool,
        status: bool,
        now: Time,
    ) -> Option<&str> {
        if self.applying {
            return None;
        }
        let manager = match (&self.writer, self.actor) {
            (Some(writer), _) => writer.as_str(),
            (None, Some(actor)) => super::managed_loops::noted(meta, create, status, actor, now)?,
            (None, None) => return None,
        };
        recorder().map(|_| manager)
    }

    /// The recorder's entries (in the course part) after `manager`'s write of `new`.
    #[inline(never)]
    fn entries(
        &self,
        manager: &str,
        new: &Object,
        old: Option<&Object>,
        status: bool,
        now: Time,
    ) -> Option<Value> {
        let record = recorder()?;
        let subresource = if status { "status" } else { self.writer_sub.unwrap_or_default() };
        let w = Write { kind: new.kind(), manager, status, subresource, now };
        record(&w, old, new)
    }
}

/// What a write is, for its entry.
pub(crate) struct Write<'a> {
    pub kind: Kind,
    pub manager: &'a str,
    pub status: bool,
    /// `status`, or the subresource the request wrote through (`scale`), or empty.
    pub subresource: &'a str,
    pub now: Time,
}

/// The object's new `managedFields` after `old` (absent on create) became `new`; `None`
/// when the write leaves them as they were.
pub(crate) fn record(w: &Write<'_>, old: Option<&Object>, new: &Object) -> Option<Value> {
    let ops = crate::kinds::ops(w.kind);
    record_values(w, old.map(|o| ops.to_value(o)).as_ref(), &ops.to_value(new))
}

/// `record` on the objects' JSON.
fn record_values(w: &Write<'_>, old: Option<&Value>, new: &Value) -> Option<Value> {
    let skeleton = old.is_none().then(|| zero_value(w.kind));
    let before = old.or(skeleton.as_ref());
    let before = before.map(strip);
    let mut changes = compare(before.as_ref(), Some(&strip(new)), &Api);
    if old.is_none() {
        drop_admitted(w.kind, new, &mut changes.changed);
    }
    let part = ["f:status"];
    if w.status {
        changes.changed = changes.changed.keep_tree(&part);
        changes.removed = changes.removed.keep_tree(&part);
    } else {
        changes.changed.remove_tree(&part);
        changes.removed.remove_tree(&part);
    }
    let mut entries: Vec<Value> = old
        .and_then(|o| o.pointer("/metadata/managedFields"))
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    if changes.changed.is_empty() && changes.removed.is_empty() {
        return None;
    }
    let api_version = w.kind.api_version();
    let subresource = w.subresource;
    let mine = |e: &Value| {
        e["manager"] == w.manager
            && e["operation"] == "Update"
            && e["apiVersion"] == api_version
            && e.get("subresource").and_then(Value::as_str).unwrap_or_default() == subresource
    };
    let mut own = FieldSet::default();
    let mut previous = None;
    // Every other entry loses what this write changed or removed; an emptied one goes.
    entries.retain_mut(|e| {
        let mut set = FieldSet::from_fields_v1(&e["fieldsV1"]);
        set.difference(&changes.removed);
        if mine(e) {
            own = set;
            previous = Some(e.clone());
            return false;
        }
        set.difference(&changes.changed);
        e["fieldsV1"] = set.to_fields_v1();
        !set.is_empty()
    });
    own.union(&changes.changed);
    let mut entry = json!({
        "manager": w.manager,
        "operation": "Update",
        "apiVersion": api_version,
        "time": w.now.to_string(),
        "fieldsType": "FieldsV1",
        "fieldsV1": own.to_fields_v1(),
    });
    if !subresource.is_empty() {
        entry["subresource"] = subresource.into();
    }
    if !changes.changed.is_empty() {
        entries.push(entry);
    } else if let Some(mut kept) = previous.filter(|_| !own.is_empty()) {
        // Only removals: the entry keeps its time, less what went.
        kept["fieldsV1"] = own.to_fields_v1();
        entries.push(kept);
    }
    sort(&mut entries);
    Some(Value::Array(entries))
}

/// sortEncodedManagedFields: operation, time, manager, apiVersion, subresource.
pub(crate) fn sort(entries: &mut [Value]) {
    entries.sort_by(|a, b| {
        let key = |e: &Value| {
            let s = |k: &str| e.get(k).and_then(Value::as_str).unwrap_or_default().to_string();
            (s("operation"), s("time"), s("manager"), s("apiVersion"), s("subresource"))
        };
        key(a).cmp(&key(b))
    });
}

/// The object without what no manager owns (stripmeta.go).
pub(crate) fn strip(v: &Value) -> Value {
    let mut v = v.clone();
    if let Some(m) = v.as_object_mut() {
        m.remove("apiVersion");
        m.remove("kind");
    }
    if let Some(meta) = v.get_mut("metadata").and_then(Value::as_object_mut) {
        for f in STRIPPED {
            meta.remove(f);
        }
    }
    v
}

/// The metadata no manager owns.
pub(crate) const STRIPPED: [&str; 10] = [
    "name",
    "namespace",
    "creationTimestamp",
    "selfLink",
    "uid",
    "generation",
    "managedFields",
    "resourceVersion",
    "deletionTimestamp",
    "deletionGracePeriodSeconds",
];

/// What the admission plugins added to a new pod: the field manager records a create before
/// mutating admission runs (create.go in k8s.io/apiserver pkg/endpoints/handlers), so no
/// manager owns them. The ServiceAccount plugin's token volume and mounts and its `default`
/// account, DefaultTolerationSeconds' two tolerations, and Priority's resolved priority.
pub(super) fn drop_admitted(kind: Kind, v: &Value, set: &mut FieldSet) {
    if kind != Kind::Pod {
        return;
    }
    let spec = &v["spec"];
    let mut drop =
        |path: &[String]| set.remove_tree(&path.iter().map(String::as_str).collect::<Vec<_>>());
    let f = |s: &str| format!("f:{s}");
    let key = |k: &str, v: &Value| format!("k:{}", json!({ k: v }));
    // A list the plugin alone made goes whole.
    let token = |v: &Value| v["name"].as_str().is_some_and(|n| n.starts_with("kube-api-access-"));
    let volumes = spec["volumes"].as_array().map(Vec::as_slice).unwrap_or_default();
    if !volumes.is_empty() && volumes.iter().all(token) {
        drop(&[f("spec"), f("volumes")]);
    }
    for volume in volumes.iter().filter(|v| token(v)) {
        drop(&[f("spec"), f("volumes"), key("name", &volume["name"])]);
    }
    let sa = |m: &Value| m["mountPath"] == "/var/run/secrets/kubernetes.io/serviceaccount";
    for c in spec["containers"].as_array().into_iter().flatten() {
        let mounts_path = [f("spec"), f("containers"), key("name", &c["name"]), f("volumeMounts")];
        let mounts = c["volumeMounts"].as_array().map(Vec::as_slice).unwrap_or_default();
        if !mounts.is_empty() && mounts.iter().all(sa) {
            drop(&mounts_path);
        }
        for m in mounts.iter().filter(|m| sa(m)) {
            let mut path = mounts_path.to_vec();
            path.push(key("mountPath", &m["mountPath"]));
            drop(&path);
        }
    }
    let defaults = spec["tolerations"].as_array().is_some_and(|ts| {
        ts.iter().all(|t| {
            t["tolerationSeconds"] == 300
                && matches!(
                    t["key"].as_str(),
                    Some("node.kubernetes.io/not-ready" | "node.kubernetes.io/unreachable")
                )
        })
    });
    if defaults {
        drop(&[f("spec"), f("tolerations")]);
    }
    if spec["serviceAccountName"] == "default" {
        drop(&[f("spec"), f("serviceAccountName")]);
        drop(&[f("spec"), f("serviceAccount")]);
    }
    drop(&[f("spec"), f("priority")]);
    drop(&[f("spec"), f("preemptionPolicy")]);
}

/// A new object is compared with its kind's zero value as Go's encoding/json writes it: the
/// structs that are not pointers are there, empty, so only what lies below them is new.
pub(super) fn zero_value(kind: Kind) -> Value {
    let template = json!({"metadata": {}, "spec": {"containers": null}});
    let workload = |extra: Value| {
        let mut spec = json!({"selector": null, "template": template});
        if let (Some(s), Value::Object(more)) = (spec.as_object_mut(), extra) {
            s.extend(more);
        }
        json!({"metadata": {}, "spec": spec, "status": {}})
    };
    match kind {
        Kind::Deployment => workload(json!({"strategy": {}})),
        Kind::ReplicaSet => workload(json!({})),
        Kind::DaemonSet => workload(json!({"updateStrategy": {}})),
        Kind::StatefulSet => workload(json!({"updateStrategy": {}})),
        Kind::Pod => json!({"metadata": {}, "spec": {"containers": null}, "status": {}}),
        Kind::Job => json!({"metadata": {}, "spec": {"template": template}, "status": {}}),
        Kind::CronJob => json!({"metadata": {}, "spec": {"jobTemplate": {"metadata": {},
            "spec": {"template": template}}}, "status": {}}),
        Kind::Service => json!({"metadata": {}, "spec": {}, "status": {"loadBalancer": {}}}),
        Kind::HorizontalPodAutoscaler => {
            json!({"metadata": {}, "spec": {"scaleTargetRef": {}}, "status": {}})
        }
        Kind::ReplicationController
        | Kind::PodDisruptionBudget
        | Kind::ResourceQuota
        | Kind::Namespace
        | Kind::PersistentVolumeClaim
        | Kind::LimitRange => json!({"metadata": {}, "spec": {}, "status": {}}),
        _ => json!({"metadata": {}}),
    }
}

/// The list and map kinds of the API's schemas (`x-kubernetes-list-type`,
/// `x-kubernetes-list-map-keys`, `x-kubernetes-map-type` in the published OpenAPI), for the
/// fields the modelled kinds have.
pub(crate) struct Api;

impl Schema for Api {
    fn list(&self, path: &[&str]) -> ListKind {
        let (parent, field) = match path {
            [.., parent, field] => (*parent, *field),
            [field] => ("", *field),
            [] => return ListKind::Atomic,
        };
        match field {
            "containers"
            | "initContainers"
            | "ephemeralContainers"
            | "env"
            | "volumes"
            | "imagePullSecrets"
            | "resourceClaims"
            | "schedulingGates" => ListKind::Map(&["name"]),
            "ports" if parent == "spec" => ListKind::Map(&["port", "protocol"]),
            "ports" => ListKind::Map(&["containerPort", "protocol"]),
            "volumeMounts" => ListKind::Map(&["mountPath"]),
            "volumeDevices" => ListKind::Map(&["devicePath"]),
            "conditions" => ListKind::Map(&["type"]),
            "ownerReferences" => ListKind::Map(&["uid"]),
            "hostAliases" | "podIPs" | "hostIPs" => ListKind::Map(&["ip"]),
            "topologySpreadConstraints" => ListKind::Map(&["topologyKey", "whenUnsatisfiable"]),
            "finalizers" => ListKind::Set,
            _ => ListKind::Atomic,
        }
    }

    fn atomic_map(&self, path: &[&str]) -> bool {
        // LabelSelector is `+structType=atomic`; a Service's and a ReplicationController's
        // selector and a pod's nodeSelector are `+mapType=atomic`.
        matches!(path.last(), Some(&("selector" | "nodeSelector" | "scaleTargetRef")))
    }
}

#[cfg(test)]
mod tests;
