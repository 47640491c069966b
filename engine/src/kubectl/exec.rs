//! `kubectl exec` (kubectl/pkg/cmd/exec/exec.go): a small, honest simulation of a few
//! commands in a running container: `env` and `printenv [VAR]` (what the runtime, the pod
//! spec and the kubelet put in the environment: pkg/kubelet/envvars/envvars.go
//! `FromServices`), `hostname`, `cat /etc/hostname`, `ls /` (a fixed root listing per image
//! family) and `echo`. There are no processes or files behind them, so anything else, and
//! interactive shells, are refused by name.

use crate::api::client::{self, Call, Refusal, Verb};
use crate::controllers::kubelet::{image_behaviour, parse_image, App, ImageBehaviour};
use crate::model::*;

use super::args::{self, flag, switch, FlagSpec};
use super::{Kubectl, KubectlError, Output};

pub(super) const EXEC_FLAGS: &[FlagSpec] = &[
    flag("namespace", Some('n')),
    flag("container", Some('c')),
    switch("stdin", Some('i')),
    switch("tty", Some('t')),
    switch("quiet", Some('q')),
    flag("pod-running-timeout", None),
    flag("filename", Some('f')),
];

/// The commands simulated, for the refusal.
const SIMULATED: &str = "env, printenv [VAR], hostname, cat /etc/hostname, ls /, echo";

pub fn exec(s: &mut Kubectl, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    // cobra's ArgsLenAtDash: what follows `--` is the command, flags and all.
    let dash = argv.iter().position(|w| w == "--");
    let (before, command) = match dash {
        Some(i) => (&argv[..i], Some(&argv[i + 1..])),
        None => (argv, None),
    };
    let a = args::parse(before, EXEC_FLAGS, "exec")?;
    if a.has("filename") {
        return Err(KubectlError::Plain(
            "kubeloop: there are no files here; name the pod as POD or TYPE/NAME".into(),
        ));
    }
    // Complete.
    let words = &a.positional;
    let command: Vec<String> = match command {
        Some(c) => c.to_vec(),
        None if words.len() > 1 => {
            return Err(KubectlError::Usage(
                "exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead\nSee 'kubectl exec -h' for help and examples".into(),
            ))
        }
        None => Vec::new(),
    };
    // Validate.
    let Some(target) = words.first() else {
        return Err(KubectlError::Usage("pod, type/name or --filename must be specified".into()));
    };
    if command.is_empty() {
        return Err(KubectlError::Usage(
            "you must specify at least one command for the container".into(),
        ));
    }
    let ns = a.get("namespace").unwrap_or("default").to_string();
    let quiet = a.bool("quiet", false)?;
    // Run.
    let pod = find_pod(s, &ns, target)?;
    if matches!(pod.status.phase, PodPhase::Succeeded | PodPhase::Failed) {
        return Err(KubectlError::Usage(format!(
            "cannot exec into a container in a completed pod; current phase is {}",
            pod.status.phase.as_str()
        )));
    }
    let container = match a.get("container") {
        Some(c) => c.to_string(),
        None => default_container(&pod, quiet, out),
    };
    let status = container_status(s, &pod, &container)?;
    run_command(s, &pod, &container, &status, &command, out)
}

/// podcmd `FindOrDefaultContainerByName` with no name: the default-container annotation,
/// else the first container, with a notice when there was a choice.
fn default_container(pod: &Pod, quiet: bool, out: &mut Output) -> String {
    if let Some(c) = pod.metadata.annotations.get("kubectl.kubernetes.io/default-container") {
        if pod.spec.containers.iter().any(|x| &x.name == c) {
            return c.clone();
        }
    }
    let names: Vec<&str> = pod.spec.containers.iter().map(|c| c.name.as_str()).collect();
    let first = names.first().copied().unwrap_or_default().to_string();
    if names.len() > 1 && !quiet {
        out.err(format!("Defaulted container {first:?} out of: {}\n", names.join(", ")));
    }
    first
}

