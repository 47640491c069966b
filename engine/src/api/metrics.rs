//! The resource metrics API, `metrics.k8s.io/v1beta1`: `PodMetrics` and `NodeMetrics` from
//! the usage the world simulates (`world/usage`), as metrics-server serves them from its
//! kubelet scrapes. What `kubectl top` and the autoscaler read.
//!
//! Models metrics-server pkg/api/pod.go and node.go (Get and List over the pod and node
//! listers, a NotFound for an object it has no metrics for) and the types of
//! k8s.io/metrics pkg/apis/metrics/v1beta1. CPU is served in millicores and memory in
//! bytes; the real server writes nanocores and kibibytes, the same quantities. Not served:
//! watches, field selectors, `metrics.k8s.io/v1`.

use serde_json::{json, Value};

use crate::labels::selector::{self, Selector};
use crate::model::{Kind, Node, Pod};
use crate::world::usage::Usage;
use crate::world::World;

use super::{Query, Reply, Request, Response, Status};

pub const API_VERSION: &str = "metrics.k8s.io/v1beta1";

/// metrics-server's `--metric-resolution` default: the window each figure covers.
const WINDOW: &str = "15s";

/// Which of the two resources, where, and which object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// `true` for `pods`, `false` for `nodes`.
    pub pods: bool,
    pub namespace: Option<String>,
    pub name: Option<String>,
}

fn usage_json(u: &Usage) -> Value {
    json!({ "cpu": format!("{}m", u.cpu_milli), "memory": u.memory_bytes.to_string() })
}

fn metadata(name: &str, namespace: Option<&str>, w: &World) -> Value {
    let mut m = json!({ "name": name, "creationTimestamp": w.now().to_string() });
    if let Some(ns) = namespace {
        m["namespace"] = ns.into();
    }
    m
}

fn pod_json(w: &World, pod: &Pod) -> Option<Value> {
    let containers = w.metrics().pod(pod)?;
    let containers: Vec<Value> = containers
        .iter()
        .map(|c| json!({ "name": c.name, "usage": usage_json(&c.usage) }))
        .collect();
    let m = &pod.metadata;
    Some(json!({
        "kind": "PodMetrics", "apiVersion": API_VERSION,
        "metadata": metadata(&m.name, Some(&m.namespace), w),
        "timestamp": w.now().to_string(), "window": WINDOW,
        "containers": containers,
    }))
}

fn node_json(w: &World, node: &Node) -> Option<Value> {
    let usage = w.metrics().node(node)?;
    Some(json!({
        "kind": "NodeMetrics", "apiVersion": API_VERSION,
        "metadata": metadata(&node.metadata.name, None, w),
        "timestamp": w.now().to_string(), "window": WINDOW,
        "usage": usage_json(&usage),
    }))
}

/// metrics-server's NotFound for an object without metrics (`podmetrics.metrics.k8s.io
/// "default/web" not found`).
fn no_metrics(resource: &str, name: &str) -> Status {
    Status {
        code: 404,
        reason: "NotFound",
        message: format!("{resource}.metrics.k8s.io \"{name}\" not found"),
        details: Some(json!({ "name": name, "group": "metrics.k8s.io", "kind": resource })),
    }
}

pub fn serve(w: &World, req: &Request, q: &Query, t: &Target) -> Reply {
    Reply::Done(answer(w, req, q, t).unwrap_or_else(Response::from))
}

