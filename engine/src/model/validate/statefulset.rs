//! StatefulSet validation (pkg/apis/apps/validation/validation.go `ValidateStatefulSetSpec`,
//! `ValidateStatefulSetUpdate`).

use super::{non_negative, selector_and_template};
use crate::labels::validation::FieldError;
use crate::model::StatefulSet;

pub fn statefulset(sts: &StatefulSet) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let spec = &sts.spec;
    match spec.pod_management_policy.as_str() {
        "OrderedReady" | "Parallel" => {}
        other => errs.push(FieldError::unsupported(
            "spec.podManagementPolicy",
            other,
            "\"OrderedReady\", \"Parallel\"",
        )),
    }
    match spec.update_strategy.type_.as_str() {
        "OnDelete" => {}
        "RollingUpdate" => {
            if let Some(ru) = &spec.update_strategy.rolling_update {
                non_negative(
                    &mut errs,
                    "spec.updateStrategy.rollingUpdate.partition",
                    ru.partition,
                );
            }
        }
        other => errs.push(FieldError::unsupported(
            "spec.updateStrategy.type",
            other,
            "\"OnDelete\", \"RollingUpdate\"",
        )),
    }
    non_negative(&mut errs, "spec.replicas", spec.replicas);
    non_negative(&mut errs, "spec.minReadySeconds", spec.min_ready_seconds);
    selector_and_template(&mut errs, &spec.selector, &spec.template);
    errs
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
