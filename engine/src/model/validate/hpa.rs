//! HorizontalPodAutoscaler validation (pkg/apis/autoscaling/validation/validation.go
//! `ValidateHorizontalPodAutoscalerSpec`, `validateMetricSpec`, `validateResourceSource`,
//! `validateMetricTarget`, `validateBehavior`). The custom and external metric sources are
//! checked only for being the one the type names; their insides are opaque JSON here.

use crate::labels::validation::FieldError;
use crate::model::quantity;
use crate::model::{HorizontalPodAutoscaler, HpaScalingRules, MetricSpec, MetricTarget};

/// validation.go `MaxPeriodSeconds` and `MaxStabilizationWindowSeconds`.
const MAX_PERIOD_SECONDS: i32 = 1800;
const MAX_STABILIZATION_WINDOW_SECONDS: i32 = 3600;

pub fn hpa(h: &HorizontalPodAutoscaler) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let spec = &h.spec;
    let min = spec.min_replicas.unwrap_or(1);
    if min < 1 {
        errs.push(FieldError::invalid(
            "spec.minReplicas",
            min,
            "must be greater than or equal to 1",
        ));
    }
    if spec.max_replicas < 1 {
        errs.push(FieldError::invalid(
            "spec.maxReplicas",
            spec.max_replicas,
            "must be greater than 0",
        ));
    }
    if spec.max_replicas < min {
        errs.push(FieldError::invalid(
            "spec.maxReplicas",
            spec.max_replicas,
            "must be greater than or equal to `minReplicas`",
        ));
    }
    if spec.scale_target_ref.kind.is_empty() {
        errs.push(FieldError::required("spec.scaleTargetRef.kind", ""));
    }
    if spec.scale_target_ref.name.is_empty() {
        errs.push(FieldError::required("spec.scaleTargetRef.name", ""));
    }
    for (i, m) in spec.metrics.iter().enumerate() {
        metric(&mut errs, m, &format!("spec.metrics[{i}]"));
    }
    if let Some(b) = &spec.behavior {
        rules(&mut errs, b.scale_up.as_ref(), "spec.behavior.scaleUp");
        rules(&mut errs, b.scale_down.as_ref(), "spec.behavior.scaleDown");
    }
    errs
}

/// `validateMetricSpec`: a known type, and exactly the source it names.
fn metric(errs: &mut Vec<FieldError>, m: &MetricSpec, path: &str) {
    const TYPES: &str = "\"ContainerResource\", \"External\", \"Object\", \"Pods\", \"Resource\"";
    if m.type_.is_empty() {
        errs.push(FieldError::required(
            &format!("{path}.type"),
            "must specify a metric source type",
        ));
    }
    let known = ["ContainerResource", "External", "Object", "Pods", "Resource"];
    if !known.contains(&m.type_.as_str()) {
        errs.push(FieldError::unsupported(&format!("{path}.type"), m.type_.clone(), TYPES));
    }
    let present = [
        ("object", m.object.is_some()),
        ("external", m.external.is_some()),
        ("pods", m.pods.is_some()),
        ("resource", m.resource.is_some()),
        ("containerResource", m.container_resource.is_some()),
    ];
    if let Some(r) = &m.resource {
        // Only the first source present (object, external, pods, resource) is looked into.
        if !present[..3].iter().any(|(_, p)| *p) {
            resource(errs, &r.name, &r.target, &format!("{path}.resource"));
        }
    }
    let expected = match m.type_.as_str() {
        "Object" => "object",
        "Pods" => "pods",
        "Resource" => "resource",
        "ContainerResource" => "containerResource",
        "External" => "external",
        other => {
            errs.push(FieldError::unsupported(&format!("{path}.type"), other.to_string(), TYPES));
            ""
        }
    };
    if present.iter().any(|(f, p)| *f == expected && !*p) {
        errs.push(FieldError::required(
            &format!("{path}.{expected}"),
            "must populate information for the given metric source",
        ));
    }
    if present.iter().filter(|(_, p)| *p).count() != 1 {
        for (f, _) in present.iter().filter(|(f, p)| *p && *f != expected) {
            errs.push(FieldError::forbidden(
                &format!("{path}.{f}"),
                "must populate the given metric source only",
            ));
        }
    }
}

