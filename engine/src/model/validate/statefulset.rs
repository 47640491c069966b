//! StatefulSet validation (pkg/apis/apps/validation/validation.go `ValidateStatefulSetSpec`,
//! `ValidateStatefulSetUpdate`).

use serde_json::json;

use super::{int_or_percent, int_or_string, non_negative, selector_and_template};
use crate::labels::validation::{BadValue, FieldError};
use crate::model::{RollingUpdateStatefulSet, StatefulSet};

/// `ValidateStatefulSetSpec`, in its order: policy, strategy, retention, counts, selector
/// and template, restart policy, deadline.
pub fn statefulset(sts: &StatefulSet) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let spec = &sts.spec;
    match spec.pod_management_policy.as_str() {
        "" => errs.push(FieldError::required("spec.podManagementPolicy", "")),
        "OrderedReady" | "Parallel" => {}
        other => errs.push(FieldError::invalid(
            "spec.podManagementPolicy",
            other,
            "must be 'OrderedReady' or 'Parallel'",
        )),
    }
    let strategy = &spec.update_strategy;
    // The values are internal Go structs (no json tags), so they print with Go's field names.
    // `go_json` writes keys sorted, where Go keeps the struct's field order (Partition first).
    let ru_json = |ru: &RollingUpdateStatefulSet| {
        let max = ru.max_unavailable.as_ref().map(|m| serde_json::to_value(m).unwrap_or_default());
        json!({ "Partition": ru.partition, "MaxUnavailable": max })
    };
    match strategy.type_.as_str() {
        "" => errs.push(FieldError::required("spec.updateStrategy", "")),
        "OnDelete" => {
            if let Some(ru) = &strategy.rolling_update {
                errs.push(FieldError::invalid(
                    "spec.updateStrategy.rollingUpdate",
                    BadValue::Json(ru_json(ru)),
                    "only allowed for updateStrategy 'RollingUpdate'",
                ));
            }
        }
        "RollingUpdate" => {
            if let Some(ru) = &strategy.rolling_update {
                rolling_update(&mut errs, ru);
            }
        }
        other => {
            let value = json!({
                "Type": other,
                "RollingUpdate": strategy.rolling_update.as_ref().map(ru_json),
            });
            errs.push(FieldError::invalid(
                "spec.updateStrategy",
                BadValue::Json(value),
                "must be 'RollingUpdate' or 'OnDelete'",
            ));
        }
    }
    // `ValidatePersistentVolumeClaimRetentionPolicy`.
    let policy = &spec.persistent_volume_claim_retention_policy;
    for (field, value) in
        [("whenDeleted", &policy.when_deleted), ("whenScaled", &policy.when_scaled)]
    {
        if !matches!(value.as_str(), "Retain" | "Delete") {
            errs.push(FieldError::unsupported(
                &format!("spec.persistentVolumeClaimRetentionPolicy.{field}"),
                value.as_str(),
                "\"Retain\", \"Delete\"",
            ));
        }
    }
    non_negative(&mut errs, "spec.replicas", spec.replicas);
    non_negative(&mut errs, "spec.minReadySeconds", spec.min_ready_seconds);
    if let Some(o) = &spec.ordinals {
        non_negative(&mut errs, "spec.ordinals.start", o.start);
    }
    selector_and_template(&mut errs, &spec.selector, &spec.template);
    let restart = spec.template.spec.restart_policy.as_deref().unwrap_or("Always");
    if restart != "Always" {
        errs.push(FieldError::unsupported(
            "spec.template.spec.restartPolicy",
            restart,
            "\"Always\"",
        ));
    }
    if spec.template.spec.active_deadline_seconds.is_some() {
        errs.push(FieldError::forbidden(
            "spec.template.spec.activeDeadlineSeconds",
            "activeDeadlineSeconds in StatefulSet is not Supported",
        ));
    }
    errs
}

/// `validateRollingUpdateStatefulSet`: a partition of 0 or more; maxUnavailable a positive
/// count or percentage, at most 100%.
fn rolling_update(errs: &mut Vec<FieldError>, ru: &RollingUpdateStatefulSet) {
    let path = "spec.updateStrategy.rollingUpdate";
    non_negative(errs, &format!("{path}.partition"), ru.partition);
    let Some(max) = &ru.max_unavailable else { return };
    let field = format!("{path}.maxUnavailable");
    let value = int_or_percent(errs, &field, max);
    if value == Some(0) {
        errs.push(FieldError::invalid(&field, int_or_string(max), "cannot be 0"));
    }
    if let crate::model::IntOrString::Str(v) = max {
        if value.is_some_and(|p| p > 100) {
            errs.push(FieldError::invalid(&field, v.as_str(), "must not be greater than 100%"));
        }
    }
}

/// `ValidateStatefulSetUpdate`: only these fields may change after create.
pub fn statefulset_update(new: &StatefulSet, old: &StatefulSet) -> Vec<FieldError> {
    let (mut a, mut b) = (new.spec.clone(), old.spec.clone());
    for s in [&mut a, &mut b] {
        s.replicas = 0;
        s.ordinals = None;
        s.template = Default::default();
        s.update_strategy = Default::default();
        s.persistent_volume_claim_retention_policy = Default::default();
        s.min_ready_seconds = 0;
        s.revision_history_limit = 0;
    }
    if a == b {
        return Vec::new();
    }
    vec![FieldError::forbidden(
        "spec",
        "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
    )]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::IntOrString;

    fn valid() -> StatefulSet {
        let mut s = StatefulSet::default();
        s.spec.selector.match_labels.insert("app".into(), "db".into());
        s.spec.template.metadata.labels.insert("app".into(), "db".into());
        s.spec.template.spec.containers = vec![crate::model::Container::new("c", "nginx")].into();
        s
    }

    fn messages(s: &StatefulSet) -> Vec<String> {
        statefulset(s).iter().map(|e| e.to_string()).collect()
    }

    #[test]
    fn a_valid_set_has_no_errors_and_bad_fields_get_upstreams_words() {
        assert!(messages(&valid()).is_empty());
        let mut s = valid();
        s.spec.pod_management_policy = "Sometimes".into();
        s.spec.persistent_volume_claim_retention_policy.when_scaled = "Keep".into();
        s.spec.ordinals = Some(crate::model::StatefulSetOrdinals { start: -1 });
        assert_eq!(
            messages(&s),
            [
                "spec.podManagementPolicy: Invalid value: \"Sometimes\": must be 'OrderedReady' or 'Parallel'",
                "spec.persistentVolumeClaimRetentionPolicy.whenScaled: Unsupported value: \"Keep\": supported values: \"Retain\", \"Delete\"",
                "spec.ordinals.start: Invalid value: -1: must be greater than or equal to 0",
            ]
        );
    }

    #[test]
    fn max_unavailable_may_not_be_zero_and_on_delete_takes_no_rolling_update() {
        let mut s = valid();
        s.spec.update_strategy.rolling_update.as_mut().unwrap().max_unavailable =
            Some(IntOrString::Int(0));
        assert_eq!(
            messages(&s),
            ["spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: 0: cannot be 0"]
        );
        let mut s = valid();
        s.spec.update_strategy.type_ = "OnDelete".into();
        assert_eq!(
            messages(&s),
            ["spec.updateStrategy.rollingUpdate: Invalid value: {\"MaxUnavailable\":null,\"Partition\":0}: only allowed for updateStrategy 'RollingUpdate'"]
        );
    }
}
