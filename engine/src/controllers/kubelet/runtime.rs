//! What the kubelet keeps in memory for each pod it runs: the containers as the container
//! runtime holds them, the next time each needs attention, and their back-off entries. Also
//! how that becomes `status.containerStatuses`. It writes nothing to the store and emits no
//! events; `mod.rs` drives the transitions.
//!
//! The state can always be rebuilt from the pod's status (`PodRuntime::from_status`), so a
//! restarted kubelet carries on where the old one stopped: level-triggered, not remembered.

use std::rc::Rc;

use crate::clock::Time;
use crate::controllers::Wait;
use crate::model::{ContainerId, ContainerState, ContainerStatus, Pod, StateTerminated};

pub use super::backoff::{Backoff, BACKOFF_INITIAL_MS, BACKOFF_MAX_MS};
use super::command::container_behaviour;
use super::images::{container_digest, image_id, ImageBehaviour};
use super::prober::Worker;

/// How soon the kubelet notices a container exited or a pull failed and syncs the pod again
/// (the PLEG relist period).
pub const SYNC_MS: i64 = 1_000;

/// Where a container is in its life.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// Seen, nothing done yet.
    New,
    /// Pulling (or, when `cached`, checking) the image until `until`. `shown` is the state the
    /// status keeps showing meanwhile (`ImagePullBackOff` while a retry pulls).
    Pulling {
        began: Time,
        until: Time,
        cached: bool,
        shown: Option<ContainerState>,
    },
    /// Created; its process starts at `until`.
    Starting {
        until: Time,
    },
    Running {
        since: Time,
    },
    /// SIGTERM sent; the process exits at `at` with `code`.
    Stopping {
        since: Time,
        at: Time,
        code: i32,
    },
    /// The process exited. The kubelet looks at it again at `next` to decide on a restart;
    /// `None` when it never will (restart policy, or the pod is being deleted).
    Exited {
        term: StateTerminated,
        next: Option<Time>,
    },
    /// Waiting out the crash-loop back-off until `until`.
    CrashBackOff {
        until: Time,
        message: String,
    },
    /// The pull just failed; the kubelet syncs again at `next` and reports the back-off.
    PullFailed {
        error: String,
        next: Time,
    },
    /// Waiting out the image-pull back-off until `until`.
    PullBackOff {
        error: String,
        until: Time,
    },
    /// The reference does not parse; nothing will change that.
    Invalid {
        message: String,
    },
    /// A ConfigMap or Secret volume cannot be set up; tried again at `next`, each wait
    /// twice the last (nestedpendingoperations' exponential back-off).
    Mounting {
        next: Time,
        wait_ms: i64,
    },
    /// The container's environment names a ConfigMap or Secret (or key) that is not there;
    /// the kubelet syncs again at `next`.
    ConfigError {
        message: String,
        next: Time,
    },
}

/// One container as the runtime holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct Ctr {
    pub name: String,
    pub image: String,
    pub behaviour: ImageBehaviour,
    pub step: Step,
    pub restart_count: i32,
    pub last_state: Option<StateTerminated>,
    pub crash_backoff: Option<Backoff>,
    pub pull_backoff: Option<Backoff>,
    /// `imageID` once pulled: the repository and the image's digest, shared by every status.
    pub image_id: Rc<str>,
    /// The probe workers of the running instance (`prober.rs`); empty when it has none.
    pub probes: Vec<Worker>,
}

impl Ctr {
    /// When this container next needs the kubelet, if ever.
    pub fn due(&self, deleting: bool) -> Option<Time> {
        match &self.step {
            Step::Stopping { at, .. } => Some(*at),
            _ if deleting => None,
            Step::New => Some(Time::ZERO),
            Step::Pulling { until, .. } | Step::Starting { until } => Some(*until),
            Step::Running { since } => {
                let exit = match self.behaviour {
                    ImageBehaviour::Runs(p) => p.exits.map(|(ms, _)| since.plus_millis(ms)),
                    _ => None,
                };
                let probe = self.next_probe().map(|w| w.next);
                exit.into_iter().chain(probe).min()
            }
            Step::Exited { next, .. } => *next,
            Step::CrashBackOff { until, .. } | Step::PullBackOff { until, .. } => Some(*until),
            Step::PullFailed { next, .. } => Some(*next),
            Step::Invalid { .. } => None,
            Step::Mounting { next, .. } | Step::ConfigError { next, .. } => Some(*next),
        }
    }

