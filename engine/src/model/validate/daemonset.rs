//! DaemonSet validation (pkg/apis/apps/validation/validation.go `ValidateDaemonSetSpec`,
//! `ValidateDaemonSetUpdate`).

use super::{immutable_selector, int_or_percent, non_negative, selector_and_template};
use crate::labels::validation::FieldError;
use crate::model::DaemonSet;

pub fn daemonset(ds: &DaemonSet) -> Vec<FieldError> {
    let mut errs = Vec::new();
    selector_and_template(&mut errs, &ds.spec.selector, &ds.spec.template);
    non_negative(&mut errs, "spec.minReadySeconds", ds.spec.min_ready_seconds);
    let strategy = &ds.spec.update_strategy;
    match strategy.type_.as_str() {
        "OnDelete" => {}
        "RollingUpdate" => match &strategy.rolling_update {
            None => errs.push(FieldError::required("spec.updateStrategy.rollingUpdate", "")),
            Some(ru) => {
                let path = "spec.updateStrategy.rollingUpdate";
                let unavail = int_or_percent(
                    &mut errs,
                    &format!("{path}.maxUnavailable"),
                    &ru.max_unavailable,
                );
                let surge = int_or_percent(&mut errs, &format!("{path}.maxSurge"), &ru.max_surge);
                if unavail == Some(0) && surge == Some(0) {
                    errs.push(FieldError::invalid(
                        &format!("{path}.maxUnavailable"),
                        super::int_or_string(&ru.max_unavailable),
                        "may not be 0 when `maxSurge` is 0",
                    ));
                }
            }
        },
        other => errs.push(FieldError::unsupported(
            "spec.updateStrategy.type",
            other,
            "\"OnDelete\", \"RollingUpdate\"",
        )),
    }
    non_negative(&mut errs, "spec.revisionHistoryLimit", ds.spec.revision_history_limit);
    errs
}

pub fn daemonset_update(new: &DaemonSet, old: &DaemonSet) -> Vec<FieldError> {
    immutable_selector(&new.spec.selector, &old.spec.selector)
}
