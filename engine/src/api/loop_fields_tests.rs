//! The loops' `managedFields` entries (store/managed_loops.rs) as a client reads them,
//! against what a real cluster shows for a Deployment made by `kubectl create deployment`,
//! the pods of its ReplicaSet, and a pod of `kubectl run`.

use serde_json::{json, Value};

use super::tests::{call, call_as};
use crate::world::World;

const WEB: &str = "/apis/apps/v1/namespaces/default/deployments/web";

fn world() -> World {
    let mut w = World::new(1);
    let web = json!({
        "apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"},
        "spec": {"replicas": 2, "selector": {"matchLabels": {"app": "web"}},
            "template": {"metadata": {"labels": {"app": "web"}},
                "spec": {"containers": [{"name": "nginx", "image": "nginx"}]}}}
    });
    let path = "/apis/apps/v1/namespaces/default/deployments";
    let created = call(&mut w, "POST", path, &[("fieldManager", "kubectl-create")], web);
    assert_eq!(created.code, 201, "{}", created.body);
    w.settle();
    w
}

/// (manager, subresource) of each entry, in the order the API serves them.
fn writers(v: &Value) -> Vec<(String, String)> {
    let list = v["metadata"]["managedFields"].as_array().cloned().unwrap_or_default();
    list.iter()
        .map(|e| {
            let s = |k: &str| e[k].as_str().unwrap_or_default().to_string();
            (s("manager"), s("subresource"))
        })
        .collect()
}

fn entry<'a>(v: &'a Value, manager: &str, subresource: &str) -> &'a Value {
    let list = v["metadata"]["managedFields"].as_array().unwrap();
    let found = list.iter().find(|e| {
        e["manager"] == manager
            && e.get("subresource").and_then(Value::as_str).unwrap_or("") == subresource
    });
    &found.unwrap_or_else(|| panic!("no {manager}/{subresource} in {v}"))["fieldsV1"]
}

fn pair(m: &str, s: &str) -> (String, String) {
    (m.to_string(), s.to_string())
}

#[test]
fn a_deployment_shows_its_creator_and_the_controllers_annotation_and_status() {
    let mut w = world();
    let d = call(&mut w, "GET", WEB, &[], Value::Null).body;
    let mut found = writers(&d);
    found.sort();
    let expected = [
        pair("kube-controller-manager", ""),
        pair("kube-controller-manager", "status"),
        pair("kubectl-create", ""),
    ];
    assert_eq!(found, expected, "{}", d["metadata"]["managedFields"]);
    let annotation = entry(&d, "kube-controller-manager", "");
    assert_eq!(
        annotation,
        &json!({"f:metadata": {"f:annotations": {".": {}, "f:deployment.kubernetes.io/revision": {}}}})
    );
    let status = entry(&d, "kube-controller-manager", "status");
    for field in ["f:availableReplicas", "f:conditions", "f:readyReplicas", "f:replicas"] {
        assert!(status["f:status"].get(field).is_some(), "{field} in {status}");
    }
    assert!(entry(&d, "kubectl-create", "")["f:spec"].get("f:replicas").is_some());
}

#[test]
fn a_pod_of_a_replicaset_is_the_controllers_but_its_status_is_the_kubelets() {
    let mut w = world();
    let pods = call(&mut w, "GET", "/api/v1/namespaces/default/pods", &[], Value::Null).body;
    let pod = &pods["items"][0];
    assert_eq!(writers(pod), vec![pair("kube-controller-manager", ""), pair("kubelet", "status")]);
    let created = entry(pod, "kube-controller-manager", "");
    assert!(created["f:metadata"].get("f:generateName").is_some(), "{created}");
    assert!(created["f:metadata"]["f:ownerReferences"].is_object(), "{created}");
    assert!(created["f:spec"]["f:containers"].is_object(), "{created}");
    assert!(created["f:spec"].get("f:nodeName").is_none(), "the binding's: {created}");
    let status = entry(pod, "kubelet", "status");
    for field in ["f:conditions", "f:containerStatuses", "f:phase", "f:podIP", "f:startTime"] {
        assert!(status["f:status"].get(field).is_some(), "{field} in {status}");
    }
    assert!(status["f:status"].get("f:qosClass").is_none(), "set on create: {status}");
    let scheduled = r#"k:{"type":"PodScheduled"}"#;
    assert!(status["f:status"]["f:conditions"].get(scheduled).is_none(), "the binding's: {status}");
    let spec = &created["f:spec"];
    for admitted in ["f:volumes", "f:tolerations", "f:priority", "f:serviceAccountName"] {
        assert!(spec.get(admitted).is_none(), "{admitted} is admission's: {spec}");
    }
    assert_eq!(spec["f:containers"][r#"k:{"name":"nginx"}"#].get("f:volumeMounts"), None);
}

#[test]
fn a_users_label_on_a_controllers_pod_is_the_users_and_leaves_the_rest() {
    let mut w = world();
    let pods = call(&mut w, "GET", "/api/v1/namespaces/default/pods", &[], Value::Null).body;
    let name = pods["items"][0]["metadata"]["name"].as_str().unwrap().to_string();
    let path = format!("/api/v1/namespaces/default/pods/{name}");
    let patch = json!({"metadata": {"labels": {"tier": "front"}}});
    let r = call(&mut w, "PATCH", &path, &[("fieldManager", "kubectl-label")], patch);
    assert_eq!(r.code, 200, "{}", r.body);
    assert_eq!(
        entry(&r.body, "kubectl-label", ""),
        &json!({"f:metadata": {"f:labels": {"f:tier": {}}}})
    );
    let created = entry(&r.body, "kube-controller-manager", "");
    assert!(created["f:metadata"]["f:labels"].get("f:tier").is_none(), "{created}");
    assert!(created["f:metadata"]["f:labels"].get("f:app").is_some(), "{created}");
}

#[test]
fn a_users_pod_is_the_users_its_status_the_kubelets_and_its_binding_nobodys() {
    let mut w = World::new(1);
    let pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "solo"},
        "spec": {"containers": [{"name": "c", "image": "nginx"}]}});
    let path = "/api/v1/namespaces/default/pods";
    assert_eq!(call(&mut w, "POST", path, &[("fieldManager", "kubectl-run")], pod).code, 201);
    w.settle();
    let pod = call(&mut w, "GET", &format!("{path}/solo"), &[], Value::Null).body;
    assert_eq!(pod["spec"]["nodeName"].as_str().map(|n| n.starts_with("node-")), Some(true));
    assert_eq!(writers(&pod), vec![pair("kubectl-run", ""), pair("kubelet", "status")]);
    let run = entry(&pod, "kubectl-run", "");
    assert!(run["f:spec"].get("f:nodeName").is_none(), "{run}");
    assert!(run["f:spec"].get("f:volumes").is_none(), "admission's: {run}");
}

