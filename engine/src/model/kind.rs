//! The kinds kubeloop simulates. Their facts are in the registry (`registry.rs`); this is the
//! closed enum and the generic dispatch over its model types.

use std::fmt;

use super::registry::{KindInfo, REGISTRY};

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
    DaemonSet,
    StatefulSet,
    ControllerRevision,
    Job,
    CronJob,
    HorizontalPodAutoscaler,
    PersistentVolumeClaim,
    ConfigMap,
    Secret,
    PodDisruptionBudget,
    ResourceQuota,
    LimitRange,
    Namespace,
    ServiceAccount,
    PriorityClass,
    ReplicationController,
    Lease,
    Ingress,
}

impl Kind {
    pub const ALL: [Kind; 26] = [
        Kind::Deployment,
        Kind::ReplicaSet,
        Kind::Pod,
        Kind::Node,
        Kind::Event,
        Kind::Service,
        Kind::EndpointSlice,
        Kind::Endpoints,
        Kind::DaemonSet,
        Kind::StatefulSet,
        Kind::ControllerRevision,
        Kind::Job,
        Kind::CronJob,
        Kind::HorizontalPodAutoscaler,
        Kind::PersistentVolumeClaim,
        Kind::ConfigMap,
        Kind::Secret,
        Kind::PodDisruptionBudget,
        Kind::ResourceQuota,
        Kind::LimitRange,
        Kind::Namespace,
        Kind::ServiceAccount,
        Kind::PriorityClass,
        Kind::ReplicationController,
        Kind::Lease,
        Kind::Ingress,
    ];

    /// The kind's entry in the registry, where its facts are written once.
    pub fn info(self) -> &'static KindInfo {
        &REGISTRY[self as usize]
    }

    pub fn as_str(self) -> &'static str {
        self.info().name
    }

    pub fn api_version(self) -> &'static str {
        self.info().api_version
    }

    /// The version within the group: `v1`, or `v2` for autoscaling.
    pub fn version(self) -> &'static str {
        self.info().version()
    }

    /// The API group, empty for core kinds.
    pub fn group(self) -> &'static str {
        self.info().group()
    }

    /// Lower-case plural resource name, as in `pods "x" not found`.
    pub fn plural(self) -> &'static str {
        self.info().plural
    }

    /// `kind.group` as `-o name` and operation messages print it (`deployment.apps`).
    pub fn kind_group(self) -> String {
        let kind = self.as_str().to_ascii_lowercase();
        match self.group() {
            "" => kind,
            g => format!("{kind}.{g}"),
        }
    }

    /// Whether objects of the kind live in a namespace.
    pub fn namespaced(self) -> bool {
        self.info().namespaced
    }

    /// Resolves what a user typed: plural, singular, short name, or `kind.group`.
    pub fn from_resource(s: &str) -> Option<Kind> {
        let lower = s.to_ascii_lowercase();
        REGISTRY.iter().find(|info| info.resolves(&lower)).map(|info| info.kind)
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
            $crate::model::Kind::DaemonSet => {
                type $T = $crate::model::DaemonSet;
                $body
            }
            $crate::model::Kind::StatefulSet => {
                type $T = $crate::model::StatefulSet;
                $body
            }
            $crate::model::Kind::ControllerRevision => {
                type $T = $crate::model::ControllerRevision;
                $body
            }
            $crate::model::Kind::Job => {
                type $T = $crate::model::Job;
                $body
            }
            $crate::model::Kind::CronJob => {
                type $T = $crate::model::CronJob;
                $body
            }
            $crate::model::Kind::HorizontalPodAutoscaler => {
                type $T = $crate::model::HorizontalPodAutoscaler;
                $body
            }
            $crate::model::Kind::PersistentVolumeClaim => {
                type $T = $crate::model::PersistentVolumeClaim;
                $body
            }
            $crate::model::Kind::ConfigMap => {
                type $T = $crate::model::ConfigMap;
                $body
            }
            $crate::model::Kind::Secret => {
                type $T = $crate::model::Secret;
                $body
            }
            $crate::model::Kind::PodDisruptionBudget => {
                type $T = $crate::model::PodDisruptionBudget;
                $body
            }
            $crate::model::Kind::ResourceQuota => {
                type $T = $crate::model::ResourceQuota;
                $body
            }
            $crate::model::Kind::LimitRange => {
                type $T = $crate::model::LimitRange;
                $body
            }
            $crate::model::Kind::Namespace => {
                type $T = $crate::model::Namespace;
                $body
            }
            $crate::model::Kind::ServiceAccount => {
                type $T = $crate::model::ServiceAccount;
                $body
            }
            $crate::model::Kind::PriorityClass => {
                type $T = $crate::model::PriorityClass;
                $body
            }
            $crate::model::Kind::ReplicationController => {
                type $T = $crate::model::ReplicationController;
                $body
            }
            $crate::model::Kind::Lease => {
                type $T = $crate::model::Lease;
                $body
            }
            $crate::model::Kind::Ingress => {
                type $T = $crate::model::Ingress;
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
        assert_eq!(Kind::from_resource("sts"), Some(Kind::StatefulSet));
        assert_eq!(Kind::from_resource("cronjobs.batch"), Some(Kind::CronJob));
        assert_eq!(Kind::from_resource("hpa"), Some(Kind::HorizontalPodAutoscaler));
        assert_eq!(Kind::from_resource("rc"), Some(Kind::ReplicationController));
        assert_eq!(Kind::from_resource("ing"), Some(Kind::Ingress));
        assert_eq!(Kind::from_resource("ingresses.networking.k8s.io"), Some(Kind::Ingress));
    }

    #[test]
    fn kind_group_matches_name_printer() {
        assert_eq!(Kind::Deployment.kind_group(), "deployment.apps");
        assert_eq!(Kind::Pod.kind_group(), "pod");
    }
}
