//! Discovery: `/api`, `/api/v1`, `/apis`, `/apis/<group>`, `/apis/<group>/<version>` and
//! `/version`, from one table of the resources kubeloop serves, which `kubectl
//! api-resources` in the command box reads too. Not OpenAPI (serve/src/openapi.rs), and not
//! aggregated discovery.
//!
//! Models apiserver/pkg/endpoints/discovery (legacy.go `APIVersions`, root.go
//! `APIGroupList`, group.go `APIGroup`, version.go `APIResourceList`), the resource entries
//! apiserver/pkg/endpoints/installer.go registers (subresources as `parent/sub`, sorted by
//! path, with an empty singularName), and the types in apimachinery/pkg/apis/meta/v1/types.go.
//!
//! Aggregated discovery is left out on purpose. kubectl 1.27 and later ask `/api` and `/apis`
//! with `Accept: application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,
//! application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,
//! application/json;q=0.9` (client-go discovery/discovery_client.go
//! `acceptDiscoveryFormats`), and `downloadLegacy` / `downloadAPIs` switch on the response's
//! Content-Type: only `isV2ContentType` / `isV2Beta1ContentType` are read as aggregated,
//! anything else is unmarshalled as the legacy `APIVersions` / `APIGroupList`, after which
//! the client fetches each group version's `APIResourceList` as before. So legacy
//! documents served as plain `application/json` are enough; serve/tests/discovery.rs runs
//! kubectl 1.27 to 1.33 against them.

use serde_json::{json, Map, Value};

use crate::model::Kind;

use super::decisions;

/// Every verb a kind kubeloop models answers: a collection path with get (list, watch),
/// post and delete (deletecollection), and an item path with get, put, patch and delete;
/// discovery lists them sorted.
pub const KIND_VERBS: &[&str] =
    &["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"];
/// Namespaces have no deletecollection (pkg/registry/core/namespace/storage/storage.go has no
/// `DeleteCollection`).
const NAMESPACE_VERBS: &[&str] = &["create", "delete", "get", "list", "patch", "update", "watch"];
/// The read-only extension resource: the decision log is written by the loops only.
const DECISION_VERBS: &[&str] = &["get", "list", "watch"];
/// The resource metrics: metrics-server serves reads only.
const METRICS_VERBS: &[&str] = &["get", "list"];
/// `/status` and `/scale`: GET, PUT and PATCH (registry `StatusREST`, `ScaleREST`).
const SUB_VERBS: &[&str] = &["get", "patch", "update"];

/// One entry of an `APIResourceList`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resource {
    /// `pods`, or `pods/status` for a subresource.
    pub name: String,
    /// Lower-case kind for a resource, empty for a subresource (as the installer leaves it).
    pub singular_name: String,
    pub namespaced: bool,
    pub kind: &'static str,
    /// The group and version of `kind` when they differ from the list's (`Scale` is
    /// `autoscaling/v1` under `apps/v1`); `None` when they are the list's.
    pub kind_group_version: Option<(&'static str, &'static str)>,
    pub verbs: &'static [&'static str],
    pub short_names: &'static [&'static str],
    pub categories: &'static [&'static str],
}

/// A kind's entry in its group version's list.
pub fn resource_of(kind: Kind) -> Resource {
    Resource {
        name: kind.plural().to_string(),
        singular_name: kind.as_str().to_ascii_lowercase(),
        namespaced: kind.namespaced(),
        kind: kind.as_str(),
        kind_group_version: None,
        verbs: if kind == Kind::Namespace { NAMESPACE_VERBS } else { KIND_VERBS },
        short_names: kind.info().short_names,
        categories: kind.info().categories,
    }
}

fn subresource(parent: &Resource, sub: &str) -> Resource {
    // Scale is autoscaling/v1's, whichever group lists it; binding takes a core Binding;
    // eviction a policy/v1 Eviction, the group and version kubectl's drain reads off this
    // entry (drain.go `CheckEvictionSupport`); log and status are the parent's kind
    // (installer.go `GroupVersionKind` of each storage).
    let (kind, kind_group_version, verbs) = match sub {
        "scale" => ("Scale", Some(("autoscaling", "v1")), SUB_VERBS),
        "binding" => ("Binding", None, &["create"][..]),
        "eviction" => ("Eviction", Some(("policy", "v1")), &["create"][..]),
        "log" => (parent.kind, None, &["get"][..]),
        "finalize" => (parent.kind, None, &["update"][..]),
        "token" => ("TokenRequest", Some(("authentication.k8s.io", "v1")), &["create"][..]),
        _ => (parent.kind, None, SUB_VERBS),
    };
    Resource {
        name: format!("{}/{sub}", parent.name),
        singular_name: String::new(),
        namespaced: parent.namespaced,
        kind,
        kind_group_version,
        verbs,
        short_names: &[],
        categories: &[],
    }
}

