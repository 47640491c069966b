//! EndpointSlices (discovery.k8s.io/v1, staging/src/k8s.io/api/discovery/v1/types.go) and
//! the legacy Endpoints (v1, core/v1/types.go `Endpoints`). The endpoint controllers write
//! both; nothing else does in a real cluster unless a user hand-writes them.

use serde::{Deserialize, Serialize};

use super::event::ObjectReference;
use super::meta::{ObjectMeta, Opaque};

/// Label that ties a slice to its Service (`discovery.LabelServiceName`).
pub const LABEL_SERVICE_NAME: &str = "kubernetes.io/service-name";
/// Label naming the controller that manages a slice (`discovery.LabelManagedBy`).
pub const LABEL_MANAGED_BY: &str = "endpointslice.kubernetes.io/managed-by";
/// The EndpointSlice controller's value for [`LABEL_MANAGED_BY`].
pub const MANAGED_BY_CONTROLLER: &str = "endpointslice-controller.k8s.io";
/// Annotation with the time of the change that triggered the last write
/// (`v1.EndpointsLastChangeTriggerTime`).
pub const LAST_CHANGE_TRIGGER_TIME: &str = "endpoints.kubernetes.io/last-change-trigger-time";

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EndpointSlice {
    #[serde(default = "discovery_v1")]
    pub api_version: String,
    #[serde(default = "slice_kind")]
    pub kind: String,
    pub metadata: ObjectMeta,
    #[serde(default = "ipv4")]
    pub address_type: String,
    /// Go's `[]Endpoint` without omitempty: an empty slice prints `endpoints: null`.
    #[serde(default)]
    pub endpoints: Option<Vec<Endpoint>>,
    #[serde(default)]
    pub ports: Option<Vec<EndpointPort>>,
}

pub(crate) fn discovery_v1() -> String {
    "discovery.k8s.io/v1".into()
}
fn slice_kind() -> String {
    "EndpointSlice".into()
}
fn ipv4() -> String {
    "IPv4".into()
}

impl EndpointSlice {
    pub fn new(metadata: ObjectMeta) -> Self {
        EndpointSlice {
            api_version: discovery_v1(),
            kind: slice_kind(),
            metadata,
            address_type: ipv4(),
            endpoints: None,
            ports: None,
        }
    }

    pub fn endpoints(&self) -> &[Endpoint] {
        self.endpoints.as_deref().unwrap_or_default()
    }

    /// The Service this slice belongs to, by its label.
    pub fn service_name(&self) -> Option<&str> {
        self.metadata.labels.get(LABEL_SERVICE_NAME).map(String::as_str)
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Endpoint {
    pub addresses: Vec<String>,
    #[serde(default)]
    pub conditions: EndpointConditions,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hostname: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_ref: Option<ObjectReference>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone: Option<String>,
    #[serde(default, skip_serializing_if = "Opaque::is_absent")]
    pub hints: Opaque,
    #[serde(default, skip_serializing_if = "Opaque::is_absent")]
    pub deprecated_topology: Opaque,
}

/// `EndpointConditions`: each is a pointer in Go; the controller always sets all three.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EndpointConditions {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ready: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub serving: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terminating: Option<bool>,
}

impl EndpointConditions {
    /// A nil `ready` means ready (discovery/v1 types.go: "nil should be interpreted as true").
    pub fn is_ready(&self) -> bool {
        self.ready.unwrap_or(true)
    }
}

/// `discovery/v1.EndpointPort`: `name` is a pointer the controller always sets, so an
/// unnamed port prints `name: ""`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EndpointPort {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub app_protocol: Option<String>,
}

/// The legacy `Endpoints` object: one per Service, named like it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Endpoints {
    #[serde(default = "core_v1")]
    pub api_version: String,
    #[serde(default = "endpoints_kind")]
    pub kind: String,
    pub metadata: ObjectMeta,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub subsets: Vec<EndpointSubset>,
}

fn core_v1() -> String {
    "v1".into()
}
fn endpoints_kind() -> String {
    "Endpoints".into()
}

impl Endpoints {
    pub fn new(metadata: ObjectMeta) -> Self {
        Endpoints { api_version: core_v1(), kind: endpoints_kind(), metadata, subsets: Vec::new() }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EndpointSubset {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub addresses: Vec<EndpointAddress>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_ready_addresses: Vec<EndpointAddress>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<EndpointsPort>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EndpointAddress {
    pub ip: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hostname: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_ref: Option<ObjectReference>,
}

/// `core/v1.EndpointPort`: `name` is omitempty here, unlike the slice's.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EndpointsPort {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub port: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub app_protocol: Option<String>,
}
