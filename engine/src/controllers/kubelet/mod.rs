//! The kubelet: one loop that plays every node's kubelet. It runs the pods bound to nodes
//! whose machine is up, drives each container through pull, create, start, crash and
//! back-off, writes the pod status kubectl reads, and finishes graceful deletion by
//! stopping containers and deleting the pod with grace 0.
//!
//! Its prober (`prober.rs`) runs each container's startup, liveness and readiness probes
//! against what the image's program answers (`serving.rs`): readiness makes a container
//! ready, a liveness or startup failure kills it into the restart back-off.
//!
//! It keeps what a real kubelet keeps in memory (container states, next action times,
//! back-offs, per pod UID) and rebuilds it from the pod status after `forget`. It does not
//! post node status (the node lifecycle loop plays that part) and never acts for a node
//! whose machine is down: such pods stay as they are, Terminating included.
//!
//! Models pkg/kubelet/kubelet.go `SyncPod` / `SyncTerminatingPod`, kubelet_pods.go
//! `generateAPIPodStatus`, and status/status_manager.go (the final delete with grace 0).

mod backoff;
mod command;
mod config;
mod coreutils;
mod ids;
mod images;
mod lifecycle;
mod output;
mod phase;
mod pi;
mod played;
mod prober;
mod runtime;
mod serving;
mod shell_script;
#[cfg(test)]
pub(crate) mod testenv;
#[cfg(test)]
mod tests;

use std::collections::btree_map::Entry;
use std::collections::BTreeMap;

use crate::clock::Time;
use crate::controllers::{key_of, Controller, ControllerName, Ctx, WorkQueue};
use crate::model::{ContainerId, IpList, Object, Pod, PodCondition, PodPhase, StateTerminated};
use crate::store::{DeleteOptions, Key, Store, WatchEvent, WatchEventType};

use crate::controllers::said::KubeletSaid;
pub use command::container_behaviour;
pub(crate) use config::link as link_config_reads;
pub use images::{
    container_digest, digest, image_behaviour, image_id, parse_image, ImageBehaviour, ImageRef,
    Program,
};
use lifecycle::Sync;
pub use output::{lines as program_output, Instance};
use phase::phase_of;
use runtime::{Ctr, PodRuntime, Step};
pub use runtime::{BACKOFF_INITIAL_MS, BACKOFF_MAX_MS};
pub use serving::App;

/// How long after its last container stops the kubelet deletes a terminating pod (status
/// manager sync), so `0/1 Terminating` is briefly visible.
pub const CLEANUP_MS: i64 = 500;

/// Transitions one reconcile may make per container, so a node that was away catches up.
const MAX_ROUNDS: usize = 16;

/// The conditions the kubelet owns, in the order it writes them.
const CONDITION_ORDER: [&str; 5] =
    ["PodReadyToStartContainers", "Initialized", "Ready", "ContainersReady", "PodScheduled"];

#[derive(Default)]
pub struct Kubelet {
    queue: WorkQueue<Key>,
    /// Pods by key, as the container runtime holds them; each runtime keeps its pod's UID,
    /// so a recreated pod of the same name replaces the old runtime.
    pods: BTreeMap<Key, PodRuntime>,
    /// Last pod IP handed out per node (host-local IPAM walks the range).
    last_ip: BTreeMap<String, u32>,
}

enum Termination {
    Wait(Option<Time>),
    Delete,
}

impl Controller for Kubelet {
    type Key = Key;

    fn name(&self) -> ControllerName {
        ControllerName::Kubelet
    }

    fn queue(&mut self) -> &mut WorkQueue<Key> {
        &mut self.queue
    }

    fn observe(&mut self, event: &WatchEvent, _store: &Store) {
        if let Object::Pod(p) = &event.object {
            // A deleted pod's key is queued too, so its runtime state is dropped.
            if p.node().is_some() || event.ty == WatchEventType::Deleted {
                self.queue.add(key_of(&p.metadata));
            }
        }
    }

