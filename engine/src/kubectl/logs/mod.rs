//! `kubectl logs`: a container's output, as the kubelet serves it from the runtime's log
//! file and the API server relays it (`pods/log`; `crate::api::log` derives the lines and
//! the kubelet's refusals). The pod, or the workload whose selector picks it, is read
//! through the API as the builder and `SelectorsForObject` read them. `-c`, `--all-containers`, `-p`/`--previous`, `--tail`, `--timestamps`,
//! `-f`, and `deploy/NAME` / `rs/NAME` (one pod chosen as kubectl chooses it).
//!
//! Models staging/src/k8s.io/kubectl/pkg/cmd/logs/logs.go (flags, `Complete`, `Validate`),
//! polymorphichelpers/logsforobject.go (`Defaulted container`, `Found N pods, using pod/X`),
//! and pkg/kubectl/util/podutils `ByLogging`.

use crate::api::client::{self, Api, Call, Refusal};
use crate::api::log::Target;
use crate::clock::Time;
use crate::labels::selector::Selector;
use crate::model::{Kind, Object, Pod, PodPhase};

use super::args::{self, flag, switch, FlagSpec};
use super::resource::split_type_name;
mod follow;

pub use follow::LogsFollow;

use super::waiting;
use super::{Kubectl, KubectlError, Output};

pub(super) const LOGS_FLAGS: &[FlagSpec] = &[
    flag("namespace", Some('n')),
    flag("container", Some('c')),
    switch("previous", Some('p')),
    switch("follow", Some('f')),
    switch("all-containers", None),
    switch("timestamps", None),
    flag("tail", None),
];

const USAGE: &str = "expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command\nSee 'kubectl logs -h' for help and examples";

pub fn logs(
    s: &mut Kubectl,
    argv: &[String],
    to_completion: bool,
    limit_ms: Option<i64>,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let a = args::parse(argv, LOGS_FLAGS, "logs")?;
    let (resource, inline_container) = match a.positional.as_slice() {
        [r] => (r.clone(), None),
        [r, c] => (r.clone(), Some(c.clone())),
        _ => return Err(KubectlError::Usage(USAGE.into())),
    };
    let ns = a.get("namespace").unwrap_or("default").to_string();
    let all = a.bool("all-containers", false)?;
    let previous = a.bool("previous", false)?;
    let follow = a.bool("follow", false)?;
    let stamps = a.bool("timestamps", false)?;
    let tail = match a.get("tail") {
        None => None,
        Some(t) => match t.parse::<i64>() {
            Ok(n) if n < -1 => {
                return Err(KubectlError::Usage("--tail must be greater than or equal to -1".into()))
            }
            Ok(-1) => None,
            Ok(n) => Some(n as usize),
            Err(_) => {
                return Err(KubectlError::Usage(format!(
                    "invalid argument {t:?} for \"--tail\" flag: strconv.ParseInt: parsing {t:?}: invalid syntax"
                )))
            }
        },
    };
    let mut container = a.get("container").map(str::to_string);
    if let Some(c) = inline_container {
        if container.is_some() {
            return Err(KubectlError::Usage(
                "only one of -c or an inline [CONTAINER] arg is allowed".into(),
            ));
        }
        container = Some(c);
    }
    if let (true, Some(c)) = (all, &container) {
        return Err(KubectlError::Usage(format!(
            "--all-containers=true should not be specified with container name {c}"
        )));
    }
    let pod = find_pod(s, &ns, &resource, out)?;
    let names: Vec<&str> = pod.spec.containers.iter().map(|c| c.name.as_str()).collect();
    let chosen: Vec<String> = if all {
        names.iter().map(|n| n.to_string()).collect()
    } else {
        let name = match container {
            Some(c) => c,
            None => {
                let first = names.first().copied().unwrap_or_default().to_string();
                if names.len() > 1 {
                    out.err(format!(
                        "Defaulted container {first:?} out of: {}\n",
                        names.join(", ")
                    ));
                }
                first
            }
        };
        if !names.contains(&name.as_str()) {
            return Err(KubectlError::Usage(format!(
                "container {name} is not valid for pod {}",
                pod.metadata.name
            )));
        }
        vec![name]
    };
    let mut followed = Vec::new();
    for name in chosen {
        let target = Target {
            ns: ns.clone(),
            pod: pod.metadata.name.clone(),
            uid: pod.metadata.uid.clone(),
            container: name,
            previous,
        };
        out.out(read(s, &target, tail, stamps)?);
        followed.push(target);
    }
    // `-f` follows the streams until their containers stop; `--previous` has ended.
    match followed {
        targets if follow && !previous && !targets.is_empty() => {
            // What was read is everything up to now; the stream goes on from there.
            let now = s.now();
            let op = LogsFollow::new(targets, now, stamps, limit_ms.map(|ms| now.plus_millis(ms)));
            // A script follows until the container stops, the `timeout`, or the cluster has
            // settled (as `get -w` in a script does).
            Ok(waiting::begin(s, Box::new(op), to_completion, out))
        }
        _ => Ok(0),
    }
}

