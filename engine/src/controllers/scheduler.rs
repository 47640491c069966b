//! The scheduler: binds each pending pod to a node that fits, preferring the emptiest.
//!
//! Filters, in the framework's order, with its wording: NodeUnschedulable (cordon, unless
//! tolerated), TaintToleration (NoSchedule/NoExecute taints against the pod's tolerations;
//! pods carry the default tolerations for the not-ready and unreachable NoExecute taints),
//! NodeAffinity (`nodeSelector` and required node affinity, `matchFields` included),
//! NodeResourcesFit (the `pods` capacity).
//! Scoring is reduced to "fewest pods, then name". It does not preempt, and it does not look
//! at CPU or memory: pods here request neither.
//!
//! Models pkg/scheduler/schedule_one.go (`schedulePod`, `handleSchedulingFailure`),
//! framework/types.go `FitError.Error` and the scheduling queue's back-off
//! (`podInitialBackoffDuration` 1 s, `podMaxBackoffDuration` 10 s) and unschedulable pool
//! (internal/queue/scheduling_queue.go `MoveAllToActiveOrBackoffQueue`: a cluster event
//! moves the pods that failed back once).

use std::collections::{BTreeMap, BTreeSet};

use crate::clock::Time;
use crate::controllers::daemon::affinity::required_node_affinity_matches;
use crate::controllers::daemon::predicates::tolerates_taint;
use crate::controllers::nodelifecycle::TAINT_UNSCHEDULABLE;
use crate::controllers::said::{Said, SchedulerSaid};
use crate::controllers::{key_of, Controller, ControllerName, Ctx, WorkQueue};
use crate::model::{Kind, Node, Object, Pod, PodCondition, Taint};
use crate::store::{Key, Store, WatchEvent, WatchEventType};

const INITIAL_BACKOFF_MS: i64 = 1_000;
const MAX_BACKOFF_MS: i64 = 10_000;
/// `podMaxInUnschedulablePodsDuration`: an unchanged failure is reported again after this.
const FLUSH_MS: i64 = 5 * 60_000;

/// Taints every pod tolerates through the DefaultTolerationSeconds admission plugin.
const DEFAULT_TOLERATED: [&str; 2] =
    ["node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"];

#[derive(Default)]
pub struct Scheduler {
    queue: WorkQueue<Key>,
    /// The scheduling queue's memory of failed attempts, per pending pod.
    attempts: BTreeMap<Key, Attempt>,
    /// Pods whose last attempt failed and that no cluster event has moved back to the queue
    /// since: the scheduling queue's `unschedulablePods`. A move empties it, so a burst of
    /// events (hundreds of pods deleted in one rollout tick) queues each pod once, not once
    /// per event.
    parked: BTreeSet<Key>,
}

struct Attempt {
    uid: String,
    at: Time,
    count: u32,
    message: String,
}

/// Why one node was filtered out: the first filter plugin that failed.
enum Reject {
    /// NodeUnschedulable: cordoned, and the pod does not tolerate it.
    Unschedulable,
    /// TaintToleration.
    Taint { key: String, value: String },
    /// NodeAffinity.
    Affinity,
    /// NodeResourcesFit: the `pods` capacity.
    TooManyPods,
}

impl Reject {
    /// The plugin's reason, as `FitError` counts it.
    fn message(&self) -> String {
        match self {
            Reject::Unschedulable => "node(s) were unschedulable".into(),
            Reject::Taint { key, value } => {
                format!("node(s) had untolerated taint {{{key}: {value}}}")
            }
            Reject::Affinity => "node(s) didn't match Pod's node affinity/selector".into(),
            Reject::TooManyPods => "Too many pods".into(),
        }
    }

    /// `Unschedulable` (preemption could help) rather than `UnschedulableAndUnresolvable`.
    fn resolvable(&self) -> bool {
        matches!(self, Reject::TooManyPods)
    }

