use serde_json::{json, Value};

use super::*;
use crate::kubectl::Mode;
use crate::model::Pod;
use crate::session::Session;

/// A Pod as a v1.32 kind cluster lists it: no kind or apiVersion on the item, managedFields,
/// fields this model does not know (one a future server might add), and the server's own
/// uid, resourceVersion and timestamps.
fn real_pod(name: &str, rv: &str) -> Value {
    json!({
        "metadata": {
            "name": name, "generateName": "web-7d4b9c6f5-", "namespace": "default",
            "uid": format!("0b6c9e1e-6f4e-4a8e-9c9b-{:0>12}", name.len()),
            "resourceVersion": rv, "creationTimestamp": "2026-12-04T12:00:05Z",
            "labels": {"app": "web", "pod-template-hash": "7d4b9c6f5"},
            "ownerReferences": [{"apiVersion": "apps/v1", "kind": "ReplicaSet",
                "name": "web-7d4b9c6f5", "uid": "5f1d0c55-8a34-4cf0-a3a6-2f27d8a1c0de",
                "controller": true, "blockOwnerDeletion": true}],
            "managedFields": [{"manager": "kube-controller-manager", "operation": "Update",
                "apiVersion": "v1", "time": "2026-12-04T12:00:05Z", "fieldsType": "FieldsV1",
                "fieldsV1": {"f:metadata": {}}}]
        },
        "spec": {
            "containers": [{"name": "nginx", "image": "nginx:1.27",
                "resources": {}, "terminationMessagePath": "/dev/termination-log",
                "terminationMessagePolicy": "File", "imagePullPolicy": "IfNotPresent",
                "aFieldFromTheFuture": {"x": 1}}],
            "restartPolicy": "Always", "terminationGracePeriodSeconds": 30,
            "dnsPolicy": "ClusterFirst", "serviceAccountName": "default",
            "serviceAccount": "default", "nodeName": "kind-worker",
            "securityContext": {}, "schedulerName": "default-scheduler",
            "priority": 0, "enableServiceLinks": true, "preemptionPolicy": "PreemptLowerPriority",
            "anotherFutureField": true
        },
        "status": {
            "phase": "Running", "hostIP": "172.18.0.3", "podIP": "10.244.1.7",
            "startTime": "2026-12-04T12:00:05Z", "qosClass": "BestEffort",
            "observedGeneration": 1
        }
    })
}

fn pod(name: &str, rv: &str) -> Object {
    decode(Kind::Pod, real_pod(name, rv)).expect("a real pod decodes").object
}

#[test]
fn a_real_cluster_pod_decodes_with_its_unknown_fields_dropped_and_named() {
    let d = decode(Kind::Pod, real_pod("web-7d4b9c6f5-abcde", "4711")).unwrap();
    assert!(d.dropped.contains(&"spec.anotherFutureField".to_string()), "{:?}", d.dropped);
    assert!(d.dropped.contains(&"spec.containers[0].aFieldFromTheFuture".to_string()));
    let Object::Pod(p) = &d.object else { panic!("not a pod") };
    assert_eq!(p.metadata.resource_version, "4711");
    assert_eq!(p.metadata.uid, "0b6c9e1e-6f4e-4a8e-9c9b-000000000019");
    assert_eq!(p.metadata.creation_timestamp, Time::parse_rfc3339("2026-12-04T12:00:05Z"));
    assert_eq!(p.kind, "Pod");
    assert_eq!(p.status.pod_ip.as_deref(), Some("10.244.1.7"));
}

#[test]
fn what_cannot_be_read_is_refused_not_guessed() {
    assert!(decode(Kind::Pod, json!("a string")).is_err());
    assert!(decode(Kind::Pod, json!({"kind": "Service", "metadata": {"name": "x"}})).is_err());
}

#[test]
fn put_keeps_the_servers_fields_and_the_indexes_follow() {
    let mut w = World::mirror();
    assert!(w.mirror_put(pod("web-1", "10")));
    // The same version again is no change; a new one is a MODIFIED.
    assert!(!w.mirror_put(pod("web-1", "10")));
    assert!(w.mirror_put(pod("web-1", "11")));
    let stored = w.store.get::<Pod>("default", "web-1").unwrap();
    assert_eq!(stored.metadata.resource_version, "11");
    assert_eq!(w.store.pods_on_node("kind-worker").len(), 1);
    assert_eq!(w.store.dependents_of("5f1d0c55-8a34-4cf0-a3a6-2f27d8a1c0de").len(), 1);
    let uid = stored.metadata.uid.clone();
    assert_eq!(w.store.kind_key_by_uid(&uid).map(|(k, _)| k), Some(Kind::Pod));
    assert_eq!(w.store.ips_on_node("kind-worker"), 1);
    assert!(w.mirror_remove(Kind::Pod, "default", "web-1"));
    assert!(!w.mirror_remove(Kind::Pod, "default", "web-1"));
    assert!(w.store.pods_on_node("kind-worker").is_empty());
    assert!(w.store.dependents_of("5f1d0c55-8a34-4cf0-a3a6-2f27d8a1c0de").is_empty());
    assert_eq!(w.store.kind_key_by_uid(&uid), None);
}

#[test]
fn a_relist_replaces_what_was_mirrored() {
    let mut w = World::mirror();
    w.mirror_put(pod("old", "1"));
    w.mirror_put(pod("kept", "2"));
    w.mirror_replace(Kind::Pod, Some("default"), vec![pod("kept", "3"), pod("new", "4")]);
    let names: Vec<String> =
        w.mirror_keys(Kind::Pod, None).into_iter().map(|k| k.name.to_string()).collect();
    assert_eq!(names, ["kept", "new"]);
    assert_eq!(w.store.get::<Pod>("default", "kept").unwrap().metadata.resource_version, "3");
}

#[test]
fn kubectl_reads_the_mirror_with_the_servers_ages_and_namespaces() {
    let mut w = World::mirror();
    let mut p = real_pod("api-0", "5");
    p["metadata"]["namespace"] = json!("shop");
    w.mirror_put(decode(Kind::Pod, p).unwrap().object);
    w.set_mirror_clock(Time::parse_rfc3339("2026-12-04T12:02:05Z").unwrap());
    let mut s = Session::new(w, Mode::Interactive);
    let out = s.run("kubectl get pods -n shop").text();
    assert!(out.contains("api-0"), "{out}");
    assert!(out.contains("2m"), "{out}");
}

#[test]
fn restore_puts_back_the_old_object_even_at_the_same_version() {
    let mut w = World::mirror();
    w.mirror_put(pod("web-1", "10"));
    let before = w.store.get_object(Kind::Pod, &Key::new("default", "web-1")).unwrap();
    let mut s = Session::new(w, Mode::Interactive);
    s.run("kubectl label pod web-1 tier=front");
    let mut w = s.world;
    assert!(w.store.get::<Pod>("default", "web-1").unwrap().metadata.labels.get("tier").is_some());
    w.mirror_restore(before);
    let back = w.store.get::<Pod>("default", "web-1").unwrap();
    assert_eq!(back.metadata.labels.get("tier"), None);
    assert_eq!(back.metadata.resource_version, "10");
}
