//! `kubectl delete`: cascade policies, grace periods, `--force`, and `--wait`, which waits
//! until the objects are gone (kubectl/pkg/cmd/delete/delete.go). Each object's line is
//! printed when its DELETE returns (`deleteResource` prints before `DeleteResult` waits), so
//! in the page the line shows at once and the command then waits without moving time
//! (`waiting.rs`); in a script it blocks in simulated time.
//!
//! The requests are upstream's: the builder names each object without reading it
//! (`RequireObject(false)`) or lists each kind with the selector, then DeleteResult sends one
//! DELETE per object with its DeleteOptions as the body (cli-runtime resource/helper.go
//! `DeleteWithOptions`). Waiting for the objects to go follows each through the API
//! (`delete_wait.rs`).

use serde_json::{json, Value};

use crate::api::client::{self, Call, Refusal, Verb};
use crate::model::*;

use super::args::{self, flag, switch, FlagSpec};
use super::delete_wait::{DeleteWait, Gone};
use super::dry_run::DryRun;
use super::get::parse_selector;
use super::printers;
use super::resource;
use super::{Kubectl, KubectlError, Output};

fn ns_of(a: &args::Args) -> String {
    a.get("namespace").unwrap_or("default").to_string()
}

pub(super) const DELETE_FLAGS: &[FlagSpec] = &[
    FlagSpec {
        long: "cascade",
        short: None,
        takes_value: true,
        no_opt_default: Some("background"),
    },
    flag("wait", None),
    flag("grace-period", None),
    switch("force", None),
    switch("now", None),
    flag("namespace", Some('n')),
    flag("selector", Some('l')),
    switch("all", None),
    switch("ignore-not-found", None),
    flag("filename", Some('f')),
    flag("timeout", None),
    super::dry_run::FLAG,
];

