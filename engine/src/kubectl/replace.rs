//! `kubectl replace -f -` and `replace --force` (kubectl/pkg/cmd/replace/replace.go): each
//! object of the manifest on standard input is PUT whole (spec and metadata as written; the
//! status subresource keeps its own), or with `--force` deleted, waited for, and created
//! again. Reading the manifest is `manifest.rs`'s. The requests are cli-runtime
//! resource/helper.go's: `Replace` (a GET for the current resourceVersion when the manifest
//! has none, then the PUT), and for `--force` `DeleteWithOptions`, `Get` until NotFound, and
//! `Create`. Waiting steps the cluster's clock, as the one command it is.

use serde_json::{json, Value};

use crate::api::client::{self, Call, Refusal, Verb};
use crate::model::*;

use super::args::{self, flag, switch, FlagSpec};
use super::dry_run::DryRun;
use super::get::Format;
use super::manifest::{self, Item};
use super::{meta_edit, printers, Kubectl, KubectlError, Output};

pub(super) const REPLACE_FLAGS: &[FlagSpec] = &[
    flag("filename", Some('f')),
    switch("force", None),
    flag("grace-period", None),
    flag("timeout", None),
    FlagSpec {
        long: "cascade",
        short: None,
        takes_value: true,
        no_opt_default: Some("background"),
    },
    flag("namespace", Some('n')),
    flag("output", Some('o')),
    flag("template", None),
    super::dry_run::FLAG,
];

/// replace.go forceReplace waits five minutes for the deletions when `--timeout` is 0.
const DEFAULT_TIMEOUT_MS: i64 = 5 * 60 * 1000;

/// replace.go's field manager (`cmdutil.AddFieldManagerFlagVar`'s default).
const MANAGER: &str = "kubectl-replace";

/// One object's failure as kubectl prints it: `AddSourceToErr` puts `error when replacing
/// "STDIN": ` before the Status message, and `checkErr` prints it (an Invalid one from its
/// causes, which do not carry the source).
fn with_source(verb: &str, mut r: Refusal) -> String {
    r.message = format!("error when {verb} \"STDIN\": {}", r.message);
    r.to_string()
}

/// A call to one named object of `obj`'s kind, in its namespace when the kind has one.
fn call_for(verb: Verb, obj: &Object, body: Value) -> Call {
    let (kind, m) = (obj.kind(), obj.meta());
    Call {
        verb,
        kind,
        namespace: kind.namespaced().then(|| m.namespace.clone()),
        name: Some(m.name.clone()),
        subresource: None,
        query: Vec::new(),
        body: Some(body),
        as_table: false,
        extension: None,
    }
}

pub fn replace(
    s: &mut Kubectl,
    argv: &[String],
    stdin: Option<String>,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let a = args::parse(argv, REPLACE_FLAGS, "replace")?;
    // Complete reads the strategy first.
    let dry = DryRun::from_args(&a, s.now(), out)?;
    let force = a.bool("force", false)?;
    // Complete: grace 0 becomes 1 and a wait (replace.go); then the filename is required.
    let grace = match a.int("grace-period")?.unwrap_or(-1) {
        0 => 1,
        g => g,
    };
    let Some(file) = a.get("filename") else {
        return Err(KubectlError::Usage("must specify one of -f and -k".into()));
    };
    let format = match a.get("output").filter(|o| !o.is_empty()) {
        Some(o) => Some(Format::parse_with(Some(o), a.get("template"), None)?.0),
        None => None,
    };
    // Validate.
    if grace >= 0 && !force {
        return Err(KubectlError::Usage("--grace-period must have --force specified".into()));
    }
    let timeout = super::sandbox::timeout_flag(&a)?;
    if timeout != 0 && !force {
        return Err(KubectlError::Usage("--timeout must have --force specified".into()));
    }
    if force && dry != DryRun::None {
        return Err(KubectlError::Usage("--dry-run can not be used when --force is set".into()));
    }
    if file != "-" {
        return Err(KubectlError::Plain(
            "kubeloop: there are no files here; pass the manifest on standard input: `kubectl replace -f - <<EOF` ... `EOF`".into(),
        ));
    }
    let ns = a.get("namespace").unwrap_or("default").to_string();
    let stream = manifest::read(stdin.as_deref().unwrap_or(""));
    if stream.items.is_empty() && stream.stopped.is_none() {
        // An empty manifest replaces nothing; forceReplace's DeleteResult finds nothing to
        // delete, and then nothing was created.
        if !force {
            return Ok(0);
        }
        out.out("No resources found\n");
        return Err(KubectlError::Usage("no objects passed to replace".into()));
    }
    let mut errors: Vec<String> = Vec::new();
    let mut objects = Vec::new();
    for item in stream.items {
        match decoded(item, &ns) {
            Ok(o) => objects.push(o),
            Err(e) => errors.push(e),
        }
    }
    if force {
        let cascade = cascade(a.get("cascade").unwrap_or("background"))?;
        // The DeleteOptions body DeleteResult sends (delete.go: the grace period when one
        // was given, the propagation policy always).
        let mut opts = json!({ "propagationPolicy": cascade });
        if grace >= 0 {
            opts["gracePeriodSeconds"] = grace.into();
        }
        let limit = if timeout == 0 { DEFAULT_TIMEOUT_MS } else { timeout };
        force_replace(s, objects, &opts, limit, format.as_ref(), &mut errors, out)?;
    } else {
        for obj in objects {
            match put(s, obj, dry) {
                Ok(o) => meta_edit::print(format.as_ref(), &o, &dry.op("replaced"), out)?,
                Err(e) => errors.push(e),
            }
        }
    }
    if let Some(e) = stream.stopped {
        errors.push(e.to_string());
    }
    for e in &errors {
        out.err(format!("{e}\n"));
    }
    Ok(if errors.is_empty() { 0 } else { 1 })
}