#[test]
fn each_entry_carries_the_time_of_that_loops_last_write() {
    let mut w = world();
    let d = call(&mut w, "GET", WEB, &[], Value::Null).body;
    let time = |manager: &str, sub: &str| {
        let list = d["metadata"]["managedFields"].as_array().unwrap();
        let e = list.iter().find(|e| {
            e["manager"] == manager
                && e.get("subresource").and_then(Value::as_str).unwrap_or("") == sub
        });
        e.unwrap()["time"].as_str().unwrap().to_string()
    };
    assert_eq!(time("kube-controller-manager", ""), "2025-01-01T00:00:00Z");
    // The status became Available once the pods were ready, three seconds in.
    assert_eq!(time("kube-controller-manager", "status"), "2025-01-01T00:00:03Z");
}

#[test]
fn a_pod_no_node_can_take_shows_the_schedulers_condition() {
    let mut w = World::new(1);
    let pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "huge"},
        "spec": {"nodeSelector": {"disk": "none"}, "containers": [{"name": "c", "image": "nginx"}]}});
    let path = "/api/v1/namespaces/default/pods";
    assert_eq!(call(&mut w, "POST", path, &[("fieldManager", "kubectl-run")], pod).code, 201);
    w.settle();
    let pod = call(&mut w, "GET", &format!("{path}/huge"), &[], Value::Null).body;
    assert_eq!(pod["status"]["conditions"][0]["reason"], "Unschedulable", "{}", pod["status"]);
    // The same second: sortEncodedManagedFields then orders by manager.
    assert_eq!(writers(&pod), vec![pair("kube-scheduler", "status"), pair("kubectl-run", "")]);
    let status = entry(&pod, "kube-scheduler", "status");
    assert!(status["f:status"]["f:conditions"].get(r#"k:{"type":"PodScheduled"}"#).is_some());
}

#[test]
fn server_side_apply_meets_the_controllers_fields_as_a_conflict_and_force_takes_them() {
    let mut w = world();
    let pods = call(&mut w, "GET", "/api/v1/namespaces/default/pods", &[], Value::Null).body;
    let name = pods["items"][0]["metadata"]["name"].as_str().unwrap().to_string();
    let path = format!("/api/v1/namespaces/default/pods/{name}");
    let config = json!({"apiVersion": "v1", "kind": "Pod",
        "metadata": {"name": name, "labels": {"app": "mine"}}});
    let apply = "application/apply-patch+yaml";
    let mut query = vec![("fieldManager", "me")];
    let refused = call_as(&mut w, "PATCH", &path, &query, apply, config.clone());
    assert_eq!(refused.code, 409, "{}", refused.body);
    let message = refused.body["message"].as_str().unwrap();
    assert!(message.contains(r#"conflict with "kube-controller-manager""#), "{message}");
    assert!(message.contains(".metadata.labels.app"), "{message}");

    query.push(("force", "true"));
    let forced = call_as(&mut w, "PATCH", &path, &query, apply, config);
    assert_eq!(forced.code, 200, "{}", forced.body);
    // The apply stored the controller's entry as it read it, less the label; reading it
    // again merges the loop's fields into that one entry, not a second.
    let read = call(&mut w, "GET", &path, &[], Value::Null).body;
    let list = read["metadata"]["managedFields"].as_array().unwrap();
    let controllers = list.iter().filter(|e| e["manager"] == "kube-controller-manager").count();
    assert_eq!(controllers, 1, "{list:?}");
    let created = entry(&read, "kube-controller-manager", "");
    assert!(created["f:metadata"]["f:labels"].get("f:app").is_none(), "{created}");
    assert!(created["f:metadata"]["f:labels"].get("f:pod-template-hash").is_some(), "{created}");
    assert_eq!(entry(&read, "me", "")["f:metadata"]["f:labels"], json!({"f:app": {}}));
}
