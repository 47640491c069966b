//! The table of LimitRanges, and the LimitRanger admission plugin on every pod create: a
//! container that sets no request or limit for a resource gets the namespace's default
//! (noted in the pod's `kubernetes.io/limit-ranger` annotation), then each container, and
//! the pod as a whole, must keep within the ranges' min, max and limit-to-request ratio, or
//! the create is Forbidden with the plugin's words.
//!
//! Models plugin/pkg/admission/limitranger/admission.go (`defaultContainerResourceRequirements`,
//! `mergeContainerResources`, `mergePodResourceRequirements`, `PodValidateLimitFunc`,
//! `minConstraint`, `maxConstraint`, `limitRequestRatioConstraint`). Updates are not
//! checked, as upstream's `SupportsAttributes` skips pod updates.

use serde_json::{Map, Value};

use super::table::{tabled, Table, Tabled};
use super::{ApiError, Store};
use crate::labels::validation::FieldError;
use crate::model::quantity::{self, Quantity};
use crate::model::*;

impl Tabled for LimitRange {
    tabled!(LimitRange, limitranges, false);
    fn same_spec(a: &Self, b: &Self) -> bool {
        a.spec == b.spec
    }
    fn keep_status(_: &mut Self, _: &Self) {}
    fn copy_status(into: &mut Self, from: &Self) {
        *into = from.clone();
    }
    fn apply_defaults(obj: &mut Self) {
        for item in &mut obj.spec.limits {
            item.set_defaults();
            for list in [
                &mut item.max,
                &mut item.min,
                &mut item.default,
                &mut item.default_request,
                &mut item.max_limit_request_ratio,
            ] {
                for v in list.values_mut() {
                    if let Ok(q) = quantity::parse(v) {
                        *v = q.canonical();
                    }
                }
            }
        }
    }
    fn validate_spec(obj: &Self) -> Vec<FieldError> {
        crate::model::validate::limit_range(obj)
    }
}

const ANNOTATION: &str = "kubernetes.io/limit-ranger";

/// `mergeContainerResources`: the defaults a container lacks, and the annotation's words.
fn merge(
    resources: &mut Value,
    (default_requests, default_limits): &(ResourceList, ResourceList),
    who: &str,
    notes: &mut Vec<String>,
) {
    if !resources.is_object() {
        *resources = Value::Object(Map::new());
    }
    let Some(m) = resources.as_object_mut() else { return };
    let mut take = |key: &str| match m.remove(key) {
        Some(Value::Object(list)) => list,
        _ => Map::new(),
    };
    let (mut limits, mut requests) = (take("limits"), take("requests"));
    let mut set_limits: Vec<&str> = Vec::new();
    for (k, v) in default_limits {
        if !limits.contains_key(k) {
            limits.insert(k.clone(), Value::String(v.clone()));
            set_limits.push(k);
        }
    }
    let mut set_requests: Vec<&str> = Vec::new();
    for (k, v) in default_requests {
        if !requests.contains_key(k) {
            requests.insert(k.clone(), Value::String(v.clone()));
            set_requests.push(k);
        }
    }
    // core/v1 ResourceRequirements' order: limits, then requests.
    if !limits.is_empty() {
        m.insert("limits".into(), Value::Object(limits));
    }
    if !requests.is_empty() {
        m.insert("requests".into(), Value::Object(requests));
    }
    if !set_requests.is_empty() {
        notes.push(format!("{} request for {who}", set_requests.join(", ")));
    }
    if !set_limits.is_empty() {
        notes.push(format!("{} limit for {who}", set_limits.join(", ")));
    }
}

/// The ranges' Container defaults (`defaultContainerResourceRequirements`): requests, limits.
fn container_defaults(lr: &LimitRange) -> (ResourceList, ResourceList) {
    let (mut requests, mut limits) = (ResourceList::new(), ResourceList::new());
    for item in lr.spec.limits.iter().filter(|i| i.type_ == "Container") {
        requests.extend(item.default_request.clone());
        limits.extend(item.default.clone());
    }
    (requests, limits)
}

impl Store {
    /// LimitRanger's mutation of a new pod: each range's defaults, in name order.
    pub(super) fn limit_defaults(&self, pod: &mut Pod) {
        for lr in self.list::<LimitRange>(Some(&pod.metadata.namespace), None) {
            let defaults = container_defaults(lr);
            if defaults.0.is_empty() && defaults.1.is_empty() {
                continue;
            }
            let mut notes = Vec::new();
            for c in &mut pod.spec.containers {
                let who = format!("container {}", c.name);
                let mut resources = serde_json::to_value(&c.resources).unwrap_or(Value::Null);
                merge(&mut resources, &defaults, &who, &mut notes);
                if let Ok(r) = serde_json::from_value(resources) {
                    c.resources = r;
                }
            }
            if let Some(Value::Array(init)) = pod.spec.init_containers.as_deref_mut() {
                for c in init.iter_mut() {
                    let name = c.get("name").and_then(Value::as_str).unwrap_or_default();
                    let who = format!("init container {name}");
                    if let Some(m) = c.as_object_mut() {
                        let resources = m.entry("resources").or_insert(Value::Null);
                        merge(resources, &defaults, &who, &mut notes);
                    }
                }
            }
            if !notes.is_empty() {
                let text = format!("LimitRanger plugin set: {}", notes.join("; "));
                pod.metadata.annotations.insert(ANNOTATION.into(), text);
            }
        }
    }

