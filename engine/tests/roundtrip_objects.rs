//! Serde round trips of Nodes, Deployments, ReplicaSets, Events, Services, EndpointSlices and
//! Endpoints: each fixture, written by
//! a real API server or by the upstream API's own serialization tests, deserializes into the
//! model and serializes back to the same JSON value, so no field is lost, renamed or invented.
//!
//! Fixtures (engine/tests/fixtures/):
//! - `node.yaml`: a GKE node as its API server returned it, verbatim from
//!   kubernetes/apiserver pkg/endpoints/handlers/fieldmanager/node.yaml.
//! - `node.every-field.json`, `event.every-field.json`: every field set, verbatim from
//!   kubernetes/api v0.34.10 testdata/HEAD/core.v1.Node.json and core.v1.Event.json, the files
//!   the API's round-trip tests decode; they pin each json tag, managedFields included.
//! - `deployment.json`: a Deployment as the API server returned it to `kubectl edit`, from
//!   kubernetes/kubectl pkg/cmd/edit/testdata/testcase-edit-subresource-status/0.response.
//! - `deployment.every-field.json`, `replicaset.every-field.json`: kubernetes/api v0.34.10
//!   testdata/HEAD/apps.v1.Deployment.json and apps.v1.ReplicaSet.json.
//!
//! Edits: the two every-field apps fixtures keep, of the pod template's spec, only
//! containers[0] (name, image, ports with containerPort and protocol, and an empty
//! `resources`, which the API server always prints), restartPolicy,
//! terminationGracePeriodSeconds and nodeName; the Pod's own round trip (roundtrip_pod.rs)
//! covers the pod spec. `deployment.every-field.json` also has its
//! strategy type "typeValue" replaced by "RollingUpdate", since the model's strategy type is a
//! closed enum, as the API server's validation makes it.
//! - `service.json`: a Service as the API server returned it to `kubectl edit`, verbatim from
//!   kubernetes/kubectl pkg/cmd/edit/testdata/testcase-single-service/0.response.
//! - `service.every-field.json`, `endpointslice.every-field.json`,
//!   `endpoints.every-field.json`: every field set, verbatim from kubernetes/api v0.34.10
//!   testdata/HEAD/core.v1.Service.json, discovery.k8s.io.v1.EndpointSlice.json and
//!   core.v1.Endpoints.json. Their placeholder strings (`"type": "typeValue"`) must survive
//!   too: the API server decodes any string there and leaves judging it to validation.

use std::path::Path;

use kubeloop::model::{
    Deployment, EndpointSlice, Endpoints, Event, IntOrString, Node, ReplicaSet, Service,
    ServiceType,
};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

fn fixture(name: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    if name.ends_with(".yaml") {
        serde_yaml_ng::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
    } else {
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
    }
}

/// Deserializes the fixture into `T` and back; the value must come back unchanged.
fn round_trip<T: DeserializeOwned + Serialize>(name: &str) -> T {
    let original = fixture(name);
    let object: T = serde_json::from_value(original.clone())
        .unwrap_or_else(|e| panic!("{name} does not deserialize: {e}"));
    let back = serde_json::to_value(&object).expect("the model serializes");
    if back != original {
        let mut diffs = Vec::new();
        diff("", &original, &back, &mut diffs);
        panic!("{name} changed in the round trip:\n{}", diffs.join("\n"));
    }
    object
}

/// The paths where two JSON values differ, for a readable failure.
fn diff(path: &str, want: &Value, got: &Value, out: &mut Vec<String>) {
    match (want, got) {
        (Value::Object(w), Value::Object(g)) => {
            for (k, v) in w {
                match g.get(k) {
                    Some(gv) => diff(&format!("{path}.{k}"), v, gv, out),
                    None => out.push(format!("{path}.{k}: lost")),
                }
            }
            for k in g.keys().filter(|k| !w.contains_key(*k)) {
                out.push(format!("{path}.{k}: added"));
            }
        }
        (Value::Array(w), Value::Array(g)) if w.len() == g.len() => {
            for (i, (wv, gv)) in w.iter().zip(g).enumerate() {
                diff(&format!("{path}[{i}]"), wv, gv, out);
            }
        }
        _ if want != got => out.push(format!("{path}: {want} became {got}")),
        _ => {}
    }
}