pub fn delete(
    s: &mut Kubectl,
    argv: &[String],
    stdin: Option<String>,
    to_completion: bool,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    // `--wait` is a boolean that also accepts `--wait=false`.
    let argv: Vec<String> =
        argv.iter().map(|w| if w == "--wait" { "--wait=true".into() } else { w.clone() }).collect();
    let a = args::parse(&argv, DELETE_FLAGS, "delete")?;
    // delete_flags.go parseCascadingFlag: a Go boolean is the deprecated spelling.
    // The `propagationPolicy` each DELETE carries.
    let cascade = a.get("cascade").unwrap_or("background");
    let propagation = match (args::parse_bool(cascade), cascade) {
        (Some(b), _) => {
            let (policy, name) = if b { ("Background", "background") } else { ("Orphan", "orphan") };
            out.err(format!("warning: --cascade={cascade} is deprecated (boolean value) and can be replaced with --cascade={name}.\n"));
            policy
        }
        (None, "background") => "Background",
        (None, "foreground") => "Foreground",
        (None, "orphan") => "Orphan",
        (None, other) => {
            return Err(KubectlError::Usage(format!(
                "invalid cascade value ({other}). Must be \"background\", \"foreground\", or \"orphan\""
            )))
        }
    };
    let wait = a.bool("wait", true)?;
    // DeleteOptions.Complete reads the strategy after the cascade and --wait.
    let dry = DryRun::from_args(&a, s.now(), out)?;
    let force = a.bool("force", false)?;
    // DeleteOptions.Complete (delete.go): --now is grace 1, grace 0 needs --force, and
    // --force alone means grace 0.
    let mut grace = a.int("grace-period")?.unwrap_or(-1);
    if a.bool("now", false)? {
        if grace != -1 {
            return Err(KubectlError::Usage(
                "--now and --grace-period cannot be specified together".into(),
            ));
        }
        grace = 1;
    }
    if grace == 0 && !force {
        grace = 1;
    }
    if force && grace < 0 {
        grace = 0;
    }
    // DeleteResult's metav1.DeleteOptions, in its fields' order: the grace period when one
    // was given, the propagation policy, and (helper.go) `dryRun: ["All"]` for a
    // server-side dry run.
    let mut body = serde_json::Map::new();
    if grace >= 0 {
        body.insert("gracePeriodSeconds".into(), grace.into());
    }
    body.insert("propagationPolicy".into(), propagation.into());
    if dry == DryRun::Server {
        body.insert("dryRun".into(), json!(["All"]));
    }
    let body = Value::Object(body);
    let ns = ns_of(&a);
    // The builder's checks, still in Complete: SelectAllParam after LabelSelectorParam
    // (cli-runtime resource/builder.go; the message keeps its trailing space).
    let all = a.bool("all", false)?;
    let has_selector = a.get("selector").is_some_and(|l| !l.trim().is_empty());
    if all && has_selector {
        return Err(KubectlError::Usage(
            "setting 'all' parameter but found a non empty selector. ".into(),
        ));
    }
    // `-f -`: the objects a manifest names, each in its own namespace or the command's.
    let from_file = match a.get("filename") {
        Some(f) => Some(manifest_refs(f, stdin.as_deref(), &a.positional, &ns)?),
        None => None,
    };
    let sel = match &from_file {
        Some(refs) => resource::Selection {
            items: refs.iter().map(|(kind, _, name)| (*kind, vec![name.clone()])).collect(),
            named: true,
        },
        None => resource::select(&a.positional, true)?,
    };
    if sel.items.is_empty() && from_file.is_none() {
        return Err(resource::no_resource(all || has_selector));
    }
    // SelectAllParam made --all a selector, so both refuse names.
    if sel.named && (all || has_selector) && from_file.is_none() {
        return Err(resource::names_with_selector(&a.positional));
    }
    if !sel.named && !all && !has_selector {
        return Err(KubectlError::Usage(
            "resource(s) were provided, but no name was specified".into(),
        ));
    }
    // DeleteOptions.Validate.
    if force && grace > 0 {
        return Err(KubectlError::Usage(
            "--force and --grace-period greater than 0 cannot be specified together".into(),
        ));
    }
    if force && grace == 0 {
        out.err("Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\n");
    }
    // Parsed here for kubectl's own error; the server filters by the text.
    parse_selector(a.get("selector"))?;
    let selector = a.get("selector").filter(|l| !l.trim().is_empty());
    for (kind, _) in &sel.items {
        resource::warn_deprecated(*kind, out);
    }
    // Complete: NotFound is ignored when asked, and unless told otherwise with --all or a
    // selector.
    let ignore_not_found = a.bool("ignore-not-found", all || has_selector)?;
    // What the builder visits, in order: the manifest's objects or the names given, as
    // they are (no GET), and for a kind without names its list.
    let visits: Vec<Visit> = match &from_file {
        Some(refs) => {
            refs.iter().map(|(k, n, name)| Visit::One(*k, n.clone(), name.clone())).collect()
        }
        None => sel
            .items
            .iter()
            .flat_map(|(kind, names)| match names.as_slice() {
                [] => vec![Visit::List(*kind)],
                _ => names.iter().map(|n| Visit::One(*kind, ns.clone(), n.clone())).collect(),
            })
            .collect(),
    };
    // ContinueOnError: every object is tried; the errors are printed after, together
    // (cmdutil.CheckErr of the aggregate), each with its source when it came from a file
    // (helpers.go `AddSourceToErr`).
    let mut errors: Vec<String> = Vec::new();
    let with_source = |mut r: Refusal| {
        if from_file.is_some() {
            r.message = format!("error when deleting \"STDIN\": {}", r.message);
        }
        r.to_string()
    };
    let (mut found, mut waiting) = (0, Vec::new());
    // Complete: a namespace given on the command line makes deleting a cluster-scoped
    // object worth a warning, once.
    let mut warn_cluster_scope = a.get("namespace").is_some();
    for visit in visits {
        let objects = match visit {
            Visit::One(kind, ns, name) => vec![(kind, ns, name)],
            Visit::List(kind) => match client::list(s.api(), kind, &ns, selector, None) {
                Ok(list) => {
                    list.iter().map(|o| (kind, ns.clone(), o.meta().name.clone())).collect()
                }
                Err(r) => {
                    errors.push(r.to_string());
                    continue;
                }
            },
        };
        for (kind, ns, name) in objects {
            found += 1;
            if warn_cluster_scope && !kind.namespaced() {
                out.err("warning: deleting cluster-scoped resources, not scoped to the provided namespace\n");
                warn_cluster_scope = false;
            }
            // A client-side dry run prints each object and asks nothing (DeleteResult).
            let sent = match dry {
                DryRun::Client => Ok(None),
                _ => send_delete(s, kind, &ns, &name, &body),
            };
            match sent {
                Ok(still_there) => {
                    let namespace = kind.namespaced().then_some(ns.as_str());
                    // PrintObj puts the strategy's words last, after the namespace.
                    let message =
                        printers::deleted_message(kind, &name, namespace, force && grace == 0);
                    out.out(format!("{}\n", dry.op(&message)));
                    if let (Some(uid), DryRun::None) = (still_there, dry) {
                        waiting.push((kind, ns, name, uid));
                    }
                }
                Err(r) if ignore_not_found && r.is_not_found() => {}
                Err(r) => errors.push(with_source(r)),
            }
        }
    }
    for e in &errors {
        out.err(format!("{e}\n"));
    }
    let status = i32::from(!errors.is_empty());
    if found == 0 && errors.is_empty() {
        out.out("No resources found\n");
        return Ok(0);
    }
    if wait && !waiting.is_empty() {
        // DeleteResult waits with a week's timeout when --timeout is 0; the engine's stand-in
        // for "as long as it takes" is the longest a script lets the cluster run.
        let deadline = s.now().plus_millis(super::waiting::LONGEST_WAIT_MS);
        let targets = waiting
            .into_iter()
            .map(|(kind, ns, name, uid)| Gone::new(kind, &ns, name, uid))
            .collect();
        let op = DeleteWait::new(targets, deadline, status);
        return Ok(super::waiting::begin(s, Box::new(op), to_completion, out));
    }
    Ok(status)
}

