//! PodDisruptionBudget validation (pkg/apis/policy/validation/validation.go
//! `ValidatePodDisruptionBudgetSpec`), with the API server's wording. A budget's spec may
//! change after it is created (policy/v1 has no update rule beyond the spec's own).

use super::{int_or_percent, int_or_string};
use crate::labels::validation::{BadValue, FieldError};
use crate::model::{IntOrString, PodDisruptionBudget, ALWAYS_ALLOW};

/// `supportedUnhealthyPodEvictionPolicies`, as `field.NotSupported` lists them.
const POLICIES: &str = "\"AlwaysAllow\", \"IfHealthyBudget\"";

pub fn pdb(p: &PodDisruptionBudget) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let spec = &p.spec;
    if spec.min_available.is_some() && spec.max_unavailable.is_some() {
        errs.push(FieldError::invalid(
            "spec",
            BadValue::json(spec),
            "minAvailable and maxUnavailable cannot be both set",
        ));
    }
    for (field, value) in
        [("minAvailable", &spec.min_available), ("maxUnavailable", &spec.max_unavailable)]
    {
        let Some(value) = value else { continue };
        let path = format!("spec.{field}");
        // `ValidatePositiveIntOrPercent`, then `IsNotMoreThan100Percent`.
        let n = int_or_percent(&mut errs, &path, value);
        if matches!(value, IntOrString::Str(_)) && n.is_some_and(|p| p > 100) {
            errs.push(FieldError::invalid(
                &path,
                int_or_string(value),
                "must not be greater than 100%",
            ));
        }
    }
    if let Some(sel) = &spec.selector {
        if let Err(e) = sel.try_to_selector() {
            errs.push(FieldError::invalid("spec.selector", BadValue::json(sel), &e));
        }
    }
    if let Some(policy) = &spec.unhealthy_pod_eviction_policy {
        if policy != ALWAYS_ALLOW && policy != "IfHealthyBudget" {
            errs.push(FieldError::unsupported(
                "spec.unhealthyPodEvictionPolicy",
                policy.as_str(),
                POLICIES,
            ));
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::labels::validation::aggregate;

    fn budget(spec: serde_json::Value) -> PodDisruptionBudget {
        serde_json::from_value(serde_json::json!({"metadata": {"name": "b"}, "spec": spec}))
            .expect("a budget")
    }

    #[test]
    fn the_api_servers_refusals_in_its_words() {
        let both = budget(serde_json::json!({"minAvailable": 1, "maxUnavailable": 1}));
        assert_eq!(
            aggregate(&pdb(&both)),
            "spec: Invalid value: {\"maxUnavailable\":1,\"minAvailable\":1}: minAvailable and maxUnavailable cannot be both set"
        );
        let bad = budget(serde_json::json!({"minAvailable": "150%"}));
        assert_eq!(
            aggregate(&pdb(&bad)),
            "spec.minAvailable: Invalid value: \"150%\": must not be greater than 100%"
        );
        let negative = budget(serde_json::json!({"maxUnavailable": -1}));
        assert_eq!(
            aggregate(&pdb(&negative)),
            "spec.maxUnavailable: Invalid value: -1: must be greater than or equal to 0"
        );
        let policy = budget(serde_json::json!({"unhealthyPodEvictionPolicy": "Sometimes"}));
        assert_eq!(
            aggregate(&pdb(&policy)),
            "spec.unhealthyPodEvictionPolicy: Unsupported value: \"Sometimes\": supported values: \"AlwaysAllow\", \"IfHealthyBudget\""
        );
        assert!(pdb(&budget(serde_json::json!({"minAvailable": "50%"}))).is_empty());
    }
}
