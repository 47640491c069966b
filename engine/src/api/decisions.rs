//! The loops' decisions as an API resource, `kubeloop.dev/v1` `Decision`: what the extension
//! endpoint `/apis/kubeloop.dev/v1/decisions` serves and the page's live mode reads. A real
//! cluster has no such endpoint; its controllers keep their reasoning to themselves.

use serde_json::{json, Map, Value};

use crate::clock::Time;
use crate::controllers::said::{Arg, ReadArg, ReadPhrase};
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
        "phrases": {
            "desired": phrase_json(&d.desired),
            "observed": phrase_json(&d.observed),
            "action": phrase_json(&d.action),
        },
    })
}

/// A phrase as the API serves it: its English, and its message id and arguments so a client
/// can say it in another language; the cluster's own words have no id.
fn phrase_json(said: &Said) -> Value {
    let mut args = Map::new();
    said.each_arg(&mut |name, arg| {
        let value = match arg {
            Arg::Num(n) => Value::from(n),
            Arg::Text(t) => Value::from(t),
            Arg::Said(p) => phrase_json(p),
            Arg::List(list) => Value::Array(list.iter().map(phrase_json).collect()),
        };
        args.insert(name.to_string(), value);
    });
    match said.id() {
        Some(id) => json!({ "id": id, "args": args, "text": said.to_string() }),
        None => json!({ "text": said.to_string() }),
    }
}

/// A phrase read back; `None` when it is not one.
fn phrase_of(v: &Value) -> Option<Said> {
    let english = v.get("text")?.as_str()?.to_string();
    let Some(id) = v.get("id").and_then(Value::as_str) else {
        return Some(Said::Cluster(english));
    };
    let mut args = Vec::new();
    for (name, value) in v.get("args").and_then(Value::as_object).into_iter().flatten() {
        let arg = match value {
            Value::Number(n) => ReadArg::Num(n.as_i64()?),
            Value::String(s) => ReadArg::Text(s.clone()),
            Value::Array(list) => ReadArg::List(list.iter().map(phrase_of).collect::<Option<_>>()?),
            other => ReadArg::Said(phrase_of(other)?),
        };
        args.push((name.clone(), arg));
    }
    Some(Said::Read(Box::new(ReadPhrase { id: id.to_string(), args, english })))
}

/// The three phrases of a decision read back: typed where the server sent them, else its
/// English as the cluster's words (a server from before phrases).
fn phrases_of(v: &Value) -> Option<(Said, Said, Said)> {
    let text = |p: &str| v.pointer(p).and_then(Value::as_str).map(Said::cluster);
    let said = |field: &str| match v.pointer(&format!("/phrases/{field}")) {
        Some(p) => phrase_of(p),
        None => text(&format!("/{field}")),
    };
    Some((said("desired")?, said("observed")?, said("action")?))
}

/// A decision read back, with its sequence number; `None` for anything else.
pub fn from_json(v: &Value) -> Option<(Decision, u64)> {
    let text = |p: &str| v.pointer(p).and_then(Value::as_str);
    if text("/kind") != Some("Decision") {
        return None;
    }
    let seq = text("/metadata/resourceVersion")?.parse().ok()?;
    let (desired, observed, action) = phrases_of(v)?;
    let decision = Decision {
        at: Time::parse_rfc3339(text("/at")?)?,
        controller: ControllerName::from_short(text("/controller")?)?,
        kind: Kind::from_resource(&text("/target/kind")?.to_ascii_lowercase())?,
        namespace: text("/target/namespace")?.to_string(),
        name: text("/target/name")?.to_string(),
        desired,
        observed,
        action,
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

    /// A loop's phrase crosses the API with its id and arguments, nested phrases too, and
    /// reads back saying the same English with the same message.
    #[test]
    fn a_phrase_crosses_the_api_typed() {
        use crate::controllers::said::KubeletSaid;
        let seen = KubeletSaid::ExitedAgain { container: "web".into(), restarts: 2 };
        let d = Decision {
            at: Time::from_secs(3),
            controller: ControllerName::Kubelet,
            kind: Kind::Pod,
            namespace: "default".into(),
            name: "web-x".into(),
            desired: KubeletSaid::WantRunning.into(),
            observed: KubeletSaid::OnNode { node: "node-1".into(), seen: Box::new(seen.into()) }
                .into(),
            action: Said::cluster("configmap \"settings\" not found"),
        };
        let json = to_json(&d, 7);
        assert_eq!(json["observed"], "node-1: container web exited again after 2 restarts");
        assert_eq!(json["phrases"]["observed"]["args"]["seen"]["args"]["restarts"], 2);
        let (back, _) = from_json(&json).expect("a decision");
        for (sent, read) in
            [(&d.desired, &back.desired), (&d.observed, &back.observed), (&d.action, &back.action)]
        {
            assert_eq!(read.to_string(), sent.to_string());
            assert_eq!(read.id(), sent.id());
            assert_eq!(phrase_json(read), phrase_json(sent), "the same message and arguments");
        }
        assert!(matches!(back.action, Said::Cluster(_)));
        let old = json!({"kind": "Decision", "metadata": {"resourceVersion": "1"}, "at": "2025-01-01T00:00:03Z",
            "controller": "kubelet", "target": {"kind": "Pod", "namespace": "default", "name": "web-x"},
            "desired": "a", "observed": "b", "action": "c"});
        let (plain, _) = from_json(&old).expect("a server from before phrases");
        assert_eq!(plain.observed, Said::cluster("b"));
        assert_eq!(from_json(&json!({"kind": "Decision"})), None);
    }
}
