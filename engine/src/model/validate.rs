//! Spec validation the API server applies before storing Deployments, ReplicaSets and Pods,
//! with its wording (pkg/apis/apps/validation/validation.go, pkg/apis/core/validation).

use crate::labels::validation::{is_dns1123_label, BadValue, FieldError};

use super::{Deployment, IntOrString, LabelSelector, Pod, PodSpec, PodTemplateSpec, ReplicaSet};

pub fn deployment(d: &Deployment) -> Vec<FieldError> {
    let mut errs = Vec::new();
    non_negative(&mut errs, "spec.replicas", d.spec.replicas);
    selector_and_template(&mut errs, &d.spec.selector, &d.spec.template);
    non_negative(&mut errs, "spec.minReadySeconds", d.spec.min_ready_seconds);
    non_negative(&mut errs, "spec.revisionHistoryLimit", d.spec.revision_history_limit);
    if d.spec.progress_deadline_seconds <= d.spec.min_ready_seconds {
        errs.push(FieldError::invalid(
            "spec.progressDeadlineSeconds",
            d.spec.progress_deadline_seconds,
            "must be greater than minReadySeconds",
        ));
    }
    if let Some(ru) = &d.spec.strategy.rolling_update {
        let surge =
            int_or_percent(&mut errs, "spec.strategy.rollingUpdate.maxSurge", &ru.max_surge);
        let unavail = int_or_percent(
            &mut errs,
            "spec.strategy.rollingUpdate.maxUnavailable",
            &ru.max_unavailable,
        );
        if surge == Some(0) && unavail == Some(0) {
            errs.push(FieldError::invalid(
                "spec.strategy.rollingUpdate.maxUnavailable",
                int_or_string(&ru.max_unavailable),
                "may not be 0 when `maxSurge` is 0",
            ));
        }
    }
    errs
}

pub fn replicaset(rs: &ReplicaSet) -> Vec<FieldError> {
    let mut errs = Vec::new();
    non_negative(&mut errs, "spec.replicas", rs.spec.replicas);
    non_negative(&mut errs, "spec.minReadySeconds", rs.spec.min_ready_seconds);
    selector_and_template(&mut errs, &rs.spec.selector, &rs.spec.template);
    errs
}

pub fn pod(p: &Pod) -> Vec<FieldError> {
    let mut errs = Vec::new();
    pod_spec(&mut errs, "spec", &p.spec);
    errs
}

/// A namespace name is a DNS-1123 label (apimachinery ValidateNamespaceName).
pub fn namespace_name(name: &str, field: &str) -> Vec<FieldError> {
    if name.is_empty() {
        return vec![FieldError::required(field, "name or generateName is required")];
    }
    is_dns1123_label(name).iter().map(|m| FieldError::invalid(field, name, m)).collect()
}

fn non_negative(errs: &mut Vec<FieldError>, field: &str, v: i32) {
    if v < 0 {
        errs.push(FieldError::invalid(field, v, "must be greater than or equal to 0"));
    }
}

fn int_or_percent(errs: &mut Vec<FieldError>, field: &str, v: &IntOrString) -> Option<i32> {
    match v {
        IntOrString::Int(i) if *i < 0 => {
            errs.push(FieldError::invalid(field, *i, "must be greater than or equal to 0"));
            None
        }
        IntOrString::Int(i) => Some(*i),
        IntOrString::Str(s) => match s.strip_suffix('%').and_then(|n| n.parse::<i32>().ok()) {
            Some(p) if (0..=100).contains(&p) => Some(p),
            Some(_) => {
                errs.push(FieldError::invalid(field, s, "must not be greater than 100%"));
                None
            }
            None => {
                errs.push(FieldError::invalid(
                    field,
                    s,
                    "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
                ));
                None
            }
        },
    }
}

fn selector_and_template(errs: &mut Vec<FieldError>, sel: &LabelSelector, t: &PodTemplateSpec) {
    if sel.is_empty() {
        errs.push(FieldError::required("spec.selector", ""));
    } else {
        match sel.try_to_selector() {
            Err(e) => errs.push(FieldError::invalid("spec.selector", BadValue::json(sel), &e)),
            Ok(s) if !s.matches(&t.metadata.labels) => errs.push(FieldError::invalid(
                "spec.template.metadata.labels",
                BadValue::json(&t.metadata.labels),
                "`selector` does not match template `labels`",
            )),
            Ok(_) => {}
        }
    }
    pod_spec(errs, "spec.template.spec", &t.spec);
}

/// An IntOrString as `json.Marshal` writes it: a number bare, a string quoted
/// (intstr.IntOrString `MarshalJSON`).
fn int_or_string(v: &IntOrString) -> BadValue {
    match v {
        IntOrString::Int(i) => BadValue::Int((*i).into()),
        IntOrString::Str(s) => BadValue::Str(s.clone()),
    }
}

fn pod_spec(errs: &mut Vec<FieldError>, path: &str, spec: &PodSpec) {
    if spec.containers.is_empty() {
        errs.push(FieldError::required(&format!("{path}.containers"), ""));
    }
    let mut seen = std::collections::BTreeSet::new();
    for (i, c) in spec.containers.iter().enumerate() {
        let field = format!("{path}.containers[{i}]");
        if c.name.is_empty() {
            errs.push(FieldError::required(&format!("{field}.name"), ""));
        } else {
            for m in is_dns1123_label(&c.name) {
                errs.push(FieldError::invalid(&format!("{field}.name"), &c.name, &m));
            }
            if !seen.insert(c.name.as_str()) {
                errs.push(FieldError::duplicate(&format!("{field}.name"), &c.name));
            }
        }
        if c.image.trim().is_empty() {
            errs.push(FieldError::required(&format!("{field}.image"), ""));
        }
    }
    if let Some(g) = spec.termination_grace_period_seconds {
        if g < 0 {
            errs.push(FieldError::invalid(
                &format!("{path}.terminationGracePeriodSeconds"),
                g,
                "must be greater than or equal to 0",
            ));
        }
    }
}