    /// Leaves out pods whose sync would do nothing (`PodRuntime::at_rest`), so a quiet
    /// cluster's resync costs a look per pod rather than a queued sync per pod. Pods and
    /// runtimes are both in key order, so one walk pairs them.
    fn resync(&mut self, store: &Store) {
        let mut runtimes = self.pods.iter().peekable();
        for p in store.list::<Pod>(None, None) {
            let key = (p.metadata.namespace.as_str(), p.metadata.name.as_str());
            while runtimes.next_if(|(k, _)| (k.ns.as_str(), k.name.as_str()) < key).is_some() {}
            let runtime = runtimes.next_if(|(k, _)| (k.ns.as_str(), k.name.as_str()) == key);
            let Some(node) = p.node() else { continue };
            if !runtime.is_some_and(|(_, rt)| rt.at_rest(p, node)) {
                self.queue.add(key_of(&p.metadata));
            }
        }
    }

    fn reconcile(&mut self, key: &Key, ctx: &mut Ctx<'_>) {
        self.sync_pod(key, ctx);
    }

    fn forget(&mut self) {
        self.queue.clear();
        self.pods.clear();
        self.last_ip.clear();
    }
}

impl Kubelet {
    fn sync_pod(&mut self, key: &Key, ctx: &mut Ctx<'_>) {
        let Some(pod) = ctx.store.get_rc::<Pod>(&key.ns, &key.name) else {
            self.pods.remove(key);
            return;
        };
        if self.pods.get(key).is_some_and(|rt| rt.uid != pod.metadata.uid) {
            self.pods.remove(key);
        }
        let Some(node) = pod.node().map(str::to_string) else { return };
        // A silent machine's kubelet does nothing; its pods wait for it to come back.
        if !ctx.hosts.get(&node).is_some_and(|h| h.up) {
            return;
        }
        // Worked on in place: one search of the map, not a remove and an insert as well.
        let rt = match self.pods.entry(key.clone()) {
            Entry::Occupied(slot) => {
                let rt = slot.into_mut();
                // A changed image (`kubectl set image` on a pod) starts its container afresh.
                if !(rt.node == node && rt.runs(&pod)) {
                    *rt = PodRuntime::from_status(&pod, &node, ctx.now);
                }
                rt
            }
            Entry::Vacant(slot) => slot.insert(PodRuntime::from_status(&pod, &node, ctx.now)),
        };
        let fresh_ip = rt.pod_ip.is_none();
        if fresh_ip {
            rt.pod_ip = Some(allocate_ip(&mut self.last_ip, ctx, &node));
        }
        let mut moved = fresh_ip;
        let ip = rt.pod_ip.clone().unwrap_or_default();
        let mut sync = Sync { ctx, pod: &pod, node: &node, ip };
        let next = match pod.metadata.deletion_timestamp {
            Some(deadline) => match terminate(&mut sync, rt, deadline) {
                Termination::Delete => {
                    finish_deletion(&mut sync);
                    self.pods.remove(key);
                    return;
                }
                Termination::Wait(t) => {
                    moved = true;
                    t
                }
            },
            None => {
                for _ in 0..MAX_ROUNDS {
                    let mut round = false;
                    for c in rt.containers.iter_mut() {
                        round |= sync.advance(c);
                    }
                    moved |= round;
                    if !round {
                        break;
                    }
                }
                rt.due(false)
            }
        };
        // An informer resync of a pod that nothing touched: its status already says this.
        if moved || rt.synced_rv.as_deref() != Some(pod.metadata.resource_version.as_str()) {
            rt.synced_rv = write_status(ctx, &pod, rt);
        }
        if let Some(t) = next {
            let why = rt.wait_at(t, pod.metadata.deletion_timestamp.is_some());
            self.queue.add_after_for(key.clone(), t.max(ctx.now), why);
        }
    }
}

/// `10.244.<node index>.<n>`: the next free address after the node's last one handed out.
fn allocate_ip(last_ip: &mut BTreeMap<String, u32>, ctx: &Ctx<'_>, node: &str) -> String {
    let index = ctx.hosts.get(node).map_or(0, |h| h.index);
    let last = last_ip.entry(node.to_string()).or_insert(1);
    // Every address of the node's /24 is taken (only this kubelet hands them out): the
    // walk below would come back to where it started, so skip it. A node given more than
    // 253 pods would otherwise pay 253 failed tries for each new one.
    if ctx.store.ips_on_node(node) >= 253 {
        return format!("10.244.{index}.{last}");
    }
    for _ in 0..253 {
        *last = if *last >= 254 { 2 } else { *last + 1 };
        let ip = format!("10.244.{index}.{last}");
        if !ctx.store.ip_in_use(node, &ip) {
            return ip;
        }
    }
    format!("10.244.{index}.{last}")
}

