//! Engine objects to drawn items: kubectl's words for pod status, the random part of
//! generated names, the coarse phase colours key on. Geometry is left zero for `layout`.

use kubeloop::clock::Time;
use kubeloop::kubectl::printers::pod_cells;
use kubeloop::model::{Deployment, Kind, ObjectMeta, Pod, ReplicaSet};

use super::{DeploymentItem, ItemMeta, Phase, PodItem, Rect, ReplicaSetItem};
use crate::selection::ObjRef;

/// The length of the suffix `generateName` appends (the engine's `RANDOM_LENGTH`, as in
/// apiserver's `names.SimpleNameGenerator`).
const SUFFIX_LEN: usize = 5;

/// The annotation the Deployment controller numbers its ReplicaSets with.
const REVISION: &str = "deployment.kubernetes.io/revision";

fn item_meta(kind: Kind, m: &ObjectMeta) -> ItemMeta {
    ItemMeta {
        uid: m.uid.clone(),
        target: ObjRef::new(kind, &m.namespace, &m.name),
        rect: Rect::default(),
        deleting: m.deletion_timestamp.is_some(),
        finalizers: m.finalizers.clone(),
        vanishing: false,
        gone: false,
    }
}

/// Splits a generated name into the `generateName` base and the random suffix. The engine
/// may shorten a long base before appending, so the test is "what precedes the last five
/// characters is a prefix of generateName".
pub(super) fn split_name<'a>(name: &'a str, generate_name: &str) -> (&'a str, &'a str) {
    if generate_name.is_empty() || name.len() <= SUFFIX_LEN {
        return (name, "");
    }
    let cut = name.len() - SUFFIX_LEN;
    if name.is_char_boundary(cut) && cut > 0 && generate_name.starts_with(&name[..cut]) {
        (&name[..cut], &name[cut..])
    } else {
        (name, "")
    }
}

/// The coarse phase of a pod, from kubectl's STATUS text.
pub(super) fn phase_of(status: &str, deleting: bool) -> Phase {
    match status {
        "Terminating" => Phase::Terminating,
        "Running" => Phase::Running,
        "ContainerCreating" | "PodInitializing" | "Pulling" | "NotReady" => Phase::Creating,
        "Pending" | "SchedulingGated" => Phase::Pending,
        "Completed" | "Succeeded" => Phase::Completed,
        // A pod on a lost node that is being deleted prints `Unknown`.
        _ if deleting => Phase::Terminating,
        // ErrImagePull, ImagePullBackOff, CrashLoopBackOff, Error, InvalidImageName,
        // ExitCode:N, Signal:N, Failed, Unknown.
        _ => Phase::Failing,
    }
}

/// Only the phase, for pods that are summarised rather than drawn.
pub(super) fn pod_phase(pod: &Pod, now: Time) -> Phase {
    phase_of(&pod_cells(pod, now).status, pod.metadata.deletion_timestamp.is_some())
}

pub(super) fn pod_item(pod: &Pod, now: Time) -> PodItem {
    let m = &pod.metadata;
    let cells = pod_cells(pod, now);
    let (prefix, suffix) = split_name(&m.name, &m.generate_name);
    let deleting = m.deletion_timestamp.is_some();
    PodItem {
        meta: item_meta(Kind::Pod, m),
        name_prefix: prefix.to_string(),
        name_suffix: suffix.to_string(),
        phase: phase_of(&cells.status, deleting),
        status: cells.status,
        ready: cells.ready,
        // Without kubectl's "(5s ago)": the view only changes when the store does.
        restarts: cells.restarts.split(" (").next().unwrap_or_default().to_string(),
        node: pod.node().map(str::to_string),
        terminating: deleting,
        slot: 0,
    }
}

/// `collapsed` is decided later, once the pods of the row are known.
pub(super) fn replicaset_item(rs: &ReplicaSet) -> ReplicaSetItem {
    ReplicaSetItem {
        meta: item_meta(Kind::ReplicaSet, &rs.metadata),
        desired: rs.spec.replicas,
        current: rs.status.replicas,
        ready: rs.status.ready_replicas,
        revision: rs.metadata.annotations.get(REVISION).cloned(),
        collapsed: false,
    }
}

pub(super) fn deployment_item(d: &Deployment) -> DeploymentItem {
    DeploymentItem {
        meta: item_meta(Kind::Deployment, &d.metadata),
        ready: format!("{}/{}", d.status.ready_replicas, d.spec.replicas),
        up_to_date: d.status.updated_replicas,
        available: d.status.available_replicas,
        images: d.spec.template.spec.containers.iter().map(|c| c.image.clone()).collect(),
        paused: d.spec.paused,
    }
}
