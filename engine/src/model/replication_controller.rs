//! ReplicationControllers (v1): the ReplicaSet's ancestor, with an equality-only selector
//! written as a plain map. Modelled on staging/src/k8s.io/api/core/v1/types.go
//! (`ReplicationControllerSpec`, `ReplicationControllerStatus`) and
//! pkg/apis/core/v1/defaults.go (`SetDefaults_ReplicationController`: the selector and the
//! labels default to the template's labels, replicas to 1). Its loop is the ReplicaSet's,
//! run on a ReplicaSet view of it, as pkg/controller/replication/conversion.go does.

use serde::{Deserialize, Serialize};

use super::meta::{LabelSelector, Labels, ObjectMeta};
use super::pod::PodTemplateSpec;
use super::replicaset::{ReplicaSet, ReplicaSetSpec, ReplicaSetStatus};

fn api_version() -> String {
    "v1".into()
}
fn rc_kind() -> String {
    "ReplicationController".into()
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReplicationController {
    #[serde(default = "api_version")]
    pub api_version: String,
    #[serde(default = "rc_kind")]
    pub kind: String,
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: ReplicationControllerSpec,
    /// The same fields as a ReplicaSet's status; `terminatingReplicas` is never set on either
    /// while its feature gate is off.
    #[serde(default)]
    pub status: ReplicaSetStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReplicationControllerSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicas: Option<i32>,
    #[serde(default, skip_serializing_if = "super::replicaset::is_zero32")]
    pub min_ready_seconds: i32,
    #[serde(default, skip_serializing_if = "Labels::is_empty")]
    pub selector: Labels,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub template: Option<PodTemplateSpec>,
}

impl ReplicationController {
    /// `spec.replicas`, which the API server defaults to 1.
    pub fn replicas(&self) -> i32 {
        self.spec.replicas.unwrap_or(1)
    }

    /// The selector as a label selector: every pair must match.
    pub fn selector(&self) -> LabelSelector {
        LabelSelector { match_labels: self.spec.selector.clone(), ..Default::default() }
    }

    /// The ReplicaSet the loop reconciles in its place (conversion.go `convertRCtoRS`): the
    /// same metadata, so the same UID owns the same pods.
    pub fn as_replica_set(&self) -> ReplicaSet {
        ReplicaSet {
            api_version: "v1".into(),
            kind: "ReplicationController".into(),
            metadata: self.metadata.clone(),
            spec: ReplicaSetSpec {
                replicas: self.replicas(),
                min_ready_seconds: self.spec.min_ready_seconds,
                selector: self.selector(),
                template: self.spec.template.clone().unwrap_or_default(),
            },
            status: self.status.clone(),
        }
    }
}
