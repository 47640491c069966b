//! HorizontalPodAutoscaler validation (pkg/apis/autoscaling/validation/validation.go
//! `ValidateHorizontalPodAutoscalerSpec`).

use crate::labels::validation::FieldError;
use crate::model::HorizontalPodAutoscaler;

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
    errs
}

pub fn hpa_update(
    _new: &HorizontalPodAutoscaler,
    _old: &HorizontalPodAutoscaler,
) -> Vec<FieldError> {
    Vec::new()
}
