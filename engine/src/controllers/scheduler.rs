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

/// Why one node was filtered out.
struct Reject {
    message: String,
    /// `Unschedulable` (preemption could help) rather than `UnschedulableAndUnresolvable`.
    resolvable: bool,
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
            "pod on a node",
            format!("unscheduled; {}", summary(&eval)),
            format!("leave it Pending; retry when nodes change, not before {}s", retry / 1000),
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
fn observed_before_bind(store: &Store, pod: &Pod, node: &str) -> String {
    let nodes = store.count::<Node>();
    if nodes <= SUMMARY_NODES {
        return format!("unscheduled; {}", summary(&evaluate(store, pod)));
    }
    let pods = pods_on(store, node);
    let s = if pods == 1 { "" } else { "s" };
    format!("unscheduled; {nodes} nodes, the emptiest that fits is {node} with {pods} pod{s}")
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
    let unresolvable = |message: String| Reject { message, resolvable: false };
    let tolerations = pod.spec.tolerations.as_deref().unwrap_or(&[]);
    let tolerated = |t: &Taint| tolerations.iter().any(|tol| tolerates_taint(tol, t));
    let cordon = Taint {
        key: TAINT_UNSCHEDULABLE.into(),
        effect: "NoSchedule".into(),
        ..Default::default()
    };
    if node.spec.unschedulable && !tolerated(&cordon) {
        return Err(unresolvable("node(s) were unschedulable".into()));
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
        return Err(unresolvable(format!(
            "node(s) had untolerated taint {{{}: {}}}",
            t.key, t.value
        )));
    }
    if !required_node_affinity_matches(&pod.spec, node) {
        return Err(unresolvable("node(s) didn't match Pod's node affinity/selector".into()));
    }
    if pods >= node.max_pods() as usize {
        return Err(Reject { message: "Too many pods".into(), resolvable: true });
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
    let filters = histogram(&|r| r.message.clone());
    let preemption = histogram(&|r| {
        if r.resolvable {
            "No preemption victims found for incoming pod"
        } else {
            "Preemption is not helpful for scheduling"
        }
        .to_string()
    });
    let n = eval.nodes;
    format!("0/{n} nodes are available: {filters}. preemption: 0/{n} nodes are available: {preemption}.")
}

/// "node-1 has 2 pods, node-2 has 1; node-3 cordoned", for the decision log.
fn summary(eval: &Evaluation) -> String {
    let mut parts: Vec<String> = eval
        .fits
        .iter()
        .enumerate()
        .map(|(i, (n, c))| {
            if i == 0 {
                format!("{n} has {c} pod{}", if *c == 1 { "" } else { "s" })
            } else {
                format!("{n} has {c}")
            }
        })
        .collect();
    for (n, r) in &eval.rejects {
        parts.push(format!("{n}: {}", r.message.trim_start_matches("node(s) ")));
    }
    if parts.is_empty() {
        return "no nodes".into();
    }
    parts.join(", ")
}

fn bind(ctx: &mut Ctx<'_>, pod: &Pod, node: &str, observed: String) {
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
    ctx.decide(Kind::Pod, &pod.metadata, "pod on a node", observed, format!("bind to {node}"));
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
mod tests {
    use super::*;
    use crate::controllers::kubelet::testenv::Env;
    use crate::model::{ObjectMeta, PodSpec, Taint};

    fn three_nodes(max_pods: u32) -> (Env, Scheduler) {
        let mut env = Env::new();
        for n in ["node-1", "node-2", "node-3"] {
            env.add_node(n, max_pods);
        }
        (env, Scheduler::default())
    }

    fn node_of(env: &Env, pod: &str) -> Option<String> {
        env.pod(pod).unwrap().spec.node_name.clone()
    }

    fn per_node(env: &Env) -> Vec<usize> {
        ["node-1", "node-2", "node-3"].iter().map(|n| env.store.pods_on_node(n).len()).collect()
    }

    fn cordon(env: &mut Env, node: &str) {
        env.store.modify::<Node>("", node, env.now, |n| n.spec.unschedulable = true).unwrap();
    }

    #[test]
    fn six_pods_spread_two_per_node_over_three_nodes() {
        let (mut env, mut s) = three_nodes(110);
        for i in 0..6 {
            env.add_pod(&format!("web-{i}"), "nginx", None);
        }
        env.step(&mut [&mut s]);
        assert_eq!(per_node(&env), [2, 2, 2]);
        assert_eq!(node_of(&env, "web-0").as_deref(), Some("node-1"));
        assert_eq!(node_of(&env, "web-1").as_deref(), Some("node-2"));
        let p = env.pod("web-0").unwrap();
        assert_eq!(p.condition("PodScheduled").unwrap().status, "True");
        assert_eq!(
            env.events_of("web-0"),
            ["Scheduled Successfully assigned default/web-0 to node-1"]
        );
        let d = env.decisions.iter().find(|d| d.name == "web-3").unwrap();
        assert_eq!(d.observed, "unscheduled; node-1 has 1 pod, node-2 has 1, node-3 has 1");
        assert_eq!(d.action, "bind to node-1");
    }

    #[test]
    fn on_many_nodes_each_pod_goes_to_the_emptiest_that_fits_and_the_decision_names_it() {
        let mut env = Env::new();
        for i in 1..=20 {
            env.add_node(&format!("node-{i:02}"), 110);
        }
        // node-01 is full of earlier pods, node-02 is cordoned: neither is the emptiest fit.
        for i in 0..3 {
            env.add_pod(&format!("old-{i}"), "nginx", Some("node-01"));
        }
        cordon(&mut env, "node-02");
        let mut s = Scheduler::default();
        for i in 0..40 {
            env.add_pod(&format!("web-{i:02}"), "nginx", None);
        }
        env.step(&mut [&mut s]);
        let load = |n: &str| env.store.pods_on_node(n).len();
        assert_eq!(load("node-01"), 3, "already the fullest");
        assert_eq!(load("node-02"), 0, "cordoned");
        for i in 3..=20 {
            assert!((2..=3).contains(&load(&format!("node-{i:02}"))), "spread evenly");
        }
        assert_eq!(node_of(&env, "web-00").as_deref(), Some("node-03"));
        let d = env.decisions.iter().find(|d| d.name == "web-00").unwrap();
        assert_eq!(
            d.observed,
            "unscheduled; 20 nodes, the emptiest that fits is node-03 with 0 pods"
        );
        assert_eq!(d.action, "bind to node-03");
    }

    #[test]
    fn a_full_node_takes_no_more_pods() {
        let (mut env, mut s) = three_nodes(1);
        for i in 0..4 {
            env.add_pod(&format!("web-{i}"), "nginx", None);
        }
        env.step(&mut [&mut s]);
        assert_eq!(per_node(&env), [1, 1, 1]);
        assert_eq!(node_of(&env, "web-3"), None);
        let c = env.pod("web-3").unwrap().condition("PodScheduled").unwrap().clone();
        assert_eq!((c.status.as_str(), c.reason.as_deref()), ("False", Some("Unschedulable")));
        assert_eq!(
            c.message.as_deref(),
            Some("0/3 nodes are available: 3 Too many pods. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.")
        );
    }

    #[test]
    fn a_cordoned_node_gets_no_new_pods() {
        let (mut env, mut s) = three_nodes(110);
        cordon(&mut env, "node-2");
        for i in 0..4 {
            env.add_pod(&format!("web-{i}"), "nginx", None);
        }
        env.step(&mut [&mut s]);
        assert_eq!(per_node(&env), [2, 0, 2]);
    }

    /// A pod made as the DaemonSet makes one: pinned to `node` by `matchFields`, with the
    /// daemon tolerations.
    fn daemon_pod(env: &mut Env, name: &str, node: &str) {
        let mut spec = PodSpec {
            containers: vec![crate::model::Container::new("agent", "nginx")],
            affinity: Some(Box::new(serde_json::json!({"nodeAffinity": {
            "requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
                {"matchFields": [{"key": "metadata.name", "operator": "In", "values": [node]}]}
            ]}}}))),
            ..Default::default()
        };
        crate::controllers::daemon::predicates::add_or_update_daemon_pod_tolerations(&mut spec);
        let meta =
            ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() };
        env.store.create(Pod::new(meta, spec), env.now, &mut env.rng).unwrap();
    }

