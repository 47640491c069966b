//! Which resource a path names, as apiserver/pkg/endpoints/request/requestinfo.go reads it:
//! `/api/v1/...` or `/apis/GROUP/VERSION/...`, then optionally `namespaces/NS/`, the
//! resource, a name and a subresource.

use crate::model::Kind;

use super::decisions;
use super::metrics;
use super::sandbox::resources::{self as sandbox, Target as SandboxTarget};
use super::Status;

/// The API version the client spoke; only autoscaling has two (`v1` is converted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resource {
    pub kind: Kind,
    /// `autoscaling/v1` when the client used it; otherwise the kind's own version.
    pub api_version: String,
    /// `None` for a list across namespaces (or a cluster-scoped kind).
    pub namespace: Option<String>,
    pub name: Option<String>,
    pub sub: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    Resource(Resource),
    Decisions,
    /// One of kubeloop's own resources besides the decisions (`api::sandbox`).
    Sandbox(SandboxTarget),
    /// `metrics.k8s.io/v1beta1` pods or nodes (`api::metrics`).
    Metrics(metrics::Target),
}

/// The kind served under a group, version and plural.
fn kind_of(group: &str, version: &str, plural: &str) -> Option<Kind> {
    // A kind is served at its preferred version and at those it converts from (autoscaling/v1,
    // which kubectl autoscale posts).
    Kind::ALL.into_iter().find(|k| {
        let info = k.info();
        info.group() == group
            && info.plural == plural
            && (info.version() == version || info.also_served.contains(&version))
    })
}

pub fn route(path: &str) -> Result<Route, Status> {
    let trimmed = path.trim_end_matches('/');
    if trimmed == decisions::PATH {
        return Ok(Route::Decisions);
    }
    let parts: Vec<&str> = trimmed.split('/').skip(1).collect();
    let (group, version, rest) = match parts.as_slice() {
        ["api", "v1", rest @ ..] => ("", "v1", rest),
        ["apis", g, v, rest @ ..] => (*g, *v, rest),
        _ => return Err(Status::no_route()),
    };
    let api_version =
        if group.is_empty() { version.to_string() } else { format!("{group}/{version}") };
    if rest.iter().any(|p| p.is_empty()) {
        return Err(Status::no_route());
    }
    // `namespaces/NS/RESOURCE/...` is a namespaced request; `namespaces[/NAME[/SUB]]` names
    // the Namespace objects (requestinfo.go's special case), their subresources `status`
    // and `finalize` included.
    let (namespace, rest): (Option<String>, &[&str]) = match rest {
        ["namespaces", _, "status" | "finalize"] if group.is_empty() => (None, rest),
        ["namespaces", ns, _, ..] => (Some(ns.to_string()), &rest[2..]),
        _ => (None, rest),
    };
    let (plural, name, sub) = match rest {
        [plural] => (*plural, None, None),
        [plural, name] => (*plural, Some(name.to_string()), None),
        [plural, name, sub] => (*plural, Some(name.to_string()), Some(sub.to_string())),
        _ => return Err(Status::no_route()),
    };
    if api_version == metrics::API_VERSION {
        let (pods, namespaced) = match plural {
            "pods" => (true, true),
            "nodes" => (false, false),
            _ => return Err(Status::no_route()),
        };
        let misplaced =
            if namespaced { namespace.is_none() && name.is_some() } else { namespace.is_some() };
        if sub.is_some() || misplaced {
            return Err(Status::no_route());
        }
        return Ok(Route::Metrics(metrics::Target { pods, namespace, name }));
    }
    if api_version == sandbox::API_VERSION {
        return sandbox_route(plural, namespace, name, sub);
    }
    let kind = kind_of(group, version, plural).ok_or_else(Status::no_route)?;
    let namespace = if kind.namespaced() { namespace } else { None };
    Ok(Route::Resource(Resource { kind, api_version, namespace, name, sub }))
}

/// A `kubeloop.dev/v1` path: a namespaced resource's objects live in a namespace, a
/// cluster-scoped one's outside any, and none has subresources.
fn sandbox_route(
    plural: &str,
    namespace: Option<String>,
    name: Option<String>,
    sub: Option<String>,
) -> Result<Route, Status> {
    let resource = sandbox::resource(plural).ok_or_else(Status::no_route)?;
    let misplaced = if resource.namespaced {
        namespace.is_none() && name.is_some()
    } else {
        namespace.is_some()
    };
    if sub.is_some() || misplaced {
        return Err(Status::no_route());
    }
    Ok(Route::Sandbox(SandboxTarget { resource, namespace, name }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn res(path: &str) -> Resource {
        match route(path) {
            Ok(Route::Resource(r)) => r,
            other => panic!("{path}: {other:?}"),
        }
    }

    #[test]
    fn paths_name_kind_namespace_name_and_subresource() {
        let r = res("/apis/apps/v1/namespaces/default/deployments/web/scale");
        assert_eq!(r.kind, Kind::Deployment);
        assert_eq!(
            (r.namespace.as_deref(), r.name.as_deref(), r.sub.as_deref()),
            (Some("default"), Some("web"), Some("scale"))
        );
        let r = res("/api/v1/pods");
        assert_eq!((r.kind, r.namespace), (Kind::Pod, None));
        let r = res("/api/v1/nodes/node-1");
        assert_eq!((r.kind, r.name.as_deref()), (Kind::Node, Some("node-1")));
        let r = res("/apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers");
        assert_eq!(r.api_version, "autoscaling/v1");
        assert_eq!(res("/api/v1/namespaces/kube-system").kind, Kind::Namespace);
        assert_eq!(res("/api/v1/namespaces").name, None);
        assert_eq!(res("/api/v1/namespaces/x/status").sub.as_deref(), Some("status"));
        assert_eq!(route("/apis/kubeloop.dev/v1/decisions"), Ok(Route::Decisions));
    }

    #[test]
    fn the_sandboxs_resources_route_by_scope() {
        let Ok(Route::Sandbox(t)) = route("/apis/kubeloop.dev/v1/namespaces/default/loads/pod.a")
        else {
            panic!("not routed")
        };
        assert_eq!(
            (t.resource.kind, t.namespace.as_deref(), t.name.as_deref()),
            ("Load", Some("default"), Some("pod.a"))
        );
        assert!(matches!(route("/apis/kubeloop.dev/v1/hosts/node-1"), Ok(Route::Sandbox(_))));
        assert!(matches!(route("/apis/kubeloop.dev/v1/loads"), Ok(Route::Sandbox(_))));
        for p in [
            "/apis/kubeloop.dev/v1/namespaces/default/hosts",
            "/apis/kubeloop.dev/v1/loads/pod.a",
            "/apis/kubeloop.dev/v1/hosts/node-1/status",
            "/apis/kubeloop.dev/v1/widgets",
            "/apis/kubeloop.dev/v2/hosts",
        ] {
            assert_eq!(route(p).unwrap_err().code, 404, "{p}");
        }
    }

    #[test]
    fn unknown_paths_are_404_statuses() {
        for p in [
            "/",
            "/apis/apps/v2/deployments",
            "/apis/example.com/v1/widgets",
            "/api/v1/namespaces/default/pods/a/b/c",
            "/api//v1",
            "/api/v1/deployments",
        ] {
            assert_eq!(route(p).unwrap_err().code, 404, "{p}");
        }
    }
}