/// POD, pod/NAME, or a workload whose selector picks the pod (`SelectorsForObject`): the
/// builder's GET, then for a workload a list of its namespace's pods by that selector.
fn find_pod(s: &mut Kubectl, ns: &str, arg: &str, out: &mut Output) -> Result<Pod, KubectlError> {
    let not_found = |r: Refusal| match r.is_not_found() {
        true => KubectlError::Usage(format!(
            "error from server (NotFound): {} in namespace {ns:?}",
            r.message
        )),
        false => KubectlError::Server(r),
    };
    let (kind, name) = match split_type_name(arg)? {
        Some((ty, name)) => (super::resource::kind_of(ty)?, name),
        None => (Kind::Pod, arg),
    };
    let selectable = [
        Kind::Pod,
        Kind::Deployment,
        Kind::ReplicaSet,
        Kind::ReplicationController,
        Kind::Job,
        Kind::Service,
    ];
    if !selectable.contains(&kind) {
        return Err(KubectlError::Usage(format!(
            "cannot get the logs from *v1.{}: selector for *v1.{} not implemented",
            kind.as_str(),
            kind.as_str()
        )));
    }
    let selector = match client::get(s.api(), kind, ns, name).map_err(not_found)? {
        Object::Pod(p) => return Ok((*p).clone()),
        Object::Deployment(d) => d.spec.selector.clone(),
        Object::ReplicaSet(r) => r.spec.selector.clone(),
        Object::ReplicationController(rc) => rc.selector(),
        Object::Job(j) => j.spec.selector.clone().unwrap_or_default(),
        // polymorphichelpers' SelectorsForObject: a Service's pods are its selector's.
        Object::Service(svc) if svc.spec.selector.is_empty() => {
            return Err(KubectlError::Usage(format!(
                "cannot attach to *v1.Service: invalid service '{name}': Service is defined without a selector"
            )))
        }
        Object::Service(svc) => crate::model::LabelSelector {
            match_labels: svc.spec.selector.clone(),
            ..Default::default()
        },
        other => return Err(not_found(Refusal::not_found(other.kind(), name))),
    };
    let selector: Selector = selector.try_to_selector().map_err(|e| {
        KubectlError::Usage(format!(
            "cannot get the logs from {kind:?}: invalid label selector: {e}"
        ))
    })?;
    let listed = client::list(s.api(), Kind::Pod, ns, Some(&selector.to_string()), None)?;
    let mut pods: Vec<&Pod> = listed
        .iter()
        .filter_map(|o| match o {
            Object::Pod(p) => Some(&**p),
            _ => None,
        })
        .collect();
    if pods.is_empty() {
        return Err(KubectlError::Usage("timed out waiting for the condition".into()));
    }
    crate::sort::sort_by(&mut pods, |a, b| by_logging(a, b));
    if pods.len() > 1 {
        out.err(format!("Found {} pods, using pod/{}\n", pods.len(), pods[0].metadata.name));
    }
    Ok(pods[0].clone())
}

/// podutils `ByLogging`: assigned, running, ready, ready longest, most restarts, oldest.
fn by_logging(a: &Pod, b: &Pod) -> std::cmp::Ordering {
    let phase = |p: &Pod| match p.status.phase {
        PodPhase::Unknown => 1,
        PodPhase::Pending => 2,
        _ => 0,
    };
    let ready_since = |p: &Pod| p.ready_since().map_or(i64::MAX, Time::millis);
    (a.node().is_none(), phase(a), !a.is_ready())
        .cmp(&(b.node().is_none(), phase(b), !b.is_ready()))
        .then_with(|| {
            if a.is_ready() {
                ready_since(a).cmp(&ready_since(b))
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .then_with(|| b.max_restarts().cmp(&a.max_restarts()))
        .then_with(|| a.metadata.creation_timestamp.cmp(&b.metadata.creation_timestamp))
}

/// The `pods/log` GET of the instance `t` names, as logs.go's `LogsForObject` request
/// sends it (container, previous, tailLines, timestamps), and the text it answers. The
/// kubelet's refusals come relayed as BadRequest; kubectl words a pod that is gone as a
/// usage error.
fn read(
    s: &mut Kubectl,
    t: &Target,
    tail: Option<usize>,
    stamps: bool,
) -> Result<String, KubectlError> {
    let mut call = Call::get(Kind::Pod, &t.ns, &t.pod).sub("log");
    call.query.push(("container".into(), t.container.clone()));
    if t.previous {
        call.query.push(("previous".into(), "true".into()));
    }
    if let Some(n) = tail {
        call.query.push(("tailLines".into(), n.to_string()));
    }
    if stamps {
        call.query.push(("timestamps".into(), "true".into()));
    }
    let answer = s.api().send(&call);
    if !(200..300).contains(&answer.code) {
        let refusal = Refusal::of(&answer);
        return Err(match refusal.is_not_found() {
            true => KubectlError::Usage(format!("pods {:?} not found", t.pod)),
            false => KubectlError::Server(refusal),
        });
    }
    Ok(answer.body.as_str().unwrap_or_default().to_string())
}

impl waiting::Wait for LogsFollow {
    fn poll(&mut self, api: &mut dyn Api, now: Time, out: &mut Output) -> Option<i32> {
        LogsFollow::poll(self, api, now, out)
    }

    fn describe(&self) -> String {
        LogsFollow::describe(self)
    }

    /// `logs -f`, like `-w`, streams until stopped.
    fn streams(&self) -> bool {
        true
    }

    /// Ctrl+C, or a script's cluster settling: what was written up to now is printed.
    fn interrupt(&mut self, api: &mut dyn Api, now: Time, out: &mut Output) {
        LogsFollow::poll(self, api, now, out);
    }
}

#[cfg(test)]
mod tests;
