//! The downward API's `fieldRef`: a pod's own fields as a container's environment reads
//! them (pkg/fieldpath/fieldpath.go `ExtractFieldPathAsString` and the kubelet's
//! pkg/kubelet/kubelet_pods.go `podFieldSelectorRuntimeValue`: metadata.name, namespace,
//! uid, a label or annotation by key, spec.nodeName, spec.serviceAccountName, status.podIP,
//! status.hostIP). Read by `kubectl exec -- env` and by the simulated shell alike. Not
//! modelled: `resourceFieldRef`, `metadata.labels` and `metadata.annotations` whole,
//! `status.podIPs`, `status.hostIPs`.

use serde_json::Value;

use super::Pod;

/// A `fieldRef` the downward API resolves; other sources resolve to nothing here.
pub fn field_ref(pod: &Pod, from: &Value) -> String {
    let Some(path) = from.get("fieldRef").and_then(|f| f.get("fieldPath")).and_then(Value::as_str)
    else {
        return String::new();
    };
    let m = &pod.metadata;
    let key = |prefix: &str| {
        path.strip_prefix(prefix).and_then(|r| r.strip_suffix("']")).map(str::to_string)
    };
    match path {
        "metadata.name" => m.name.clone(),
        "metadata.namespace" => m.namespace.clone(),
        "metadata.uid" => m.uid.clone(),
        "spec.nodeName" => pod.spec.node_name.clone().unwrap_or_default(),
        "spec.serviceAccountName" => {
            pod.spec.service_account_name.as_deref().unwrap_or_default().to_string()
        }
        "status.podIP" => pod.status.pod_ip.clone().unwrap_or_default(),
        "status.hostIP" => pod.status.host_ip.clone().unwrap_or_default(),
        _ => {
            if let Some(k) = key("metadata.labels['") {
                m.labels.get(&k).cloned().unwrap_or_default()
            } else if let Some(k) = key("metadata.annotations['") {
                m.annotations.get(&k).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        }
    }
}
