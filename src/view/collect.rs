//! Engine objects to drawn items: kubectl's words for pod status, the random part of
//! generated names, the coarse phase colours key on (from the typed pod status). Geometry is left zero for `layout`.

use kubeloop::clock::Time;
use kubeloop::kubectl::printers::{job_status, pod_cells};
use kubeloop::model::{
    ContainerState, Job, Kind, Object, ObjectMeta, Pod, PodPhase, PodSpec, ReplicaSet,
};

use super::{ItemMeta, JobFigures, Phase, PodItem, Rect, RowFigures, RowItem, TopFigures, TopItem};
use crate::selection::ObjRef;

/// The length of the suffix `generateName` appends (the engine's `RANDOM_LENGTH`, as in
/// apiserver's `names.SimpleNameGenerator`).
const SUFFIX_LEN: usize = 5;

/// The annotation the Deployment controller numbers its ReplicaSets with.
const REVISION: &str = "deployment.kubernetes.io/revision";

pub(super) fn item_meta(kind: Kind, m: &ObjectMeta) -> ItemMeta {
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

/// The coarse phase of a pod, from its typed status rather than from printed text, so a
/// status reason the page has never seen still lands in the right colour. The order follows
/// kubectl's `printPod` (`pkg/printers/internalversion/printers.go`): a deleted pod that has
/// not finished is Terminating; a finished one keeps its outcome.
pub(super) fn pod_phase(pod: &Pod) -> Phase {
    let terminal = matches!(pod.status.phase, PodPhase::Succeeded | PodPhase::Failed);
    if pod.metadata.deletion_timestamp.is_some() && !terminal {
        return Phase::Terminating;
    }
    let containers = &pod.status.container_statuses;
    match pod.status.phase {
        PodPhase::Succeeded => Phase::Completed,
        PodPhase::Failed | PodPhase::Unknown => Phase::Failing,
        _ if containers.iter().any(|c| failing(&c.state)) => Phase::Failing,
        PodPhase::Pending if pod.node().is_none() => Phase::Pending,
        PodPhase::Running if !containers.is_empty() && containers.iter().all(|c| c.ready) => {
            Phase::Running
        }
        // Started, but a readiness probe (or a container still starting) holds it back:
        // kubectl says Running, the endpoints controller leaves it out.
        PodPhase::Running if containers.iter().any(|c| c.state.running.is_some()) => Phase::Unready,
        // Scheduled and starting.
        PodPhase::Pending | PodPhase::Running => Phase::Creating,
    }
}

/// A container that is stuck or stopped with an error. The kubelet's only waiting reasons
/// that mean "on the way" are ContainerCreating and PodInitializing
/// (`pkg/kubelet/kuberuntime/kuberuntime_container.go`); every other one (ErrImagePull,
/// ImagePullBackOff, CrashLoopBackOff, CreateContainerConfigError, ...) is a failure.
fn failing(state: &ContainerState) -> bool {
    let waiting_badly = state.waiting.as_ref().is_some_and(|w| {
        !matches!(w.reason.as_deref(), None | Some("ContainerCreating" | "PodInitializing"))
    });
    let exited_badly = state.terminated.as_ref().is_some_and(|t| t.exit_code != 0);
    waiting_badly || exited_badly
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
        phase: pod_phase(pod),
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
pub(super) fn replicaset_item(rs: &ReplicaSet) -> RowItem {
    RowItem {
        meta: item_meta(Kind::ReplicaSet, &rs.metadata),
        figures: RowFigures::ReplicaSet {
            desired: rs.spec.replicas,
            current: rs.status.replicas,
            ready: rs.status.ready_replicas,
            revision: rs.metadata.annotations.get(REVISION).cloned(),
        },
        collapsed: false,
        scaled_back: None,
    }
}

/// A Job under its CronJob.
pub(super) fn job_row(job: &Job) -> RowItem {
    RowItem {
        meta: item_meta(Kind::Job, &job.metadata),
        figures: RowFigures::Job(job_figures(job)),
        collapsed: false,
        scaled_back: None,
    }
}

fn job_figures(job: &Job) -> JobFigures {
    JobFigures {
        status: job_status(job),
        succeeded: job.status.succeeded,
        completions: job.spec.completions,
        active: job.status.active,
        failed: job.status.failed,
    }
}

fn images(spec: &PodSpec) -> Vec<String> {
    spec.containers.iter().map(|c| c.image.clone()).collect()
}

/// The top box of any tree, from the object at its top.
pub(super) fn top_item(obj: &Object) -> Option<TopItem> {
    let (meta, figures, spec) = match obj {
        Object::Deployment(d) => (
            item_meta(Kind::Deployment, &d.metadata),
            TopFigures::Deployment {
                ready: d.status.ready_replicas,
                replicas: d.spec.replicas,
                up_to_date: d.status.updated_replicas,
                available: d.status.available_replicas,
                paused: d.spec.paused,
            },
            &d.spec.template.spec,
        ),
        Object::DaemonSet(ds) => (
            item_meta(Kind::DaemonSet, &ds.metadata),
            TopFigures::DaemonSet {
                desired: ds.status.desired_number_scheduled,
                ready: ds.status.number_ready,
                up_to_date: ds.status.updated_number_scheduled,
                available: ds.status.number_available,
            },
            &ds.spec.template.spec,
        ),
        Object::StatefulSet(sts) => {
            let strategy = &sts.spec.update_strategy;
            let partition = strategy.rolling_update.as_ref().map_or(0, |r| r.partition);
            (
                item_meta(Kind::StatefulSet, &sts.metadata),
                TopFigures::StatefulSet {
                    ready: sts.status.ready_replicas,
                    replicas: sts.spec.replicas,
                    updated: sts.status.updated_replicas,
                    partition,
                    ordered: sts.spec.pod_management_policy == "OrderedReady",
                },
                &sts.spec.template.spec,
            )
        }
        Object::ReplicationController(rc) => (
            item_meta(Kind::ReplicationController, &rc.metadata),
            TopFigures::ReplicationController {
                desired: rc.replicas(),
                current: rc.status.replicas,
                ready: rc.status.ready_replicas,
            },
            match &rc.spec.template {
                Some(t) => &t.spec,
                None => return None,
            },
        ),
        Object::Job(j) => (
            item_meta(Kind::Job, &j.metadata),
            TopFigures::Job(job_figures(j)),
            &j.spec.template.spec,
        ),
        Object::CronJob(cj) => (
            item_meta(Kind::CronJob, &cj.metadata),
            TopFigures::CronJob {
                schedule: cj.spec.schedule.clone(),
                suspend: cj.spec.suspend,
                active: cj.status.active.len(),
                time_zone: cj.spec.time_zone.clone(),
            },
            &cj.spec.job_template.spec.template.spec,
        ),
        _ => return None,
    };
    Some(TopItem { meta, figures, images: images(spec) })
}

impl TopItem {
    /// The box a tree whose top object is gone holds in its place.
    pub(super) fn gone(meta: ItemMeta) -> TopItem {
        let figures = match meta.target.kind {
            Kind::DaemonSet => {
                TopFigures::DaemonSet { desired: 0, ready: 0, up_to_date: 0, available: 0 }
            }
            Kind::StatefulSet => TopFigures::StatefulSet {
                ready: 0,
                replicas: 0,
                updated: 0,
                partition: 0,
                ordered: true,
            },
            Kind::ReplicationController => {
                TopFigures::ReplicationController { desired: 0, current: 0, ready: 0 }
            }
            Kind::Job => TopFigures::Job(JobFigures {
                status: "Terminating",
                succeeded: 0,
                completions: None,
                active: 0,
                failed: 0,
            }),
            Kind::CronJob => TopFigures::CronJob {
                schedule: String::new(),
                suspend: false,
                active: 0,
                time_zone: None,
            },
            _ => TopFigures::Deployment {
                ready: 0,
                replicas: 0,
                up_to_date: 0,
                available: 0,
                paused: false,
            },
        };
        TopItem { meta, figures, images: Vec::new() }
    }
}

impl RowItem {
    /// The box a row whose object is gone holds in its place.
    pub(super) fn gone(meta: ItemMeta) -> RowItem {
        let figures = match meta.target.kind {
            Kind::Job => RowFigures::Job(JobFigures {
                status: "Terminating",
                succeeded: 0,
                completions: None,
                active: 0,
                failed: 0,
            }),
            _ => RowFigures::ReplicaSet { desired: 0, current: 0, ready: 0, revision: None },
        };
        RowItem { meta, figures, collapsed: false, scaled_back: None }
    }
}
