//! Job and CronJob validation (pkg/apis/batch/validation/validation.go `ValidateJobSpec`,
//! `ValidateJobUpdate`, `ValidateCronJobSpec`).

use super::{immutable_selector, non_negative, pod_spec};
use crate::labels::validation::FieldError;
use crate::model::{CronJob, Job, JobSpec};

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
    job_spec(&mut errs, "spec.jobTemplate.spec", &cj.spec.job_template.spec);
    non_negative(
        &mut errs,
        "spec.successfulJobsHistoryLimit",
        cj.spec.successful_jobs_history_limit,
    );
    non_negative(&mut errs, "spec.failedJobsHistoryLimit", cj.spec.failed_jobs_history_limit);
    match cj.spec.concurrency_policy.as_str() {
        "Allow" | "Forbid" | "Replace" => {}
        other => errs.push(FieldError::unsupported(
            "spec.concurrencyPolicy",
            other,
            "\"Allow\", \"Forbid\", \"Replace\"",
        )),
    }
    errs
}

pub fn cronjob_update(_new: &CronJob, _old: &CronJob) -> Vec<FieldError> {
    Vec::new()
}
