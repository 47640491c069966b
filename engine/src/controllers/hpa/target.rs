//! What the HPA loop reads of its target and writes back to it: the `/scale` subresource of a
//! Deployment, ReplicaSet, StatefulSet or ReplicationController (its `spec.replicas` and its
//! selector), the pods that selector picks as the replica calculator sees them, and the
//! metrics API's samples of those pods. It does not decide anything.
//!
//! Models pkg/controller/podautoscaler/horizontal.go (scaleForResourceMappings, the scale
//! update in reconcileAutoscaler), replica_calculator.go (the pod lister's view) and
//! metrics/client.go (resourceMetricsClient.GetResourceMetric: a pod's sample is the sum over
//! its containers).

use crate::clock::Time;
use crate::controllers::PodMetrics;
use crate::labels::selector::Selector;
use crate::model::quantity;
use crate::model::{
    CrossVersionObjectReference, Deployment, HorizontalPodAutoscaler, Kind, Pod, PodPhase,
    ReplicaSet, ReplicationController, Resources, StatefulSet,
};
use crate::store::{Key, Store};
use crate::world::usage::SCRAPE_MS;

use super::replica_calculator::{
    ConditionStatus, ContainerRequest, MetricSample, Phase, PodInfo, ReadyCondition, Resource,
    Samples,
};

/// The target's scale, as `GET .../scale` answers it.
#[derive(Clone, Debug)]
pub struct Scale {
    pub kind: Kind,
    pub replicas: i32,
    pub selector: Selector,
}

/// `scaleForResourceMappings`: the target's scale, or the error the HPA reports as
/// `FailedGetScale`.
pub fn get_scale(
    store: &Store,
    ns: &str,
    r: &CrossVersionObjectReference,
) -> Result<Scale, String> {
    let (kind, replicas, selector) = match r.kind.as_str() {
        "Deployment" => {
            let d = store
                .get::<Deployment>(ns, &r.name)
                .ok_or_else(|| not_found(Kind::Deployment, &r.name))?;
            (Kind::Deployment, d.spec.replicas, d.spec.selector.to_selector())
        }
        "ReplicaSet" => {
            let rs = store
                .get::<ReplicaSet>(ns, &r.name)
                .ok_or_else(|| not_found(Kind::ReplicaSet, &r.name))?;
            (Kind::ReplicaSet, rs.spec.replicas, rs.spec.selector.to_selector())
        }
        "ReplicationController" => {
            let rc = store
                .get::<ReplicationController>(ns, &r.name)
                .ok_or_else(|| not_found(Kind::ReplicationController, &r.name))?;
            (Kind::ReplicationController, rc.replicas(), rc.selector().to_selector())
        }
        "StatefulSet" => {
            let s = store
                .get::<StatefulSet>(ns, &r.name)
                .ok_or_else(|| not_found(Kind::StatefulSet, &r.name))?;
            (Kind::StatefulSet, s.spec.replicas, s.spec.selector.to_selector())
        }
        // A kind the API server has with no scale subresource answers 404 on `/scale`
        // (apiserver's NotFound for an unknown path); any other kind has no REST mapping
        // (meta.NoKindMatchError).
        "DaemonSet" | "Job" | "CronJob" | "Pod" | "Service" => {
            return Err("the server could not find the requested resource".into())
        }
        other => {
            let group = r.api_version.split_once('/').map_or("", |(g, _)| g);
            return Err(format!("no matches for kind \"{other}\" in group \"{group}\""));
        }
    };
    Ok(Scale { kind, replicas, selector })
}

fn not_found(kind: Kind, name: &str) -> String {
    crate::store::ApiError::NotFound { kind, name: name.into() }.status_message()
}

/// The scale update: only the target's `spec.replicas` changes, as `PUT .../scale` does.
pub fn update_scale(
    store: &mut Store,
    ns: &str,
    scale: &Scale,
    name: &str,
    replicas: i32,
    now: Time,
) -> Result<(), String> {
    let result = match scale.kind {
        Kind::Deployment => {
            store.modify::<Deployment>(ns, name, now, |d| d.spec.replicas = replicas).map(drop)
        }
        Kind::ReplicaSet => {
            store.modify::<ReplicaSet>(ns, name, now, |r| r.spec.replicas = replicas).map(drop)
        }
        Kind::StatefulSet => {
            store.modify::<StatefulSet>(ns, name, now, |s| s.spec.replicas = replicas).map(drop)
        }
        Kind::ReplicationController => store
            .modify::<ReplicationController>(ns, name, now, |r| r.spec.replicas = Some(replicas))
            .map(drop),
        other => unreachable!("get_scale returns only scalable kinds, not {other:?}"),
    };
    result.map_err(|e| e.to_string())
}