/// The resources listed at `group_version` (`v1`, `apps/v1`), sorted by name with each
/// subresource after its parent; empty for a group version kubeloop does not serve.
pub fn resources(group_version: &str) -> Vec<Resource> {
    let mut parents: Vec<(Resource, &[&str])> = Kind::ALL
        .into_iter()
        // A kind is listed at its preferred version and at the others it is converted from
        // (HorizontalPodAutoscaler at autoscaling/v1, which kubectl 1.32's `autoscale` posts).
        .filter(|k| k.info().serves(group_version))
        .map(|k| (resource_of(k), k.info().subresources))
        .collect();
    if group_version == decisions::API_VERSION {
        let decisions = Resource {
            name: "decisions".into(),
            singular_name: "decision".into(),
            namespaced: false,
            kind: "Decision",
            kind_group_version: None,
            verbs: DECISION_VERBS,
            short_names: &[],
            categories: &[],
        };
        parents.push((decisions, &[]));
        for r in super::sandbox::resources::RESOURCES {
            let resource = Resource {
                name: r.plural.into(),
                singular_name: r.singular.into(),
                namespaced: r.namespaced,
                kind: r.kind,
                kind_group_version: None,
                verbs: r.verbs,
                short_names: &[],
                categories: &[],
            };
            parents.push((resource, &[]));
        }
    }
    if group_version == super::metrics::API_VERSION {
        // As metrics-server registers them (pkg/api/install.go): read-only, no short names.
        for (name, kind, namespaced) in
            [("nodes", "NodeMetrics", false), ("pods", "PodMetrics", true)]
        {
            let resource = Resource {
                name: name.into(),
                singular_name: kind.to_ascii_lowercase(),
                namespaced,
                kind,
                kind_group_version: None,
                verbs: METRICS_VERBS,
                short_names: &[],
                categories: &[],
            };
            parents.push((resource, &[]));
        }
    }
    crate::sort::sort_by(&mut parents, |a, b| a.0.name.cmp(&b.0.name));
    let mut out = Vec::new();
    for (parent, subs) in parents {
        let children: Vec<Resource> = subs.iter().map(|s| subresource(&parent, s)).collect();
        out.push(parent);
        out.extend(children);
    }
    out
}

/// The API groups under `/apis`, each with its versions, preferred first (the aggregator's
/// priority order for the built-in groups, then the extension group).
const GROUPS: &[(&str, &[&str])] = &[
    ("apps", &["v1"]),
    ("autoscaling", &["v2", "v1"]),
    ("batch", &["v1"]),
    // The aggregator puts networking.k8s.io (17200) between batch and policy.
    ("networking.k8s.io", &["v1"]),
    ("policy", &["v1"]),
    ("scheduling.k8s.io", &["v1"]),
    ("coordination.k8s.io", &["v1"]),
    ("discovery.k8s.io", &["v1"]),
    ("metrics.k8s.io", &["v1beta1"]),
    ("kubeloop.dev", &["v1"]),
];

/// Every group version served, as `kubectl api-versions` lists them (unsorted).
pub fn group_versions() -> Vec<String> {
    let mut out = vec!["v1".to_string()];
    for (group, versions) in GROUPS {
        out.extend(versions.iter().map(|v| format!("{group}/{v}")));
    }
    out
}

fn group_version_json(group: &str, version: &str) -> Value {
    json!({ "groupVersion": format!("{group}/{version}"), "version": version })
}

/// An `APIGroup` without kind and apiVersion, as `APIGroupList.groups` holds it.
fn group_json(group: &str, versions: &[&str]) -> Value {
    json!({
        "name": group,
        "versions": versions.iter().map(|v| group_version_json(group, v)).collect::<Vec<_>>(),
        "preferredVersion": group_version_json(group, versions[0]),
    })
}

