//! Discovery documents against the shapes apimachinery and the installer give them.

use super::*;

fn names(doc: &Value) -> Vec<&str> {
    doc["resources"].as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap()).collect()
}

#[test]
fn every_kind_is_listed_at_its_group_version_with_all_verbs() {
    for kind in Kind::ALL {
        let doc = document(&match kind.group() {
            "" => "/api/v1".to_string(),
            _ => format!("/apis/{}", kind.api_version()),
        })
        .unwrap();
        let entry = doc["resources"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == kind.plural())
            .unwrap_or_else(|| panic!("{kind} missing"));
        assert_eq!(entry["kind"], kind.as_str());
        assert_eq!(entry["singularName"], kind.as_str().to_ascii_lowercase());
        assert_eq!(entry["namespaced"], kind.namespaced());
        // Namespaces have no DeleteCollection (pkg/registry/core/namespace/storage).
        let verbs: Vec<&str> = KIND_VERBS
            .iter()
            .copied()
            .filter(|v| kind != Kind::Namespace || *v != "deletecollection")
            .collect();
        assert_eq!(entry["verbs"], json!(verbs));
        assert_eq!(doc["groupVersion"], kind.api_version());
    }
}

#[test]
fn resource_lists_use_upstream_field_names_and_omit_empty_ones() {
    let apps = document("/apis/apps/v1").unwrap();
    let keys = |v: &Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    assert_eq!(keys(&apps), ["kind", "apiVersion", "groupVersion", "resources"]);
    let deploy = &apps["resources"][names(&apps).iter().position(|n| *n == "deployments").unwrap()];
    assert_eq!(
        keys(deploy),
        ["name", "singularName", "namespaced", "kind", "verbs", "shortNames", "categories"]
    );
    let scale = apps["resources"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "deployments/scale")
        .unwrap();
    assert_eq!(
        *scale,
        json!({"name": "deployments/scale", "singularName": "", "namespaced": true,
               "group": "autoscaling", "version": "v1", "kind": "Scale",
               "verbs": ["get", "patch", "update"]})
    );
    assert_eq!(keys(&document("/api/v1").unwrap()), ["kind", "groupVersion", "resources"]);
}

#[test]
fn subresources_follow_their_parent_in_path_order() {
    let core = document("/api/v1").unwrap();
    assert_eq!(
        names(&core),
        [
            "configmaps",
            "endpoints",
            "events",
            "limitranges",
            "namespaces",
            "namespaces/finalize",
            "namespaces/status",
            "nodes",
            "nodes/status",
            "persistentvolumeclaims",
            "persistentvolumeclaims/status",
            "pods",
            "pods/binding",
            "pods/eviction",
            "pods/log",
            "pods/status",
            "replicationcontrollers",
            "replicationcontrollers/scale",
            "replicationcontrollers/status",
            "resourcequotas",
            "resourcequotas/status",
            "secrets",
            "serviceaccounts",
            "serviceaccounts/token",
            "services",
            "services/status",
        ]
    );
    let pods = core["resources"].as_array().unwrap();
    let verbs = |n: &str| pods.iter().find(|r| r["name"] == n).unwrap()["verbs"].clone();
    assert_eq!(verbs("pods/binding"), json!(["create"]));
    assert_eq!(verbs("pods/log"), json!(["get"]));
    assert_eq!(verbs("namespaces"), json!(NAMESPACE_VERBS));
}

#[test]
fn pods_eviction_names_the_policy_group_version_drain_posts() {
    // drain.go CheckEvictionSupport takes the group and version of `pods/eviction` in v1's
    // list, and evicts only when both are set (an empty GroupVersion means delete).
    let core = document("/api/v1").unwrap();
    let eviction =
        core["resources"].as_array().unwrap().iter().find(|r| r["name"] == "pods/eviction");
    assert_eq!(
        eviction,
        Some(&json!({"name": "pods/eviction", "singularName": "", "namespaced": true,
                     "group": "policy", "version": "v1", "kind": "Eviction",
                     "verbs": ["create"]}))
    );
}

#[test]
fn autoscaling_prefers_v2_and_serves_v1() {
    let group = document("/apis/autoscaling").unwrap();
    assert_eq!(group["kind"], "APIGroup");
    assert_eq!(group["preferredVersion"]["groupVersion"], "autoscaling/v2");
    assert_eq!(group["versions"][1]["groupVersion"], "autoscaling/v1");
    for v in ["v1", "v2"] {
        let doc = document(&format!("/apis/autoscaling/{v}")).unwrap();
        assert_eq!(names(&doc), ["horizontalpodautoscalers", "horizontalpodautoscalers/status"]);
    }
    assert_eq!(document("/apis/autoscaling/v3"), None);
    assert_eq!(document("/apis/rbac.authorization.k8s.io"), None);
    assert_eq!(document("/api/v2"), None);
}

#[test]
fn decisions_are_read_only_and_the_sandboxs_resources_are_listed_beside_them() {
    let doc = document(decisions::PATH.strip_suffix("/decisions").unwrap()).unwrap();
    assert_eq!(
        names(&doc),
        ["controllers", "decisions", "eventdrops", "hosts", "loads", "servicetraffics", "settings"]
    );
    let entry =
        |n: &str| doc["resources"].as_array().unwrap().iter().find(|r| r["name"] == n).cloned();
    assert_eq!(
        entry("decisions"),
        Some(json!({"name": "decisions", "singularName": "decision", "namespaced": false,
                "kind": "Decision", "verbs": ["get", "list", "watch"]}))
    );
    assert_eq!(
        entry("loads"),
        Some(json!({"name": "loads", "singularName": "load", "namespaced": true,
                "kind": "Load", "verbs": ["get", "list", "update"]}))
    );
    // Every listed resource is routed.
    for r in super::super::sandbox::RESOURCES {
        assert!(super::super::path::route(&format!("/apis/kubeloop.dev/v1/{}", r.plural)).is_ok());
    }
    let list = document("/apis").unwrap();
    let groups: Vec<&str> =
        list["groups"].as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap()).collect();
    assert_eq!(
        groups,
        [
            "apps",
            "autoscaling",
            "batch",
            "networking.k8s.io",
            "policy",
            "scheduling.k8s.io",
            "coordination.k8s.io",
            "discovery.k8s.io",
            "metrics.k8s.io",
            "kubeloop.dev"
        ]
    );
}

#[test]
fn resource_metrics_are_read_only_pods_and_nodes() {
    let doc = document("/apis/metrics.k8s.io/v1beta1").unwrap();
    assert_eq!(
        doc["resources"],
        json!([
            {"name": "nodes", "singularName": "nodemetrics", "namespaced": false, "kind": "NodeMetrics",
             "verbs": ["get", "list"]},
            {"name": "pods", "singularName": "podmetrics", "namespaced": true, "kind": "PodMetrics",
             "verbs": ["get", "list"]},
        ])
    );
    assert_eq!(document("/apis/metrics.k8s.io").unwrap()["preferredVersion"]["version"], "v1beta1");
}

#[test]
fn the_server_address_is_filled_in_and_the_version_is_a_release() {
    let mut api = document("/api").unwrap();
    set_server_address(&mut api, "127.0.0.1:8001");
    assert_eq!(api["serverAddressByClientCIDRs"][0]["serverAddress"], "127.0.0.1:8001");
    let git = version()["gitVersion"].as_str().unwrap().to_string();
    assert_eq!(
        format!(
            "v{}.{}.1",
            version()["major"].as_str().unwrap(),
            version()["minor"].as_str().unwrap()
        ),
        git
    );
}
