//! A Pod as a real API server returns it survives a trip through kubeloop's `Pod`: every
//! field comes back with its json tag and value, and a misspelt field is still refused, as
//! the API server's strict field validation refuses it.

use kubeloop::model::Pod;
use serde_json::{json, Value};

/// `kubectl get pod -o yaml` output from the Kubernetes documentation; the file's header
/// names where it was copied from.
const DOCS_POD: &str = include_str!("fixtures/pod_debug_running_pod.yaml");

fn fixture() -> Value {
    serde_yaml_ng::from_str(DOCS_POD).expect("the fixture is YAML")
}

#[test]
fn a_real_api_server_pod_round_trips_without_losing_or_renaming_a_field() {
    let served = fixture();
    let pod: Pod = serde_json::from_value(served.clone()).expect("a served pod decodes");
    assert_eq!(serde_json::to_value(&pod).unwrap(), served);
}

#[test]
fn the_decoded_pod_reads_the_addresses_and_ids_under_their_go_names() {
    let pod: Pod = serde_json::from_value(fixture()).unwrap();
    assert_eq!(pod.status.pod_ip.as_deref(), Some("10.88.0.3"));
    assert_eq!(pod.status.pod_ips.iter().collect::<Vec<_>>(), ["10.88.0.3", "2001:db8::1"]);
    assert_eq!(pod.status.host_ip.as_deref(), Some("192.168.0.113"));
    let c = &pod.status.container_statuses[0];
    assert!(c.image_id.as_deref().is_some_and(|id| id.starts_with("docker.io/library/nginx@")));
    assert!(c.container_id.as_ref().is_some_and(|id| id.to_string().starts_with("containerd://")));
    assert_eq!(pod.spec.volumes[0].name, "kube-api-access-bgsgp");
}

#[test]
fn a_misspelt_field_is_refused_at_any_depth() {
    for (path, field) in [
        ("/spec", "dnsPolicyy"),
        ("/spec/containers/0", "comand"),
        ("/spec/volumes/0", "projectd"),
        ("/status", "podIp"),
        ("/status/containerStatuses/0", "imageId"),
    ] {
        let mut v = fixture();
        v.pointer_mut(path).unwrap().as_object_mut().unwrap().insert(field.into(), json!("x"));
        let err = serde_json::from_value::<Pod>(v).unwrap_err().to_string();
        assert!(err.contains(&format!("unknown field `{field}`")), "{path}.{field}: {err}");
    }
}

#[test]
fn a_docker_runtime_container_id_is_kept_as_written() {
    let mut v = fixture();
    let id = "docker://b888f9adfd15bd5739fefaa39e1df4dd3c617b9902082b1cfdc29c4028ffb2eb";
    v["status"]["containerStatuses"][0]["containerID"] = json!(id);
    let pod: Pod = serde_json::from_value(v.clone()).unwrap();
    assert_eq!(serde_json::to_value(&pod).unwrap(), v);
}

/// Probes as the API server serves them (every default filled in) come back unchanged, and a
/// bare one is defaulted the way `SetDefaults_Probe` does it.
#[test]
fn served_probes_round_trip_and_bare_ones_are_defaulted() {
    let mut served = fixture();
    let c = &mut served["spec"]["containers"][0];
    c["livenessProbe"] = json!({"failureThreshold": 3, "httpGet": {"path": "/healthz",
        "port": 8080, "scheme": "HTTP", "httpHeaders": [{"name": "X-Probe", "value": "1"}]},
        "initialDelaySeconds": 5, "periodSeconds": 10, "successThreshold": 1,
        "timeoutSeconds": 1, "terminationGracePeriodSeconds": 10});
    c["readinessProbe"] = json!({"failureThreshold": 3, "tcpSocket": {"port": "http"},
        "periodSeconds": 5, "successThreshold": 2, "timeoutSeconds": 2});
    c["startupProbe"] = json!({"exec": {"command": ["cat", "/tmp/ready"]},
        "failureThreshold": 30, "periodSeconds": 10, "successThreshold": 1, "timeoutSeconds": 1});
    let pod: Pod = serde_json::from_value(served.clone()).expect("a served pod decodes");
    assert_eq!(serde_json::to_value(&pod).unwrap(), served);

    let mut bare = fixture();
    bare["spec"]["containers"][0]["readinessProbe"] = json!({"httpGet": {"port": 80}});
    let pod: Pod = serde_json::from_value(bare).unwrap();
    assert_eq!(
        serde_json::to_value(&pod.spec.containers[0].readiness_probe).unwrap(),
        json!({"failureThreshold": 3, "httpGet": {"path": "/", "port": 80, "scheme": "HTTP"},
            "periodSeconds": 10, "successThreshold": 1, "timeoutSeconds": 1})
    );
}

/// Each pod's spec is copied whole when the scheduler binds it (`nodeName` is in the spec),
/// and the watch log keeps the version before the bind, so every container is held twice at
/// 10,000 pods. Its three probes, which most containers lack, are boxed: an absent one costs
/// a pointer, not a `Probe` (BENCHMARKS, "A container's probes boxed").
#[test]
fn a_container_costs_little_beyond_its_own_fields() {
    let size = std::mem::size_of::<kubeloop::model::Container>();
    assert!(size <= 400, "a Container is {size} bytes");
}
