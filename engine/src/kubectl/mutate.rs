//! Verbs that create objects: create and run (apply is in `apply.rs`, scale in `scale.rs`).

use std::collections::BTreeMap;

use crate::labels::validation::go_quote;
use crate::model::*;

use super::args::{self, flag, ns_of, FlagSpec};
use super::dry_run::{self, DryRun};
use super::verbs::Invocation;
use super::{Kubectl, KubectlError, Output};

/// The most replicas kubeloop accepts on one object, so a typo cannot freeze the page.
pub const MAX_REPLICAS: i64 = 100_000;

/// The sandbox's own bound on a replica count that kubectl accepted.
pub(super) fn replicas_in_range(n: i64) -> Result<i32, KubectlError> {
    if n > MAX_REPLICAS {
        return Err(KubectlError::Plain(format!(
            "kubeloop: --replicas={n} is more than this sandbox runs ({MAX_REPLICAS} at most)"
        )));
    }
    Ok(n as i32)
}

pub(super) const CREATE_FLAGS: &[FlagSpec] = &[
    flag("image", None),
    flag("replicas", Some('r')),
    flag("port", None),
    flag("namespace", Some('n')),
    flag("filename", Some('f')),
    super::dry_run::FLAG,
    flag("output", Some('o')),
];

/// The container name `kubectl create deployment` derives from an image
/// (create_deployment.go `buildPodSpec` and `sanitizeAndUniquify`).
fn container_name(image: &str, rng: &mut crate::rng::SimRng) -> String {
    let last = image.rsplit('/').next().unwrap_or(image);
    let last = last.split('@').next().unwrap_or(last);
    let last = last.split(':').next().unwrap_or(last);
    if last.contains('_') || last.contains('.') {
        let base = last.replace(['_', '.'], "-");
        format!("{base}-{}", rng.string(5))
    } else {
        last.to_string()
    }
}

/// `create -f`: every object of the manifest, created (apply.go's shared reader).
pub(super) fn create_from_file(
    s: &mut Kubectl,
    argv: &[String],
    stdin: Option<String>,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let a = args::parse(argv, CREATE_FLAGS, &create_command_path(argv))?;
    let output = dry_run::output_format(a.get("output"))?;
    let f = a
        .get("filename")
        .ok_or_else(|| KubectlError::Usage("must specify one of -f and -k".into()))?;
    let dry = DryRun::from_args(&a, s.now(), out)?;
    let how = super::apply::How {
        ns: &ns_of(&a),
        verb: super::apply::Verb::Create,
        dry,
        output,
        keep: false,
        manager: None,
        server_side: None,
    };
    super::apply::from_manifest(s, f, stdin, &how, out)
}

