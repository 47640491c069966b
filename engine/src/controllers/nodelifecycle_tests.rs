//! The nodelifecycle loop's tests.

use super::*;
use crate::controllers::kubelet::testenv::{Env, Loop};
use crate::controllers::kubelet::Kubelet;

/// Two nodes, three running pods on node-2, the kubelet and this loop.
fn cluster() -> (Env, NodeLifecycle, Kubelet) {
    let mut env = Env::new();
    env.add_node("node-1", 110);
    env.add_node("node-2", 110);
    for i in 0..3 {
        env.add_pod(&format!("web-{i}"), "nginx", Some("node-2"));
    }
    let (mut nl, mut k) = (NodeLifecycle::default(), Kubelet::default());
    env.run(5_000, &mut [&mut nl, &mut k]);
    assert!(env.pod("web-0").unwrap().is_ready());
    (env, nl, k)
}

/// What `World::fail_node` does.
fn fail(env: &mut Env, nl: &mut NodeLifecycle, node: &str) {
    env.hosts.get_mut(node).unwrap().up = false;
    nl.queue().add_after(Key::new("", node), env.now.plus_millis(env.config.node_monitor_grace_ms));
}

fn ready(env: &Env, node: &str) -> crate::model::NodeCondition {
    env.node(node).status.conditions.iter().find(|c| c.type_ == "Ready").unwrap().clone()
}

fn taints(env: &Env, node: &str) -> Vec<String> {
    env.node(node).spec.taints.iter().map(|t| format!("{}:{}", t.key, t.effect)).collect()
}

