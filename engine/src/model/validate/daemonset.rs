//! DaemonSet validation (pkg/apis/apps/validation/validation.go `ValidateDaemonSetSpec`,
//! `ValidateDaemonSetUpdate`). The model has no nil selector, so "empty selector is invalid
//! for daemonset" cannot be told from a missing one and reads as `Required`.

use super::{immutable_selector, int_or_percent, non_negative, selector_and_template};
use crate::labels::validation::FieldError;
use crate::model::DaemonSet;

pub fn daemonset(ds: &DaemonSet) -> Vec<FieldError> {
    let mut errs = Vec::new();
    selector_and_template(&mut errs, &ds.spec.selector, &ds.spec.template);
    // A daemon runs for as long as its node: its pods restart, and never time out.
    let spec = &ds.spec.template.spec;
    let restart = spec.restart_policy.as_deref().unwrap_or("Always");
    if restart != "Always" {
        errs.push(FieldError::unsupported(
            "spec.template.spec.restartPolicy",
            restart,
            "\"Always\"",
        ));
    }
    if spec.active_deadline_seconds.is_some() {
        errs.push(FieldError::forbidden(
            "spec.template.spec.activeDeadlineSeconds",
            "activeDeadlineSeconds in DaemonSet is not Supported",
        ));
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn ds(extra: &str) -> DaemonSet {
        let yaml = format!(
            "metadata: {{name: a}}\nspec:\n  selector: {{matchLabels: {{app: a}}}}\n  template:\n    metadata: {{labels: {{app: a}}}}\n    spec:\n{extra}      containers: [{{name: a, image: nginx}}]\n"
        );
        let mut d: DaemonSet = serde_yaml_ng::from_str(&yaml).expect("a DaemonSet");
        crate::model::default_pod_spec(&mut d.spec.template.spec);
        d
    }

    fn messages(d: &DaemonSet) -> Vec<String> {
        daemonset(d).iter().map(|e| e.to_string()).collect()
    }

    #[test]
    fn a_daemon_pod_must_restart_always_and_have_no_deadline() {
        assert!(messages(&ds("")).is_empty(), "{:?}", messages(&ds("")));
        assert_eq!(
            messages(&ds("      restartPolicy: OnFailure\n")),
            ["spec.template.spec.restartPolicy: Unsupported value: \"OnFailure\": supported values: \"Always\""]
        );
        assert_eq!(
            messages(&ds("      activeDeadlineSeconds: 30\n")),
            ["spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in DaemonSet is not Supported"]
        );
    }
}
