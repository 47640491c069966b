//! Scenario tests for DaemonSets and the rollout verbs on them (StatefulSets are
//! `rollout_workloads.rs`): what a user typing kubectl and the sandbox's `node` commands
//! would see. Time moves only by `step`/`settle`/`advance`.

use kubeloop::controllers::daemon::pods::target_node;
use kubeloop::controllers::ControllerName;
use kubeloop::kubectl::Mode;
use kubeloop::model::*;
use kubeloop::session::Session;
use kubeloop::world::{RunState, World};

const AGENT: &str = "k apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels: {app: agent}
  template:
    metadata:
      labels: {app: agent}
    spec:
      containers:
      - name: agent
        image: nginx:1.27
EOF";

/// Runs `cmd`, which must succeed, and returns what it printed.
fn ok(s: &mut Session, cmd: &str) -> String {
    let out = s.run(cmd);
    assert_eq!(out.status, 0, "{cmd}: {}", out.text());
    out.text()
}

/// A three-node cluster running the `agent` DaemonSet (with `extra` spliced into its spec).
fn cluster(extra: &str) -> Session {
    let mut s = Session::new(World::new(1), Mode::Script);
    let manifest = AGENT.replace("  selector:", &format!("{extra}  selector:"));
    ok(&mut s, &manifest);
    assert!(s.world.settle().quiet);
    s
}

/// (node, pod name) of every live daemon pod, in node order.
fn placement(s: &Session) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = s
        .world
        .store
        .list::<Pod>(Some("default"), None)
        .filter(|p| p.metadata.labels.get("app").is_some_and(|a| a == "agent"))
        .filter(|p| p.metadata.deletion_timestamp.is_none())
        // The node a pod is bound to, or (not yet scheduled) the one it is pinned to.
        .map(|p| (target_node(p).unwrap_or_default(), p.metadata.name.clone()))
        .collect();
    v.sort();
    v
}

fn nodes_of(s: &Session) -> Vec<String> {
    placement(s).into_iter().map(|(n, _)| n).collect()
}

fn ds(s: &Session) -> DaemonSet {
    s.world.store.get::<DaemonSet>("default", "agent").expect("the DaemonSet").clone()
}

fn image_on(s: &Session, node: &str) -> Vec<String> {
    s.world
        .store
        .list::<Pod>(Some("default"), None)
        .filter(|p| p.node() == Some(node) && p.metadata.deletion_timestamp.is_none())
        .map(|p| p.spec.containers[0].image.to_string())
        .collect()
}

fn set_image(s: &mut Session, image: &str) {
    ok(
        s,
        &format!(
            r#"k patch ds agent -p '{{"spec":{{"template":{{"spec":{{"containers":[{{"name":"agent","image":"{image}"}}]}}}}}}}}'"#
        ),
    );
}

#[test]
fn a_daemonset_runs_one_pod_on_every_node_pinned_by_match_fields() {
    let s = cluster("");
    assert_eq!(nodes_of(&s), ["node-1", "node-2", "node-3"]);
    let status = ds(&s).status;
    assert_eq!(
        (status.desired_number_scheduled, status.current_number_scheduled, status.number_ready),
        (3, 3, 3)
    );
    for p in s.world.store.list::<Pod>(Some("default"), None) {
        assert!(
            p.metadata.name.starts_with("agent-") && p.metadata.name.len() == "agent-".len() + 5
        );
        let pinned = p.spec.affinity.as_deref().and_then(|a| {
            a.pointer("/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution/nodeSelectorTerms/0/matchFields/0/values/0")
        });
        assert_eq!(pinned.and_then(|v| v.as_str()), p.node(), "{}", p.metadata.name);
        assert!(p.metadata.labels.contains_key("controller-revision-hash"));
        assert_eq!(p.metadata.labels.get("pod-template-generation").map(String::as_str), Some("1"));
    }
    let out = ok(&mut { s }, "k get ds agent");
    assert!(
        out.contains("agent   3         3         3       3            3           <none>"),
        "{out}"
    );
}

#[test]
fn adding_a_node_adds_a_daemon_pod_on_it_and_says_why() {
    let mut s = cluster("");
    ok(&mut s, "node add");
    assert!(s.world.settle().quiet);
    assert_eq!(nodes_of(&s), ["node-1", "node-2", "node-3", "node-4"]);
    let said = s.world.decisions.iter().any(|d| {
        d.controller == ControllerName::DaemonSet
            && d.desired == "a pod on node-4"
            && d.observed == "none"
    });
    assert!(said, "the decision names node-4");
    let events = ok(&mut s, "k get events --field-selector involvedObject.kind=DaemonSet");
    assert_eq!(events.matches("SuccessfulCreate").count(), 4, "{events}");
}

