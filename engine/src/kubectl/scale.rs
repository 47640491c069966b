//! `kubectl scale` (kubectl/pkg/cmd/scale/scale.go and the scaler in kubectl/pkg/scale):
//! deployments, replica sets and stateful sets, with the `--current-replicas` precondition. Not
//! `--resource-version`, `--timeout` or files.

use crate::model::*;
use crate::store::ApiError;

use super::args::{self, flag, switch, FlagSpec};
use super::dry_run::{self, DryRun};
use super::get::{get_named, list_kind, parse_selector};
use super::mutate::replicas_in_range;
use super::resource;
use super::{KubectlError, Output, Session};

const SCALE_FLAGS: &[FlagSpec] = &[
    flag("replicas", None),
    flag("namespace", Some('n')),
    flag("current-replicas", None),
    flag("selector", Some('l')),
    switch("all", None),
    super::dry_run::FLAG,
    flag("output", Some('o')),
];

/// `kubectl scale`, in the order of kubectl/pkg/cmd/scale/scale.go: cobra's required
/// `--replicas`, `Validate`, the builder's argument errors, then each object through the
/// scaler (kubectl/pkg/scale/scale.go), whose `--current-replicas` precondition failure stops
/// the command. Objects that are not found are reported after the others, as `RunScale`
/// returns the builder's `infoErr` last.
pub fn scale(s: &mut Session, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let a = args::parse(argv, SCALE_FLAGS, "scale")?;
    // ScaleFlags.ToOptions: the strategy and the printer come before the checks.
    let dry = DryRun::from_args(&a, s.world.now(), out)?;
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
    let sel = resource::select(&a.positional, false)?;
    if sel.items.is_empty() {
        return Err(resource::no_resource(a.get("selector").is_some_and(|l| !l.trim().is_empty())));
    }
    let all = a.bool("all", false)?;
    let label_sel = parse_selector(a.get("selector"))?;
    let mut targets: Vec<(Kind, String)> = Vec::new();
    let mut missing = Vec::new();
    for (kind, names) in &sel.items {
        if names.is_empty() {
            if !all && !a.has("selector") {
                return Err(KubectlError::Usage(
                    "resource(s) were provided, but no name was specified".into(),
                ));
            }
            for o in list_kind(&s.world.store, *kind, Some(&ns), &label_sel) {
                targets.push((*kind, o.meta().name.clone()));
            }
        } else if a.has("selector") {
            return Err(resource::names_with_selector(&a.positional));
        } else {
            for name in names {
                match get_named(&s.world.store, *kind, &ns, name) {
                    Some(_) => targets.push((*kind, name.clone())),
                    None => missing.push(ApiError::NotFound { kind: *kind, name: name.clone() }),
                }
            }
        }
    }
    if targets.is_empty() && missing.is_empty() {
        return Err(KubectlError::Usage("no objects passed to scale".into()));
    }
    for (kind, name) in &targets {
        let Some(obj) = get_named(&s.world.store, *kind, &ns, name) else {
            return Err(ApiError::NotFound { kind: *kind, name: name.clone() }.into());
        };
        // RunScale: a client-side dry run prints the object with the new count (its
        // `updateReplicas`), and checks no precondition, as it asks the server nothing.
        let scaled = match (obj, dry) {
            (Object::Deployment(d), DryRun::Client) => {
                let mut d = (*d).clone();
                d.spec.replicas = replicas;
                Object::Deployment(d.into())
            }
            (Object::ReplicaSet(r), DryRun::Client) => {
                let mut r = (*r).clone();
                r.spec.replicas = replicas;
                Object::ReplicaSet(r.into())
            }
            (Object::StatefulSet(x), DryRun::Client) => {
                let mut x = (*x).clone();
                x.spec.replicas = replicas;
                Object::StatefulSet(x.into())
            }
            (Object::Deployment(d), _) => {
                check_current(current, d.spec.replicas)?;
                let mut next = (*d).clone();
                next.spec.replicas = replicas;
                Object::Deployment(dry.update(s, next)?)
            }
            (Object::ReplicaSet(r), _) => {
                check_current(current, r.spec.replicas)?;
                let mut next = (*r).clone();
                next.spec.replicas = replicas;
                Object::ReplicaSet(dry.update(s, next)?)
            }
            (Object::StatefulSet(x), _) => {
                check_current(current, x.spec.replicas)?;
                let mut next = (*x).clone();
                next.spec.replicas = replicas;
                Object::StatefulSet(dry.update(s, next)?)
            }
            _ => {
                return Err(KubectlError::Plain(format!(
                    "error: cannot scale {}: only deployments, replicasets and statefulsets scale in kubeloop",
                    kind.plural()
                )))
            }
        };
        out.out(dry_run::print(&scaled, output, "scaled", dry));
    }
    let mut status = 0;
    for e in missing {
        out.err(format!("{e}\n"));
        status = 1;
    }
    Ok(status)
}

/// ScalePrecondition.validate: the scale subresource's spec.replicas must match.
fn check_current(current: i64, spec_replicas: i32) -> Result<(), KubectlError> {
    if current != -1 && i64::from(spec_replicas) != current {
        return Err(KubectlError::Usage(format!(
            "Expected replicas to be {current}, was {spec_replicas}"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::kubectl::{Mode, Session};
    use crate::world::World;

    fn session() -> Session {
        let mut s = Session::new(World::new(1), Mode::Script);
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
