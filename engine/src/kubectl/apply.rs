//! `kubectl apply -f -` and the manifest half of `create -f -`: each object of a manifest is
//! created, or (apply) updated in place, on its own; the errors come together at the end.
//!
//! Models staging/src/k8s.io/kubectl/pkg/cmd/apply/apply.go (`Run`, `applyOneObject`,
//! `warningNoLastAppliedConfigAnnotation`, `WarnIfDeleting`), apply/patcher.go
//! (`patchSimple`: the three-way strategic merge patch, none sent when it is `{}`),
//! kubectl/pkg/util/apply.go (`GetModifiedConfiguration`, `GetOriginalConfiguration`,
//! `CreateApplyAnnotation`), cmd/util/helpers.go (`AddSourceToErr`, `checkErr`,
//! `MultipleErrors`) and cmd/create/create.go `RunCreate`. Every object is read and written
//! through the API: a GET of the live object, then a POST when it is not found, else a PATCH.

use serde_json::Value;

use crate::api::client::{self, Call, Refusal};
use crate::api::patch::PatchType;
use crate::apimachinery::patch::strategic;
use crate::model::*;

use super::args::ns_of;
use super::args::{self, flag, switch, FlagSpec};
use super::dry_run::{self, DryRun};
use super::manifest::{self, Item};
use super::printers;
use super::{Kubectl, KubectlError, Output};

mod config;
mod edit;
mod server_side;
use config::{modified, previously_applied, prune_nulls, server_owned, stored_version};
pub use edit::edit;
pub use server_side::ServerSide;

/// `v1.LastAppliedConfigAnnotation`.
pub const LAST_APPLIED: &str = "kubectl.kubernetes.io/last-applied-configuration";

pub(super) const APPLY_FLAGS: &[FlagSpec] = &[
    flag("filename", Some('f')),
    flag("namespace", Some('n')),
    super::dry_run::FLAG,
    flag("output", Some('o')),
    switch("server-side", None),
    switch("force-conflicts", None),
    flag("field-manager", None),
];

/// How a manifest is written. `Apply` records it in last-applied-configuration and warns over
/// an object that lacks one. `Edit` is `kubectl edit` saving the edited object: it updates in
/// place like apply but, with edit's `--save-config` at its default of false
/// (pkg/cmd/util/editor/editoptions.go), leaves the annotation as the edited text has it, so
/// editing an object made by `create` adds none and warns of nothing. `Diff` is `kubectl
/// diff`'s server-side dry run of apply's patch, made without the annotation (diff.go
/// `InfoObject.Merged`: `GetModifiedConfiguration` with `annotate` false).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    Create,
    Apply,
    Edit,
    Diff,
}

