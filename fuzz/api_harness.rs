//! The body of the `api_request` fuzz target, shared by `fuzz_targets/api_request.rs`
//! (libFuzzer) and `serve/tests/api_fuzz_corpus.rs`, which replays
//! `fuzz/regressions/api_request/` in the normal test run. It depends on the engine alone,
//! so the server's crate can replay it without the web app.
//!
//! An input reads like an HTTP request, so seeds stay legible and the fuzzer can still
//! mutate any byte:
//!
//! ```text
//! PATCH /apis/apps/v1/namespaces/default/deployments/web?fieldValidation=Strict
//! content-type: application/merge-patch+json
//!
//! {"spec":{"replicas":2}}
//! ```
//!
//! The first line is the method and the path with its query; header lines up to a blank
//! line set `content-type` and `accept`; the rest is the body. `kubeloop::api::handle` must
//! not panic on any of it, every failure must be a `metav1.Status` with the answer's code,
//! and afterwards the cluster must still answer and still heal (debug builds check the
//! store's invariants after every tick).

// Each user of this file calls only some of it.
#![allow(dead_code)]

use kubeloop::api::{self, Reply, Request};
use kubeloop::world::World;

/// A request split as the HTTP layer splits it. The query is not percent-decoded: the
/// fuzzer reaches every byte the decoder could produce anyway.
struct Parsed {
    method: String,
    path: String,
    query: Vec<(String, String)>,
    content_type: String,
    accept: String,
    body: Vec<u8>,
}

fn parse(data: &[u8]) -> Parsed {
    let head_end = data.windows(2).position(|w| w == b"\n\n");
    let (head, body) = match head_end {
        Some(i) => (&data[..i], data[i + 2..].to_vec()),
        None => match data.iter().position(|&b| b == b'\n') {
            Some(i) => (&data[..i], data[i + 1..].to_vec()),
            None => (data, Vec::new()),
        },
    };
    let head = String::from_utf8_lossy(head);
    let mut lines = head.lines();
    let first = lines.next().unwrap_or_default();
    let (method, target) = first.split_once(' ').unwrap_or((first, "/"));
    let (path, raw_query) = target.split_once('?').unwrap_or((target, ""));
    let query = raw_query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (k.to_string(), v.to_string())
        })
        .collect();
    let mut p = Parsed {
        method: method.to_string(),
        path: path.to_string(),
        query,
        content_type: String::new(),
        accept: String::new(),
        body,
    };
    for line in lines {
        let (name, value) = line.split_once(':').unwrap_or((line, ""));
        match name.trim().to_ascii_lowercase().as_str() {
            "content-type" => p.content_type = value.trim().to_string(),
            "accept" => p.accept = value.trim().to_string(),
            _ => {}
        }
    }
    p
}

fn call(world: &mut World, method: &str, path: &str, content_type: &str, body: &[u8]) -> Reply {
    let req = Request { method, path, content_type, body, ..Request::default() };
    api::handle(world, &req)
}

/// A world with a Deployment of two pods, a Service, a PodDisruptionBudget that lets none of
/// them go, a pod of its own and a ResourceQuota, made through the API, so requests have objects of several kinds to find, change and watch.
fn small_world() -> World {
    let mut world = World::new(1);
    let json = "application/json";
    let objects = [
        (
            "/apis/apps/v1/namespaces/default/deployments",
            r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","labels":{"app":"web"}},"spec":{"replicas":2,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"nginx","image":"nginx:1.27"}]}}}}"#,
        ),
        (
            "/api/v1/namespaces/default/services",
            r#"{"apiVersion":"v1","kind":"Service","metadata":{"name":"web"},"spec":{"selector":{"app":"web"},"ports":[{"port":80}]}}"#,
        ),
        (
            "/apis/policy/v1/namespaces/default/poddisruptionbudgets",
            r#"{"apiVersion":"policy/v1","kind":"PodDisruptionBudget","metadata":{"name":"web"},"spec":{"minAvailable":2,"selector":{"matchLabels":{"app":"web"}}}}"#,
        ),
        (
            "/api/v1/namespaces/default/pods",
            r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"solo"},"spec":{"containers":[{"name":"c","image":"busybox:1.36","command":["sleep","3600"]}]}}"#,
        ),
        (
            "/api/v1/namespaces/default/resourcequotas",
            r#"{"apiVersion":"v1","kind":"ResourceQuota","metadata":{"name":"small"},"spec":{"hard":{"pods":"10","services":"5","count/configmaps":"3"}}}"#,
        ),
    ];
    for (path, body) in objects {
        match call(&mut world, "POST", path, json, body.as_bytes()) {
            Reply::Done(r) => assert_eq!(r.code, 201, "{path}: {}", r.body),
            Reply::Watch(_) => unreachable!("a POST is not a watch"),
        }
    }
    world.advance(5_000);
    world
}

/// Any request against a small live cluster.
pub fn api_request(data: &[u8]) {
    let p = parse(data);
    let mut world = small_world();
    let req = Request {
        method: &p.method,
        path: &p.path,
        query: p.query.clone(),
        accept: &p.accept,
        content_type: &p.content_type,
        body: &p.body,
        json: None,
        user_agent: "",
    };
    match api::handle(&mut world, &req) {
        Reply::Done(r) => {
            assert!((200..600).contains(&r.code), "code {}", r.code);
            if r.code >= 400 {
                assert_eq!(r.body["kind"], "Status", "a failure is a Status: {}", r.body);
                assert_eq!(r.body["code"], r.code, "the Status carries the code: {}", r.body);
            }
        }
        Reply::Watch(mut spec) => {
            // A watch streams what happens next: a little time passes between polls.
            for _ in 0..3 {
                for event in spec.poll(&world) {
                    assert!(event.get("type").is_some(), "a watch event has a type: {event}");
                }
                if spec.finished() {
                    break;
                }
                world.advance(1_000);
            }
        }
    }
    // The cluster still answers and still heals.
    world.advance(2_000);
    match call(&mut world, "GET", "/api/v1/namespaces/default/pods", "", b"") {
        Reply::Done(r) => assert_eq!(r.code, 200, "the cluster stopped answering: {}", r.body),
        Reply::Watch(_) => unreachable!("a GET without watch is not a watch"),
    }
}
