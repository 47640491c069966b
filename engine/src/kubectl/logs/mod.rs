//! `kubectl logs`: a container's output, as the kubelet serves it from the runtime's log
//! file (`crate::api::log` derives the lines and the kubelet's refusals). `-c`, `--all-containers`, `-p`/`--previous`, `--tail`, `--timestamps`,
//! `-f`, and `deploy/NAME` / `rs/NAME` (one pod chosen as kubectl chooses it).
//!
//! Models staging/src/k8s.io/kubectl/pkg/cmd/logs/logs.go (flags, `Complete`, `Validate`),
//! polymorphichelpers/logsforobject.go (`Defaulted container`, `Found N pods, using pod/X`),
//! and pkg/kubectl/util/podutils `ByLogging`.

use crate::api::client::Api;
use crate::api::log::{self, stamped, Target};
use crate::clock::Time;
use crate::labels::selector::Selector;
use crate::model::{Deployment, Pod, PodPhase, ReplicaSet};
use crate::store::ApiError;
use crate::world::World;

use super::args::{self, flag, switch, FlagSpec};
use super::resource::split_type_name;
mod follow;

pub use follow::LogsFollow;

use super::waiting;
use super::{KubectlError, Output, Session};

const LOGS_FLAGS: &[FlagSpec] = &[
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
    s: &mut Session,
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
    let pod = find_pod(&s.world, &ns, &resource, out)?;
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
    let mut printed = None;
    for name in chosen {
        let target = Target {
            ns: ns.clone(),
            pod: pod.metadata.name.clone(),
            uid: pod.metadata.uid.clone(),
            container: name,
            previous,
        };
        let lines = read(&s.world, &target)?;
        let skip = tail.map_or(0, |n| lines.len().saturating_sub(n));
        for (t, line) in &lines[skip..] {
            out.out(stamped(*t, line, stamps));
        }
        printed = printed.max(lines.last().map(|(t, _)| *t));
        followed.push(target);
    }
    // `-f` follows the streams until their containers stop; `--previous` has ended.
    match followed {
        targets if follow && !previous && !targets.is_empty() => {
            let now = s.now();
            let printed = printed.unwrap_or(now).max(now);
            let op =
                LogsFollow::new(targets, printed, stamps, limit_ms.map(|ms| now.plus_millis(ms)));
            // A script follows until the container stops, the `timeout`, or the cluster has
            // settled (as `get -w` in a script does).
            Ok(waiting::begin(s, Box::new(op), to_completion, out))
        }
        _ => Ok(0),
    }
}

/// POD, pod/NAME, or a workload whose selector picks the pod (`SelectorsForObject`).
fn find_pod(world: &World, ns: &str, arg: &str, out: &mut Output) -> Result<Pod, KubectlError> {
    let not_found = |e: ApiError| {
        KubectlError::Usage(format!(
            "error from server (NotFound): {} in namespace {ns:?}",
            e.status_message()
        ))
    };
    let (kind, name) = match split_type_name(arg)? {
        Some((ty, name)) => (super::resource::kind_of(ty)?, name),
        None => (crate::model::Kind::Pod, arg),
    };
    let selector = match kind {
        crate::model::Kind::Pod => {
            return world
                .store
                .get::<Pod>(ns, name)
                .cloned()
                .ok_or_else(|| not_found(ApiError::NotFound { kind, name: name.into() }))
        }
        crate::model::Kind::Deployment => match world.store.get::<Deployment>(ns, name) {
            Some(d) => d.spec.selector.clone(),
            None => return Err(not_found(ApiError::NotFound { kind, name: name.into() })),
        },
        crate::model::Kind::ReplicaSet => match world.store.get::<ReplicaSet>(ns, name) {
            Some(r) => r.spec.selector.clone(),
            None => return Err(not_found(ApiError::NotFound { kind, name: name.into() })),
        },
        crate::model::Kind::Job => match world.store.get::<crate::model::Job>(ns, name) {
            Some(j) => j.spec.selector.clone().unwrap_or_default(),
            None => return Err(not_found(ApiError::NotFound { kind, name: name.into() })),
        },
        // polymorphichelpers' SelectorsForObject: a Service's pods are its selector's.
        crate::model::Kind::Service => match world.store.get::<crate::model::Service>(ns, name) {
            Some(s) if s.spec.selector.is_empty() => {
                return Err(KubectlError::Usage(format!(
                    "cannot attach to *v1.Service: invalid service '{name}': Service is defined without a selector"
                )))
            }
            Some(s) => crate::model::LabelSelector {
                match_labels: s.spec.selector.clone(),
                ..Default::default()
            },
            None => return Err(not_found(ApiError::NotFound { kind, name: name.into() })),
        },
        other => {
            return Err(KubectlError::Usage(format!(
                "cannot get the logs from *v1.{}: selector for *v1.{} not implemented",
                other.as_str(),
                other.as_str()
            )))
        }
    };
    let selector: Selector = selector.try_to_selector().map_err(|e| {
        KubectlError::Usage(format!(
            "cannot get the logs from {kind:?}: invalid label selector: {e}"
        ))
    })?;
    let mut pods: Vec<&Pod> = world
        .store
        .list::<Pod>(Some(ns), None)
        .filter(|p| selector.matches(&p.metadata.labels))
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

/// The lines of the instance `t` names, or the kubelet's refusal (relayed as a BadRequest);
/// kubectl words a pod that is gone as a usage error.
fn read(world: &World, t: &Target) -> Result<Vec<(Time, String)>, KubectlError> {
    log::read(world, t).map_err(|e| match e {
        ApiError::NotFound { .. } => KubectlError::Usage(format!("pods {:?} not found", t.pod)),
        e => KubectlError::Api(e),
    })
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
