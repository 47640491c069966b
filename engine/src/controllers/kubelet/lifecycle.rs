//! The container transitions the kubelet makes for a pod that is not being deleted: pull,
//! create, start, notice an exit, restart with crash-loop back-off, and retry failed pulls
//! with image-pull back-off. Each transition emits the kubelet's events with its wording
//! (pkg/kubelet/images/image_manager.go `EnsureImageExists`, kuberuntime_container.go
//! `startContainer`, kuberuntime_manager.go `doBackOff`) and records one decision.
//!
//! Graceful termination lives in `mod.rs`; status building in `runtime.rs`.

use crate::controllers::said::{KubeletSaid, Said};
use crate::controllers::Ctx;
use crate::model::{ContainerId, Kind, Pod, StateTerminated};

use super::images::{container_digest, ImageBehaviour};
use super::phase::should_restart;
use super::runtime::{Backoff, Ctr, Step, SYNC_MS};
use crate::gofmt::go_duration;

/// What one transition needs: the loop's context, the pod, and the node it runs on.
pub struct Sync<'a, 'b> {
    pub ctx: &'a mut Ctx<'b>,
    pub pod: &'a Pod,
    pub node: &'a str,
    /// The pod's IP, which probes connect to.
    pub ip: String,
}

impl Sync<'_, '_> {
    pub fn event(&mut self, type_: &str, reason: &str, message: String) {
        self.ctx.event_from_host(Kind::Pod, &self.pod.metadata, type_, reason, message, self.node);
    }

    pub fn decide(&mut self, desired: KubeletSaid, seen: KubeletSaid, action: KubeletSaid) {
        let seen = KubeletSaid::OnNode { node: self.node.to_string(), seen: Box::new(seen.into()) };
        self.ctx.decide(Kind::Pod, &self.pod.metadata, desired, seen, action);
    }

    /// A decision on what Kubernetes itself reported (a volume or env source missing), in
    /// its words.
    pub fn decide_cluster(&mut self, seen: String, action: KubeletSaid) {
        let seen = KubeletSaid::OnNode {
            node: self.node.to_string(),
            seen: Box::new(Said::Cluster(seen)),
        };
        self.ctx.decide(Kind::Pod, &self.pod.metadata, WANT_RUNNING, seen, action);
    }

    /// Seeded jitter of up to `config.jitter_ms`, drawn from the world's RNG.
    fn jitter(&mut self) -> i64 {
        let max = self.ctx.config.jitter_ms.clamp(0, i64::from(u32::MAX - 1));
        if max == 0 {
            0
        } else {
            i64::from(self.ctx.rng.below(max as u32 + 1))
        }
    }

    /// `format.Pod`: `name_namespace(uid)`, as kubelet messages name a pod.
    fn pod_ref(&self) -> String {
        let m = &self.pod.metadata;
        format!("{}_{}({})", m.name, m.namespace, m.uid)
    }

