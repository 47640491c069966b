//! `export`: the objects a user would have applied, as YAML that `kubectl apply -f` accepts on
//! a real cluster, with the fields the API server and the controllers set stripped, so the
//! file reads like the manifests that built the cluster. Which kinds, in which order, is the
//! kind registry's `Export`: PriorityClasses first, then what pods read (ServiceAccounts,
//! ConfigMaps, Secrets, quotas, limits, claims, Leases), the workloads, and what points at
//! them (Services, Ingresses, budgets, autoscalers).
//!
//! It deliberately leaves out what a real cluster rebuilds by itself (objects a controller
//! owns, EndpointSlices and Endpoints, ControllerRevisions, Nodes, Events, each namespace's
//! `default` ServiceAccount, the `system-` PriorityClasses, the nodes' Leases, the
//! `kubernetes` Service) and objects already being deleted. It writes no Namespace objects;
//! a comment names the namespaces to create first instead.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::api::client::{self, Refusal};
use crate::clock::Time;
use crate::model::registry::Export;
use crate::model::{Kind, Object, ObjectMeta};

mod defaults;

use defaults::{
    strip_claim_binding, strip_job_selector, strip_pod_defaults, strip_service_defaults,
};

use super::args::{self, flag, switch, FlagSpec};
use super::printers::{object_json, value_to_yaml};
use super::{Kubectl, KubectlError, Output};

/// Metadata the API server sets (or that only describes this cluster's copy of an object).
/// `generateName` goes too: the object already has its name, and apply uses that.
const SERVER_SET_METADATA: [&str; 10] = [
    "uid",
    "resourceVersion",
    "generation",
    "creationTimestamp",
    "deletionTimestamp",
    "deletionGracePeriodSeconds",
    "ownerReferences",
    "managedFields",
    "selfLink",
    "generateName",
];

/// Annotations the Deployment controller writes on Deployments and their ReplicaSets
/// (revision, revision-history, desired-replicas, max-replicas).
const CONTROLLER_ANNOTATIONS: &str = "deployment.kubernetes.io/";
/// Written by `kubectl apply` on a real cluster; a stale copy would only confuse its next diff.
const LAST_APPLIED: &str = "kubectl.kubernetes.io/last-applied-configuration";

/// Namespaces every cluster has, which a manifest can use without creating them.
const BUILT_IN_NAMESPACES: [&str; 4] = ["default", "kube-system", "kube-public", "kube-node-lease"];

/// The kinds exported, in the file's order (the registry's `Export` groups, then registry
/// order), each with whether one a controller owns is left to that controller.
pub fn kinds() -> Vec<(Kind, bool)> {
    let mut out: Vec<(u8, Kind, bool)> = crate::model::registry::REGISTRY
        .iter()
        .filter_map(|info| match info.export {
            Export::Never => None,
            Export::All(group) => Some((group, info.kind, false)),
            Export::Unowned(group) => Some((group, info.kind, true)),
        })
        .collect();
    out.sort_by_key(|(group, _, _)| *group);
    out.into_iter().map(|(_, kind, unowned)| (kind, unowned)).collect()
}

/// The exportable ones among `objects` in `namespace` (all namespaces when `None`) as a
/// multi-document YAML file: ConfigMaps, Secrets, Deployments, ReplicaSets, Pods, Services, each
/// by namespace and name. Empty when there is nothing to export.
pub fn yaml_of(objects: &[Object], now: Time, namespace: Option<&str>) -> String {
    let mut docs: Vec<(String, Value)> = Vec::new();
    for (kind, skip_controlled) in kinds() {
        collect(objects, kind, namespace, skip_controlled, &mut docs);
    }
    if docs.is_empty() {
        return String::new();
    }
    let mut text = format!(
        "# Exported by kubeloop at {now} (simulated time). Apply with: kubectl apply -f FILE\n"
    );
    let extra: BTreeSet<&str> = crate::sort::btree_set(
        docs.iter()
            .map(|(ns, _)| ns.as_str())
            .filter(|ns| !ns.is_empty() && !BUILT_IN_NAMESPACES.contains(ns)),
    );
    if !extra.is_empty() {
        let cmds: Vec<String> =
            extra.iter().map(|ns| format!("kubectl create namespace {ns}")).collect();
        text.push_str(&format!("# Create these namespaces first: {}\n", cmds.join("; ")));
    }
    let body: Vec<String> = docs.iter().map(|(_, v)| value_to_yaml(v)).collect();
    text.push_str(&body.join("---\n"));
    text
}

/// Appends the exportable objects of one kind, sorted by namespace then name.
fn collect(
    objects: &[Object],
    kind: Kind,
    namespace: Option<&str>,
    skip_controlled: bool,
    docs: &mut Vec<(String, Value)>,
) {
    // Cluster-scoped objects (PriorityClasses) belong to every namespace's file.
    let in_namespace =
        |o: &&Object| !kind.namespaced() || namespace.is_none_or(|ns| o.meta().namespace == ns);
    let mut objs: Vec<&Object> = objects
        .iter()
        .filter(|o| o.kind() == kind)
        .filter(in_namespace)
        .filter(|o| exportable(kind, o.meta(), skip_controlled))
        .collect();
    crate::sort::sort_by(&mut objs, |a, b| {
        (&a.meta().namespace, &a.meta().name).cmp(&(&b.meta().namespace, &b.meta().name))
    });
    for o in objs {
        let ns = o.meta().namespace.clone();
        docs.push((ns, clean(kind, object_json(o))));
    }
}

