//! `kubeloop serve` against clients that send too much, send garbage, ask for what is not
//! there (in JSON or protobuf), hold or abandon connections, or have no credentials. Each gets the API server's
//! `metav1.Status` for it, and afterwards the server still answers a GET and still streams a
//! watch.

#[path = "support/http.rs"]
mod http;

use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use http::{rss_kib, Next, Server};
use kubeloop::world::World;
use kubeloop_serve::{EngineConfig, MAX_BODY_BYTES};
use serde_json::{json, Value};

const PODS: &str = "/api/v1/namespaces/default/pods";
const DEPLOYS: &str = "/apis/apps/v1/namespaces/default/deployments";
const WAIT: Duration = Duration::from_secs(5);

fn fast() -> EngineConfig {
    EngineConfig { speed: 20.0, ..EngineConfig::default() }
}

async fn server(config: EngineConfig) -> Server {
    Server::start(config, None, World::new).await
}

fn pod(name: &str) -> String {
    json!({
        "apiVersion": "v1", "kind": "Pod", "metadata": { "name": name },
        "spec": { "containers": [{ "name": "c", "image": "nginx:1.27" }] },
    })
    .to_string()
}

fn deployment(name: &str) -> String {
    json!({
        "apiVersion": "apps/v1", "kind": "Deployment", "metadata": { "name": name },
        "spec": {
            "replicas": 1,
            "selector": { "matchLabels": { "app": name } },
            "template": {
                "metadata": { "labels": { "app": name } },
                "spec": { "containers": [{ "name": "c", "image": "nginx:1.27" }] },
            },
        },
    })
    .to_string()
}

type Header = (&'static str, &'static str);
type Case<'a> = (&'a str, &'a str, Header, &'a str, &'a str);

const JSON: Header = ("content-type", "application/json");
const MERGE: Header = ("content-type", "application/merge-patch+json");

/// Asserts a failure Status with this code and reason, and returns its message.
fn status(a: &http::Answer, code: u16, reason: &str) -> String {
    assert_eq!(a.code, code, "{}", a.text);
    assert_eq!(a.json["kind"], "Status", "{}", a.text);
    assert_eq!(a.json["apiVersion"], "v1", "{}", a.text);
    assert_eq!(a.json["status"], "Failure", "{}", a.text);
    assert_eq!(a.json["code"], code, "{}", a.text);
    assert_eq!(a.json["reason"], reason, "{}", a.text);
    a.json["message"].as_str().unwrap_or_default().to_string()
}