/// Graceful termination: SIGTERM to every live container, SIGKILL (exit 137) for those still
/// alive at the deletion deadline, then the pod can go. Containers that never started have
/// nothing to stop.
fn terminate(sync: &mut Sync<'_, '_>, rt: &mut PodRuntime, deadline: Time) -> Termination {
    let now = sync.ctx.now;
    for c in rt.containers.iter_mut() {
        match c.step.clone() {
            Step::Running { since } => {
                let (at, code) = stop_plan(c, now, deadline);
                sync.event("Normal", "Killing", format!("Stopping container {}", c.name));
                let how =
                    if code == 0 { KubeletSaid::SigtermClean } else { KubeletSaid::SigtermIgnored };
                let seen = KubeletSaid::DeletedWhileRunning { container: c.name.clone() };
                sync.decide(KubeletSaid::PodGone, seen, how);
                c.step = Step::Stopping { since, at, code };
            }
            Step::Exited { term, next: Some(_) } => c.step = Step::Exited { term, next: None },
            _ => {}
        }
        if let Step::Stopping { since, at, code } = c.step.clone() {
            // A second delete with a shorter grace period brings the SIGKILL forward.
            let (at, code) = if at > deadline { (deadline.max(now), 137) } else { (at, code) };
            if at <= now {
                let reason = if code == 0 { "Completed" } else { "Error" };
                let term = StateTerminated {
                    exit_code: code,
                    signal: None,
                    reason: Some(reason.into()),
                    started_at: Some(since),
                    finished_at: Some(at),
                    container_id: Some(ContainerId::Containerd(container_digest(
                        &sync.pod.metadata.uid,
                        &c.name,
                        c.restart_count,
                    ))),
                    ..Default::default()
                };
                let seen = KubeletSaid::ContainerExited { container: c.name.clone(), code };
                sync.decide(KubeletSaid::PodGone, seen, KubeletSaid::RecordIt);
                c.step = Step::Exited { term, next: None };
                rt.stopped_at = Some(now);
            } else {
                c.step = Step::Stopping { since, at, code };
            }
        }
    }
    if rt.containers.iter().any(Ctr::is_alive) {
        return Termination::Wait(rt.due(true));
    }
    match rt.stopped_at {
        Some(t) if now < t.plus_millis(CLEANUP_MS) => {
            Termination::Wait(Some(t.plus_millis(CLEANUP_MS)))
        }
        _ => Termination::Delete,
    }
}

/// When and how a running container stops after SIGTERM at `now`.
pub(super) fn stop_plan(c: &Ctr, now: Time, deadline: Time) -> (Time, i32) {
    let clean = match c.behaviour {
        images::ImageBehaviour::Runs(p) => p.stop_ms.map(|ms| now.plus_millis(ms.max(0))),
        _ => Some(now),
    };
    match clean {
        Some(t) if t <= deadline => (t, 0),
        _ => (deadline.max(now), 137),
    }
}

/// Every container has stopped: delete the pod for good (status manager, grace 0). A pod
/// a finalizer will hold first gets its terminal phase, Succeeded when every container
/// exited 0 and else Failed (kubelet_pods.go `getPhase` with `podIsTerminal`), which is
/// what a Job counts a deleted pod by under podReplacementPolicy Failed. Without a
/// finalizer the pod is gone in the same step, so that write is left out.
fn finish_deletion(sync: &mut Sync<'_, '_>) {
    let p = sync.pod;
    let terminal = matches!(p.status.phase, PodPhase::Succeeded | PodPhase::Failed);
    if !p.metadata.finalizers.is_empty() && !terminal {
        let ok = p
            .status
            .container_statuses
            .iter()
            .all(|c| c.state.terminated.as_ref().is_some_and(|t| t.exit_code == 0));
        let phase = if ok { PodPhase::Succeeded } else { PodPhase::Failed };
        let (ns, name, now) = (&p.metadata.namespace, &p.metadata.name, sync.ctx.now);
        let _ = sync.ctx.store.modify_status::<Pod>(ns, name, now, |p| p.status.phase = phase);
    }
    let m = &sync.pod.metadata;
    let opts = DeleteOptions {
        grace_period_seconds: Some(0),
        precondition_uid: Some(m.uid.clone()),
        ..Default::default()
    };
    let (ns, name) = (m.namespace.clone(), m.name.clone());
    sync.decide(KubeletSaid::PodGone, KubeletSaid::AllStopped, KubeletSaid::DeleteGraceZero);
    let now = sync.ctx.now;
    let _ = sync.ctx.store.delete::<Pod>(&ns, &name, &opts, now);
}