fn answer(w: &World, req: &Request, q: &Query, t: &Target) -> Result<Response, Status> {
    if req.method != "GET" || q.watch {
        return Err(Status::method_not_allowed());
    }
    let selector = match q.label_selector.as_deref().map(str::trim) {
        None | Some("") => Selector::everything(),
        Some(raw) => selector::parse(raw).map_err(|e| Status::bad_request(e.to_string()))?,
    };
    let ns = t.namespace.as_deref();
    match (t.pods, t.name.as_deref()) {
        (true, Some(name)) => {
            let ns = ns.unwrap_or_default();
            let pod =
                w.store.get::<Pod>(ns, name).ok_or_else(|| Status::not_found(Kind::Pod, name))?;
            let found = pod_json(w, pod)
                .ok_or_else(|| no_metrics("podmetrics", &format!("{ns}/{name}")))?;
            Ok(Response::ok(found))
        }
        (false, Some(name)) => {
            let node =
                w.store.get::<Node>("", name).ok_or_else(|| Status::not_found(Kind::Node, name))?;
            Ok(Response::ok(node_json(w, node).ok_or_else(|| no_metrics("nodemetrics", name))?))
        }
        (true, None) => {
            let pods = w.store.list::<Pod>(ns, Some(&selector));
            Ok(list("PodMetricsList", pods.filter_map(|p| pod_json(w, p)).collect()))
        }
        (false, None) => {
            let nodes = w.store.list::<Node>(None, Some(&selector));
            Ok(list("NodeMetricsList", nodes.filter_map(|n| node_json(w, n)).collect()))
        }
    }
}

fn list(kind: &str, items: Vec<Value>) -> Response {
    Response::ok(json!({ "kind": kind, "apiVersion": API_VERSION, "metadata": {}, "items": items }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::handle;

    fn get(w: &mut World, path: &str, query: &[(&str, &str)]) -> Response {
        let req = Request {
            method: "GET",
            path,
            query: query.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            ..Request::default()
        };
        match handle(w, &req) {
            Reply::Done(r) => r,
            Reply::Watch(_) => panic!("a watch"),
        }
    }

    fn running() -> World {
        let mut w = World::new(1);
        let pod = json!({"apiVersion": "v1", "kind": "Pod",
            "metadata": {"name": "web", "labels": {"app": "web"}},
            "spec": {"containers": [{"name": "c", "image": "nginx:1.27"}]}});
        let req = Request {
            method: "POST",
            path: "/api/v1/namespaces/default/pods",
            json: Some(&pod),
            ..Request::default()
        };
        assert!(matches!(handle(&mut w, &req), Reply::Done(r) if r.code == 201));
        w.settle();
        w.advance(120_000);
        w
    }

    #[test]
    fn nodes_and_pods_have_metrics_once_scraped() {
        let mut w = running();
        let nodes = get(&mut w, "/apis/metrics.k8s.io/v1beta1/nodes", &[]);
        assert_eq!(nodes.body["kind"], "NodeMetricsList");
        assert_eq!(nodes.body["items"].as_array().unwrap().len(), 3);
        let pods = get(
            &mut w,
            "/apis/metrics.k8s.io/v1beta1/namespaces/default/pods",
            &[("labelSelector", "app=web")],
        );
        let item = &pods.body["items"][0];
        assert_eq!(
            (&item["metadata"]["name"], &item["containers"][0]["name"]),
            (&json!("web"), &json!("c"))
        );
        assert!(item["containers"][0]["usage"]["cpu"].as_str().unwrap().ends_with('m'));
        let none = get(
            &mut w,
            "/apis/metrics.k8s.io/v1beta1/namespaces/default/pods",
            &[("labelSelector", "app=db")],
        );
        assert_eq!(none.body["items"], json!([]));
    }

    #[test]
    fn a_missing_object_or_one_without_metrics_is_not_found() {
        let mut w = running();
        let r = get(&mut w, "/apis/metrics.k8s.io/v1beta1/namespaces/default/pods/nope", &[]);
        assert_eq!((r.code, &r.body["message"]), (404, &json!("pods \"nope\" not found")));
        w.fail_node("node-1").unwrap();
        let r = get(&mut w, "/apis/metrics.k8s.io/v1beta1/nodes/node-1", &[]);
        assert_eq!(
            (r.code, &r.body["message"]),
            (404, &json!("nodemetrics.metrics.k8s.io \"node-1\" not found"))
        );
        let r = get(&mut w, "/apis/metrics.k8s.io/v1beta1/nodes", &[("labelSelector", "a in (")]);
        assert_eq!(r.code, 400);
    }
}