/// The pods the scale's selector picks, as the calculator reads them.
pub fn pod_infos(store: &Store, ns: &str, selector: &Selector, resource: Resource) -> Vec<PodInfo> {
    store.list::<Pod>(Some(ns), Some(selector)).map(|p| pod_info(p, resource)).collect()
}

fn pod_info(p: &Pod, resource: Resource) -> PodInfo {
    let phase = match p.status.phase {
        PodPhase::Pending => Phase::Pending,
        PodPhase::Running => Phase::Running,
        PodPhase::Succeeded => Phase::Succeeded,
        PodPhase::Failed => Phase::Failed,
        PodPhase::Unknown => Phase::Unknown,
    };
    let ready = p.status.conditions.iter().find(|c| c.type_ == "Ready").map(|c| ReadyCondition {
        status: match c.status.as_str() {
            "True" => ConditionStatus::True,
            "False" => ConditionStatus::False,
            _ => ConditionStatus::Unknown,
        },
        last_transition_ms: c.last_transition_time.map_or(0, Time::millis),
    });
    let containers = p
        .spec
        .containers
        .iter()
        .map(|c| ContainerRequest {
            name: c.name.clone(),
            request_milli: request_milli(&c.resources, resource),
        })
        .collect();
    PodInfo {
        name: p.metadata.name.clone(),
        phase,
        deleting: p.metadata.is_deleting(),
        start_time_ms: p.status.start_time.map(Time::millis),
        ready,
        containers,
    }
}

/// A container's request in milli-units (`None`: not set, or not a quantity).
fn request_milli(r: &Resources, resource: Resource) -> Option<i64> {
    let v = Resources::get(&r.requests, &resource.to_string())?;
    let text = match v {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let q = quantity::parse(&text).ok()?;
    i64::try_from(q.milli_value()).ok()
}

/// The metrics API's samples for `pods`: each pod's containers summed, stamped with the last
/// scrape (metrics-server scrapes every `SCRAPE_MS` and reports that as its window).
pub fn samples(
    metrics: &PodMetrics,
    ns: &str,
    pods: &[PodInfo],
    resource: Resource,
    now: Time,
) -> Samples {
    let scraped = now.millis() - now.millis().rem_euclid(SCRAPE_MS);
    let mut out = Samples::new();
    for pod in pods {
        let Some(containers) = metrics.get(&Key::new(ns, &pod.name)) else { continue };
        let value: u64 = containers
            .iter()
            .map(|c| match resource {
                Resource::Cpu => c.usage.cpu_milli,
                Resource::Memory => c.usage.memory_bytes.saturating_mul(1000),
            })
            .sum();
        let value_milli = i64::try_from(value).unwrap_or(i64::MAX);
        out.insert(
            pod.name.clone(),
            MetricSample { value_milli, timestamp_ms: scraped, window_ms: SCRAPE_MS },
        );
    }
    out
}

/// `hpasControllingPodsUnderSelector`: the HPAs (`namespace/name`, sorted where upstream
/// walks a map) whose targets' selectors pick any of the pods `selector` picks. More than one
/// is the `AmbiguousSelector` error: two autoscalers would fight over the same pods.
pub fn hpas_selecting(store: &Store, ns: &str, selector: &Selector) -> Vec<String> {
    let pods: Vec<&Pod> = store.list::<Pod>(Some(ns), Some(selector)).collect();
    if pods.is_empty() {
        return Vec::new();
    }
    store
        .list::<HorizontalPodAutoscaler>(Some(ns), None)
        .filter(|h| {
            get_scale(store, ns, &h.spec.scale_target_ref)
                .is_ok_and(|s| pods.iter().any(|p| s.selector.matches(&p.metadata.labels)))
        })
        .map(|h| format!("{ns}/{}", h.metadata.name))
        .collect()
}
