//! ReplicaSets (apps/v1).

use serde::{Deserialize, Serialize};

use super::meta::{LabelSelector, ObjectMeta};
use super::pod::PodTemplateSpec;
use crate::clock::Time;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReplicaSet {
    #[serde(default = "apps_v1")]
    pub api_version: String,
    #[serde(default = "rs_kind")]
    pub kind: String,
    pub metadata: ObjectMeta,
    pub spec: ReplicaSetSpec,
    #[serde(default)]
    pub status: ReplicaSetStatus,
}

/// Feature gate `DeploymentReplicaSetTerminatingReplicas` (pkg/features/kube_features.go):
/// alpha and off by default in 1.33 and 1.34, beta and on from 1.35. While it is off the
/// ReplicaSet and Deployment controllers leave `status.terminatingReplicas` unset and the
/// API server drops it from status writes (pkg/registry/apps/{replicaset,deployment}/
/// strategy.go `dropDisabledStatusFields`), so a 1.34 cluster never shows it.
pub const TERMINATING_REPLICAS_GATE: bool = false;

pub(crate) fn apps_v1() -> String {
    "apps/v1".into()
}
fn rs_kind() -> String {
    "ReplicaSet".into()
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReplicaSetSpec {
    #[serde(default = "one")]
    pub replicas: i32,
    #[serde(default, skip_serializing_if = "is_zero32")]
    pub min_ready_seconds: i32,
    pub selector: LabelSelector,
    #[serde(default)]
    pub template: PodTemplateSpec,
}

pub(crate) fn one() -> i32 {
    1
}
pub(crate) fn is_zero32(v: &i32) -> bool {
    *v == 0
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReplicaSetStatus {
    #[serde(default)]
    pub replicas: i32,
    #[serde(default, skip_serializing_if = "is_zero32")]
    pub fully_labeled_replicas: i32,
    #[serde(default, skip_serializing_if = "is_zero32")]
    pub ready_replicas: i32,
    #[serde(default, skip_serializing_if = "is_zero32")]
    pub available_replicas: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terminating_replicas: Option<i32>,
    #[serde(default, skip_serializing_if = "is_zero64")]
    pub observed_generation: i64,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}

pub(crate) fn is_zero64(v: &i64) -> bool {
    *v == 0
}

/// The condition shape shared by ReplicaSets and Deployments.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Condition {
    #[serde(rename = "type")]
    pub type_: String,
    pub status: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_update_time: Option<Time>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_transition_time: Option<Time>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub message: String,
}