#[test]
fn a_real_gke_node_round_trips() {
    let node: Node = round_trip("node.yaml");
    assert!(node.is_ready());
    assert_eq!(node.spec.pod_cidr, "10.0.0.1/24");
    assert_eq!(node.status.daemon_endpoints.kubelet_endpoint.port, 10250);
    assert_eq!(node.internal_ip(), Some("10.0.0.1"));
    assert_eq!(node.max_pods(), 110);
}

#[test]
fn a_node_with_every_field_round_trips_under_the_real_json_tags() {
    let node: Node = round_trip("node.every-field.json");
    assert_eq!(node.spec.provider_id, "providerIDValue");
    assert_eq!(node.status.node_info.machine_id, "machineIDValue");
    assert_eq!(node.status.node_info.system_uuid, "systemUUIDValue");
    assert_eq!(node.status.node_info.boot_id, "bootIDValue");
    assert_eq!(node.spec.taints[0].value, "valueValue");
    assert!(!node.metadata.managed_fields.is_absent());
}

#[test]
fn a_deployment_returned_by_the_api_server_round_trips() {
    let d: Deployment = round_trip("deployment.json");
    assert_eq!(d.spec.replicas, 3);
    assert_eq!(d.status.available_replicas, 3);
    assert_eq!(d.status.terminating_replicas, None);
}

#[test]
fn a_deployment_with_every_field_round_trips() {
    let d: Deployment = round_trip("deployment.every-field.json");
    assert!(d.spec.paused);
    assert_eq!(d.status.collision_count, Some(8));
    assert_eq!(d.status.terminating_replicas, Some(9));
}

#[test]
fn a_replicaset_with_every_field_round_trips() {
    let rs: ReplicaSet = round_trip("replicaset.every-field.json");
    assert_eq!(rs.spec.min_ready_seconds, 4);
    assert_eq!(rs.status.terminating_replicas, Some(7));
    assert!(!rs.spec.template.metadata.managed_fields.is_absent());
}

#[test]
fn an_event_with_every_field_round_trips() {
    let e: Event = round_trip("event.every-field.json");
    assert_eq!(e.reporting_component, "reportingComponentValue");
    assert_eq!(e.involved_object.field_path, "fieldPathValue");
    assert_eq!(e.count, 8);
}

#[test]
fn a_misspelt_field_is_still_refused() {
    let mut v = fixture("node.every-field.json");
    let spec = v["spec"].as_object_mut().unwrap();
    let cidr = spec.remove("podCIDR").unwrap();
    spec.insert("podCidr".into(), cidr);
    let err = serde_json::from_value::<Node>(v).unwrap_err().to_string();
    assert!(err.contains("unknown field `podCidr`"), "{err}");
}

#[test]
fn a_service_from_a_real_api_server_round_trips() {
    let svc: Service = round_trip("service.json");
    assert_eq!(svc.spec.cluster_ip.as_deref(), Some("10.0.0.146"));
    assert_eq!(svc.spec.type_, ServiceType::ClusterIP);
    assert_eq!(svc.spec.ports[0].target_port, Some(IntOrString::Int(80)));
}

#[test]
fn a_service_with_every_field_round_trips() {
    let svc: Service = round_trip("service.every-field.json");
    assert_eq!(svc.spec.type_, ServiceType::Unsupported("typeValue".into()));
    assert_eq!(svc.spec.ports[0].node_port, Some(5));
}

#[test]
fn an_endpointslice_with_every_field_round_trips() {
    let slice: EndpointSlice = round_trip("endpointslice.every-field.json");
    assert_eq!(slice.endpoints()[0].addresses, ["addressesValue"]);
}

#[test]
fn endpoints_with_every_field_round_trip() {
    let ep: Endpoints = round_trip("endpoints.every-field.json");
    assert_eq!(ep.subsets[0].not_ready_addresses[0].ip, "ipValue");
}
