//! Nodes: where the scheduler puts pods and where a kubelet runs them.
//!
//! Field names are the json tags of staging/src/k8s.io/api/core/v1/types.go (`Node`,
//! `NodeSpec`, `NodeStatus`, `NodeSystemInfo`), several of which camelCase would get wrong
//! (`podCIDR`, `providerID`, `machineID`, `bootID`, `systemUUID`, and `Port`, which keeps its
//! capital for backwards compatibility). Fields the engine never reads (images, volumes,
//! runtime handlers, config) are kept as named fields so a real Node round-trips. What a
//! kubelet reports when it registers is in `node_registration.rs`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::meta::{ObjectMeta, Opaque};
use crate::clock::Time;

/// The kubelet's default `--max-pods`.
pub const DEFAULT_MAX_PODS: u32 = 110;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Node {
    #[serde(default = "v1")]
    pub api_version: String,
    #[serde(default = "node_kind")]
    pub kind: String,
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: NodeSpec,
    #[serde(default)]
    pub status: NodeStatus,
}

fn v1() -> String {
    "v1".into()
}
fn node_kind() -> String {
    "Node".into()
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NodeSpec {
    #[serde(rename = "podCIDR", default, skip_serializing_if = "String::is_empty")]
    pub pod_cidr: String,
    #[serde(rename = "podCIDRs", default, skip_serializing_if = "Vec::is_empty")]
    pub pod_cidrs: Vec<String>,
    #[serde(rename = "providerID", default, skip_serializing_if = "String::is_empty")]
    pub provider_id: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unschedulable: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub taints: Vec<Taint>,
    /// Deprecated dynamic kubelet config; not interpreted.
    #[serde(default, skip_serializing_if = "Opaque::is_absent")]
    pub config_source: Opaque,
    /// `DoNotUseExternalID`; not interpreted.
    #[serde(rename = "externalID", default, skip_serializing_if = "String::is_empty")]
    pub external_id: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Taint {
    pub key: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub value: String,
    pub effect: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_added: Option<Time>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NodeStatus {
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub capacity: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub allocatable: BTreeMap<String, String>,
    /// Deprecated and never set by the kubelet.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub phase: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<NodeCondition>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub addresses: Vec<NodeAddress>,
    /// A struct behind `omitempty`, which Go's encoder never omits.
    #[serde(default)]
    pub daemon_endpoints: NodeDaemonEndpoints,
    #[serde(default)]
    pub node_info: NodeInfo,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub images: Vec<ContainerImage>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub volumes_in_use: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub volumes_attached: Vec<AttachedVolume>,
    #[serde(default, skip_serializing_if = "Opaque::is_absent")]
    pub config: Opaque,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub runtime_handlers: Vec<NodeRuntimeHandler>,
    #[serde(default, skip_serializing_if = "Opaque::is_absent")]
    pub features: Opaque,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NodeCondition {
    #[serde(rename = "type")]
    pub type_: String,
    pub status: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_heartbeat_time: Option<Time>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_transition_time: Option<Time>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub message: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NodeAddress {
    #[serde(rename = "type")]
    pub type_: String,
    pub address: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NodeDaemonEndpoints {
    #[serde(default)]
    pub kubelet_endpoint: DaemonEndpoint,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DaemonEndpoint {
    /// The json tag really is `Port`: an early release left it unquoted and Go fell back
    /// to the field name, which later releases kept.
    #[serde(rename = "Port", default)]
    pub port: i32,
}

/// `NodeSystemInfo`: every field but `swap` is required, so empty strings are printed.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NodeInfo {
    #[serde(rename = "machineID", default)]
    pub machine_id: String,
    #[serde(rename = "systemUUID", default)]
    pub system_uuid: String,
    #[serde(rename = "bootID", default)]
    pub boot_id: String,
    #[serde(default)]
    pub kernel_version: String,
    #[serde(default)]
    pub os_image: String,
    #[serde(default)]
    pub container_runtime_version: String,
    #[serde(default)]
    pub kubelet_version: String,
    #[serde(default)]
    pub kube_proxy_version: String,
    #[serde(default)]
    pub operating_system: String,
    #[serde(default)]
    pub architecture: String,
    #[serde(default, skip_serializing_if = "Opaque::is_absent")]
    pub swap: Opaque,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ContainerImage {
    #[serde(default)]
    pub names: Vec<String>,
    #[serde(default, skip_serializing_if = "is_zero64")]
    pub size_bytes: i64,
}

fn is_zero64(v: &i64) -> bool {
    *v == 0
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AttachedVolume {
    pub name: String,
    #[serde(default)]
    pub device_path: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NodeRuntimeHandler {
    #[serde(default)]
    pub name: String,
    #[serde(default, skip_serializing_if = "Opaque::is_absent")]
    pub features: Opaque,
}

impl Node {
    pub fn is_ready(&self) -> bool {
        self.status.conditions.iter().any(|c| c.type_ == "Ready" && c.status == "True")
    }

    /// The `pods` the scheduler may place here: allocatable, which the kubelet derives from
    /// capacity, or capacity for a node object that only reports that.
    pub fn max_pods(&self) -> u32 {
        let st = &self.status;
        st.allocatable
            .get("pods")
            .or_else(|| st.capacity.get("pods"))
            .and_then(|p| p.parse().ok())
            .unwrap_or(DEFAULT_MAX_PODS)
    }

    pub fn internal_ip(&self) -> Option<&str> {
        self.status.addresses.iter().find(|a| a.type_ == "InternalIP").map(|a| a.address.as_str())
    }
}
