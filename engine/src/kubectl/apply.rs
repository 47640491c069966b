//! `kubectl apply -f -` and the manifest half of `create -f -`: each object of a manifest is
//! created, or (apply) updated in place, on its own; the errors come together at the end.
//!
//! Models staging/src/k8s.io/kubectl/pkg/cmd/apply/apply.go (`Run`, `applyOneObject`,
//! `warningNoLastAppliedConfigAnnotation`), kubectl/pkg/util/apply.go
//! (`GetModifiedConfiguration`: the last-applied-configuration annotation), cmd/util/helpers.go
//! (`AddSourceToErr`, `checkErr`, `MultipleErrors`) and cmd/create/create.go `RunCreate`.
//! The patch is three-way as in apply/patcher.go `patchSimple`, but with JSON merge rules:
//! maps merge key by key, lists are replaced whole (a strategic merge would merge containers
//! by name).

use std::rc::Rc;

use serde_json::Value;

use crate::labels::field::go_json;
use crate::model::*;
use crate::store::ApiError;

use super::args::ns_of;
use super::args::{self, flag, switch, FlagSpec};
use super::dry_run::{self, DryRun};
use super::manifest::{self, Item};
use super::printers;
use super::{KubectlError, Output, Session};

mod edit;
mod merge;
pub use edit::edit;
use merge::{merge, merged_spec};

/// `v1.LastAppliedConfigAnnotation`.
pub const LAST_APPLIED: &str = "kubectl.kubernetes.io/last-applied-configuration";

pub(super) const APPLY_FLAGS: &[FlagSpec] = &[
    flag("filename", Some('f')),
    flag("namespace", Some('n')),
    super::dry_run::FLAG,
    flag("output", Some('o')),
    switch("server-side", None),
];

/// How a manifest is written. `Apply` records it in last-applied-configuration and warns over
/// an object that lacks one. `Edit` is `kubectl edit` saving the edited object: it updates in
/// place like apply but, with edit's `--save-config` at its default of false
/// (pkg/cmd/util/editor/editoptions.go), leaves the annotation as the edited text has it, so
/// editing an object made by `create` adds none and warns of nothing.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    Create,
    Apply,
    Edit,
}

pub fn apply(
    s: &mut Session,
    argv: &[String],
    stdin: Option<String>,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let a = args::parse(argv, APPLY_FLAGS, "apply")?;
    if a.has("server-side") {
        return Err(KubectlError::Plain(
            "kubeloop: --server-side is not supported in kubeloop (apply here is client-side, three-way with last-applied-configuration)".into(),
        ));
    }
    let output = dry_run::output_format(a.get("output"))?;
    let dry = DryRun::from_args(&a, s.now(), out)?;
    let Some(f) = a.get("filename") else {
        return Err(KubectlError::Usage("must specify one of -f and -k".into()));
    };
    let how = How { ns: &ns_of(&a), verb: Verb::Apply, dry, output, keep: false };
    from_manifest(s, f, stdin, &how, out)
}

/// How a manifest's objects are written: into which namespace, by which verb, with which
/// dry-run strategy, printed how (`-o`).
pub struct How<'a> {
    pub ns: &'a str,
    pub verb: Verb,
    pub dry: DryRun,
    pub output: Option<&'a str>,
    /// Hand back the live and the resulting object instead of printing (`kubectl diff`).
    pub keep: bool,
}

/// What became of one manifest object.
pub(super) enum Done {
    /// The line or object the command prints for it.
    Printed(String),
    /// The object as it was (if it existed) and as the write made it (`How::keep`).
    Kept { live: Option<Object>, result: Object },
}

