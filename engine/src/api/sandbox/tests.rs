//! Each `kubeloop.dev/v1` resource through `handle`, over HTTP's shapes: a success and a
//! refusal apiece.

use serde_json::{json, Value};

use crate::api::{handle, Reply, Request, Response};
use crate::controllers::ControllerName;
use crate::store::Key;
use crate::world::{RunState, World};

const GROUP: &str = "/apis/kubeloop.dev/v1";

fn call(w: &mut World, method: &str, path: &str, body: Value) -> Response {
    let bytes = if body.is_null() { Vec::new() } else { serde_json::to_vec(&body).unwrap() };
    let ct = if method == "PATCH" { "application/merge-patch+json" } else { "application/json" };
    let path = format!("{GROUP}{path}");
    let req = Request {
        method,
        path: &path,
        accept: "application/json",
        content_type: ct,
        body: &bytes,
        ..Request::default()
    };
    match handle(w, &req) {
        Reply::Done(r) => r,
        Reply::Watch(_) => panic!("{method} {path}: a watch"),
    }
}

/// A POST outside the group.
fn post(w: &mut World, path: &str, body: Value) -> u16 {
    let req = Request { method: "POST", path, json: Some(&body), ..Request::default() };
    match handle(w, &req) {
        Reply::Done(r) => r.code,
        Reply::Watch(_) => panic!("{path}: a watch"),
    }
}

fn refusal(r: &Response) -> (u16, String) {
    (r.code, r.body["message"].as_str().unwrap_or_default().to_string())
}

fn names(r: &Response) -> Vec<String> {
    let items = r.body["items"].as_array().expect("a list");
    items.iter().map(|i| i["metadata"]["name"].as_str().unwrap_or_default().to_string()).collect()
}

#[test]
fn hosts_are_added_failed_recovered_and_removed() {
    let mut w = World::new(1);
    let added = call(&mut w, "POST", "/hosts", json!({"spec": {"maxPods": 20}}));
    assert_eq!((added.code, &added.body["metadata"]["name"]), (201, &json!("node-4")));
    assert_eq!(names(&call(&mut w, "GET", "/hosts", Value::Null)).len(), 4);
    let failed = call(&mut w, "PATCH", "/hosts/node-4", json!({"spec": {"up": false}}));
    assert_eq!((failed.code, &failed.body["spec"]["up"]), (200, &json!(false)));
    assert!(!w.hosts["node-4"].up);
    call(&mut w, "PATCH", "/hosts/node-4", json!({"spec": {"up": true}}));
    assert!(w.hosts["node-4"].up);
    assert_eq!(call(&mut w, "DELETE", "/hosts/node-4", Value::Null).code, 200);
    assert!(!w.hosts.contains_key("node-4"));
    assert!(w.store.get::<crate::model::Node>("", "node-4").is_none());
}

#[test]
fn a_missing_host_or_a_bad_body_is_refused_in_the_servers_words() {
    let mut w = World::new(1);
    let r = call(&mut w, "PATCH", "/hosts/node-9", json!({"spec": {"up": false}}));
    assert_eq!(refusal(&r), (404, "nodes \"node-9\" not found".into()));
    let r = call(&mut w, "DELETE", "/hosts/node-9", Value::Null);
    assert_eq!(refusal(&r), (404, "nodes \"node-9\" not found".into()));
    let r = call(&mut w, "POST", "/hosts", json!({"spec": {"maxPods": 0}}));
    assert_eq!(refusal(&r), (400, "spec.maxPods must be 1 to 10000".into()));
    assert_eq!(call(&mut w, "PUT", "/hosts/node-1", json!({})).code, 405);
}

#[test]
fn settings_show_the_timings_and_take_a_toleration() {
    let mut w = World::new(1);
    let r = call(&mut w, "PATCH", "/settings/cluster", json!({"spec": {"tolerationSeconds": 30}}));
    assert_eq!(
        r.body["spec"],
        json!({"nodeMonitorGracePeriodSeconds": 40, "tolerationSeconds": 30})
    );
    assert_eq!(w.config.toleration_seconds, 30);
    let r = call(&mut w, "PATCH", "/settings/cluster", json!({"spec": {"tolerationSeconds": -1}}));
    assert_eq!(refusal(&r), (400, "spec.tolerationSeconds must be 0 to 86400".into()));
    let r = call(&mut w, "GET", "/settings/other", Value::Null);
    assert_eq!(refusal(&r), (404, "settings.kubeloop.dev \"other\" not found".into()));
}

