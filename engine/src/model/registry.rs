//! The kind registry: one entry per kind the engine stores, saying what the API server and
//! kubectl know of it (group and version, resource names, scope, categories, the
//! subresources served, the fields a list may select on, what `export` writes of it).
//! `Kind`'s names, `Kind::from_resource`, discovery, the API's routes and field selectors,
//! `kubectl api-resources`, `get all`, `export`, completion and live mode's watch list read
//! it; none of them lists a kind's facts again. Not here: the model types (`with_kind!` maps
//! a `Kind` to its type), printers and describers.
//!
//! The shape follows kube-core's `Resource` trait (kube-core/src/resource.rs) and what each
//! kind's REST storage in kubernetes/kubernetes registers: `ShortNames()` and `Categories()`
//! (e.g. pkg/registry/core/pod/storage/storage.go), and the subresources the installer
//! serves (apiserver/pkg/endpoints/installer.go).

use super::Kind;

/// What one kind is, to the API server and to kubectl.
#[derive(Debug)]
pub struct KindInfo {
    pub kind: Kind,
    /// `Deployment`, as `kind:` says it.
    pub name: &'static str,
    /// The preferred group version, as `apiVersion:` says it (`apps/v1`, `v1`).
    pub api_version: &'static str,
    /// Other versions of the same group that are served too, and converted on the way in
    /// and out (autoscaling/v1 for the HorizontalPodAutoscaler, which `kubectl autoscale`
    /// still posts).
    pub also_served: &'static [&'static str],
    /// The resource, lower-case plural (`deployments`).
    pub plural: &'static str,
    pub short_names: &'static [&'static str],
    /// `all` for the kinds `kubectl get all` lists.
    pub categories: &'static [&'static str],
    pub namespaced: bool,
    /// The subresources served at `PLURAL/NAME/SUB`.
    pub subresources: &'static [&'static str],
    /// Other groups whose name for the kind resolves to it (`events.events.k8s.io`).
    pub group_aliases: &'static [&'static str],
    /// The fields a list may select on, when the kind has a field label conversion of its
    /// own (pkg/apis/core/v1/conversion.go); `None` for apimachinery's default, which
    /// takes `metadata.name` and `metadata.namespace` only
    /// (`DefaultMetaV1FieldSelectorConversion`).
    pub field_labels: Option<&'static [&'static str]>,
    /// What `export` writes of the kind (kubectl/export).
    pub export: Export,
}

/// What `export` makes of a kind's objects: a file `kubectl apply -f` takes on a real cluster.
/// Its groups run in order (cluster-wide first, then what pods read, the workloads, and what
/// points at them), so what an object needs is applied before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Export {
    /// None: a real cluster makes them itself (nodes, events, endpoints, revisions), or the
    /// file says to make them (namespaces, in a comment).
    Never,
    /// Every one the user made, in this group.
    All(u8),
    /// Those no controller owns, in this group: the others come back with their owner.
    Unowned(u8),
}

impl KindInfo {
    /// The API group, empty for the core group.
    pub fn group(&self) -> &'static str {
        self.api_version.rsplit_once('/').map_or("", |(group, _)| group)
    }

    /// The preferred version within the group.
    pub fn version(&self) -> &'static str {
        self.api_version.rsplit_once('/').map_or(self.api_version, |(_, version)| version)
    }

    /// Whether the kind is served at `api_version` (`autoscaling/v1`): its preferred version,
    /// or one it is converted from.
    pub fn serves(&self, api_version: &str) -> bool {
        api_version == self.api_version
            || api_version
                .strip_prefix(self.group())
                .and_then(|v| v.strip_prefix('/'))
                .is_some_and(|v| self.also_served.contains(&v))
    }

    /// Whether what a user typed (lower-case) names this kind: its plural, singular or a
    /// short name, alone or followed by `.GROUP` or `.VERSION.GROUP`, as kubectl's REST
    /// mapper resolves a resource argument (apimachinery/pkg/api/meta/restmapper.go
    /// `ResourceFor`, with `schema.ParseResourceArg`).
    pub fn resolves(&self, typed: &str) -> bool {
        let (base, qualifier) = match typed.split_once('.') {
            Some((base, rest)) => (base, Some(rest)),
            None => (typed, None),
        };
        let named = base == self.plural
            || self.short_names.contains(&base)
            || base.eq_ignore_ascii_case(self.name);
        let Some(qualifier) = qualifier else { return named };
        let group = self.group();
        let groups = std::iter::once(group)
            .filter(|g| !g.is_empty())
            .chain(self.group_aliases.iter().copied());
        let versions: Vec<&str> =
            std::iter::once(self.version()).chain(self.also_served.iter().copied()).collect();
        named
            && groups.into_iter().any(|g| {
                qualifier == g
                    || qualifier
                        .strip_suffix(g)
                        .and_then(|v| v.strip_suffix('.'))
                        .is_some_and(|v| versions.contains(&v))
            })
    }
}