#[test]
fn a_silent_node_turns_not_ready_after_the_grace_period() {
    let (mut env, mut nl, mut k) = cluster();
    fail(&mut env, &mut nl, "node-2");
    let failed = env.now;
    let loops: &mut [Loop<'_>] = &mut [&mut nl, &mut k];
    let marked = env.run_until(60_000, loops, |e| ready(e, "node-2").status != "True").unwrap();
    assert!((39_900..=40_100).contains(&marked.since(failed)), "{}", marked.since(failed));
    let c = ready(&env, "node-2");
    assert_eq!((c.status.as_str(), c.reason.as_str()), ("Unknown", "NodeStatusUnknown"));
    assert_eq!(c.message, "Kubelet stopped posting node status.");
    assert_eq!(c.last_transition_time, Some(marked));
    // tryUpdateNodeHealth turns the pressure conditions Unknown with Ready.
    let statuses: Vec<(String, String)> = env
        .node("node-2")
        .status
        .conditions
        .iter()
        .map(|c| (c.type_.clone(), c.status.clone()))
        .collect();
    for t in ["MemoryPressure", "DiskPressure", "PIDPressure", "Ready"] {
        assert!(statuses.contains(&(t.to_string(), "Unknown".to_string())), "{statuses:?}");
    }
    assert_eq!(
        taints(&env, "node-2"),
        [format!("{TAINT_UNREACHABLE}:NoSchedule"), format!("{TAINT_UNREACHABLE}:NoExecute")]
    );
    assert!(env
        .events_of("node-2")
        .contains(&"NodeNotReady Node node-2 status is now: NodeNotReady".to_string()));
    let pod = env.pod("web-1").unwrap();
    assert!(!pod.is_ready());
    // The container statuses are the silent kubelet's last word: still 1/1 Running.
    assert!(pod.status.container_statuses[0].ready);
    assert!(env.events_of("web-1").contains(&"NodeNotReady Node is not ready".to_string()));
    assert_eq!(ready(&env, "node-1").status, "True");
}

#[test]
fn pods_on_an_unreachable_node_are_evicted_when_the_toleration_runs_out() {
    let (mut env, mut nl, mut k) = cluster();
    fail(&mut env, &mut nl, "node-2");
    let failed = env.now;
    let loops: &mut [Loop<'_>] = &mut [&mut nl, &mut k];
    let evicted = env
        .run_until(400_000, loops, |e| {
            e.pod("web-0").unwrap().metadata.deletion_timestamp.is_some()
        })
        .unwrap();
    assert!((339_900..=340_100).contains(&evicted.since(failed)), "{}", evicted.since(failed));
    for i in 0..3 {
        let name = format!("web-{i}");
        let p = env.pod(&name).expect("stays Terminating: no kubelet to finish it");
        assert_eq!(p.metadata.deletion_timestamp, Some(evicted.plus_secs(30)));
        assert_eq!(
            p.condition("DisruptionTarget").unwrap().reason.as_deref(),
            Some("DeletionByTaintManager")
        );
        assert!(env
            .events_of(&name)
            .contains(&format!("TaintManagerEviction Marking for deletion Pod default/{name}")));
    }
    env.run(60_000, loops);
    assert!(env.pod("web-0").is_some());
}

#[test]
fn a_node_that_reports_again_is_ready_and_untainted() {
    let (mut env, mut nl, mut k) = cluster();
    fail(&mut env, &mut nl, "node-2");
    env.run(45_000, &mut [&mut nl, &mut k]);
    assert_eq!(ready(&env, "node-2").status, "Unknown");
    // What `World::recover_node` does.
    let h = env.hosts.get_mut("node-2").unwrap();
    h.up = true;
    h.last_heartbeat = env.now;
    nl.queue().add(Key::new("", "node-2"));
    k.resync(&env.store);
    env.step(&mut [&mut nl, &mut k]);
    let c = ready(&env, "node-2");
    assert_eq!((c.status.as_str(), c.reason.as_str()), ("True", "KubeletReady"));
    let memory = env.node("node-2").status.conditions.iter().find(|c| c.type_ == "MemoryPressure");
    let memory = memory.map(|c| (c.status.as_str(), c.reason.as_str()));
    assert_eq!(memory, Some(("False", "KubeletHasSufficientMemory")));
    assert!(taints(&env, "node-2").is_empty());
    assert!(env
        .events_of("node-2")
        .contains(&"NodeReady Node node-2 status is now: NodeReady".to_string()));
    assert!(env.pod("web-0").unwrap().is_ready(), "the kubelet reports the pods ready again");
}

#[test]
fn a_node_back_within_the_grace_period_is_never_marked() {
    let (mut env, mut nl, mut k) = cluster();
    fail(&mut env, &mut nl, "node-2");
    env.run(20_000, &mut [&mut nl, &mut k]);
    env.hosts.get_mut("node-2").unwrap().up = true;
    env.run(60_000, &mut [&mut nl, &mut k]);
    assert_eq!(ready(&env, "node-2").status, "True");
    assert!(env.events_of("node-2").is_empty());
}

#[test]
fn pods_bound_to_a_removed_node_are_force_deleted() {
    let (mut env, mut nl, mut k) = cluster();
    // What `World::remove_node` does.
    env.store.delete::<Node>("", "node-2", &DeleteOptions::background(), env.now).unwrap();
    env.hosts.remove("node-2");
    env.step(&mut [&mut nl, &mut k]);
    assert_eq!(env.store.pods_on_node("node-2"), Vec::<Key>::new());
    assert!(env.pod("web-0").is_none());
}

#[test]
fn a_cordoned_node_carries_the_unschedulable_taint() {
    let (mut env, mut nl, mut k) = cluster();
    env.store.modify::<Node>("", "node-1", env.now, |n| n.spec.unschedulable = true).unwrap();
    env.step(&mut [&mut nl, &mut k]);
    assert_eq!(taints(&env, "node-1"), [format!("{TAINT_UNSCHEDULABLE}:NoSchedule")]);
    env.store.modify::<Node>("", "node-1", env.now, |n| n.spec.unschedulable = false).unwrap();
    env.step(&mut [&mut nl, &mut k]);
    assert!(taints(&env, "node-1").is_empty());
}
