//! The loops in `kubeloop serve` react to a write at once, as kube-controller-manager does,
//! rather than at the next tick of the wall clock: Kubernetes' own test/cmd suites read a
//! Deployment's ReplicaSet and pods right after creating it (test/cmd/apps.sh
//! `run_deployment_tests`), and a client that waited for a tick would race them.

#[path = "support/http.rs"]
mod http;

use http::Server;
use kubeloop::world::World;
use kubeloop_serve::EngineConfig;
use serde_json::json;

const DEPLOYS: &str = "/apis/apps/v1/namespaces/default/deployments";
const PODS: &str = "/api/v1/namespaces/default/pods";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deployments_pods_exist_as_soon_as_it_is_created() {
    // Simulated time at the wall clock's pace: without the reaction, the first tick would
    // come up to 100 ms later.
    let s = Server::start(EngineConfig { speed: 1.0, ..EngineConfig::default() }, None, World::new)
        .await;
    let body = json!({
        "apiVersion": "apps/v1", "kind": "Deployment", "metadata": { "name": "web" },
        "spec": {
            "replicas": 3,
            "selector": { "matchLabels": { "app": "web" } },
            "template": {
                "metadata": { "labels": { "app": "web" } },
                "spec": { "containers": [{ "name": "c", "image": "nginx:1.27" }] },
            },
        },
    });
    let created =
        s.send("POST", DEPLOYS, &[("content-type", "application/json")], body.to_string()).await;
    assert_eq!(created.code, 201, "{}", created.text);
    // The reaction runs before the engine reads the next request.
    let pods = s.get(&format!("{PODS}?labelSelector=app%3Dweb")).await;
    let items = pods.json["items"].as_array().map_or(0, Vec::len);
    assert_eq!(items, 3, "{}", pods.text);
}