#[test]
fn a_tainted_node_gets_no_daemon_pod_unless_tolerated() {
    let mut s = cluster("");
    s.world.add_nodes(1, 110);
    s.world
        .modify::<Node>("", "node-4", |n| {
            n.spec.taints.push(Taint {
                key: "dedicated".into(),
                value: "infra".into(),
                effect: "NoSchedule".into(),
                ..Default::default()
            })
        })
        .unwrap();
    assert!(s.world.settle().quiet);
    assert_eq!(nodes_of(&s), ["node-1", "node-2", "node-3"]);
    assert_eq!(ds(&s).status.desired_number_scheduled, 3);
    ok(
        &mut s,
        r#"k patch ds agent -p '{"spec":{"template":{"spec":{"tolerations":[{"key":"dedicated","operator":"Exists"}]}}}}'"#,
    );
    assert!(s.world.settle().quiet);
    assert_eq!(nodes_of(&s), ["node-1", "node-2", "node-3", "node-4"]);
}

#[test]
fn a_cordoned_node_still_runs_its_daemon_pod_and_a_new_node_cordoned_gets_one() {
    let mut s = cluster("");
    s.world.add_nodes(1, 110);
    ok(&mut s, "k cordon node-4");
    assert!(s.world.settle().quiet);
    // Daemon pods tolerate node.kubernetes.io/unschedulable, and the scheduler honours that.
    assert_eq!(nodes_of(&s), ["node-1", "node-2", "node-3", "node-4"]);
}

#[test]
fn a_no_execute_tainted_not_ready_node_keeps_its_daemon_pod() {
    let mut s = cluster("");
    ok(&mut s, "k create deployment web --image=nginx:1.27 --replicas=3");
    assert!(s.world.settle().quiet);
    ok(&mut s, "node fail node-3");
    s.world.advance(400_000);
    let node = s.world.store.get::<Node>("", "node-3").unwrap();
    assert!(node
        .spec
        .taints
        .iter()
        .any(|t| t.key == "node.kubernetes.io/unreachable" && t.effect == "NoExecute"));
    // The Deployment's pod there was evicted; the daemon pod tolerates the taint forever.
    assert!(nodes_of(&s).contains(&"node-3".to_string()));
    let evicted = s
        .world
        .store
        .list::<Pod>(Some("default"), None)
        .filter(|p| p.metadata.labels.get("app").is_some_and(|a| a == "web"))
        .filter(|p| p.node() == Some("node-3"))
        .all(|p| p.metadata.deletion_timestamp.is_some());
    assert!(evicted);
    // The node no longer wants a new daemon pod (not-ready is NoSchedule too), but keeps one.
    assert_eq!(ds(&s).status.desired_number_scheduled, 2);
    assert_eq!(ds(&s).status.number_misscheduled, 1);
}

#[test]
fn a_removed_node_loses_its_daemon_pod_to_the_pod_gc() {
    let mut s = cluster("");
    ok(&mut s, "node remove node-2");
    assert!(s.world.settle().quiet);
    assert_eq!(nodes_of(&s), ["node-1", "node-3"]);
    assert_eq!(ds(&s).status.desired_number_scheduled, 2);
    assert_eq!(ds(&s).status.current_number_scheduled, 2);
}

#[test]
fn a_rolling_update_replaces_one_node_s_pod_at_a_time() {
    let mut s = cluster("");
    set_image(&mut s, "nginx:1.28");
    let mut worst = 0;
    for _ in 0..400 {
        s.world.step();
        // Nodes without an available daemon pod at this instant.
        let available: Vec<String> = s
            .world
            .store
            .list::<Pod>(Some("default"), None)
            .filter(|p| p.metadata.deletion_timestamp.is_none() && p.is_ready())
            .filter_map(|p| p.node().map(String::from))
            .collect();
        let missing = ["node-1", "node-2", "node-3"]
            .iter()
            .filter(|n| !available.iter().any(|a| a == *n))
            .count();
        worst = worst.max(missing);
    }
    assert!(s.world.settle().quiet);
    assert_eq!(worst, 1, "maxUnavailable 1: never two nodes down, and the update moved");
    for n in ["node-1", "node-2", "node-3"] {
        assert_eq!(image_on(&s, n), ["nginx:1.28"]);
    }
    assert_eq!(ds(&s).status.updated_number_scheduled, 3);
}