    /// What the kubelet waits for when it comes back to this container at `due`.
    pub fn wait(&self) -> Wait {
        match &self.step {
            Step::Stopping { .. } => Wait::GracePeriod,
            Step::New | Step::Starting { .. } => Wait::ContainerStart,
            Step::Pulling { .. } => Wait::ImagePull,
            Step::Running { .. } => match (self.next_probe(), self.due(false)) {
                (Some(w), Some(t)) if w.next == t => w.wait(),
                _ => Wait::ContainerExit,
            },
            Step::Exited { .. } => Wait::RestartCheck,
            Step::CrashBackOff { .. } | Step::PullBackOff { .. } | Step::PullFailed { .. } => {
                Wait::BackOff
            }
            Step::Invalid { .. } => Wait::Recheck,
            Step::Mounting { .. } | Step::ConfigError { .. } => Wait::BackOff,
        }
    }

    /// Whether a process is alive, so deleting the pod must stop it first.
    pub fn is_alive(&self) -> bool {
        matches!(self.step, Step::Running { .. } | Step::Stopping { .. })
    }

    /// `status.containerStatuses[]` for this container of the pod with UID `uid`.
    pub fn status(&self, uid: &str) -> ContainerStatus {
        let waiting =
            |reason: &str, message: Option<String>| ContainerState::waiting(reason, message);
        let (state, ready) = match &self.step {
            Step::New | Step::Starting { .. } | Step::Mounting { .. } => {
                (waiting("ContainerCreating", None), false)
            }
            Step::ConfigError { message, .. } => {
                (waiting("CreateContainerConfigError", Some(message.clone())), false)
            }
            Step::Pulling { shown, .. } => {
                (shown.clone().unwrap_or_else(|| waiting("ContainerCreating", None)), false)
            }
            Step::Running { since } | Step::Stopping { since, .. } => {
                (ContainerState::running(*since), self.probed_ready())
            }
            Step::Exited { term, .. } => {
                (ContainerState { terminated: Some(term.clone()), ..Default::default() }, false)
            }
            Step::CrashBackOff { message, .. } => {
                (waiting("CrashLoopBackOff", Some(message.clone())), false)
            }
            Step::PullFailed { error, .. } => (waiting("ErrImagePull", Some(error.clone())), false),
            Step::PullBackOff { error, .. } => (
                waiting(
                    "ImagePullBackOff",
                    Some(format!("Back-off pulling image {:?}: ErrImagePull: {error}", self.image)),
                ),
                false,
            ),
            Step::Invalid { message } => {
                (waiting("InvalidImageName", Some(message.clone())), false)
            }
        };
        // The runtime reports IDs once the image is pulled and the container created.
        let created =
            state.running.is_some() || state.terminated.is_some() || self.last_state.is_some();
        let container_id = created.then(|| {
            ContainerId::Containerd(container_digest(uid, &self.name, self.restart_count))
        });
        ContainerStatus {
            name: self.name.clone(),
            image: self.image.clone(),
            image_id: created.then(|| Rc::clone(&self.image_id)),
            container_id,
            ready,
            restart_count: self.restart_count,
            started: Some(state.running.is_some() && self.started()),
            state,
            last_state: ContainerState {
                terminated: self.last_state.clone(),
                ..Default::default()
            },
            ..Default::default()
        }
    }
}

/// A pod as this node's kubelet holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct PodRuntime {
    /// The pod these containers belong to: a new pod with the same name starts afresh.
    pub uid: String,
    pub node: String,
    pub pod_ip: Option<String>,
    /// Containers in spec order.
    pub containers: Vec<Ctr>,
    /// When the last container stopped during graceful deletion.
    pub stopped_at: Option<Time>,
    /// The pod's resourceVersion after the kubelet's last status write (or read, when there
    /// was nothing to change). A sync that finds the same version and moves no container
    /// would write the same status again, so it skips building it (the status manager's
    /// `needsUpdate` check, pkg/kubelet/status/status_manager.go).
    pub synced_rv: Option<String>,
}