pub fn apply(
    s: &mut Kubectl,
    argv: &[String],
    stdin: Option<String>,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let a = args::parse(argv, APPLY_FLAGS, "apply")?;
    let output = dry_run::output_format(a.get("output"))?;
    let dry = DryRun::from_args(&a, s.now(), out)?;
    let Some(f) = a.get("filename") else {
        return Err(KubectlError::Usage("must specify one of -f and -k".into()));
    };
    let server_side = server_side::from_args(&a, dry)?;
    let manager = a.get("field-manager");
    let how =
        How { ns: &ns_of(&a), verb: Verb::Apply, dry, output, keep: false, manager, server_side };
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
    /// `--field-manager`, when given: the verb's default otherwise.
    pub manager: Option<&'a str>,
    /// `apply --server-side`: the server merges each object.
    pub server_side: Option<ServerSide>,
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
    Api { verb: &'static str, refusal: Refusal },
    /// kubectl itself could not go on reading the manifest.
    Client(KubectlError),
}

impl Failure {
    /// `checkErr` with one error: Invalid from its causes, other API errors with the source.
    pub(super) fn alone(&self) -> String {
        match self {
            Failure::Api { refusal, .. } if refusal.reason == "Invalid" => refusal.to_string(),
            Failure::Api { verb, refusal } => with_source(verb, refusal),
            Failure::Client(e) => e.to_string(),
        }
    }

    /// `MultipleErrors`: each API error as `StandardErrorMessage` words it (the Status
    /// message, even for Invalid), anything else bare, without `error: `.
    fn listed(&self) -> String {
        match self {
            Failure::Api { verb, refusal } => with_source(verb, refusal),
            Failure::Client(
                KubectlError::Usage(m) | KubectlError::Plain(m) | KubectlError::Help(m),
            ) => m.clone(),
            Failure::Client(KubectlError::Server(r)) => r.to_string(),
        }
    }
}

fn with_source(verb: &str, r: &Refusal) -> String {
    let message = format!("error when {verb} \"STDIN\": {}", r.message);
    match r.reason.as_str() {
        "" => format!("Error from server: {message}"),
        reason => format!("Error from server ({reason}): {message}"),
    }
}

pub(super) fn from_manifest(
    s: &mut Kubectl,
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
            // Only `How::keep` (diff) hands objects back, and diff calls `put_item` itself.
            Ok(Done::Kept { .. }) => {}
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

/// A Status the API server answers for a body it cannot decode (rest.go
/// `transformDecodeError`): 400 BadRequest with the decoder's words.
fn bad_request(message: String) -> Refusal {
    Refusal { code: 400, reason: "BadRequest".into(), message, details: Box::default() }
}

pub(super) fn put_item(
    s: &mut Kubectl,
    item: Item,
    how: &How,
    out: &mut Output,
) -> Result<Done, Failure> {
    let apply = how.verb != Verb::Create;
    let obj = match item.decoded {
        Ok(obj) => obj,
        // The server refuses the body of the request apply would send: the PATCH when the
        // object exists, else the POST.
        Err(message) => {
            let ns = if item.namespace.is_empty() { how.ns } else { &item.namespace };
            let exists = apply
                && !item.name.is_empty()
                && client::get(s.api(), item.kind, ns, &item.name).is_ok();
            let verb = if exists { "applying patch" } else { "creating" };
            return Err(Failure::Api { verb, refusal: bad_request(message.to_string()) });
        }
    };
    match obj.kind() {
        Kind::Node | Kind::Event => Err(Failure::Client(KubectlError::Plain(
            "kubeloop: only Deployments, ReplicaSets, Pods, Services, EndpointSlices and Endpoints can be created here".into(),
        ))),
        kind => {
            if kind == Kind::Endpoints {
                super::resource::warn_deprecated(Kind::Endpoints, out);
            }
            put(s, obj, &item.source, how, out)
        }
    }
}

/// The namespace an object is written to: its own, else the command's (none for a
/// cluster-scoped kind).
fn namespace_of<'a>(obj: &'a Object, how: &'a How) -> &'a str {
    match (obj.kind().namespaced(), obj.meta().namespace.as_str()) {
        (false, _) => "",
        (true, "") => how.ns,
        (true, ns) => ns,
    }
}

/// Creates, or (for apply and edit) patches an existing object, and returns what the command
/// prints for it.
fn put(
    s: &mut Kubectl,
    obj: Object,
    source: &Value,
    how: &How,
    out: &mut Output,
) -> Result<Done, Failure> {
    let (next, op) = match how.dry {
        // A client-side dry run changes nothing: it prints what it holds (apply.go
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
                _ => dry_run::print(&obj, how.output, op, how.dry),
            }));
        }
        _ if how.keep => {
            let (kind, ns) = (obj.kind(), namespace_of(&obj, how).to_string());
            let name = obj.meta().name.clone();
            let live =
                if name.is_empty() { None } else { client::get(s.api(), kind, &ns, &name).ok() };
            let (result, _) = write(s, obj, source, how, out)?;
            return Ok(Done::Kept { live, result });
        }
        _ => write(s, obj, source, how, out)?,
    };
    Ok(Done::Printed(dry_run::print(&next, how.output, op, how.dry)))
}

/// A client-side dry run's object and operation: the live object, `configured` (apply over
/// an existing object), or the manifest as the builder read it, namespace filled in and (for
/// apply) with its last-applied-configuration, `created`.
fn client_side(s: &mut Kubectl, obj: &Object, source: &Value, how: &How) -> (Value, &'static str) {
    let (kind, ns, name) = (obj.kind(), namespace_of(obj, how), &obj.meta().name);
    if how.verb != Verb::Create && !name.is_empty() {
        if let Ok(live) = client::get(s.api(), kind, ns, name) {
            return (printers::object_json(&live), "configured");
        }
    }
    (modified(source, kind, ns, how.verb), "created")
}

