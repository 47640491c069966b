//! `create_two_way` against upstream's vectors and the bodies kubectl is known to send, and the
//! property every two-way patch must have: `apply(original, patch) == modified`.

use super::{apply, create_two_way};
use serde_json::{json, Value};

/// The patch, checked to turn `original` back into `modified` through `apply`.
fn two_way(original: &Value, modified: &Value) -> Value {
    let patch = create_two_way(original, modified).unwrap();
    let back = apply(original, &patch).unwrap();
    assert_eq!(&back, modified, "apply({original}, {patch})");
    patch
}

fn deployment(containers: Value) -> Value {
    json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"},
        "spec": {"replicas": 1, "template": {"metadata": {"labels": {"app": "web"}},
            "spec": {"containers": containers}}}})
}

fn pod_spec(patch: Value) -> Value {
    json!({"spec": {"template": {"spec": patch}}})
}

/// `kubectl set image deploy/web nginx=nginx:1.28`: the changed field plus the merge key, and
/// the order of the list it touched.
#[test]
fn set_image_sends_the_image_the_name_and_the_order() {
    let original = deployment(json!([{"name": "nginx", "image": "nginx:1.27"}]));
    let modified = deployment(json!([{"name": "nginx", "image": "nginx:1.28"}]));
    assert_eq!(
        two_way(&original, &modified).to_string(),
        r#"{"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"nginx"}],"containers":[{"image":"nginx:1.28","name":"nginx"}]}}}}"#
    );
}

