//! `kubectl apply -f -` and the manifest half of `create -f -`: each object of a manifest is
//! created, or (apply) updated in place, on its own; the errors come together at the end.
//!
//! Models staging/src/k8s.io/kubectl/pkg/cmd/apply/apply.go (`Run`, `applyOneObject`,
//! `warningNoLastAppliedConfigAnnotation`), kubectl/pkg/util/apply.go
//! (`GetModifiedConfiguration`: the last-applied-configuration annotation), cmd/util/helpers.go
//! (`AddSourceToErr`, `checkErr`, `MultipleErrors`) and cmd/create/create.go `RunCreate`.
//! Apply here replaces the spec instead of a three-way strategic merge; labels and
//! annotations do merge three ways, so fields the cluster set (the revision annotation) stay.

use std::collections::BTreeMap;
use std::rc::Rc;

use serde_json::Value;

use crate::labels::field::go_json;
use crate::model::*;
use crate::store::ApiError;

use super::args::{self, flag, switch, FlagSpec};
use super::manifest::{self, Item};
use super::mutate::ns_of;
use super::printers;
use super::{KubectlError, Output, Session};

/// `v1.LastAppliedConfigAnnotation`.
pub const LAST_APPLIED: &str = "kubectl.kubernetes.io/last-applied-configuration";

const APPLY_FLAGS: &[FlagSpec] = &[
    flag("filename", Some('f')),
    flag("namespace", Some('n')),
    flag("dry-run", None),
    switch("server-side", None),
];

pub fn apply(
    s: &mut Session,
    argv: &[String],
    stdin: Option<String>,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let a = args::parse(argv, APPLY_FLAGS, "apply")?;
    if a.has("dry-run") || a.has("server-side") {
        return Err(KubectlError::Plain(
            "kubeloop: --dry-run and --server-side are not supported in kubeloop".into(),
        ));
    }
    let Some(f) = a.get("filename") else {
        return Err(KubectlError::Usage("must specify one of -f and -k".into()));
    };
    from_manifest(s, f, stdin, &ns_of(&a), true, out)
}

/// One object's failure, or the stream's, printed as kubectl prints it.
enum Failure {
    /// The API server refused one object; `verb` is what `AddSourceToErr` puts before the
    /// message ("creating", "applying patch").
    Api { verb: &'static str, err: ApiError },
    /// kubectl itself could not go on reading the manifest.
    Client(KubectlError),
}

impl Failure {
    /// `checkErr` with one error: Invalid from its causes, other API errors with the source.
    fn alone(&self) -> String {
        match self {
            Failure::Api { err: e @ ApiError::Invalid { .. }, .. } => e.to_string(),
            Failure::Api { verb, err } => with_source(verb, err),
            Failure::Client(e) => e.to_string(),
        }
    }