pub fn create(
    s: &mut Kubectl,
    argv: &[String],
    stdin: Option<String>,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    // `create job`, `create cronjob` and `create service` are commands of their own in the
    // table (`verbs.rs`); a manifest may hold any kind, so it goes through the course part.
    let a = args::parse(argv, CREATE_FLAGS, &create_command_path(argv))?;
    if a.get("filename").is_some() {
        let call =
            Invocation { verb: "create", args: argv, stdin, to_completion: false, limit_ms: None };
        return super::parts::create_from_file(s, call, out);
    }
    let output = dry_run::output_format(a.get("output"))?;
    match a.positional.first().map(String::as_str) {
        Some("deployment" | "deploy") => {
            // Cobra checks the required --image before the command's own NAME check.
            let images: Vec<String> = a.repeated.get("image").cloned().unwrap_or_default();
            if images.is_empty() {
                return Err(KubectlError::Usage("required flag(s) \"image\" not set".into()));
            }
            let name = exactly_one_name(&a.positional[1..], "deployment")?;
            // --replicas and --port are int32 flags here (create_deployment.go).
            let replicas = match a.int32("replicas")? {
                Some(n) => replicas_in_range(n.into())?,
                None => 1,
            };
            let port = a.int32("port")?;
            // pflag has read the int flags before Complete reads the strategy.
            let dry = DryRun::from_args(&a, s.now(), out)?;
            let labels: Labels = [("app".to_string(), name.clone())].into();
            let mut containers = Vec::new();
            // kubectl's own random suffix; a dry run draws it from a copy, so that it
            // changes nothing, the names of later objects included. So does a command sent
            // to live mode's server, which is run again as each answer comes (`api::replay`)
            // and must build the same request each time.
            let draws = dry == DryRun::None && s.remote.is_none();
            let mut scratch = s.rng().clone();
            let rng = if draws { s.rng() } else { &mut scratch };
            for (i, image) in images.iter().enumerate() {
                let mut c = Container::new(container_name(image, rng), image.clone());
                // create_deployment.go createDeployment: a port of 0 or more (the flag's
                // default is -1) goes on the first container.
                if let (0, Some(p @ 0..)) = (i, port) {
                    c.ports.push(ContainerPort { container_port: p, ..Default::default() });
                }
                containers.push(c);
            }
            let d = Deployment {
                api_version: "apps/v1".into(),
                kind: "Deployment".into(),
                // As for `run`: the namespace only when one was given.
                metadata: ObjectMeta { name: name.clone(), namespace: a.get("namespace").unwrap_or_default().into(), labels: labels.clone(), ..Default::default() },
                spec: DeploymentSpec {
                    replicas,
                    selector: LabelSelector { match_labels: labels.clone(), ..Default::default() },
                    template: PodTemplateSpec {
                        metadata: ObjectMeta { labels, ..Default::default() },
                        spec: PodSpec { containers: containers.into(), ..Default::default() },
                    },
                    ..Default::default()
                },
                status: Default::default(),
            };
            // create_deployment.go: the builder's object POSTed with fieldManager
            // `kubectl-create`, to the command's namespace.
            match dry.post(s, d.into_object(), &ns_of(&a), "kubectl-create") {
                Ok(d) => {
                    out.out(dry_run::print(&d, output, "created", dry));
                    Ok(0)
                }
                // create_deployment.go wraps the API error with %v, so kubectl prints the
                // Status message after its own words instead of "Error from server".
                Err(e) => Err(KubectlError::Usage(format!(
                    "failed to create deployment: {}",
                    e.message
                ))),
            }
        }
        Some("namespace" | "ns") => {
            // create_namespace.go returns the API error unwrapped.
            let name = exactly_one_name(&a.positional[1..], "namespace")?;
            let dry = DryRun::from_args(&a, s.now(), out)?;
            // create_namespace.go: a Namespace with its name alone, POSTed with the dry run as
            // asked.
            let ns = crate::model::Namespace {
                api_version: "v1".into(),
                kind: "Namespace".into(),
                metadata: ObjectMeta { name, ..Default::default() },
                ..Default::default()
            };
            let ns = dry.post(s, ns.into_object(), "", "kubectl-create")?;
            out.out(dry_run::print(&ns, output, "created", dry));
            Ok(0)
        }
        Some(
            other @ ("clusterrole" | "clusterrolebinding" | "configmap" | "cm"
            | "poddisruptionbudget" | "pdb"
            | "quota" | "resourcequota" | "role" | "rolebinding" | "secret"),
        ) => Err(KubectlError::Plain(format!(
            "kubeloop: `kubectl create {other}` is not supported in kubeloop (try `create deployment`, `create service`, `create namespace` or `create -f -`)"
        ))),
        // create.go RunCreate: words that name no subcommand.
        Some(_) => Err(KubectlError::Usage(format!(
            "Unexpected args: [{}]\nSee 'kubectl create -h' for help and examples",
            a.positional.join(" ")
        ))),
        None => Err(KubectlError::Usage("must specify one of -f and -k".into())),
    }
}

/// The command path cobra's hints name: `create deployment` once the first word that is not a
/// flag or a flag's value names a subcommand kubeloop has (aliases give the subcommand's name),
/// `create` otherwise.
fn create_command_path(argv: &[String]) -> String {
    match args::first_word(argv, CREATE_FLAGS) {
        Some("deployment" | "deploy") => "create deployment".into(),
        Some("namespace" | "ns") => "create namespace".into(),
        _ => "create".into(),
    }
}

/// `NameFromCommandArgs` (kubectl/pkg/cmd/create/create.go): exactly one NAME.
fn exactly_one_name(names: &[String], sub: &str) -> Result<String, KubectlError> {
    match names {
        [one] => Ok(one.clone()),
        _ => Err(KubectlError::Usage(format!(
            "exactly one NAME is required, got {}\nSee 'kubectl create {sub} -h' for help and examples",
            names.len()
        ))),
    }
}

pub(super) const RUN_FLAGS: &[FlagSpec] = &[
    flag("image", None),
    flag("labels", Some('l')),
    flag("namespace", Some('n')),
    flag("restart", None),
    flag("port", None),
    super::dry_run::FLAG,
    flag("output", Some('o')),
    super::args::switch("command", None),
];