#[test]
fn max_surge_starts_the_new_pod_before_deleting_the_old() {
    let mut s = cluster("  updateStrategy:\n    rollingUpdate: {maxSurge: 1, maxUnavailable: 0}\n");
    set_image(&mut s, "nginx:1.28");
    let mut saw_two = false;
    for _ in 0..400 {
        s.world.step();
        let per_node: Vec<usize> =
            ["node-1", "node-2", "node-3"].iter().map(|n| image_on(&s, n).len()).collect();
        assert!(per_node.iter().all(|c| *c >= 1), "a node was left without its pod: {per_node:?}");
        saw_two |= per_node.contains(&2);
    }
    assert!(saw_two, "a new pod ran beside the old one");
    assert!(s.world.settle().quiet);
    for n in ["node-1", "node-2", "node-3"] {
        assert_eq!(image_on(&s, n), ["nginx:1.28"]);
    }
}

#[test]
fn on_delete_waits_for_the_user() {
    let mut s = cluster("  updateStrategy: {type: OnDelete}\n");
    set_image(&mut s, "nginx:1.28");
    assert!(s.world.settle().quiet);
    assert_eq!(image_on(&s, "node-1"), ["nginx:1.27"]);
    assert_eq!(ds(&s).status.updated_number_scheduled, 0);
    let out = s.run("k rollout status ds/agent");
    assert_eq!(
        out.text(),
        "error: rollout status is only available for RollingUpdate strategy type\n"
    );
    let victim = placement(&s).into_iter().find(|(n, _)| n == "node-1").unwrap().1;
    ok(&mut s, &format!("k delete pod {victim}"));
    assert!(s.world.settle().quiet);
    assert_eq!(image_on(&s, "node-1"), ["nginx:1.28"]);
    assert_eq!(image_on(&s, "node-2"), ["nginx:1.27"]);
    assert_eq!(ds(&s).status.updated_number_scheduled, 1);
}

#[test]
fn undo_returns_to_the_previous_revision_and_renumbers_it() {
    let mut s = cluster("");
    set_image(&mut s, "nginx:1.28");
    assert!(s.world.settle().quiet);
    assert_eq!(ok(&mut s, "k rollout undo ds/agent"), "daemonset.apps/agent rolled back\n");
    assert!(s.world.settle().quiet);
    assert_eq!(image_on(&s, "node-2"), ["nginx:1.27"]);
    assert_eq!(
        ok(&mut s, "k rollout history ds/agent"),
        "daemonset.apps/agent \nREVISION  CHANGE-CAUSE\n2         <none>\n3         <none>\n\n"
    );
    assert_eq!(
        ok(&mut s, "k rollout undo ds/agent --to-revision=3"),
        "daemonset.apps/agent skipped rollback (current template already matches revision 3)\n"
    );
    let revisions: Vec<(String, i64)> = s
        .world
        .store
        .list::<ControllerRevision>(Some("default"), None)
        .map(|cr| (cr.metadata.labels["controller-revision-hash"].clone(), cr.revision))
        .collect();
    assert_eq!(revisions.len(), 2);
    let current = ds(&s);
    let hash_of_pods = s
        .world
        .store
        .list::<Pod>(Some("default"), None)
        .map(|p| p.metadata.labels["controller-revision-hash"].clone())
        .collect::<std::collections::BTreeSet<_>>();
    assert_eq!(hash_of_pods.len(), 1);
    let hash = hash_of_pods.into_iter().next().unwrap();
    assert!(revisions.contains(&(hash, 3)), "the pods carry the renumbered revision's hash");
    assert_eq!(current.metadata.annotations["deprecated.daemonset.template.generation"], "3");
}

#[test]
fn old_revisions_beyond_the_history_limit_are_deleted() {
    let mut s = cluster("  revisionHistoryLimit: 1\n");
    for image in ["nginx:1.28", "nginx:1.29", "nginx:1.27"] {
        set_image(&mut s, image);
        assert!(s.world.settle().quiet);
    }
    let mut revisions: Vec<i64> = s
        .world
        .store
        .list::<ControllerRevision>(Some("default"), None)
        .map(|cr| cr.revision)
        .collect();
    revisions.sort();
    // 1.27 came back as revision 4; one old revision (3, nginx:1.29) is kept.
    assert_eq!(revisions, [3, 4]);
}

