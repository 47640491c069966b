//! `computeReplicasForMetrics`: each metric of an HPA turned into a replica proposal through
//! the replica calculator, the largest proposal kept, the `currentMetrics` entry written for
//! each, and the `ScalingActive` condition and Warning events for the metrics that could not
//! be read. Only `Resource` metrics exist in kubeloop (it runs metrics-server, no custom or
//! external metrics API). Reads the store and the metrics snapshot; writes nothing.
//!
//! Models pkg/controller/podautoscaler/horizontal.go (computeReplicasForMetrics,
//! computeReplicasForMetric, computeStatusForResourceMetric[Generic],
//! getUnableComputeReplicaCountCondition).

use crate::clock::Time;
use crate::controllers::PodMetrics;
use crate::model::quantity::{self, Format, Quantity};
use crate::model::{MetricSpec, MetricStatus, MetricValueStatus, ResourceMetricStatus};
use crate::store::Store;

use super::conditions::{self, SCALING_ACTIVE};
use super::replica_calculator::{self as calc, CalcError, Resource, Tuning};
use super::target::{self, Scale};

/// A condition to set: type, status, reason, message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CondUpdate {
    pub type_: &'static str,
    pub status: bool,
    pub reason: String,
    pub message: String,
}

/// What the metrics say, for the decision feed: "120% on 2 pods" against "50%".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    pub current: String,
    pub target: String,
    pub pods: usize,
}

/// `computeReplicasForMetrics`' results.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Computed {
    /// The largest proposal, or `None` when the metrics cannot be used (upstream's -1).
    pub replicas: Option<i32>,
    pub metric_name: String,
    pub statuses: Vec<MetricStatus>,
    pub error: Option<String>,
    pub condition: Option<CondUpdate>,
    /// Warning events (reason, message) in the order upstream records them.
    pub events: Vec<(&'static str, String)>,
    pub reading: Option<Reading>,
}

/// Everything one metric computation reads.
pub struct Inputs<'a> {
    pub store: &'a Store,
    pub metrics: &'a PodMetrics,
    pub ns: &'a str,
    pub scale: &'a Scale,
    pub now: Time,
    pub tuning: Tuning,
}

struct Proposal {
    replicas: i32,
    metric_name: String,
    status: MetricStatus,
    reading: Reading,
}

pub fn compute(specs: &[MetricSpec], inp: &Inputs<'_>) -> Computed {
    // validateAndParseSelector: the pods must be this HPA's alone.
    let selecting = target::hpas_selecting(inp.store, inp.ns, &inp.scale.selector);
    if selecting.len() > 1 {
        let msg = format!(
            "pods by selector {} are controlled by multiple HPAs: [{}]",
            inp.scale.selector,
            selecting.join(" ")
        );
        return Computed {
            error: Some(msg.clone()),
            condition: Some(CondUpdate {
                type_: SCALING_ACTIVE,
                status: false,
                reason: "AmbiguousSelector".into(),
                message: msg.clone(),
            }),
            events: vec![("AmbiguousSelector", msg)],
            ..Default::default()
        };
    }
    let mut out =
        Computed { statuses: vec![MetricStatus::default(); specs.len()], ..Default::default() };
    let (mut replicas, mut invalid) = (0i32, 0usize);
    let mut first_error: Option<(String, CondUpdate)> = None;
    for (i, spec) in specs.iter().enumerate() {
        match compute_one(spec, inp) {
            Ok(p) => {
                out.statuses[i] = p.status;
                if replicas == 0 || p.replicas > replicas {
                    replicas = p.replicas;
                    out.metric_name = p.metric_name;
                    out.reading = Some(p.reading);
                }
            }
            Err((reason, err)) => {
                // getUnableComputeReplicaCountCondition records the event for every failure.
                out.events.push((reason, err.clone()));
                let wrapped = wrap(spec, &err);
                if first_error.is_none() {
                    let cond = CondUpdate {
                        type_: SCALING_ACTIVE,
                        status: false,
                        reason: reason.to_string(),
                        message: conditions::unable_to_compute(&err),
                    };
                    first_error = Some((wrapped, cond));
                }
                invalid += 1;
            }
        }
    }
    let error =
        first_error.as_ref().map(|(e, _)| conditions::invalid_metrics(invalid, specs.len(), e));
    // All metrics failed, or some did and the rest would scale down: do nothing, and say why
    // with the first failure's condition.
    if invalid > 0 && (invalid >= specs.len() || replicas < inp.scale.replicas) {
        out.condition = first_error.map(|(_, c)| c);
        out.error = error;
        out.metric_name.clear();
        return out;
    }
    out.condition = Some(CondUpdate {
        type_: SCALING_ACTIVE,
        status: true,
        reason: conditions::VALID_METRIC_FOUND.into(),
        message: conditions::valid_metric_found(&out.metric_name),
    });
    out.replicas = Some(replicas);
    out.error = error;
    out
}

