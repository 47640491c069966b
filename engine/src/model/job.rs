//! Jobs and CronJobs (batch/v1), with the API server's defaults
//! (pkg/apis/batch/v1/defaults.go `SetDefaults_Job`, `SetDefaults_CronJob`).

use serde::{Deserialize, Serialize};

use super::event::ObjectReference;
use super::job_policy::{PodFailurePolicy, SuccessPolicy};
use super::meta::{LabelSelector, ObjectMeta, Opaque};
use super::pod::PodTemplateSpec;
use crate::clock::Time;

fn batch_v1() -> String {
    "batch/v1".into()
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Job {
    #[serde(default = "batch_v1")]
    pub api_version: String,
    #[serde(default = "job_kind")]
    pub kind: String,
    pub metadata: ObjectMeta,
    pub spec: JobSpec,
    #[serde(default)]
    pub status: JobStatus,
}

fn job_kind() -> String {
    "Job".into()
}

/// `spec.backoffLimit` when unset (SetDefaults_Job).
pub const DEFAULT_BACKOFF_LIMIT: i32 = 6;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct JobSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parallelism: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub completions: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active_deadline_seconds: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pod_failure_policy: Option<PodFailurePolicy>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub success_policy: Option<SuccessPolicy>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backoff_limit: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backoff_limit_per_index: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_failed_indexes: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<LabelSelector>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub manual_selector: Option<bool>,
    #[serde(default)]
    pub template: PodTemplateSpec,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ttl_seconds_after_finished: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub completion_mode: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suspend: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pod_replacement_policy: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub managed_by: Option<String>,
}

impl JobSpec {
    pub fn is_indexed(&self) -> bool {
        self.completion_mode.as_deref() == Some("Indexed")
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct JobStatus {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<JobCondition>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_time: Option<Time>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub completion_time: Option<Time>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub active: i32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub succeeded: i32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub failed: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terminating: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub completed_indexes: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failed_indexes: Option<String>,
    #[serde(default, skip_serializing_if = "Opaque::is_absent")]
    pub uncounted_terminated_pods: Opaque,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ready: Option<i32>,
}

impl JobStatus {
    /// The condition of `type_` whose status is "True".
    pub fn is_true(&self, type_: &str) -> bool {
        self.conditions.iter().any(|c| c.type_ == type_ && c.status == "True")
    }
}

fn is_zero(v: &i32) -> bool {
    *v == 0
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct JobCondition {
    #[serde(rename = "type")]
    pub type_: String,
    pub status: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_probe_time: Option<Time>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_transition_time: Option<Time>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub message: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CronJob {
    #[serde(default = "batch_v1")]
    pub api_version: String,
    #[serde(default = "cronjob_kind")]
    pub kind: String,
    pub metadata: ObjectMeta,
    pub spec: CronJobSpec,
    #[serde(default)]
    pub status: CronJobStatus,
}

fn cronjob_kind() -> String {
    "CronJob".into()
}

fn allow() -> String {
    "Allow".into()
}
fn three() -> i32 {
    3
}
fn one() -> i32 {
    1
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CronJobSpec {
    pub schedule: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starting_deadline_seconds: Option<i64>,
    #[serde(default = "allow")]
    pub concurrency_policy: String,
    #[serde(default)]
    pub suspend: bool,
    pub job_template: JobTemplateSpec,
    #[serde(default = "three")]
    pub successful_jobs_history_limit: i32,
    #[serde(default = "one")]
    pub failed_jobs_history_limit: i32,
}

impl Default for CronJobSpec {
    fn default() -> Self {
        CronJobSpec {
            schedule: String::new(),
            time_zone: None,
            starting_deadline_seconds: None,
            concurrency_policy: allow(),
            suspend: false,
            job_template: JobTemplateSpec::default(),
            successful_jobs_history_limit: 3,
            failed_jobs_history_limit: 1,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct JobTemplateSpec {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: JobSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CronJobStatus {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub active: Vec<ObjectReference>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_schedule_time: Option<Time>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_successful_time: Option<Time>,
}
