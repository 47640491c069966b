//! Job and CronJob validation (pkg/apis/batch/validation/validation.go `ValidateJobSpec`,
//! `ValidateJobUpdate`, `ValidateCronJobSpec`).

use super::{immutable_selector, job_policy, non_negative, pod_spec};
use crate::labels::validation::FieldError;
use crate::model::{CronJob, Job, JobSpec};

/// `maxParallelismForIndexedJob`.
const MAX_PARALLELISM_INDEXED: i32 = 100_000;

pub fn job(j: &Job) -> Vec<FieldError> {
    let mut errs = Vec::new();
    job_spec(&mut errs, "spec", &j.spec);
    errs
}

fn job_spec(errs: &mut Vec<FieldError>, path: &str, spec: &JobSpec) {
    for (name, v) in [
        ("parallelism", spec.parallelism),
        ("completions", spec.completions),
        ("backoffLimit", spec.backoff_limit),
        ("ttlSecondsAfterFinished", spec.ttl_seconds_after_finished),
    ] {
        if let Some(v) = v {
            non_negative(errs, &format!("{path}.{name}"), v);
        }
    }
    if let Some(d) = spec.active_deadline_seconds {
        if d <= 0 {
            errs.push(FieldError::invalid(
                &format!("{path}.activeDeadlineSeconds"),
                d,
                "must be greater than 0",
            ));
        }
    }
    job_policy::per_index(errs, path, spec);
    // The completion mode, and what Indexed needs (validateJobSpec).
    match spec.completion_mode.as_deref() {
        None | Some("NonIndexed") => job_policy::non_indexed(errs, path, spec),
        Some("Indexed") => {
            if spec.completions.is_none() {
                errs.push(FieldError::required(
                    &format!("{path}.completions"),
                    "when completion mode is Indexed",
                ));
            }
            if let Some(p) = spec.parallelism.filter(|p| *p > MAX_PARALLELISM_INDEXED) {
                errs.push(FieldError::invalid(
                    &format!("{path}.parallelism"),
                    p,
                    &format!("must be less than or equal to {MAX_PARALLELISM_INDEXED} when completion mode is Indexed"),
                ));
            }
            job_policy::indexed_limits(errs, path, spec);
        }
        Some(other) => errs.push(FieldError::unsupported(
            &format!("{path}.completionMode"),
            other,
            "\"NonIndexed\", \"Indexed\"",
        )),
    }
    job_policy::pod_failure_policy(errs, &format!("{path}.podFailurePolicy"), spec);
    job_policy::success_policy(errs, &format!("{path}.successPolicy"), spec);
    job_policy::pod_replacement_policy(errs, &format!("{path}.podReplacementPolicy"), spec);
    pod_spec(errs, &format!("{path}.template.spec"), &spec.template.spec);
    // A Job's pods must end. The pod defaults turn an unset restartPolicy into Always, so
    // both read as "not given"; and a pod failure policy needs Never, since it matches
    // failed pods, which OnFailure restarts in place.
    let restart = format!("{path}.template.spec.restartPolicy");
    match spec.template.spec.restart_policy.as_deref().unwrap_or("") {
        "" | "Always" => {
            errs.push(FieldError::required(&restart, "valid values: \"OnFailure\", \"Never\""))
        }
        "OnFailure" if spec.pod_failure_policy.is_some() => errs.push(FieldError::invalid(
            &restart,
            "OnFailure",
            "only \"Never\" is supported when podFailurePolicy is specified",
        )),
        "OnFailure" | "Never" => {}
        other => errs.push(FieldError::unsupported(&restart, other, "\"OnFailure\", \"Never\"")),
    }
}