/// Writes the status the kubelet reports: phase, addresses, conditions, container statuses.
/// Phase stays as it is while the pod is being deleted.
/// Returns the pod's resourceVersion after the write, or `None` if the pod is gone.
fn write_status(ctx: &mut Ctx<'_>, pod: &Pod, rt: &PodRuntime) -> Option<String> {
    let statuses = rt.statuses();
    let now = ctx.now;
    let host_ip = ctx
        .store
        .get::<crate::model::Node>("", &rt.node)
        .and_then(|n| n.internal_ip().map(String::from));
    let deleting = pod.metadata.deletion_timestamp.is_some();
    let policy = pod.spec.restart_policy.clone();
    let unready: Vec<String> =
        statuses.iter().filter(|s| !s.ready).map(|s| s.name.clone()).collect();
    let written =
        ctx.store.modify_status::<Pod>(&pod.metadata.namespace, &pod.metadata.name, now, |p| {
            if !deleting {
                p.status.phase = phase_of(policy.as_deref(), &statuses);
            }
            p.status.host_ip = host_ip.or(p.status.host_ip.take());
            p.status.pod_ip = rt.pod_ip.clone();
            // Single-stack: the lists hold the one address (kubelet_pods.go
            // `generateAPIPodStatus`), and status.observedGeneration is the generation
            // this status describes (PodObservedGenerationTracking, beta in 1.34).
            p.status.host_ips = ips(p.status.host_ip.as_deref());
            p.status.pod_ips = ips(p.status.pod_ip.as_deref());
            p.status.observed_generation = p.metadata.generation;
            p.status.start_time = p.status.start_time.or(Some(now));
            let not_ready = (!unready.is_empty()).then(|| {
                (
                    "ContainersNotReady",
                    format!("containers with unready status: [{}]", unready.join(" ")),
                )
            });
            set_condition(p, "PodReadyToStartContainers", None, now);
            set_condition(p, "Initialized", None, now);
            set_condition(p, "Ready", not_ready.clone(), now);
            set_condition(p, "ContainersReady", not_ready, now);
            if p.condition("PodScheduled").is_none() {
                set_condition(p, "PodScheduled", None, now);
            }
            // Every status write: the standard sort, not the shared one for cold paths.
            p.status.conditions.sort_by_key(|c| {
                CONDITION_ORDER.iter().position(|t| *t == c.type_).unwrap_or(usize::MAX)
            });
            // The first write pushes four conditions onto the scheduler's one, which leaves
            // room for eight; the stored version keeps its list until the next write, so
            // give back the three unused (400 bytes a pod). Later writes push nothing.
            p.status.conditions.shrink_to_fit();
            p.status.container_statuses = statuses.clone();
        });
    written.ok().map(|p| p.metadata.resource_version.clone())
}

fn ips(ip: Option<&str>) -> IpList {
    ip.map(IpList::one).unwrap_or_default()
}

/// Sets a condition True (`failing` None) or False with a reason and message, keeping
/// `lastTransitionTime` when the status does not change.
fn set_condition(p: &mut Pod, type_: &str, failing: Option<(&str, String)>, now: Time) {
    let generation = p.metadata.generation;
    let status = if failing.is_some() { "False" } else { "True" };
    let (reason, message) = match failing {
        Some((r, m)) => (Some(r.to_string()), Some(m)),
        None => (None, None),
    };
    match p.status.conditions.iter_mut().find(|c| c.type_ == type_) {
        Some(c) => {
            if c.status != status {
                c.status = status.into();
                c.last_transition_time = Some(now);
            }
            c.reason = reason;
            c.message = message;
            c.observed_generation = generation;
        }
        None => p.status.conditions.push(PodCondition {
            type_: type_.into(),
            status: status.into(),
            last_transition_time: Some(now),
            reason,
            message,
            observed_generation: generation,
            ..Default::default()
        }),
    }
}
