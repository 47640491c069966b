//! Saving `kubectl edit`'s text: each object is updated in place, and a failure is worded as
//! kubectl edit words it, never as apply or create would ("error when creating STDIN").
//!
//! Models staging/src/k8s.io/kubectl/pkg/cmd/util/editor/editoptions.go: `Run` (a file that
//! does not read is "The edited file had a syntax error: ..."; an unchanged file is "Edit
//! cancelled, no changes made."; an empty one "Edit cancelled, saved file was empty.") and
//! `editResults.addError` (an Invalid answer prints `error: <resource> "<name>" is invalid`
//! and reopens the file headed `<resource> "<name>" was not valid:` with one `* ` line per
//! cause; NotFound is "could not be found on the server"; anything else "could not be
//! patched: <message>").
//!
//! What a browser changes, and why: kubectl writes the edited text to a temporary file and
//! prints `A copy of your changes has been stored to "/tmp/kubectl-edit-....yaml"` or "You
//! can run `kubectl replace -f /tmp/...` to try this update again". The page stores no file:
//! its editor stays open with the text instead, so those lines would name a file that does
//! not exist and are left out. The reasons kubectl writes into the reopened file's header are
//! printed after the error line (without the `# `), so the log keeps them once the editor is
//! closed.
//!
//! A value of the wrong type is refused by the API server while it applies the edit's patch
//! (apiserver patch.go `applyPatchToObject`: an Invalid `patch` cause holding the whole patch
//! as a Go map). kubeloop decodes the edited text before it sends anything, so the cause is
//! the decoder's own words (`json: cannot unmarshal string into Go struct field ...`), which
//! name the field the learner wrote.
//!
//! Each object is read and saved through the API: a GET of the object the text names, and the
//! patch apply sends (apply.rs), made without a last-applied-configuration of its own.

use serde_json::Value;

use super::{put_item, Failure, How, Verb};
use crate::api::client::{self, Refusal};
use crate::kubectl::dry_run::DryRun;
use crate::kubectl::manifest;
use crate::kubectl::{Kubectl, KubectlError, Output};
use crate::model::Kind;

/// An edit saves for real and prints the operation line.
fn edit_how(ns: &str) -> How<'_> {
    How {
        ns,
        verb: Verb::Edit,
        dry: DryRun::None,
        output: None,
        keep: false,
        manager: None,
        server_side: None,
    }
}

/// `deployments.apps`, `pods`: the resource as kubectl names it in edit's messages.
fn qualified_resource(kind: Kind) -> String {
    match kind.group() {
        "" => kind.plural().to_string(),
        g => format!("{}.{g}", kind.plural()),
    }
}

/// An Invalid answer's causes, each as `field: message` (the Status `details.causes`).
fn causes(refusal: &Refusal) -> Vec<String> {
    let causes = refusal.details.get("causes").and_then(Value::as_array);
    let text =
        |c: &Value, k: &str| c.get(k).and_then(Value::as_str).unwrap_or_default().to_string();
    let lines = causes.into_iter().flatten().map(|c| match text(c, "field").as_str() {
        "" => text(c, "message"),
        field => format!("{field}: {}", text(c, "message")),
    });
    let mut out: Vec<String> = Vec::new();
    for line in lines {
        if !out.contains(&line) {
            out.push(line);
        }
    }
    out
}