/// `kubectl cordon` and `uncordon` (drain's cordon helper builds the patch with
/// `CreateTwoWayMergePatch`; `unschedulable` is `omitempty`, so false is absent).
#[test]
fn cordon_and_uncordon_send_unschedulable_true_and_null() {
    let node =
        json!({"kind": "Node", "metadata": {"name": "n1"}, "spec": {"podCIDR": "10.0.1.0/24"}});
    let mut cordoned = node.clone();
    cordoned["spec"]["unschedulable"] = json!(true);
    assert_eq!(two_way(&node, &cordoned).to_string(), r#"{"spec":{"unschedulable":true}}"#);
    assert_eq!(two_way(&cordoned, &node).to_string(), r#"{"spec":{"unschedulable":null}}"#);
}

/// `kubectl rollout pause` and `resume` (`paused` is `omitempty` too).
#[test]
fn rollout_pause_and_resume_send_paused() {
    let running = deployment(json!([{"name": "nginx"}]));
    let mut paused = running.clone();
    paused["spec"]["paused"] = json!(true);
    assert_eq!(two_way(&running, &paused).to_string(), r#"{"spec":{"paused":true}}"#);
    assert_eq!(two_way(&paused, &running).to_string(), r#"{"spec":{"paused":null}}"#);
}

/// `kubectl set env`: a first variable arrives as the whole new list; a second one as its
/// item with the list's order; a removed one as a delete directive; the last one as `null`.
#[test]
fn set_env_adds_and_removes_variables_by_name() {
    let none = deployment(json!([{"name": "nginx"}]));
    let one = deployment(json!([{"name": "nginx", "env": [{"name": "B", "value": "2"}]}]));
    let two = deployment(json!([{"name": "nginx",
        "env": [{"name": "B", "value": "2"}, {"name": "A", "value": "1"}]}]));
    let order = json!([{"name": "nginx"}]);
    assert_eq!(
        two_way(&none, &one),
        pod_spec(json!({"$setElementOrder/containers": order,
            "containers": [{"env": [{"name": "B", "value": "2"}], "name": "nginx"}]}))
    );
    assert_eq!(
        two_way(&one, &two),
        pod_spec(json!({"$setElementOrder/containers": order, "containers": [{
            "$setElementOrder/env": [{"name": "B"}, {"name": "A"}],
            "env": [{"name": "A", "value": "1"}], "name": "nginx"}]}))
    );
    assert_eq!(
        two_way(&two, &one),
        pod_spec(json!({"$setElementOrder/containers": order, "containers": [{
            "$setElementOrder/env": [{"name": "B"}],
            "env": [{"$patch": "delete", "name": "A"}], "name": "nginx"}]}))
    );
    assert_eq!(
        two_way(&one, &none),
        pod_spec(json!({"$setElementOrder/containers": order,
            "containers": [{"env": null, "name": "nginx"}]}))
    );
}

/// `kubectl set resources`: only the quantities that changed.
#[test]
fn set_resources_sends_the_changed_quantities() {
    let original = deployment(json!([{"name": "nginx",
        "resources": {"limits": {"cpu": "100m", "memory": "64Mi"}}}]));
    let modified = deployment(json!([{"name": "nginx",
        "resources": {"limits": {"cpu": "200m", "memory": "64Mi"}, "requests": {"cpu": "50m"}}}]));
    assert_eq!(
        two_way(&original, &modified),
        pod_spec(json!({"$setElementOrder/containers": [{"name": "nginx"}], "containers": [
            {"name": "nginx", "resources": {"limits": {"cpu": "200m"}, "requests": {"cpu": "50m"}}}
        ]}))
    );
}

#[test]
fn containers_added_and_removed_carry_the_whole_item_or_a_delete_directive() {
    let one = deployment(json!([{"name": "nginx", "image": "nginx"}]));
    let two = deployment(json!([{"name": "nginx", "image": "nginx"},
        {"name": "sidecar", "image": "busybox", "ports": [{"containerPort": 9000}]}]));
    let order = json!([{"name": "nginx"}, {"name": "sidecar"}]);
    assert_eq!(
        two_way(&one, &two),
        pod_spec(json!({"$setElementOrder/containers": order, "containers": [
            {"image": "busybox", "name": "sidecar", "ports": [{"containerPort": 9000}]}]}))
    );
    assert_eq!(
        two_way(&two, &one),
        pod_spec(json!({"$setElementOrder/containers": [{"name": "nginx"}],
            "containers": [{"$patch": "delete", "name": "sidecar"}]}))
    );
}

/// Merge keys are matched as Go prints them, so numbers sort as text: 443 before 80 before
/// 8080. Emptying a list sends only the deletions: `$setElementOrder` of nothing is left out.
#[test]
fn ports_are_deleted_in_printed_key_order_and_an_empty_list_sends_no_order() {
    let ports = json!([{"containerPort": 80}, {"containerPort": 8080}, {"containerPort": 443}]);
    let original = deployment(json!([{"name": "nginx", "ports": ports}]));
    let modified = deployment(json!([{"name": "nginx", "ports": []}]));
    assert_eq!(
        two_way(&original, &modified),
        pod_spec(json!({"$setElementOrder/containers": [{"name": "nginx"}], "containers": [
            {"name": "nginx", "ports": [{"$patch": "delete", "containerPort": 443},
                {"$patch": "delete", "containerPort": 80},
                {"$patch": "delete", "containerPort": 8080}]}]}))
    );
}

/// A list only reordered sends its order and nothing else.
#[test]
fn a_reordered_list_sends_only_its_order() {
    let original = deployment(json!([{"name": "a"}, {"name": "b"}]));
    let modified = deployment(json!([{"name": "b"}, {"name": "a"}]));
    assert_eq!(
        two_way(&original, &modified),
        pod_spec(json!({"$setElementOrder/containers": [{"name": "b"}, {"name": "a"}]}))
    );
}

#[test]
fn removed_labels_are_null_and_no_change_is_empty() {
    let original = json!({"metadata": {"name": "web", "labels": {"app": "web", "tier": "db"}}});
    let modified = json!({"metadata": {"name": "web", "labels": {"tier": "db"}}});
    assert_eq!(
        two_way(&original, &modified).to_string(),
        r#"{"metadata":{"labels":{"app":null}}}"#
    );
    assert_eq!(two_way(&original, &original), json!({}));
    let big = deployment(json!([{"name": "a", "env": [{"name": "X"}]}, {"name": "b"}]));
    assert_eq!(two_way(&big, &big), json!({}));
}

#[test]
fn finalizers_send_additions_a_deletion_list_and_the_order() {
    let original = json!({"metadata": {"finalizers": ["a", "b"]}});
    let modified = json!({"metadata": {"finalizers": ["b", "c"]}});
    assert_eq!(
        two_way(&original, &modified).to_string(),
        r#"{"metadata":{"$deleteFromPrimitiveList/finalizers":["a"],"$setElementOrder/finalizers":["b","c"],"finalizers":["c"]}}"#
    );
    let gone = json!({"metadata": {}});
    assert_eq!(two_way(&original, &gone), json!({"metadata": {"finalizers": null}}));
}

/// Deployment's `strategy` is `retainKeys`: switching to Recreate names the keys to keep, so
/// the server drops `rollingUpdate` even where the client did not know it was set.
#[test]
fn a_retain_keys_field_names_the_keys_it_keeps() {
    let rolling = json!({"spec": {"strategy": {"type": "RollingUpdate",
        "rollingUpdate": {"maxSurge": "25%", "maxUnavailable": "25%"}}}});
    let recreate = json!({"spec": {"strategy": {"type": "Recreate"}}});
    assert_eq!(
        two_way(&rolling, &recreate).to_string(),
        r#"{"spec":{"strategy":{"$retainKeys":["type"],"rollingUpdate":null,"type":"Recreate"}}}"#
    );
    let empty_dir = deployment(json!([{"name": "c"}]));
    let mut host_path = empty_dir.clone();
    set_volume(&mut host_path, json!({"name": "data", "hostPath": {"path": "/x"}}));
    let mut original = empty_dir.clone();
    set_volume(&mut original, json!({"name": "data", "emptyDir": {}}));
    assert_eq!(
        two_way(&original, &host_path)["spec"]["template"]["spec"]["volumes"],
        json!([{"$retainKeys": ["hostPath", "name"], "emptyDir": null,
            "hostPath": {"path": "/x"}, "name": "data"}])
    );
}

fn set_volume(d: &mut Value, volume: Value) {
    d["spec"]["template"]["spec"]["volumes"] = json!([volume]);
}

#[test]
fn documents_that_are_not_objects_and_broken_keyed_lists_are_refused() {
    assert_eq!(create_two_way(&json!([1]), &json!({})), Err("invalid JSON document".into()));
    let original = deployment(json!([{"name": "a"}]));
    let no_key = deployment(json!([{"image": "x"}]));
    assert_eq!(
        create_two_way(&original, &no_key),
        Err("map: map[image:x] does not contain declared merge key: name".into())
    );
    let mixed = deployment(json!([{"name": "a"}, "b"]));
    assert_eq!(
        create_two_way(&original, &mixed),
        Err("list element types are not identical: [[map[name:a]] [map[name:a] b]]".into())
    );
    let nested = deployment(json!([[1]]));
    assert_eq!(create_two_way(&original, &nested), Err("lists of lists are not supported".into()));
}

/// Upstream's two-way vectors, staging/src/k8s.io/apimachinery/pkg/util/strategicpatch/
/// patch_test.go (`createStrategicMergePatchTestCaseData` and `strategicMergePatchRawTestCases`),
/// by description. Its test struct's fields are renamed to fields with the same tags here:
/// `mergingList` (merge by `name`) is `spec.containers`, `mergingIntList` (merge, primitives)
/// is `metadata.finalizers`, `simpleMap` is `metadata.labels`, `retainKeysMap` is a
/// Deployment's `spec.strategy`; untagged fields keep their names.
#[test]
fn upstream_two_way_vectors_hold() {
    let c = |list: Value| json!({"spec": {"containers": list}});
    let f = |list: Value| json!({"metadata": {"finalizers": list}});
    let rows: Vec<(&str, Value, Value, Value)> = vec![
        ("nil patch", json!({"name": 1}), json!({"name": 1}), json!({})),
        (
            "add field to map",
            json!({"name": 1}),
            json!({"name": 1, "value": 1}),
            json!({"value": 1}),
        ),
        (
            "add field and delete field from map",
            json!({"name": 1}),
            json!({"value": 1}),
            json!({"name": null, "value": 1}),
        ),
        (
            "delete field from nested map",
            json!({"metadata": {"labels": {"key1": 1, "key2": 1}}}),
            json!({"metadata": {"labels": {"key1": 1}}}),
            json!({"metadata": {"labels": {"key2": null}}}),
        ),
        (
            "delete all fields from map",
            json!({"name": 1, "value": 1}),
            json!({}),
            json!({"name": null, "value": null}),
        ),
        (
            "add field and delete all fields from map",
            json!({"name": 1, "value": 1}),
            json!({"other": "a"}),
            json!({"name": null, "value": null, "other": "a"}),
        ),
        (
            "replace list of scalars",
            json!({"nonMergingIntList": [1, 2]}),
            json!({"nonMergingIntList": [2, 3]}),
            json!({"nonMergingIntList": [2, 3]}),
        ),
        (
            "delete all maps from merging list",
            c(json!([{"name": 1}, {"name": 2}])),
            c(json!([])),
            c(json!([{"name": 1, "$patch": "delete"}, {"name": 2, "$patch": "delete"}])),
        ),
        ("merge empty merging lists", c(json!([])), c(json!([])), json!({})),
        (
            "retainKeys map with no change should not be present",
            json!({"name": "a", "spec": {"strategy": {"name": "foo"}}}),
            json!({"name": "a", "value": "b", "spec": {"strategy": {"name": "foo"}}}),
            json!({"value": "b"}),
        ),
        (
            "delete items in lists of scalars",
            f(json!([1, 2, 3])),
            f(json!([1, 2])),
            json!({"metadata": {"$setElementOrder/finalizers": [1, 2],
                "$deleteFromPrimitiveList/finalizers": [3]}}),
        ),
        (
            "delete all duplicate items in lists of scalars",
            f(json!([1, 2, 3, 3])),
            f(json!([1, 2])),
            json!({"metadata": {"$setElementOrder/finalizers": [1, 2],
                "$deleteFromPrimitiveList/finalizers": [3]}}),
        ),
        (
            "add and delete items in lists of scalars",
            f(json!([1, 2, 3])),
            f(json!([1, 2, 4])),
            json!({"metadata": {"$setElementOrder/finalizers": [1, 2, 4],
                "$deleteFromPrimitiveList/finalizers": [3], "finalizers": [4]}}),
        ),
        (
            "merge lists of maps",
            c(json!([{"name": 1}, {"name": 2, "value": 2}])),
            c(json!([{"name": 4, "value": 4}, {"name": 1}, {"name": 2, "value": 2},
                {"name": 3, "value": 3}])),
            json!({"spec": {"$setElementOrder/containers":
                [{"name": 4}, {"name": 1}, {"name": 2}, {"name": 3}],
                "containers": [{"name": 4, "value": 4}, {"name": 3, "value": 3}]}}),
        ),
        (
            "merge lists of maps with conflict",
            c(json!([{"name": 1}, {"name": 2, "value": 2}])),
            c(json!([{"name": 1}, {"name": 2, "value": 2}, {"name": 3, "value": 3}])),
            json!({"spec": {"$setElementOrder/containers": [{"name": 1}, {"name": 2}, {"name": 3}],
                "containers": [{"name": 3, "value": 3}]}}),
        ),
        (
            "add field to map in merging list",
            c(json!([{"name": 1}, {"name": 2, "value": 2}])),
            c(json!([{"name": 1, "value": 1}, {"name": 2, "value": 2}])),
            json!({"spec": {"$setElementOrder/containers": [{"name": 1}, {"name": 2}],
                "containers": [{"name": 1, "value": 1}]}}),
        ),
        (
            "replace map field value in merging list",
            c(json!([{"name": 1, "value": 1}, {"name": 2, "value": 2}])),
            c(json!([{"name": 1, "value": "a"}, {"name": 2, "value": 2}])),
            json!({"spec": {"$setElementOrder/containers": [{"name": 1}, {"name": 2}],
                "containers": [{"name": 1, "value": "a"}]}}),
        ),
        (
            "delete map from merging list",
            c(json!([{"name": 1}, {"name": 2}])),
            c(json!([{"name": 2}])),
            json!({"spec": {"$setElementOrder/containers": [{"name": 2}],
                "containers": [{"name": 1, "$patch": "delete"}]}}),
        ),
        (
            "add map and delete map from merging list",
            c(json!([{"name": 1}, {"name": 2}])),
            c(json!([{"name": 2}, {"name": 3}])),
            json!({"spec": {"$setElementOrder/containers": [{"name": 2}, {"name": 3}],
                "containers": [{"name": 3}, {"name": 1, "$patch": "delete"}]}}),
        ),
        (
            "add an item that already exists in current object in merging list",
            c(json!([{"name": 1, "value": "a"}, {"name": 2}])),
            c(json!([{"name": 1, "value": "a"}, {"name": 2}, {"name": 3}])),
            json!({"spec": {"$setElementOrder/containers": [{"name": 1}, {"name": 2}, {"name": 3}],
                "containers": [{"name": 3}]}}),
        ),
    ];
    for (description, original, modified, want) in rows {
        assert_eq!(create_two_way(&original, &modified).unwrap(), want, "{description}");
        assert_eq!(apply(&original, &want).unwrap(), modified, "{description}: apply");
    }
}

/// The vectors whose two-way patch does not give back `modified` by itself upstream either:
/// a `null` in modified is a deletion, and deleting a duplicated key deletes every copy.
#[test]
fn upstream_vectors_whose_result_differs_from_modified() {
    let original = json!({"name": "original-name", "value": "original-value"});
    let modified = json!({"name": "modified-name", "value": null});
    let patch = create_two_way(&original, &modified).unwrap();
    assert_eq!(patch, json!({"name": "modified-name", "value": null}));
    assert_eq!(apply(&original, &patch).unwrap(), json!({"name": "modified-name"}));

    let dup = json!({"spec": {"containers": [{"name": 1}, {"name": 1}]}});
    let one = json!({"spec": {"containers": [{"name": 1}]}});
    assert_eq!(
        create_two_way(&dup, &one).unwrap(),
        json!({"spec": {"$setElementOrder/containers": [{"name": 1}],
            "containers": [{"$patch": "delete", "name": 1}]}}),
        "de-duplicate field in merging list"
    );
}
