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