#[test]
fn rollout_status_follows_a_daemonset_to_the_end() {
    let mut s = cluster("");
    set_image(&mut s, "nginx:1.28");
    let out = ok(&mut s, "k rollout status ds/agent");
    assert!(out.starts_with("Waiting for daemon set spec update to be observed...\n"), "{out}");
    assert!(out.contains("Waiting for daemon set \"agent\" rollout to finish: 1 out of 3 new pods have been updated...\n"), "{out}");
    assert!(out.ends_with("daemon set \"agent\" successfully rolled out\n"), "{out}");
    let err = s.run("k rollout pause ds/agent");
    assert_eq!(err.text(), "error: daemonsets.apps \"agent\" pausing is not supported\n");
}

#[test]
fn describe_daemonset_shows_node_counts_and_events() {
    let mut s = cluster("");
    let out = ok(&mut s, "k describe ds agent");
    for line in [
        "Selector:       app=agent\n",
        "Node-Selector:  <none>\n",
        "Desired Number of Nodes Scheduled: 3\n",
        "Number of Nodes Scheduled with Up-to-date Pods: 3\n",
        "Number of Nodes Misscheduled: 0\n",
        "Pods Status:  3 Running / 0 Waiting / 0 Succeeded / 0 Failed\n",
        "daemonset-controller  Created pod: agent-",
    ] {
        assert!(out.contains(line), "{line:?} in\n{out}");
    }
}

#[test]
fn a_daemonset_created_again_adopts_the_pods_an_orphan_delete_left() {
    let mut s = cluster("");
    let before = placement(&s);
    ok(&mut s, "k delete ds agent --cascade=orphan");
    assert!(s.world.settle().quiet);
    assert_eq!(placement(&s), before, "the pods outlive their DaemonSet");
    ok(&mut s, AGENT);
    assert!(s.world.settle().quiet);
    assert_eq!(placement(&s), before, "the new DaemonSet took the same pods back");
    let uid = ds(&s).metadata.uid;
    for p in s.world.store.list::<Pod>(Some("default"), None) {
        assert_eq!(p.metadata.controller_ref().map(|r| r.uid.as_str()), Some(uid.as_str()));
    }
    let revisions = s.world.store.list::<ControllerRevision>(Some("default"), None).count();
    assert_eq!(revisions, 1, "the orphaned revision was adopted, not duplicated");
}

/// Marks the daemon pod on `node` Failed, as a kubelet reports a pod whose containers ended.
fn fail_pod_on(s: &mut Session, node: &str) -> String {
    let name = placement(s).into_iter().find(|(n, _)| n == node).expect("a pod there").1;
    let now = s.world.now();
    s.world
        .store
        .modify_status::<Pod>("default", &name, now, |p| p.status.phase = PodPhase::Failed)
        .unwrap();
    name
}

#[test]
fn a_failed_daemon_pod_is_replaced_then_the_next_failure_waits_out_a_back_off() {
    let mut s = cluster("");
    let first = fail_pod_on(&mut s, "node-1");
    s.world.step();
    let events = ok(&mut s, "k get events --field-selector reason=FailedDaemonPod");
    assert!(
        events.contains(&format!(
            "Found failed daemon pod default/{first} on node node-1, will try to kill it"
        )),
        "{events}"
    );
    // The replacement comes once the failed pod is gone.
    let failed_at = s.world.now();
    let on_node_1 = |s: &Session| placement(s).into_iter().find(|(n, _)| n == "node-1");
    while on_node_1(&s).is_none() {
        s.world.step();
        assert!(s.world.now().since(failed_at) < 1_000, "replaced within the first back-off");
    }
    assert_ne!(on_node_1(&s).unwrap().1, first);
    // A failure right after the last one on the same node waits out the back-off (1 s,
    // doubling) before its pod goes. The kubelet is stopped meanwhile so that it does not
    // report the pod running again over the simulated failure.
    s.world.set_controller(ControllerName::Kubelet, RunState::Stopped);
    let failed_again = fail_pod_on(&mut s, "node-1");
    // Deleted: terminating, or already gone (a pod with no running container goes at once).
    let deleting = |s: &Session| {
        s.world
            .store
            .get::<Pod>("default", &failed_again)
            .is_none_or(|p| p.metadata.deletion_timestamp.is_some())
    };
    s.world.advance(500);
    assert!(!deleting(&s), "held by the back-off");
    s.world.advance(1_000);
    assert!(deleting(&s), "deleted once the back-off ran out");
    s.world.set_controller(ControllerName::Kubelet, RunState::Running);
    assert!(s.world.settle().quiet);
    let third = placement(&s).into_iter().find(|(n, _)| n == "node-1").unwrap().1;
    assert_ne!(third, failed_again);
    assert_eq!(nodes_of(&s), ["node-1", "node-2", "node-3"]);
}
