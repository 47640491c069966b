//! ResourceQuotas (v1): a namespace's limits on what its objects may hold together (pods,
//! CPU and memory requests and limits, object counts), with the usage the quota controller
//! and the admission plugin keep in `status`. Resource lists hold quantities in their
//! canonical text, as the API server writes them.
//!
//! Modelled on staging/src/k8s.io/api/core/v1/types.go (`ResourceQuota`), the usage of
//! pkg/quota/v1/evaluator/core/pods.go (`PodUsageFunc`, `podComputeUsageHelper`,
//! `QuotaV1Pod`, the scopes of `podMatchesScopeFunc`) and the object count evaluators of
//! pkg/quota/v1/generic (`count/<resource>.<group>`, and the legacy names `pods`,
//! `services`, `configmaps`, `secrets`, `persistentvolumeclaims`, `resourcequotas`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::meta::ObjectMeta;
use super::quantity::{self, Format, Quantity};
use super::{Kind, Pod, PodPhase};
use crate::clock::Time;

/// A resource list: resource name to quantity.
pub type ResourceList = BTreeMap<String, String>;

/// A resource list as `Quantity.UnmarshalJSON` reads its values: a string, or a bare number
/// (`pods: 2` in YAML), kept as its text.
pub fn de_list<'de, D: serde::Deserializer<'de>>(d: D) -> Result<ResourceList, D::Error> {
    let raw = BTreeMap::<String, Value>::deserialize(d)?;
    raw.into_iter()
        .map(|(k, v)| match v {
            Value::String(s) => Ok((k, s)),
            Value::Number(n) => Ok((k, n.to_string())),
            other => Err(serde::de::Error::custom(format!(
                "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$' (got {other})"
            ))),
        })
        .collect()
}