    /// LimitRanger's validation of a new pod (`PodValidateLimitFunc` for every range).
    pub(super) fn limit_check(&self, pod: &Pod) -> Result<(), ApiError> {
        let mut errs: Vec<String> = Vec::new();
        for lr in self.list::<LimitRange>(Some(&pod.metadata.namespace), None) {
            for item in &lr.spec.limits {
                match item.type_.as_str() {
                    "Container" => {
                        for (requests, limits) in container_lists(pod) {
                            check(item, "Container", &requests, &limits, &mut errs);
                        }
                    }
                    "Pod" => {
                        let (requests, limits) = pod_totals(pod);
                        check(item, "Pod", &requests, &limits, &mut errs);
                    }
                    _ => {}
                }
            }
        }
        let mut seen = Vec::new();
        errs.retain(|e| {
            !seen.contains(e) && {
                seen.push(e.clone());
                true
            }
        });
        let message = match errs.as_slice() {
            [] => return Ok(()),
            [one] => one.clone(),
            many => format!("[{}]", many.join(", ")),
        };
        Err(ApiError::Forbidden { kind: Kind::Pod, name: pod.metadata.name.clone(), message })
    }
}

/// Each container's (and init container's) requests and limits, parsed.
fn container_lists(pod: &Pod) -> Vec<(Usage, Usage)> {
    let parse = |v: Option<&Value>| -> Usage {
        v.and_then(Value::as_object)
            .into_iter()
            .flatten()
            .filter_map(|(k, v)| {
                let text = v.as_str().map_or_else(|| v.to_string(), str::to_string);
                quantity::parse(&text).ok().map(|q| (k.clone(), q))
            })
            .collect()
    };
    let mut out: Vec<(Usage, Usage)> = pod
        .spec
        .containers
        .iter()
        .map(|c| (parse(c.resources.requests.as_deref()), parse(c.resources.limits.as_deref())))
        .collect();
    let init = pod.spec.init_containers.as_deref().and_then(Value::as_array);
    for c in init.into_iter().flatten() {
        out.push((parse(c.pointer("/resources/requests")), parse(c.pointer("/resources/limits"))));
    }
    out
}

/// `podRequests` and `podLimits` (no sidecars): the containers' sums, or an init
/// container's own where larger.
fn pod_totals(pod: &Pod) -> (Usage, Usage) {
    let lists = container_lists(pod);
    let main = pod.spec.containers.len();
    let (mut requests, mut limits) = (Usage::new(), Usage::new());
    for (r, l) in &lists[..main] {
        requests = add(&requests, r);
        limits = add(&limits, l);
    }
    for (r, l) in &lists[main..] {
        for (sum, own) in [(&mut requests, r), (&mut limits, l)] {
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

/// `minConstraint`, `maxConstraint` and `limitRequestRatioConstraint` for one item.
fn check(
    item: &LimitRangeItem,
    what: &str,
    requests: &Usage,
    limits: &Usage,
    errs: &mut Vec<String>,
) {
    let q = |v: &String| quantity::parse(v).ok();
    for (r, v) in &item.min {
        let Some(min) = q(v) else { continue };
        let m = min.canonical();
        match (requests.get(r), limits.get(r)) {
            (None, _) => {
                errs.push(format!("minimum {r} usage per {what} is {m}.  No request is specified"))
            }
            (Some(req), _) if req.nanos < min.nanos => errs.push(format!(
                "minimum {r} usage per {what} is {m}, but request is {}",
                req.canonical()
            )),
            (_, Some(lim)) if lim.nanos < min.nanos => errs.push(format!(
                "minimum {r} usage per {what} is {m}, but limit is {}",
                lim.canonical()
            )),
            _ => {}
        }
    }
    for (r, v) in &item.max {
        let Some(max) = q(v) else { continue };
        let m = max.canonical();
        match (requests.get(r), limits.get(r)) {
            (_, None) => {
                errs.push(format!("maximum {r} usage per {what} is {m}.  No limit is specified"))
            }
            (_, Some(lim)) if lim.nanos > max.nanos => errs.push(format!(
                "maximum {r} usage per {what} is {m}, but limit is {}",
                lim.canonical()
            )),
            (Some(req), _) if req.nanos > max.nanos => errs.push(format!(
                "maximum {r} usage per {what} is {m}, but request is {}",
                req.canonical()
            )),
            _ => {}
        }
    }
    for (r, v) in &item.max_limit_request_ratio {
        let Some(ratio) = q(v) else { continue };
        let m = ratio.canonical();
        let zero = |x: Option<&Quantity>| x.is_none_or(|x| x.milli_value() == 0);
        if zero(requests.get(r)) {
            errs.push(format!("{r} max limit to request ratio per {what} is {m}, but no request is specified or request is 0"));
        } else if zero(limits.get(r)) {
            errs.push(format!("{r} max limit to request ratio per {what} is {m}, but no limit is specified or limit is 0"));
        } else {
            let (req, lim) = (requests[r].milli_value() as f64, limits[r].milli_value() as f64);
            let observed = lim / req;
            if observed * 1000.0 > ratio.milli_value() as f64 {
                errs.push(format!("{r} max limit to request ratio per {what} is {m}, but provided ratio is {observed:.6}"));
            }
        }
    }
}
