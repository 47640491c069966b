//! A container's resource requirements as the API server validates them on every write
//! (pkg/apis/core/validation/validation.go `ValidateContainerResourceRequirements`,
//! `validateContainerResourceName`, `ValidateResourceQuantityValue`), so `apply`, `patch`,
//! `replace`, the editor and `set resources` refuse the same things with the same words.

use serde_json::Value;

use super::quantity::{self, Quantity};
use super::Container;
use crate::labels::validation::FieldError;

/// pkg/apis/core/validation `ValidateContainerResourceRequirements` for the container at
/// `field`: resource names, signs, and requests against limits.
pub fn validate_container_resources(errors: &mut Vec<FieldError>, field: &str, c: &Container) {
    let path = format!("{field}.resources");
    let limits = c.resources.limits.as_deref();
    let requests = c.resources.requests.as_deref();
    for (list_name, list) in [("limits", limits), ("requests", requests)] {
        let Some(map) = list.and_then(Value::as_object) else { continue };
        let mut names: Vec<&String> = map.keys().collect();
        names.sort();
        for name in names {
            let field = format!("{path}.{list_name}[{name}]");
            errors.extend(resource_name_errors(name, &field));
            if let Some(q) = quantity_in(list, name).filter(Quantity::is_negative) {
                errors.push(FieldError::invalid(
                    &field,
                    q.canonical().as_str(),
                    "must be greater than or equal to 0",
                ));
            }
            if list_name != "requests" {
                continue;
            }
            let overcommit = !name.contains('/') || name.starts_with("kubernetes.io/");
            let (Some(req), limit) = (quantity_in(requests, name), quantity_in(limits, name))
            else {
                continue;
            };
            match limit {
                Some(lim) if !overcommit && req.nanos != lim.nanos => {
                    errors.push(FieldError::invalid(
                        &format!("{path}.requests"),
                        req.canonical().as_str(),
                        &format!("must be equal to {name} limit of {}", lim.canonical()),
                    ))
                }
                Some(lim) if req.nanos > lim.nanos => errors.push(FieldError::invalid(
                    &format!("{path}.requests"),
                    req.canonical().as_str(),
                    &format!("must be less than or equal to {name} limit of {}", lim.canonical()),
                )),
                None if !overcommit => errors.push(FieldError::required(
                    &format!("{path}.limits"),
                    "Limit must be set for non overcommitable resources",
                )),
                _ => {}
            }
        }
    }
}

/// `validateResourceName` and `ValidateContainerResourceName` for a name without a domain:
/// only the standard container resources.
fn resource_name_errors(name: &str, field: &str) -> Vec<FieldError> {
    if name.contains('/') {
        return Vec::new();
    }
    let container =
        matches!(name, "cpu" | "memory" | "ephemeral-storage") || name.starts_with("hugepages-");
    if container {
        return Vec::new();
    }
    let mut errors = Vec::new();
    let standard = matches!(name, "storage" | "pods" | "services")
        || name.starts_with("requests.")
        || name.starts_with("limits.");
    if !standard {
        errors.push(FieldError::invalid(
            field,
            name,
            "must be a standard resource type or fully qualified",
        ));
    }
    errors.push(FieldError::invalid(field, name, "must be a standard resource for containers"));
    errors
}

/// A resource's quantity in a list, when it reads as one.
fn quantity_in(list: Option<&Value>, name: &str) -> Option<Quantity> {
    let v = list?.get(name)?;
    let text = match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    quantity::parse(&text).ok()
}