pub fn run(s: &mut Kubectl, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let a = args::parse(argv, RUN_FLAGS, "run")?;
    let output = dry_run::output_format(a.get("output"))?;
    // Cobra's required --image comes first, then run.go's own checks.
    let Some(image) = a.get("image") else {
        return Err(KubectlError::Usage("required flag(s) \"image\" not set".into()));
    };
    let Some(name) = a.positional.first() else {
        return Err(KubectlError::Usage(
            "NAME is required for run\nSee 'kubectl run -h' for help and examples".into(),
        ));
    };
    let labels: Labels = match a.get("labels") {
        Some(l) => parse_label_list(l)?,
        None => [("run".to_string(), name.clone())].into(),
    };
    let restart = match a.get("restart").unwrap_or("Always") {
        r @ ("Always" | "OnFailure" | "Never") => r.to_string(),
        r => {
            return Err(KubectlError::Usage(format!(
                "invalid restart policy: {r}\nSee 'kubectl run -h' for help and examples"
            )))
        }
    };
    let mut c = Container::new(name.clone(), image);
    // run.go: the words after NAME are the container's args, or with --command its command.
    let rest = a.positional[1..].to_vec();
    if !rest.is_empty() {
        if a.bool("command", false)? {
            c.command = Some(rest);
        } else {
            c.args = Some(rest);
        }
    }
    // run.go takes --port as a string and converts it with strconv.Atoi.
    if let Some(p) = a.get("port").filter(|p| !p.is_empty()) {
        // Go's int32(port) conversion wraps, as here.
        let port = p.parse::<i64>().map(|n| n as i32).map_err(|_| {
            let digits = p.strip_prefix(['-', '+']).unwrap_or(p);
            let why = if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) {
                "value out of range"
            } else {
                "invalid syntax"
            };
            KubectlError::Usage(format!("strconv.Atoi: parsing {}: {why}", go_quote(p)))
        })?;
        c.ports.push(ContainerPort { container_port: port, ..Default::default() });
    }
    let dry = DryRun::from_args(&a, s.now(), out)?;
    // run.go's generator sets the DNS policy the API server would default anyway.
    let spec = PodSpec {
        containers: vec![c].into(),
        restart_policy: Some(restart.into()),
        dns_policy: Some("ClusterFirst".into()),
        ..Default::default()
    };
    // The generator sets the namespace only when one was given (EnforceNamespace); the
    // store puts an object without one in `default`.
    let namespace = a.get("namespace").unwrap_or_default().into();
    let pod =
        Pod::new(ObjectMeta { name: name.clone(), namespace, labels, ..Default::default() }, spec);
    // run.go createGeneratedObject: the pod POSTed with fieldManager `kubectl-run`.
    let p = dry.post(s, pod.into_object(), &ns_of(&a), "kubectl-run")?;
    out.out(dry_run::print(&p, output, "created", dry));
    Ok(0)
}

pub(super) fn parse_label_list(l: &str) -> Result<Labels, KubectlError> {
    let mut labels = BTreeMap::new();
    if l.is_empty() {
        return Err(KubectlError::Usage("no label spec passed".into()));
    }
    for pair in l.split(',') {
        // kubectl/pkg/generate ParseLabels.
        let (Some((k, v)), 2) = (pair.split_once('='), pair.split('=').count()) else {
            return Err(KubectlError::Usage(format!("unexpected label spec: {pair}")));
        };
        if k.is_empty() {
            return Err(KubectlError::Usage("unexpected empty label key".into()));
        }
        labels.insert(k.to_string(), v.to_string());
    }
    Ok(labels.into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Session;

    #[test]
    fn create_deployment_checks_image_then_exactly_one_name() {
        let mut s = Session::script(1);
        assert_eq!(
            s.run("k create deploy a --image=x --replicas=y").text(),
            "error: invalid argument \"y\" for \"-r, --replicas\" flag: strconv.ParseInt: parsing \"y\": invalid syntax\nSee 'kubectl create deployment --help' for usage.\n"
        );
        assert_eq!(
            s.run("k create deployment a b").text(),
            "error: required flag(s) \"image\" not set\n"
        );
        assert_eq!(
            s.run("k create deploy a b --image=x").text(),
            "error: exactly one NAME is required, got 2\nSee 'kubectl create deployment -h' for help and examples\n"
        );
        let text = s.run("k create deployment Web --image=nginx").text();
        assert!(text.starts_with("error: failed to create deployment: Deployment.apps \"Web\" is invalid: metadata.name: Invalid value: \"Web\": "), "{text}");
    }

    #[test]
    fn create_hints_name_the_subcommand_found_past_the_flags() {
        let mut s = Session::script(1);
        assert_eq!(
            s.run("k create -n default deploy x --frob").text(),
            "error: unknown flag: --frob\nSee 'kubectl create deployment --help' for usage.\n"
        );
        assert_eq!(
            s.run("k create --frob").text(),
            "error: unknown flag: --frob\nSee 'kubectl create --help' for usage.\n"
        );
    }

    #[test]
    fn create_deployment_puts_the_port_on_the_first_container() {
        let mut s = Session::script(1);
        assert_eq!(s.run("k create deployment web --image=a --image=b --port=80").status, 0);
        let ports = s.run("k get deploy web -o jsonpath='{.spec.template.spec.containers[*].ports[*].containerPort}'");
        assert_eq!(ports.text(), "80");
        assert_eq!(s.run("k create deployment web2 --image=a --port=-1").status, 0);
        let ports =
            s.run("k get deploy web2 -o jsonpath='{.spec.template.spec.containers[0].ports}'");
        assert_eq!(ports.text(), "");
    }

    #[test]
    fn run_labels_are_parsed_like_kubectl_generate() {
        for (labels, err) in [
            ("a=b,c", "unexpected label spec: c"),
            ("a=b=c", "unexpected label spec: a=b=c"),
            ("=b", "unexpected empty label key"),
            ("", "no label spec passed"),
        ] {
            assert_eq!(parse_label_list(labels).unwrap_err().to_string(), format!("error: {err}"));
        }
    }
}
