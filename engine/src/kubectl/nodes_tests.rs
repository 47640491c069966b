//! `cordon`, `uncordon` and `drain` in the built-in cluster.

use crate::api::client::{self, Call};
use crate::api::patch::PatchType;
use crate::model::Kind;
use crate::session::Session;

/// A cluster with a bare pod on node-1 (the other nodes cordoned while it is placed).
fn session() -> Session {
    let mut s = Session::script(1);
    for line in ["k cordon node-2", "k cordon node-3", "k run solo --image=nginx:1.27", "settle"] {
        assert_eq!(s.run(line).status, 0, "{line}");
    }
    s
}

#[test]
fn drain_refuses_a_bare_pod_with_kubectl_134s_doubled_prefix() {
    let mut s = session();
    let out = s.run("k drain node-1");
    assert_eq!(out.status, 1);
    let err = "cannot delete cannot delete Pods that declare no controller (use --force to override): default/solo";
    assert_eq!(
        out.text(),
        format!("node/node-1 cordoned\nerror: unable to drain node \"node-1\" due to error: {err}, continuing command...\nThere are pending nodes to be drained:\n node-1\n{err}\n")
    );
    assert_eq!(s.run("k get pod solo -o name").text(), "pod/solo\n");
}

#[test]
fn drain_force_warns_about_the_bare_pod_then_evicts_it() {
    let mut s = session();
    let out = s.run("k drain node-1 --force");
    assert_eq!(out.status, 0);
    assert!(
        out.text().starts_with("node/node-1 cordoned\nWarning: deleting Pods that declare no controller: default/solo\nevicting pod default/solo\n"),
        "{}",
        out.text()
    );
}

#[test]
fn drain_goes_on_after_a_failed_node_and_lists_it_as_pending() {
    let mut s = session();
    let out = s.run("k drain node-1 node-2");
    assert_eq!(out.status, 1);
    let text = out.text();
    assert!(text.starts_with("node/node-1 cordoned\nnode/node-2 already cordoned\nerror: unable to drain node \"node-1\""), "{text}");
    assert!(text.contains("node/node-2 drained\nThere are pending nodes to be drained:\n node-1\ncannot delete cannot delete"), "{text}");
}

#[test]
fn a_finished_bare_pod_does_not_block_a_drain() {
    let mut s = session();
    // The pod's status as its kubelet would write it once the container exits 0.
    let finished = serde_json::json!({ "status": { "phase": "Succeeded" } });
    let call = Call::patch(Kind::Pod, "default", "solo", PatchType::Merge, finished);
    client::object(s.api(), &call.sub("status")).unwrap();
    let out = s.run("k drain node-1");
    assert_eq!(out.status, 0, "{}", out.text());
    assert!(out.text().ends_with("node/node-1 drained\n"), "{}", out.text());
}

#[test]
fn node_verbs_without_a_node_print_their_use_line() {
    let mut s = session();
    for verb in ["drain", "cordon", "uncordon"] {
        assert_eq!(
            s.run(&format!("k {verb}")).text(),
            format!("error: USAGE: {verb} NODE [flags]\nSee 'kubectl {verb} -h' for help and examples\n")
        );
    }
    assert_eq!(s.run("k cordon node/node-1").text(), "node/node-1 cordoned\n");
    assert_eq!(
        s.run("k cordon pod/solo").text(),
        "error: expected resource of type node, got \"/v1, Resource=pods\"\n"
    );
}