    /// Makes the one transition that is due for `c`, if any. Returns whether it did.
    pub fn advance(&mut self, c: &mut Ctr) -> bool {
        let now = self.ctx.now;
        if c.due(false).is_none_or(|t| t > now) {
            return false;
        }
        match c.step.clone() {
            Step::New => match c.behaviour.clone() {
                ImageBehaviour::InvalidName { message } => {
                    self.event("Warning", "InspectFailed", message.clone());
                    self.event("Warning", "Failed", "Error: InvalidImageName".into());
                    self.decide(
                        WANT_RUNNING,
                        KubeletSaid::ImageUnparsed { image: c.image.clone() },
                        KubeletSaid::ReportInvalidImageName,
                    );
                    c.step = Step::Invalid { message };
                }
                _ if self.held_by_mount(c, super::config::FIRST_MOUNT_RETRY_MS) => {}
                _ => self.begin_pull(c, None),
            },
            Step::Mounting { wait_ms, .. } => {
                if !self.held_by_mount(c, super::config::next_mount_wait(wait_ms)) {
                    self.begin_pull(c, None);
                }
            }
            Step::ConfigError { .. } => self.retry_config(c),
            Step::Pulling { began, until, cached, .. } => {
                self.finish_pull(c, until.since(began), cached)
            }
            Step::Starting { .. } => {
                self.event("Normal", "Started", format!("Started container {}", c.name));
                self.decide(
                    WANT_RUNNING,
                    KubeletSaid::ContainerCreated { container: c.name.clone() },
                    KubeletSaid::StartProcess,
                );
                self.run(c);
            }
            Step::Running { since } => {
                let ImageBehaviour::Runs(p) = c.behaviour else { return false };
                let exit = p.exits.filter(|(ms, _)| since.plus_millis(*ms) <= now);
                let Some((ms, code)) = exit else { return self.probe(c, since) };
                let finished = since.plus_millis(ms);
                // A command the image lacks never ran: containerd's StartError and message.
                let (reason, message) = if p.start_error {
                    let spec = self.pod.spec.containers.iter().find(|s| s.name == c.name);
                    let script = spec.and_then(|s| super::command::script(s, Some(self.pod)));
                    ("StartError", script.and_then(|s| s.start_error))
                } else if code == 0 {
                    ("Completed", None)
                } else {
                    ("Error", None)
                };
                let term = StateTerminated {
                    exit_code: code,
                    signal: None,
                    reason: Some(reason.into()),
                    message,
                    started_at: Some(since),
                    finished_at: Some(finished),
                    // kuberuntime `convertToAPIContainerStatuses`: the exited container's ID.
                    container_id: Some(ContainerId::Containerd(container_digest(
                        &self.pod.metadata.uid,
                        &c.name,
                        c.restart_count,
                    ))),
                };
                self.decide(
                    WANT_RUNNING,
                    KubeletSaid::ContainerExited { container: c.name.clone(), code },
                    KubeletSaid::RecordTerminated,
                );
                c.step = Step::Exited { term, next: Some(finished.plus_millis(SYNC_MS).max(now)) };
            }
            Step::Exited { term, .. } => self.after_exit(c, term),
            Step::CrashBackOff { .. } => {
                let finished = c.last_state.as_ref().and_then(|t| t.finished_at).unwrap_or(now);
                c.crash_backoff = Some(Backoff::next(c.crash_backoff, finished, now));
                self.decide(
                    WANT_RUNNING,
                    KubeletSaid::BackOffOver { container: c.name.clone() },
                    KubeletSaid::RestartContainer,
                );
                self.restart(c);
            }
            Step::PullFailed { error, .. } => {
                let b = c.pull_backoff.unwrap_or(Backoff { period_ms: 0, updated: now });
                self.event("Normal", "BackOff", format!("Back-off pulling image {:?}", c.image));
                self.event("Warning", "Failed", "Error: ImagePullBackOff".into());
                self.decide(
                    WANT_RUNNING,
                    KubeletSaid::PullFailed { image: c.image.clone() },
                    KubeletSaid::BackOffPull { wait: go_duration(b.period_ms) },
                );
                c.step = Step::PullBackOff { error, until: b.updated.plus_millis(b.period_ms) };
            }
            Step::PullBackOff { .. } => {
                let shown = c.status("").state;
                self.begin_pull(c, Some(shown));
            }
            // Only a probe's kill stops a container of a pod that is not being deleted.
            Step::Stopping { since, at, code } => self.killed(c, since, at, code),
            Step::Invalid { .. } => return false,
        }
        true
    }

    fn begin_pull(&mut self, c: &mut Ctr, shown: Option<crate::model::ContainerState>) {
        let now = self.ctx.now;
        let present = self.ctx.hosts.get(self.node).is_some_and(|h| h.images.contains(&c.image));
        let cached = present && matches!(c.behaviour, ImageBehaviour::Runs(_));
        let base = if cached { self.ctx.config.cached_pull_ms } else { self.ctx.config.pull_ms };
        let until = now.plus_millis(base.max(0) + self.jitter());
        if cached {
            self.decide(
                WANT_RUNNING,
                KubeletSaid::ImageOnNode { image: c.image.clone() },
                KubeletSaid::CreateTheContainer,
            );
        } else {
            self.event("Normal", "Pulling", format!("Pulling image {:?}", c.image));
            self.decide(
                WANT_RUNNING,
                KubeletSaid::ImageNotOnNode { image: c.image.clone() },
                KubeletSaid::Pull { image: c.image.clone() },
            );
        }
        c.step = Step::Pulling { began: now, until, cached, shown };
    }

