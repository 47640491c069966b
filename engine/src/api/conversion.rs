//! The API server's conversions between the versions it serves: autoscaling/v1
//! HorizontalPodAutoscalers (what `kubectl autoscale` 1.32 posts and reads back) to and from
//! the autoscaling/v2 objects kubeloop stores.
//!
//! Models pkg/apis/autoscaling/v1/conversion.go (the CPU target as a Resource metric). The
//! annotations v1 uses to carry other metrics are left out.

use serde_json::{json, Map, Value};

use crate::apimachinery::unstructured::sorted;
use crate::model::*;

/// The API server's v1 -> v2 conversion of what kubectl sent: the CPU target becomes a
/// Resource metric; none at all is left for the store's defaulting (80% CPU).
pub fn v2_from_v1(v1: &Value) -> HorizontalPodAutoscaler {
    let spec = &v1["spec"];
    let target = &spec["scaleTargetRef"];
    let text = |v: &Value| v.as_str().unwrap_or_default().to_string();
    let int = |v: &Value| v.as_i64().and_then(|n| i32::try_from(n).ok());
    let metrics = int(&spec["targetCPUUtilizationPercentage"])
        .map(|pct| MetricSpec {
            type_: "Resource".into(),
            resource: Some(ResourceMetricSource {
                name: "cpu".into(),
                target: MetricTarget {
                    type_: "Utilization".into(),
                    average_utilization: Some(pct),
                    ..Default::default()
                },
            }),
            ..Default::default()
        })
        .into_iter()
        .collect();
    HorizontalPodAutoscaler {
        api_version: "autoscaling/v2".into(),
        kind: "HorizontalPodAutoscaler".into(),
        metadata: ObjectMeta { name: text(&v1["metadata"]["name"]), ..Default::default() },
        spec: HpaSpec {
            scale_target_ref: CrossVersionObjectReference {
                kind: text(&target["kind"]),
                name: text(&target["name"]),
                api_version: text(&target["apiVersion"]),
            },
            min_replicas: int(&spec["minReplicas"]),
            max_replicas: int(&spec["maxReplicas"]).unwrap_or(0),
            metrics,
            behavior: None,
        },
        status: HpaStatus::default(),
    }
}

/// An object as the API returns it: JSON in the version the client spoke (`v1`: it asked
/// autoscaling/v1).
pub(super) fn object_json(obj: &Object, v1: bool) -> Value {
    if v1 && obj.kind() == Kind::HorizontalPodAutoscaler {
        let mut v = v1_of(obj);
        crate::store::managed_loops::with_loop_entries(obj, &mut v);
        return v;
    }
    let mut v = obj.to_json();
    crate::store::managed_loops::with_loop_entries(obj, &mut v);
    v
}

/// An autoscaling/v1 manifest as the API server converts it to autoscaling/v2
/// (pkg/apis/autoscaling/v1/conversion.go): `targetCPUUtilizationPercentage` becomes a CPU
/// Resource metric; other spec fields pass through, so a field v1 lacks is still refused.
pub fn v2_manifest_from_v1(mut v: Value) -> Value {
    v["apiVersion"] = json!("autoscaling/v2");
    if let Some(spec) = v.get_mut("spec").and_then(Value::as_object_mut) {
        if let Some(pct) = spec.shift_remove("targetCPUUtilizationPercentage") {
            spec.insert(
                "metrics".into(),
                json!([{ "type": "Resource", "resource": { "name": "cpu", "target": { "type": "Utilization", "averageUtilization": pct } } }]),
            );
        }
    }
    v
}

/// A stored HPA as the autoscaling/v1 API serves it back to kubectl 1.32: the first CPU
/// utilization metric as `targetCPUUtilizationPercentage` and its current value as
/// `currentCPUUtilizationPercentage`. The annotations v1 uses to carry other metrics and
/// the conditions are left out.
pub fn v1_of(obj: &Object) -> Value {
    let Object::HorizontalPodAutoscaler(h) = obj else { return sorted(obj.to_json()) };
    let v2 = sorted(obj.to_json());
    let cpu_index = h.spec.metrics.iter().position(|m| {
        m.resource
            .as_ref()
            .is_some_and(|r| r.name == "cpu" && r.target.average_utilization.is_some())
    });
    let mut spec = Map::new();
    spec.insert("maxReplicas".into(), json!(h.spec.max_replicas));
    if let Some(min) = h.spec.min_replicas {
        spec.insert("minReplicas".into(), json!(min));
    }
    spec.insert("scaleTargetRef".into(), v2["spec"]["scaleTargetRef"].clone());
    if let Some(pct) = cpu_index
        .and_then(|i| h.spec.metrics[i].resource.as_ref())
        .and_then(|r| r.target.average_utilization)
    {
        spec.insert("targetCPUUtilizationPercentage".into(), json!(pct));
    }
    let mut status = Map::new();
    if let Some(current) = cpu_index
        .and_then(|i| h.status.current_metrics.get(i))
        .and_then(|m| m.resource.as_ref())
        .and_then(|r| r.current.average_utilization)
    {
        status.insert("currentCPUUtilizationPercentage".into(), json!(current));
    }
    status.insert("currentReplicas".into(), json!(h.status.current_replicas));
    status.insert("desiredReplicas".into(), json!(h.status.desired_replicas));
    if let Some(t) = &h.status.last_scale_time {
        status.insert("lastScaleTime".into(), json!(t.to_string()));
    }
    if let Some(g) = h.status.observed_generation {
        status.insert("observedGeneration".into(), json!(g));
    }
    json!({
        "apiVersion": "autoscaling/v1",
        "kind": "HorizontalPodAutoscaler",
        "metadata": v2["metadata"].clone(),
        "spec": Value::Object(spec),
        "status": Value::Object(status),
    })
}