/// The server still lists, still creates, and a new watch still streams what happens.
async fn still_serves(s: &Server) {
    static PROBES: AtomicU32 = AtomicU32::new(0);
    let name = format!("probe-{}", PROBES.fetch_add(1, Ordering::Relaxed));
    let list = s.get(PODS).await;
    assert_eq!((list.code, list.json["kind"].as_str()), (200, Some("PodList")), "{}", list.text);
    let mut watch = s.watch(&format!("{PODS}?watch=1")).await.expect("a watch opens");
    let created = s.send("POST", PODS, &[JSON], pod(&name)).await;
    assert_eq!(created.code, 201, "{}", created.text);
    loop {
        match watch.next(WAIT).await {
            Next::Event(e) if e["object"]["metadata"]["name"] == name.as_str() => {
                assert_eq!(e["type"], "ADDED");
                return;
            }
            Next::Event(_) => {}
            other => panic!("the watch stopped streaming: {other:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversized_body_is_413_and_the_server_carries_on() {
    let s = server(fast()).await;
    let body = format!("{{\"pad\":\"{}\"}}", "x".repeat(MAX_BODY_BYTES));
    for method in ["POST", "PUT", "PATCH"] {
        let path = if method == "POST" { PODS.to_string() } else { format!("{PODS}/a") };
        let a = s.send(method, &path, &[JSON], body.clone()).await;
        let message = status(&a, 413, "RequestEntityTooLarge");
        assert_eq!(message, "Request entity too large: limit is 3145728");
    }
    still_serves(&s).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_and_misshapen_bodies_are_400() {
    let s = server(fast()).await;
    assert_eq!(s.send("POST", DEPLOYS, &[JSON], deployment("web")).await.code, 201);
    let web = format!("{DEPLOYS}/web");
    // Method, path, content type, body, and words the message must contain.
    let cases: [Case; 10] = [
        ("POST", DEPLOYS, JSON, "{not json", "the object provided is unrecognized (must be of type Deployment): couldn't get version/kind; json parse error: "),
        ("PUT", &web, JSON, "{not json", "couldn't get version/kind; json parse error: "),
        ("PATCH", &web, MERGE, "{not json", "error decoding patch"),
        ("POST", DEPLOYS, JSON, "[1, 2]", "json parse error: json: cannot unmarshal array into Go value of type struct { APIVersion string"),
        ("PUT", &web, JSON, "\"a string\"", "json: cannot unmarshal string into Go value of type struct"),
        ("PATCH", &web, MERGE, "\"a string\"", "Invalid JSON Patch"),
        (
            "PATCH",
            &web,
            ("content-type", "application/json-patch+json"),
            "{}",
            "cannot unmarshal object into Go value of type jsonpatch.Patch",
        ),
        (
            "POST",
            DEPLOYS,
            JSON,
            r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"x"},"spec":{"replicas":"three"}}"#,
            "Deployment in version \"v1\" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32",
        ),
        (
            "PATCH",
            &web,
            MERGE,
            r#"{"metadata":{"labels":"not a map"}}"#,
            "cannot be handled as a Deployment",
        ),
        (
            "PATCH",
            &format!("{web}?fieldValidation=Strict"),
            MERGE,
            r#"{"spec":{"replicaz":2}}"#,
            "Deployment in version \"v1\" cannot be handled as a Deployment: strict decoding error: unknown field \"spec.replicaz\"",
        ),
    ];
    for (method, path, ct, body, words) in cases {
        let a = s.send(method, path, &[ct], body.to_string()).await;
        let message = status(&a, 400, "BadRequest");
        assert!(message.contains(words), "{method} {path} {body}: {message}");
    }
    let mut strict: Value = serde_json::from_str(&deployment("strict")).unwrap();
    strict["spec"]["replicaz"] = 3.into();
    let strict_path = format!("{DEPLOYS}?fieldValidation=Strict");
    let a = s.send("POST", &strict_path, &[JSON], strict.to_string()).await;
    let message = status(&a, 400, "BadRequest");
    assert!(
        message.ends_with("strict decoding error: unknown field \"spec.replicaz\""),
        "{message}"
    );
    // Nothing half-written: the Deployment is as it was created.
    let web_now = s.get(&web).await;
    assert_eq!(web_now.json["spec"]["replicas"], 1);
    assert_eq!(s.get(&format!("{DEPLOYS}/x")).await.code, 404);
    still_serves(&s).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_groups_versions_and_kinds_are_404_statuses() {
    let s = server(fast()).await;
    for path in [
        "/apis/example.com/v1/widgets",
        "/apis/example.com/v1/namespaces/default/widgets/w",
        "/api/v1/widgets",
        "/api/v1/namespaces/default/widgets",
        "/apis/apps/v9/deployments",
        "/apis/apps/v9/namespaces/default/deployments/web",
        "/api/v2/pods",
    ] {
        for method in ["GET", "POST", "DELETE"] {
            let a = s.send(method, path, &[JSON], "{}").await;
            let message = status(&a, 404, "NotFound");
            assert_eq!(message, "the server could not find the requested resource", "{path}");
            assert_eq!(a.json["details"], json!({}));
        }
        // A protobuf body to a path nothing serves: the mux's 404, not a decoding failure
        // (kubectl 1.32+ posts its generators' objects as protobuf).
        let protobuf = ("content-type", "application/vnd.kubernetes.protobuf");
        let a = s.send("POST", path, &[protobuf], "k8s\0\u{ff}").await;
        let message = status(&a, 404, "NotFound");
        assert_eq!(message, "the server could not find the requested resource", "{path}");
    }
    // A served path keeps the decoding failure's 400.
    let protobuf = ("content-type", "application/vnd.kubernetes.protobuf");
    let a = s.send("POST", PODS, &[protobuf], "k8s\0\u{ff}").await;
    assert!(status(&a, 400, "BadRequest").starts_with("failed to decode the protobuf body"));
    still_serves(&s).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watches_from_zero_from_the_future_and_from_the_forgotten_past() {
    // A log of 16 events, so a few writes push version 1 out of it.
    let s = server(EngineConfig { watch_log_capacity: Some(16), ..fast() }).await;
    for name in ["a", "b"] {
        assert_eq!(s.send("POST", PODS, &[JSON], pod(name)).await.code, 201);
    }

    // From 0: the current pods as ADDED first, then changes.
    let mut w = s.watch(&format!("{PODS}?watch=1&resourceVersion=0")).await.unwrap();
    let mut added = Vec::new();
    for _ in 0..2 {
        let Next::Event(e) = w.next(WAIT).await else { panic!("no initial event") };
        assert_eq!(e["type"], "ADDED", "{e}");
        added.push(e["object"]["metadata"]["name"].as_str().unwrap().to_string());
    }
    added.sort();
    assert_eq!(added, ["a", "b"]);

    // From a version the server has not reached: 504 with the ResourceVersionTooLarge cause.
    let a = s.watch(&format!("{PODS}?watch=1&resourceVersion=99999999")).await.err().unwrap();
    let message = status(&a, 504, "Timeout");
    assert!(message.starts_with("Too large resource version: 99999999, current: "), "{message}");
    assert_eq!(a.json["details"]["causes"][0]["reason"], "ResourceVersionTooLarge");

    // From one the log no longer holds: one ERROR event with a 410 Expired Status, then the end.
    for i in 0..20 {
        let patch = json!({ "metadata": { "labels": { "round": i.to_string() } } }).to_string();
        assert_eq!(s.send("PATCH", &format!("{PODS}/a"), &[MERGE], patch).await.code, 200);
    }
    let mut old = s.watch(&format!("{PODS}?watch=1&resourceVersion=1")).await.unwrap();
    let Next::Event(e) = old.next(WAIT).await else { panic!("no ERROR event") };
    assert_eq!(e["type"], "ERROR", "{e}");
    let st = &e["object"];
    assert_eq!((st["kind"].as_str(), st["code"].as_i64()), (Some("Status"), Some(410)), "{e}");
    assert_eq!(st["reason"], "Expired");
    let message = st["message"].as_str().unwrap();
    assert!(message.starts_with("too old resource version: 1 ("), "{message}");
    assert_eq!(old.next(WAIT).await, Next::End);

    // The watch from 0 saw the label changes meanwhile.
    let Next::Event(e) = w.next(WAIT).await else { panic!("the first watch stopped") };
    assert_eq!(e["type"], "MODIFIED", "{e}");
    still_serves(&s).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_abandoned_connections_leave_no_watchers_behind() {
    // A cap above the 500 watches, so this measures clean-up, not the cap.
    let s = server(EngineConfig { max_watches: 2_000, ..fast() }).await;
    assert_eq!(s.send("POST", PODS, &[JSON], pod("seen")).await.code, 201);
    let rss_before = rss_kib();
    for batch in 0..10 {
        let mut tasks = Vec::new();
        for _ in 0..50 {
            // Half connect and hang up at once.
            let addr = s.addr;
            tasks.push(tokio::spawn(async move {
                drop(tokio::net::TcpStream::connect(addr).await.unwrap());
            }));
        }
        // Half open a watch, read its first event and go away mid-stream.
        let mut watches = Vec::new();
        for _ in 0..50 {
            let mut w = s.watch(&format!("{PODS}?watch=1")).await.unwrap();
            assert!(matches!(w.next(WAIT).await, Next::Event(_)), "batch {batch}");
            watches.push(w);
        }
        drop(watches);
        for t in tasks {
            t.await.unwrap();
        }
    }
    let dropped_at = Instant::now();
    let deadline = dropped_at + Duration::from_secs(5);
    let mut watchers = s.engine.stats().await.watchers;
    let held_at_once = watchers;
    while watchers > 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
        watchers = s.engine.stats().await.watchers;
    }
    assert_eq!(watchers, 0, "watchers whose clients went away are still held");
    let rss_after = rss_kib();
    eprintln!(
        "1,000 abandoned connections: {held_at_once} watchers held right after, 0 after {:?}; \
         RSS {rss_before} KiB -> {rss_after} KiB",
        dropped_at.elapsed()
    );
    // A leak of one watcher's buffer per connection would show as tens of MiB here.
    assert!(rss_after < rss_before + 32 * 1024, "{rss_before} KiB -> {rss_after} KiB");
    still_serves(&s).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watches_beyond_the_cap_are_429() {
    let s = server(EngineConfig { max_watches: 3, ..fast() }).await;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(s.watch(&format!("{PODS}?watch=1")).await.unwrap());
    }
    let a = s.watch(&format!("{PODS}?watch=1")).await.err().unwrap();
    let message = status(&a, 429, "TooManyRequests");
    assert_eq!(message, "too many watches: this server allows 3 at once");
    assert_eq!(a.json["details"]["retryAfterSeconds"], 1);
    // A plain GET is not a watch and still works; a freed slot can be taken again.
    assert_eq!(s.get(PODS).await.code, 200);
    held.pop();
    let deadline = Instant::now() + WAIT;
    while s.engine.stats().await.watchers >= 3 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    still_serves(&s).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_right_bearer_token_every_request_is_401() {
    let s = Server::start(fast(), Some("s3cret"), World::new).await;
    for headers in [
        vec![],
        vec![("authorization", "Bearer wrong")],
        vec![("authorization", "Bearer s3cret2")],
        vec![("authorization", "Bearer ")],
        vec![("authorization", "Basic czNjcmV0")],
        vec![("authorization", "s3cret")],
        vec![("authorization", "Bearer  s3cret")],
    ] {
        for path in [PODS, "/api", "/version", "/apis/example.com/v1/widgets"] {
            let a = s.send_bare(path, &headers).await;
            let message = status(&a, 401, "Unauthorized");
            assert_eq!(message, "Unauthorized", "{headers:?}");
        }
    }
    // The scheme is case-insensitive, as the API server reads it.
    assert_eq!(s.send_bare(PODS, &[("authorization", "bearer s3cret")]).await.code, 200);
    still_serves(&s).await;
}

#[test]
fn an_address_beyond_loopback_without_a_token_refuses_to_start() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kubeloop"))
        .args(["serve", "--port", "0", "--address", "0.0.0.0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "it must not say it is serving");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("kubeloop serve: refusing to serve on 0.0.0.0 without --token"),
        "{err}"
    );
}
