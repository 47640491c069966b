//! The kinds kubeloop simulates, with the names kubectl accepts for each.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Deployment,
    ReplicaSet,
    Pod,
    Node,
    Event,
    Service,
    EndpointSlice,
    Endpoints,
}

impl Kind {
    pub const ALL: [Kind; 8] = [
        Kind::Deployment,
        Kind::ReplicaSet,
        Kind::Pod,
        Kind::Node,
        Kind::Event,
        Kind::Service,
        Kind::EndpointSlice,
        Kind::Endpoints,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Deployment => "Deployment",
            Kind::ReplicaSet => "ReplicaSet",
            Kind::Pod => "Pod",
            Kind::Node => "Node",
            Kind::Event => "Event",
            Kind::Service => "Service",
            Kind::EndpointSlice => "EndpointSlice",
            Kind::Endpoints => "Endpoints",
        }
    }

    pub fn api_version(self) -> &'static str {
        match self {
            Kind::Deployment | Kind::ReplicaSet => "apps/v1",
            Kind::EndpointSlice => "discovery.k8s.io/v1",
            Kind::Pod | Kind::Node | Kind::Event | Kind::Service | Kind::Endpoints => "v1",
        }
    }

    /// The API group, empty for core kinds.
    pub fn group(self) -> &'static str {
        match self {
            Kind::Deployment | Kind::ReplicaSet => "apps",
            Kind::EndpointSlice => "discovery.k8s.io",
            _ => "",
        }
    }

    /// Lower-case plural resource name, as in `pods "x" not found`.
    pub fn plural(self) -> &'static str {
        match self {
            Kind::Deployment => "deployments",
            Kind::ReplicaSet => "replicasets",
            Kind::Pod => "pods",
            Kind::Node => "nodes",
            Kind::Event => "events",
            Kind::Service => "services",
            Kind::EndpointSlice => "endpointslices",
            Kind::Endpoints => "endpoints",
        }
    }

    /// `kind.group` as `-o name` and operation messages print it (`deployment.apps`).
    pub fn kind_group(self) -> String {
        let kind = self.as_str().to_ascii_lowercase();
        match self.group() {
            "" => kind,
            g => format!("{kind}.{g}"),
        }
    }

    /// Resource name as `-o name` prints it for a single object.
    pub fn namespaced(self) -> bool {
        !matches!(self, Kind::Node)
    }

    /// Resolves what a user typed: plural, singular, short name, or `kind.group`.
    pub fn from_resource(s: &str) -> Option<Kind> {
        let lower = s.to_ascii_lowercase();
        let base = lower
            .strip_suffix(".apps")
            .or_else(|| lower.strip_suffix(".v1.apps"))
            .or_else(|| lower.strip_suffix(".events.k8s.io"))
            .or_else(|| lower.strip_suffix(".v1.discovery.k8s.io"))
            .or_else(|| lower.strip_suffix(".discovery.k8s.io"))
            .unwrap_or(&lower);
        Some(match base {
            "deployments" | "deployment" | "deploy" => Kind::Deployment,
            "replicasets" | "replicaset" | "rs" => Kind::ReplicaSet,
            "pods" | "pod" | "po" => Kind::Pod,
            "nodes" | "node" | "no" => Kind::Node,
            "events" | "event" | "ev" => Kind::Event,
            "services" | "service" | "svc" => Kind::Service,
            "endpointslices" | "endpointslice" => Kind::EndpointSlice,
            "endpoints" | "ep" => Kind::Endpoints,
            _ => return None,
        })
    }
}

/// Runs `$body` with `$T` standing for the model type of `$kind`: one generic call in place
/// of a `match` arm per kind.
#[macro_export]
macro_rules! with_kind {
    ($kind:expr, $T:ident => $body:expr) => {
        match $kind {
            $crate::model::Kind::Deployment => {
                type $T = $crate::model::Deployment;
                $body
            }
            $crate::model::Kind::ReplicaSet => {
                type $T = $crate::model::ReplicaSet;
                $body
            }
            $crate::model::Kind::Pod => {
                type $T = $crate::model::Pod;
                $body
            }
            $crate::model::Kind::Node => {
                type $T = $crate::model::Node;
                $body
            }
            $crate::model::Kind::Event => {
                type $T = $crate::model::Event;
                $body
            }
            $crate::model::Kind::Service => {
                type $T = $crate::model::Service;
                $body
            }
            $crate::model::Kind::EndpointSlice => {
                type $T = $crate::model::EndpointSlice;
                $body
            }
            $crate::model::Kind::Endpoints => {
                type $T = $crate::model::Endpoints;
                $body
            }
        }
    };
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_names_and_groups_resolve() {
        assert_eq!(Kind::from_resource("po"), Some(Kind::Pod));
        assert_eq!(Kind::from_resource("RS"), Some(Kind::ReplicaSet));
        assert_eq!(Kind::from_resource("deployment.apps"), Some(Kind::Deployment));
        assert_eq!(Kind::from_resource("ev"), Some(Kind::Event));
        assert_eq!(Kind::from_resource("svc"), Some(Kind::Service));
        assert_eq!(
            Kind::from_resource("endpointslices.discovery.k8s.io"),
            Some(Kind::EndpointSlice)
        );
        assert_eq!(Kind::from_resource("ep"), Some(Kind::Endpoints));
        assert_eq!(Kind::from_resource("statefulsets"), None);
    }

    #[test]
    fn kind_group_matches_name_printer() {
        assert_eq!(Kind::Deployment.kind_group(), "deployment.apps");
        assert_eq!(Kind::Pod.kind_group(), "pod");
    }
}
