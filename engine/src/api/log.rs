//! A container's log, as the kubelet serves it from the runtime's log file and the API server
//! relays it (the `pods/log` subresource; `kubectl logs` reads the same lines). The lines are
//! what the image's program writes (`controllers::kubelet::output`), derived from the
//! container's history in the pod status, so they are the same for the same seed and
//! commands.
//!
//! Models pkg/registry/core/pod/rest/log.go (which container, the kubelet's
//! `GetContainerLogs`) and the kubelet's `validateContainerLogStatus`
//! (pkg/kubelet/kubelet_pods.go) for the refusals the API server relays as BadRequest.

use crate::clock::Time;
use crate::controllers::kubelet::{image_behaviour, program_output, ImageBehaviour, Instance};
use crate::model::{Container, ContainerStatus, Kind, Pod};
use crate::store::ApiError;
use crate::world::World;

/// Which container instance a request reads: the pod by namespace, name and UID (a pod
/// recreated under the same name is another pod), the container, and whether the instance
/// before the current one is asked for (`previous`).
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    pub ns: String,
    pub pod: String,
    pub uid: String,
    pub container: String,
    pub previous: bool,
}

/// A container's log as the API's `pods/log` subresource serves it: the container named, or
/// the pod's only one (pkg/registry/core/pod/rest/log.go, the kubelet's `GetContainerLogs`).
pub fn pod_log(
    world: &World,
    ns: &str,
    pod: &str,
    container: Option<&str>,
    previous: bool,
) -> Result<Vec<(Time, String)>, ApiError> {
    let Some(p) = world.store.get::<Pod>(ns, pod) else {
        return Err(ApiError::NotFound { kind: Kind::Pod, name: pod.into() });
    };
    let container = match container {
        Some(c) => c.to_string(),
        None => match p.spec.containers.as_slice() {
            [only] => only.name.clone(),
            all => {
                let names: Vec<&str> = all.iter().map(|c| c.name.as_str()).collect();
                return Err(ApiError::BadRequest {
                    message: format!(
                        "a container name must be specified for pod {pod}, choose one of: [{}]",
                        names.join(" ")
                    ),
                });
            }
        },
    };
    if !p.spec.containers.iter().any(|c| c.name == container) {
        return Err(ApiError::BadRequest {
            message: format!("container {container} is not valid for pod {pod}"),
        });
    }
    let t =
        Target { ns: ns.into(), pod: pod.into(), uid: p.metadata.uid.clone(), container, previous };
    read(world, &t)
}

/// The lines of the instance `t` names, or the kubelet's refusal; NotFound when the pod of
/// that UID is gone.
pub fn read(world: &World, t: &Target) -> Result<Vec<(Time, String)>, ApiError> {
    let pod = world.store.get::<Pod>(&t.ns, &t.pod).filter(|p| p.metadata.uid == t.uid);
    let Some(pod) = pod else {
        return Err(ApiError::NotFound { kind: Kind::Pod, name: t.pod.clone() });
    };
    // An unscheduled pod has no kubelet to ask: the API server streams nothing.
    let Some(node) = pod.node() else { return Ok(Vec::new()) };
    if world.hosts.get(node).is_some_and(|h| !h.up) {
        let node_obj = world.store.get::<crate::model::Node>("", node);
        let ip = node_obj.and_then(|n| n.internal_ip()).unwrap_or(node).to_string();
        return Err(bad_request(format!(
            "Get \"https://{ip}:10250/containerLogs/{}/{}/{}\": dial tcp {ip}:10250: connect: no route to host",
            t.ns, t.pod, t.container
        )));
    }
    let spec = pod.spec.containers.iter().find(|c| c.name == t.container);
    let status = pod.status.container_statuses.iter().find(|s| s.name == t.container);
    let (Some(spec), Some(status)) = (spec, status) else {
        return Err(bad_request(format!(
            "container {:?} in pod {:?} is waiting to start: ContainerCreating",
            t.container, t.pod
        )));
    };
    let instance = instance_of(pod, status, t)?;
    let Some((start, end)) = instance else { return Ok(Vec::new()) };
    Ok(output_of(world, pod, spec, start, end, None).unwrap_or_default())
}

/// `validateContainerLogStatus`: which instance's log is read, as start and end.
#[allow(clippy::type_complexity)]
pub fn instance_of(
    pod: &Pod,
    s: &ContainerStatus,
    t: &Target,
) -> Result<Option<(Time, Option<(Time, i32)>)>, ApiError> {
    let ended = |term: &crate::model::StateTerminated| {
        term.started_at.map(|st| (st, term.finished_at.map(|f| (f, term.exit_code))))
    };
    let name = &pod.metadata.name;
    if t.previous {
        return match s.last_state.terminated.as_ref().filter(|l| l.container_id.is_some()) {
            Some(term) => Ok(ended(term)),
            None => Err(bad_request(format!(
                "previous terminated container {:?} in pod {name:?} not found",
                t.container
            ))),
        };
    }
    if let Some(r) = &s.state.running {
        return Ok(r.started_at.map(|st| (st, None)));
    }
    if let Some(term) = s.state.terminated.as_ref().or(s.last_state.terminated.as_ref()) {
        return Ok(ended(term));
    }
    let reason = s.state.waiting.as_ref().and_then(|w| w.reason.clone()).unwrap_or_default();
    let why = match reason.as_str() {
        "ErrImagePull" => "image can't be pulled".to_string(),
        "ImagePullBackOff" => "trying and failing to pull image".to_string(),
        "" => {
            return Err(bad_request(format!(
                "container {:?} in pod {name:?} is waiting to start - no logs yet",
                t.container
            )))
        }
        other => other.to_string(),
    };
    Err(bad_request(format!(
        "container {:?} in pod {name:?} is waiting to start: {why}",
        t.container
    )))
}

/// What a container started at `start` (and ended at `end`) has printed by now, after
/// `printed` when given (`kubectl logs -f` reads on from there); `None` for an image that
/// runs no program.
pub fn output_of(
    world: &World,
    pod: &Pod,
    spec: &Container,
    start: Time,
    end: Option<(Time, i32)>,
    printed: Option<Time>,
) -> Option<Vec<(Time, String)>> {
    let ImageBehaviour::Runs(program) = image_behaviour(&spec.image) else { return None };
    let inst = Instance {
        app: program.app,
        container: spec,
        pod: Some(pod),
        pod_ip: pod.status.pod_ip.as_deref().unwrap_or(""),
        start,
        end,
        upto: world.now(),
    };
    Some(program_output(&inst, printed))
}

fn bad_request(message: String) -> ApiError {
    ApiError::BadRequest { message }
}

/// A line as the log serves it, with `timestamps` its RFC 3339 nanosecond stamp first.
pub fn stamped(t: Time, line: &str, stamps: bool) -> String {
    if stamps {
        // RFC3339Nano as the runtime's log file records it.
        let rfc = t.to_string();
        let base = rfc.trim_end_matches('Z');
        format!("{base}.{:03}000000Z {line}\n", t.millis().rem_euclid(1000))
    } else {
        format!("{line}\n")
    }
}
