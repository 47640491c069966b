//! How many replicas a resource metric asks for: `GetResourceReplicas` (a utilization target,
//! usage against the pods' requests) and `GetRawResourceReplicas` (an average-value target),
//! with the tolerance and the rebalancing of missing and unready pods (which pods are which
//! is `pod_groups`). Pure: the loop builds `PodInfo`s from the store
//! and `MetricSample`s from the world's usage; nothing here reads either.
//!
//! Models pkg/controller/podautoscaler/replica_calculator.go and metrics/utilization.go.
//! Custom, object and external metrics are left out: kubeloop serves only resource metrics.

use std::collections::BTreeMap;
use std::fmt;

pub use super::pod_groups::{group_pods, Groups};

/// A pod's phase, as far as the calculator tells them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Pending,
    Running,
    Succeeded,
    Failed,
    Unknown,
}

/// The resources metrics-server reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resource {
    Cpu,
    Memory,
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Resource::Cpu => "cpu",
            Resource::Memory => "memory",
        })
    }
}

/// A condition's status. groupPods tests for `False` (not "not `True`"), so `Unknown`
/// is kept apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConditionStatus {
    True,
    False,
    Unknown,
}

/// The pod's `Ready` condition: its status and when it last changed (ms).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadyCondition {
    pub status: ConditionStatus,
    pub last_transition_ms: i64,
}

/// One container's request for the resource being scaled on, in milli-units (`None`: no
/// request set). Regular containers and restartable (sidecar) init containers both count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContainerRequest {
    pub name: String,
    pub request_milli: Option<i64>,
}

/// What the calculator reads of one pod the HPA's selector matches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PodInfo {
    pub name: String,
    pub phase: Phase,
    /// `metadata.deletionTimestamp` is set.
    pub deleting: bool,
    pub start_time_ms: Option<i64>,
    pub ready: Option<ReadyCondition>,
    pub containers: Vec<ContainerRequest>,
}

/// metrics-server's number for one pod: the sum over its containers (milli-units), when it
/// was taken and over which window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MetricSample {
    pub value_milli: i64,
    pub timestamp_ms: i64,
    pub window_ms: i64,
}

/// Samples by pod name, as `PodMetricsInfo`.
pub type Samples = BTreeMap<String, MetricSample>;

/// kube-controller-manager's flags for the calculator.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tuning {
    /// `--horizontal-pod-autoscaler-tolerance`.
    pub tolerance: f64,
    /// `--horizontal-pod-autoscaler-cpu-initialization-period`.
    pub cpu_initialization_period_ms: i64,
    /// `--horizontal-pod-autoscaler-initial-readiness-delay`.
    pub initial_readiness_delay_ms: i64,
}

impl Default for Tuning {
    /// The flags' defaults (cmd/kube-controller-manager/app/options/hpacontroller.go).
    fn default() -> Self {
        Tuning {
            tolerance: 0.1,
            cpu_initialization_period_ms: 5 * 60_000,
            initial_readiness_delay_ms: 30_000,
        }
    }
}

/// Why no replica count could be computed, worded as upstream's errors are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CalcError(pub String);

impl fmt::Display for CalcError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// `GetResourceReplicas`' answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResourceReplicas {
    pub replicas: i32,
    /// Percentage of request, over the pods that had samples.
    pub utilization: i32,
    /// Average usage per pod (milli-units), for `status.currentMetrics`.
    pub raw_average_milli: i64,
    pub timestamp_ms: i64,
}

/// `GetRawResourceReplicas`' answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawReplicas {
    pub replicas: i32,
    pub usage_milli: i64,
    pub timestamp_ms: i64,
}

/// `calculatePodRequests`: each pod's summed request, or the error for the first container
/// without one.
pub fn pod_requests(
    pods: &[PodInfo],
    resource: Resource,
) -> Result<BTreeMap<String, i64>, CalcError> {
    let mut requests = BTreeMap::new();
    for pod in pods {
        let mut sum = 0i64;
        for c in &pod.containers {
            match c.request_milli {
                Some(r) => sum = sum.saturating_add(r),
                // replica_calculator.go calculatePodRequests.
                None => {
                    return Err(CalcError(format!(
                        "missing request for {resource} in container {} of Pod {}",
                        c.name, pod.name
                    )))
                }
            }
        }
        requests.insert(pod.name.clone(), sum);
    }
    Ok(requests)
}

