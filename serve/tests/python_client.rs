//! The official Python client (PyPI `kubernetes`, installed into tools/venv by
//! scripts/ensure-tools --browser) accepts `kubeloop serve` as a Kubernetes API server:
//! serve/tests/python/client_check.py creates, watches, lists, scales, conflicts, deletes with
//! each propagation policy, stores ConfigMaps and Secrets, is refused an eviction a
//! PodDisruptionBudget does not allow, and reads a 404 Status.

mod support;

use std::process::Command;

#[test]
fn the_official_python_client_drives_the_server() {
    let python = support::root().join("tools/venv/bin/python");
    let probe = Command::new(&python).args(["-c", "import kubernetes"]).status();
    assert!(
        probe.is_ok_and(|s| s.success()),
        "the Python kubernetes client is missing from tools/venv: run scripts/ensure-tools --browser"
    );
    // Ten simulated seconds per second: pods start in well under a wall-clock second.
    let server = support::Server::start(&["--speed", "10"]);
    let script = support::root().join("serve/tests/python/client_check.py");
    let out = Command::new(&python).arg(script).arg(&server.url).output().expect("python runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{stdout}");
    assert!(out.status.success(), "the Python client failed:\n{stdout}\n{stderr}");
    for step in [
        "created deployment.apps/web, its managedFields naming the client",
        "a stale update got 409 Conflict",
        "foreground:",
        "configmaps:",
        "secrets:",
        "eviction: 429 TooManyRequests",
        "eviction: allowed once",
        "namespaces: a deleted one is Terminating",
        "namespaces: emptied by the namespace controller",
        "serviceaccounts: a default one per namespace",
        "priorityclasses: system classes",
        "ingresses: created, read and listed as given",
        "replicationcontrollers: defaulted",
    ] {
        assert!(stdout.contains(step), "missing step {step:?}:\n{stdout}");
    }
}