/// One object's failure, or the stream's, printed as kubectl prints it.
pub(super) enum Failure {
    /// The API server refused one object; `verb` is what `AddSourceToErr` puts before the
    /// message ("creating", "applying patch").
    Api { verb: &'static str, err: ApiError },
    /// kubectl itself could not go on reading the manifest.
    Client(KubectlError),
}

impl Failure {
    /// `checkErr` with one error: Invalid from its causes, other API errors with the source.
    pub(super) fn alone(&self) -> String {
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
            Failure::Client(
                KubectlError::Usage(m) | KubectlError::Plain(m) | KubectlError::Help(m),
            ) => m.clone(),
            Failure::Client(KubectlError::Api(e)) => e.to_string(),
            Failure::Client(KubectlError::Server(r)) => r.to_string(),
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
    how: &How,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let verb = how.verb;
    let apply = verb != Verb::Create;
    let name = if apply { "apply" } else { "create" };
    if file != "-" {
        return Err(KubectlError::Plain(format!(
            "kubeloop: there are no files here; pass the manifest on standard input: `kubectl {name} -f - <<EOF` ... `EOF`"
        )));
    }
    let stream = manifest::read(stdin.as_deref().unwrap_or(""));
    let mut failures = Vec::new();
    if stream.items.is_empty() && stream.stopped.is_none() {
        return Err(KubectlError::Usage(format!("no objects passed to {name}")));
    }
    for item in stream.items {
        match put_item(s, item, how, out) {
            Ok(Done::Printed(text)) => out.out(text),
            Ok(Done::Kept { .. }) => unreachable!("from_manifest prints; diff keeps"),
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

pub(super) fn put_item(
    s: &mut Session,
    item: Item,
    how: &How,
    out: &mut Output,
) -> Result<Done, Failure> {
    let (ns, apply) = (how.ns, how.verb != Verb::Create);
    let source = item.source;
    match item.decoded {
        Ok(Object::Deployment(d)) => put(s, Rc::unwrap_or_clone(d), &source, how, out),
        Ok(Object::Job(x)) => put(s, Rc::unwrap_or_clone(x), &source, how, out),
        Ok(Object::CronJob(x)) => put(s, Rc::unwrap_or_clone(x), &source, how, out),
        Ok(Object::ReplicaSet(r)) => put(s, Rc::unwrap_or_clone(r), &source, how, out),
        Ok(Object::Pod(p)) => put(s, Rc::unwrap_or_clone(p), &source, how, out),
        Ok(Object::Service(x)) => put(s, Rc::unwrap_or_clone(x), &source, how, out),
        Ok(Object::EndpointSlice(x)) => put(s, Rc::unwrap_or_clone(x), &source, how, out),
        Ok(Object::DaemonSet(x)) => put(s, Rc::unwrap_or_clone(x), &source, how, out),
        Ok(Object::ControllerRevision(x)) => put(s, Rc::unwrap_or_clone(x), &source, how, out),
        Ok(Object::StatefulSet(x)) => put(s, Rc::unwrap_or_clone(x), &source, how, out),
        Ok(Object::PersistentVolumeClaim(x)) => put(s, Rc::unwrap_or_clone(x), &source, how, out),
        Ok(Object::HorizontalPodAutoscaler(x)) => put(s, Rc::unwrap_or_clone(x), &source, how, out),
        Ok(Object::Endpoints(x)) => {
            super::resource::warn_deprecated(Kind::Endpoints, out);
            put(s, Rc::unwrap_or_clone(x), &source, how, out)
        }
        Ok(_) => Err(Failure::Client(KubectlError::Plain(
            "kubeloop: only Deployments, ReplicaSets, Pods, Services, EndpointSlices and Endpoints can be created here".into(),
        ))),
        Err(message) => {
            let ns = if item.namespace.is_empty() { ns } else { &item.namespace };
            let key = crate::store::Key::new(ns, &item.name);
            let exists = s.world.store.get_object(item.kind, &key).is_some();
            let verb = if apply && exists { "applying patch" } else { "creating" };
            let message = message.to_string();
            Err(Failure::Api { verb, err: ApiError::BadRequest { message } })
        }
    }
}

/// Creates, or (for apply) updates spec, labels and annotations of an existing object, and
/// returns what the command prints for it.
fn put<T: crate::store::Tabled + serde::de::DeserializeOwned>(
    s: &mut Session,
    obj: T,
    source: &Value,
    how: &How,
    out: &mut Output,
) -> Result<Done, Failure> {
    let (next, op) = match how.dry {
        // A client-side dry run asks the server nothing: it prints what it holds (apply.go
        // `applyOneObject`), the live object when there is one, else the manifest.
        DryRun::Client => {
            let (mut doc, op) = client_side(s, &obj, source, how);
            return Ok(Done::Printed(match how.output {
                Some("yaml" | "json") => {
                    if let Some(Value::Object(m)) = doc.get_mut("metadata") {
                        m.shift_remove("managedFields");
                    }
                    dry_run::print_unstructured(&doc, how.output)
                }
                _ => dry_run::print(&T::rc_into_object(Rc::new(obj)), how.output, op, how.dry),
            }));
        }
        _ if how.keep => {
            let ns = if obj.meta().namespace.is_empty() { how.ns } else { &obj.meta().namespace };
            let live = s.world.store.get_rc::<T>(ns, &obj.meta().name).map(T::rc_into_object);
            let (result, _) = write(s, obj, source, how, out)?;
            return Ok(Done::Kept { live, result: T::rc_into_object(result) });
        }
        _ => write(s, obj, source, how, out)?,
    };
    Ok(Done::Printed(dry_run::print(&T::rc_into_object(next), how.output, op, how.dry)))
}

/// A client-side dry run's object and operation: the live object, `configured` (apply over
/// an existing object), or the manifest as the builder read it, namespace filled in and (for
/// apply) with its last-applied-configuration, `created`.
fn client_side<T: crate::store::Tabled>(
    s: &Session,
    obj: &T,
    source: &Value,
    how: &How,
) -> (Value, &'static str) {
    let ns = if obj.meta().namespace.is_empty() { how.ns } else { &obj.meta().namespace };
    if how.verb != Verb::Create {
        if let Some(live) = s.world.store.get_rc::<T>(ns, &obj.meta().name) {
            return (printers::object_json(&T::rc_into_object(live)), "configured");
        }
    }
    let mut doc = source.clone();
    if let Some(Value::Object(m)) = doc.get_mut("metadata") {
        if T::KIND.namespaced() && m.get("namespace").is_none_or(|n| n.as_str() == Some("")) {
            m.insert("namespace".into(), Value::String(ns.into()));
        }
        if how.verb == Verb::Apply {
            let config = last_applied(source, ns);
            let a = m.entry("annotations").or_insert_with(|| Value::Object(Default::default()));
            if let Value::Object(a) = a {
                a.insert(LAST_APPLIED.into(), Value::String(config));
            }
        }
    }
    (doc, "created")
}

/// The write itself (or its server-side dry run): the stored object and the operation.
fn write<T: crate::store::Tabled + serde::de::DeserializeOwned>(
    s: &mut Session,
    mut obj: T,
    source: &Value,
    how: &How,
    out: &mut Output,
) -> Result<(Rc<T>, &'static str), Failure> {
    let (ns, verb, dry) = (how.ns, how.verb, how.dry);
    let apply = verb != Verb::Create;
    if obj.meta().namespace.is_empty() && T::KIND.namespaced() {
        obj.meta_mut().namespace = ns.to_string();
    }
    if apply && obj.meta().name.is_empty() && !obj.meta().generate_name.is_empty() {
        let base = &obj.meta().generate_name;
        let msg = format!("from {base}: cannot use generate name with apply");
        return Err(Failure::Client(KubectlError::Usage(msg)));
    }
    if verb == Verb::Apply {
        let config = last_applied(source, &obj.meta().namespace);
        obj.meta_mut().annotations.insert(LAST_APPLIED.into(), config);
    }
    let name = obj.meta().name.clone();
    let existing = s.world.store.get::<T>(&obj.meta().namespace, &name).cloned();
    match existing {
        Some(cur) if apply => {
            if verb == Verb::Apply && !cur.meta().annotations.contains_key(LAST_APPLIED) {
                out.err(format!(
                    "Warning: resource {}/{name} is missing the {LAST_APPLIED} annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n",
                    T::KIND.plural()
                ));
            }
            let before = previously_applied(cur.meta());
            // A manifest the typed model needed filling in (a container without a name)
            // replaces the spec instead, so validation still judges what was written.
            let mut next: T =
                merged_spec(&cur, source, before.as_ref()).unwrap_or_else(|| obj.clone());
            {
                let m = next.meta_mut();
                let (want, c) = (obj.meta(), cur.meta());
                m.labels =
                    merge(&c.labels, &want.labels, &map_keys(before.as_ref(), "labels")).into();
                m.annotations = merge(
                    &c.annotations,
                    &want.annotations,
                    &map_keys(before.as_ref(), "annotations"),
                );
                m.uid = c.uid.clone();
                m.owner_references = if want.owner_references.is_empty() {
                    c.owner_references.clone()
                } else {
                    want.owner_references.clone()
                };
                m.finalizers = c.finalizers.clone();
            }
            T::keep_unset_on_apply(&mut next, &cur);
            let updated =
                dry.update(s, next).map_err(|err| Failure::Api { verb: "applying patch", err })?;
            // WarnIfDeleting.
            if updated.meta().deletion_timestamp.is_some() {
                out.err(format!(
                    "Warning: Detected changes to resource {name} which is currently being deleted.\n"
                ));
            }
            // The stored row comes back when nothing changed (a dry run's too).
            let op = if *updated == cur { "unchanged" } else { "configured" };
            Ok((updated, op))
        }
        _ => {
            let created =
                dry.create(s, obj).map_err(|err| Failure::Api { verb: "creating", err })?;
            Ok((created, "created"))
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

/// The previous apply's document, from its annotation.
fn previously_applied(meta: &ObjectMeta) -> Option<Value> {
    meta.annotations.get(LAST_APPLIED).and_then(|a| serde_json::from_str(a).ok())
}

/// The keys of one metadata map in the previous apply's document.
fn map_keys(before: Option<&Value>, field: &str) -> Vec<String> {
    before
        .and_then(|doc| doc.pointer(&format!("/metadata/{field}")))
        .and_then(Value::as_object)
        .map(|m| m.keys().cloned().collect())
        .unwrap_or_default()
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
}