/// POD, pod/NAME, or a workload whose selector picks the pod as polymorphichelpers
/// `AttachablePodForObjectFn` does: a GET of the object, then a list of the pods its
/// selector names, of which the most active one (`sort.Reverse(ActivePods)`).
fn find_pod(s: &mut Kubectl, ns: &str, target: &str) -> Result<Pod, KubectlError> {
    let (kind, name) = match target.split_once('/') {
        Some((ty, name)) => (super::resource::kind_of(ty)?, name),
        None => (Kind::Pod, target),
    };
    let selectable =
        [Kind::Pod, Kind::Deployment, Kind::ReplicaSet, Kind::ReplicationController, Kind::Service];
    if !selectable.contains(&kind) {
        return Err(KubectlError::Usage(format!(
            "cannot attach to *v1.{}: selector for *v1.{} not implemented",
            kind.as_str(),
            kind.as_str()
        )));
    }
    let selector = match client::get(s.api(), kind, ns, name)? {
        Object::Pod(p) => return Ok((*p).clone()),
        Object::Deployment(d) => d.spec.selector.clone(),
        Object::ReplicaSet(rs) => rs.spec.selector.clone(),
        Object::ReplicationController(rc) => rc.selector(),
        Object::Service(svc) => {
            if svc.spec.selector.is_empty() {
                return Err(KubectlError::Usage(format!(
                    "cannot attach to *v1.Service: invalid service '{name}': Service is defined without a selector"
                )));
            }
            LabelSelector { match_labels: svc.spec.selector.clone(), ..Default::default() }
        }
        other => {
            return Err(KubectlError::Usage(format!(
                "cannot attach to *v1.{}: selector for *v1.{} not implemented",
                other.kind().as_str(),
                other.kind().as_str()
            )))
        }
    };
    let selector = selector
        .try_to_selector()
        .map_err(|e| KubectlError::Usage(format!("invalid label selector: {e}")))?;
    let listed = client::list(s.api(), Kind::Pod, ns, Some(&selector.to_string()), None)?;
    let mut pods: Vec<Pod> = listed
        .into_iter()
        .filter_map(|o| match o {
            Object::Pod(p) => Some((*p).clone()),
            _ => None,
        })
        .collect();
    crate::sort::sort_by(&mut pods, most_active);
    // GetFirstPod waits --pod-running-timeout for one to appear; nothing appears meanwhile.
    pods.into_iter()
        .next()
        .ok_or_else(|| KubectlError::Usage("timed out waiting for the condition".into()))
}

