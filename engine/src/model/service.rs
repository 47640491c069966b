//! Services (v1), modelled on staging/src/k8s.io/api/core/v1/types.go `Service`: the spec a
//! user writes and the fields the API server fills in (pkg/registry/core/service/storage/
//! alloc.go allocates `clusterIPs` and node ports; pkg/apis/core/v1/defaults.go
//! `SetDefaults_Service` fills the rest). Traffic policies and load balancer settings the
//! simulation never reads are kept by name.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::deployment::IntOrString;
use super::meta::{Labels, ObjectMeta, Opaque};

/// The API server's own Service in `default` (store/api_service.rs writes it).
pub const API_SERVICE: &str = "kubernetes";
/// The service CIDR's first address, reserved for that Service.
pub const API_SERVICE_IP: &str = "10.96.0.1";
/// The address and port the API server advertises.
pub const API_SERVER_ADDRESS: &str = "10.0.0.2";
pub const API_SERVER_PORT: i32 = 6443;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Service {
    #[serde(default = "v1")]
    pub api_version: String,
    #[serde(default = "service_kind")]
    pub kind: String,
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: ServiceSpec,
    #[serde(default)]
    pub status: ServiceStatus,
}

fn v1() -> String {
    "v1".into()
}
fn service_kind() -> String {
    "Service".into()
}

/// `ServiceType`. Decoding takes any string, as the API server's does, so that a type it
/// does not know is refused by validation with its wording (`spec.type: Unsupported value`)
/// rather than by the decoder; an empty or missing type is defaulted to `ClusterIP`
/// (pkg/apis/core/v1/defaults.go `SetDefaults_Service`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ServiceType {
    #[default]
    ClusterIP,
    NodePort,
    LoadBalancer,
    ExternalName,
    /// A type the API does not have, kept as written for validation to name.
    Unsupported(String),
}

impl ServiceType {
    pub fn as_str(&self) -> &str {
        match self {
            ServiceType::ClusterIP => "ClusterIP",
            ServiceType::NodePort => "NodePort",
            ServiceType::LoadBalancer => "LoadBalancer",
            ServiceType::ExternalName => "ExternalName",
            ServiceType::Unsupported(s) => s,
        }
    }

    pub fn parse(s: &str) -> ServiceType {
        match s {
            "" | "ClusterIP" => ServiceType::ClusterIP,
            "NodePort" => ServiceType::NodePort,
            "LoadBalancer" => ServiceType::LoadBalancer,
            "ExternalName" => ServiceType::ExternalName,
            other => ServiceType::Unsupported(other.to_string()),
        }
    }

    /// Whether the type gets node ports (`NodePort`, and `LoadBalancer` by default).
    pub fn has_node_ports(&self) -> bool {
        matches!(self, ServiceType::NodePort | ServiceType::LoadBalancer)
    }
}

impl fmt::Display for ServiceType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for ServiceType {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for ServiceType {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d).map(|s| ServiceType::parse(&s))
    }
}

