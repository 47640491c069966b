//! Ingresses (networking.k8s.io/v1): HTTP routes from hosts and paths to Services. The
//! sandbox runs no ingress controller, so nothing ever writes an Ingress's status: its
//! `loadBalancer` stays empty, as on a cluster without one. Modelled on
//! staging/src/k8s.io/api/networking/v1/types.go (field order and `omitempty`s as there:
//! `status.loadBalancer` and a backend's `port` are structs, so always written). The API has
//! no defaults for an Ingress (pkg/apis/networking/v1/defaults.go has none); IngressClasses
//! are not modelled, so `spec.ingressClassName` is stored as given.

use serde::{Deserialize, Serialize};

use super::meta::ObjectMeta;

fn api_version() -> String {
    "networking.k8s.io/v1".into()
}
fn ingress_kind() -> String {
    "Ingress".into()
}

/// The `pathType`s `validateHTTPIngressPath` accepts, as `supportedPathTypes.List()` sorts them.
pub const PATH_TYPES: [&str; 3] = ["Exact", "ImplementationSpecific", "Prefix"];
/// The annotation older controllers read instead of `spec.ingressClassName`.
pub const INGRESS_CLASS_ANNOTATION: &str = "kubernetes.io/ingress.class";

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Ingress {
    #[serde(default = "api_version")]
    pub api_version: String,
    #[serde(default = "ingress_kind")]
    pub kind: String,
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: IngressSpec,
    #[serde(default)]
    pub status: IngressStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct IngressSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ingress_class_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_backend: Option<IngressBackend>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tls: Vec<IngressTls>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<IngressRule>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct IngressBackend {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub service: Option<IngressServiceBackend>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource: Option<TypedLocalObjectReference>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct IngressServiceBackend {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub port: ServiceBackendPort,
}

/// A port by name or by number; exactly one is set in a valid backend.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ServiceBackendPort {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub number: i32,
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

/// core/v1 `TypedLocalObjectReference`: a backend that is some other object (a bucket, say),
/// which only a controller would interpret.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TypedLocalObjectReference {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_group: Option<String>,
    #[serde(default)]
    pub kind: String,
    #[serde(default)]
    pub name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct IngressTls {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hosts: Vec<String>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub secret_name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct IngressRule {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub host: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub http: Option<HttpIngressRuleValue>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HttpIngressRuleValue {
    #[serde(default)]
    pub paths: Vec<HttpIngressPath>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HttpIngressPath {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub path: String,
    /// Required by validation; `None` only in a body the API server refuses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path_type: Option<String>,
    #[serde(default)]
    pub backend: IngressBackend,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct IngressStatus {
    #[serde(default)]
    pub load_balancer: IngressLoadBalancerStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct IngressLoadBalancerStatus {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ingress: Vec<IngressLoadBalancerIngress>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct IngressLoadBalancerIngress {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub ip: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub hostname: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<IngressPortStatus>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct IngressPortStatus {
    #[serde(default)]
    pub port: i32,
    #[serde(default)]
    pub protocol: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl Ingress {
    pub fn new(metadata: ObjectMeta, spec: IngressSpec) -> Ingress {
        Ingress {
            api_version: api_version(),
            kind: ingress_kind(),
            metadata,
            spec,
            status: IngressStatus::default(),
        }
    }

    /// Every backend, the default one first, then each path's in rule order.
    pub fn backends(&self) -> impl Iterator<Item = &IngressBackend> {
        let paths = self.spec.rules.iter().filter_map(|r| r.http.as_ref()).flat_map(|h| &h.paths);
        self.spec.default_backend.iter().chain(paths.map(|p| &p.backend))
    }

    /// The names of the Services it routes to, each once, in the order `backends` meets them.
    pub fn service_names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = Vec::new();
        for b in self.backends() {
            if let Some(s) = &b.service {
                if !names.contains(&s.name.as_str()) {
                    names.push(&s.name);
                }
            }
        }
        names
    }
}

impl IngressServiceBackend {
    /// describe.go `serviceBackendStringer`: `NAME:PORT`, the number when set, else the name.
    pub fn describe(&self) -> String {
        match self.port.number {
            0 => format!("{}:{}", self.name, self.port.name),
            n => format!("{}:{n}", self.name),
        }
    }
}

impl IngressLoadBalancerStatus {
    /// printers.go `ingressLoadBalancerStatusStringer`: the IPs or hostnames as a sorted set,
    /// joined with commas; narrow output cuts past 16 characters to 13 and `...`.
    pub fn address(&self, wide: bool) -> String {
        let list: std::collections::BTreeSet<&str> = self
            .ingress
            .iter()
            .filter_map(|i| {
                if !i.ip.is_empty() {
                    Some(i.ip.as_str())
                } else if !i.hostname.is_empty() {
                    Some(i.hostname.as_str())
                } else {
                    None
                }
            })
            .collect();
        let joined = list.into_iter().collect::<Vec<_>>().join(",");
        if !wide && joined.len() > 16 {
            return format!("{}...", joined.get(..13).unwrap_or(&joined));
        }
        joined
    }
}