/// The object as the API server decodes it, in the namespace kubectl defaults it to.
fn decoded(item: Item, ns: &str) -> Result<Object, String> {
    let mut obj = item.decoded.map_err(|m| {
        let message = m.to_string();
        with_source(
            "replacing",
            Refusal { code: 400, reason: "BadRequest".into(), message, details: Box::default() },
        )
    })?;
    if obj.kind() == Kind::Event || obj.kind() == Kind::Node {
        return Err(
            "kubeloop: only Deployments, ReplicaSets, Pods, Services, EndpointSlices and Endpoints can be replaced here".into(),
        );
    }
    if obj.meta().namespace.is_empty() && obj.kind().namespaced() {
        obj = crate::kinds::ops(obj.kind()).in_namespace(&obj, ns);
    }
    Ok(obj)
}

/// helper.go Replace with overwrite: a manifest without a resourceVersion takes the one the
/// server has (a GET; when that fails the PUT goes as it is, and the server answers for the
/// object); one with a resourceVersion is PUT with it, and the server refuses it if the
/// object has moved on. A server-side dry run sends the same with `?dryRun=All`; a
/// client-side one sends nothing and prints the object as read (replace.go Run).
fn put(s: &mut Kubectl, obj: Object, dry: DryRun) -> Result<Object, String> {
    if dry == DryRun::Client {
        return Ok(obj);
    }
    let mut body = obj.to_json();
    if obj.meta().resource_version.is_empty() {
        let (kind, m) = (obj.kind(), obj.meta());
        if let Ok(current) = client::get(s.api(), kind, &m.namespace, &m.name) {
            body["metadata"]["resourceVersion"] = current.meta().resource_version.clone().into();
        }
    }
    let call =
        call_for(Verb::Update, &obj, body).dry_run(dry == DryRun::Server).field_manager(MANAGER);
    client::object(s.api(), &call).map_err(|r| with_source("replacing", r))
}

/// replace.go forceReplace: delete everything, wait until each object is gone, then create
/// each one again. A deletion that fails ends the command before anything is created; one
/// the server does not find is no failure (Complete sets `IgnoreNotFound`, as the object is
/// created anyway).
fn force_replace(
    s: &mut Kubectl,
    objects: Vec<Object>,
    opts: &Value,
    limit_ms: i64,
    format: Option<&Format>,
    errors: &mut Vec<String>,
    out: &mut Output,
) -> Result<(), KubectlError> {
    for obj in &objects {
        let (kind, ns, name) = (obj.kind(), &obj.meta().namespace, &obj.meta().name);
        // The answer is the object still being deleted, or a Status once it is gone.
        let answer = s.api().send(&call_for(Verb::Delete, obj, opts.clone()));
        if (200..300).contains(&answer.code) {
            out.out(format!(
                "{}\n",
                printers::deleted_message(kind, name, Some(ns.as_str()), false)
            ));
        } else if !Refusal::of(&answer).is_not_found() {
            errors.push(with_source("deleting", Refusal::of(&answer)));
        }
    }
    if !errors.is_empty() {
        return Ok(());
    }
    // wait.PollUntilContextTimeout, for each object in turn, GETs it until the server
    // answers NotFound; another failure ends the wait. The cluster steps here even in the
    // page: the replacement is one command, as kubectl's is, and it cannot be split.
    for obj in &objects {
        let (kind, m) = (obj.kind(), obj.meta());
        let deadline = s.now().plus_millis(limit_ms);
        loop {
            match client::get(s.api(), kind, &m.namespace, &m.name) {
                Err(r) if r.is_not_found() => break,
                Err(r) => return Err(r.into()),
                Ok(_) => {}
            }
            if s.now() >= deadline {
                return Err(KubectlError::Usage("context deadline exceeded".into()));
            }
            s.step();
        }
    }
    for obj in objects {
        // helper.go Create(modify=true) clears the resourceVersion; the server sets the
        // rest (a new UID among them).
        let mut body = obj.to_json();
        if let Some(Value::Object(meta)) = body.get_mut("metadata") {
            meta.shift_remove("resourceVersion");
        }
        let mut call = call_for(Verb::Create, &obj, body).field_manager(MANAGER);
        call.name = None;
        // forceReplace returns the create's error as it is, without its source.
        match client::object(s.api(), &call) {
            Ok(o) => print(format, &o, out)?,
            Err(r) => errors.push(r.to_string()),
        }
    }
    Ok(())
}

