//! `kubectl set image` (kubectl/pkg/cmd/set/set_image.go): container images of deployments,
//! replica sets and pods. The other `set` subcommands are not simulated.

use crate::labels::validation::go_quote;
use crate::model::*;
use crate::store::ApiError;

use super::args::{self, flag, switch, FlagSpec};
use super::get::{get_named, list_kind, parse_selector};
use super::label::resources_and_pairs;
use super::mutate::status_message;
use super::printers;
use super::resource;
use super::{KubectlError, Output, Session};

const SET_FLAGS: &[FlagSpec] =
    &[flag("namespace", Some('n')), flag("selector", Some('l')), switch("all", None)];

/// `kubectl set` alone: its help, as kubectl 1.33 prints it (pkg/cmd/set/set.go).
const SET_HELP: &str = r#"Configure application resources.

 These commands help you make changes to existing application resources.

Available Commands:
  env              Update environment variables on a pod template
  image            Update the image of a pod template
  resources        Update resource requests/limits on objects with pod templates
  selector         Set the selector on a resource
  serviceaccount   Update the service account of a resource
  subject          Update the user, group, or service account in a role binding or cluster role binding

Usage:
  kubectl set SUBCOMMAND [options]

Use "kubectl set <command> --help" for more information about a given command.
Use "kubectl options" for a list of global command-line options (applies to all commands).
"#;

/// `kubectl set image` (kubectl/pkg/cmd/set/set_image.go): Complete (pairs, then the objects),
/// Validate, then Run, which patches only objects whose template changed, prints nothing for
/// the others, and reports containers it could not find after the objects it updated.
pub fn set(s: &mut Session, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let path = match args::first_word(argv, SET_FLAGS) {
        Some("image") => "set image",
        _ => "set",
    };
    let a = args::parse(argv, SET_FLAGS, path)?;
    match a.positional.first().map(String::as_str) {
        Some("image") => {}
        Some(other @ ("env" | "resources" | "selector" | "serviceaccount" | "subject")) => {
            return Err(KubectlError::Plain(format!(
                "kubeloop: `kubectl set {other}` is not supported in kubeloop"
            )))
        }
        // cmdutil.DefaultSubCommandRun: RequireNoArguments, then the help on stderr.
        Some(_) => {
            return Err(KubectlError::Usage(format!(
                "unknown command \"{}\"\nSee 'kubectl set -h' for help and examples",
                a.positional.join(" ")
            )))
        }
        None => {
            out.err(SET_HELP);
            return Ok(1);
        }
    }
    let (resources, pair_args) = resources_and_pairs(&a.positional[1..], "image")?;
    // cmdutil.ParsePairs without removal: `NAME=IMAGE` only.
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut invalid = Vec::new();
    for p in &pair_args {
        match p.split_once('=').filter(|(c, _)| !c.is_empty()) {
            Some((c, img)) => {
                pairs.retain(|(k, _)| k != c);
                pairs.push((c.to_string(), img.to_string()));
            }
            None => invalid.push(p.as_str()),
        }
    }
    if !invalid.is_empty() {
        return Err(KubectlError::Usage(format!("invalid image format: {}", invalid.join(", "))));
    }
    let ns = a.get("namespace").unwrap_or("default").to_string();
    let all = a.bool("all", false)?;
    let sel = resource::select(&resources, false)?;
    if sel.named && a.get("selector").is_some_and(|l| !l.trim().is_empty()) {
        return Err(resource::names_with_selector(&resources));
    }
    let mut targets: Vec<(Kind, String)> = Vec::new();
    // Complete runs the builder before Validate, so no resource is the builder's error.
    if resources.is_empty() {
        return Err(resource::no_resource(a.get("selector").is_some_and(|l| !l.trim().is_empty())));
    }
    {
        let label_sel = parse_selector(a.get("selector"))?;
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
                continue;
            }
            for name in names {
                if get_named(&s.world.store, *kind, &ns, name).is_none() {
                    return Err(ApiError::NotFound { kind: *kind, name: name.clone() }.into());
                }
                targets.push((*kind, name.clone()));
            }
        }
    }
    let mut problems = Vec::new();
    if all && a.get("selector").is_some_and(|l| !l.is_empty()) {
        problems.push("cannot set --all and --selector at the same time".to_string());
    }
    if pairs.is_empty() {
        problems.push("at least one image update is required".into());
    } else if pairs.len() > 1 && pairs.iter().any(|(c, _)| c == "*") {
        problems.push("all containers are already specified by *, but saw more than one container_name=container_image pairs".into());
    }
    match problems.as_slice() {
        [] => {}
        [one] => return Err(KubectlError::Usage(one.clone())),
        many => return Err(KubectlError::Plain(many.join("\n"))),
    }
    let mut errors: Vec<String> = Vec::new();
    for (kind, name) in &targets {
        match set_image_one(s, *kind, &ns, name, &pairs, &mut errors) {
            Ok(true) => out.out(format!("{}\n", printers::operation(*kind, name, "image updated"))),
            Ok(false) => {}
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        return Ok(0);
    }
    // The aggregate as CheckErr prints it: one error with "error: " (which the container
    // errors already carry), several one per line as they are.
    let text = match errors.as_slice() {
        [one] if !one.starts_with("error: ") => format!("error: {one}"),
        _ => errors.join("\n"),
    };
    out.err(format!("{text}\n"));
    Ok(1)
}

