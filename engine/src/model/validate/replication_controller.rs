//! ReplicationController validation (pkg/apis/core/validation/validation.go
//! `ValidateReplicationControllerSpec`, `ValidatePodTemplateSpecForRC`,
//! `ValidateNonEmptySelector`), in its order: minReadySeconds, selector, replicas, template.

use super::{non_negative, pod_spec, BadValue};
use crate::labels::validation::FieldError;
use crate::model::ReplicationController;

pub fn replication_controller(rc: &ReplicationController) -> Vec<FieldError> {
    let mut errs = Vec::new();
    non_negative(&mut errs, "spec.minReadySeconds", rc.spec.min_ready_seconds);
    if rc.spec.selector.is_empty() {
        errs.push(FieldError::required("spec.selector", ""));
    }
    non_negative(&mut errs, "spec.replicas", rc.replicas());
    let Some(t) = &rc.spec.template else {
        errs.push(FieldError::required("spec.template", ""));
        return errs;
    };
    let labels = &t.metadata.labels;
    let matches = rc.spec.selector.iter().all(|(k, v)| labels.get(k) == Some(v));
    if !rc.spec.selector.is_empty() && !matches {
        errs.push(FieldError::invalid(
            "spec.template.metadata.labels",
            BadValue::json(&t.metadata.labels),
            "`selector` does not match template `labels`",
        ));
    }
    pod_spec(&mut errs, "spec.template.spec", &t.spec);
    let restart = t.spec.restart_policy.as_deref().unwrap_or("Always");
    if restart != "Always" {
        errs.push(FieldError::unsupported(
            "spec.template.spec.restartPolicy",
            restart,
            "\"Always\"",
        ));
    }
    if t.spec.active_deadline_seconds.is_some() {
        errs.push(FieldError::forbidden(
            "spec.template.spec.activeDeadlineSeconds",
            "activeDeadlineSeconds in ReplicationController is not Supported",
        ));
    }
    errs
}
