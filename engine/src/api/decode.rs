//! The API server's decoding of one object of a kind from JSON: the fields it lets a body
//! leave out, the autoscaling/v1 conversion, strict decoding into the typed model, and the
//! BadRequest a body that does not decode gets. Both the REST handlers (`write.rs`) and
//! kubectl's manifests (`kubectl/manifest.rs`, which decode as the server will) call it.
//!
//! Models apiserver pkg/endpoints/handlers/rest.go (`transformDecodeError`) and apimachinery
//! pkg/runtime/error.go (`strictDecodingError`).

use serde_json::Value;

use crate::model::*;

use super::conversion;

/// A document the API server could not decode into its kind.
#[derive(Clone, Debug, PartialEq)]
pub struct Undecodable {
    pub kind: String,
    /// The decoder's own words: `json: cannot unmarshal ...` or `strict decoding error: ...`.
    pub detail: String,
}

impl std::fmt::Display for Undecodable {
    /// The BadRequest message, as apiserver rest.go `transformDecodeError` words it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = &self.kind;
        write!(f, "{kind} in version \"v1\" cannot be handled as a {kind}: {}", self.detail)
    }
}

/// `v`, a `kind` document sent as `api_version`, decoded as the API server decodes it:
/// converted from autoscaling/v1, given its absent fields, then strictly typed.
pub fn object(kind: Kind, api_version: &str, mut v: Value) -> Result<Object, Undecodable> {
    if kind == Kind::HorizontalPodAutoscaler && api_version == "autoscaling/v1" {
        v = conversion::v2_manifest_from_v1(v);
    }
    drop_nulls(&mut v);
    fill_absent(&mut v, kind);
    crate::kinds::ops(kind)
        .typed(v)
        .map_err(|detail| Undecodable { kind: kind.as_str().into(), detail })
}

/// encoding/json leaves a field whose value is `null` at its zero value (a nil slice, map or
/// pointer, an empty string): the typed model reads a field that is absent the same way, so
/// a `null` is taken out before decoding (`currentMetrics: null` in the HPA kubectl builds,
/// `creationTimestamp: null` in every generated object). A `null` inside a list stays.
pub(super) fn drop_nulls(v: &mut Value) {
    match v {
        Value::Object(map) => {
            map.retain(|_, x| !x.is_null());
            map.values_mut().for_each(drop_nulls);
        }
        Value::Array(items) => items.iter_mut().for_each(drop_nulls),
        _ => {}
    }
}

/// The pod spec of a workload's `template`.
fn template_spec(
    spec: &mut serde_json::Map<String, Value>,
) -> Option<&mut serde_json::Map<String, Value>> {
    spec.get_mut("template").and_then(|t| t.get_mut("spec")).and_then(Value::as_object_mut)
}

/// Gives fields the API server lets a manifest leave out, but that the typed model insists
/// on, an empty value, so validation judges the object (`spec.selector: Required value`)
/// rather than the decoder.
pub fn fill_absent(v: &mut Value, kind: Kind) {
    let Value::Object(top) = v else { return };
    top.entry("metadata").or_insert_with(|| Value::Object(Default::default()));
    // A Service's spec has no required field; slices and Endpoints have no spec at all.
    // A ControllerRevision has no spec; a claim's and an autoscaler's specs hold no pods.
    if matches!(
        kind,
        Kind::Service
            | Kind::EndpointSlice
            | Kind::Endpoints
            | Kind::ControllerRevision
            | Kind::PersistentVolumeClaim
            | Kind::ConfigMap
            | Kind::Secret
            | Kind::PodDisruptionBudget
            | Kind::ResourceQuota
            | Kind::LimitRange
            | Kind::Namespace
            | Kind::ServiceAccount
            | Kind::PriorityClass
            | Kind::ReplicationController
            | Kind::Lease
            | Kind::Ingress
            | Kind::HorizontalPodAutoscaler
            // Nodes and Events come from the API (kubeloop serve), never from manifests.
            | Kind::Node
            | Kind::Event
    ) {
        return;
    }
    let spec = top.entry("spec").or_insert_with(|| Value::Object(Default::default()));
    let Value::Object(spec) = spec else { return };
    let pod_spec = match kind {
        Kind::Pod => Some(&mut *spec),
        // A Job's selector is optional: the API server generates it.
        Kind::Job => template_spec(spec),
        Kind::CronJob => spec
            .get_mut("jobTemplate")
            .and_then(|t| t.get_mut("spec"))
            .and_then(Value::as_object_mut)
            .and_then(template_spec),
        _ => {
            spec.entry("selector").or_insert_with(|| Value::Object(Default::default()));
            template_spec(spec)
        }
    };
    let containers = pod_spec.and_then(|s| s.get_mut("containers")).and_then(Value::as_array_mut);
    for c in containers.into_iter().flatten() {
        if let Value::Object(c) = c {
            c.entry("name").or_insert_with(|| Value::String(String::new()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_v1_autoscaler_decodes_as_v2_and_an_unknown_field_is_named() {
        let v1 = json!({
            "apiVersion": "autoscaling/v1", "kind": "HorizontalPodAutoscaler",
            "metadata": {"name": "web"},
            "spec": {"scaleTargetRef": {"kind": "Deployment", "name": "web", "apiVersion": "apps/v1"},
                "maxReplicas": 5, "targetCPUUtilizationPercentage": 50}
        });
        let decoded = object(Kind::HorizontalPodAutoscaler, "autoscaling/v1", v1);
        let Ok(Object::HorizontalPodAutoscaler(h)) = decoded else { panic!("{decoded:?}") };
        let target = &h.spec.metrics[0].resource.as_ref().expect("a CPU metric").target;
        assert_eq!(target.average_utilization, Some(50));
        let pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
            "spec": {"containers": [{"name": "c", "image": "nginx"}], "oops": 1}});
        assert_eq!(
            object(Kind::Pod, "v1", pod).unwrap_err().to_string(),
            "Pod in version \"v1\" cannot be handled as a Pod: strict decoding error: unknown field \"spec.oops\""
        );
    }
}