const WORKLOAD_SUBS: &[&str] = &["scale", "status"];
const STATUS: &[&str] = &["status"];
const ALL: &[&str] = &["all"];

/// Every kind, in `Kind`'s order (`Kind::info` indexes it).
pub static REGISTRY: [KindInfo; 26] = [
    KindInfo {
        kind: Kind::Deployment,
        name: "Deployment",
        api_version: "apps/v1",
        also_served: &[],
        plural: "deployments",
        short_names: &["deploy"],
        categories: ALL,
        namespaced: true,
        subresources: WORKLOAD_SUBS,
        field_labels: None,
        group_aliases: &[],
        export: Export::All(2),
    },
    KindInfo {
        kind: Kind::ReplicaSet,
        name: "ReplicaSet",
        api_version: "apps/v1",
        also_served: &[],
        plural: "replicasets",
        short_names: &["rs"],
        categories: ALL,
        namespaced: true,
        subresources: WORKLOAD_SUBS,
        field_labels: None,
        group_aliases: &[],
        export: Export::Unowned(2),
    },
    KindInfo {
        kind: Kind::Pod,
        name: "Pod",
        api_version: "v1",
        also_served: &[],
        plural: "pods",
        short_names: &["po"],
        categories: ALL,
        namespaced: true,
        subresources: &["binding", "eviction", "log", "status"],
        field_labels: Some(&[
            "metadata.name",
            "metadata.namespace",
            "spec.nodeName",
            "spec.restartPolicy",
            "spec.schedulerName",
            "spec.serviceAccountName",
            "spec.hostNetwork",
            "status.phase",
            "status.podIP",
            "status.podIPs",
            "status.nominatedNodeName",
            "spec.host",
        ]),
        group_aliases: &[],
        export: Export::Unowned(2),
    },
    KindInfo {
        kind: Kind::Node,
        name: "Node",
        api_version: "v1",
        also_served: &[],
        plural: "nodes",
        short_names: &["no"],
        categories: &[],
        namespaced: false,
        subresources: STATUS,
        field_labels: Some(&["metadata.name", "spec.unschedulable"]),
        group_aliases: &[],
        export: Export::Never,
    },
    KindInfo {
        kind: Kind::Event,
        name: "Event",
        api_version: "v1",
        also_served: &[],
        plural: "events",
        short_names: &["ev"],
        categories: &[],
        namespaced: true,
        subresources: &[],
        field_labels: Some(&[
            "involvedObject.kind",
            "involvedObject.namespace",
            "involvedObject.name",
            "involvedObject.uid",
            "involvedObject.apiVersion",
            "involvedObject.resourceVersion",
            "involvedObject.fieldPath",
            "reason",
            "reportingComponent",
            "source",
            "type",
            "metadata.namespace",
            "metadata.name",
        ]),
        group_aliases: &["events.k8s.io"],
        export: Export::Never,
    },
    KindInfo {
        kind: Kind::Service,
        name: "Service",
        api_version: "v1",
        also_served: &[],
        plural: "services",
        short_names: &["svc"],
        categories: ALL,
        namespaced: true,
        subresources: STATUS,
        field_labels: Some(&["metadata.namespace", "metadata.name", "spec.clusterIP", "spec.type"]),
        group_aliases: &[],
        export: Export::All(3),
    },
    KindInfo {
        kind: Kind::EndpointSlice,
        name: "EndpointSlice",
        api_version: "discovery.k8s.io/v1",
        also_served: &[],
        plural: "endpointslices",
        short_names: &[],
        categories: &[],
        namespaced: true,
        subresources: &[],
        field_labels: None,
        group_aliases: &[],
        export: Export::Never,
    },
    KindInfo {
        kind: Kind::Endpoints,
        name: "Endpoints",
        api_version: "v1",
        also_served: &[],
        plural: "endpoints",
        short_names: &["ep"],
        categories: &[],
        namespaced: true,
        subresources: &[],
        field_labels: None,
        group_aliases: &[],
        export: Export::Never,
    },
    KindInfo {
        kind: Kind::DaemonSet,
        name: "DaemonSet",
        api_version: "apps/v1",
        also_served: &[],
        plural: "daemonsets",
        short_names: &["ds"],
        categories: ALL,
        namespaced: true,
        subresources: STATUS,
        field_labels: None,
        group_aliases: &[],
        export: Export::All(2),
    },
    KindInfo {
        kind: Kind::StatefulSet,
        name: "StatefulSet",
        api_version: "apps/v1",
        also_served: &[],
        plural: "statefulsets",
        short_names: &["sts"],
        categories: ALL,
        namespaced: true,
        subresources: WORKLOAD_SUBS,
        field_labels: None,
        group_aliases: &[],
        export: Export::All(2),
    },
    KindInfo {
        kind: Kind::ControllerRevision,
        name: "ControllerRevision",
        api_version: "apps/v1",
        also_served: &[],
        plural: "controllerrevisions",
        short_names: &[],
        categories: &[],
        namespaced: true,
        subresources: &[],
        field_labels: None,
        group_aliases: &[],
        export: Export::Never,
    },
    KindInfo {
        kind: Kind::Job,
        name: "Job",
        api_version: "batch/v1",
        also_served: &[],
        plural: "jobs",
        short_names: &[],
        categories: ALL,
        namespaced: true,
        subresources: STATUS,
        field_labels: None,
        group_aliases: &[],
        export: Export::Unowned(2),
    },
    KindInfo {
        kind: Kind::CronJob,
        name: "CronJob",
        api_version: "batch/v1",
        also_served: &[],
        plural: "cronjobs",
        short_names: &["cj"],
        categories: ALL,
        namespaced: true,
        subresources: STATUS,
        field_labels: None,
        group_aliases: &[],
        export: Export::All(2),
    },
    KindInfo {
        kind: Kind::HorizontalPodAutoscaler,
        name: "HorizontalPodAutoscaler",
        api_version: "autoscaling/v2",
        also_served: &["v1"],
        plural: "horizontalpodautoscalers",
        short_names: &["hpa"],
        categories: ALL,
        namespaced: true,
        subresources: STATUS,
        field_labels: None,
        group_aliases: &[],
        export: Export::All(3),
    },
    KindInfo {
        kind: Kind::PersistentVolumeClaim,
        name: "PersistentVolumeClaim",
        api_version: "v1",
        also_served: &[],
        plural: "persistentvolumeclaims",
        short_names: &["pvc"],
        categories: &[],
        namespaced: true,
        subresources: STATUS,
        field_labels: None,
        group_aliases: &[],
        export: Export::Unowned(1),
    },
    KindInfo {
        kind: Kind::ConfigMap,
        name: "ConfigMap",
        api_version: "v1",
        also_served: &[],
        plural: "configmaps",
        short_names: &["cm"],
        categories: &[],
        namespaced: true,
        subresources: &[],
        field_labels: None,
        group_aliases: &[],
        export: Export::All(1),
    },
    KindInfo {
        kind: Kind::Secret,
        name: "Secret",
        api_version: "v1",
        also_served: &[],
        plural: "secrets",
        short_names: &[],
        categories: &[],
        namespaced: true,
        subresources: &[],
        // pkg/apis/core/v1/conversion.go: a Secret's field set adds `type`.
        field_labels: Some(&["metadata.namespace", "metadata.name", "type"]),
        group_aliases: &[],
        export: Export::All(1),
    },
    KindInfo {
        kind: Kind::PodDisruptionBudget,
        name: "PodDisruptionBudget",
        api_version: "policy/v1",
        also_served: &[],
        plural: "poddisruptionbudgets",
        short_names: &["pdb"],
        categories: &[],
        namespaced: true,
        subresources: STATUS,
        field_labels: None,
        group_aliases: &[],
        export: Export::All(3),
    },
    KindInfo {
        kind: Kind::ResourceQuota,
        name: "ResourceQuota",
        api_version: "v1",
        also_served: &[],
        plural: "resourcequotas",
        short_names: &["quota"],
        categories: &[],
        namespaced: true,
        subresources: STATUS,
        field_labels: None,
        group_aliases: &[],
        export: Export::All(1),
    },
    KindInfo {
        kind: Kind::LimitRange,
        name: "LimitRange",
        api_version: "v1",
        also_served: &[],
        plural: "limitranges",
        short_names: &["limits"],
        categories: &[],
        namespaced: true,
        subresources: &[],
        field_labels: None,
        group_aliases: &[],
        export: Export::All(1),
    },
    KindInfo {
        kind: Kind::Namespace,
        name: "Namespace",
        api_version: "v1",
        also_served: &[],
        plural: "namespaces",
        short_names: &["ns"],
        categories: &[],
        namespaced: false,
        subresources: &["finalize", "status"],
        // pkg/apis/core/v1/conversion.go: namespaces select on their phase too.
        field_labels: Some(&["metadata.name", "status.phase"]),
        group_aliases: &[],
        export: Export::Never,
    },
    KindInfo {
        kind: Kind::ServiceAccount,
        name: "ServiceAccount",
        api_version: "v1",
        also_served: &[],
        plural: "serviceaccounts",
        short_names: &["sa"],
        categories: &[],
        namespaced: true,
        subresources: &["token"],
        field_labels: None,
        group_aliases: &[],
        export: Export::All(1),
    },
    KindInfo {
        kind: Kind::PriorityClass,
        name: "PriorityClass",
        api_version: "scheduling.k8s.io/v1",
        also_served: &[],
        plural: "priorityclasses",
        short_names: &["pc"],
        categories: &[],
        namespaced: false,
        subresources: &[],
        field_labels: None,
        group_aliases: &[],
        export: Export::All(0),
    },
    KindInfo {
        kind: Kind::ReplicationController,
        name: "ReplicationController",
        api_version: "v1",
        also_served: &[],
        plural: "replicationcontrollers",
        short_names: &["rc"],
        categories: ALL,
        namespaced: true,
        subresources: WORKLOAD_SUBS,
        // pkg/apis/core/v1/conversion.go: the one selectable field beyond the name.
        field_labels: Some(&["metadata.name", "metadata.namespace", "status.replicas"]),
        group_aliases: &[],
        export: Export::All(2),
    },
    KindInfo {
        kind: Kind::Lease,
        name: "Lease",
        api_version: "coordination.k8s.io/v1",
        also_served: &[],
        plural: "leases",
        short_names: &[],
        categories: &[],
        namespaced: true,
        subresources: &[],
        field_labels: None,
        group_aliases: &[],
        export: Export::Unowned(1),
    },
    // pkg/registry/networking/ingress/storage/storage.go: short name `ing`, no categories
    // (an Ingress is not in `all`), a status subresource; no field label conversion.
    KindInfo {
        kind: Kind::Ingress,
        name: "Ingress",
        api_version: "networking.k8s.io/v1",
        also_served: &[],
        plural: "ingresses",
        short_names: &["ing"],
        categories: &[],
        namespaced: true,
        subresources: STATUS,
        field_labels: None,
        group_aliases: &[],
        export: Export::All(3),
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_its_entry_at_its_index() {
        assert_eq!(REGISTRY.len(), Kind::ALL.len());
        for (i, kind) in Kind::ALL.into_iter().enumerate() {
            assert_eq!(REGISTRY[i].kind, kind, "entry {i}");
            assert_eq!(kind as usize, i, "Kind::ALL is in declaration order");
        }
    }

    #[test]
    fn no_two_kinds_answer_to_one_name() {
        for a in &REGISTRY {
            let names = [a.plural, &a.name.to_ascii_lowercase()]
                .into_iter()
                .map(str::to_string)
                .chain(a.short_names.iter().map(|s| s.to_string()))
                .collect::<Vec<_>>();
            for name in names {
                let owners: Vec<Kind> =
                    REGISTRY.iter().filter(|b| b.resolves(&name)).map(|b| b.kind).collect();
                assert_eq!(owners, vec![a.kind], "{name}");
            }
        }
    }

    #[test]
    fn a_qualifier_must_name_the_kinds_group_and_a_served_version() {
        let hpa = &REGISTRY[Kind::HorizontalPodAutoscaler as usize];
        assert!(hpa.resolves("hpa.autoscaling"));
        assert!(hpa.resolves("horizontalpodautoscalers.v2.autoscaling"));
        assert!(hpa.resolves("horizontalpodautoscalers.v1.autoscaling"));
        assert!(!hpa.resolves("hpa.v3.autoscaling"));
        assert!(!hpa.resolves("hpa.apps"));
        let pod = &REGISTRY[Kind::Pod as usize];
        assert!(!pod.resolves("pods.apps"), "the core group has no qualifier to give");
        let event = &REGISTRY[Kind::Event as usize];
        assert!(event.resolves("events.events.k8s.io"));
        assert!(hpa.serves("autoscaling/v2") && hpa.serves("autoscaling/v1"));
        assert!(!hpa.serves("autoscaling/v3") && !hpa.serves("apps/v1"));
        assert!(pod.serves("v1") && !pod.serves("/v1") && !pod.serves("apps/v1"));
    }
}