impl PodRuntime {
    /// The runtime state the pod's status describes: empty for a pod never seen, otherwise
    /// what a restarted kubelet finds (running containers keep running, back-offs resume).
    pub fn from_status(pod: &Pod, node: &str, now: Time) -> PodRuntime {
        let containers = pod
            .spec
            .containers
            .iter()
            .map(|c| {
                let status = pod
                    .status
                    .container_statuses
                    .iter()
                    .find(|s| s.name == c.name && s.image == c.image);
                let restart_count = status.map_or(0, |s| s.restart_count);
                let last_state = status.and_then(|s| s.last_state.terminated.clone());
                let crash_backoff = Backoff::after_restarts(restart_count, now);
                let behaviour = container_behaviour(c, Some(pod));
                let step = status.map_or(Step::New, |s| {
                    rebuilt_step(&s.state, &behaviour, crash_backoff, &last_state, now)
                });
                let probes = match (&step, status) {
                    (Step::Running { since }, Some(s)) => {
                        super::prober::rebuilt_workers(c, s, *since, now)
                    }
                    _ => Vec::new(),
                };
                Ctr {
                    name: c.name.clone(),
                    image: c.image.clone(),
                    behaviour,
                    step,
                    restart_count,
                    last_state,
                    crash_backoff,
                    pull_backoff: None,
                    image_id: image_id(&c.image).into(),
                    probes,
                }
            })
            .collect();
        PodRuntime {
            uid: pod.metadata.uid.clone(),
            node: node.to_string(),
            pod_ip: pod.status.pod_ip.clone(),
            containers,
            stopped_at: None,
            synced_rv: None,
        }
    }

    /// Whether these containers are the ones the pod spec asks for.
    pub fn runs(&self, pod: &Pod) -> bool {
        self.containers.len() == pod.spec.containers.len()
            && self
                .containers
                .iter()
                .zip(&pod.spec.containers)
                .all(|(a, b)| a.name == b.name && a.image == b.image)
    }

    /// Whether a sync of `pod` on `node` would find nothing to do: this runtime wrote this
    /// very version of the pod, has its address, runs the pod's images, and no container
    /// waits on a timer (each runs for good or cannot run). A pod with a timer is never at
    /// rest, because its machine may have been down when the timer fired.
    pub fn at_rest(&self, pod: &Pod, node: &str) -> bool {
        pod.metadata.deletion_timestamp.is_none()
            && self.uid == pod.metadata.uid
            && self.node == node
            && self.pod_ip.is_some()
            && self.synced_rv.as_deref() == Some(pod.metadata.resource_version.as_str())
            && self.runs(pod)
            && self.due(false).is_none()
    }

    /// The earliest time any container needs the kubelet.
    pub fn due(&self, deleting: bool) -> Option<Time> {
        self.containers.iter().filter_map(|c| c.due(deleting)).min()
    }

    /// What a sync at `t` is for: the container due then, else (no container is) the
    /// clean-up of a stopped pod.
    pub fn wait_at(&self, t: Time, deleting: bool) -> Wait {
        self.containers.iter().find(|c| c.due(deleting) == Some(t)).map_or(Wait::Cleanup, Ctr::wait)
    }

    /// Container statuses sorted by name, as the kubelet reports them.
    pub fn statuses(&self) -> Vec<ContainerStatus> {
        let mut out: Vec<ContainerStatus> =
            self.containers.iter().map(|c| c.status(&self.uid)).collect();
        // Every status write: the standard sort, not the shared one for cold paths.
        out.sort_by(|a, b| a.name.cmp(&b.name));
        out
    }
}

fn rebuilt_step(
    state: &ContainerState,
    behaviour: &ImageBehaviour,
    crash_backoff: Option<Backoff>,
    last_state: &Option<StateTerminated>,
    now: Time,
) -> Step {
    if let Some(r) = &state.running {
        return Step::Running { since: r.started_at.unwrap_or(now) };
    }
    if let Some(t) = &state.terminated {
        return Step::Exited { term: t.clone(), next: Some(now) };
    }
    let reason = state.waiting.as_ref().and_then(|w| w.reason.as_deref()).unwrap_or("");
    match (reason, behaviour) {
        ("CrashLoopBackOff", _) => {
            let finished = last_state.as_ref().and_then(|t| t.finished_at).unwrap_or(now);
            let period = crash_backoff.map_or(BACKOFF_INITIAL_MS, |b| b.period_ms);
            let message =
                state.waiting.as_ref().and_then(|w| w.message.clone()).unwrap_or_default();
            Step::CrashBackOff { until: finished.plus_millis(period), message }
        }
        ("ErrImagePull" | "ImagePullBackOff", ImageBehaviour::PullFails { error }) => {
            Step::PullBackOff { error: error.clone(), until: now }
        }
        _ => Step::New,
    }
}
