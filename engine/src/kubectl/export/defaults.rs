//! The spec half of `export`'s cleaning: what the API server filled in on a pod or a pod
//! template (`model::pod_defaults`), or on a Service (`model::default_service` and the
//! registry's allocation), taken back out so the manifest reads as written.

use serde_json::{json, Map, Value};

use crate::model::{
    default_pod_spec, Container, PodSpec, DEFAULT_GRACE_SECONDS, DEFAULT_TOLERATION_SECONDS,
    SERVICE_ACCOUNT_MOUNT_PATH, SERVICE_ACCOUNT_VOLUME_PREFIX, TAINT_NOT_READY, TAINT_UNREACHABLE,
};

/// Removes what the API server filled in on a pod spec (`model::pod_defaults`): values equal
/// to their defaults, and what admission added (the service-account token volume and its
/// mounts, the default tolerations, priority, the `default` service account). A manifest
/// that sets a default explicitly loses it too, which applies to the same object.
pub(super) fn strip_pod_defaults(spec: &mut Map<String, Value>) {
    let defaults = [
        ("dnsPolicy", json!("ClusterFirst")),
        ("restartPolicy", json!("Always")),
        ("schedulerName", json!("default-scheduler")),
        ("securityContext", json!({})),
        ("terminationGracePeriodSeconds", json!(DEFAULT_GRACE_SECONDS)),
        ("enableServiceLinks", json!(true)),
        ("priority", json!(0)),
        ("preemptionPolicy", json!("PreemptLowerPriority")),
        ("serviceAccountName", json!("default")),
    ];
    strip_equal(spec, &defaults);
    // The deprecated copy of `serviceAccountName`, which the server always writes back.
    spec.remove("serviceAccount");
    let token = |v: &Value| {
        v.get("name")
            .and_then(Value::as_str)
            .is_some_and(|n| n.starts_with(SERVICE_ACCOUNT_VOLUME_PREFIX))
    };
    retain_list(spec, "volumes", |v| !token(v));
    retain_list(spec, "tolerations", |t| {
        let key = t.get("key").and_then(Value::as_str).unwrap_or("");
        let default = [TAINT_NOT_READY, TAINT_UNREACHABLE].contains(&key)
            && t.get("tolerationSeconds") == Some(&json!(DEFAULT_TOLERATION_SECONDS))
            && t.get("effect") == Some(&json!("NoExecute"))
            && t.get("operator") == Some(&json!("Exists"));
        !default
    });
    let Some(containers) = spec.get_mut("containers").and_then(Value::as_array_mut) else {
        return;
    };
    for c in containers.iter_mut().filter_map(Value::as_object_mut) {
        let image = c.get("image").and_then(Value::as_str).unwrap_or("");
        let pull = Container::new("", image);
        let mut spec = PodSpec { containers: vec![pull].into(), ..Default::default() };
        default_pod_spec(&mut spec);
        let pull = spec.containers[0].image_pull_policy.as_deref().unwrap_or("").to_string();
        strip_equal(
            c,
            &[
                ("imagePullPolicy", json!(pull)),
                ("terminationMessagePath", json!("/dev/termination-log")),
                ("terminationMessagePolicy", json!("File")),
                ("resources", json!({})),
            ],
        );
        retain_list(c, "volumeMounts", |m| {
            !(token(m) && m.get("mountPath") == Some(&json!(SERVICE_ACCOUNT_MOUNT_PATH)))
        });
        if let Some(ports) = c.get_mut("ports").and_then(Value::as_array_mut) {
            for p in ports.iter_mut().filter_map(Value::as_object_mut) {
                strip_equal(p, &[("protocol", json!("TCP"))]);
            }
        }
    }
}

fn strip_equal(map: &mut Map<String, Value>, defaults: &[(&str, Value)]) {
    for (key, value) in defaults {
        if map.get(*key) == Some(value) {
            map.remove(*key);
        }
    }
}

/// Keeps the entries of the list at `key` that `keep` accepts; drops the key when none stay.
fn retain_list(map: &mut Map<String, Value>, key: &str, keep: impl Fn(&Value) -> bool) {
    if let Some(list) = map.get_mut(key).and_then(Value::as_array_mut) {
        list.retain(|v| keep(v));
        if list.is_empty() {
            map.remove(key);
        }
    }
}