/// podutils `ActivePods`, reversed: assigned, running, ready, ready longest, fewest
/// restarts, oldest first.
fn most_active(a: &Pod, b: &Pod) -> std::cmp::Ordering {
    let phase = |p: &Pod| match p.status.phase {
        PodPhase::Running => 0,
        PodPhase::Unknown => 1,
        _ => 2,
    };
    let ready_since = |p: &Pod| p.ready_since().map_or(i64::MAX, |t| t.millis());
    (a.node().is_none(), phase(a), !a.is_ready())
        .cmp(&(b.node().is_none(), phase(b), !b.is_ready()))
        .then_with(|| {
            if a.is_ready() {
                ready_since(a).cmp(&ready_since(b))
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .then_with(|| a.max_restarts().cmp(&b.max_restarts()))
        .then_with(|| a.metadata.creation_timestamp.cmp(&b.metadata.creation_timestamp))
}

/// The API server's checks before it proxies to the kubelet (pkg/registry/core/pod
/// `streamLocation`), then the kubelet's: the container must be running.
fn container_status(
    s: &mut Kubectl,
    pod: &Pod,
    container: &str,
) -> Result<ContainerStatus, KubectlError> {
    let name = &pod.metadata.name;
    // The API server's BadRequest (it answers these before it dials the kubelet).
    let bad_request = |message: String| {
        KubectlError::Server(Refusal {
            code: 400,
            reason: "BadRequest".into(),
            message,
            details: Box::default(),
        })
    };
    if !pod.spec.containers.iter().any(|c| c.name == container) {
        return Err(bad_request(format!("container {container} is not valid for pod {name}")));
    }
    let Some(node) = pod.node() else {
        return Err(bad_request(format!("pod {name} does not have a host assigned")));
    };
    if !kubelet_answers(s, node) {
        let ip = match client::get(s.api(), Kind::Node, "", node) {
            Ok(Object::Node(n)) => n
                .status
                .addresses
                .iter()
                .find(|a| a.type_ == "InternalIP")
                .map(|a| a.address.clone())
                .unwrap_or_default(),
            _ => String::new(),
        };
        return Err(KubectlError::Plain(format!(
            "Error from server: error dialing backend: dial tcp {ip}:10250: i/o timeout"
        )));
    }
    // The kubelet's streaming server finds only running containers (pkg/kubelet/server
    // getExec via the runtime): "container not found".
    pod.status
        .container_statuses
        .iter()
        .find(|c| c.name == container && c.state.running.is_some())
        .cloned()
        .ok_or_else(|| {
            KubectlError::Usage(format!(
                "unable to upgrade connection: container not found ({container:?})"
            ))
        })
}

/// Whether the node's kubelet would take the API server's call: the sandbox's `hosts`
/// resource says whether its machine is up. A server without that resource (a real cluster)
/// is taken to reach its kubelets; a host the sandbox has no machine for does not answer.
fn kubelet_answers(s: &mut Kubectl, node: &str) -> bool {
    let call = Call::extension(Verb::Get, "hosts", "", Some(node), None);
    match client::body(s.api(), &call) {
        Ok(host) => host.pointer("/spec/up").and_then(serde_json::Value::as_bool) == Some(true),
        // A missing host names itself in the Status's details; a missing route does not.
        Err(refusal) => !(refusal.is_not_found() && refusal.details.get("name").is_some()),
    }
}

/// What the image's filesystem looks like, for `ls /` and which commands exist.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Family {
    /// Debian-based official images; nginx adds its entrypoint.
    Debian {
        nginx: bool,
        redis: bool,
    },
    Alpine {
        nginx: bool,
    },
    Busybox,
    /// The pause image: one static binary, no shell or coreutils.
    Pause,
}

fn family(image: &str, app: App) -> Family {
    let r = parse_image(image).ok();
    let name = r.as_ref().map(|r| r.short_name().to_string()).unwrap_or_default();
    let alpine = r.as_ref().is_some_and(|r| r.tag.contains("alpine"));
    match (app, name.as_str()) {
        (App::Pause, _) => Family::Pause,
        (App::Nginx, _) if alpine => Family::Alpine { nginx: true },
        (App::Nginx, _) => Family::Debian { nginx: true, redis: false },
        (App::Httpd | App::Redis, _) if alpine => Family::Alpine { nginx: false },
        (App::Httpd, _) => Family::Debian { nginx: false, redis: false },
        (App::Redis, _) => Family::Debian { nginx: false, redis: true },
        (_, "alpine") => Family::Alpine { nginx: false },
        _ => Family::Busybox,
    }
}

fn root_listing(f: Family) -> Vec<&'static str> {
    let mut dirs: Vec<&str> = match f {
        Family::Debian { .. } => vec![
            "bin", "boot", "dev", "etc", "home", "lib", "lib64", "media", "mnt", "opt", "proc",
            "root", "run", "sbin", "srv", "sys", "tmp", "usr", "var",
        ],
        Family::Alpine { .. } => vec![
            "bin", "dev", "etc", "home", "lib", "media", "mnt", "opt", "proc", "root", "run",
            "sbin", "srv", "sys", "tmp", "usr", "var",
        ],
        Family::Busybox => vec![
            "bin", "dev", "etc", "home", "lib", "lib64", "proc", "root", "sys", "tmp", "usr", "var",
        ],
        Family::Pause => Vec::new(),
    };
    if matches!(f, Family::Debian { nginx: true, .. } | Family::Alpine { nginx: true }) {
        dirs.extend(["docker-entrypoint.d", "docker-entrypoint.sh"]);
    }
    if matches!(f, Family::Debian { redis: true, .. }) {
        dirs.push("data");
    }
    dirs.sort_unstable();
    dirs
}

fn run_command(
    s: &mut Kubectl,
    pod: &Pod,
    container: &str,
    status: &ContainerStatus,
    command: &[String],
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let app = match image_behaviour(&status.image) {
        ImageBehaviour::Runs(p) => p.app,
        _ => App::Sleep,
    };
    let fam = family(&status.image, app);
    let words: Vec<&str> = command.iter().map(String::as_str).collect();
    if fam == Family::Pause {
        // containerd's wording when the binary is missing, then kubectl's exit report.
        out.err(format!(
            "error: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec: OCI runtime exec failed: exec failed: unable to start container process: exec: {:?}: executable file not found in $PATH: unknown\n",
            words[0]
        ));
        return Ok(1);
    }
    let hostname = pod.spec.hostname.clone().unwrap_or_else(|| pod.metadata.name.clone());
    let hostname: String = hostname.chars().take(63).collect();
    match words.as_slice() {
        ["env"] | ["printenv"] => {
            for (k, v) in super::exec_env::environment(s, pod, container, status, &hostname) {
                out.out(format!("{k}={v}\n"));
            }
            Ok(0)
        }
        ["printenv", names @ ..] => {
            let env = super::exec_env::environment(s, pod, container, status, &hostname);
            let mut missing = false;
            for n in names {
                match env.iter().find(|(k, _)| k == n) {
                    Some((_, v)) => out.out(format!("{v}\n")),
                    None => missing = true,
                }
            }
            Ok(exit(missing.then_some(1), out))
        }
        ["hostname"] | ["cat", "/etc/hostname"] => {
            out.out(format!("{hostname}\n"));
            Ok(0)
        }
        ["ls", "/"] => {
            out.out(root_listing(fam).iter().map(|d| format!("{d}\n")).collect::<String>());
            Ok(0)
        }
        ["echo", rest @ ..] => {
            out.out(format!("{}\n", rest.join(" ")));
            Ok(0)
        }
        [program, ..] => Err(KubectlError::Plain(format!(
            "kubeloop: `kubectl exec` simulates only these commands: {SIMULATED} (not `{}`); there are no processes or files behind them",
            if words.len() == 1 { program.to_string() } else { words.join(" ") }
        ))),
        [] => Ok(0),
    }
}

/// kubectl's report of a remote command that failed: `command terminated with exit code N`.
fn exit(code: Option<i32>, out: &mut Output) -> i32 {
    match code {
        Some(c) => {
            out.err(format!("command terminated with exit code {c}\n"));
            c
        }
        None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Session;

    #[test]
    fn image_families_decide_the_root_listing() {
        assert!(root_listing(family("nginx:1.27", App::Nginx)).contains(&"docker-entrypoint.sh"));
        assert!(
            root_listing(family("nginx:1.27-alpine", App::Nginx)).contains(&"docker-entrypoint.d")
        );
        assert!(!root_listing(family("httpd:2.4", App::Httpd)).contains(&"docker-entrypoint.sh"));
        assert_eq!(family("busybox:sleep", App::Sleep), Family::Busybox);
        assert!(root_listing(family("registry.k8s.io/pause:3.10", App::Pause)).is_empty());
    }

    #[test]
    fn the_default_container_annotation_wins_without_a_notice() {
        let mut s = Session::script(3);
        let manifest = "k apply -f - <<EOF\napiVersion: v1\nkind: Pod\nmetadata:\n  name: two\n  annotations:\n    kubectl.kubernetes.io/default-container: side\nspec:\n  containers:\n  - name: app\n    image: busybox:sleep\n  - name: side\n    image: alpine:sleep\nEOF";
        assert_eq!(s.run(manifest).status, 0);
        s.run("settle");
        let out = s.run("k exec two -- printenv HOSTNAME");
        assert_eq!((out.status, out.text()), (0, "two\n".to_string()));
        assert!(s.run("k exec two -- ls /").text().contains("media"), "alpine's listing");
    }

    #[test]
    fn the_pause_image_has_no_commands() {
        let mut s = Session::script(3);
        s.run("k run p --image=registry.k8s.io/pause:3.10");
        s.run("settle");
        let out = s.run("k exec p -- env");
        assert_eq!(out.status, 1);
        assert!(out.text().contains("exec: \"env\": executable file not found in $PATH"));
    }
}
