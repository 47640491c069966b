//! DaemonSets (apps/v1), with the API server's defaults (pkg/apis/apps/v1/defaults.go
//! `SetDefaults_DaemonSet`: RollingUpdate, maxUnavailable 1, maxSurge 0, ten revisions kept).

use serde::{Deserialize, Serialize};

use super::deployment::IntOrString;
use super::meta::{LabelSelector, ObjectMeta};
use super::pod::PodTemplateSpec;
use super::replicaset::{apps_v1, is_zero32, is_zero64, Condition};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DaemonSet {
    #[serde(default = "apps_v1")]
    pub api_version: String,
    #[serde(default = "ds_kind")]
    pub kind: String,
    pub metadata: ObjectMeta,
    pub spec: DaemonSetSpec,
    #[serde(default)]
    pub status: DaemonSetStatus,
}

fn ds_kind() -> String {
    "DaemonSet".into()
}

pub(crate) fn ten() -> i32 {
    10
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DaemonSetSpec {
    pub selector: LabelSelector,
    #[serde(default)]
    pub template: PodTemplateSpec,
    #[serde(default)]
    pub update_strategy: DaemonSetUpdateStrategy,
    #[serde(default, skip_serializing_if = "is_zero32")]
    pub min_ready_seconds: i32,
    #[serde(default = "ten")]
    pub revision_history_limit: i32,
}

impl Default for DaemonSetSpec {
    fn default() -> Self {
        DaemonSetSpec {
            selector: LabelSelector::default(),
            template: PodTemplateSpec::default(),
            update_strategy: DaemonSetUpdateStrategy::default(),
            min_ready_seconds: 0,
            revision_history_limit: 10,
        }
    }
}

/// `RollingUpdate` or `OnDelete`; kept as text so an unknown type reaches validation and gets
/// the API server's "Unsupported value" instead of a decode error.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DaemonSetUpdateStrategy {
    #[serde(rename = "type", default = "rolling_update")]
    pub type_: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rolling_update: Option<RollingUpdateDaemonSet>,
}

pub(crate) fn rolling_update() -> String {
    "RollingUpdate".into()
}

impl Default for DaemonSetUpdateStrategy {
    fn default() -> Self {
        DaemonSetUpdateStrategy {
            type_: rolling_update(),
            rolling_update: Some(RollingUpdateDaemonSet::default()),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RollingUpdateDaemonSet {
    #[serde(default = "one_unavailable")]
    pub max_unavailable: IntOrString,
    #[serde(default = "no_surge")]
    pub max_surge: IntOrString,
}

fn one_unavailable() -> IntOrString {
    IntOrString::Int(1)
}
fn no_surge() -> IntOrString {
    IntOrString::Int(0)
}

impl Default for RollingUpdateDaemonSet {
    fn default() -> Self {
        RollingUpdateDaemonSet { max_unavailable: one_unavailable(), max_surge: no_surge() }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DaemonSetStatus {
    #[serde(default)]
    pub current_number_scheduled: i32,
    #[serde(default)]
    pub number_misscheduled: i32,
    #[serde(default)]
    pub desired_number_scheduled: i32,
    #[serde(default)]
    pub number_ready: i32,
    #[serde(default, skip_serializing_if = "is_zero64")]
    pub observed_generation: i64,
    #[serde(default, skip_serializing_if = "is_zero32")]
    pub updated_number_scheduled: i32,
    #[serde(default, skip_serializing_if = "is_zero32")]
    pub number_available: i32,
    #[serde(default, skip_serializing_if = "is_zero32")]
    pub number_unavailable: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub collision_count: Option<i32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}