/// `validateJobSpecUpdate`: the selector, the pod template (kubeloop does not model the
/// scheduling directives a suspended Job may change), the completion mode and, outside an
/// Indexed Job scaled with its parallelism, the completions stay as they were. The bad value
/// is shown as JSON, as the other immutable fields here are, where the API server prints
/// Go's `%#v` of the struct.
pub fn job_update(new: &Job, old: &Job) -> Vec<FieldError> {
    use crate::labels::field::BadValue;
    let mut errs = Vec::new();
    let (n, o) = (&new.spec, &old.spec);
    if n.completions != o.completions {
        // Elastic Indexed Jobs may change completions together with parallelism.
        let elastic = n.is_indexed() && o.is_indexed() && n.completions == n.parallelism;
        if !elastic {
            let v = n.completions.map_or(BadValue::Json(serde_json::Value::Null), BadValue::from);
            errs.push(FieldError::invalid("spec.completions", v, super::FIELD_IMMUTABLE));
        }
    }
    if let (Some(ns), Some(os)) = (&n.selector, &o.selector) {
        errs.extend(immutable_selector(ns, os));
    }
    if n.template != o.template {
        errs.push(FieldError::invalid(
            "spec.template",
            BadValue::json(&n.template),
            super::FIELD_IMMUTABLE,
        ));
    }
    if n.completion_mode != o.completion_mode {
        let v = n.completion_mode.clone().unwrap_or_default();
        errs.push(FieldError::invalid("spec.completionMode", v, super::FIELD_IMMUTABLE));
    }
    if n.pod_failure_policy != o.pod_failure_policy {
        let v = BadValue::json(&n.pod_failure_policy);
        errs.push(FieldError::invalid("spec.podFailurePolicy", v, super::FIELD_IMMUTABLE));
    }
    if n.backoff_limit_per_index != o.backoff_limit_per_index {
        let v = n
            .backoff_limit_per_index
            .map_or(BadValue::Json(serde_json::Value::Null), BadValue::from);
        errs.push(FieldError::invalid("spec.backoffLimitPerIndex", v, super::FIELD_IMMUTABLE));
    }
    if n.success_policy != o.success_policy {
        let v = BadValue::json(&n.success_policy);
        errs.push(FieldError::invalid("spec.successPolicy", v, super::FIELD_IMMUTABLE));
    }
    errs
}

pub fn cronjob(cj: &CronJob) -> Vec<FieldError> {
    let mut errs = Vec::new();
    // ValidateCronJobCreate: the loop names Jobs `<name>-<11 characters>`, and a Job's name
    // must fit in 63.
    if cj.metadata.name.len() > 63 - 11 {
        errs.push(FieldError::invalid(
            "metadata.name",
            cj.metadata.name.as_str(),
            "must be no more than 52 characters",
        ));
    }
    let spec = &cj.spec;
    if spec.schedule.is_empty() {
        errs.push(FieldError::required("spec.schedule", ""));
    } else {
        errs.extend(crate::cron::validate::validate_schedule_format(
            &spec.schedule,
            false,
            spec.time_zone.as_deref(),
            "spec.schedule",
        ));
    }
    if let Some(d) = spec.starting_deadline_seconds {
        if d < 0 {
            errs.push(FieldError::invalid(
                "spec.startingDeadlineSeconds",
                d,
                "must be greater than or equal to 0",
            ));
        }
    }
    errs.extend(crate::cron::validate::validate_time_zone(
        spec.time_zone.as_deref(),
        "spec.timeZone",
    ));
    match spec.concurrency_policy.as_str() {
        "Allow" | "Forbid" | "Replace" => {}
        other => errs.push(FieldError::unsupported(
            "spec.concurrencyPolicy",
            other,
            "\"Allow\", \"Forbid\", \"Replace\"",
        )),
    }
    job_spec(&mut errs, "spec.jobTemplate.spec", &spec.job_template.spec);
    non_negative(&mut errs, "spec.successfulJobsHistoryLimit", spec.successful_jobs_history_limit);
    non_negative(&mut errs, "spec.failedJobsHistoryLimit", spec.failed_jobs_history_limit);
    errs
}

pub fn cronjob_update(_new: &CronJob, _old: &CronJob) -> Vec<FieldError> {
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_jobs_template_and_completions_are_immutable_but_suspend_is_not() {
        let mut old = Job::default();
        old.spec.completions = Some(1);
        let mut suspended = old.clone();
        suspended.spec.suspend = Some(true);
        assert!(job_update(&suspended, &old).is_empty());
        let mut more = old.clone();
        more.spec.completions = Some(3);
        let errs = job_update(&more, &old);
        assert_eq!(errs[0].field, "spec.completions");
        assert_eq!(errs[0].detail, "field is immutable");
        let mut other = old.clone();
        other.spec.template.spec.restart_policy = Some("OnFailure".into());
        assert_eq!(job_update(&other, &old)[0].field, "spec.template");
    }

    #[test]
    fn a_cronjob_name_leaves_room_for_the_minute_suffix() {
        let mut cj = CronJob::default();
        cj.spec.schedule = "@daily".into();
        cj.spec.job_template.spec.template.spec.restart_policy = Some("Never".into());
        cj.metadata.name = "x".repeat(53);
        let errs = cronjob(&cj);
        assert!(errs.iter().any(|e| e.detail == "must be no more than 52 characters"), "{errs:?}");
        cj.metadata.name = "x".repeat(52);
        assert!(cronjob(&cj).iter().all(|e| e.field != "metadata.name"));
    }
}
