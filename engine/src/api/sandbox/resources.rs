//! The resources of `kubeloop.dev/v1` and how a path names one, apart from their handlers so
//! that routing (`api/path.rs`) and discovery read the table without the handlers' imports.

pub use crate::api::client::EXTENSION_GROUP_VERSION as API_VERSION;

/// One resource of the group, as discovery lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resource {
    pub plural: &'static str,
    pub singular: &'static str,
    pub kind: &'static str,
    pub namespaced: bool,
    pub verbs: &'static [&'static str],
}

/// The group's resources besides `decisions` (`api::decisions`), by plural.
pub const RESOURCES: &[Resource] = &[
    Resource {
        plural: "controllers",
        singular: "controller",
        kind: "Controller",
        namespaced: false,
        verbs: &["get", "list", "patch"],
    },
    Resource {
        plural: "eventdrops",
        singular: "eventdrop",
        kind: "EventDrop",
        namespaced: false,
        verbs: &["create"],
    },
    Resource {
        plural: "hosts",
        singular: "host",
        kind: "Host",
        namespaced: false,
        verbs: &["create", "delete", "get", "list", "patch"],
    },
    Resource {
        plural: "loads",
        singular: "load",
        kind: "Load",
        namespaced: true,
        verbs: &["get", "list", "update"],
    },
    Resource {
        plural: "servicetraffics",
        singular: "servicetraffic",
        kind: "ServiceTraffic",
        namespaced: true,
        verbs: &["get", "list", "patch"],
    },
    Resource {
        plural: "settings",
        singular: "settings",
        kind: "Settings",
        namespaced: false,
        verbs: &["get", "patch"],
    },
];

/// The resource served under `plural`.
pub fn resource(plural: &str) -> Option<&'static Resource> {
    RESOURCES.iter().find(|r| r.plural == plural)
}

/// A request's path within the group: which resource, in which namespace, which object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    pub resource: &'static Resource,
    /// `None` for a cluster-scoped resource, or a list across namespaces.
    pub namespace: Option<String>,
    pub name: Option<String>,
}
