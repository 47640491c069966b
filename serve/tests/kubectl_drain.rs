//! Real kubectl 1.27 to 1.33 draining a node of `kubeloop serve`: drain looks `pods/eviction`
//! up in discovery (kubectl pkg/drain/drain.go `CheckEvictionSupport`), so it must POST
//! policy/v1 Evictions, as on a real cluster, rather than fall back to deleting the pods;
//! a server-side dry run must leave the pods where they are; and with a PodDisruptionBudget
//! the eviction it does not allow is answered 429, which drain's `evictPods` retries after
//! 5 s until the budget allows it (pkg/registry/core/pod/storage/eviction.go).

mod support;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use support::kubectl::{binary, places, VERSIONS};
use support::Server;

/// The real kubectl with `-v=6`, which logs each request as `METHOD URL STATUS`: stdout and
/// stderr through one pipe.
fn real(kubectl: &Path, kubeconfig: &Path, args: &str) -> String {
    let out = Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" \"$@\" 2>&1")
        .arg(kubectl)
        .args(args.split_whitespace())
        .env("KUBECONFIG", kubeconfig)
        .output()
        .expect("kubectl runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `kubectl get pods` through the command box: (name, node) of each Running pod, and how many
/// pods there are in all.
fn pods(server: &Server) -> (Vec<(String, String)>, usize) {
    let url = format!("{}/apis/kubeloop.dev/v1/commands", server.url);
    let v: serde_json::Value = ureq::post(&url)
        .send_json(serde_json::json!({ "command": "kubectl get pods -o wide --no-headers" }))
        .expect("the commands endpoint answers")
        .into_json()
        .expect("JSON");
    let text = v["output"].as_str().unwrap_or("").to_string();
    let running = text
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|c| c.get(2) == Some(&"Running"))
        .map(|c| (c[0].to_string(), c.get(6).unwrap_or(&"").to_string()))
        .collect();
    (running, text.lines().count())
}

/// Waits until `n` pods run and no other pod is listed.
fn settle(server: &Server, n: usize) -> Vec<(String, String)> {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let (running, all) = pods(server);
        if running.len() == n && all == n {
            return running;
        }
        assert!(Instant::now() < deadline, "never settled at {n} running pods: {running:?}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn drain(version: &str, kubectl: &Path, dir: &Path) {
    let kubeconfig = dir.join(format!("kubeconfig-{version}"));
    let server = Server::start(&["--speed", "10", "--kubeconfig", kubeconfig.to_str().unwrap()]);
    let created = real(kubectl, &kubeconfig, "create deployment web --image=nginx --replicas=4");
    assert!(created.contains("deployment.apps/web created"), "kubectl {version}: {created}");
    let placed = settle(&server, 4);
    let node = placed[0].1.clone();
    let on_node: Vec<&String> =
        placed.iter().filter(|(_, n)| *n == node).map(|(name, _)| name).collect();

    // A server-side dry run: evictions with dryRun, and every pod still running after.
    let dry = real(kubectl, &kubeconfig, &format!("drain {node} --dry-run=server"));
    for pod in &on_node {
        let line = format!("evicting pod default/{pod} (server dry run)");
        assert!(dry.contains(&line), "kubectl {version} drain --dry-run=server: {dry}");
    }
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(pods(&server).0, placed, "kubectl {version}: the dry run moved pods");

    let out = real(kubectl, &kubeconfig, &format!("drain {node} --ignore-daemonsets -v=6"));
    let said = |text: &str| out.lines().any(|l| l == text);
    assert!(said(&format!("node/{node} cordoned")), "kubectl {version}: {out}");
    for pod in &on_node {
        // `POST URL 201 Created` before 1.33, `verb="POST" url="URL" status="201 Created"` from it.
        let path = format!("/api/v1/namespaces/default/pods/{pod}/eviction");
        let posted = out
            .lines()
            .any(|l| l.contains("POST") && l.contains(&path) && l.contains("201 Created"));
        assert!(posted, "kubectl {version} did not evict {pod}: {out}");
        assert!(said(&format!("evicting pod default/{pod}")), "kubectl {version}: {out}");
        assert!(said(&format!("pod/{pod} evicted")), "kubectl {version}: {out}");
    }
    let deleted = out.lines().any(|l| l.contains("round_trippers") && l.contains("DELETE"));
    assert!(!deleted, "kubectl {version} deleted pods: {out}");
    assert!(said(&format!("node/{node} drained")), "kubectl {version}: {out}");
    // The ReplicaSet replaces the evicted pods on the other nodes.
    let after = settle(&server, 4);
    assert!(after.iter().all(|(_, n)| *n != node), "kubectl {version}: {after:?}");
}

#[test]
fn real_kubectl_drain_evicts_through_the_eviction_subresource() {
    let present: Vec<_> = VERSIONS.into_iter().filter_map(|v| binary(v).map(|b| (v, b))).collect();
    for v in VERSIONS.iter().filter(|v| !present.iter().any(|(p, _)| p == *v)) {
        println!("kubectl {v}: no binary in {}, not run", places());
    }
    assert!(!present.is_empty(), "no real kubectl in {}", places());
    let dir = std::env::temp_dir().join(format!("kubeloop-drain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (v, bin) in present {
        drain(v, &bin, &dir);
        println!("kubectl {v}: drain evicts");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn real_kubectl_drain_waits_for_the_disruption_budget() {
    let Some((version, kubectl)) =
        VERSIONS.into_iter().rev().find_map(|v| binary(v).map(|b| (v, b)))
    else {
        panic!("no real kubectl in {}", places());
    };
    let dir = std::env::temp_dir().join(format!("kubeloop-budget-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kubeconfig = dir.join("kubeconfig");
    let server = Server::start(&["--speed", "10", "--kubeconfig", kubeconfig.to_str().unwrap()]);
    real(&kubectl, &kubeconfig, "create deployment web --image=nginx --replicas=4");
    let created =
        real(&kubectl, &kubeconfig, "create pdb web --selector=app=web --max-unavailable=1");
    assert_eq!(created, "poddisruptionbudget.policy/web created\n", "kubectl {version}");
    let placed = settle(&server, 4);
    // Four pods on three nodes: one node holds two, which the budget lets go one at a time.
    let node = ["node-1", "node-2", "node-3"]
        .into_iter()
        .find(|n| placed.iter().filter(|(_, at)| at == n).count() == 2)
        .expect("a node with two pods");
    let deadline = Instant::now() + Duration::from_secs(30);
    let allowed = "{.status.disruptionsAllowed}";
    while real(&kubectl, &kubeconfig, &format!("get pdb web -o jsonpath={allowed}")) != "1" {
        assert!(Instant::now() < deadline, "the budget never allowed a disruption");
        std::thread::sleep(Duration::from_millis(100));
    }
    let out = real(&kubectl, &kubeconfig, &format!("drain {node}"));
    let refused = out.lines().any(|l| {
        l.starts_with("error when evicting pods/\"web-")
            && l.ends_with("(will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.")
    });
    assert!(refused, "kubectl {version}: {out}");
    assert!(out.ends_with(&format!("node/{node} drained\n")), "kubectl {version}: {out}");
    let after = settle(&server, 4);
    assert!(after.iter().all(|(_, n)| n != node), "kubectl {version}: {after:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
