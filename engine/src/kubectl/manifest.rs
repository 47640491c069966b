//! Loading YAML or JSON manifests (`apply -f -`, `create -f -`), one or many documents, into
//! typed objects, split the way kubectl and the API server split the work: kubectl reads the
//! stream document by document and stops at the first it cannot read (bad YAML, no apiVersion
//! or kind, a kind it cannot map), keeping the documents before it; the API server decodes
//! each object strictly, so an unknown field fails that object alone.
//!
//! Models staging/src/k8s.io/cli-runtime/pkg/resource/visitor.go (`StreamVisitor.Visit`,
//! `ValidateSchema` and its "turn validation off" suffix), apimachinery pkg/runtime/error.go
//! (`strictDecodingError`) and apiserver pkg/endpoints/handlers/rest.go
//! (`transformDecodeError`). It does not create or update anything (apply.rs does).

use serde_json::Value;

use crate::api::decode::{self, Undecodable};
use crate::model::*;

use super::KubectlError;

/// Largest manifest accepted, so a runaway paste is refused quickly.
pub const MAX_MANIFEST_BYTES: usize = 1 << 20;
/// Most documents in one manifest.
pub const MAX_DOCUMENTS: usize = 500;

/// What kubectl read from a manifest.
pub struct Stream {
    /// The objects in stream order, each as its document (`source`) and as the API server
    /// will decode it.
    pub items: Vec<Item>,
    /// Why kubectl stopped reading, if it did; the items before it are still sent.
    pub stopped: Option<KubectlError>,
}

pub struct Item {
    /// The document as written (a `kind: List` contributes one per item).
    pub source: Value,
    /// The kind and name the document gives, for messages about an object that did not decode.
    pub kind: Kind,
    pub name: String,
    pub namespace: String,
    /// The typed object, or why the API server could not decode it.
    pub decoded: Result<Object, Undecodable>,
}

/// The kinds a manifest may hold, in `Kind::ALL`'s order: every kind but the two the cluster
/// alone writes (Nodes register themselves; Events are recorded), which `item` skips.
pub const APPLIED: [Kind; Kind::ALL.len() - 2] = {
    let mut out = [Kind::Pod; Kind::ALL.len() - 2];
    let (mut i, mut n) = (0, 0);
    while i < Kind::ALL.len() {
        if !matches!(Kind::ALL[i], Kind::Node | Kind::Event) {
            out[n] = Kind::ALL[i];
            n += 1;
        }
        i += 1;
    }
    out
};

