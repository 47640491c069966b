//! Loading YAML or JSON manifests (`apply -f -`, `create -f -`), one or many documents, into
//! typed objects. Unknown fields and kinds are refused with kubectl-like messages.

use serde::de::DeserializeOwned;

use crate::model::*;

use super::KubectlError;

/// Largest manifest accepted, so a runaway paste is refused quickly.
pub const MAX_MANIFEST_BYTES: usize = 1 << 20;
/// Most documents in one manifest.
pub const MAX_DOCUMENTS: usize = 500;

/// Parses every document in `text`. Empty documents are skipped; `kind: List` is expanded.
pub fn load(text: &str) -> Result<Vec<Object>, KubectlError> {
    if text.len() > MAX_MANIFEST_BYTES {
        return Err(KubectlError::Usage(format!(
            "manifest of {} bytes is larger than kubeloop's {} byte limit",
            text.len(),
            MAX_MANIFEST_BYTES
        )));
    }
    let trimmed = text.trim_start();
    let docs: Vec<serde_json::Value> = if trimmed.starts_with('{') || trimmed.starts_with('[') {
        let v: serde_json::Value = serde_json::from_str(text)
            .map_err(|e| KubectlError::Usage(format!("error parsing STDIN: {e}")))?;
        vec![v]
    } else {
        let mut docs = Vec::new();
        for doc in serde_yaml_ng::Deserializer::from_str(text) {
            let v = serde_json::Value::deserialize_from_yaml(doc)?;
            if !v.is_null() {
                docs.push(v);
            }
            if docs.len() > MAX_DOCUMENTS {
                return Err(KubectlError::Usage(format!(
                    "more than {MAX_DOCUMENTS} documents in one manifest"
                )));
            }
        }
        docs
    };
    let mut out = Vec::new();
    for doc in docs {
        if doc.get("kind").and_then(|k| k.as_str()) == Some("List") {
            let items = doc.get("items").and_then(|i| i.as_array()).cloned().unwrap_or_default();
            for item in items {
                out.push(object(item)?);
            }
        } else {
            out.push(object(doc)?);
        }
    }
    if out.is_empty() {
        return Err(KubectlError::Usage("no objects passed to apply".into()));
    }
    Ok(out)
}

trait FromYamlDoc {
    fn deserialize_from_yaml(
        doc: serde_yaml_ng::Deserializer<'_>,
    ) -> Result<serde_json::Value, KubectlError>;
}

impl FromYamlDoc for serde_json::Value {
    fn deserialize_from_yaml(
        doc: serde_yaml_ng::Deserializer<'_>,
    ) -> Result<serde_json::Value, KubectlError> {
        use serde::Deserialize;
        serde_json::Value::deserialize(doc).map_err(|e| {
            KubectlError::Usage(format!(
                "error parsing STDIN: error converting YAML to JSON: yaml: {e}"
            ))
        })
    }
}

fn typed<T: DeserializeOwned>(
    v: serde_json::Value,
    kind: &str,
    version: &str,
) -> Result<T, KubectlError> {
    serde_json::from_value(v).map_err(|e| {
        // The API server decodes strictly and names the offending field.
        let msg = e.to_string();
        let detail = match msg.strip_prefix("unknown field `").and_then(|r| r.split_once('`')) {
            Some((field, _)) => format!("strict decoding error: unknown field \"{field}\""),
            None => msg,
        };
        KubectlError::Plain(format!(
            "Error from server (BadRequest): error when creating \"STDIN\": {kind} in version \"{version}\" cannot be handled as a {kind}: {detail}"
        ))
    })
}

fn object(v: serde_json::Value) -> Result<Object, KubectlError> {
    let kind = v.get("kind").and_then(|k| k.as_str()).unwrap_or_default().to_string();
    let api = v.get("apiVersion").and_then(|k| k.as_str()).unwrap_or_default().to_string();
    if kind.is_empty() || api.is_empty() {
        let missing = if api.is_empty() { "apiVersion" } else { "kind" };
        return Err(KubectlError::Usage(format!(
            "error validating \"STDIN\": error validating data: {missing} not set"
        )));
    }
    let expect = |want: &str| -> Result<(), KubectlError> {
        if api == want {
            Ok(())
        } else {
            Err(KubectlError::Usage(format!(
                "resource mapping not found for name: \"\" namespace: \"\" from \"STDIN\": no matches for kind \"{kind}\" in version \"{api}\"\nensure CRDs are installed first"
            )))
        }
    };
    Ok(match kind.as_str() {
        "Deployment" => {
            expect("apps/v1")?;
            Object::Deployment(typed(v, &kind, "v1")?)
        }
        "ReplicaSet" => {
            expect("apps/v1")?;
            Object::ReplicaSet(typed(v, &kind, "v1")?)
        }
        "Pod" => {
            expect("v1")?;
            Object::Pod(typed(v, &kind, "v1")?)
        }
        other => {
            return Err(KubectlError::Plain(format!(
                "kubeloop: kind {other} is not simulated in kubeloop (manifests may hold Deployments, ReplicaSets and Pods)"
            )))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multi_document_yaml_loads_each_object() {
        let text = "apiVersion: apps/v1\nkind: ReplicaSet\nmetadata:\n  name: rs\nspec:\n  replicas: 3\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.27\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: bare\n  labels: {app: web}\nspec:\n  containers:\n  - name: c\n    image: nginx:1.27\n";
        let objs = load(text).unwrap();
        assert_eq!(objs.len(), 2);
        assert!(matches!(&objs[0], Object::ReplicaSet(rs) if rs.spec.replicas == 3));
        assert!(matches!(&objs[1], Object::Pod(p) if p.metadata.name == "bare"));
    }

    #[test]
    fn unknown_fields_and_kinds_are_refused() {
        assert!(load("apiVersion: v1\nkind: Pod\nmetadata: {name: x}\nspec: {containerz: []}\n")
            .is_err());
        assert!(load("apiVersion: v1\nkind: Service\nmetadata: {name: x}\n").is_err());
        assert!(load("apiVersion: v1\nkind: Pod\n  bad: [indent\n").is_err());
        assert!(load("").is_err());
    }

    #[test]
    fn yaml_alias_bombs_are_refused() {
        let bomb = "a: &a [\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\nh: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]\ni: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]\nkind: Pod\napiVersion: v1\n";
        assert!(load(bomb).is_err());
    }
}
