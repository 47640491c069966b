//! `kubectl scale` (kubectl/pkg/cmd/scale/scale.go and the scaler in kubectl/pkg/scale):
//! deployments, replica sets, stateful sets and replication controllers, with the `--current-replicas` precondition,
//! through the API's `scale` subresource. Not `--resource-version`, `--timeout` or files.

use serde_json::{json, Value};

use crate::api::client::{self, Call, Refusal};
use crate::api::patch::PatchType;
use crate::model::*;

use super::args::{self, flag, switch, FlagSpec};
use super::dry_run::{self, DryRun};
use super::get::parse_selector;
use super::mutate::replicas_in_range;
use super::resource;
use super::{Kubectl, KubectlError, Output};

pub(super) const SCALE_FLAGS: &[FlagSpec] = &[
    flag("replicas", None),
    flag("namespace", Some('n')),
    flag("current-replicas", None),
    flag("selector", Some('l')),
    switch("all", None),
    super::dry_run::FLAG,
    flag("output", Some('o')),
];

/// `kubectl scale`, in the order of kubectl/pkg/cmd/scale/scale.go: cobra's required
/// `--replicas`, `Validate`, the builder's GETs (or lists) of what the arguments name, then
/// each object through the scaler (kubectl/pkg/scale/scale.go), whose `--current-replicas`
/// precondition failure stops the command. Objects that are not found are reported after
/// the others, as `RunScale` returns the builder's `infoErr` last.
pub fn scale(s: &mut Kubectl, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let a = args::parse(argv, SCALE_FLAGS, "scale")?;
    // ScaleFlags.ToOptions: the strategy and the printer come before the checks. The clock
    // is only for the deprecation warning's klog stamp.
    let dry = DryRun::from_args(&a, s.now(), out)?;
    let output = dry_run::output_format(a.get("output"))?;
    let (Some(requested), current) = (a.int("replicas")?, a.int("current-replicas")?) else {
        return Err(KubectlError::Usage("required flag(s) \"replicas\" not set".into()));
    };
    if requested < 0 {
        return Err(KubectlError::Usage(
            "The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0"
                .into(),
        ));
    }
    let current = current.unwrap_or(-1);
    if current < -1 {
        return Err(KubectlError::Usage(
            "The --current-replicas must specify an integer of -1 or greater".into(),
        ));
    }
    let replicas = replicas_in_range(requested)?;
    let ns = a.get("namespace").unwrap_or("default").to_string();
    let (targets, missing) = targets(s, &a, &ns)?;
    if targets.is_empty() && missing.is_empty() {
        return Err(KubectlError::Usage("no objects passed to scale".into()));
    }
    for obj in targets {
        // Only the kinds whose replicas sit at `spec.replicas` (scale.go `updateReplicas`).
        let Some(built) = with_replicas(&obj, replicas) else {
            return Err(KubectlError::Plain(format!(
                "error: cannot scale {}: only deployments, replicasets, statefulsets and replicationcontrollers scale in kubeloop",
                obj.kind().plural()
            )));
        };
        // RunScale: a client-side dry run prints the object with the new count and checks
        // no precondition, as it asks the server nothing.
        let scaled = if dry == DryRun::Client {
            built
        } else {
            let answered = scale_one(s, &obj, replicas, current, dry == DryRun::Server)?;
            // The object the builder read, with the count the server answered.
            with_replicas(&obj, answered).unwrap_or(built)
        };
        out.out(dry_run::print(&scaled, output, "scaled", dry));
    }
    let mut status = 0;
    for e in missing {
        out.err(format!("{}\n", KubectlError::from(e)));
        status = 1;
    }
    Ok(status)
}