/// delete_flags.go GetCascadingStrategy, without the deprecated boolean spellings: the
/// `propagationPolicy` it sends.
fn cascade(v: &str) -> Result<&'static str, KubectlError> {
    match v {
        "background" => Ok("Background"),
        "foreground" => Ok("Foreground"),
        "orphan" => Ok("Orphan"),
        other => Err(KubectlError::Usage(format!(
            "invalid cascade value ({other}). Must be \"background\", \"foreground\", or \"orphan\""
        ))),
    }
}

fn print(format: Option<&Format>, obj: &Object, out: &mut Output) -> Result<(), KubectlError> {
    meta_edit::print(format, obj, "replaced", out)
}

#[cfg(test)]
mod tests {
    use crate::kubectl::dry_run::tests::remote;
    use crate::session::Session;

    const WEB: &str = "k replace -f - <<EOF\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  labels: {app: web, tier: front}\nspec:\n  replicas: 3\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec:\n      containers: [{name: nginx, image: nginx:1.28}]\nEOF";

    #[test]
    fn replace_overwrites_labels_and_spec_and_needs_the_object() {
        let mut s = Session::script(1);
        assert_eq!(
            s.run(WEB).text(),
            "Error from server (NotFound): error when replacing \"STDIN\": deployments.apps \"web\" not found\n"
        );
        assert_eq!(s.run("k create deployment web --image=nginx:1.27").status, 0);
        assert_eq!(s.run(WEB).text(), "deployment.apps/web replaced\n");
        assert_eq!(
            s.run("k get deploy web -o jsonpath={.spec.replicas},{.metadata.labels.tier}").text(),
            "3,front"
        );
    }

    #[test]
    fn dry_runs_change_nothing_and_force_refuses_them() {
        let mut s = Session::script(1);
        assert_eq!(s.run("k create deployment web --image=nginx:1.27").status, 0);
        let server = s.run(&WEB.replace("-f -", "-f - --dry-run=server -o name"));
        assert_eq!(server.text(), "deployment.apps/web\n");
        let client = s.run(&WEB.replace("-f -", "-f - --dry-run=client"));
        assert_eq!(client.text(), "deployment.apps/web replaced (dry run)\n");
        assert_eq!(s.run("k get deploy web -o jsonpath={.spec.replicas}").text(), "1");
        let both = s.run(&WEB.replace("-f -", "-f - --dry-run=server --force"));
        assert_eq!(both.text(), "error: --dry-run can not be used when --force is set\n");
        // A missing object is no failure of --force: it is created.
        let ghost = WEB.replace("name: web", "name: ghost").replace("-f -", "--force -f -");
        assert_eq!(s.run(&ghost).text(), "deployment.apps/ghost replaced\n");
    }

    #[test]
    fn replace_sends_helper_replace_and_force_deletes_polls_and_creates() {
        let mut server = Session::script(1);
        server.run("k create deployment web --image=nginx:1.27");
        let mut s = Session::script(1);
        let (out, sent) = remote(&mut s, &mut server, WEB);
        assert_eq!(out.text(), "deployment.apps/web replaced\n");
        let path = "/apis/apps/v1/namespaces/default/deployments";
        assert_eq!(
            sent,
            [format!("GET {path}/web?"), format!("PUT {path}/web?fieldManager=kubectl-replace")]
        );
        // With a resourceVersion in the manifest there is nothing to look up.
        let stale = WEB.replace("  name: web\n", "  name: web\n  resourceVersion: \"1\"\n");
        let (out, sent) = remote(&mut s, &mut server, &stale);
        assert!(out.text().starts_with("Error from server (Conflict): error when replacing \"STDIN\": Operation cannot be fulfilled on deployments.apps \"web\""), "{}", out.text());
        assert_eq!(sent, [format!("PUT {path}/web?fieldManager=kubectl-replace")]);
        let (out, sent) =
            remote(&mut s, &mut server, &WEB.replace("-f -", "-f - --dry-run=server"));
        assert_eq!(out.text(), "deployment.apps/web replaced (server dry run)\n");
        assert_eq!(sent[1], format!("PUT {path}/web?dryRun=All&fieldManager=kubectl-replace"));
        let (out, sent) =
            remote(&mut s, &mut server, &WEB.replace("-f -", "-f - --dry-run=client"));
        assert_eq!(
            (out.text(), sent.len()),
            ("deployment.apps/web replaced (dry run)\n".into(), 0)
        );
        let force = WEB.replace("k replace -f -", "k replace --force -f -");
        let (out, sent) = remote(&mut s, &mut server, &force);
        assert_eq!(
            out.text(),
            "deployment.apps \"web\" deleted from default namespace\ndeployment.apps/web replaced\n"
        );
        assert_eq!(
            sent,
            [
                format!("DELETE {path}/web?"),
                format!("GET {path}/web?"),
                format!("POST {path}?fieldManager=kubectl-replace")
            ]
        );
        let got = server.run("k get deploy web -o jsonpath={.spec.replicas}").text();
        assert_eq!(got, "3");
    }
}
