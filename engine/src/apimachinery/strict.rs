//! Strict decoding of one manifest object into its typed model, as the API server's strict
//! field validation (kubectl's default since 1.27) does: every unknown field is named by its
//! path, in document order, the way sigs.k8s.io/json reports them. What the fields mean is the
//! model's business; reading the YAML or JSON text is kubectl's (`kubectl/manifest.rs`).
//!
//! A value of the wrong type is reported as Go's encoding/json (sigs.k8s.io/json, which the
//! API server decodes with) words it: `json: cannot unmarshal string into Go struct field
//! DeploymentSpec.spec.replicas of type int32` (encoding/json decode.go `UnmarshalTypeError`),
//! never in serde's words, which name Rust types.

use serde::de::DeserializeOwned;
use serde_json::Value;

/// Most unknown fields named in one strict decoding error.
const MAX_UNKNOWN_FIELDS: usize = 20;

/// Strict decoding: every unknown field is named by its path (`spec.containers[0].commandx`),
/// in document order, as sigs.k8s.io/json reports them.
pub(crate) fn typed<T: DeserializeOwned>(mut v: Value) -> Result<std::rc::Rc<T>, String> {
    let mut unknown: Vec<String> = Vec::new();
    loop {
        let err = match T::deserialize(&v) {
            Ok(obj) if unknown.is_empty() => return Ok(std::rc::Rc::new(obj)),
            Ok(_) => break,
            Err(e) => e,
        };
        let message = err.to_string();
        let path = message
            .starts_with("unknown field `")
            .then(|| unknown_field_path::<T>(&v, &message))
            .flatten();
        match path {
            Some(path) if unknown.len() < MAX_UNKNOWN_FIELDS => {
                remove_path(&mut v, &path);
                unknown.push(format!("unknown field \"{}\"", path.join_dotted()));
            }
            Some(_) => break,
            // A value of the wrong type fails the decoding itself, which outranks strictness.
            None => return Err(go_type_error::<T>(&v, &message).unwrap_or(message)),
        }
    }
    Err(format!("strict decoding error: {}", unknown.join(", ")))
}

/// serde's `invalid type: string "three", expected i32` as Go's `UnmarshalTypeError`, with the
/// Go struct that holds the field and the field's path from the top, indexes left out.
/// `None` when the message is not a type error or names a type with no Go counterpart here,
/// so the caller keeps serde's words rather than guess.
fn go_type_error<T: DeserializeOwned>(v: &Value, message: &str) -> Option<String> {
    let rest = message
        .strip_prefix("invalid type: ")
        .or_else(|| message.strip_prefix("invalid value: "))?;
    let (found, expected) = rest.rsplit_once(", expected ")?;
    let numeric = matches!(expected, "i32" | "i64" | "u8" | "u16" | "u32" | "u64" | "f32" | "f64");
    let json_value = go_json_value(found, numeric)?;
    let path = unknown_field_path::<T>(v, message)?;
    let keys: Vec<&str> = path
        .0
        .iter()
        .filter_map(|s| match s {
            Step::Key(k) => Some(k.as_str()),
            Step::Index(_) => None,
        })
        .collect();
    let (field, parents) = keys.split_last()?;
    let kind = v.get("kind").and_then(Value::as_str).unwrap_or("Object");
    let go_type = go_field_type(expected, field, kind)?;
    Some(format!(
        "json: cannot unmarshal {json_value} into Go struct field {}.{} of type {go_type}",
        go_struct(kind, parents),
        keys.join(".")
    ))
}

/// The JSON value as Go names it. A number keeps its text only when it went to a numeric
/// field it does not fit (`number 1.5` into an int32); elsewhere Go says just `number`.
fn go_json_value(found: &str, numeric_target: bool) -> Option<String> {
    Some(match found {
        "map" => "object".into(),
        "sequence" => "array".into(),
        f if f.starts_with("string ") => "string".into(),
        f if f.starts_with("boolean ") => "bool".into(),
        f if f.starts_with("integer ") || f.starts_with("floating point ") => {
            let n = f.rsplit(' ').next().unwrap_or_default().trim_matches('`');
            if numeric_target {
                format!("number {n}")
            } else {
                "number".into()
            }
        }
        _ => return None,
    })
}