/// `GetResourceUtilizationRatio`: usage over requests of the pods that have both, as
/// (ratio to target, utilization %, average usage). Summed in i128 and clamped to i32, as
/// upstream now does, so no input overflows.
pub fn resource_utilization_ratio(
    samples: &BTreeMap<String, i64>,
    requests: &BTreeMap<String, i64>,
    target_utilization: i32,
) -> Result<(f64, i32, i64), CalcError> {
    let (mut used, mut requested, mut entries) = (0i128, 0i128, 0i128);
    for (pod, value) in samples {
        // Samples for pods with no request are extraneous (missing requests fail earlier).
        let Some(request) = requests.get(pod) else { continue };
        used += i128::from(*value);
        requested += i128::from(*request);
        entries += 1;
    }
    if requested == 0 {
        // metrics/utilization.go.
        return Err(CalcError("no metrics returned matched known pods".into()));
    }
    let pct = (used * 100 / requested).clamp(i128::from(i32::MIN), i128::from(i32::MAX)) as i32;
    let average = (used / entries) as i64;
    Ok((f64::from(pct) / f64::from(target_utilization), pct, average))
}

/// The samples' timestamp (the client reports its first item's; here the first pod by
/// name), or the metrics client's refusal of an empty list (metrics/client.go
/// `GetResourceMetric`), wrapped as the calculator wraps it.
fn check_samples(samples: &Samples, resource: Resource) -> Result<i64, CalcError> {
    match samples.values().next() {
        Some(first) => Ok(first.timestamp_ms),
        None => Err(CalcError(format!(
            "unable to get metrics for resource {resource}: no metrics returned from resource metrics API"
        ))),
    }
}

fn ceil_replicas(x: f64) -> i32 {
    x.ceil().clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32
}

/// Where the first pass's ratio stands: the count to return outright, or `None` when missing
/// or unready pods call for a second pass.
fn first_pass(ratio: f64, g: &Groups, current: i32, tuning: &Tuning) -> (bool, Option<i32>) {
    let scale_up_with_unready = !g.unready.is_empty() && ratio > 1.0;
    if !scale_up_with_unready && g.missing.is_empty() {
        if (1.0 - ratio).abs() <= tuning.tolerance {
            return (false, Some(current));
        }
        return (false, Some(ceil_replicas(ratio * g.ready_count as f64)));
    }
    (scale_up_with_unready, None)
}

/// The second pass's verdict: keep the current size when within tolerance or when the
/// rebalanced ratio (or the count of pods it covers) would turn the direction round.
fn second_pass(ratio: f64, new_ratio: f64, counted: usize, current: i32, tol: f64) -> i32 {
    if (1.0 - new_ratio).abs() <= tol
        || (ratio < 1.0 && new_ratio > 1.0)
        || (ratio > 1.0 && new_ratio < 1.0)
    {
        return current;
    }
    let replicas = ceil_replicas(new_ratio * counted as f64);
    if (new_ratio < 1.0 && replicas > current) || (new_ratio > 1.0 && replicas < current) {
        return current;
    }
    replicas
}

/// The steps both calculations share: the samples' timestamp, the pod groups, and the
/// samples of the pods that count on the first pass.
fn prepare(
    resource: Resource,
    pods: &[PodInfo],
    samples: &Samples,
    now_ms: i64,
    tuning: &Tuning,
) -> Result<(i64, Groups, BTreeMap<String, i64>), CalcError> {
    let timestamp_ms = check_samples(samples, resource)?;
    if pods.is_empty() {
        return Err(CalcError(
            "no pods returned by selector while calculating replica count".into(),
        ));
    }
    let g = group_pods(pods, samples, resource, tuning, now_ms);
    let values: BTreeMap<String, i64> = samples
        .iter()
        .filter(|(name, _)| !g.ignored.contains(*name) && !g.unready.contains(*name))
        .map(|(name, s)| (name.clone(), s.value_milli))
        .collect();
    if values.is_empty() {
        return Err(CalcError(
            "did not receive metrics for targeted pods (pods might be unready)".into(),
        ));
    }
    Ok((timestamp_ms, g, values))
}