    #[test]
    fn a_pod_pinned_by_match_fields_goes_to_its_node_even_when_cordoned() {
        let (mut env, mut s) = three_nodes(110);
        for i in 0..3 {
            env.add_pod(&format!("web-{i}"), "nginx", None);
        }
        env.step(&mut [&mut s]);
        cordon(&mut env, "node-3");
        daemon_pod(&mut env, "agent-a", "node-3");
        env.step(&mut [&mut s]);
        assert_eq!(node_of(&env, "agent-a").as_deref(), Some("node-3"));
    }

    #[test]
    fn a_pod_pinned_to_a_missing_node_reports_the_affinity_filter() {
        let (mut env, mut s) = three_nodes(110);
        daemon_pod(&mut env, "agent-a", "node-9");
        env.step(&mut [&mut s]);
        assert_eq!(node_of(&env, "agent-a"), None);
        assert_eq!(
            env.events_of("agent-a"),
            ["FailedScheduling 0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."]
        );
    }

    #[test]
    fn a_tolerated_taint_does_not_keep_a_pod_away() {
        let (mut env, mut s) = three_nodes(110);
        for n in ["node-1", "node-2", "node-3"] {
            env.store
                .modify::<Node>("", n, env.now, |node| {
                    node.spec.taints.push(Taint {
                        key: "dedicated".into(),
                        value: "infra".into(),
                        effect: "NoSchedule".into(),
                        ..Default::default()
                    })
                })
                .unwrap();
        }
        env.add_pod("plain", "nginx", None);
        let mut spec = PodSpec {
            containers: vec![crate::model::Container::new("app", "nginx")],
            ..Default::default()
        };
        spec.tolerations = Some(
            vec![crate::model::Toleration {
                key: Some("dedicated".into()),
                operator: Some("Exists".into()),
                ..Default::default()
            }]
            .into(),
        );
        let meta = ObjectMeta {
            name: "tolerant".into(),
            namespace: "default".into(),
            ..Default::default()
        };
        env.store.create(Pod::new(meta, spec), env.now, &mut env.rng).unwrap();
        env.step(&mut [&mut s]);
        assert_eq!(node_of(&env, "plain"), None);
        assert!(env.events_of("plain")[0]
            .contains("3 node(s) had untolerated taint {dedicated: infra}"));
        assert!(node_of(&env, "tolerant").is_some());
    }