    /// `MultipleErrors`: each API error as `StandardErrorMessage` words it (the Status
    /// message, even for Invalid), anything else bare, without `error: `.
    fn listed(&self) -> String {
        match self {
            Failure::Api { verb, err } => with_source(verb, err),
            Failure::Client(KubectlError::Usage(m) | KubectlError::Plain(m)) => m.clone(),
            Failure::Client(KubectlError::Api(e)) => e.to_string(),
        }
    }
}

fn with_source(verb: &str, err: &ApiError) -> String {
    format!(
        "Error from server ({}): error when {verb} \"STDIN\": {}",
        err.reason(),
        err.status_message()
    )
}

pub(super) fn from_manifest(
    s: &mut Session,
    file: &str,
    stdin: Option<String>,
    ns: &str,
    apply: bool,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let verb = if apply { "apply" } else { "create" };
    if file != "-" {
        return Err(KubectlError::Plain(format!(
            "kubeloop: there are no files here; pass the manifest on standard input: `kubectl {verb} -f - <<EOF` ... `EOF`"
        )));
    }
    let stream = manifest::read(stdin.as_deref().unwrap_or(""));
    let mut failures = Vec::new();
    if stream.items.is_empty() && stream.stopped.is_none() {
        return Err(KubectlError::Usage(format!("no objects passed to {verb}")));
    }
    for item in stream.items {
        match put_item(s, item, ns, apply, out) {
            Ok(line) => out.out(format!("{line}\n")),
            Err(f) => failures.push(f),
        }
    }
    // apply.go puts the error of reading the objects first; create's visitor reports it last.
    if let Some(e) = stream.stopped {
        let at = if apply { 0 } else { failures.len() };
        failures.insert(at, Failure::Client(e));
    }
    match failures.as_slice() {
        [] => return Ok(0),
        [one] => out.err(format!("{}\n", one.alone())),
        many => {
            for f in many {
                out.err(format!("{}\n", f.listed()));
            }
        }
    }
    Ok(1)
}

fn put_item(
    s: &mut Session,
    item: Item,
    ns: &str,
    apply: bool,
    out: &mut Output,
) -> Result<String, Failure> {
    let source = item.source;
    match item.decoded {
        Ok(Object::Deployment(d)) => put(s, Rc::unwrap_or_clone(d), &source, ns, apply, out),
        Ok(Object::ReplicaSet(r)) => put(s, Rc::unwrap_or_clone(r), &source, ns, apply, out),
        Ok(Object::Pod(p)) => put(s, Rc::unwrap_or_clone(p), &source, ns, apply, out),
        Ok(_) => Err(Failure::Client(KubectlError::Plain(
            "kubeloop: only Deployments, ReplicaSets and Pods can be created here".into(),
        ))),
        Err(message) => {
            let ns = if item.namespace.is_empty() { ns } else { &item.namespace };
            let exists = match item.kind {
                Kind::Deployment => s.world.store.get::<Deployment>(ns, &item.name).is_some(),
                Kind::ReplicaSet => s.world.store.get::<ReplicaSet>(ns, &item.name).is_some(),
                _ => s.world.store.get::<Pod>(ns, &item.name).is_some(),
            };
            let verb = if apply && exists { "applying patch" } else { "creating" };
            Err(Failure::Api { verb, err: ApiError::BadRequest { message } })
        }
    }
}

/// Creates, or (for apply) updates spec, labels and annotations of an existing object.
fn put<T: crate::store::Tabled>(
    s: &mut Session,
    mut obj: T,
    source: &Value,
    ns: &str,
    apply: bool,
    out: &mut Output,
) -> Result<String, Failure> {
    if obj.meta().namespace.is_empty() && T::KIND.namespaced() {
        obj.meta_mut().namespace = ns.to_string();
    }
    if apply {
        let config = last_applied(source, &obj.meta().namespace);
        obj.meta_mut().annotations.insert(LAST_APPLIED.into(), config);
    }
    let name = obj.meta().name.clone();
    let existing = s.world.store.get::<T>(&obj.meta().namespace, &name).cloned();
    match existing {
        Some(cur) if apply => {
            if !cur.meta().annotations.contains_key(LAST_APPLIED) {
                out.err(format!(
                    "Warning: resource {}/{name} is missing the {LAST_APPLIED} annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n",
                    T::KIND.plural()
                ));
            }
            let mut next = obj;
            {
                let m = next.meta_mut();
                let c = cur.meta();
                let before = previously_applied(c);
                m.labels = merge(&c.labels, &m.labels, &before.0).into();
                m.annotations = merge(&c.annotations, &m.annotations, &before.1);
                m.uid = c.uid.clone();
                if m.owner_references.is_empty() {
                    m.owner_references = c.owner_references.clone();
                }
                m.finalizers = c.finalizers.clone();
            }
            T::keep_unset_on_apply(&mut next, &cur);
            let updated =
                s.world.update(next).map_err(|err| Failure::Api { verb: "applying patch", err })?;
            let op = if updated.meta().resource_version == cur.meta().resource_version {
                "unchanged"
            } else {
                "configured"
            };
            Ok(printers::operation(T::KIND, &name, op))
        }
        _ => {
            let created =
                s.world.create(obj).map_err(|err| Failure::Api { verb: "creating", err })?;
            Ok(printers::operation(T::KIND, &created.meta().name, "created"))
        }
    }
}

/// `GetModifiedConfiguration`: the document as written, with the namespace kubectl filled
/// in and `metadata.annotations` present but without this annotation, encoded as Go's
/// json.Encoder writes an unstructured object (sorted keys, then a newline).
fn last_applied(source: &Value, namespace: &str) -> String {
    let mut doc = source.clone();
    if let Some(Value::Object(meta)) = doc.get_mut("metadata") {
        if !namespace.is_empty() && meta.get("namespace").is_none_or(|n| n.as_str() == Some("")) {
            meta.insert("namespace".into(), Value::String(namespace.into()));
        }
        let annotations =
            meta.entry("annotations").or_insert_with(|| Value::Object(Default::default()));
        match annotations {
            Value::Object(a) => {
                a.shift_remove(LAST_APPLIED);
            }
            other => *other = Value::Object(Default::default()),
        }
    }
    format!("{}\n", go_json(&doc))
}

/// The label and annotation keys the previous apply set, from its annotation.
fn previously_applied(meta: &ObjectMeta) -> (Vec<String>, Vec<String>) {
    let doc: Value = meta
        .annotations
        .get(LAST_APPLIED)
        .and_then(|a| serde_json::from_str(a).ok())
        .unwrap_or(Value::Null);
    let keys = |field: &str| -> Vec<String> {
        doc.pointer(&format!("/metadata/{field}"))
            .and_then(Value::as_object)
            .map(|m| m.keys().cloned().collect())
            .unwrap_or_default()
    };
    (keys("labels"), keys("annotations"))
}

/// A three-way merge of one string map, as a strategic merge patch does it: keys in the new
/// manifest win, keys the previous apply set and the new one drops go, the rest stay.
fn merge<'a>(
    current: impl IntoIterator<Item = (&'a String, &'a String)>,
    desired: impl IntoIterator<Item = (&'a String, &'a String)>,
    applied_before: &[String],
) -> BTreeMap<String, String> {
    let desired: BTreeMap<String, String> =
        desired.into_iter().map(|(k, v)| (k.clone(), v.clone())).collect();
    let mut out: BTreeMap<String, String> = current
        .into_iter()
        .filter(|(k, _)| desired.contains_key(*k) || !applied_before.contains(k))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    out.extend(desired);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn last_applied_is_the_manifest_with_namespace_and_empty_annotations_sorted() {
        let source = json!({"kind": "Pod", "apiVersion": "v1", "metadata": {"name": "p"}, "spec": {"containers": [{"name": "c", "image": "x"}]}});
        assert_eq!(
            last_applied(&source, "default"),
            "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"annotations\":{},\"name\":\"p\",\"namespace\":\"default\"},\"spec\":{\"containers\":[{\"image\":\"x\",\"name\":\"c\"}]}}\n"
        );
    }

    #[test]
    fn a_merge_keeps_what_the_cluster_set_and_drops_what_apply_set_before() {
        let map = |pairs: &[(&str, &str)]| -> BTreeMap<String, String> {
            pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
        };
        let current = map(&[("revision", "2"), ("team", "a"), ("old", "x")]);
        let desired = map(&[("team", "b")]);
        let merged = merge(&current, &desired, &["team".into(), "old".into()]);
        assert_eq!(merged, map(&[("revision", "2"), ("team", "b")]));
    }
}