/// `validateResourceSource` and `validateMetricTarget`.
fn resource(errs: &mut Vec<FieldError>, name: &str, t: &MetricTarget, path: &str) {
    if name.is_empty() {
        errs.push(FieldError::required(&format!("{path}.name"), "must specify a resource name"));
    }
    let tp = format!("{path}.target");
    if t.type_.is_empty() {
        errs.push(FieldError::required(&format!("{tp}.type"), "must specify a metric target type"));
    }
    if !matches!(t.type_.as_str(), "Utilization" | "Value" | "AverageValue") {
        errs.push(FieldError::invalid(
            &format!("{tp}.type"),
            t.type_.clone(),
            "must be either Utilization, Value, or AverageValue",
        ));
    }
    if t.average_utilization.is_none() && t.average_value.is_none() && t.value.is_none() {
        // validation.go names this field with a leading space.
        errs.push(FieldError::invalid(
            &format!("{tp}. utilization, value and averageValue"),
            t.type_.clone(),
            "at least one not nil",
        ));
    }
    for (field, v) in [("value", &t.value), ("averageValue", &t.average_value)] {
        if let Some(v) = v {
            let positive = quantity::parse(v).is_ok_and(|q| q.nanos > 0);
            if !positive {
                errs.push(FieldError::invalid(
                    &format!("{tp}.{field}"),
                    v.clone(),
                    "must be positive",
                ));
            }
        }
    }
    if let Some(u) = t.average_utilization.filter(|u| *u < 1) {
        errs.push(FieldError::invalid(
            &format!("{tp}.averageUtilization"),
            u,
            "must be greater than 0",
        ));
    }
    if t.average_utilization.is_none() && t.average_value.is_none() {
        errs.push(FieldError::required(
            &format!("{tp}.averageUtilization"),
            "must set either a target raw value or a target utilization",
        ));
    }
    if t.average_utilization.is_some() && t.average_value.is_some() {
        errs.push(FieldError::forbidden(
            &format!("{tp}.averageValue"),
            "may not set both a target raw value and a target utilization",
        ));
    }
}

/// `validateScalingRules` and `validateScalingPolicy`.
fn rules(errs: &mut Vec<FieldError>, r: Option<&HpaScalingRules>, path: &str) {
    let Some(r) = r else { return };
    if let Some(w) = r.stabilization_window_seconds {
        let field = format!("{path}.stabilizationWindowSeconds");
        if w < 0 {
            errs.push(FieldError::invalid(&field, w, "must be greater than or equal to zero"));
        }
        if w > MAX_STABILIZATION_WINDOW_SECONDS {
            let detail =
                format!("must be less than or equal to {MAX_STABILIZATION_WINDOW_SECONDS}");
            errs.push(FieldError::invalid(&field, w, &detail));
        }
    }
    if let Some(p) =
        r.select_policy.as_deref().filter(|p| !matches!(*p, "Disabled" | "Max" | "Min"))
    {
        let supported = "\"Disabled\", \"Max\", \"Min\"";
        errs.push(FieldError::unsupported(
            &format!("{path}.selectPolicy"),
            p.to_string(),
            supported,
        ));
    }
    if r.policies.is_empty() {
        errs.push(FieldError::required(
            &format!("{path}.policies"),
            "must specify at least one Policy",
        ));
    }
    for (i, p) in r.policies.iter().enumerate() {
        let pp = format!("{path}.policies[{i}]");
        if !matches!(p.type_.as_str(), "Pods" | "Percent") {
            let supported = "\"Percent\", \"Pods\"";
            errs.push(FieldError::unsupported(&format!("{pp}.type"), p.type_.clone(), supported));
        }
        if p.value <= 0 {
            errs.push(FieldError::invalid(
                &format!("{pp}.value"),
                p.value,
                "must be greater than zero",
            ));
        }
        if p.period_seconds <= 0 {
            errs.push(FieldError::invalid(
                &format!("{pp}.periodSeconds"),
                p.period_seconds,
                "must be greater than zero",
            ));
        }
        if p.period_seconds > MAX_PERIOD_SECONDS {
            let detail = format!("must be less than or equal to {MAX_PERIOD_SECONDS}");
            errs.push(FieldError::invalid(
                &format!("{pp}.periodSeconds"),
                p.period_seconds,
                &detail,
            ));
        }
    }
}

pub fn hpa_update(
    _new: &HorizontalPodAutoscaler,
    _old: &HorizontalPodAutoscaler,
) -> Vec<FieldError> {
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{CrossVersionObjectReference, ResourceMetricSource};

    fn cpu(target: MetricTarget) -> HorizontalPodAutoscaler {
        let mut h = HorizontalPodAutoscaler::default();
        h.spec.scale_target_ref = CrossVersionObjectReference {
            kind: "Deployment".into(),
            name: "web".into(),
            api_version: String::new(),
        };
        h.spec.max_replicas = 3;
        h.spec.metrics = vec![MetricSpec {
            type_: "Resource".into(),
            resource: Some(ResourceMetricSource { name: "cpu".into(), target }),
            ..Default::default()
        }];
        h
    }

    fn fields(h: &HorizontalPodAutoscaler) -> Vec<String> {
        hpa(h).iter().map(|e| e.field.clone()).collect()
    }

    #[test]
    fn a_utilization_target_passes_and_an_empty_target_names_upstreams_odd_field() {
        let ok = MetricTarget {
            type_: "Utilization".into(),
            average_utilization: Some(50),
            ..Default::default()
        };
        assert!(fields(&cpu(ok)).is_empty());
        let empty = MetricTarget { type_: "Utilization".into(), ..Default::default() };
        assert_eq!(
            fields(&cpu(empty)),
            [
                "spec.metrics[0].resource.target. utilization, value and averageValue",
                "spec.metrics[0].resource.target.averageUtilization",
            ]
        );
    }

    #[test]
    fn a_quantity_target_must_be_positive() {
        let zero = MetricTarget {
            type_: "AverageValue".into(),
            average_value: Some("0".into()),
            ..Default::default()
        };
        assert_eq!(fields(&cpu(zero)), ["spec.metrics[0].resource.target.averageValue"]);
    }
}