    #[test]
    fn nothing_fits_reports_failed_scheduling_with_the_framework_wording() {
        let (mut env, mut s) = three_nodes(1);
        cordon(&mut env, "node-1");
        env.add_pod("a", "nginx", Some("node-2"));
        env.add_pod("b", "nginx", Some("node-3"));
        env.add_pod("web", "nginx", None);
        env.step(&mut [&mut s]);
        assert_eq!(
            env.events_of("web"),
            ["FailedScheduling 0/3 nodes are available: 1 node(s) were unschedulable, 2 Too many pods. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod."]
        );
        // Nothing changes: retries and resyncs do not report it again.
        env.run(20_000, &mut [&mut s]);
        s.resync(&env.store);
        env.run(1_000, &mut [&mut s]);
        assert_eq!(env.event_count("web", "FailedScheduling"), 1);
        assert_eq!(s.queue().next_delayed(), None);
    }

    #[test]
    fn a_pending_pod_is_bound_when_a_node_frees_up() {
        let (mut env, mut s) = three_nodes(1);
        for i in 0..4 {
            env.add_pod(&format!("web-{i}"), "nginx", None);
        }
        env.step(&mut [&mut s]);
        assert_eq!(node_of(&env, "web-3"), None);
        let force =
            crate::store::DeleteOptions { grace_period_seconds: Some(0), ..Default::default() };
        env.store.delete::<Pod>("default", "web-1", &force, env.now).unwrap();
        // The node is free at once, but the pod waits out its 1 s back-off.
        env.step(&mut [&mut s]);
        assert_eq!(node_of(&env, "web-3"), None);
        let bound = env.run_until(2_000, &mut [&mut s], |e| node_of(e, "web-3").is_some()).unwrap();
        assert_eq!(bound.millis(), 1_100);
        assert_eq!(node_of(&env, "web-3").as_deref(), Some("node-2"));
    }

    #[test]
    fn an_unreachable_node_is_avoided_because_of_its_taint() {
        let (mut env, mut s) = three_nodes(110);
        for n in ["node-1", "node-2", "node-3"] {
            env.store
                .modify::<Node>("", n, env.now, |node| {
                    for effect in ["NoSchedule", "NoExecute"] {
                        node.spec.taints.push(Taint {
                            key: "node.kubernetes.io/unreachable".into(),
                            effect: effect.into(),
                            ..Default::default()
                        });
                    }
                })
                .unwrap();
        }
        env.add_pod("web", "nginx", None);
        env.step(&mut [&mut s]);
        assert_eq!(
            env.events_of("web"),
            ["FailedScheduling 0/3 nodes are available: 3 node(s) had untolerated taint {node.kubernetes.io/unreachable: }. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."]
        );
    }

    #[test]
    fn without_nodes_nothing_is_available() {
        let mut env = Env::new();
        let mut s = Scheduler::default();
        env.add_pod("web", "nginx", None);
        env.step(&mut [&mut s]);
        assert_eq!(env.events_of("web"), ["FailedScheduling no nodes available to schedule pods"]);
        env.add_node("node-1", 110);
        assert!(env.run_until(2_000, &mut [&mut s], |e| node_of(e, "web").is_some()).is_some());
    }

    #[test]
    fn a_burst_of_cluster_events_moves_each_unschedulable_pod_back_once() {
        let (mut env, mut s) = three_nodes(1);
        for i in 0..5 {
            env.add_pod(&format!("web-{i}"), "nginx", None);
        }
        env.step(&mut [&mut s]);
        assert_eq!(per_node(&env), [1, 1, 1], "two pods do not fit");
        let from = env.store.watch.end();
        for v in ["a", "b", "c"] {
            env.store
                .modify::<Node>("", "node-1", env.now, |n| {
                    n.metadata.labels.insert("zone".into(), v.into());
                })
                .unwrap();
        }
        let events: Vec<WatchEvent> = env.store.watch.since(from).cloned().collect();
        let mut moved = Vec::new();
        for ev in &events {
            s.observe(ev, &env.store);
            moved.push(s.queue.drain().len());
        }
        // The first node update moves both back; until they fail again there is nothing
        // left in the unschedulable pool for the next two to move.
        assert_eq!(moved, [2, 0, 0]);
    }
}
