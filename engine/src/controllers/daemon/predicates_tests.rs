//! Cases from pkg/controller/daemon/daemon_controller_test.go (`TestNodeShouldRunDaemonPod`
//! and the taint tests) and component-helpers/scheduling/corev1 helpers_test.go, in the
//! forms the model can express.

use serde_json::json;

use super::*;

/// `simpleDaemonSetLabel`, which `newNode("test-node", simpleDaemonSetLabel)` carries.
const SIMPLE: [(&str, &str); 2] = [("name", "simple-daemon"), ("type", "production")];

fn node(labels: &[(&str, &str)]) -> Node {
    let mut n = Node::default();
    n.metadata.name = "test-node".into();
    for (k, v) in labels {
        n.metadata.labels.insert(k.to_string(), v.to_string());
    }
    n
}

fn taint(key: &str, value: &str, effect: &str) -> Taint {
    Taint { key: key.into(), value: value.into(), effect: effect.into(), time_added: None }
}

fn tainted(taints: Vec<Taint>) -> Node {
    let mut n = node(&SIMPLE);
    n.spec.taints = taints;
    n
}

fn toleration(key: &str, op: &str, value: &str, effect: &str) -> Toleration {
    let opt = |s: &str| (!s.is_empty()).then(|| s.to_string());
    Toleration {
        key: opt(key),
        operator: opt(op),
        value: opt(value),
        effect: opt(effect),
        toleration_seconds: None,
    }
}

fn run(should_run: bool, should_continue_running: bool) -> ShouldRun {
    ShouldRun { should_run, should_continue_running }
}

fn affinity(value: &str) -> PodSpec {
    PodSpec {
        affinity: Some(Box::new(
            json!({"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {
                "nodeSelectorTerms": [{"matchExpressions": [{"key": "type", "operator": "In", "values": [value]}]}]
            }}}),
        )),
        ..Default::default()
    }
}

// TestNodeShouldRunDaemonPod, each predicateName. The resource and host-port cases
// ("InsufficientResourceError", "ErrPodNotFitsHostPorts") expect true/true because the
// controller no longer checks either; they are the plain case here.
#[test]
fn node_should_run_daemon_pod_cases() {
    let selector = |labels: serde_json::Value| PodSpec {
        node_selector: Some(Box::new(labels)),
        ..Default::default()
    };
    let named = PodSpec { node_name: Some("other-node".into()), ..Default::default() };
    let cases: Vec<(&str, PodSpec, bool, ShouldRun)> = vec![
        ("ShouldRunDaemonPod", PodSpec::default(), false, run(true, true)),
        ("ErrPodNotMatchHostName", named, false, run(false, false)),
        (
            "ErrNodeSelectorNotMatch",
            selector(json!({"name": "simple-daemon", "type": "test"})),
            false,
            run(false, false),
        ),
        (
            "ShouldRunDaemonPod",
            selector(json!({"name": "simple-daemon", "type": "production"})),
            false,
            run(true, true),
        ),
        ("ErrPodAffinityNotMatch", affinity("test"), false, run(false, false)),
        ("ShouldRunDaemonPod", affinity("production"), false, run(true, true)),
        ("ShouldRunDaemonPodOnUnschedulableNode", PodSpec::default(), true, run(true, true)),
    ];
    for (name, spec, unschedulable, want) in cases {
        let mut n = node(&SIMPLE);
        n.spec.unschedulable = unschedulable;
        assert_eq!(node_should_run_daemon_pod(&n, &spec), want, "{name}");
    }
}

#[test]
fn a_template_naming_this_node_runs_here() {
    let spec = PodSpec { node_name: Some("test-node".into()), ..Default::default() };
    assert_eq!(node_should_run_daemon_pod(&node(&SIMPLE), &spec), run(true, true));
}

// TestTaintedNodeDaemonDoesNotLaunchIntolerantPod: `noScheduleTaints` stops a new pod but
// evicts nothing.
#[test]
fn an_untolerated_no_schedule_taint_stops_new_pods_only() {
    let n = tainted(vec![taint("dedicated", "user1", NO_SCHEDULE)]);
    assert_eq!(node_should_run_daemon_pod(&n, &PodSpec::default()), run(false, true));
}

// TestTaintedNodeDaemonLaunchesToleratePod / TestNodeDaemonLaunchesToleratePod:
// `noScheduleTolerations` on the template.
#[test]
fn a_tolerated_taint_lets_the_pod_run() {
    let spec = PodSpec {
        tolerations: Some(vec![toleration("dedicated", "Equal", "user1", NO_SCHEDULE)].into()),
        ..Default::default()
    };
    let n = tainted(vec![taint("dedicated", "user1", NO_SCHEDULE)]);
    assert_eq!(node_should_run_daemon_pod(&n, &spec), run(true, true));
    assert_eq!(node_should_run_daemon_pod(&node(&SIMPLE), &spec), run(true, true));
}

#[test]
fn an_untolerated_no_execute_taint_evicts_and_prefer_no_schedule_is_ignored() {
    let n = tainted(vec![taint("dedicated", "user1", NO_EXECUTE)]);
    assert_eq!(node_should_run_daemon_pod(&n, &PodSpec::default()), run(false, false));
    let n = tainted(vec![taint("dedicated", "user1", "PreferNoSchedule")]);
    assert_eq!(node_should_run_daemon_pod(&n, &PodSpec::default()), run(true, true));
}