/// Removes what the API server filled in on a Service spec: the allocated cluster IP (a
/// real cluster has another range, and an address from it is taken there by chance or
/// refused), except a headless Service's `None`, and the defaulted policies and IP family
/// fields. Node ports stay: they come from the same default range everywhere, and a port a
/// user chose cannot be told apart from one the allocator picked.
pub(super) fn strip_service_defaults(spec: &mut Map<String, Value>) {
    if spec.get("clusterIP") != Some(&json!(crate::model::CLUSTER_IP_NONE)) {
        spec.remove("clusterIP");
        spec.remove("clusterIPs");
    }
    let defaults = [
        ("sessionAffinity", json!("None")),
        ("internalTrafficPolicy", json!("Cluster")),
        ("externalTrafficPolicy", json!("Cluster")),
        ("ipFamilyPolicy", json!("SingleStack")),
        ("ipFamilies", json!(["IPv4"])),
        ("type", json!("ClusterIP")),
    ];
    strip_equal(spec, &defaults);
    if let Some(Value::Array(ports)) = spec.get_mut("ports") {
        for p in ports.iter_mut().filter_map(Value::as_object_mut) {
            // `targetPort` defaults to `port`, `protocol` to TCP.
            if p.get("targetPort") == p.get("port") {
                p.remove("targetPort");
            }
            strip_equal(p, &[("protocol", json!("TCP"))]);
        }
    }
}

/// The labels the API server puts on a Job's pod template, and the selector it makes of them
/// (pkg/registry/batch/job/strategy.go `generateSelector`): a real API server refuses a new
/// Job that brings them without `manualSelector`, so they go, unless the user chose them.
const JOB_GENERATED: [&str; 4] = [
    "controller-uid",
    "job-name",
    "batch.kubernetes.io/controller-uid",
    "batch.kubernetes.io/job-name",
];

pub(super) fn strip_job_selector(job: &mut Map<String, Value>) {
    let manual = job.get("spec").and_then(|s| s.get("manualSelector")) == Some(&json!(true));
    if manual {
        return;
    }
    let strip = |meta: Option<&mut Value>| {
        let Some(Value::Object(meta)) = meta else { return };
        if let Some(Value::Object(labels)) = meta.get_mut("labels") {
            labels.retain(|k, _| !JOB_GENERATED.contains(&k.as_str()));
            if labels.is_empty() {
                meta.remove("labels");
            }
        }
    };
    if let Some(Value::Object(spec)) = job.get_mut("spec") {
        spec.remove("selector");
        strip(spec.get_mut("template").and_then(|t| t.get_mut("metadata")));
    }
    strip(job.get_mut("metadata"));
}

/// A claim's binding is this cluster's (the volume it was given, the binder's annotations);
/// on another cluster the claim is bound afresh.
pub(super) fn strip_claim_binding(claim: &mut Map<String, Value>) {
    if let Some(Value::Object(spec)) = claim.get_mut("spec") {
        spec.remove("volumeName");
    }
    if let Some(Value::Object(a)) = claim.get_mut("metadata").and_then(|m| m.get_mut("annotations"))
    {
        a.retain(|k, _| !k.starts_with("pv.kubernetes.io/"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{admit_pod, default_pod, ContainerPort, ObjectMeta, Pod};

    #[test]
    fn a_defaulted_and_admitted_pod_strips_back_to_its_manifest() {
        let mut c = Container::new("web", "nginx");
        c.ports.push(ContainerPort { container_port: 80, ..Default::default() });
        c.command = Some(vec!["nginx".into(), "-g".into(), "daemon off;".into()]);
        let spec = PodSpec { containers: vec![c].into(), ..Default::default() };
        let mut written = serde_json::to_value(&spec).unwrap();
        // `resources: {}` prints on any container; export leaves it out too.
        written["containers"][0].as_object_mut().map(|c| c.remove("resources"));
        let mut pod = Pod::new(ObjectMeta::default(), spec);
        default_pod(&mut pod);
        admit_pod(&mut pod, || "abcde".into());
        let Value::Object(mut served) = serde_json::to_value(&pod.spec).unwrap() else {
            unreachable!("a spec is an object")
        };
        strip_pod_defaults(&mut served);
        assert_eq!(Value::Object(served), written);
    }
}