/// The builder's objects: one GET per name, or one list per type with `--all` or `-l`.
/// Names that are not found are kept apart (ContinueOnError).
fn targets(
    s: &mut Kubectl,
    a: &args::Args,
    ns: &str,
) -> Result<(Vec<Object>, Vec<Refusal>), KubectlError> {
    let sel = resource::select(&a.positional, false)?;
    if sel.items.is_empty() {
        return Err(resource::no_resource(a.get("selector").is_some_and(|l| !l.trim().is_empty())));
    }
    let all = a.bool("all", false)?;
    // Parsed here for kubectl's own error; the server filters by the text.
    parse_selector(a.get("selector"))?;
    let (mut found, mut missing) = (Vec::new(), Vec::new());
    for (kind, names) in &sel.items {
        if names.is_empty() {
            if !all && !a.has("selector") {
                return Err(KubectlError::Usage(
                    "resource(s) were provided, but no name was specified".into(),
                ));
            }
            found.extend(client::list(s.api(), *kind, ns, a.get("selector"), None)?);
        } else if a.has("selector") {
            return Err(resource::names_with_selector(&a.positional));
        } else {
            for name in names {
                match client::get(s.api(), *kind, ns, name) {
                    Ok(o) => found.push(o),
                    Err(e) if e.is_not_found() => missing.push(e),
                    Err(e) => return Err(e.into()),
                }
            }
        }
    }
    Ok((found, missing))
}

/// The object with `spec.replicas` set, for the kinds that have one.
fn with_replicas(obj: &Object, replicas: i32) -> Option<Object> {
    Some(match obj {
        Object::Deployment(d) => {
            let mut d = (**d).clone();
            d.spec.replicas = replicas;
            Object::Deployment(d.into())
        }
        Object::ReplicaSet(r) => {
            let mut r = (**r).clone();
            r.spec.replicas = replicas;
            Object::ReplicaSet(r.into())
        }
        Object::StatefulSet(x) => {
            let mut x = (**x).clone();
            x.spec.replicas = replicas;
            Object::StatefulSet(x.into())
        }
        Object::ReplicationController(rc) => {
            let mut rc = (**rc).clone();
            rc.spec.replicas = Some(replicas);
            Object::ReplicationController(rc.into())
        }
        _ => return None,
    })
}

/// The scaler's one attempt (scale.go `ScaleSimple`): with a precondition, GET the Scale,
/// check it and PUT it back with its resourceVersion, so a write in between is a Conflict;
/// without, a JSON merge patch of `spec.replicas`. Returns the count the server answered.
fn scale_one(
    s: &mut Kubectl,
    obj: &Object,
    replicas: i32,
    current: i64,
    dry: bool,
) -> Result<i32, KubectlError> {
    let (kind, m) = (obj.kind(), obj.meta());
    let call = if current != -1 {
        let mut scale = send(s, &Call::get(kind, &m.namespace, &m.name).sub("scale"))?;
        // ScalePrecondition.validate.
        let was = scale.pointer("/spec/replicas").and_then(Value::as_i64).unwrap_or(0);
        if was != current {
            return Err(KubectlError::Usage(format!(
                "Expected replicas to be {current}, was {was}"
            )));
        }
        scale["spec"]["replicas"] = json!(replicas);
        Call {
            verb: client::Verb::Update,
            body: Some(scale),
            ..Call::get(kind, &m.namespace, &m.name).sub("scale")
        }
    } else {
        let patch = json!({ "spec": { "replicas": replicas } });
        Call::patch(kind, &m.namespace, &m.name, PatchType::Merge, patch).sub("scale")
    };
    let answer = send(s, &call.dry_run(dry))?;
    let answered = answer.pointer("/spec/replicas").and_then(Value::as_i64);
    Ok(answered.and_then(|n| i32::try_from(n).ok()).unwrap_or(replicas))
}

/// Sends a call whose answer is a Scale (no kind of the model), returning its JSON.
fn send(s: &mut Kubectl, call: &Call) -> Result<Value, Refusal> {
    let answer = s.api().send(call);
    if !(200..300).contains(&answer.code) {
        return Err(Refusal::of(&answer));
    }
    Ok(answer.body)
}

#[cfg(test)]
mod tests {
    use crate::session::Session;

    fn session() -> Session {
        let mut s = Session::script(1);
        assert_eq!(s.run("k create deployment web --image=nginx:1.27 --replicas=3").status, 0);
        s
    }

    fn replicas(s: &mut Session) -> String {
        s.run("k get deploy web -o jsonpath='{.spec.replicas}'").text()
    }