// TestNotReadyNodeDaemonLaunchesPod, TestUnreachableNodeDaemonLaunchesPod and
// TestTaintPressureNodeDaemonLaunchesPod: the daemon tolerations cover these taints.
#[test]
fn daemon_tolerations_cover_node_problem_taints() {
    let n = tainted(vec![
        taint(TAINT_NOT_READY, "", NO_EXECUTE),
        taint(TAINT_UNREACHABLE, "", NO_EXECUTE),
        taint(TAINT_DISK_PRESSURE, "", NO_SCHEDULE),
        taint(TAINT_MEMORY_PRESSURE, "", NO_SCHEDULE),
        taint(TAINT_PID_PRESSURE, "", NO_SCHEDULE),
        taint(TAINT_UNSCHEDULABLE, "", NO_SCHEDULE),
    ]);
    assert_eq!(node_should_run_daemon_pod(&n, &PodSpec::default()), run(true, true));
}

// The network-unavailable toleration is for host-network pods only.
#[test]
fn network_unavailable_is_tolerated_only_with_host_network() {
    let n = tainted(vec![taint(TAINT_NETWORK_UNAVAILABLE, "", NO_SCHEDULE)]);
    assert_eq!(node_should_run_daemon_pod(&n, &PodSpec::default()), run(false, true));
    let host = PodSpec { host_network: Some(true), ..Default::default() };
    assert_eq!(node_should_run_daemon_pod(&n, &host), run(true, true));
}

#[test]
fn the_daemon_tolerations_are_added_once_in_upstream_order() {
    let mut spec = PodSpec { host_network: Some(true), ..Default::default() };
    add_or_update_daemon_pod_tolerations(&mut spec);
    let first = spec.tolerations.clone();
    let got: Vec<String> = first
        .as_deref()
        .unwrap_or(&[])
        .iter()
        .map(|t| format!("{}:{}:{:?}", t.key(), t.effect(), t.toleration_seconds))
        .collect();
    assert_eq!(
        got,
        [
            "node.kubernetes.io/not-ready:NoExecute:None",
            "node.kubernetes.io/unreachable:NoExecute:None",
            "node.kubernetes.io/disk-pressure:NoSchedule:None",
            "node.kubernetes.io/memory-pressure:NoSchedule:None",
            "node.kubernetes.io/pid-pressure:NoSchedule:None",
            "node.kubernetes.io/unschedulable:NoSchedule:None",
            "node.kubernetes.io/network-unavailable:NoSchedule:None",
        ]
    );
    assert!(first
        .as_deref()
        .unwrap_or(&[])
        .iter()
        .all(|t| t.operator.as_deref() == Some("Exists")));
    add_or_update_daemon_pod_tolerations(&mut spec);
    assert_eq!(spec.tolerations, first, "adding again changes nothing");
}

// The DefaultTolerationSeconds admission plugin's 300 s on not-ready is replaced by the
// daemon's unbounded toleration, in place; other tolerations are kept.
#[test]
fn a_bounded_not_ready_toleration_becomes_unbounded() {
    let mut bounded = toleration(TAINT_NOT_READY, "Exists", "", NO_EXECUTE);
    bounded.toleration_seconds = Some(300);
    let own = toleration("dedicated", "Equal", "user1", NO_SCHEDULE);
    let mut spec =
        PodSpec { tolerations: Some(vec![bounded, own.clone()].into()), ..Default::default() };
    add_or_update_daemon_pod_tolerations(&mut spec);
    let list = spec.tolerations.as_deref().unwrap_or(&[]);
    assert_eq!(list.len(), 7);
    assert_eq!((list[0].key(), list[0].toleration_seconds), (TAINT_NOT_READY, None));
    assert_eq!(list[1], own);
}

// component-helpers/scheduling/corev1 helpers_test.go TestFindMatchingUntoleratedTaint and
// core/v1 toleration_test.go TestTolerationToleratesTaint.
#[test]
fn toleration_matching_follows_key_effect_and_operator() {
    let t = taint("foo", "bar", NO_SCHEDULE);
    let cases = [
        (toleration("", "Exists", "", ""), true),
        (toleration("foo", "Exists", "", NO_SCHEDULE), true),
        (toleration("foo", "Equal", "bar", NO_SCHEDULE), true),
        (toleration("foo", "", "bar", ""), true),
        (toleration("foo", "Equal", "baz", NO_SCHEDULE), false),
        (toleration("foo", "Exists", "", NO_EXECUTE), false),
        (toleration("other", "Exists", "", ""), false),
        (toleration("foo", "Gt", "1", ""), false),
    ];
    for (tol, want) in &cases {
        assert_eq!(tolerates_taint(tol, &t), *want, "{tol:?}");
    }
    let taints = [taint("a", "", NO_SCHEDULE), taint("b", "", NO_EXECUTE)];
    let tols = [toleration("a", "Exists", "", "")];
    let any = |_: &Taint| true;
    assert_eq!(
        find_matching_untolerated_taint(&taints, &tols, any).map(|t| t.key.as_str()),
        Some("b")
    );
    let only_no_schedule = |t: &Taint| t.effect == NO_SCHEDULE;
    assert!(find_matching_untolerated_taint(&taints, &tols, only_no_schedule).is_none());
    assert!(find_matching_untolerated_taint(&[], &[], any).is_none());
}
