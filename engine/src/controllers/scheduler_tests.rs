//! The scheduler loop's tests.

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
    assert_eq!(env.events_of("web-0"), ["Scheduled Successfully assigned default/web-0 to node-1"]);
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
    assert_eq!(d.observed, "unscheduled; 20 nodes, the emptiest that fits is node-03 with 0 pods");
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
        containers: vec![crate::model::Container::new("agent", "nginx")].into(),
        affinity: Some(Box::new(serde_json::json!({"nodeAffinity": {
        "requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
            {"matchFields": [{"key": "metadata.name", "operator": "In", "values": [node]}]}
        ]}}}))),
        ..Default::default()
    };
    crate::controllers::daemon::predicates::add_or_update_daemon_pod_tolerations(&mut spec);
    let meta = ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() };
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
        containers: vec![crate::model::Container::new("app", "nginx")].into(),
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
    let meta =
        ObjectMeta { name: "tolerant".into(), namespace: "default".into(), ..Default::default() };
    env.store.create(Pod::new(meta, spec), env.now, &mut env.rng).unwrap();
    env.step(&mut [&mut s]);
    assert_eq!(node_of(&env, "plain"), None);
    assert!(
        env.events_of("plain")[0].contains("3 node(s) had untolerated taint {dedicated: infra}")
    );
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
    let force = crate::store::DeleteOptions { grace_period_seconds: Some(0), ..Default::default() };
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