    #[test]
    fn a_failed_current_replicas_precondition_changes_nothing() {
        let mut s = session();
        let out = s.run("k scale deploy/web --current-replicas=2 --replicas=4");
        assert_eq!(
            (out.status, out.text()),
            (1, "error: Expected replicas to be 2, was 3\n".into())
        );
        assert_eq!(replicas(&mut s), "3");
        let out = s.run("k scale deploy/web --current-replicas=3 --replicas=4");
        assert_eq!(out.text(), "deployment.apps/web scaled\n");
        assert_eq!(replicas(&mut s), "4");
    }

    #[test]
    fn dry_runs_say_so_and_leave_the_count() {
        let mut s = session();
        let out = s.run("k scale deploy/web --replicas=5 --dry-run=server");
        assert_eq!(out.text(), "deployment.apps/web scaled (server dry run)\n");
        let out = s.run("k scale deploy web --replicas=5 --dry-run=client -o jsonpath=x");
        assert_eq!(out.status, 1);
        let out = s.run("k scale deploy web --replicas=5 --current-replicas=1 --dry-run=client");
        assert_eq!(out.text(), "deployment.apps/web scaled (dry run)\n");
        let out = s.run("k scale deploy web --replicas=5 --current-replicas=1 --dry-run=server");
        assert_eq!(out.text(), "error: Expected replicas to be 1, was 3\n");
        assert_eq!(replicas(&mut s), "3");
    }

    #[test]
    fn a_server_dry_run_prints_the_count_the_scale_subresource_answered() {
        let mut s = session();
        let out = s.run("k scale deploy web --replicas=5 --dry-run=server -o json");
        assert!(out.text().contains("\"replicas\": 5,"), "{}", out.text());
        let out = s.run("k scale deploy web --replicas=5 --current-replicas=3 --dry-run=server");
        assert_eq!(out.text(), "deployment.apps/web scaled (server dry run)\n");
        assert_eq!(replicas(&mut s), "3");
        let out = s.run("k scale deploy web --replicas=2 --current-replicas=3 -o json");
        assert!(out.text().contains("\"replicas\": 2,"), "{}", out.text());
        assert_eq!(replicas(&mut s), "2");
    }

    #[test]
    fn replicas_is_required_before_any_other_check() {
        let mut s = session();
        for line in ["k scale", "k scale deploy/web", "k scale rs/a/b --current-replicas=-5"] {
            assert_eq!(s.run(line).text(), "error: required flag(s) \"replicas\" not set\n");
        }
    }

    #[test]
    fn scale_without_a_resource_gives_the_builders_example_lines() {
        let mut s = session();
        let text = s.run("k scale --replicas=2").text();
        assert!(text.starts_with("error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n"), "{text}");
        assert!(text.ends_with("   '<resource>'\n"), "{text}");
    }

    #[test]
    fn a_statefulset_scales_through_its_spec_with_the_precondition() {
        let mut s = session();
        let set = "k apply -f - <<EOF\napiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: db}\nspec:\n  selector: {matchLabels: {app: db}}\n  template:\n    metadata: {labels: {app: db}}\n    spec: {containers: [{name: c, image: nginx}]}\nEOF";
        assert_eq!(s.run(set).status, 0);
        let out = s.run("k scale sts/db --current-replicas=2 --replicas=4");
        assert_eq!(out.text(), "error: Expected replicas to be 2, was 1\n");
        assert_eq!(
            s.run("k scale statefulset db --replicas=4").text(),
            "statefulset.apps/db scaled\n"
        );
        assert_eq!(s.run("k get sts db -o jsonpath='{.spec.replicas}'").text(), "4");
    }

    #[test]
    fn scale_all_scales_every_deployment_in_the_namespace() {
        let mut s = session();
        assert_eq!(s.run("k scale deploy --replicas=1").status, 1);
        assert_eq!(
            s.run("k scale deploy --all --replicas=1").text(),
            "deployment.apps/web scaled\n"
        );
        assert_eq!(replicas(&mut s), "1");
    }
}