/// Saves the editor's text over the objects it names, as `kubectl edit` does.
pub fn edit(s: &mut Kubectl, text: &str, ns: &str) -> Output {
    let mut out = Output::default();
    // As any command line does (`Session::run`), saving ends a pending watch or wait.
    if s.watching() {
        s.interrupt();
    }
    let stream = manifest::read(text);
    if let Some(e) = stream.stopped {
        // Nothing is saved when the file does not read, even the objects before the problem.
        out.err(format!("error: The edited file had a syntax error: {}\n", syntax(&e)));
        out.status = 1;
        return out;
    }
    if stream.items.is_empty() {
        out.err("Edit cancelled, saved file was empty.\n");
        return out;
    }
    // editoptions.go `visitToPatch` matches each edited object to the one opened by its UID,
    // and its patch preconditions refuse a changed apiVersion, kind or name: saving must never
    // create a second object (which applying the text would do).
    if stream.items.iter().any(|item| renamed(s, item, ns)) {
        out.err("error: At least one of apiVersion, kind and name was changed\n");
        out.status = 1;
        return out;
    }
    let mut lines = Vec::new();
    let mut reasons = Vec::new();
    let mut failed = false;
    for item in stream.items {
        let resource = qualified_resource(item.kind);
        let name = item.name.clone();
        let item_ns =
            if item.namespace.is_empty() { ns.to_string() } else { item.namespace.clone() };
        let not_valid = |causes: Vec<String>| {
            let head = format!("{resource} \"{name}\" was not valid:");
            (format!("error: {resource} \"{name}\" is invalid"), head, causes)
        };
        let failed_item = match &item.decoded {
            Err(undecodable) => Some(not_valid(vec![undecodable.detail.clone()])),
            Ok(_) if !exists(s, item.kind, &item_ns, &name) => Some((
                format!("error: {resource} \"{name}\" could not be found on the server"),
                String::new(),
                vec![],
            )),
            Ok(_) => match put_item(s, item, &edit_how(ns), &mut out) {
                Ok(done) => {
                    let super::Done::Printed(line) = done else { unreachable!("edit prints") };
                    lines.push(line.trim_end_matches('\n').to_string());
                    None
                }
                Err(Failure::Api { refusal, .. }) if refusal.reason == "Invalid" => {
                    Some(not_valid(causes(&refusal)))
                }
                Err(Failure::Api { refusal, .. }) => Some((
                    format!(
                        "error: {resource} \"{name}\" could not be patched: {}",
                        refusal.message
                    ),
                    String::new(),
                    vec![],
                )),
                Err(Failure::Client(e)) => Some((e.to_string(), String::new(), vec![])),
            },
        };
        if let Some((line, head, causes)) = failed_item {
            failed = true;
            out.err(format!("{line}\n"));
            if !head.is_empty() {
                reasons.push(head);
                reasons.extend(causes.into_iter().map(|c| format!("* {c}")));
            }
        }
    }
    for r in &reasons {
        out.err(format!("{r}\n"));
    }
    if !failed && lines.iter().all(|l| l.ends_with(" unchanged")) {
        out.err("Edit cancelled, no changes made.\n");
        return out;
    }
    for line in lines {
        // editoptions.go prints "edited" for a patched object and "skipped" for an unchanged one.
        let line = match line.strip_suffix(" configured") {
            Some(obj) => format!("{obj} edited"),
            None => line.replace(" unchanged", " skipped"),
        };
        out.out(format!("{line}\n"));
    }
    out.status = i32::from(failed);
    out
}

/// Whether the edited document carries the UID of an object that has another kind, name or
/// namespace than the document now gives. The object the document names is asked for first;
/// only when it is not the one with that UID are the lists searched for it.
fn renamed(s: &mut Kubectl, item: &manifest::Item, ns: &str) -> bool {
    let Some(uid) = item.source.pointer("/metadata/uid").and_then(|u| u.as_str()) else {
        return false;
    };
    let item_ns = if item.namespace.is_empty() { ns } else { &item.namespace };
    if client::get(s.api(), item.kind, item_ns, &item.name).is_ok_and(|o| o.meta().uid == uid) {
        return false;
    }
    let editable = Kind::ALL.into_iter().filter(|k| !matches!(k, Kind::Node | Kind::Event));
    editable.into_iter().any(|kind| {
        let objects = client::list(s.api(), kind, "", None, None).unwrap_or_default();
        objects.iter().any(|o| {
            let m = o.meta();
            m.uid == uid
                && (kind != item.kind
                    || m.name != item.name
                    || (!item.namespace.is_empty() && m.namespace != item.namespace))
        })
    })
}

fn exists(s: &mut Kubectl, kind: Kind, ns: &str, name: &str) -> bool {
    client::get(s.api(), kind, ns, name).is_ok()
}

