//! Field sets, merges and prunes against server-side apply's documented cases
//! (kubernetes.io/docs/reference/using-api/server-side-apply, structured-merge-diff's
//! merge tests).

use serde_json::json;

use super::*;

struct Plain;

impl Schema for Plain {
    fn list(&self, path: &[&str]) -> ListKind {
        match path.last() {
            Some(&"containers") => ListKind::Map(&["name"]),
            Some(&"finalizers") => ListKind::Set,
            _ => ListKind::Atomic,
        }
    }
    fn atomic_map(&self, path: &[&str]) -> bool {
        path.last() == Some(&"selector")
    }
}

#[test]
fn an_applied_configmap_owns_its_label_and_its_key() {
    // The managedFields example of the server-side apply documentation.
    let config =
        json!({"metadata": {"labels": {"test-label": "test"}}, "data": {"key": "some value"}});
    let set = to_field_set(&config, &Plain);
    assert_eq!(
        set.to_fields_v1(),
        json!({"f:data": {"f:key": {}}, "f:metadata": {"f:labels": {"f:test-label": {}}}})
    );
}

#[test]
fn list_items_are_members_atomic_values_leaves_and_empty_maps_members() {
    let config = json!({"spec": {
        "replicas": 3,
        "selector": {"matchLabels": {"app": "web"}},
        "template": {"metadata": {"annotations": {}}, "spec": {"containers": [{"name": "nginx", "image": "nginx:1.27"}]}},
    }, "metadata": {"finalizers": ["a"]}});
    let set = to_field_set(&config, &Plain);
    assert_eq!(
        set.to_fields_v1(),
        json!({
            "f:metadata": {"f:finalizers": {"v:\"a\"": {}}},
            "f:spec": {"f:replicas": {}, "f:selector": {}, "f:template": {
                "f:metadata": {"f:annotations": {}},
                "f:spec": {"f:containers": {"k:{\"name\":\"nginx\"}": {".": {}, "f:image": {}, "f:name": {}}}},
            }},
        })
    );
    assert_eq!(
        paths(&set),
        vec![
            ".metadata.finalizers[=\"a\"]",
            ".spec.replicas",
            ".spec.selector",
            ".spec.template.metadata.annotations",
            ".spec.template.spec.containers[name=\"nginx\"]",
            ".spec.template.spec.containers[name=\"nginx\"].image",
            ".spec.template.spec.containers[name=\"nginx\"].name",
        ]
    );
}

#[test]
fn a_merge_keeps_what_the_config_leaves_out_and_merges_list_items_by_key() {
    let live = json!({"spec": {"replicas": 5, "paused": false,
        "selector": {"matchLabels": {"app": "web", "tier": "x"}},
        "containers": [{"name": "a", "image": "1", "imagePullPolicy": "Always"}, {"name": "b", "image": "2"}]}});
    let config = json!({"spec": {"replicas": 3, "selector": {"matchLabels": {"app": "web"}},
        "containers": [{"name": "c", "image": "3"}, {"name": "a", "image": "9"}]}});
    assert_eq!(
        merge(&live, &config, &Plain),
        json!({"spec": {"replicas": 3, "paused": false,
            "selector": {"matchLabels": {"app": "web"}},
            "containers": [{"name": "a", "image": "9", "imagePullPolicy": "Always"}, {"name": "b", "image": "2"}, {"name": "c", "image": "3"}]}})
    );
}

#[test]
fn removal_takes_fields_and_whole_list_items_and_leaves_the_rest() {
    let mut v = json!({"metadata": {"labels": {"a": "1", "b": "2"}, "finalizers": ["x", "y"]},
        "spec": {"containers": [{"name": "a", "image": "1"}, {"name": "b", "image": "2", "args": ["z"]}]}});
    let gone = FieldSet::from_fields_v1(&json!({
        "f:metadata": {"f:labels": {"f:b": {}}, "f:finalizers": {"v:\"x\"": {}}},
        "f:spec": {"f:containers": {"k:{\"name\":\"a\"}": {".": {}, "f:image": {}, "f:name": {}},
            "k:{\"name\":\"b\"}": {"f:args": {}}}},
    }));
    remove(&mut v, &gone);
    assert_eq!(
        v,
        json!({"metadata": {"labels": {"a": "1"}, "finalizers": ["y"]},
            "spec": {"containers": [{"name": "b", "image": "2"}]}})
    );
}
