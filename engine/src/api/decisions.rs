//! The loops' decisions as an API resource, `kubeloop.dev/v1` `Decision`: what the extension
//! endpoint `/apis/kubeloop.dev/v1/decisions` serves and the page's live mode reads. A real
//! cluster has no such endpoint; its controllers keep their reasoning to themselves.

use serde_json::{json, Value};

use crate::clock::Time;
use crate::controllers::{ControllerName, Decision, Said};
use crate::model::Kind;

pub const API_VERSION: &str = "kubeloop.dev/v1";
pub const PATH: &str = "/apis/kubeloop.dev/v1/decisions";

/// A decision as JSON; `seq` is its place in the log, served as its resourceVersion so a
/// watch can resume after it.
pub fn to_json(d: &Decision, seq: u64) -> Value {
    json!({
        "apiVersion": API_VERSION,
        "kind": "Decision",
        "metadata": { "resourceVersion": seq.to_string() },
        "at": d.at.to_string(),
        "controller": d.controller.short(),
        "target": {
            "kind": d.kind.as_str(),
            "namespace": d.namespace,
            "name": d.name,
        },
        "desired": d.desired.to_string(),
        "observed": d.observed.to_string(),
        "action": d.action.to_string(),
    })
}

/// A decision read back, with its sequence number; `None` for anything else.
pub fn from_json(v: &Value) -> Option<(Decision, u64)> {
    let text = |p: &str| v.pointer(p).and_then(Value::as_str);
    if text("/kind") != Some("Decision") {
        return None;
    }
    let seq = text("/metadata/resourceVersion")?.parse().ok()?;
    let decision = Decision {
        at: Time::parse_rfc3339(text("/at")?)?,
        controller: ControllerName::from_short(text("/controller")?)?,
        kind: Kind::from_resource(&text("/target/kind")?.to_ascii_lowercase())?,
        namespace: text("/target/namespace")?.to_string(),
        name: text("/target/name")?.to_string(),
        // Read back over the API, a decision is the English the server wrote.
        desired: Said::cluster(text("/desired")?),
        observed: Said::cluster(text("/observed")?),
        action: Said::cluster(text("/action")?),
    };
    Some((decision, seq))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_decision_survives_the_round_trip_and_other_objects_are_not_decisions() {
        for kind in Kind::ALL {
            let d = Decision {
                at: Time::from_secs(75),
                controller: ControllerName::HorizontalPodAutoscaler,
                kind,
                namespace: "default".into(),
                name: "web".into(),
                desired: Said::cluster("3 replicas"),
                observed: Said::cluster("2 active pods"),
                action: Said::cluster("create 1 pod"),
            };
            assert_eq!(from_json(&to_json(&d, 41)), Some((d, 41)));
        }
        assert_eq!(from_json(&json!({"kind": "Pod", "metadata": {}})), None);
        assert_eq!(from_json(&json!({"kind": "Decision"})), None);
    }
}