/// computeReplicasForMetric's wrapping of a metric's error, by source type.
fn wrap(spec: &MetricSpec, err: &str) -> String {
    let field = |v: &Option<serde_json::Value>, key: &str| {
        v.as_ref()
            .and_then(|v| v.pointer(key))
            .and_then(|v| v.as_str())
            .unwrap_or_default()
            .to_string()
    };
    match (spec.type_.as_str(), &spec.resource) {
        ("Resource", Some(r)) => format!("failed to get {} resource metric value: {err}", r.name),
        ("Pods", _) => format!("failed to get pods metric value: {err}"),
        ("Object", _) => format!("failed to get object metric value: {err}"),
        ("External", _) => {
            format!(
                "failed to get {} external metric value: {err}",
                field(&spec.external, "/metric/name")
            )
        }
        ("ContainerResource", _) => format!(
            "failed to get {} container metric value: {err}",
            field(&spec.container_resource, "/container")
        ),
        _ => err.to_string(),
    }
}

/// One metric: its proposal, or the event reason and error.
fn compute_one(spec: &MetricSpec, inp: &Inputs<'_>) -> Result<Proposal, (&'static str, String)> {
    let source = match (spec.type_.as_str(), &spec.resource) {
        ("Resource", Some(r)) => r,
        ("Resource", None) => {
            return Err((
                "FailedGetResourceMetric",
                "metric spec of type Resource has no resource".into(),
            ))
        }
        (other, _) => {
            // horizontal.go computeReplicasForMetric names the event after the source type.
            let reason = match other {
                "Pods" => "FailedGetPodsMetric",
                "Object" => "FailedGetObjectMetric",
                "External" => "FailedGetExternalMetric",
                "ContainerResource" => "FailedGetContainerResourceMetric",
                _ => "InvalidMetricSourceType",
            };
            return Err((
                reason,
                format!(
                    "kubeloop serves only resource metrics (metrics-server), not {other} metrics"
                ),
            ));
        }
    };
    let resource = match source.name.as_str() {
        "cpu" => Resource::Cpu,
        "memory" => Resource::Memory,
        other => {
            return Err((
                conditions::FAILED_GET_RESOURCE_METRIC,
                format!("failed to get {other} usage: metrics-server reports only cpu and memory"),
            ))
        }
    };
    let pods = target::pod_infos(inp.store, inp.ns, &inp.scale.selector, resource);
    let samples = target::samples(inp.metrics, inp.ns, &pods, resource, inp.now);
    let current = inp.scale.replicas;
    let now_ms = inp.now.millis();
    let fail = |what: &str, e: CalcError| {
        (conditions::FAILED_GET_RESOURCE_METRIC, format!("failed to get {resource} {what}: {e}"))
    };
    let counted = samples.len();
    if let Some(target) = source.target.average_utilization {
        let r = calc::resource_replicas(
            current,
            target,
            resource,
            &pods,
            &samples,
            now_ms,
            &inp.tuning,
        )
        .map_err(|e| fail("utilization", e))?;
        let average = milli_quantity(r.raw_average_milli);
        return Ok(Proposal {
            replicas: r.replicas,
            metric_name: conditions::metric_name(resource, true),
            status: status(&source.name, Some(r.utilization), average),
            reading: Reading {
                current: format!("{}%", r.utilization),
                target: format!("{target}%"),
                pods: counted,
            },
        });
    }
    let target_text = source.target.average_value.clone().unwrap_or_default();
    let target_milli = quantity::parse(&target_text)
        .ok()
        .and_then(|q| i64::try_from(q.milli_value()).ok())
        .filter(|m| *m > 0)
        .ok_or_else(|| {
            fail("usage", CalcError(format!("invalid target average value {target_text:?}")))
        })?;
    let r = calc::raw_resource_replicas(
        current,
        target_milli,
        resource,
        &pods,
        &samples,
        now_ms,
        &inp.tuning,
    )
    .map_err(|e| fail("usage", e))?;
    let average = milli_quantity(r.usage_milli);
    Ok(Proposal {
        replicas: r.replicas,
        metric_name: conditions::metric_name(resource, false),
        status: status(&source.name, None, average.clone()),
        reading: Reading { current: average, target: target_text, pods: counted },
    })
}

fn status(name: &str, utilization: Option<i32>, average: String) -> MetricStatus {
    MetricStatus {
        type_: "Resource".into(),
        resource: Some(ResourceMetricStatus {
            name: name.into(),
            current: MetricValueStatus {
                value: None,
                average_value: Some(average),
                average_utilization: utilization,
            },
        }),
    }
}

/// `resource.NewMilliQuantity(v, resource.DecimalSI).String()`.
pub fn milli_quantity(milli: i64) -> String {
    Quantity { nanos: i128::from(milli) * 1_000_000, format: Format::DecimalSI }.canonical()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn milli_quantities_print_as_the_api_server_prints_them() {
        assert_eq!(milli_quantity(60), "60m");
        assert_eq!(milli_quantity(1000), "1");
        assert_eq!(milli_quantity(0), "0");
        assert_eq!(milli_quantity(4_194_304_000), "4194304");
    }
}
