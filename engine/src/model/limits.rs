//! LimitRanges (v1): a namespace's defaults and bounds for each container's (or pod's)
//! requests and limits, which the LimitRanger admission plugin applies to every new pod
//! (store/limits.rs). Modelled on staging/src/k8s.io/api/core/v1/types.go (`LimitRange`,
//! `LimitRangeItem`) and pkg/apis/core/v1/defaults.go `SetDefaults_LimitRangeItem`.

use serde::{Deserialize, Serialize};

use super::meta::ObjectMeta;
use super::{de_list, ResourceList};

fn v1() -> String {
    "v1".into()
}
fn limit_range_kind() -> String {
    "LimitRange".into()
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LimitRange {
    #[serde(default = "v1")]
    pub api_version: String,
    #[serde(default = "limit_range_kind")]
    pub kind: String,
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: LimitRangeSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LimitRangeSpec {
    #[serde(default)]
    pub limits: Vec<LimitRangeItem>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LimitRangeItem {
    /// `Container`, `Pod` or `PersistentVolumeClaim`.
    #[serde(rename = "type")]
    pub type_: String,
    #[serde(default, deserialize_with = "de_list", skip_serializing_if = "ResourceList::is_empty")]
    pub max: ResourceList,
    #[serde(default, deserialize_with = "de_list", skip_serializing_if = "ResourceList::is_empty")]
    pub min: ResourceList,
    /// The limits a container gets when it sets none.
    #[serde(default, deserialize_with = "de_list", skip_serializing_if = "ResourceList::is_empty")]
    pub default: ResourceList,
    /// The requests a container gets when it sets none.
    #[serde(default, deserialize_with = "de_list", skip_serializing_if = "ResourceList::is_empty")]
    pub default_request: ResourceList,
    #[serde(default, deserialize_with = "de_list", skip_serializing_if = "ResourceList::is_empty")]
    pub max_limit_request_ratio: ResourceList,
}

impl LimitRangeItem {
    /// `SetDefaults_LimitRangeItem`: a Container item's default limit is its max where unset,
    /// and its default request the default limit, else the min.
    pub fn set_defaults(&mut self) {
        if self.type_ != "Container" {
            return;
        }
        for (k, v) in &self.max {
            self.default.entry(k.clone()).or_insert_with(|| v.clone());
        }
        for (k, v) in &self.default {
            self.default_request.entry(k.clone()).or_insert_with(|| v.clone());
        }
        for (k, v) in &self.min {
            self.default_request.entry(k.clone()).or_insert_with(|| v.clone());
        }
    }
}
