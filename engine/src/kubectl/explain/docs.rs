//! The API docs `kubectl explain` prints: the resources kubeloop serves and the OpenAPI v3
//! schemas reachable from them, reduced from Kubernetes' published documents by
//! `scripts/explain-docs` into `static/explain.json`.
//!
//! The engine never reads the file: whoever runs the session hands the parsed docs over
//! (`Session::set_explain_docs`). The page fetches the asset on the first `explain`, so the
//! docs stay out of the wasm; native callers (the script runner, the `kubeloop` binary)
//! take the copy compiled into them by [`bundled`].

use serde_json::{Map, Value};

use crate::model::Kind;

/// One resource as the docs describe it: the GVK the template finds for it through the
/// document's paths, and the component schema listing that GVK.
#[derive(Clone, Debug, PartialEq)]
pub struct DocResource {
    pub group: String,
    pub version: String,
    pub kind: String,
    pub resource: String,
    pub schema: String,
}

/// The parsed asset.
#[derive(Clone, Debug, PartialEq)]
pub struct ExplainDocs {
    /// Where the schemas came from, as the generator records it.
    pub source: String,
    resources: Vec<DocResource>,
    schemas: Map<String, Value>,
}

impl ExplainDocs {
    /// Parses the asset, checking its shape so a broken or foreign file is refused here
    /// rather than half-rendered later.
    pub fn parse(text: &str) -> Result<ExplainDocs, String> {
        let value: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        let field = |v: &Value, key: &str| -> Result<String, String> {
            v.get(key)
                .and_then(Value::as_str)
                .map(str::to_string)
                .ok_or_else(|| format!("a resource has no \"{key}\""))
        };
        let Some(list) = value.get("resources").and_then(Value::as_array) else {
            return Err("no \"resources\" list".into());
        };
        let Some(schemas) = value.get("schemas").and_then(Value::as_object) else {
            return Err("no \"schemas\" map".into());
        };
        let mut resources = Vec::with_capacity(list.len());
        for r in list {
            let res = DocResource {
                group: field(r, "group")?,
                version: field(r, "version")?,
                kind: field(r, "kind")?,
                resource: field(r, "resource")?,
                schema: field(r, "schema")?,
            };
            if !schemas.contains_key(&res.schema) {
                return Err(format!("no schema {}", res.schema));
            }
            resources.push(res);
        }
        let source = value.get("source").and_then(Value::as_str).unwrap_or_default().to_string();
        Ok(ExplainDocs { source, resources, schemas: schemas.clone() })
    }

    /// The resource at `group`/`version` named `resource`, as the template's path search
    /// finds it.
    pub fn resource(&self, group: &str, version: &str, resource: &str) -> Option<&DocResource> {
        self.resources
            .iter()
            .find(|r| r.group == group && r.version == version && r.resource == resource)
    }

    /// Whether the server has a document for `group`/`version` at all (client-go's
    /// openapi `Paths()`, keyed `api/v1` or `apis/GROUP/VERSION`).
    pub fn has_group_version(&self, group: &str, version: &str) -> bool {
        self.resources.iter().any(|r| r.group == group && r.version == version)
    }

    /// A component schema by name (a `$ref` without its `#/components/schemas/` prefix).
    pub fn schema(&self, name: &str) -> Option<&Value> {
        self.schemas.get(name)
    }

    /// Whether every kind kubeloop serves has its docs.
    pub fn covers(&self, kind: Kind) -> bool {
        self.resource(kind.group(), kind.version(), kind.plural())
            .is_some_and(|r| r.kind == kind.as_str())
    }
}

/// The asset compiled into native builds: the script runner, the golden tests and the
/// `kubeloop` binary. Never in the wasm, which fetches it instead.
#[cfg(not(target_arch = "wasm32"))]
pub fn bundled() -> std::sync::Arc<ExplainDocs> {
    use std::sync::{Arc, OnceLock};
    static DOCS: OnceLock<Arc<ExplainDocs>> = OnceLock::new();
    DOCS.get_or_init(|| {
        let text = include_str!("../../../../static/explain.json");
        Arc::new(ExplainDocs::parse(text).expect("static/explain.json parses"))
    })
    .clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_docs_cover_every_kind() {
        let docs = bundled();
        for kind in Kind::ALL {
            assert!(docs.covers(kind), "{kind}");
        }
        assert!(docs.schema("io.k8s.api.core.v1.PodSpec").is_some());
    }

    #[test]
    fn a_broken_asset_is_refused_with_a_reason() {
        assert!(ExplainDocs::parse("<html>").unwrap_err().starts_with("not JSON"));
        assert_eq!(ExplainDocs::parse("{}").unwrap_err(), "no \"resources\" list");
        let dangling = r#"{"resources":[{"group":"","version":"v1","kind":"Pod","resource":"pods","schema":"x"}],"schemas":{}}"#;
        assert_eq!(ExplainDocs::parse(dangling).unwrap_err(), "no schema x");
    }
}