    /// The node and its reason, for the decision log.
    fn said(&self, node: &str) -> SchedulerSaid {
        let node = node.to_string();
        match self {
            Reject::Unschedulable => SchedulerSaid::NodeUnschedulable { node },
            Reject::Taint { key, value } => {
                SchedulerSaid::NodeTainted { node, key: key.clone(), value: value.clone() }
            }
            Reject::Affinity => SchedulerSaid::NodeNotMatching { node },
            Reject::TooManyPods => SchedulerSaid::NodeFull { node },
        }
    }
}

/// The result of running the filters over every node.
struct Evaluation {
    nodes: usize,
    /// Nodes that fit, with their pod counts, in name order.
    fits: Vec<(String, usize)>,
    rejects: Vec<(String, Reject)>,
}

impl Scheduler {
    fn retry_unschedulable(&mut self) {
        for key in std::mem::take(&mut self.parked) {
            self.queue.add(key);
        }
    }
}

impl Controller for Scheduler {
    type Key = Key;

    fn name(&self) -> ControllerName {
        ControllerName::Scheduler
    }

    fn queue(&mut self) -> &mut WorkQueue<Key> {
        &mut self.queue
    }

    fn observe(&mut self, event: &WatchEvent, _store: &Store) {
        match &event.object {
            Object::Pod(p) if is_pending(p) && event.ty != WatchEventType::Deleted => {
                self.queue.add(key_of(&p.metadata));
            }
            // A bound pod that goes frees room, and a node change may make one fit: the
            // pods that failed go back to the active queue (`MoveAllToActiveOrBackoffQueue`
            // on AssignedPodDelete and NodeUpdate). Others are queued already.
            Object::Pod(p) if p.node().is_some() && event.ty == WatchEventType::Deleted => {
                self.retry_unschedulable()
            }
            Object::Node(_) => self.retry_unschedulable(),
            _ => {}
        }
    }

    fn resync(&mut self, store: &Store) {
        for p in store.list::<Pod>(None, None).filter(|p| is_pending(p)) {
            self.queue.add(key_of(&p.metadata));
        }
    }

    fn reconcile(&mut self, key: &Key, ctx: &mut Ctx<'_>) {
        let Some(pod) = ctx.store.get_rc::<Pod>(&key.ns, &key.name).filter(|p| is_pending(p))
        else {
            self.attempts.remove(key);
            self.parked.remove(key);
            return;
        };
        let last = self.attempts.get(key).filter(|a| a.uid == pod.metadata.uid);
        if let Some(a) = last {
            let ready_at = a.at.plus_millis(backoff_ms(a.count));
            if ctx.now < ready_at {
                self.queue.add_after_for(key.clone(), ready_at, crate::controllers::Wait::BackOff);
                return;
            }
        }
        if let Some(node) = emptiest_fit(ctx.store, &pod) {
            let observed = observed_before_bind(ctx.store, &pod, &node);
            bind(ctx, &pod, &node, observed);
            self.attempts.remove(key);
            self.parked.remove(key);
            return;
        }
        let eval = evaluate(ctx.store, &pod);
        let message = fit_error(&eval);
        self.parked.insert(key.clone());
        // Nothing changed since the last report: the pod stays in the unschedulable queue.
        if last.is_some_and(|a| a.message == message && ctx.now < a.at.plus_millis(FLUSH_MS)) {
            return;
        }
        let count = last.map_or(0, |a| a.count) + 1;
        let now = ctx.now;
        let _ = ctx.store.modify_status::<Pod>(&key.ns, &key.name, now, |p| {
            set_scheduled(p, "False", Some("Unschedulable"), Some(message.clone()), now);
        });
        ctx.event(Kind::Pod, &pod.metadata, "Warning", "FailedScheduling", message.clone());
        let retry = backoff_ms(count);
        ctx.decide(
            Kind::Pod,
            &pod.metadata,
            SchedulerSaid::OnANode,
            summary(&eval),
            SchedulerSaid::LeavePending { seconds: retry / 1000 },
        );
        self.attempts.insert(
            key.clone(),
            Attempt { uid: pod.metadata.uid.clone(), at: now, count, message },
        );
        self.queue.add_after_for(
            key.clone(),
            now.plus_millis(retry),
            crate::controllers::Wait::BackOff,
        );
    }

