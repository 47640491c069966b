//! The prober: per running container, a startup, liveness and readiness worker that probes
//! every `periodSeconds` after `initialDelaySeconds`, counts runs of equal results against
//! `successThreshold` / `failureThreshold`, and holds the result the kubelet acts on:
//! readiness makes the container ready, a startup success lets the other two start, and a
//! liveness or startup failure kills the container so the restart policy and its back-off
//! take over. Each failed probe is a `Warning Unhealthy` event; each change of a held
//! result and each kill is a decision.
//!
//! Models pkg/kubelet/prober/prober_manager.go (`UpdatePodStatus`: no readiness probe means
//! ready once started), worker.go (`doProbe`: initial delay, startup gating, result runs,
//! `onHold` after a liveness failure), prober.go (event wording) and
//! kuberuntime_manager.go `computePodActions` (the kill message). Ticks are aligned to the
//! container's start, where upstream's start at a random point of the first period; the
//! readiness probe upstream also runs at once when the container starts (manual trigger),
//! which the alignment gives.

use crate::clock::Time;
use crate::controllers::Wait;
use crate::model::{Container, ContainerStatus, ProbeKind, StateTerminated};

use super::lifecycle::Sync;
use super::runtime::{Ctr, Step};
use super::serving::{self, Outcome};
use super::ImageBehaviour;
use crate::controllers::said::KubeletSaid;

/// One probe worker of one container instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Worker {
    pub kind: ProbeKind,
    /// The next tick.
    pub next: Time,
    /// The last probe's result and how many probes in a row had it.
    pub last: Option<bool>,
    pub run: i32,
    /// The result the results manager holds: readiness starts at failure, liveness at
    /// success, startup unknown (`None`).
    pub result: Option<bool>,
    /// After a liveness or startup failure the worker stops until the container restarts.
    pub on_hold: bool,
    /// The held result is settled and the program's answer cannot change any more, so
    /// further probes would only repeat it. Upstream keeps probing (and repeating the
    /// `Unhealthy` event) forever; the sandbox stops, so a cluster can settle.
    pub steady: bool,
}

impl Worker {
    pub fn wait(&self) -> Wait {
        match self.kind {
            ProbeKind::Startup => Wait::StartupProbe,
            ProbeKind::Liveness => Wait::LivenessProbe,
            ProbeKind::Readiness => Wait::ReadinessProbe,
        }
    }
}

/// The workers for a container that started at `since`, in the order they are checked.
pub fn workers(spec: &Container, since: Time) -> Vec<Worker> {
    [ProbeKind::Startup, ProbeKind::Liveness, ProbeKind::Readiness]
        .into_iter()
        .filter_map(|kind| {
            let p = spec.probe(kind)?;
            Some(Worker {
                kind,
                next: since.plus_secs(i64::from(p.initial_delay_seconds.max(0))),
                last: None,
                run: 0,
                result: match kind {
                    ProbeKind::Readiness => Some(false),
                    ProbeKind::Liveness => Some(true),
                    ProbeKind::Startup => None,
                },
                on_hold: false,
                steady: false,
            })
        })
        .collect()
}

impl Ctr {
    /// Whether the startup probe has passed (or there is none): `containerStatus.started`.
    pub fn started(&self) -> bool {
        self.probes.iter().all(|w| w.kind != ProbeKind::Startup || w.result == Some(true))
    }

    /// Whether the readiness probe holds success (or there is none).
    pub fn probed_ready(&self) -> bool {
        self.started()
            && self.probes.iter().all(|w| w.kind != ProbeKind::Readiness || w.result == Some(true))
    }

    /// The earliest tick of a worker that still probes.
    pub fn next_probe(&self) -> Option<&Worker> {
        self.probes.iter().filter(|w| !w.on_hold && !w.steady).min_by_key(|w| w.next)
    }
}

impl Sync<'_, '_> {
    /// Runs the probes of running container `c` whose tick is due. Returns whether any ran.
    pub fn probe(&mut self, c: &mut Ctr, since: Time) -> bool {
        let now = self.ctx.now;
        let pod = self.pod;
        let Some(spec) = pod.spec.containers.iter().find(|s| s.name == c.name) else {
            return false;
        };
        let ImageBehaviour::Runs(program) = c.behaviour else { return false };
        let mut ran = false;
        for i in 0..c.probes.len() {
            let started = c.started();
            let w = &mut c.probes[i];
            if w.on_hold || w.next > now {
                continue;
            }
            let Some(probe) = spec.probe(w.kind) else { continue };
            let period = i64::from(probe.period_seconds.max(1));
            while w.next <= now {
                w.next = w.next.plus_secs(period);
            }
            // worker.go: liveness and readiness wait for the startup probe; startup stops
            // once it has passed.
            if (w.kind == ProbeKind::Startup) == started {
                // A startup probe that has passed is done for this container instance.
                w.steady |= w.kind == ProbeKind::Startup;
                continue;
            }
            ran = true;
            let uptime = now.since(since);
            let outcome = serving::run(program.app, probe, spec, &self.ip, uptime);
            let kind = w.kind;
            let success = outcome == Outcome::Success;
            match &outcome {
                Outcome::Success => {}
                Outcome::Failure(out) => self.event(
                    "Warning",
                    "Unhealthy",
                    format!("{} probe failed: {out}", kind.title()),
                ),
                Outcome::Error(err) => {
                    self.event(
                        "Warning",
                        "Unhealthy",
                        format!(
                            "{} probe errored and resulted in unknown state: {err}",
                            kind.title()
                        ),
                    );
                    // worker.go throws an errored probe's result away: the held result
                    // stays. The error (a port the container does not name) cannot go
                    // away, so the sandbox stops repeating it.
                    c.probes[i].steady = true;
                    continue;
                }
            }
            let w = &mut c.probes[i];
            if w.last == Some(success) {
                w.run += 1;
            } else {
                w.last = Some(success);
                w.run = 1;
            }
            let threshold = if success { probe.success_threshold } else { probe.failure_threshold };
            w.steady = w.run >= threshold
                && w.result == Some(success)
                && !program.app.changes_after(uptime);
            if w.run < threshold || w.result == Some(success) {
                continue;
            }
            w.result = Some(success);
            let runs = w.run;
            if kind != ProbeKind::Readiness && !success {
                w.on_hold = true;
                w.run = 0;
            }
            self.held(c, kind, success, runs, since);
        }
        ran
    }