/// Fills in the pods the first pass left out: missing pods at `on_scale_down` of theirs on
/// the way down and at 0 on the way up, unready pods at 0 on a scale-up.
fn rebalance(
    values: &mut BTreeMap<String, i64>,
    g: &Groups,
    ratio: f64,
    scale_up_with_unready: bool,
    on_scale_down: impl Fn(&str) -> i64,
) {
    for name in &g.missing {
        if ratio < 1.0 {
            values.insert(name.clone(), on_scale_down(name));
        } else if ratio > 1.0 {
            values.insert(name.clone(), 0);
        }
    }
    if scale_up_with_unready {
        for name in &g.unready {
            values.insert(name.clone(), 0);
        }
    }
}

/// `GetResourceReplicas` for a utilization target (percent of request).
pub fn resource_replicas(
    current: i32,
    target_utilization: i32,
    resource: Resource,
    pods: &[PodInfo],
    samples: &Samples,
    now_ms: i64,
    tuning: &Tuning,
) -> Result<ResourceReplicas, CalcError> {
    let (timestamp_ms, g, mut values) = prepare(resource, pods, samples, now_ms, tuning)?;
    let requests = pod_requests(pods, resource)?;
    let (ratio, utilization, raw) =
        resource_utilization_ratio(&values, &requests, target_utilization)?;
    let done =
        |replicas| ResourceReplicas { replicas, utilization, raw_average_milli: raw, timestamp_ms };
    let (scale_up_with_unready, outright) = first_pass(ratio, &g, current, tuning);
    if let Some(replicas) = outright {
        return Ok(done(replicas));
    }
    // On a scale-down a missing pod counts as using its request (or the target, when the
    // target is above 100%), so its absence cannot hasten the shrink.
    let fallback = i64::from(target_utilization.max(100));
    rebalance(&mut values, &g, ratio, scale_up_with_unready, |name| {
        requests.get(name).copied().unwrap_or(0).saturating_mul(fallback) / 100
    });
    let (new_ratio, _, _) = resource_utilization_ratio(&values, &requests, target_utilization)?;
    Ok(done(second_pass(ratio, new_ratio, values.len(), current, tuning.tolerance)))
}

/// `GetRawResourceReplicas` (`calcPlainMetricReplicas`) for an average-value target
/// (milli-units per pod).
pub fn raw_resource_replicas(
    current: i32,
    target_milli: i64,
    resource: Resource,
    pods: &[PodInfo],
    samples: &Samples,
    now_ms: i64,
    tuning: &Tuning,
) -> Result<RawReplicas, CalcError> {
    let (timestamp_ms, g, mut values) = prepare(resource, pods, samples, now_ms, tuning)?;
    let (ratio, usage_milli) = usage_ratio(&values, target_milli);
    let done = |replicas| RawReplicas { replicas, usage_milli, timestamp_ms };
    let (scale_up_with_unready, outright) = first_pass(ratio, &g, current, tuning);
    if let Some(replicas) = outright {
        return Ok(done(replicas));
    }
    // On a scale-down a missing pod counts as using exactly the target.
    rebalance(&mut values, &g, ratio, scale_up_with_unready, |_| target_milli);
    let (new_ratio, _) = usage_ratio(&values, target_milli);
    Ok(done(second_pass(ratio, new_ratio, values.len(), current, tuning.tolerance)))
}

/// `GetMetricUsageRatio`: the average over the samples, and its ratio to the target.
/// `values` is never empty here (both callers refuse that first).
fn usage_ratio(values: &BTreeMap<String, i64>, target_milli: i64) -> (f64, i64) {
    let total: i128 = values.values().map(|v| i128::from(*v)).sum();
    let average = (total / values.len().max(1) as i128) as i64;
    (average as f64 / target_milli as f64, average)
}