    fn forget(&mut self) {
        self.queue.clear();
        self.attempts.clear();
        self.parked.clear();
    }
}

fn is_pending(p: &Pod) -> bool {
    p.node().is_none() && p.metadata.deletion_timestamp.is_none()
}

/// 1 s, doubling per failed attempt, capped at 10 s.
fn backoff_ms(attempts: u32) -> i64 {
    let doublings = attempts.saturating_sub(1).min(8);
    (INITIAL_BACKOFF_MS << doublings).min(MAX_BACKOFF_MS)
}

/// Pods that occupy a node: bound and not finished. Terminating pods still count until they
/// are gone, as in the scheduler's cache.
fn pods_on(store: &Store, node: &str) -> usize {
    store.node_load(node)
}

/// The node a pod goes to: the first in (pods, name) order that passes the filters, which is
/// the fitting node with the fewest pods. Walking the load index from the emptiest end
/// usually stops at once, so a bind costs the same on 3 nodes or 1,000.
fn emptiest_fit(store: &Store, pod: &Pod) -> Option<String> {
    store.nodes_by_load().find_map(|(load, name)| {
        let node = store.get::<Node>("", name)?;
        filter(node, pod, load).is_ok().then(|| name.to_string())
    })
}

/// Up to this many nodes, the bind decision lists every node; beyond, it names the pick.
const SUMMARY_NODES: usize = 8;

/// What the scheduler saw, for the decision log: each node's pods on a small cluster.
fn observed_before_bind(store: &Store, pod: &Pod, node: &str) -> SchedulerSaid {
    let nodes = store.count::<Node>();
    if nodes <= SUMMARY_NODES {
        return summary(&evaluate(store, pod));
    }
    let pods = pods_on(store, node);
    SchedulerSaid::UnscheduledEmptiest { nodes, node: node.to_string(), pods }
}

fn evaluate(store: &Store, pod: &Pod) -> Evaluation {
    let mut eval = Evaluation { nodes: 0, fits: Vec::new(), rejects: Vec::new() };
    for node in store.list::<Node>(None, None) {
        eval.nodes += 1;
        let pods = pods_on(store, &node.metadata.name);
        match filter(node, pod, pods) {
            Ok(()) => eval.fits.push((node.metadata.name.clone(), pods)),
            Err(r) => eval.rejects.push((node.metadata.name.clone(), r)),
        }
    }
    eval
}

/// The first failing filter for one node, if any, in the framework's order:
/// NodeUnschedulable, TaintToleration, NodeAffinity, NodeResourcesFit. A pod's own
/// tolerations count (a DaemonSet's pods tolerate cordons and pressure), and so do its
/// `nodeSelector` and required node affinity (a daemon pod is pinned to its node by
/// `matchFields`; plugins/nodeaffinity `ErrReasonPod`).
fn filter(node: &Node, pod: &Pod, pods: usize) -> Result<(), Reject> {
    let tolerations = pod.spec.tolerations.as_deref().unwrap_or(&[]);
    let tolerated = |t: &Taint| tolerations.iter().any(|tol| tolerates_taint(tol, t));
    let cordon = Taint {
        key: TAINT_UNSCHEDULABLE.into(),
        effect: "NoSchedule".into(),
        ..Default::default()
    };
    if node.spec.unschedulable && !tolerated(&cordon) {
        return Err(Reject::Unschedulable);
    }
    let untolerated = node.spec.taints.iter().find(|t| match t.effect.as_str() {
        "NoSchedule" => !tolerated(t),
        "NoExecute" => !DEFAULT_TOLERATED.contains(&t.key.as_str()) && !tolerated(t),
        _ => false,
    });
    // A NotReady node without its taint yet is treated as the taint controller would mark
    // it: NoSchedule, which not even a daemon pod's automatic tolerations cover.
    let implicit =
        match node.status.conditions.iter().find(|c| c.type_ == "Ready").map(|c| c.status.as_str())
        {
            Some("True") => None,
            Some("Unknown") => Some(DEFAULT_TOLERATED[1]),
            _ => Some(DEFAULT_TOLERATED[0]),
        }
        .map(|key| Taint { key: key.into(), effect: "NoSchedule".into(), ..Default::default() })
        .filter(|t| !tolerated(t));
    if let Some(t) = untolerated.or(implicit.as_ref()) {
        return Err(Reject::Taint { key: t.key.clone(), value: t.value.clone() });
    }
    if !required_node_affinity_matches(&pod.spec, node) {
        return Err(Reject::Affinity);
    }
    if pods >= node.max_pods() as usize {
        return Err(Reject::TooManyPods);
    }
    Ok(())
}

