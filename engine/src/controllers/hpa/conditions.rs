//! The wording of the HPA loop's conditions and events, as `horizontal.go` writes them, so
//! `describe hpa` and `get events` read as on a real cluster. Pure string building; which
//! condition to set when is the loop's business.
//!
//! Models pkg/controller/podautoscaler/horizontal.go (computeStatusForResourceMetricGeneric,
//! reconcileAutoscaler, getUnableComputeReplicaCountCondition).

use super::replica_calculator::{CalcError, Resource};

/// Condition types (autoscaling/v2 `HorizontalPodAutoscalerConditionType`).
pub const ABLE_TO_SCALE: &str = "AbleToScale";
pub const SCALING_ACTIVE: &str = "ScalingActive";
pub const SCALING_LIMITED: &str = "ScalingLimited";

/// Event and condition reasons.
pub const FAILED_GET_RESOURCE_METRIC: &str = "FailedGetResourceMetric";
pub const FAILED_COMPUTE_METRICS_REPLICAS: &str = "FailedComputeMetricsReplicas";
pub const FAILED_GET_SCALE: &str = "FailedGetScale";
pub const SUCCEEDED_GET_SCALE: &str = "SucceededGetScale";
pub const SUCCESSFUL_RESCALE: &str = "SuccessfulRescale";
pub const SUCCEEDED_RESCALE: &str = "SucceededRescale";
pub const FAILED_RESCALE: &str = "FailedRescale";
pub const VALID_METRIC_FOUND: &str = "ValidMetricFound";
pub const SCALING_DISABLED: &str = "ScalingDisabled";

/// The metric's name in messages: "cpu resource utilization (percentage of request)" for a
/// utilization target, "cpu resource" for an average value.
pub fn metric_name(resource: Resource, utilization: bool) -> String {
    if utilization {
        format!("{resource} resource utilization (percentage of request)")
    } else {
        format!("{resource} resource")
    }
}

/// The `FailedGetResourceMetric` event's message: the calculator's error, wrapped as
/// computeStatusForResourceMetricGeneric wraps it ("failed to get cpu utilization: missing
/// request for cpu in container app of Pod web-1").
pub fn failed_get_resource_metric(
    resource: Resource,
    utilization: bool,
    err: &CalcError,
) -> String {
    let what = if utilization { "utilization" } else { "usage" };
    format!("failed to get {resource} {what}: {err}")
}

/// `ScalingActive` False's message (getUnableComputeReplicaCountCondition).
pub fn unable_to_compute(err: &str) -> String {
    format!("the HPA was unable to compute the replica count: {err}")
}

/// `ScalingActive` True (`ValidMetricFound`)'s message.
pub fn valid_metric_found(metric_name: &str) -> String {
    format!("the HPA was able to successfully calculate a replica count from {metric_name}")
}

/// The reason a rescale gives: "cpu resource utilization (percentage of request) above
/// target" on the way up, "All metrics below target" on the way down.
pub fn rescale_reason(metric_name: &str, desired: i32, current: i32) -> String {
    if desired > current {
        format!("{metric_name} above target")
    } else {
        "All metrics below target".to_string()
    }
}

/// The `SuccessfulRescale` event's message.
pub fn successful_rescale(new_size: i32, reason: &str) -> String {
    format!("New size: {new_size}; reason: {reason}")
}

/// The `FailedRescale` event's message.
pub fn failed_rescale(new_size: i32, reason: &str, err: &str) -> String {
    format!("New size: {new_size}; reason: {reason}; error: {err}")
}

/// `AbleToScale` True after a rescale.
pub fn succeeded_rescale(new_size: i32) -> String {
    format!("the HPA controller was able to update the target scale to {new_size}")
}

/// `AbleToScale` False when the scale update failed.
pub fn failed_rescale_condition(err: &str) -> String {
    format!("the HPA controller was unable to update the target scale: {err}")
}

/// `AbleToScale` True once the target's scale was read.
pub const SUCCEEDED_GET_SCALE_MESSAGE: &str =
    "the HPA controller was able to get the target's current scale";

/// `ScalingActive` False while the target has 0 replicas.
pub const SCALING_DISABLED_MESSAGE: &str =
    "scaling is disabled since the replica count of the target is zero";

/// The `FailedComputeMetricsReplicas` event's message when every metric failed.
pub fn invalid_metrics(invalid: usize, total: usize, first_err: &str) -> String {
    format!("invalid metrics ({invalid} invalid out of {total}), first error is: {first_err}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failed_get_resource_metric_wraps_the_missing_request_error() {
        let err = CalcError("missing request for cpu in container app of Pod web-1".into());
        assert_eq!(
            failed_get_resource_metric(Resource::Cpu, true, &err),
            "failed to get cpu utilization: missing request for cpu in container app of Pod web-1"
        );
        assert_eq!(
            unable_to_compute(&failed_get_resource_metric(Resource::Cpu, false, &err)),
            "the HPA was unable to compute the replica count: failed to get cpu usage: \
             missing request for cpu in container app of Pod web-1"
        );
    }

    #[test]
    fn rescale_reason_names_the_metric_only_on_the_way_up() {
        let name = metric_name(Resource::Cpu, true);
        assert_eq!(
            successful_rescale(4, &rescale_reason(&name, 4, 2)),
            "New size: 4; reason: cpu resource utilization (percentage of request) above target"
        );
        assert_eq!(
            successful_rescale(1, &rescale_reason(&name, 1, 2)),
            "New size: 1; reason: All metrics below target"
        );
    }

    #[test]
    fn valid_metric_found_matches_upstream_test_wording() {
        // horizontal_test.go TestAvoidUnnecessaryUpdates expects this exact message.
        assert_eq!(
            valid_metric_found(&metric_name(Resource::Cpu, true)),
            "the HPA was able to successfully calculate a replica count from cpu resource \
             utilization (percentage of request)"
        );
    }
}