fn v1() -> String {
    "v1".into()
}
fn quota_kind() -> String {
    "ResourceQuota".into()
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ResourceQuota {
    #[serde(default = "v1")]
    pub api_version: String,
    #[serde(default = "quota_kind")]
    pub kind: String,
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: QuotaSpec,
    #[serde(default)]
    pub status: QuotaStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct QuotaSpec {
    #[serde(default, deserialize_with = "de_list", skip_serializing_if = "BTreeMap::is_empty")]
    pub hard: ResourceList,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scopes: Vec<String>,
    /// Kept as written: the priority-class scope selector is not simulated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope_selector: Option<Value>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct QuotaStatus {
    #[serde(default, deserialize_with = "de_list", skip_serializing_if = "BTreeMap::is_empty")]
    pub hard: ResourceList,
    #[serde(default, deserialize_with = "de_list", skip_serializing_if = "BTreeMap::is_empty")]
    pub used: ResourceList,
}

/// The scopes a quota may name (`ResourceQuotaScope`).
pub const QUOTA_SCOPES: [&str; 6] = [
    "Terminating",
    "NotTerminating",
    "BestEffort",
    "NotBestEffort",
    "PriorityClass",
    "CrossNamespacePodAffinity",
];

/// Quantities by resource name, parsed: what usage arithmetic works on.
pub type Usage = BTreeMap<String, Quantity>;

/// A resource list's quantities; a value that does not parse counts as zero.
pub fn parsed(list: &ResourceList) -> Usage {
    list.iter()
        .map(|(k, v)| {
            (
                k.clone(),
                quantity::parse(v).unwrap_or(Quantity { nanos: 0, format: Format::DecimalSI }),
            )
        })
        .collect()
}

/// A usage as a resource list, each quantity in its canonical text.
pub fn printed(usage: &Usage) -> ResourceList {
    usage.iter().map(|(k, q)| (k.clone(), q.canonical())).collect()
}

/// `quota.Add`: the sum per resource, keeping the left side's format.
pub fn add(a: &Usage, b: &Usage) -> Usage {
    let mut out = a.clone();
    for (k, q) in b {
        out.entry(k.clone())
            .and_modify(|s| s.nanos = s.nanos.saturating_add(q.nanos))
            .or_insert(*q);
    }
    out
}

/// The object count resource of a kind: `count/pods`, `count/deployments.apps`.
pub fn count_resource(kind: Kind) -> String {
    match kind.group() {
        "" => format!("count/{}", kind.plural()),
        g => format!("count/{}.{g}", kind.plural()),
    }
}

fn one() -> Quantity {
    Quantity { nanos: 1_000_000_000, format: Format::DecimalSI }
}

/// What one object of `kind` counts against a quota, pods aside: its `count/` resource,
/// and the legacy name of the kinds that had one before object counts were generic.
pub fn object_usage(kind: Kind) -> Usage {
    let mut u = Usage::new();
    u.insert(count_resource(kind), one());
    let legacy = match kind {
        Kind::Service => Some("services"),
        Kind::ConfigMap => Some("configmaps"),
        Kind::Secret => Some("secrets"),
        Kind::PersistentVolumeClaim => Some("persistentvolumeclaims"),
        Kind::ResourceQuota => Some("resourcequotas"),
        _ => None,
    };
    if let Some(name) = legacy {
        u.insert(name.into(), one());
    }
    u
}

/// `QuotaV1Pod`: a pod is charged until it is finished, or until its grace period has run
/// out past its deletion time (a pod stuck terminating on a lost node).
pub fn pod_is_charged(pod: &Pod, now: Time) -> bool {
    if matches!(pod.status.phase, PodPhase::Failed | PodPhase::Succeeded) {
        return false;
    }
    match (pod.metadata.deletion_timestamp, pod.metadata.deletion_grace_period_seconds) {
        (Some(at), Some(grace)) => now <= at.plus_secs(grace),
        _ => true,
    }
}

/// One container list's requests or limits (`requests`/`limits`), parsed.
fn container_list(v: Option<&Value>) -> Usage {
    let Some(map) = v.and_then(Value::as_object) else { return Usage::new() };
    map.iter()
        .filter_map(|(k, v)| {
            let text = v.as_str().map_or_else(|| v.to_string(), str::to_string);
            quantity::parse(&text).ok().map(|q| (k.clone(), q))
        })
        .collect()
}

/// A container's name, requests and limits; init containers are kept as JSON in the model.
struct Demand {
    name: String,
    requests: Usage,
    limits: Usage,
}

/// The pod's containers, then its init containers (`true`), with what each asks for.
fn demands(pod: &Pod) -> Vec<(Demand, bool)> {
    let mut out: Vec<(Demand, bool)> = pod
        .spec
        .containers
        .iter()
        .map(|c| {
            let d = Demand {
                name: c.name.clone(),
                requests: container_list(c.resources.requests.as_deref()),
                limits: container_list(c.resources.limits.as_deref()),
            };
            (d, false)
        })
        .collect();
    let init = pod.spec.init_containers.as_deref().and_then(Value::as_array);
    for c in init.into_iter().flatten() {
        let d = Demand {
            name: c.get("name").and_then(Value::as_str).unwrap_or_default().to_string(),
            requests: container_list(c.pointer("/resources/requests")),
            limits: container_list(c.pointer("/resources/limits")),
        };
        out.push((d, true));
    }
    out
}

/// `resourcehelper.PodRequests` and `PodLimits`: the containers' sums, or an init
/// container's own value where it is larger.
fn pod_resources(pod: &Pod) -> (Usage, Usage) {
    let (mut requests, mut limits) = (Usage::new(), Usage::new());
    let all = demands(pod);
    for (d, _) in all.iter().filter(|(_, init)| !init) {
        requests = add(&requests, &d.requests);
        limits = add(&limits, &d.limits);
    }
    for (d, _) in all.iter().filter(|(_, init)| *init) {
        for (sum, own) in [(&mut requests, &d.requests), (&mut limits, &d.limits)] {
            for (k, q) in own {
                let e = sum.entry(k.clone()).or_insert(*q);
                if q.nanos > e.nanos {
                    *e = *q;
                }
            }
        }
    }
    (requests, limits)
}

/// `podComputeUsageHelper` over requests and limits.
fn compute_usage(requests: &Usage, limits: &Usage) -> Usage {
    let mut out = Usage::new();
    out.insert("pods".into(), one());
    for res in ["cpu", "memory", "ephemeral-storage"] {
        if let Some(q) = requests.get(res) {
            out.insert(res.into(), *q);
            out.insert(format!("requests.{res}"), *q);
        }
        if let Some(q) = limits.get(res) {
            out.insert(format!("limits.{res}"), *q);
        }
    }
    out
}

/// `PodUsageFunc`: `count/pods` always, and the compute resources while the pod is charged.
pub fn pod_usage(pod: &Pod, now: Time) -> Usage {
    let mut u = Usage::new();
    u.insert("count/pods".into(), one());
    if !pod_is_charged(pod, now) {
        return u;
    }
    let (requests, limits) = pod_resources(pod);
    add(&u, &compute_usage(&requests, &limits))
}

/// The container-level resources a quota on CPU or memory makes every container name
/// (`validationSet`), for `Constraints`.
const MUST_NAME: [&str; 6] =
    ["cpu", "memory", "requests.cpu", "requests.memory", "limits.cpu", "limits.memory"];

/// `podEvaluator.Constraints`: each container must set what a quota on CPU or memory
/// tracks; the error names what is missing, and for which containers.
pub fn pod_constraints(pod: &Pod, tracked: &[String]) -> Result<(), String> {
    let required: Vec<&str> =
        MUST_NAME.into_iter().filter(|r| tracked.iter().any(|t| t == r)).collect();
    let mut missing: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for (c, _) in demands(pod) {
        let has = compute_usage(&c.requests, &c.limits);
        for r in &required {
            if !has.contains_key(*r) {
                let names = missing.entry(r).or_default();
                if !names.contains(&c.name) {
                    names.push(c.name.clone());
                }
            }
        }
    }
    if missing.is_empty() {
        return Ok(());
    }
    let parts: Vec<String> = missing
        .iter_mut()
        .map(|(r, names)| {
            names.sort();
            format!("{r} for: {}", names.join(","))
        })
        .collect();
    Err(format!("must specify {}", parts.join("; ")))
}

/// `podMatchesScopeFunc` for the scopes the sandbox models; a PriorityClass or
/// cross-namespace affinity scope matches no pod here, as no pod has either.
pub fn pod_in_scope(pod: &Pod, scope: &str) -> bool {
    let terminating = pod.spec.active_deadline_seconds.is_some_and(|s| s >= 0);
    let best_effort =
        demands(pod).iter().all(|(c, _)| c.requests.is_empty() && c.limits.is_empty());
    match scope {
        "Terminating" => terminating,
        "NotTerminating" => !terminating,
        "BestEffort" => best_effort,
        "NotBestEffort" => !best_effort,
        _ => false,
    }
}

/// `prettyPrint`: `name=quantity` pairs in name order, joined by commas.
pub fn pretty(usage: &Usage) -> String {
    let pairs: Vec<String> = usage.iter().map(|(k, q)| format!("{k}={}", q.canonical())).collect();
    pairs.join(",")
}

#[cfg(test)]
#[path = "quota_tests.rs"]
mod tests;