/// The objects `export` considers, read through the API: a list of each kind in
/// `namespace`, or across namespaces.
fn listed(s: &mut Kubectl, namespace: Option<&str>) -> Result<Vec<Object>, Refusal> {
    let mut out = Vec::new();
    for (kind, _) in kinds() {
        out.extend(client::list(s.api(), kind, namespace.unwrap_or(""), None, None)?);
    }
    Ok(out)
}

/// `export`'s file of the cluster kubectl talks to.
fn export(s: &mut Kubectl, namespace: Option<&str>) -> Result<String, Refusal> {
    let objects = listed(s, namespace)?;
    Ok(yaml_of(&objects, s.now(), namespace))
}

/// Leaves out what a controller makes again, what is going, and what every cluster writes
/// for itself (applying it elsewhere would fight that cluster for it): the API server's
/// `kubernetes` Service, each namespace's `default` ServiceAccount (the service account
/// controller's), the `system-` PriorityClasses, and the nodes' Leases.
fn exportable(kind: Kind, meta: &ObjectMeta, skip_controlled: bool) -> bool {
    let left_to_a_controller = skip_controlled && meta.controller_ref().is_some();
    let the_clusters = match kind {
        Kind::Service => meta.namespace == "default" && meta.name == crate::model::API_SERVICE,
        Kind::ServiceAccount => meta.name == "default",
        Kind::PriorityClass => meta.name.starts_with("system-"),
        Kind::Lease => meta.namespace == crate::model::NODE_LEASE_NAMESPACE,
        _ => false,
    };
    !meta.is_deleting() && !left_to_a_controller && !the_clusters
}

/// Strips what the server and the controllers set from one object's JSON. Finalizers stay:
/// on an object that is not being deleted, only a user put them there.
fn clean(kind: Kind, mut v: Value) -> Value {
    let Some(obj) = v.as_object_mut() else { return v };
    obj.remove("status");
    if let Some(meta) = obj.get_mut("metadata").and_then(Value::as_object_mut) {
        let named = meta.get("name").and_then(Value::as_str).is_some_and(|n| !n.is_empty());
        for field in SERVER_SET_METADATA {
            if field != "generateName" || named {
                meta.remove(field);
            }
        }
        if let Some(ann) = meta.get_mut("annotations").and_then(Value::as_object_mut) {
            ann.retain(|k, _| !k.starts_with(CONTROLLER_ANNOTATIONS) && k != LAST_APPLIED);
            if ann.is_empty() {
                meta.remove("annotations");
            }
        }
    }
    match kind {
        Kind::Job => strip_job_selector(obj),
        Kind::PersistentVolumeClaim => strip_claim_binding(obj),
        _ => {}
    }
    if kind == Kind::Service {
        if let Some(spec) = obj.get_mut("spec").and_then(Value::as_object_mut) {
            strip_service_defaults(spec);
        }
        return v;
    }
    // The scheduler's choice, and a real cluster's nodes have other names.
    if kind == Kind::Pod {
        if let Some(spec) = obj.get_mut("spec").and_then(Value::as_object_mut) {
            spec.remove("nodeName");
            strip_pod_defaults(spec);
        }
    } else {
        // A pod template: a workload's, or a CronJob's Job template's.
        let spec = obj.get_mut("spec");
        let spec = match kind {
            Kind::CronJob => {
                spec.and_then(|s| s.get_mut("jobTemplate")).and_then(|t| t.get_mut("spec"))
            }
            _ => spec,
        };
        if let Some(pod) = spec
            .and_then(|s| s.get_mut("template"))
            .and_then(|t| t.get_mut("spec"))
            .and_then(Value::as_object_mut)
        {
            strip_pod_defaults(pod);
        }
    }
    v
}

const EXPORT_FLAGS: &[FlagSpec] =
    &[flag("namespace", Some('n')), switch("all-namespaces", Some('A'))];

const USAGE: &str = "usage: export [-n NAMESPACE | -A]";

/// The sandbox command `export [-n NS | --namespace NS | -A | --all-namespaces]`. The
/// namespace is chosen as `get` chooses it: `default` unless given, `-A` over `-n`.
pub(super) fn run(s: &mut Kubectl, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let usage = |why: &str| KubectlError::Usage(format!("{why}\n{USAGE}"));
    let a = args::parse(argv, EXPORT_FLAGS, "export").map_err(|e| {
        // Keep the flag parser's first line, then this command's usage, not kubectl's hint.
        let msg = e.to_string();
        let first = msg.lines().next().unwrap_or_default();
        usage(first.strip_prefix("error: ").unwrap_or(first))
    })?;
    if let Some(extra) = a.positional.first() {
        return Err(usage(&format!("unexpected argument \"{extra}\"")));
    }
    let all = a.bool("all-namespaces", false).map_err(|e| {
        let msg = e.to_string();
        usage(msg.strip_prefix("error: ").unwrap_or(&msg))
    })?;
    let ns = a.get("namespace").unwrap_or("default");
    let text = export(s, if all { None } else { Some(ns) })?;
    if text.is_empty() {
        if all {
            out.err("No resources found\n");
        } else {
            out.err(format!("No resources found in {ns} namespace.\n"));
        }
    }
    out.out(text);
    Ok(0)
}

#[cfg(test)]
mod tests;