#[test]
fn controllers_list_in_tick_order_and_change_state() {
    let mut w = World::new(1);
    let list = call(&mut w, "GET", "/controllers", Value::Null);
    let short: Vec<String> = ControllerName::ALL.iter().map(|c| c.short().to_string()).collect();
    assert_eq!(names(&list), short);
    let name = ControllerName::ReplicaSet.short();
    let r = call(
        &mut w,
        "PATCH",
        &format!("/controllers/{name}"),
        json!({"spec": {"state": "Stopped"}}),
    );
    assert_eq!((r.code, &r.body["spec"]["state"]), (200, &json!("Stopped")));
    assert_eq!(w.controller_state(ControllerName::ReplicaSet), RunState::Stopped);
    let r = call(&mut w, "PATCH", "/controllers/rs", json!({"spec": {"state": "Paused"}}));
    assert_eq!(r.body["metadata"]["name"], name, "an alias is answered under the loop's name");
    let r = call(&mut w, "PATCH", "/controllers/nope", json!({"spec": {"state": "Paused"}}));
    assert_eq!(refusal(&r), (404, "controllers.kubeloop.dev \"nope\" not found".into()));
    let r =
        call(&mut w, "PATCH", &format!("/controllers/{name}"), json!({"spec": {"state": "off"}}));
    assert_eq!(refusal(&r).0, 400);
}

#[test]
fn event_drops_are_created_and_counted() {
    let mut w = World::new(1);
    let r = call(&mut w, "POST", "/eventdrops", json!({"count": 3}));
    assert_eq!((r.code, &r.body["status"]["pending"]), (201, &json!(3)));
    assert_eq!(w.pending_drops(), 3);
    let r = call(&mut w, "POST", "/eventdrops", json!({"count": -3}));
    assert_eq!(refusal(&r).0, 400);
    assert_eq!(call(&mut w, "GET", "/eventdrops", Value::Null).code, 405);
}

fn with_pod_and_service() -> World {
    let mut w = World::new(1);
    let pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "a"},
        "spec": {"containers": [{"name": "c", "image": "nginx"}]}});
    let r = post(&mut w, "/api/v1/namespaces/default/pods", pod);
    assert_eq!(r, 201);
    let svc = json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "web"},
        "spec": {"selector": {"app": "web"}, "ports": [{"port": 80}]}});
    let r = post(&mut w, "/api/v1/namespaces/default/services", svc);
    assert_eq!(r, 201);
    w
}

#[test]
fn a_load_is_put_listed_and_removed_with_zero() {
    let mut w = with_pod_and_service();
    let path = "/namespaces/default/loads/pod.a";
    let r = call(&mut w, "PUT", path, json!({"spec": {"cpu": "300m"}}));
    assert_eq!((r.code, &r.body["spec"]["cpu"]), (200, &json!("300m")));
    assert_eq!(w.loads().get(crate::model::Kind::Pod, &Key::new("default", "a")), 300);
    assert_eq!(names(&call(&mut w, "GET", "/namespaces/default/loads", Value::Null)), ["pod.a"]);
    call(&mut w, "PUT", path, json!({"spec": {"cpu": "0"}}));
    assert!(names(&call(&mut w, "GET", "/loads", Value::Null)).is_empty());
}

#[test]
fn a_load_on_nothing_or_beyond_the_limit_is_refused() {
    let mut w = with_pod_and_service();
    let r = call(
        &mut w,
        "PUT",
        "/namespaces/default/loads/deployment.web",
        json!({"spec": {"cpu": "1"}}),
    );
    assert_eq!(refusal(&r), (404, "deployments.apps \"web\" not found".into()));
    let r = call(&mut w, "PUT", "/namespaces/default/loads/pod.a", json!({"spec": {"cpu": "65"}}));
    assert_eq!(refusal(&r), (400, "spec.cpu must be a CPU quantity from 0 to 64 cores".into()));
    let r = call(&mut w, "GET", "/namespaces/default/loads/service.web", Value::Null);
    assert_eq!(refusal(&r).0, 400);
}

#[test]
fn a_services_traffic_is_listed_and_its_rate_set() {
    let mut w = with_pod_and_service();
    let path = "/namespaces/default/servicetraffics/web";
    let r = call(&mut w, "PATCH", path, json!({"spec": {"rate": 50}}));
    assert_eq!((r.code, &r.body["spec"]["rate"]), (200, &json!(50)));
    assert_eq!(w.traffic().rate(&Key::new("default", "web")), 50);
    let list = call(&mut w, "GET", "/namespaces/default/servicetraffics", Value::Null);
    assert!(names(&list).contains(&"web".to_string()), "{:?}", list.body);
    let r = call(
        &mut w,
        "PATCH",
        "/namespaces/default/servicetraffics/nope",
        json!({"spec": {"rate": 1}}),
    );
    assert_eq!(refusal(&r), (404, "services \"nope\" not found".into()));
    let r = call(&mut w, "PATCH", path, json!({"spec": {"rate": 1001}}));
    assert_eq!(refusal(&r).0, 400);
}
