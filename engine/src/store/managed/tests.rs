//! The entries a write leaves, as apimachinery's managedfields tests and the API server's
//! answers show them.

use serde_json::json;

use super::*;

fn write(manager: &str, status: bool, secs: i64) -> Write<'_> {
    let subresource = if status { "status" } else { "" };
    Write { kind: Kind::Deployment, manager, status, subresource, now: Time::from_secs(secs) }
}

fn deployment(replicas: i64, labels: serde_json::Value) -> Value {
    json!({"apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": "web", "namespace": "default", "uid": "u", "labels": labels},
        "spec": {"replicas": replicas, "template": {"metadata": {}, "spec": {"containers": []}}},
        "status": {"replicas": 0}})
}

#[test]
fn a_create_records_its_manager_with_every_field_it_set_but_the_servers() {
    let new = deployment(3, json!({"app": "web"}));
    let entries = record_values(&write("kubectl-create", false, 0), None, &new).unwrap();
    assert_eq!(
        entries,
        json!([{"apiVersion": "apps/v1", "fieldsType": "FieldsV1",
            "fieldsV1": {"f:metadata": {"f:labels": {".": {}, "f:app": {}}},
                "f:spec": {"f:replicas": {}, "f:template": {"f:spec": {"f:containers": {}}}}},
            "manager": "kubectl-create", "operation": "Update", "time": "2025-01-01T00:00:00Z"}])
    );
}

#[test]
fn an_update_takes_the_fields_it_changed_from_their_owner() {
    let created = deployment(3, json!({"app": "web"}));
    let mut old = created.clone();
    old["metadata"]["managedFields"] =
        record_values(&write("kubectl-create", false, 0), None, &created).unwrap();
    let new = deployment(5, json!({"app": "web"}));
    let entries = record_values(&write("kubectl-scale", false, 60), Some(&old), &new).unwrap();
    let managers: Vec<(&str, &Value)> = entries
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["manager"].as_str().unwrap(), &e["fieldsV1"]))
        .collect();
    assert_eq!(managers[0].0, "kubectl-create");
    assert!(managers[0].1["f:spec"].get("f:replicas").is_none(), "{:?}", managers[0].1);
    assert_eq!(managers[1], ("kubectl-scale", &json!({"f:spec": {"f:replicas": {}}})));
    assert_eq!(entries[1]["time"], "2025-01-01T00:01:00Z");
}

#[test]
fn a_status_write_counts_only_the_status_and_says_so() {
    let old = deployment(3, json!({}));
    let mut new = old.clone();
    new["status"]["replicas"] = json!(3);
    new["spec"]["replicas"] = json!(9);
    let entries =
        record_values(&write("kube-controller-manager", true, 0), Some(&old), &new).unwrap();
    assert_eq!(entries[0]["subresource"], "status");
    assert_eq!(entries[0]["fieldsV1"], json!({"f:status": {"f:replicas": {}}}));
}

#[test]
fn a_write_that_changes_nothing_records_nothing() {
    let old = deployment(3, json!({"app": "web"}));
    assert_eq!(record_values(&write("kubectl-apply", false, 0), Some(&old), &old.clone()), None);
}