/// Sets each `container=image` in `spec` (set_image.go `setImage`, init containers aside);
/// names it cannot find go to `errors`. Returns whether anything changed.
fn apply_images(spec: &mut PodSpec, pairs: &[(String, String)], errors: &mut Vec<String>) -> bool {
    let mut changed = false;
    for (c, img) in pairs {
        let mut found = false;
        for cont in spec.containers.iter_mut().filter(|x| c == "*" || &x.name == c) {
            found = true;
            changed |= &cont.image != img;
            cont.image = img.clone();
        }
        if !found {
            errors.push(format!("error: unable to find container named {}", go_quote(c)));
        }
    }
    changed
}

/// Updates one object's pod template; `Ok(false)` when the patch would be empty.
fn set_image_one(
    s: &mut Session,
    kind: Kind,
    ns: &str,
    name: &str,
    pairs: &[(String, String)],
    errors: &mut Vec<String>,
) -> Result<bool, String> {
    let mut spec = match get_named(&s.world.store, kind, ns, name) {
        Some(Object::Deployment(d)) => d.spec.template.spec.clone(),
        Some(Object::ReplicaSet(r)) => r.spec.template.spec.clone(),
        Some(Object::Pod(p)) => p.spec.clone(),
        Some(_) => return Err(format!("cannot set image on {}", kind.plural())),
        None => return Err(ApiError::NotFound { kind, name: name.into() }.to_string()),
    };
    if !apply_images(&mut spec, pairs, errors) {
        return Ok(false);
    }
    let res = match kind {
        Kind::Deployment => {
            s.world.modify::<Deployment>(ns, name, |d| d.spec.template.spec = spec).map(|_| ())
        }
        Kind::ReplicaSet => {
            s.world.modify::<ReplicaSet>(ns, name, |r| r.spec.template.spec = spec).map(|_| ())
        }
        _ => s.world.modify::<Pod>(ns, name, |p| p.spec = spec).map(|_| ()),
    };
    res.map(|()| true).map_err(|e| {
        format!("failed to patch image update to pod template: {}", status_message(&e))
    })
}

#[cfg(test)]
mod tests {
    use crate::kubectl::{Mode, Session};
    use crate::world::World;

    fn session() -> Session {
        let mut s = Session::new(World::new(1), Mode::Script);
        assert_eq!(s.run("k create deployment web --image=nginx:1.27").status, 0);
        s
    }

    fn version(s: &mut Session) -> String {
        s.run("k get deploy web -o jsonpath='{.metadata.resourceVersion}'").text()
    }

    #[test]
    fn setting_the_current_image_prints_nothing_and_writes_nothing() {
        let mut s = session();
        let before = version(&mut s);
        let out = s.run("k set image deploy/web nginx=nginx:1.27");
        assert_eq!((out.status, out.text()), (0, String::new()));
        assert_eq!(version(&mut s), before);
    }

    #[test]
    fn a_missing_container_is_reported_after_the_found_ones_are_updated() {
        let mut s = session();
        let out = s.run("k set image deploy/web ghost=busybox nginx=nginx:1.28");
        assert_eq!(out.status, 1);
        assert_eq!(
            out.text(),
            "deployment.apps/web image updated\nerror: unable to find container named \"ghost\"\n"
        );
        let image =
            s.run("k get deploy web -o jsonpath='{.spec.template.spec.containers[0].image}'");
        assert_eq!(image.text(), "nginx:1.28");
    }

    #[test]
    fn flag_errors_name_set_or_set_image_as_cobra_does() {
        let mut s = session();
        assert_eq!(
            s.run("k set --frob").text(),
            "error: unknown flag: --frob\nSee 'kubectl set --help' for usage.\n"
        );
        assert_eq!(
            s.run("k set -n default image --frob").text(),
            "error: unknown flag: --frob\nSee 'kubectl set image --help' for usage.\n"
        );
    }

    #[test]
    fn image_pairs_follow_the_resources_and_need_a_name() {
        let mut s = session();
        assert_eq!(
            s.run("k set image deploy web nginx=a other").text(),
            "error: all resources must be specified before image changes: other\n"
        );
        assert_eq!(
            s.run("k set image deploy web").text(),
            "error: at least one image update is required\n"
        );
        assert_eq!(
            s.run("k set image deploy web '*=a' nginx=b").text(),
            "error: all containers are already specified by *, but saw more than one container_name=container_image pairs\n"
        );
    }
}