/// The field manager each verb's requests name (`cmdutil.AddFieldManagerFlagVar` defaults).
fn manager(verb: Verb) -> &'static str {
    match verb {
        Verb::Create => "kubectl-create",
        // diff.go patches with apply's Patcher and its field manager.
        Verb::Apply | Verb::Diff => "kubectl-client-side-apply",
        Verb::Edit => "kubectl-edit",
    }
}

/// The write itself (or its server-side dry run): the object as the server answered and the
/// operation.
fn write(
    s: &mut Kubectl,
    obj: Object,
    source: &Value,
    how: &How,
    out: &mut Output,
) -> Result<(Object, &'static str), Failure> {
    if let Some(ss) = how.server_side {
        return (ss.write)(s, &obj, source, how, ss, out);
    }
    let (kind, ns) = (obj.kind(), namespace_of(&obj, how).to_string());
    let (verb, dry) = (how.verb, how.dry == DryRun::Server);
    let manager = how.manager.unwrap_or(manager(verb));
    let m = obj.meta();
    let name = m.name.clone();
    if verb != Verb::Create && name.is_empty() && !m.generate_name.is_empty() {
        let msg = format!("from {}: cannot use generate name with apply", m.generate_name);
        return Err(Failure::Client(KubectlError::Usage(msg)));
    }
    let mut doc = stored_version(kind, modified(source, kind, &ns, verb));
    let live = match (verb, name.is_empty()) {
        (Verb::Create, _) | (_, true) => None,
        _ => match client::get(s.api(), kind, &ns, &name) {
            Ok(live) => Some(live),
            Err(r) if r.is_not_found() => None,
            Err(r) => return Err(Failure::Client(KubectlError::Server(r))),
        },
    };
    let Some(live) = live else {
        // apply.go prunes nulls before it creates, so the object matches what a later apply
        // of the same manifest leaves.
        if verb == Verb::Apply {
            prune_nulls(&mut doc);
        }
        // diff.go's dry-run create sends the local object as it is.
        if verb == Verb::Diff {
            doc = stored_version(kind, modified(source, kind, &ns, Verb::Edit));
        }
        let call = Call::create(kind, &ns, doc).dry_run(dry).field_manager(manager);
        let created = client::object(s.api(), &call)
            .map_err(|refusal| Failure::Api { verb: "creating", refusal })?;
        return Ok((created, "created"));
    };
    if verb == Verb::Apply && !live.meta().annotations.contains_key(LAST_APPLIED) {
        out.err(format!(
            "Warning: resource {}/{name} is missing the {LAST_APPLIED} annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n",
            kind.plural()
        ));
    }
    if verb == Verb::Edit {
        server_owned(&mut doc);
    }
    let original = previously_applied(live.meta()).map_or(Value::Null, |d| stored_version(kind, d));
    let current = printers::object_json(&live);
    let patch = strategic::create_three_way(&original, &doc, &current).map_err(|e| {
        Failure::Client(KubectlError::Usage(format!(
            "error when applying patch to \"STDIN\": creating patch: {e}"
        )))
    })?;
    let (result, op) = if patch.as_object().is_some_and(|p| p.is_empty()) {
        // patcher.go sends nothing when the patch is empty.
        (live, "unchanged")
    } else {
        let call = Call::patch(kind, &ns, &name, PatchType::Strategic, patch)
            .dry_run(dry)
            .field_manager(manager);
        let patched = client::object(s.api(), &call)
            .map_err(|refusal| Failure::Api { verb: "applying patch", refusal })?;
        (patched, "configured")
    };
    warn_if_deleting(&result, out);
    Ok((result, op))
}

/// apply.go `WarnIfDeleting`. Inlined, so the first load's copy stays where it was.
#[inline(always)]
fn warn_if_deleting(result: &Object, out: &mut Output) {
    if result.meta().deletion_timestamp.is_some() {
        let name = &result.meta().name;
        out.err(format!(
            "Warning: Detected changes to resource {name} which is currently being deleted.\n"
        ));
    }
}

#[cfg(test)]
#[path = "apply/tests.rs"]
mod tests;
