//! `kubectl set` (kubectl/pkg/cmd/set/set.go) and `kubectl set image`
//! (kubectl/pkg/cmd/set/set_image.go): container images of deployments, replica sets and
//! pods. `set env` and `set resources` are in their own files; what the three share is in
//! `set_common.rs`. The other `set` subcommands are not simulated.

use crate::labels::validation::go_quote;
use crate::model::*;

use super::args::{self, flag, switch, FlagSpec};
use super::get::Format;
use super::label::resources_and_pairs;
use super::set_common::{finish, pod_spec, print, refuse_unmodelled, targets, write_spec};
use super::{set_env, set_resources, Kubectl, KubectlError, Output};

/// The flags `set image` has (and the value flags cobra must skip to find the subcommand).
/// `kubectl set`'s own flags, which every subcommand shares: the first of `IMAGE_FLAGS`.
pub(super) const SET_FLAGS: &[FlagSpec] = IMAGE_FLAGS.split_at(3).0;

pub(super) const IMAGE_FLAGS: &[FlagSpec] = &[
    flag("namespace", Some('n')),
    flag("selector", Some('l')),
    switch("all", None),
    flag("output", Some('o')),
    flag("filename", Some('f')),
    switch("local", None),
    flag("dry-run", None),
];

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

/// `kubectl set SUBCOMMAND`: cobra finds the subcommand first, then parses its flags.
pub fn set(s: &mut Kubectl, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    // Every value flag of every subcommand, so that cobra's stripFlags skips their values.
    let all_flags: Vec<FlagSpec> =
        [IMAGE_FLAGS, set_env::ENV_FLAGS, set_resources::RESOURCES_FLAGS].concat();
    match args::first_word(argv, &all_flags) {
        Some("image") => image(s, argv, out),
        Some("env") => set_env::env(s, argv, out),
        Some("resources") => set_resources::resources(s, argv, out),
        first => {
            let a = args::parse(argv, SET_FLAGS, "set")?;
            match first {
                Some(other @ ("selector" | "serviceaccount" | "subject")) => {
                    Err(KubectlError::Plain(format!(
                        "kubeloop: `kubectl set {other}` is not supported in kubeloop"
                    )))
                }
                // cmdutil.DefaultSubCommandRun: RequireNoArguments, then the help on stderr.
                Some(_) => Err(KubectlError::Usage(format!(
                    "unknown command \"{}\"\nSee 'kubectl set -h' for help and examples",
                    a.positional.join(" ")
                ))),
                None => {
                    out.err(SET_HELP);
                    Ok(1)
                }
            }
        }
    }
}

/// `kubectl set image`: Complete (pairs, then the objects), Validate, then Run, which
/// patches only objects whose template changed, prints nothing for the others, and reports
/// containers it could not find after the objects it updated.
fn image(s: &mut Kubectl, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let a = args::parse(argv, IMAGE_FLAGS, "set image")?;
    refuse_unmodelled(&a)?;
    let (format, _) = Format::parse(a.get("output"))?;
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
    let targets = targets(s, &resources, &a, &ns)?;
    let mut problems = Vec::new();
    if a.bool("all", false)? && a.get("selector").is_some_and(|l| !l.is_empty()) {
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
    for obj in &targets {
        let mut missing = Vec::new();
        let result = pod_spec(obj, "image").and_then(|mut spec| {
            if !apply_images(&mut spec, &pairs, &mut missing) {
                return Ok(None);
            }
            write_spec(s, obj, spec)
                .map(Some)
                .map_err(|e| format!("failed to patch image update to pod template: {}", e.message))
        });
        match result {
            Ok(Some(obj)) => print(out, &format, &obj, "image updated", &mut errors),
            Ok(None) => {}
            Err(e) => errors.push(e),
        }
        errors.extend(missing);
    }
    Ok(finish(out, &errors))
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

#[cfg(test)]
mod tests {
    use crate::session::Session;

    fn session() -> Session {
        let mut s = Session::script(1);
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