    fn finish_pull(&mut self, c: &mut Ctr, took_ms: i64, cached: bool) {
        let now = self.ctx.now;
        match c.behaviour.clone() {
            ImageBehaviour::Runs(p) => {
                if cached {
                    self.event(
                        "Normal",
                        "Pulled",
                        format!("Container image {:?} already present on machine", c.image),
                    );
                } else {
                    let took = go_duration(took_ms);
                    self.event(
                        "Normal",
                        "Pulled",
                        format!(
                            "Successfully pulled image {:?} in {took} ({took} including waiting). Image size: {} bytes.",
                            c.image, p.size_bytes
                        ),
                    );
                    if let Some(h) = self.ctx.hosts.get_mut(self.node) {
                        h.images.insert(c.image.clone());
                    }
                }
                c.pull_backoff = None;
                if !self.stopped_by_env(c) {
                    self.create(c);
                }
            }
            ImageBehaviour::PullFails { error } => {
                self.event(
                    "Warning",
                    "Failed",
                    format!("Failed to pull image {:?}: {error}", c.image),
                );
                self.event("Warning", "Failed", "Error: ErrImagePull".into());
                let b = Backoff::next(c.pull_backoff, now, now);
                c.pull_backoff = Some(b);
                self.decide(
                    WANT_RUNNING,
                    KubeletSaid::PullFailed { image: c.image.clone() },
                    KubeletSaid::ReportErrImagePull,
                );
                c.step = Step::PullFailed { error, next: now.plus_millis(SYNC_MS) };
            }
            ImageBehaviour::InvalidName { message } => c.step = Step::Invalid { message },
        }
    }

    /// The image is there and the container's configuration resolves: create it.
    pub(super) fn create(&mut self, c: &mut Ctr) {
        self.event("Normal", "Created", format!("Created container: {}", c.name));
        self.decide(
            WANT_RUNNING,
            KubeletSaid::ImageReady { image: c.image.clone() },
            KubeletSaid::CreateContainer { container: c.name.clone() },
        );
        let until = self.ctx.now.plus_millis(self.ctx.config.start_ms.max(0) + self.jitter());
        c.step = Step::Starting { until };
    }

    /// `doBackOff` and `ShouldContainerBeRestarted` for a container that exited.
    fn after_exit(&mut self, c: &mut Ctr, term: StateTerminated) {
        let now = self.ctx.now;
        let finished = term.finished_at.unwrap_or(now);
        if !should_restart(self.pod.spec.restart_policy.as_deref(), term.exit_code) {
            let policy = self.pod.spec.restart_policy.clone().unwrap_or_else(|| "Always".into());
            self.decide(
                WANT_RUNNING,
                KubeletSaid::ContainerExited { container: c.name.clone(), code: term.exit_code },
                KubeletSaid::LeaveIt { policy: policy.to_string() },
            );
            c.step = Step::Exited { term, next: None };
            return;
        }
        c.last_state = Some(term);
        if Backoff::active_since(c.crash_backoff, finished, now) {
            let b = c.crash_backoff.expect("active back-off has an entry");
            let period = go_duration(b.period_ms);
            let message = format!(
                "back-off {period} restarting failed container={} pod={}",
                c.name,
                self.pod_ref()
            );
            let event = format!(
                "Back-off restarting failed container {} in pod {}",
                c.name,
                self.pod_ref()
            );
            self.event("Warning", "BackOff", event);
            self.decide(
                WANT_RUNNING,
                KubeletSaid::ExitedAgain { container: c.name.clone(), restarts: c.restart_count },
                KubeletSaid::CrashLoopWait { wait: period.to_string() },
            );
            c.step = Step::CrashBackOff { until: finished.plus_millis(b.period_ms), message };
        } else {
            c.crash_backoff = Some(Backoff::next(c.crash_backoff, finished, now));
            self.decide(
                WANT_RUNNING,
                KubeletSaid::Exited { container: c.name.clone() },
                KubeletSaid::RestartNow,
            );
            self.restart(c);
        }
    }

    fn restart(&mut self, c: &mut Ctr) {
        c.restart_count += 1;
        self.event(
            "Normal",
            "Pulled",
            format!("Container image {:?} already present on machine", c.image),
        );
        self.event("Normal", "Created", format!("Created container: {}", c.name));
        self.event("Normal", "Started", format!("Started container {}", c.name));
        self.run(c);
    }

    /// The container's process runs from now, with fresh probe workers (a new container ID).
    fn run(&mut self, c: &mut Ctr) {
        let now = self.ctx.now;
        c.probes = match self.pod.spec.containers.iter().find(|s| s.name == c.name) {
            Some(spec) => super::prober::workers(spec, now),
            None => Vec::new(),
        };
        c.step = Step::Running { since: now };
    }
}

pub(super) const WANT_RUNNING: KubeletSaid = KubeletSaid::WantRunning;