    /// The results manager took a new result for `kind`: record it, and kill on a liveness
    /// or startup failure.
    fn held(&mut self, c: &mut Ctr, kind: ProbeKind, success: bool, runs: i32, since: Time) {
        let name = c.name.clone();
        let probe = kind.title().to_string();
        let container = name.clone();
        let result = if success {
            // A startup probe succeeds once: it is not counted in a row.
            let runs = if kind == ProbeKind::Startup { 1 } else { runs };
            KubeletSaid::ProbeSucceeded { probe, container, runs }
        } else {
            KubeletSaid::ProbeFailed { probe, container, runs }
        };
        match (kind, success) {
            (ProbeKind::Readiness, true) => {
                self.decide(WANT_READY, result, KubeletSaid::MarkReady { container: name })
            }
            (ProbeKind::Readiness, false) => {
                self.decide(WANT_READY, result, KubeletSaid::MarkNotReady { container: name })
            }
            (ProbeKind::Startup, true) => {
                self.decide(WANT_READY, result, KubeletSaid::MarkStarted { container: name })
            }
            (ProbeKind::Liveness, true) => {}
            (_, false) => {
                let message =
                    format!("Container {name} failed {} probe", kind.title().to_lowercase());
                let restart =
                    super::phase::should_restart(self.pod.spec.restart_policy.as_deref(), 1);
                let message =
                    if restart { format!("{message}, will be restarted") } else { message };
                self.event("Normal", "Killing", message);
                self.decide(WANT_READY, result, KubeletSaid::Kill { container: name });
                self.kill(c, kind, since);
            }
        }
    }

    /// SIGTERM now; the process exits by itself if it can within the grace period (the
    /// probe's `terminationGracePeriodSeconds`, else the pod's), else SIGKILL at its end.
    fn kill(&mut self, c: &mut Ctr, kind: ProbeKind, since: Time) {
        let now = self.ctx.now;
        let probe_grace = self
            .pod
            .spec
            .containers
            .iter()
            .find(|s| s.name == c.name)
            .and_then(|s| s.probe(kind))
            .and_then(|p| p.termination_grace_period_seconds);
        let grace = probe_grace.or(self.pod.spec.termination_grace_period_seconds).unwrap_or(30);
        let (at, code) = super::stop_plan(c, now, now.plus_secs(grace.max(0)));
        c.step = Step::Stopping { since, at, code };
    }

    /// A container killed by a probe has exited: record how, and let the restart check run.
    pub fn killed(&mut self, c: &mut Ctr, since: Time, at: Time, code: i32) {
        let term = StateTerminated {
            exit_code: code,
            reason: Some(if code == 0 { "Completed" } else { "Error" }.into()),
            started_at: Some(since),
            finished_at: Some(at),
            container_id: Some(crate::model::ContainerId::Containerd(
                super::images::container_digest(&self.pod.metadata.uid, &c.name, c.restart_count),
            )),
            ..Default::default()
        };
        self.decide(
            WANT_READY,
            KubeletSaid::KilledExited { container: c.name.clone(), code },
            KubeletSaid::RecordTerminated,
        );
        c.step = Step::Exited { term, next: Some(self.ctx.now) };
    }
}

/// The workers of a running container a restarted kubelet finds: the next tick after `now`
/// on the container's schedule, and the results its status shows.
pub fn rebuilt_workers(c: &Container, s: &ContainerStatus, since: Time, now: Time) -> Vec<Worker> {
    let mut ws = workers(c, since);
    for w in &mut ws {
        let period = c.probe(w.kind).map_or(10, |p| i64::from(p.period_seconds.max(1)));
        if w.next < now {
            let behind = now.since(w.next);
            let period_ms = period * 1000;
            w.next = w.next.plus_millis((behind + period_ms - 1) / period_ms * period_ms);
        }
        match w.kind {
            ProbeKind::Startup => w.result = s.started.filter(|started| *started),
            ProbeKind::Readiness => w.result = Some(s.ready),
            ProbeKind::Liveness => {}
        }
    }
    ws
}

const WANT_READY: KubeletSaid = KubeletSaid::WantHealthy;

#[cfg(test)]
mod tests;
