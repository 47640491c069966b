//! Serde round trips of Services, EndpointSlices and Endpoints: each fixture, written by a
//! real API server or by the upstream API's own serialization tests, deserializes into the
//! model and serializes back to the same JSON value, so no field is lost, renamed or invented.
//!
//! Fixtures (engine/tests/fixtures/):
//! - `service.json`: a Service as the API server returned it to `kubectl edit`, verbatim from
//!   kubernetes/kubectl pkg/cmd/edit/testdata/testcase-single-service/0.response.
//! - `service.every-field.json`, `endpointslice.every-field.json`,
//!   `endpoints.every-field.json`: every field set, verbatim from kubernetes/api v0.34.10
//!   testdata/HEAD/core.v1.Service.json, discovery.k8s.io.v1.EndpointSlice.json and
//!   core.v1.Endpoints.json. Their placeholder strings (`"type": "typeValue"`) must survive
//!   too: the API server decodes any string there and leaves judging it to validation.

use std::path::Path;

use kubeloop::model::{EndpointSlice, Endpoints, IntOrString, Service, ServiceType};
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
