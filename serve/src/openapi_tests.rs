//! The OpenAPI data against discovery: the same resources, whole references, and the
//! `fieldValidation` parameter kubectl looks for.

use super::*;
use kubeloop::api::discovery;
use kubeloop::model::Kind;

/// `api/v1` → `v1`, `apis/apps/v1` → `apps/v1`.
fn group_version(index_path: &str) -> &str {
    index_path.strip_prefix("apis/").or_else(|| index_path.strip_prefix("api/")).unwrap()
}

/// The resource and subresource a path names (`pods`, `pods/status`), without the group
/// version's prefix and the namespace; `None` for the group version's own list.
fn resource_of_path(index_path: &str, path: &str) -> Option<String> {
    let rest = path.strip_prefix(&format!("/{index_path}"))?.trim_matches('/');
    let segs: Vec<&str> = rest.split('/').filter(|s| !s.is_empty()).collect();
    let segs = match segs.as_slice() {
        ["namespaces", "{namespace}", tail @ ..] if !tail.is_empty() => tail.to_vec(),
        _ => segs,
    };
    match segs.as_slice() {
        [] => None,
        [r] | [r, _] => Some(r.to_string()),
        [r, _, sub] => Some(format!("{r}/{sub}")),
        _ => panic!("unexpected path {path}"),
    }
}

#[test]
fn the_index_lists_every_document_with_its_hash() {
    let (ty, body) = get("/openapi/v3", Some("application/json")).unwrap();
    assert_eq!(ty, JSON);
    let index: Value = serde_json::from_slice(body).unwrap();
    let paths = index["paths"].as_object().unwrap();
    assert_eq!(
        paths.keys().collect::<Vec<_>>(),
        DOCUMENTS.iter().map(|(g, _)| g).collect::<Vec<_>>()
    );
    for (gv, entry) in paths {
        let url = entry["serverRelativeURL"].as_str().unwrap();
        let hash = url.strip_prefix(&format!("/openapi/v3/{gv}?hash=")).unwrap();
        assert_eq!(hash.len(), 128, "{url}");
        assert!(hash.chars().all(|c| c.is_ascii_digit() || c.is_ascii_uppercase()), "{url}");
        assert!(get(url, None).is_some(), "{url}");
    }
}

#[test]
fn documents_hold_exactly_the_resources_discovery_lists() {
    for (index_path, _) in DOCUMENTS {
        let doc = document(index_path).unwrap();
        let mut in_doc: Vec<String> = doc["paths"]
            .as_object()
            .unwrap()
            .keys()
            .filter_map(|p| resource_of_path(index_path, p))
            .collect();
        in_doc.sort();
        in_doc.dedup();
        let mut listed: Vec<String> =
            discovery::resources(group_version(index_path)).into_iter().map(|r| r.name).collect();
        listed.sort();
        assert_eq!(in_doc, listed, "{index_path}");
    }
}

#[test]
fn every_reference_resolves_within_its_document() {
    fn refs<'a>(v: &'a Value, out: &mut Vec<&'a str>) {
        match v {
            Value::Object(m) => m.iter().for_each(|(k, v)| match (k.as_str(), v) {
                ("$ref", Value::String(s)) => out.push(s),
                _ => refs(v, out),
            }),
            Value::Array(a) => a.iter().for_each(|v| refs(v, out)),
            _ => {}
        }
    }
    for (index_path, _) in DOCUMENTS {
        let doc = document(index_path).unwrap();
        let mut found = Vec::new();
        refs(&doc, &mut found);
        assert!(!found.is_empty());
        for r in found {
            let name = r.strip_prefix("#/components/schemas/").unwrap();
            assert!(doc["components"]["schemas"].get(name).is_some(), "{index_path}: {r}");
        }
    }
}

#[test]
fn every_kind_patch_takes_field_validation_so_kubectl_validates_on_the_server() {
    // cli-runtime query_param_verifier_v3.go supportsQueryParamV3: a PATCH operation whose
    // x-kubernetes-group-version-kind is the object's, with a `fieldValidation` parameter.
    for kind in Kind::ALL {
        let index_path = match kind.group() {
            "" => "api/v1".to_string(),
            _ => format!("apis/{}", kind.api_version()),
        };
        let doc = document(&index_path).unwrap();
        let gvk = serde_json::json!({"group": kind.group(), "version": kind.version(), "kind": kind.as_str()});
        let supported = doc["paths"].as_object().unwrap().values().any(|item| {
            let patch = &item["patch"];
            patch["x-kubernetes-group-version-kind"] == gvk
                && patch["parameters"]
                    .as_array()
                    .is_some_and(|ps| ps.iter().any(|p| p["name"] == "fieldValidation"))
        });
        assert!(supported, "{kind}");
    }
}

#[test]
fn v2_is_served_as_protobuf_to_clients_that_ask_for_it() {
    let asked = "application/com.github.proto-openapi.spec.v2@v1.0+protobuf";
    let (ty, body) = get("/openapi/v2?timeout=32s", Some(asked)).unwrap();
    assert_eq!(ty, "application/com.github.proto-openapi.spec.v2.v1.0+protobuf");
    assert_eq!(get("/openapi/v2", Some(PROTOBUF_V2)), Some((ty, body)));
    // openapi.v2.Document field 1, `swagger`, is the string "2.0".
    assert_eq!(&body[..5], b"\x0a\x032.0");
    // Definitions and paths of every group version are in it, autoscaling/v1 too.
    let text = String::from_utf8_lossy(body);
    for needle in [
        "io.k8s.api.apps.v1.Deployment",
        "io.k8s.api.autoscaling.v1.HorizontalPodAutoscaler",
        "/apis/autoscaling/v1/namespaces/{namespace}/horizontalpodautoscalers",
        "/api/v1/namespaces/{namespace}/pods/{name}/log",
        "/api/v1/namespaces/{namespace}/pods/{name}/eviction",
        "io.k8s.api.policy.v1.Eviction",
        "io.k8s.api.networking.v1.IngressSpec",
        "/apis/networking.k8s.io/v1/namespaces/{namespace}/ingresses/{name}/status",
        "fieldValidation",
    ] {
        assert!(text.contains(needle), "{needle}");
    }
    // Only what is served: a kind of a served group that kubeloop does not store is left out.
    assert!(!text.contains("io.k8s.api.networking.v1.NetworkPolicy"));
    assert_eq!(get("/openapi/v2", Some("application/json")), None);
    assert_eq!(get("/openapi/v2", None), None);
}

#[test]
fn other_paths_and_accepts_without_json_are_not_served() {
    assert_eq!(get("/openapi/v3/apis/autoscaling/v1", None), None);
    assert_eq!(get("/openapi/v3/apis/rbac.authorization.k8s.io/v1", None), None);
    assert!(get("/openapi/v3/apis/networking.k8s.io/v1", None).is_some());
    assert_eq!(
        get("/openapi/v3", Some("application/com.github.proto-openapi.spec.v3@v1.0+protobuf")),
        None
    );
    assert!(get("/openapi/v3/api/v1", Some("application/json, */*")).is_some());
    assert!(get("/openapi/v3/apis/apps/v1?hash=ABC", Some("*/*")).is_some());
}