/// The Go type of the struct that holds a field, from the keys above it.
fn go_struct(kind: &str, parents: &[&str]) -> String {
    let under_template = parents.len() >= 2 && parents[parents.len() - 2] == "template";
    match parents.last().copied() {
        None => kind.to_string(),
        Some("metadata") => "ObjectMeta".into(),
        Some("spec") if under_template => "PodSpec".into(),
        Some("spec") => format!("{kind}Spec"),
        Some("status") => format!("{kind}Status"),
        Some("template") => "PodTemplateSpec".into(),
        Some("selector") => "LabelSelector".into(),
        Some("strategy") => "DeploymentStrategy".into(),
        Some("rollingUpdate") => "RollingUpdateDeployment".into(),
        Some("containers" | "initContainers") => "Container".into(),
        Some("ports") => match kind {
            "Service" => "ServicePort".into(),
            "EndpointSlice" | "Endpoints" => "EndpointPort".into(),
            _ => "ContainerPort".into(),
        },
        Some("endpoints") => "Endpoint".into(),
        Some("subsets") => "EndpointSubset".into(),
        Some("addresses" | "notReadyAddresses") if kind == "Endpoints" => "EndpointAddress".into(),
        Some("conditions") if kind == "EndpointSlice" => "EndpointConditions".into(),
        Some("env") => "EnvVar".into(),
        Some("resources") => "ResourceRequirements".into(),
        Some("ownerReferences") => "OwnerReference".into(),
        Some("matchExpressions") => "LabelSelectorRequirement".into(),
        Some("tolerations") => "Toleration".into(),
        Some("conditions") => format!("{kind}Condition"),
        Some("containerStatuses" | "initContainerStatuses") => "ContainerStatus".into(),
        Some("readinessProbe" | "livenessProbe" | "startupProbe") => "Probe".into(),
        Some("httpGet") => "HTTPGetAction".into(),
        Some("exec") => "ExecAction".into(),
        Some("tcpSocket") => "TCPSocketAction".into(),
        Some(other) => {
            let mut c = other.chars();
            c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
        }
    }
}

/// The Go type of a field, from what serde expected there.
fn go_field_type(expected: &str, field: &str, kind: &str) -> Option<String> {
    let list = |item: &str| format!("[]v1.{item}");
    Some(match expected {
        "i32" => "int32".into(),
        "i64" => "int64".into(),
        "u8" | "u16" | "u32" | "u64" => format!("uint{}", &expected[1..]),
        "f32" | "f64" => "float64".into(),
        "a string" | "string" | "a borrowed string" => "string".into(),
        "a boolean" | "bool" => "bool".into(),
        "a map" => "map[string]string".into(),
        "a sequence" => match field {
            "containers" | "initContainers" => list("Container"),
            "ports" if kind == "Service" => list("ServicePort"),
            "ports" if kind == "EndpointSlice" || kind == "Endpoints" => list("EndpointPort"),
            "ports" => list("ContainerPort"),
            "env" => list("EnvVar"),
            "ownerReferences" => list("OwnerReference"),
            "matchExpressions" => list("LabelSelectorRequirement"),
            "tolerations" => list("Toleration"),
            "containerStatuses" | "initContainerStatuses" => list("ContainerStatus"),
            "command" | "args" | "finalizers" | "values" => "[]string".into(),
            _ => return None,
        },
        e => format!("v1.{}", e.strip_prefix("struct ")?),
    })
}

/// A path into a JSON document: object keys and array indexes.
pub(crate) struct FieldPath(Vec<Step>);

enum Step {
    Key(String),
    Index(usize),
}

impl FieldPath {
    pub(crate) fn join_dotted(&self) -> String {
        let mut out = String::new();
        for step in &self.0 {
            match step {
                Step::Key(k) if out.is_empty() => out.push_str(k),
                Step::Key(k) => {
                    out.push('.');
                    out.push_str(k);
                }
                Step::Index(i) => out.push_str(&format!("[{i}]")),
            }
        }
        out
    }
}

/// Where serde met the unknown field (or the value of the wrong type). Decoding visits keys in document order and stops at the
/// first unknown one, so a copy of the document cut after the n-th key (depth first) fails
/// with the same error exactly when that cut keeps the culprit: a binary search over n finds
/// it. Only `&Value` decoding is used, so each kind's decoder is compiled once (a second
/// decoder per kind, such as decoding text to get a line number, costs tens of KB of wasm).
pub(crate) fn unknown_field_path<T: DeserializeOwned>(v: &Value, error: &str) -> Option<FieldPath> {
    let mut keys = Vec::new();
    key_order(v, &mut Vec::new(), &mut keys);
    let fails_the_same = |n: usize| {
        let cut = keep_keys(v, &mut 0, n);
        matches!(T::deserialize(&cut), Err(e) if e.to_string() == error)
    };
    // The smallest n whose cut still fails as the whole document does.
    let (mut lo, mut hi) = (1, keys.len());
    if hi == 0 || !fails_the_same(hi) {
        return None;
    }
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if fails_the_same(mid) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    keys.into_iter().nth(lo - 1).map(FieldPath)
}