fn resource_json(r: &Resource) -> Value {
    // Field order and omitempty as apimachinery's APIResource: group, version, shortNames
    // and categories are `omitempty`; singularName is not.
    let mut m = Map::new();
    m.insert("name".into(), json!(r.name));
    m.insert("singularName".into(), json!(r.singular_name));
    m.insert("namespaced".into(), json!(r.namespaced));
    if let Some((group, version)) = r.kind_group_version {
        m.insert("group".into(), json!(group));
        m.insert("version".into(), json!(version));
    }
    m.insert("kind".into(), json!(r.kind));
    m.insert("verbs".into(), json!(r.verbs));
    if !r.short_names.is_empty() {
        m.insert("shortNames".into(), json!(r.short_names));
    }
    if !r.categories.is_empty() {
        m.insert("categories".into(), json!(r.categories));
    }
    Value::Object(m)
}

fn resource_list(group_version: &str) -> Value {
    let resources: Vec<Value> = resources(group_version).iter().map(resource_json).collect();
    // The legacy list (version.go under /api) carries no apiVersion; group lists do.
    if group_version == "v1" {
        json!({ "kind": "APIResourceList", "groupVersion": "v1", "resources": resources })
    } else {
        json!({
            "kind": "APIResourceList",
            "apiVersion": "v1",
            "groupVersion": group_version,
            "resources": resources,
        })
    }
}

/// The discovery document at `path`, if it is one.
pub fn document(path: &str) -> Option<Value> {
    match path {
        // legacy.go: the address clients should use, which only the HTTP server knows; it
        // fills `serverAddress` in (`set_server_address`).
        "/api" => Some(json!({
            "kind": "APIVersions",
            "versions": ["v1"],
            "serverAddressByClientCIDRs": [{ "clientCIDR": "0.0.0.0/0", "serverAddress": "" }],
        })),
        "/api/v1" => Some(resource_list("v1")),
        "/apis" => Some(json!({
            "kind": "APIGroupList",
            "apiVersion": "v1",
            "groups": GROUPS.iter().map(|(g, v)| group_json(g, v)).collect::<Vec<_>>(),
        })),
        _ => {
            let rest = path.strip_prefix("/apis/")?;
            let (group, version) = match rest.split_once('/') {
                Some((g, v)) => (g, Some(v)),
                None => (rest, None),
            };
            let (name, versions) = GROUPS.iter().find(|(g, _)| *g == group)?;
            match version {
                None => {
                    let mut doc = group_json(name, versions);
                    let m = doc.as_object_mut()?;
                    m.shift_insert(0, "kind".into(), json!("APIGroup"));
                    m.shift_insert(1, "apiVersion".into(), json!("v1"));
                    Some(doc)
                }
                Some(v) if versions.contains(&v) => Some(resource_list(&format!("{group}/{v}"))),
                Some(_) => None,
            }
        }
    }
}

/// Fills `/api`'s `serverAddressByClientCIDRs` with the address the client reached.
pub fn set_server_address(doc: &mut Value, address: &str) {
    if let Some(Value::Array(entries)) = doc.get_mut("serverAddressByClientCIDRs") {
        for e in entries {
            e["serverAddress"] = json!(address);
        }
    }
}

/// The Go names of the platform the engine was built for, as `runtime.GOOS/GOARCH`.
fn platform() -> String {
    let os = match std::env::consts::OS {
        "macos" => "darwin",
        other => other,
    };
    let arch = match std::env::consts::ARCH {
        "x86_64" => "amd64",
        "aarch64" => "arm64",
        "x86" => "386",
        "wasm32" => "wasm",
        other => other,
    };
    format!("{os}/{arch}")
}

/// `/version`: apimachinery/pkg/version `Info`, saying the release our `kubectl version`
/// prints. kubeloop is no Go build of a git tree: the fields a build stamps in (gitCommit,
/// gitTreeState, buildDate, goVersion) are empty rather than copied from a real release,
/// and the compiler is the one that built it.
pub fn version() -> Value {
    json!({
        "major": "1",
        "minor": "34",
        "gitVersion": "v1.34.1",
        "gitCommit": "",
        "gitTreeState": "",
        "buildDate": "",
        "goVersion": "",
        "compiler": "rustc",
        "platform": platform(),
    })
}

#[cfg(test)]
#[path = "discovery_tests.rs"]
mod tests;
