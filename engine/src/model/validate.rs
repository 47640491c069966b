//! Spec validation the API server applies before storing Deployments, ReplicaSets and Pods,
//! with its wording (pkg/apis/apps/validation/validation.go, pkg/apis/core/validation).

use crate::labels::validation::{is_dns1123_label, BadValue, FieldError};

mod config;
mod daemonset;
mod hpa;
mod ingress;
mod job;
mod job_policy;
mod limits;
mod pdb;
mod pvc;
mod quota;
mod replication_controller;
mod service;
mod statefulset;
mod workloads;
pub use config::{config_map, config_map_update, secret, secret_update};
pub use ingress::{ingress, ingress_create};
pub use limits::limit_range;
pub use pdb::pdb;
pub use quota::quota;
pub use replication_controller::replication_controller;
pub use service::{service, service_update};
pub use workloads::*;

use super::{Deployment, IntOrString, LabelSelector, Pod, PodSpec, PodTemplateSpec, ReplicaSet};

/// `ValidateDeploymentSpec`, in its order: replicas, selector, template, strategy, then the
/// remaining numbers.
pub fn deployment(d: &Deployment) -> Vec<FieldError> {
    let mut errs = Vec::new();
    non_negative(&mut errs, "spec.replicas", d.spec.replicas);
    selector_and_template(&mut errs, &d.spec.selector, &d.spec.template);
    if let Some(ru) = &d.spec.strategy.rolling_update {
        // `ValidateRollingUpdateDeployment`: maxUnavailable, then maxSurge.
        let path = "spec.strategy.rollingUpdate";
        let unavail =
            int_or_percent(&mut errs, &format!("{path}.maxUnavailable"), &ru.max_unavailable);
        let surge = int_or_percent(&mut errs, &format!("{path}.maxSurge"), &ru.max_surge);
        if surge == Some(0) && unavail == Some(0) {
            errs.push(FieldError::invalid(
                &format!("{path}.maxUnavailable"),
                int_or_string(&ru.max_unavailable),
                "may not be 0 when `maxSurge` is 0",
            ));
        }
        // `IsNotMoreThan100Percent` applies to maxUnavailable only: a surge may exceed 100%.
        if let IntOrString::Str(v) = &ru.max_unavailable {
            if unavail.is_some_and(|p| p > 100) {
                errs.push(FieldError::invalid(
                    &format!("{path}.maxUnavailable"),
                    v,
                    "must not be greater than 100%",
                ));
            }
        }
    }
    non_negative(&mut errs, "spec.minReadySeconds", d.spec.min_ready_seconds);
    non_negative(&mut errs, "spec.revisionHistoryLimit", d.spec.revision_history_limit);
    non_negative(&mut errs, "spec.progressDeadlineSeconds", d.spec.progress_deadline_seconds);
    if d.spec.progress_deadline_seconds <= d.spec.min_ready_seconds {
        errs.push(FieldError::invalid(
            "spec.progressDeadlineSeconds",
            d.spec.progress_deadline_seconds,
            "must be greater than minReadySeconds",
        ));
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

/// What an update may not change, per kind (each registry strategy's `ValidateUpdate`).
/// The store calls this for every kind it holds; the kinds are told apart by type.
pub fn update<T: 'static>(new: &T, old: &T) -> Vec<FieldError> {
    use std::any::Any;
    let (new, old): (&dyn Any, &dyn Any) = (new, old);
    if let (Some(n), Some(o)) = (new.downcast_ref::<Deployment>(), old.downcast_ref()) {
        return deployment_update(n, o);
    }
    if let (Some(n), Some(o)) = (new.downcast_ref::<ReplicaSet>(), old.downcast_ref()) {
        return replicaset_update(n, o);
    }
    if let (Some(n), Some(o)) = (new.downcast_ref::<Pod>(), old.downcast_ref()) {
        return pod_update(n, o);
    }
    if let (Some(n), Some(o)) = (new.downcast_ref::<crate::model::Service>(), old.downcast_ref()) {
        return service_update(n, o);
    }
    if let Some(errs) = workloads::update(new, old) {
        return errs;
    }
    Vec::new()
}

/// `ValidateImmutableField`'s detail (apimachinery pkg/api/validation/generic.go).
const FIELD_IMMUTABLE: &str = "field is immutable";

/// What an update may not change in a Deployment, beyond what [`deployment`] checks: the
/// selector, which apps/v1 makes immutable in pkg/registry/apps/deployment/strategy.go
/// `ValidateUpdate` (after `ValidateDeploymentUpdate`, so these errors come last).
pub fn deployment_update(new: &Deployment, old: &Deployment) -> Vec<FieldError> {
    immutable_selector(&new.spec.selector, &old.spec.selector)
}

/// The same rule for ReplicaSets (pkg/registry/apps/replicaset/strategy.go `ValidateUpdate`).
pub fn replicaset_update(new: &ReplicaSet, old: &ReplicaSet) -> Vec<FieldError> {
    immutable_selector(&new.spec.selector, &old.spec.selector)
}

pub(super) fn immutable_selector(new: &LabelSelector, old: &LabelSelector) -> Vec<FieldError> {
    if new == old {
        return Vec::new();
    }
    vec![FieldError::invalid("spec.selector", BadValue::json(new), FIELD_IMMUTABLE)]
}

/// The fields of a pod's spec an update may change, as `ValidatePodUpdate` lists them
/// (pkg/apis/core/validation/validation.go, joined with "," since 1.27).
const POD_UPDATABLE_FIELDS: &str = "`spec.containers[*].image`,`spec.initContainers[*].image`,\
    `spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),\
    `spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)";

/// `ValidatePodUpdate`'s spec rule: copy the updatable fields from the old spec into the new
/// one, and anything still different is forbidden. Of the updatable fields kubeloop models
/// container images and the terminationGracePeriodSeconds escape. The real message goes on
/// with a diff of the internal PodSpec structs (line numbers of a JSON dump of every field,
/// defaults included), which is left out here.
pub fn pod_update(new: &Pod, old: &Pod) -> Vec<FieldError> {
    let mut munged = new.spec.clone();
    if munged.containers.len() == old.spec.containers.len() {
        for (c, o) in munged.containers.iter_mut().zip(&old.spec.containers) {
            c.image = o.image.clone();
        }
    }
    let old_grace = old.spec.termination_grace_period_seconds;
    if old_grace.is_some_and(|g| g < 0) && munged.termination_grace_period_seconds == Some(1) {
        munged.termination_grace_period_seconds = old_grace;
    }
    if munged == old.spec {
        return Vec::new();
    }
    let detail = format!("pod updates may not change fields other than {POD_UPDATABLE_FIELDS}");
    vec![FieldError::forbidden("spec", &detail)]
}

/// A namespace name is a DNS-1123 label (apimachinery ValidateNamespaceName).
pub fn namespace_name(name: &str, field: &str) -> Vec<FieldError> {
    if name.is_empty() {
        return vec![FieldError::required(field, "name or generateName is required")];
    }
    is_dns1123_label(name).iter().map(|m| FieldError::invalid(field, name, m)).collect()
}

pub(super) fn non_negative(errs: &mut Vec<FieldError>, field: &str, v: i32) {
    if v < 0 {
        errs.push(FieldError::invalid(field, v, "must be greater than or equal to 0"));
    }
}

pub(super) fn int_or_percent(
    errs: &mut Vec<FieldError>,
    field: &str,
    v: &IntOrString,
) -> Option<i32> {
    match v {
        IntOrString::Int(i) if *i < 0 => {
            errs.push(FieldError::invalid(field, *i, "must be greater than or equal to 0"));
            None
        }
        IntOrString::Int(i) => Some(*i),
        // `IsValidPercent`: `^[0-9]+%$`.
        IntOrString::Str(s) => match s
            .strip_suffix('%')
            .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            .map(|n| n.parse::<i32>().unwrap_or(i32::MAX))
        {
            Some(p) => Some(p),
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

pub(super) fn selector_and_template(
    errs: &mut Vec<FieldError>,
    sel: &LabelSelector,
    t: &PodTemplateSpec,
) {
    if sel.is_empty() {
        // The model has no nil selector, so an empty one stands for a missing one (the
        // common case: a manifest without `selector`). Go then builds labels.Nothing(),
        // which is not Empty() and matches no labels, so the template check fails too
        // (`ValidatePodTemplateSpecForReplicaSet`); nil template labels print as null.
        errs.push(FieldError::required("spec.selector", ""));
        let labels = &t.metadata.labels;
        let value = if labels.is_empty() {
            BadValue::Json(serde_json::Value::Null)
        } else {
            BadValue::json(labels)
        };
        errs.push(FieldError::invalid(
            "spec.template.metadata.labels",
            value,
            "`selector` does not match template `labels`",
        ));
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
pub(super) fn int_or_string(v: &IntOrString) -> BadValue {
    match v {
        IntOrString::Int(i) => BadValue::Int((*i).into()),
        IntOrString::Str(s) => BadValue::Str(s.clone()),
    }
}

pub(super) fn pod_spec(errs: &mut Vec<FieldError>, path: &str, spec: &PodSpec) {
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
        super::probe_validate::validate_container_probes(errs, &field, c);
        super::resources_validate::validate_container_resources(errs, &field, c);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Container, ContainerPort, ObjectMeta};

    fn lines(errs: &[FieldError]) -> Vec<String> {
        errs.iter().map(ToString::to_string).collect()
    }

    fn web(selector: &str, template: &str) -> Deployment {
        let mut d = Deployment::default();
        d.metadata.name = "web".into();
        if !selector.is_empty() {
            d.spec.selector.match_labels.insert("app".into(), selector.into());
        }
        d.spec.template.metadata.labels.insert("app".into(), template.into());
        d.spec.template.spec.containers = vec![Container {
            name: "nginx".into(),
            image: "nginx:1.27".into(),
            ..Default::default()
        }]
        .into();
        d
    }

    fn pod(image: &str, port: i32) -> Pod {
        let mut c = Container::new("c", image);
        c.ports = vec![ContainerPort { container_port: port, ..Default::default() }];
        Pod::new(
            ObjectMeta { name: "p1".into(), ..Default::default() },
            PodSpec { containers: vec![c].into(), ..Default::default() },
        )
    }

    #[test]
    fn a_missing_selector_is_required_and_matches_no_template() {
        assert_eq!(lines(&deployment(&web("", "web"))), [
            "spec.selector: Required value",
            "spec.template.metadata.labels: Invalid value: {\"app\":\"web\"}: `selector` does not match template `labels`",
        ]);
    }

    #[test]
    fn negative_numbers_print_bare() {
        let mut d = web("web", "web");
        d.spec.replicas = -1;
        assert_eq!(
            lines(&deployment(&d)),
            ["spec.replicas: Invalid value: -1: must be greater than or equal to 0"]
        );
    }

    #[test]
    fn changing_a_selector_is_refused_with_the_new_selector_as_json() {
        let errs = deployment_update(&web("other", "other"), &web("web", "web"));
        assert_eq!(lines(&errs), [
            "spec.selector: Invalid value: {\"matchLabels\":{\"app\":\"other\"}}: field is immutable"
        ]);
        assert!(deployment_update(&web("web", "web"), &web("web", "web")).is_empty());
    }

    #[test]
    fn a_pod_update_may_change_images_but_not_ports() {
        assert!(pod_update(&pod("nginx:1.28", 80), &pod("nginx:1.27", 80)).is_empty());
        let errs = lines(&pod_update(&pod("nginx:1.27", 8080), &pod("nginx:1.27", 80)));
        assert_eq!(errs, [
            "spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)"
        ]);
    }
}
