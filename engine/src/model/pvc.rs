//! PersistentVolumeClaims (v1). Only the shape and the Bound phase are simulated: a claim a
//! StatefulSet creates is bound at once to a volume named after its UID, as a dynamic
//! provisioner would name it; there is no storage behind it.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::meta::{LabelSelector, ObjectMeta, Opaque};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PersistentVolumeClaim {
    #[serde(default = "v1")]
    pub api_version: String,
    #[serde(default = "pvc_kind")]
    pub kind: String,
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: PersistentVolumeClaimSpec,
    #[serde(default, skip_serializing_if = "PersistentVolumeClaimStatus::is_empty")]
    pub status: PersistentVolumeClaimStatus,
}

fn v1() -> String {
    "v1".into()
}
fn pvc_kind() -> String {
    "PersistentVolumeClaim".into()
}

/// pkg/apis/core/v1/defaults.go `SetDefaults_PersistentVolumeClaimSpec`: Filesystem.
fn filesystem() -> Option<String> {
    Some("Filesystem".into())
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PersistentVolumeClaimSpec {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub access_modes: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<LabelSelector>,
    #[serde(default)]
    pub resources: VolumeResourceRequirements,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub volume_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub storage_class_name: Option<String>,
    #[serde(default = "filesystem", skip_serializing_if = "Option::is_none")]
    pub volume_mode: Option<String>,
    #[serde(default, skip_serializing_if = "Opaque::is_absent")]
    pub data_source: Opaque,
    #[serde(default, skip_serializing_if = "Opaque::is_absent")]
    pub data_source_ref: Opaque,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub volume_attributes_class_name: Option<String>,
}

impl Default for PersistentVolumeClaimSpec {
    fn default() -> Self {
        PersistentVolumeClaimSpec {
            access_modes: Vec::new(),
            selector: None,
            resources: VolumeResourceRequirements::default(),
            volume_name: String::new(),
            storage_class_name: None,
            volume_mode: filesystem(),
            data_source: Opaque::default(),
            data_source_ref: Opaque::default(),
            volume_attributes_class_name: None,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VolumeResourceRequirements {
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub requests: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub limits: BTreeMap<String, String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PersistentVolumeClaimStatus {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub phase: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub access_modes: Vec<String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub capacity: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Opaque::is_absent")]
    pub conditions: Opaque,
}

impl PersistentVolumeClaimStatus {
    pub fn is_empty(&self) -> bool {
        *self == PersistentVolumeClaimStatus::default()
    }
}