/// The cluster IP of a headless Service.
pub const CLUSTER_IP_NONE: &str = "None";

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ServiceSpec {
    #[serde(rename = "type", default)]
    pub type_: ServiceType,
    /// An empty selector is no selector: protobuf (etcd's encoding) cannot tell them apart.
    #[serde(default, skip_serializing_if = "Labels::is_empty")]
    pub selector: Labels,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<ServicePort>,
    #[serde(rename = "clusterIP", default, skip_serializing_if = "Option::is_none")]
    pub cluster_ip: Option<String>,
    #[serde(rename = "clusterIPs", default, skip_serializing_if = "Vec::is_empty")]
    pub cluster_ips: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ip_families: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ip_family_policy: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_affinity: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub internal_traffic_policy: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub external_traffic_policy: Option<String>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub publish_not_ready_addresses: bool,
    #[serde(rename = "externalIPs", default, skip_serializing_if = "Vec::is_empty")]
    pub external_ips: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub external_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allocate_load_balancer_node_ports: Option<bool>,
    #[serde(rename = "loadBalancerIP", default, skip_serializing_if = "Opaque::is_absent")]
    pub load_balancer_ip: Opaque,
    #[serde(default, skip_serializing_if = "Opaque::is_absent")]
    pub load_balancer_class: Opaque,
    #[serde(default, skip_serializing_if = "Opaque::is_absent")]
    pub load_balancer_source_ranges: Opaque,
    #[serde(default, skip_serializing_if = "Opaque::is_absent")]
    pub health_check_node_port: Opaque,
    #[serde(default, skip_serializing_if = "Opaque::is_absent")]
    pub session_affinity_config: Opaque,
    #[serde(default, skip_serializing_if = "Opaque::is_absent")]
    pub traffic_distribution: Opaque,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl ServiceSpec {
    /// Whether the Service is headless (`clusterIP: None`).
    pub fn headless(&self) -> bool {
        self.cluster_ip.as_deref() == Some(CLUSTER_IP_NONE)
    }

    /// Whether the endpoint controllers manage this Service's endpoints: it has a selector
    /// (pkg/controller/endpointslice/endpointslice_controller.go `syncService`).
    pub fn selects_pods(&self) -> bool {
        !self.selector.is_empty() && self.type_ != ServiceType::ExternalName
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ServicePort {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub app_protocol: Option<String>,
    #[serde(default)]
    pub port: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_port: Option<IntOrString>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_port: Option<i32>,
}

impl ServicePort {
    pub fn protocol(&self) -> &str {
        self.protocol.as_deref().unwrap_or("TCP")
    }
    pub fn name(&self) -> &str {
        self.name.as_deref().unwrap_or("")
    }
}

/// `ServiceStatus`: `loadBalancer` always prints, as `{}` until a cloud fills it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ServiceStatus {
    #[serde(default)]
    pub load_balancer: LoadBalancerStatus,
    #[serde(default, skip_serializing_if = "Opaque::is_absent")]
    pub conditions: Opaque,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LoadBalancerStatus {
    #[serde(default, skip_serializing_if = "Opaque::is_absent")]
    pub ingress: Opaque,
}

impl Service {
    pub fn new(metadata: ObjectMeta, spec: ServiceSpec) -> Self {
        Service {
            api_version: v1(),
            kind: service_kind(),
            metadata,
            spec,
            status: ServiceStatus::default(),
        }
    }

    /// A ClusterIP Service in `default` selecting pods labelled `selector`, on TCP `port`
    /// (the target port defaults to it on create), as `kubectl expose` makes one.
    pub fn selecting(name: &str, selector: &[(&str, &str)], port: i32) -> Self {
        let spec = ServiceSpec {
            selector: selector.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            ports: vec![ServicePort { port, ..Default::default() }],
            ..Default::default()
        };
        let meta =
            ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() };
        Service::new(meta, spec)
    }
}

/// `SetDefaults_Service` and the registry's defaulting of a create or update body: TCP,
/// `targetPort` equal to `port`, `sessionAffinity: None`, `internalTrafficPolicy: Cluster`,
/// `externalTrafficPolicy: Cluster` where node ports exist; single-stack IPv4 for Services
/// that get a cluster IP (pkg/registry/core/service/storage/alloc.go `initIPFamilyFields`).
pub fn default_service(s: &mut ServiceSpec) {
    for p in &mut s.ports {
        if p.protocol.is_none() {
            p.protocol = Some("TCP".into());
        }
        if p.target_port.is_none() {
            p.target_port = Some(IntOrString::Int(p.port));
        }
    }
    if s.type_ == ServiceType::ExternalName {
        return;
    }
    s.session_affinity.get_or_insert_with(|| "None".into());
    s.internal_traffic_policy.get_or_insert_with(|| "Cluster".into());
    if s.type_.has_node_ports() {
        s.external_traffic_policy.get_or_insert_with(|| "Cluster".into());
    } else {
        // strategy.go `dropTypeDependentFields`: a Service leaving NodePort or LoadBalancer
        // loses the policy it only had for that type (an apply that changes the type keeps
        // the server-set field otherwise). A create that sets it on a ClusterIP Service,
        // which validation would refuse, loses it too.
        s.external_traffic_policy = None;
    }
    if s.cluster_ip.is_none() && !s.cluster_ips.is_empty() {
        s.cluster_ip = s.cluster_ips.first().cloned();
    }
    // pkg/registry/core/service/strategy.go `normalizeClusterIPs`: a body that sets only
    // `clusterIP` has it as its `clusterIPs` too, so allocation errors name the list.
    if let Some(ip) = s.cluster_ip.as_deref().filter(|ip| !ip.is_empty()) {
        if s.cluster_ips.is_empty() {
            s.cluster_ips = vec![ip.to_string()];
        }
    }
    if !s.headless() || !s.selector.is_empty() {
        if s.ip_families.is_empty() {
            s.ip_families = vec!["IPv4".into()];
        }
        s.ip_family_policy.get_or_insert_with(|| "SingleStack".into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaulting_fills_ports_and_policies_and_drops_what_the_type_no_longer_has() {
        let mut spec = ServiceSpec {
            type_: ServiceType::NodePort,
            ports: vec![ServicePort { port: 80, ..Default::default() }],
            cluster_ip: Some("10.96.0.10".into()),
            ..Default::default()
        };
        default_service(&mut spec);
        assert_eq!(spec.ports[0].target_port, Some(IntOrString::Int(80)));
        assert_eq!(spec.ports[0].protocol(), "TCP");
        assert_eq!(spec.external_traffic_policy.as_deref(), Some("Cluster"));
        assert_eq!(spec.cluster_ips, ["10.96.0.10"]);
        spec.type_ = ServiceType::ClusterIP;
        default_service(&mut spec);
        assert_eq!(spec.external_traffic_policy, None);
    }

    #[test]
    fn any_type_string_decodes_and_prints_back() {
        let t: ServiceType = serde_json::from_str("\"Bogus\"").unwrap();
        assert_eq!(t, ServiceType::Unsupported("Bogus".into()));
        assert_eq!(serde_json::to_string(&t).unwrap(), "\"Bogus\"");
        let t: ServiceType = serde_json::from_str("\"NodePort\"").unwrap();
        assert!(t.has_node_ports());
    }
}