/// `APPLIED` as the fallback message names them: "Deployments, ... and Endpoints".
fn applied_kinds() -> String {
    let names: Vec<String> = APPLIED
        .iter()
        .map(|k| match k.as_str() {
            "Endpoints" => "Endpoints".to_string(),
            class if class.ends_with('s') => format!("{class}es"),
            kind => format!("{kind}s"),
        })
        .collect();
    match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// Every object of `text`, failing on the first problem of any kind: for tests that want the
/// whole manifest or nothing.
#[cfg(test)]
pub fn load(text: &str) -> Result<Vec<Object>, KubectlError> {
    let stream = read(text);
    if let Some(e) = stream.stopped {
        return Err(e);
    }
    if stream.items.is_empty() {
        return Err(KubectlError::Usage("no objects passed to apply".into()));
    }
    let mut out = Vec::new();
    for item in stream.items {
        out.push(item.decoded.map_err(|m| {
            KubectlError::Plain(format!(
                "Error from server (BadRequest): error when creating \"STDIN\": {m}"
            ))
        })?);
    }
    Ok(out)
}

/// Reads documents until the end or the first one kubectl cannot take. Empty documents are
/// skipped; `kind: List` is expanded.
pub fn read(text: &str) -> Stream {
    let mut stream = Stream { items: Vec::new(), stopped: None };
    if text.len() > MAX_MANIFEST_BYTES {
        stream.stopped = Some(KubectlError::Usage(format!(
            "manifest of {} bytes is larger than kubeloop's {} byte limit",
            text.len(),
            MAX_MANIFEST_BYTES
        )));
        return stream;
    }
    let (docs, stopped) = documents(text);
    stream.stopped = stopped;
    for doc in docs {
        let items = if doc.get("kind").and_then(Value::as_str) == Some("List") {
            doc.get("items").and_then(Value::as_array).cloned().unwrap_or_default()
        } else {
            vec![doc]
        };
        for v in items {
            match item(v) {
                Ok(Some(item)) => stream.items.push(item),
                Ok(None) => {}
                Err(e) => {
                    stream.stopped = Some(e);
                    return stream;
                }
            }
        }
    }
    stream
}

/// The JSON document, or the YAML documents up to the first that does not parse.
fn documents(text: &str) -> (Vec<Value>, Option<KubectlError>) {
    let trimmed = text.trim_start();
    if trimmed.starts_with('{') || trimmed.starts_with('[') {
        return match serde_json::from_str(text) {
            Ok(v) => (vec![v], None),
            Err(e) => (vec![], Some(KubectlError::Usage(format!("error parsing STDIN: {e}")))),
        };
    }
    let mut docs = Vec::new();
    for doc in serde_yaml_ng::Deserializer::from_str(text) {
        use serde::Deserialize;
        match Value::deserialize(doc) {
            Ok(Value::Null) => {}
            Ok(v) => docs.push(v),
            Err(e) => {
                let msg = format!("error parsing STDIN: error converting YAML to JSON: yaml: {e}");
                return (docs, Some(KubectlError::Usage(msg)));
            }
        }
        if docs.len() > MAX_DOCUMENTS {
            let msg = format!("more than {MAX_DOCUMENTS} documents in one manifest");
            return (vec![], Some(KubectlError::Usage(msg)));
        }
    }
    (docs, None)
}

/// kubectl's checks of one document, then the API server's decoding. `None` for kinds the
/// sandbox reads but does not create (Nodes, Events).
fn item(v: Value) -> Result<Option<Item>, KubectlError> {
    let text = |key: &str| v.get(key).and_then(Value::as_str).unwrap_or_default().to_string();
    let (kind_name, api) = (text("kind"), text("apiVersion"));
    // ValidateSchema: both missing fields are reported, as an aggregate when there are two.
    let missing: Vec<&str> = [("apiVersion", &api), ("kind", &kind_name)]
        .into_iter()
        .filter(|(_, value)| value.is_empty())
        .map(|(field, _)| field)
        .collect();
    if !missing.is_empty() {
        let list = missing.iter().map(|f| format!("{f} not set")).collect::<Vec<_>>();
        let body = if list.len() == 1 { list[0].clone() } else { format!("[{}]", list.join(", ")) };
        return Err(KubectlError::Usage(format!(
            "error validating \"STDIN\": error validating data: {body}; if you choose to ignore these errors, turn validation off with --validate=false"
        )));
    }
    let Some(kind) = Kind::ALL.into_iter().find(|k| k.as_str() == kind_name) else {
        return Err(KubectlError::Plain(format!(
            "kubeloop: kind {kind_name} is not simulated in kubeloop (manifests may hold {})",
            applied_kinds()
        )));
    };
    if !APPLIED.contains(&kind) {
        return Ok(None);
    }
    // A kind is served at its preferred version and at those it converts from
    // (autoscaling/v1, which `kubectl autoscale` posts).
    if !kind.info().serves(&api) {
        return Err(KubectlError::Usage(format!(
            "resource mapping not found for name: \"\" namespace: \"\" from \"STDIN\": no matches for kind \"{kind_name}\" in version \"{api}\"\nensure CRDs are installed first"
        )));
    }
    let meta = |key: &str| {
        v.pointer(&format!("/metadata/{key}"))
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    let (name, namespace) = (meta("name"), meta("namespace"));
    let source = v.clone();
    let decoded = decode::object(kind, &api, v);
    Ok(Some(Item { source, kind, name, namespace, decoded }))
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
        assert!(load("apiVersion: v1\nkind: PersistentVolume\nmetadata: {name: x}\n").is_err());
        assert!(load("apiVersion: v1\nkind: Service\nmetadata: {name: x}\nspec: {portz: []}\n")
            .is_err());
        assert!(load("apiVersion: v1\nkind: EndpointSlice\nmetadata: {name: x}\n").is_err());
        assert!(load("apiVersion: v1\nkind: Pod\n  bad: [indent\n").is_err());
        assert!(load("").is_err());
    }

    #[test]
    fn the_fallback_names_exactly_the_kinds_a_manifest_may_hold() {
        let doc = |kind: Kind| {
            format!("apiVersion: {}\nkind: {kind}\nmetadata: {{name: x}}\n", kind.api_version())
        };
        let refused = read("apiVersion: v1\nkind: PersistentVolume\nmetadata: {name: x}\n");
        let message = refused.stopped.expect("a PersistentVolume is refused").to_string();
        let list = message.split("may hold ").nth(1).and_then(|l| l.strip_suffix(')'));
        let named: Vec<&str> =
            list.expect("a list of kinds").split(", ").flat_map(|n| n.split(" and ")).collect();
        for kind in Kind::ALL {
            let stream = read(&doc(kind));
            assert!(
                stream.stopped.is_none(),
                "{kind}: {:?}",
                stream.stopped.map(|e| e.to_string())
            );
            let plural = match kind {
                Kind::Endpoints => "Endpoints".to_string(),
                Kind::PriorityClass => "PriorityClasses".to_string(),
                Kind::Ingress => "Ingresses".to_string(),
                _ => kind.as_str().to_string() + "s",
            };
            if APPLIED.contains(&kind) {
                assert_eq!(stream.items.iter().map(|i| i.kind).collect::<Vec<_>>(), [kind]);
                assert!(named.contains(&plural.as_str()), "{kind} is missing from: {message}");
            } else {
                assert!(stream.items.is_empty(), "{kind} is read and skipped");
                assert!(!named.contains(&plural.as_str()), "{kind} is named in: {message}");
            }
        }
        assert_eq!(named.len(), APPLIED.len(), "{message}");
        assert!(message.ends_with("ReplicationControllers, Leases and Ingresses)"), "{message}");
    }

    #[test]
    fn every_unknown_field_is_named_by_its_path() {
        let text = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: a\n    image: x\n  - name: b\n    image: y\n    commandx: [sleep]\n  oops: 1\n";
        let stream = read(text);
        let err = stream.items[0].decoded.as_ref().map(|_| ()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "Pod in version \"v1\" cannot be handled as a Pod: strict decoding error: unknown field \"spec.containers[1].commandx\", unknown field \"spec.oops\""
        );
    }

    #[test]
    fn a_document_without_api_version_stops_the_stream_but_keeps_earlier_ones() {
        let text = "apiVersion: v1\nkind: Pod\nmetadata: {name: a}\nspec: {containers: [{name: c, image: x}]}\n---\nmetadata: {name: b}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: c}\n";
        let stream = read(text);
        assert_eq!(stream.items.len(), 1);
        assert_eq!(
            stream.stopped.unwrap().to_string(),
            "error: error validating \"STDIN\": error validating data: [apiVersion not set, kind not set]; if you choose to ignore these errors, turn validation off with --validate=false"
        );
    }

    #[test]
    fn absent_required_fields_reach_validation_instead_of_the_decoder() {
        let text = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    metadata: {labels: {app: web}}\n    spec: {containers: [{image: nginx}]}\n";
        let objs = load(text).unwrap();
        assert!(matches!(&objs[0], Object::Deployment(d) if d.spec.selector.is_empty()));
    }

    #[test]
    fn yaml_alias_bombs_are_refused() {
        let bomb = "a: &a [\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\nh: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]\ni: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]\nkind: Pod\napiVersion: v1\n";
        assert!(load(bomb).is_err());
    }
}
