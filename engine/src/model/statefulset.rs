//! StatefulSets (apps/v1), with the API server's defaults (pkg/apis/apps/v1/defaults.go
//! `SetDefaults_StatefulSet`: OrderedReady, RollingUpdate with partition 0, one replica, ten
//! revisions kept, and claims retained when the set is deleted or scaled).

use serde::{Deserialize, Serialize};

use super::daemonset::{rolling_update, ten};
use super::deployment::IntOrString;
use super::meta::{LabelSelector, ObjectMeta};
use super::pod::PodTemplateSpec;
use super::pvc::PersistentVolumeClaim;
use super::replicaset::{apps_v1, is_zero32, is_zero64, one, Condition};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StatefulSet {
    #[serde(default = "apps_v1")]
    pub api_version: String,
    #[serde(default = "sts_kind")]
    pub kind: String,
    pub metadata: ObjectMeta,
    pub spec: StatefulSetSpec,
    #[serde(default)]
    pub status: StatefulSetStatus,
}

fn sts_kind() -> String {
    "StatefulSet".into()
}

fn ordered_ready() -> String {
    "OrderedReady".into()
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StatefulSetSpec {
    #[serde(default = "one")]
    pub replicas: i32,
    pub selector: LabelSelector,
    #[serde(default)]
    pub template: PodTemplateSpec,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub volume_claim_templates: Vec<PersistentVolumeClaim>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub service_name: String,
    #[serde(default = "ordered_ready")]
    pub pod_management_policy: String,
    #[serde(default)]
    pub update_strategy: StatefulSetUpdateStrategy,
    #[serde(default = "ten")]
    pub revision_history_limit: i32,
    #[serde(default, skip_serializing_if = "is_zero32")]
    pub min_ready_seconds: i32,
    #[serde(default)]
    pub persistent_volume_claim_retention_policy: PvcRetentionPolicy,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ordinals: Option<StatefulSetOrdinals>,
}

impl Default for StatefulSetSpec {
    fn default() -> Self {
        StatefulSetSpec {
            replicas: 1,
            selector: LabelSelector::default(),
            template: PodTemplateSpec::default(),
            volume_claim_templates: Vec::new(),
            service_name: String::new(),
            pod_management_policy: ordered_ready(),
            update_strategy: StatefulSetUpdateStrategy::default(),
            revision_history_limit: 10,
            min_ready_seconds: 0,
            persistent_volume_claim_retention_policy: PvcRetentionPolicy::default(),
            ordinals: None,
        }
    }
}

impl StatefulSetSpec {
    /// `spec.ordinals.start`, 0 when unset.
    pub fn start_ordinal(&self) -> i32 {
        self.ordinals.as_ref().map_or(0, |o| o.start)
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StatefulSetOrdinals {
    #[serde(default)]
    pub start: i32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StatefulSetUpdateStrategy {
    #[serde(rename = "type", default = "rolling_update")]
    pub type_: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rolling_update: Option<RollingUpdateStatefulSet>,
}

impl Default for StatefulSetUpdateStrategy {
    fn default() -> Self {
        StatefulSetUpdateStrategy {
            type_: rolling_update(),
            rolling_update: Some(RollingUpdateStatefulSet::default()),
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RollingUpdateStatefulSet {
    #[serde(default)]
    pub partition: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_unavailable: Option<IntOrString>,
}

fn retain() -> String {
    "Retain".into()
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PvcRetentionPolicy {
    #[serde(default = "retain")]
    pub when_deleted: String,
    #[serde(default = "retain")]
    pub when_scaled: String,
}

impl Default for PvcRetentionPolicy {
    fn default() -> Self {
        PvcRetentionPolicy { when_deleted: retain(), when_scaled: retain() }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StatefulSetStatus {
    #[serde(default, skip_serializing_if = "is_zero64")]
    pub observed_generation: i64,
    #[serde(default)]
    pub replicas: i32,
    #[serde(default, skip_serializing_if = "is_zero32")]
    pub ready_replicas: i32,
    #[serde(default, skip_serializing_if = "is_zero32")]
    pub current_replicas: i32,
    #[serde(default, skip_serializing_if = "is_zero32")]
    pub updated_replicas: i32,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub current_revision: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub update_revision: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub collision_count: Option<i32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
    #[serde(default)]
    pub available_replicas: i32,
}
