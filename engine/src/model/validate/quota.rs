//! ResourceQuota validation (pkg/apis/core/validation/validation.go `ValidateResourceQuota`,
//! `validateResourceQuotaResourceName`, `ValidateResourceQuantityValue`,
//! `validateResourceQuotaScopes`), with the API server's wording.

use crate::labels::validation::{BadValue, FieldError};
use crate::model::quantity;
use crate::model::{ResourceQuota, QUOTA_SCOPES};

/// The object counts a quota may name by their legacy names (`IsIntegerResourceName`).
const OBJECT_COUNTS: [&str; 9] = [
    "pods",
    "services",
    "replicationcontrollers",
    "resourcequotas",
    "secrets",
    "configmaps",
    "persistentvolumeclaims",
    "services.nodeports",
    "services.loadbalancers",
];

/// `helper.IsStandardQuotaResourceName`: the object counts and the compute resources.
fn standard_quota_resource(name: &str) -> bool {
    OBJECT_COUNTS.contains(&name)
        || matches!(
            name,
            "cpu"
                | "memory"
                | "ephemeral-storage"
                | "requests.cpu"
                | "requests.memory"
                | "requests.storage"
                | "requests.ephemeral-storage"
                | "limits.cpu"
                | "limits.memory"
                | "limits.ephemeral-storage"
        )
        || name.starts_with("hugepages-")
        || name.starts_with("requests.hugepages-")
}

/// `IsIntegerResourceName`: object counts take whole numbers.
fn integer_resource(name: &str) -> bool {
    name.starts_with("count/") || OBJECT_COUNTS.contains(&name)
}

pub fn quota(q: &ResourceQuota) -> Vec<FieldError> {
    let mut errs = Vec::new();
    for (name, value) in &q.spec.hard {
        let field = format!("spec.hard[{name}]");
        if !name.contains('/') && !standard_quota_resource(name) {
            errs.push(FieldError::invalid(
                &field,
                name.as_str(),
                "must be a standard resource for quota",
            ));
        }
        match quantity::parse(value) {
            Err(e) => errs.push(FieldError::invalid(&field, value.as_str(), &e.to_string())),
            Ok(v) if v.is_negative() => errs.push(FieldError::invalid(
                &field,
                value.as_str(),
                "must be greater than or equal to 0",
            )),
            Ok(v) if integer_resource(name) && v.nanos % 1_000_000_000 != 0 => {
                errs.push(FieldError::invalid(&field, value.as_str(), "must be an integer"))
            }
            Ok(_) => {}
        }
    }
    let scopes = &q.spec.scopes;
    if scopes.iter().any(|s| !QUOTA_SCOPES.contains(&s.as_str())) {
        errs.push(FieldError::invalid("spec.scopes", BadValue::json(scopes), "unsupported scope"));
    }
    let has = |s: &str| scopes.iter().any(|x| x == s);
    if (has("Terminating") && has("NotTerminating")) || (has("BestEffort") && has("NotBestEffort"))
    {
        errs.push(FieldError::invalid("spec.scopes", BadValue::json(scopes), "conflicting scopes"));
    }
    errs
}