/// The objects a manifest on stdin names, as cli-runtime's builder reads them for `delete -f`:
/// kind, namespace (the document's, or the command's) and name. A document the API server
/// would not decode still names its object; a stream kubectl cannot read is refused.
fn manifest_refs(
    file: &str,
    stdin: Option<&str>,
    positional: &[String],
    ns: &str,
) -> Result<Vec<(Kind, String, String)>, KubectlError> {
    if !positional.is_empty() {
        return Err(KubectlError::Usage(
            "when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well".into(),
        ));
    }
    if file != "-" {
        return Err(KubectlError::Plain(
            "kubeloop: there are no files here; pass the manifest on standard input: `kubectl delete -f - <<EOF` ... `EOF`".into(),
        ));
    }
    let stream = super::parts::read_manifest(stdin.unwrap_or_default())?;
    if let Some(e) = stream.stopped {
        return Err(e);
    }
    if stream.items.is_empty() {
        return Err(KubectlError::Usage("no objects passed to delete".into()));
    }
    Ok(stream
        .items
        .into_iter()
        .map(|i| {
            let item_ns = if i.namespace.is_empty() { ns.to_string() } else { i.namespace };
            (i.kind, item_ns, i.name)
        })
        .collect())
}

/// One object of the builder's, as DeleteResult visits it.
enum Visit {
    /// Kind, namespace and name.
    One(Kind, String, String),
    /// The kind's objects in the command's namespace, with the selector if any.
    List(Kind),
}

/// One DELETE with its options. `Ok(Some(uid))` when the answer is the object, still there
/// (going gracefully or held by finalizers), `Ok(None)` when it is a Status: gone.
fn send_delete(
    s: &mut Kubectl,
    kind: Kind,
    ns: &str,
    name: &str,
    body: &Value,
) -> Result<Option<String>, Refusal> {
    // A Node is also the sandbox's machine: deleting it takes the machine (kubeloop.dev's
    // `hosts`) away with it, which the API server's DELETE does not know about. A server
    // without hosts (a real cluster, in live mode) answers 404, and the Node's own DELETE
    // follows.
    if kind == Kind::Node && body.get("dryRun").is_none() {
        let host = Call::extension(Verb::Delete, "hosts", "", Some(name), None);
        let answer = s.api().send(&host);
        if (200..300).contains(&answer.code) {
            return Ok(None);
        }
        if answer.code != 404 {
            return Err(Refusal::of(&answer));
        }
    }
    let call = Call {
        verb: Verb::Delete,
        kind,
        namespace: kind.namespaced().then(|| ns.to_string()),
        name: Some(name.to_string()),
        subresource: None,
        query: Vec::new(),
        body: Some(body.clone()),
        as_table: false,
        extension: None,
    };
    let answer = s.api().send(&call);
    if !(200..300).contains(&answer.code) {
        return Err(Refusal::of(&answer));
    }
    if answer.body.get("kind").and_then(Value::as_str) == Some("Status") {
        return Ok(None);
    }
    Ok(answer.body.pointer("/metadata/uid").and_then(Value::as_str).map(String::from))
}

#[cfg(test)]
#[path = "delete_tests.rs"]
mod tests;
