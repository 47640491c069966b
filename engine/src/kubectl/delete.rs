//! `kubectl delete`: cascade policies, grace periods, `--force`, and `--wait`, which waits
//! until the objects are gone (kubectl/pkg/cmd/delete/delete.go). Each object's line is
//! printed when its DELETE returns (`deleteResource` prints before `DeleteResult` waits), so
//! in the page the line shows at once and the command then waits without moving time
//! (`waiting.rs`); in a script it blocks in simulated time.

use crate::clock::Time;
use crate::model::*;
use crate::store::{ApiError, DeleteOptions, DeleteOutcome, Key, Propagation};
use crate::world::World;

use super::args::{self, flag, switch, FlagSpec};
use super::dry_run::DryRun;
use super::get::{parse_selector, resolve};
use super::printers;
use super::resource;
use super::{KubectlError, Output, Session};

fn ns_of(a: &args::Args) -> String {
    a.get("namespace").unwrap_or("default").to_string()
}

const DELETE_FLAGS: &[FlagSpec] = &[
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
    s: &mut Session,
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
    let cascade = a.get("cascade").unwrap_or("background");
    let propagation = match (args::parse_bool(cascade), cascade) {
        (Some(b), _) => {
            let (policy, name) = if b {
                (Propagation::Background, "background")
            } else {
                (Propagation::Orphan, "orphan")
            };
            out.err(format!("warning: --cascade={cascade} is deprecated (boolean value) and can be replaced with --cascade={name}.\n"));
            policy
        }
        (None, "background") => Propagation::Background,
        (None, "foreground") => Propagation::Foreground,
        (None, "orphan") => Propagation::Orphan,
        (None, other) => {
            return Err(KubectlError::Usage(format!(
                "invalid cascade value ({other}). Must be \"background\", \"foreground\", or \"orphan\""
            )))
        }
    };
    let wait = a.bool("wait", true)?;
    // DeleteOptions.Complete reads the strategy after the cascade and --wait.
    let dry = DryRun::from_args(&a, s.world.now(), out)?;
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
    let opts = DeleteOptions {
        propagation: Some(propagation),
        grace_period_seconds: (grace >= 0).then_some(grace),
        precondition_uid: None,
    };
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
    let label_sel = parse_selector(a.get("selector"))?;
    for (kind, _) in &sel.items {
        resource::warn_deprecated(*kind, out);
    }
    let (targets, missing) = match &from_file {
        Some(refs) => resolve_refs(&s.world, refs),
        None => {
            let resolved = resolve(&s.world.store, &sel, &ns, &label_sel);
            let found = resolved.found.into_iter().map(|(k, n, u)| (k, ns.clone(), n, u));
            (found.collect(), resolved.missing)
        }
    };
    let mut status = 0;
    // From a file, the builder does not look objects up first: the DELETE itself fails,
    // worded with its source (helpers.go `AddSourceToErr`), after the objects that went.
    let mut not_found = Vec::new();
    if !a.bool("ignore-not-found", false)? {
        for (kind, name) in missing {
            let e = ApiError::NotFound { kind, name };
            match from_file {
                Some(_) => not_found.push(format!(
                    "Error from server (NotFound): error when deleting \"STDIN\": {}",
                    e.status_message()
                )),
                None => out.err(format!("{e}\n")),
            }
            status = 1;
        }
    }
    if targets.is_empty() && !sel.named {
        out.out("No resources found\n");
        return Ok(0);
    }
    let mut waiting = Vec::new();
    for (kind, ns, name, uid) in &targets {
        // A client-side dry run deletes nothing and asks nothing (delete.go DeleteResult);
        // a server-side one has the object looked up and nothing more.
        let res = match (kind, dry) {
            (_, DryRun::Client) => Ok(DeleteOutcome::Removed),
            (_, DryRun::Server) => {
                crate::with_kind!(kind, T => s.world.store.delete_dry_run::<T>(ns, name))
                    .map(|()| DeleteOutcome::Removed)
            }
            (Kind::Node, DryRun::None) => s.world.remove_node(name).map(|_| DeleteOutcome::Removed),
            _ => crate::with_kind!(kind, T => s.world.delete::<T>(ns, name, &opts)),
        };
        match res {
            Ok(outcome) => {
                let namespace = kind.namespaced().then_some(ns.as_str());
                // PrintObj puts the strategy's words last, after the namespace.
                let message =
                    printers::deleted_message(*kind, name, namespace, force && grace == 0);
                out.out(format!("{}\n", dry.op(&message)));
                if outcome == DeleteOutcome::Deleting {
                    waiting.push((*kind, ns.clone(), name.clone(), uid.clone()));
                }
            }
            Err(e) => {
                out.err(format!("{e}\n"));
                status = 1;
            }
        }
    }
    for e in not_found {
        out.err(format!("{e}\n"));
    }
    if wait && !waiting.is_empty() {
        // DeleteResult waits with a week's timeout when --timeout is 0; the engine's stand-in
        // for "as long as it takes" is the longest a script lets the cluster run.
        let deadline = s.world.now().plus_millis(crate::world::SETTLE_LIMIT_MS);
        let op = DeleteWait { targets: waiting, deadline, status };
        return Ok(super::waiting::begin(s, super::waiting::Op::Delete(op), to_completion, out));
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
    let stream = super::manifest::read(stdin.unwrap_or_default());
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

/// The manifest's objects that exist, with their UIDs, and the names of those that do not.
#[allow(clippy::type_complexity)]
fn resolve_refs(
    world: &World,
    refs: &[(Kind, String, String)],
) -> (Vec<(Kind, String, String, String)>, Vec<(Kind, String)>) {
    let (mut found, mut missing) = (Vec::new(), Vec::new());
    for (kind, ns, name) in refs {
        let key_ns = if kind.namespaced() { ns.as_str() } else { "" };
        match world.store.meta_of(*kind, &Key::new(key_ns, name)) {
            Some(m) => found.push((*kind, ns.clone(), name.clone(), m.uid.clone())),
            None => missing.push((*kind, name.clone())),
        }
    }
    (found, missing)
}

/// `--wait`: the objects deleted (with the UID each had) until they are gone from storage.
pub struct DeleteWait {
    targets: Vec<(Kind, String, String, String)>,
    deadline: Time,
    /// The exit status so far (objects not found), kept when the wait succeeds.
    status: i32,
}

impl DeleteWait {
    /// `Some(status)` once every object is gone, or with kubectl's error at the deadline.
    pub fn poll(&self, world: &World, out: &mut Output) -> Option<i32> {
        if !self.targets.iter().any(|w| present(world, w)) {
            return Some(self.status);
        }
        if world.now() < self.deadline {
            return None;
        }
        for w in self.targets.iter().filter(|w| present(world, w)) {
            out.err(format!(
                "error: timed out waiting for the condition on {}/{}\n",
                w.0.plural(),
                w.2
            ));
        }
        Some(1)
    }

    pub fn describe(&self) -> String {
        let names: Vec<String> =
            self.targets.iter().map(|(k, _, n, _)| format!("{}/{n}", k.kind_group())).collect();
        format!("waiting for {} to be deleted", names.join(", "))
    }
}

pub fn still_there(s: &Session, w: &(Kind, String, String, String)) -> bool {
    present(&s.world, w)
}

/// Whether the object with that UID is still stored (a new one of the same name is not it).
fn present(world: &World, (kind, ns, name, uid): &(Kind, String, String, String)) -> bool {
    let ns = if kind.namespaced() { ns.as_str() } else { "" };
    world.store.meta_of(*kind, &Key::new(ns, name)).is_some_and(|m| &m.uid == uid)
}

#[cfg(test)]
mod tests {
    use crate::kubectl::{Mode, Session};
    use crate::world::World;

    fn session() -> Session {
        let mut s = Session::new(World::new(1), Mode::Script);
        assert_eq!(s.run("k run solo --image=nginx:1.27").status, 0);
        s
    }

    #[test]
    fn force_with_a_positive_grace_period_is_refused_and_deletes_nothing() {
        let mut s = session();
        let out = s.run("k delete pod solo --grace-period=5 --force");
        assert_eq!(
            (out.status, out.text()),
            (
                1,
                "error: --force and --grace-period greater than 0 cannot be specified together\n"
                    .into()
            )
        );
        assert_eq!(s.run("k get pod solo -o name").text(), "pod/solo\n");
        assert_eq!(
            s.run("k delete pod solo --now --grace-period=2").text(),
            "error: --now and --grace-period cannot be specified together\n"
        );
    }

    #[test]
    fn all_with_a_selector_is_the_builders_error_with_its_trailing_space() {
        let mut s = session();
        assert_eq!(
            s.run("k delete pods -l run=solo --all").text(),
            "error: setting 'all' parameter but found a non empty selector. \n"
        );
        assert_eq!(s.run("k get pod solo -o name").text(), "pod/solo\n");
    }

    #[test]
    fn any_go_boolean_cascade_is_the_deprecated_spelling() {
        let mut s = session();
        let out = s.run("k delete pod solo --cascade=F --wait=false");
        assert!(
            out.text().starts_with("warning: --cascade=F is deprecated (boolean value) and can be replaced with --cascade=orphan.\n"),
            "{}",
            out.text()
        );
        assert_eq!(
            s.run("k delete pod solo --cascade=maybe").text(),
            "error: invalid cascade value (maybe). Must be \"background\", \"foreground\", or \"orphan\"\n"
        );
    }

    #[test]
    fn force_alone_deletes_at_once_with_the_warning() {
        let mut s = session();
        let out = s.run("k delete pod solo --force");
        assert_eq!(out.status, 0);
        assert!(
            out.text().starts_with("Warning: Immediate deletion does not wait"),
            "{}",
            out.text()
        );
        assert!(out.text().contains("pod \"solo\" force deleted"), "{}", out.text());
        assert_eq!(s.run("k get pod solo").status, 1);
    }

    #[test]
    fn delete_from_a_manifest_deletes_what_it_names_and_reports_the_rest_last() {
        let mut s = session();
        s.run("k create service clusterip web --tcp=80");
        let out = s.run(
            "k delete -f - <<EOF\napiVersion: v1\nkind: Service\nmetadata: {name: web}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: ghost}\nEOF",
        );
        assert_eq!(
            out.text(),
            "service \"web\" deleted from default namespace\nError from server (NotFound): error when deleting \"STDIN\": pods \"ghost\" not found\n"
        );
        assert_eq!(out.status, 1);
        assert_eq!(
            s.run("k delete -f - pods").text(),
            "error: when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well\n"
        );
    }
}
