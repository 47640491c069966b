//! `kubeloop serve` under load, over real HTTP on loopback: 1,000 Running pods (ten
//! Deployments of 100, created through the API), 20 watchers streaming pods, then
//!
//! - the latency of listing all 1,000 pods, as JSON and as a Table (p50/p95);
//! - the delay from a label PATCH (clock read just before the request goes out) to each of
//!   the 20 watchers receiving that pod's MODIFIED event (p50/p95 over every receipt);
//! - the process's resident memory before, once settled, and at the end.
//!
//! Percentiles and memory are what matter here and criterion reports neither, so this is a
//! plain `main` (`harness = false`): `cargo bench -p kubeloop-serve --bench serve`.

#[path = "../tests/support/http.rs"]
mod http;

use std::time::{Duration, Instant};

use http::{rss_kib, Next, Server};
use kubeloop::world::World;
use kubeloop_serve::EngineConfig;
use serde_json::{json, Value};
use tokio::sync::mpsc;

const DEPLOYMENTS: usize = 10;
const REPLICAS: usize = 100;
const PODS: usize = DEPLOYMENTS * REPLICAS;
const WATCHERS: usize = 20;
const LISTS: usize = 40;
const WRITES: usize = 100;
/// Simulated seconds per wall-clock second while the workload starts.
const SPEED: f64 = 20.0;
const TABLE: &str = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json";

fn deployment(name: &str) -> String {
    json!({
        "apiVersion": "apps/v1", "kind": "Deployment", "metadata": { "name": name },
        "spec": {
            "replicas": REPLICAS,
            "selector": { "matchLabels": { "app": name } },
            "template": {
                "metadata": { "labels": { "app": name } },
                "spec": { "containers": [{ "name": "c", "image": "nginx:1.27" }] },
            },
        },
    })
    .to_string()
}

/// The p-th percentile (nearest rank) of sorted durations, in milliseconds.
fn pct(sorted: &[Duration], p: f64) -> f64 {
    let rank = ((p / 100.0) * sorted.len() as f64).ceil().max(1.0) as usize;
    sorted[rank.min(sorted.len()) - 1].as_secs_f64() * 1000.0
}

fn summary(name: &str, mut d: Vec<Duration>) {
    d.sort();
    println!(
        "{name:<34} n={:<5} p50 {:>7.2} ms   p95 {:>7.2} ms   max {:>7.2} ms",
        d.len(),
        pct(&d, 50.0),
        pct(&d, 95.0),
        pct(&d, 100.0)
    );
}

fn running(list: &Value) -> usize {
    let items = list["items"].as_array().map(Vec::as_slice).unwrap_or_default();
    items.iter().filter(|p| p["status"]["phase"] == "Running").count()
}

async fn bench() {
    let rss_start = rss_kib();
    let config = EngineConfig { speed: SPEED, max_watches: 100, ..EngineConfig::default() };
    // Ten nodes of 110 pods: room for 1,000.
    let s = Server::start(config, None, |seed| {
        let mut world = World::new(seed);
        world.add_nodes(7, 110);
        world
    })
    .await;

    let started = Instant::now();
    for i in 0..DEPLOYMENTS {
        let path = "/apis/apps/v1/namespaces/default/deployments";
        let a = s.send(
            "POST",
            path,
            &[("content-type", "application/json")],
            deployment(&format!("bench-{i}")),
        );
        assert_eq!(a.await.code, 201);
    }
    let list_rv = loop {
        let list = s.get("/api/v1/namespaces/default/pods").await;
        if running(&list.json) >= PODS {
            break list.json["metadata"]["resourceVersion"].as_str().unwrap().to_string();
        }
        assert!(started.elapsed() < Duration::from_secs(300), "the pods did not start");
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    let settle = started.elapsed();
    let rss_settled = rss_kib();

    // The watchers, from the list's version: each reports (round, when) for the MODIFIED
    // event that carries the round's label.
    let (tx, mut rx) = mpsc::unbounded_channel::<(usize, Instant)>();
    let mut tasks = Vec::new();
    for _ in 0..WATCHERS {
        let path = format!("/api/v1/namespaces/default/pods?watch=1&resourceVersion={list_rv}");
        let mut w = s.watch(&path).await.unwrap_or_else(|a| panic!("watch: {}", a.text));
        let tx = tx.clone();
        tasks.push(tokio::spawn(async move {
            loop {
                match w.next(Duration::from_secs(60)).await {
                    Next::Event(e) => {
                        let round = e["object"]["metadata"]["labels"]["bench-round"].as_str();
                        if let (Some("MODIFIED"), Some(r)) = (e["type"].as_str(), round) {
                            let _ = tx.send((r.parse().unwrap(), Instant::now()));
                        }
                    }
                    Next::End | Next::Quiet => return,
                }
            }
        }));
    }

    let mut json_lists = Vec::new();
    let mut table_lists = Vec::new();
    // Timed to the last byte of the answer; the client's parse is not the server's cost.
    for _ in 0..LISTS {
        let t = Instant::now();
        let (_, bytes) = s.fetch("GET", "/api/v1/pods", &[], "").await;
        json_lists.push(t.elapsed());
        let list: Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(list["items"].as_array().map(Vec::len), Some(PODS));
        let t = Instant::now();
        let (_, bytes) = s.fetch("GET", "/api/v1/pods", &[("accept", TABLE)], "").await;
        table_lists.push(t.elapsed());
        let table: Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(table["rows"].as_array().map(Vec::len), Some(PODS));
    }

    let names: Vec<String> = {
        let list = s.get("/api/v1/namespaces/default/pods").await;
        let items = list.json["items"].as_array().unwrap().clone();
        items.iter().map(|p| p["metadata"]["name"].as_str().unwrap().to_string()).collect()
    };
    let mut delays = Vec::new();
    let mut writes = Vec::new();
    for round in 0..WRITES {
        let path = format!("/api/v1/namespaces/default/pods/{}", names[round * 7 % names.len()]);
        let patch = json!({ "metadata": { "labels": { "bench-round": round.to_string() } } });
        let sent = Instant::now();
        let a = s.send(
            "PATCH",
            &path,
            &[("content-type", "application/merge-patch+json")],
            patch.to_string(),
        );
        assert_eq!(a.await.code, 200);
        writes.push(sent.elapsed());
        let mut got = 0;
        while got < WATCHERS {
            let (r, at) = tokio::time::timeout(Duration::from_secs(10), rx.recv())
                .await
                .expect("every watcher hears of the write")
                .unwrap();
            if r == round {
                delays.push(at - sent);
                got += 1;
            }
        }
    }
    let rss_end = rss_kib();
    let stats = s.engine.stats().await;

    println!("kubeloop serve: {PODS} pods in {DEPLOYMENTS} Deployments, {WATCHERS} watchers");
    println!("settled to {PODS} Running pods in {:.1} s (speed {SPEED})", settle.as_secs_f64());
    summary("list 1,000 pods (JSON)", json_lists);
    summary("list 1,000 pods (Table)", table_lists);
    summary("PATCH a label (round trip)", writes);
    summary("PATCH -> MODIFIED at each watcher", delays);
    println!(
        "RSS: {} MiB at start, {} MiB settled, {} MiB at the end; watchers held: {}",
        rss_start / 1024,
        rss_settled / 1024,
        rss_end / 1024,
        stats.watchers
    );
    for t in tasks {
        t.abort();
    }
}

fn main() {
    // `cargo bench` passes `--bench`; there is nothing to choose here.
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    rt.block_on(bench());
}