/// drain/filters.go daemonSetFilter: a DaemonSet's pod stops the drain, unless
/// `--ignore-daemonsets`, which leaves it in place with kubectl's warning.
#[test]
fn drain_refuses_a_daemonsets_pods_and_leaves_them_with_ignore_daemonsets() {
    let mut s = Session::script(1);
    let manifest = "k apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: logs
spec:
  selector:
    matchLabels:
      app: logs
  template:
    metadata:
      labels:
        app: logs
    spec:
      containers:
      - name: agent
        image: nginx:1.27
EOF";
    assert_eq!(s.run(manifest).status, 0);
    s.run("settle");
    let out = s.run("k drain node-1");
    assert_ne!(out.status, 0);
    assert!(
        out.text().contains(
            "cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): default/logs-"
        ),
        "{}",
        out.text()
    );
    let out = s.run("k drain node-1 --ignore-daemonsets");
    assert_eq!(out.status, 0, "{}", out.text());
    assert!(
        out.text().contains("Warning: ignoring DaemonSet-managed Pods: default/logs-"),
        "{}",
        out.text()
    );
    assert!(!out.text().contains("evicting pod default/logs-"), "{}", out.text());
}

/// Six web pods, two per node, and a budget `spec` over them.
fn budgeted(seed: u64, spec: &str) -> Session {
    let mut s = Session::script(seed);
    s.run("k create deployment web --image=nginx:1.27 --replicas=6");
    assert_eq!(s.run(&format!("k create pdb web --selector=app=web {spec}")).status, 0);
    s.run("settle");
    s
}

#[test]
fn drain_retries_an_eviction_the_budget_refuses_every_5s_until_a_replacement_is_ready() {
    let mut s = budgeted(1, "--max-unavailable=1");
    let t0 = s.now();
    let out = s.run("k drain node-1");
    assert_eq!(out.status, 0, "{}", out.text());
    let text = out.text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "node/node-1 cordoned");
    assert!(lines[1].starts_with("evicting pod default/web-"), "{text}");
    let refused = lines[3];
    assert!(
        refused.starts_with("error when evicting pods/\"web-")
            && refused.ends_with("-n \"default\" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget."),
        "{text}"
    );
    // The refused pod is evicted again after the retry delay, then both are gone.
    let second = lines[2].trim_start_matches("evicting pod default/");
    assert_eq!(text.matches(&format!("evicting pod default/{second}")).count(), 2, "{text}");
    assert_eq!(text.matches(" evicted\n").count(), 2, "{text}");
    assert!(text.ends_with("node/node-1 drained\n"), "{text}");
    assert!(s.now().since(t0) >= 5_000);
}

#[test]
fn in_the_page_drain_waits_without_moving_time_and_says_why() {
    let mut s = budgeted(1, "--max-unavailable=1");
    s.mode = crate::kubectl::Mode::Interactive;
    let t0 = s.now();
    let out = s.run("k drain node-1 && echo done");
    assert_eq!(s.now(), t0, "typing a command does not move the clock");
    assert!(out.text().contains("(will retry after 5s)"), "{}", out.text());
    let what = s.waiting().expect("drain waits").what;
    assert_eq!(what, "draining node/node-1: 1 eviction(s) wait for the disruption budget");
    let mut later = String::new();
    let mut fewest = i32::MAX;
    for _ in 0..600 {
        if !s.watching() {
            break;
        }
        s.step();
        later.push_str(&s.poll_watch().text());
        if let Ok(crate::model::Object::Deployment(d)) =
            client::get(s.api(), Kind::Deployment, "default", "web")
        {
            fewest = fewest.min(d.status.available_replicas);
        }
    }
    assert!(later.ends_with("node/node-1 drained\ndone\n"), "{later}");
    assert_eq!(fewest, 5, "the budget held: never fewer than five of six available");
}

#[test]
fn a_budget_that_never_allows_ends_the_drain_at_its_timeout_with_the_pods_pending() {
    let mut s = budgeted(1, "--min-available=6");
    let out = s.run("k drain node-1 --timeout=12s");
    assert_eq!(out.status, 1);
    let text = out.text();
    assert_eq!(
        text.matches("(will retry after 5s)").count(),
        6,
        "three tries for each pod: {text}"
    );
    assert!(text.contains("There are pending pods in node \"node-1\" when an error occurred: [error when evicting pods/\"web-"), "{text}");
    assert!(text.contains("global timeout reached: 12s"), "{text}");
    assert!(
        text.contains("There are pending nodes to be drained:\n node-1\n[error when evicting"),
        "{text}"
    );
}
