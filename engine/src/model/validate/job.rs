//! Job and CronJob validation (pkg/apis/batch/validation/validation.go `ValidateJobSpec`,
//! `ValidateJobUpdate`, `ValidateCronJobSpec`).

use super::{immutable_selector, non_negative, pod_spec};
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
    // The completion mode, and what Indexed needs (validateJobSpec).
    match spec.completion_mode.as_deref() {
        None | Some("NonIndexed") => {}
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
        }
        Some(other) => errs.push(FieldError::unsupported(
            &format!("{path}.completionMode"),
            other,
            "\"NonIndexed\", \"Indexed\"",
        )),
    }
    // `validatePodTemplateSpec`: a Job's pods must end, so Always is not allowed.
    let restart = spec.template.spec.restart_policy.as_deref().unwrap_or("Always");
    if restart != "OnFailure" && restart != "Never" {
        errs.push(FieldError::unsupported(
            &format!("{path}.template.spec.restartPolicy"),
            restart,
            "\"OnFailure\", \"Never\"",
        ));
    }
    pod_spec(errs, &format!("{path}.template.spec"), &spec.template.spec);
}

pub fn job_update(new: &Job, old: &Job) -> Vec<FieldError> {
    match (&new.spec.selector, &old.spec.selector) {
        (Some(n), Some(o)) => immutable_selector(n, o),
        _ => Vec::new(),
    }
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