/// Every key's path, depth first, in document order.
fn key_order(v: &Value, path: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    let clone = |p: &Vec<Step>| {
        p.iter()
            .map(|s| match s {
                Step::Key(k) => Step::Key(k.clone()),
                Step::Index(i) => Step::Index(*i),
            })
            .collect()
    };
    match v {
        Value::Object(map) => {
            for (k, child) in map {
                path.push(Step::Key(k.clone()));
                out.push(clone(path));
                key_order(child, path, out);
                path.pop();
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                path.push(Step::Index(i));
                key_order(child, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

/// A copy of `v` with only its first `n` keys (depth first); `seen` counts keys so far.
fn keep_keys(v: &Value, seen: &mut usize, n: usize) -> Value {
    match v {
        Value::Object(map) => {
            let mut kept = serde_json::Map::new();
            for (k, child) in map {
                if *seen >= n {
                    break;
                }
                *seen += 1;
                kept.insert(k.clone(), keep_keys(child, seen, n));
            }
            Value::Object(kept)
        }
        Value::Array(items) => Value::Array(items.iter().map(|c| keep_keys(c, seen, n)).collect()),
        other => other.clone(),
    }
}

pub(crate) fn remove_path(v: &mut Value, path: &FieldPath) {
    let Some((last, parents)) = path.0.split_last() else { return };
    let mut at = v;
    for step in parents {
        let next = match step {
            Step::Key(k) => at.get_mut(k.as_str()),
            Step::Index(i) => at.get_mut(*i),
        };
        let Some(next) = next else { return };
        at = next;
    }
    if let (Step::Key(k), Value::Object(map)) = (last, at) {
        map.shift_remove(k);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Deployment, Pod};

    fn deployment_error(spec: Value) -> String {
        let d = serde_json::json!({
            "apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"},
            "spec": spec
        });
        typed::<Deployment>(d).expect_err("refused")
    }

    #[test]
    fn a_value_of_the_wrong_type_is_worded_as_go_json_decoding_words_it() {
        let template = |containers: Value| serde_json::json!({"metadata": {"labels": {"app": "web"}}, "spec": {"containers": containers}});
        let cases = [
            (
                serde_json::json!({"replicas": "three", "selector": {}}),
                "json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32",
            ),
            (
                serde_json::json!({"replicas": 1.5, "selector": {}}),
                "json: cannot unmarshal number 1.5 into Go struct field DeploymentSpec.spec.replicas of type int32",
            ),
            (
                serde_json::json!({"selector": {}, "template": template(serde_json::json!("x"))}),
                "json: cannot unmarshal string into Go struct field PodSpec.spec.template.spec.containers of type []v1.Container",
            ),
            (
                serde_json::json!({"selector": {}, "template": template(serde_json::json!([{"name": "c", "image": 3}]))}),
                "json: cannot unmarshal number into Go struct field Container.spec.template.spec.containers.image of type string",
            ),
            (
                serde_json::json!({"selector": {"matchLabels": ["app"]}}),
                "json: cannot unmarshal array into Go struct field LabelSelector.spec.selector.matchLabels of type map[string]string",
            ),
        ];
        for (spec, want) in cases {
            let got = deployment_error(spec);
            assert_eq!(got, want);
            assert!(!got.contains("expected"), "serde's words leak: {got}");
        }
    }

    #[test]
    fn strict_decoding_names_each_unknown_field_by_its_path_even_when_names_repeat() {
        // A known `name` before, the same unknown key twice, and an unknown key at the top.
        let pod = serde_json::json!({
            "apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
            "spec": {"containers": [
                {"name": "a", "image": "nginx:1.27", "commandx": ["x"]},
                {"name": "b", "image": "nginx:1.27", "commandx": ["y"]}
            ]},
            "extra": true
        });
        assert_eq!(
            typed::<Pod>(pod).err().as_deref(),
            Some(
                "strict decoding error: unknown field \"spec.containers[0].commandx\", \
                 unknown field \"spec.containers[1].commandx\", unknown field \"extra\""
            )
        );
    }
}
