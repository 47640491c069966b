//! A Job's failure and success policies (batch/v1 `PodFailurePolicy`, `SuccessPolicy`), typed
//! so the API server can validate them and the Job loop can match pods against them. Field
//! names follow k8s.io/api/batch/v1/types.go; what the policies do is the Job loop's
//! (controllers/job/failure_policy.rs, success_policy.rs).

use serde::{Deserialize, Serialize};

/// `spec.podFailurePolicy`: rules matched in order against each failed pod.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PodFailurePolicy {
    #[serde(default)]
    pub rules: Vec<PodFailurePolicyRule>,
}

/// One rule: an action and exactly one of the two requirements (validation says so).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PodFailurePolicyRule {
    /// FailJob, FailIndex, Ignore or Count; kept as text so an unknown one reaches
    /// validation and is refused in the API server's words.
    #[serde(default)]
    pub action: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on_exit_codes: Option<OnExitCodes>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub on_pod_conditions: Vec<OnPodConditionsPattern>,
}

/// `PodFailurePolicyOnExitCodesRequirement`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OnExitCodes {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub container_name: Option<String>,
    /// In or NotIn.
    #[serde(default)]
    pub operator: String,
    #[serde(default)]
    pub values: Vec<i32>,
}

/// `PodFailurePolicyOnPodConditionsPattern`; the status defaults to True.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OnPodConditionsPattern {
    #[serde(rename = "type", default)]
    pub type_: String,
    #[serde(default)]
    pub status: String,
}

/// `spec.successPolicy` (Indexed Jobs only): the Job succeeds once any rule holds.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SuccessPolicy {
    #[serde(default)]
    pub rules: Vec<SuccessPolicyRule>,
}

/// `SuccessPolicyRule`: the indexes that must succeed (`"0,2-4"`), how many of them (or of
/// all indexes, without `succeededIndexes`), or both.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SuccessPolicyRule {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub succeeded_indexes: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub succeeded_count: Option<i32>,
}