/// The reading error without the `error parsing STDIN: ` that `apply -f -` puts first: an edit
/// reads no STDIN.
fn syntax(e: &KubectlError) -> String {
    let message = match e {
        KubectlError::Usage(m) | KubectlError::Plain(m) => m.clone(),
        other => other.to_string(),
    };
    message.strip_prefix("error parsing STDIN: ").unwrap_or(&message).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kubectl::{printers, Stream};
    use crate::model::Object;
    use crate::session::Session;

    /// A session with Deployment web (2 replicas) and its YAML as `k edit` opens it.
    fn opened() -> (Session, String) {
        let mut s = Session::script(1);
        s.run("k create deployment web --image=nginx:1.27 --replicas=2");
        let web = client::get(s.api(), Kind::Deployment, "default", "web").unwrap();
        (s, printers::to_yaml(&web))
    }

    fn stderr(out: &Output) -> String {
        out.chunks.iter().filter(|(s, _)| *s == Stream::Stderr).map(|(_, t)| t.as_str()).collect()
    }

    fn replicas(s: &mut Session) -> i32 {
        match client::get(s.api(), Kind::Deployment, "default", "web") {
            Ok(Object::Deployment(d)) => d.spec.replicas,
            other => panic!("no Deployment web: {other:?}"),
        }
    }

    #[test]
    fn a_value_of_the_wrong_type_reads_as_kubectl_edit_and_go_decoding_word_it() {
        let (mut s, yaml) = opened();
        let out =
            edit(&mut s.kubectl(), &yaml.replace("replicas: 2", "replicas: three"), "default");
        assert_eq!(out.status, 1);
        assert_eq!(
            stderr(&out),
            "error: deployments.apps \"web\" is invalid\n\
             deployments.apps \"web\" was not valid:\n\
             * json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32\n"
        );
        for rust in ["invalid type", "expected i32", "STDIN", "error when"] {
            assert!(!out.text().contains(rust), "{rust} in {}", out.text());
        }
        assert_eq!(replicas(&mut s), 2, "nothing is saved");
    }

    #[test]
    fn a_value_validation_refuses_lists_each_cause_under_the_heading() {
        let (mut s, yaml) = opened();
        let out = edit(&mut s.kubectl(), &yaml.replace("replicas: 2", "replicas: -1"), "default");
        assert_eq!(
            stderr(&out),
            "error: deployments.apps \"web\" is invalid\n\
             deployments.apps \"web\" was not valid:\n\
             * spec.replicas: Invalid value: -1: must be greater than or equal to 0\n"
        );
        let out = edit(&mut s.kubectl(), &yaml.replace("replicas: 2", "replicaz: 2"), "default");
        assert!(
            stderr(&out).ends_with("* strict decoding error: unknown field \"spec.replicaz\"\n"),
            "{}",
            stderr(&out)
        );
    }

    #[test]
    fn a_file_that_does_not_read_is_a_syntax_error_and_saves_nothing() {
        let (mut s, yaml) = opened();
        let out = edit(
            &mut s.kubectl(),
            &format!("{}\n  bad: [indent\n", yaml.replace("replicas: 2", "replicas: 4")),
            "default",
        );
        assert_eq!(out.status, 1);
        let err = stderr(&out);
        assert!(
            err.starts_with(
                "error: The edited file had a syntax error: error converting YAML to JSON: yaml: "
            ),
            "{err}"
        );
        assert!(!err.contains("STDIN"), "{err}");
        assert_eq!(replicas(&mut s), 2);
    }

    #[test]
    fn saving_edits_in_place_and_saving_unchanged_or_empty_text_cancels() {
        let (mut s, yaml) = opened();
        let out = edit(&mut s.kubectl(), &yaml, "default");
        assert_eq!((out.status, stderr(&out).as_str()), (0, "Edit cancelled, no changes made.\n"));
        let out = edit(&mut s.kubectl(), "  \n", "default");
        assert_eq!(
            (out.status, stderr(&out).as_str()),
            (0, "Edit cancelled, saved file was empty.\n")
        );
        let out = edit(&mut s.kubectl(), &yaml.replace("replicas: 2", "replicas: 4"), "default");
        assert_eq!((out.status, out.stdout().as_str()), (0, "deployment.apps/web edited\n"));
        assert_eq!(replicas(&mut s), 4);
    }

    #[test]
    fn renaming_the_object_in_the_editor_is_refused_and_creates_nothing() {
        let (mut s, yaml) = opened();
        let out = edit(&mut s.kubectl(), &yaml.replace("name: web", "name: web2"), "default");
        assert_eq!(
            (out.status, stderr(&out).as_str()),
            (1, "error: At least one of apiVersion, kind and name was changed\n")
        );
        assert!(!exists(&mut s.kubectl(), Kind::Deployment, "default", "web2"));
    }

    #[test]
    fn an_object_deleted_while_editing_is_not_found_and_not_made_again() {
        let (mut s, yaml) = opened();
        s.run("k delete deploy web");
        s.run("settle");
        let out = edit(&mut s.kubectl(), &yaml.replace("replicas: 2", "replicas: 4"), "default");
        assert_eq!(
            (out.status, stderr(&out).as_str()),
            (1, "error: deployments.apps \"web\" could not be found on the server\n")
        );
        assert!(!exists(&mut s.kubectl(), Kind::Deployment, "default", "web"));
    }
}