/// `FitError.Error`, with the preemption post-filter's message (the scheduler does not
/// preempt, so there are never victims).
fn fit_error(eval: &Evaluation) -> String {
    if eval.nodes == 0 {
        return "no nodes available to schedule pods".into();
    }
    let histogram = |f: &dyn Fn(&Reject) -> String| {
        let mut counts: BTreeMap<String, usize> = BTreeMap::new();
        for (_, r) in &eval.rejects {
            *counts.entry(f(r)).or_default() += 1;
        }
        let mut lines: Vec<String> = counts.iter().map(|(m, n)| format!("{n} {m}")).collect();
        crate::sort::sort(&mut lines);
        lines.join(", ")
    };
    let filters = histogram(&|r| r.message());
    let preemption = histogram(&|r| {
        if r.resolvable() {
            "No preemption victims found for incoming pod"
        } else {
            "Preemption is not helpful for scheduling"
        }
        .to_string()
    });
    let n = eval.nodes;
    format!("0/{n} nodes are available: {filters}. preemption: 0/{n} nodes are available: {preemption}.")
}

/// "unscheduled; node-1 has 2 pods, node-2 has 1, node-3: were unschedulable", for the
/// decision log.
fn summary(eval: &Evaluation) -> SchedulerSaid {
    let mut nodes: Vec<Said> = eval
        .fits
        .iter()
        .enumerate()
        .map(|(i, (n, c))| {
            let (node, pods) = (n.clone(), *c);
            match i {
                0 => SchedulerSaid::NodeHasPods { node, pods }.into(),
                _ => SchedulerSaid::NodeHas { node, pods }.into(),
            }
        })
        .collect();
    nodes.extend(eval.rejects.iter().map(|(n, r)| Said::from(r.said(n))));
    if nodes.is_empty() {
        return SchedulerSaid::UnscheduledNoNodes;
    }
    SchedulerSaid::Unscheduled { nodes }
}

fn bind(ctx: &mut Ctx<'_>, pod: &Pod, node: &str, observed: SchedulerSaid) {
    let (ns, name, now) = (pod.metadata.namespace.clone(), pod.metadata.name.clone(), ctx.now);
    if ctx.store.bind_pod(&ns, &name, node, now).is_err() {
        return;
    }
    ctx.event(
        Kind::Pod,
        &pod.metadata,
        "Normal",
        "Scheduled",
        format!("Successfully assigned {ns}/{name} to {node}"),
    );
    let action = SchedulerSaid::Bind { node: node.to_string() };
    ctx.decide(Kind::Pod, &pod.metadata, SchedulerSaid::OnANode, observed, action);
}

fn set_scheduled(
    p: &mut Pod,
    status: &str,
    reason: Option<&str>,
    message: Option<String>,
    now: Time,
) {
    let reason = reason.map(String::from);
    let generation = p.metadata.generation;
    match p.status.conditions.iter_mut().find(|c| c.type_ == "PodScheduled") {
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
            type_: "PodScheduled".into(),
            status: status.into(),
            last_transition_time: Some(now),
            reason,
            message,
            observed_generation: generation,
            ..Default::default()
        }),
    }
}

#[cfg(test)]
#[path = "scheduler_tests.rs"]
mod tests;
