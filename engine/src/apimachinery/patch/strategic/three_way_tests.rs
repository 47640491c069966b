//! The three-way patch, first with the vectors of upstream's patch_test.go
//! (`createStrategicMergePatchTestCaseData`, each case's `threeWay` and `result`) that need no
//! schema, then with a Deployment's merging lists, checking each patch by applying it.

use serde_json::{json, Value};

use super::create_three_way;
use crate::apimachinery::patch::strategic::apply;

/// Creates the patch, checks it, and checks what applying it to `current` gives.
fn check(original: Value, modified: Value, current: Value, patch: Value, result: Value) {
    let got = create_three_way(&original, &modified, &current).unwrap();
    assert_eq!(got, patch, "patch");
    assert_eq!(apply(&current, &got).unwrap(), result, "result");
}

#[test]
fn upstream_vectors_for_maps() {
    // "nil original": a field modified adds is sent; what only current has stays.
    check(
        Value::Null,
        json!({"name": 1, "value": 1}),
        json!({"name": 1, "other": "a"}),
        json!({"value": 1}),
        json!({"name": 1, "other": "a", "value": 1}),
    );
    // "nil patch".
    check(
        json!({"name": 1}),
        json!({"name": 1}),
        json!({"name": 1}),
        json!({}),
        json!({"name": 1}),
    );
    // "add field to map with conflict": the manifest's value wins over the live one.
    check(
        json!({"name": 1}),
        json!({"name": 1, "value": 1}),
        json!({"name": "a", "other": "a"}),
        json!({"name": 1, "value": 1}),
        json!({"name": 1, "other": "a", "value": 1}),
    );
    // "add field and delete field from map".
    check(
        json!({"name": 1}),
        json!({"value": 1}),
        json!({"name": 1, "other": "a"}),
        json!({"name": null, "value": 1}),
        json!({"other": "a", "value": 1}),
    );
    // "delete field from nested map with conflict".
    check(
        json!({"simpleMap": {"key1": 1, "key2": 1}}),
        json!({"simpleMap": {"key1": 1}}),
        json!({"simpleMap": {"key1": "a", "key2": 1, "other": "a"}}),
        json!({"simpleMap": {"key1": 1, "key2": null}}),
        json!({"simpleMap": {"key1": 1, "other": "a"}}),
    );
    // "add field and delete all fields from map with conflict".
    check(
        json!({"name": 1, "value": 1}),
        json!({"other": "a"}),
        json!({"name": 1, "value": 1, "other": "b"}),
        json!({"name": null, "other": "a", "value": null}),
        json!({"other": "a"}),
    );
    // "defined null values should propagate removing original fields".
    check(
        json!({"name": "original-name", "value": "original-value"}),
        json!({"name": "modified-name", "value": null}),
        json!({"name": "original-name", "value": "original-value", "other": "current-other"}),
        json!({"name": "modified-name", "value": null}),
        json!({"name": "modified-name", "other": "current-other"}),
    );
}

fn deploy(replicas: Option<i64>, containers: Value) -> Value {
    let mut spec = json!({"template": {"spec": {"containers": containers}}});
    if let Some(r) = replicas {
        spec["replicas"] = r.into();
    }
    json!({"kind": "Deployment", "metadata": {"name": "web"}, "spec": spec})
}

#[test]
fn a_field_removed_from_the_manifest_is_removed_from_the_object() {
    let original = deploy(Some(2), json!([{"name": "web", "image": "nginx", "args": ["-v"]}]));
    let modified = deploy(Some(2), json!([{"name": "web", "image": "nginx"}]));
    let current = deploy(
        Some(2),
        json!([{"name": "web", "image": "nginx", "args": ["-v"], "imagePullPolicy": "Always"}]),
    );
    check(
        original,
        modified,
        current,
        json!({"spec": {"template": {"spec": {
            "$setElementOrder/containers": [{"name": "web"}],
            "containers": [{"args": null, "name": "web"}]
        }}}}),
        // The default the server filled in is no field the manifest ever set: it stays.
        deploy(Some(2), json!([{"name": "web", "image": "nginx", "imagePullPolicy": "Always"}])),
    );
}

#[test]
fn a_field_another_writer_set_is_kept_when_the_manifest_never_set_it() {
    // `kubectl scale --replicas=5` after an apply of a manifest without replicas.
    let manifest = deploy(None, json!([{"name": "web", "image": "nginx:1.27"}]));
    let current = deploy(Some(5), json!([{"name": "web", "image": "nginx:1.27"}]));
    let patch = create_three_way(&manifest, &manifest, &current).unwrap();
    assert_eq!(patch, json!({}));
    // A new image in the manifest changes the image and nothing else.
    let modified = deploy(None, json!([{"name": "web", "image": "nginx:1.28"}]));
    check(
        manifest,
        modified,
        current,
        json!({"spec": {"template": {"spec": {
            "$setElementOrder/containers": [{"name": "web"}],
            "containers": [{"image": "nginx:1.28", "name": "web"}]
        }}}}),
        deploy(Some(5), json!([{"name": "web", "image": "nginx:1.28"}])),
    );
    // Replicas the previous apply set and this one drops are deleted (the server defaults
    // them again).
    let with = deploy(Some(3), json!([{"name": "web", "image": "nginx:1.27"}]));
    let without = deploy(None, json!([{"name": "web", "image": "nginx:1.27"}]));
    let patch = create_three_way(&with, &without, &with).unwrap();
    assert_eq!(patch, json!({"spec": {"replicas": null}}));
}

#[test]
fn a_container_dropped_from_the_manifest_is_deleted_by_name_and_one_added_is_sent_whole() {
    // upstream "delete all maps from merging list", with containers for `mergingList`.
    let two = json!([{"name": "a", "image": "x"}, {"name": "b", "image": "y"}]);
    check(
        deploy(None, two.clone()),
        deploy(None, json!([])),
        deploy(None, two.clone()),
        json!({"spec": {"template": {"spec": {"containers": [
            {"$patch": "delete", "name": "a"},
            {"$patch": "delete", "name": "b"}
        ]}}}}),
        deploy(None, json!([])),
    );
    let modified = deploy(None, json!([{"name": "a", "image": "x"}, {"name": "c", "image": "z"}]));
    check(
        deploy(None, two.clone()),
        modified.clone(),
        deploy(None, two),
        json!({"spec": {"template": {"spec": {
            "$setElementOrder/containers": [{"name": "a"}, {"name": "c"}],
            "containers": [{"image": "z", "name": "c"}, {"$patch": "delete", "name": "b"}]
        }}}}),
        modified,
    );
}

#[test]
fn labels_the_previous_apply_set_go_and_labels_the_cluster_set_stay() {
    let meta = |labels: Value| json!({"metadata": {"name": "web", "labels": labels}});
    check(
        meta(json!({"app": "web", "old": "x"})),
        meta(json!({"app": "web", "team": "b"})),
        meta(json!({"app": "web", "old": "x", "revision": "2"})),
        json!({"metadata": {"labels": {"old": null, "team": "b"}}}),
        meta(json!({"app": "web", "revision": "2", "team": "b"})),
    );
}
