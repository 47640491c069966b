//! The REST API through `handle`, as a client sees it: paths, verbs, bodies and Statuses.

use serde_json::{json, Value};

use super::{handle, Reply, Request, Response};
use crate::world::World;

/// One request through `handle`, as a client with no User-Agent sends it: JSON, a PATCH as
/// a merge patch.
pub(super) fn call(
    w: &mut World,
    method: &str,
    path: &str,
    query: &[(&str, &str)],
    body: Value,
) -> Response {
    let ct = if method == "PATCH" { "application/merge-patch+json" } else { "application/json" };
    call_as(w, method, path, query, ct, body)
}

/// `call` with the body sent as `content_type`.
pub(super) fn call_as(
    w: &mut World,
    method: &str,
    path: &str,
    query: &[(&str, &str)],
    content_type: &str,
    body: Value,
) -> Response {
    let bytes = if body.is_null() { Vec::new() } else { serde_json::to_vec(&body).unwrap() };
    let req = Request {
        method,
        path,
        query: query.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        accept: "application/json",
        content_type,
        body: &bytes,
        json: None,
        user_agent: "",
    };
    match handle(w, &req) {
        Reply::Done(r) => r,
        Reply::Watch(_) => panic!("{method} {path}: a watch"),
    }
}

fn get(w: &mut World, path: &str, query: &[(&str, &str)]) -> Response {
    call(w, "GET", path, query, Value::Null)
}

const DEPLOYMENTS: &str = "/apis/apps/v1/namespaces/default/deployments";
const PODS: &str = "/api/v1/namespaces/default/pods";

fn deployment(name: &str, replicas: i32) -> Value {
    json!({
        "apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": name},
        "spec": {"replicas": replicas, "selector": {"matchLabels": {"app": name}},
            "template": {"metadata": {"labels": {"app": name}},
                "spec": {"containers": [{"name": "c", "image": "nginx"}]}}}
    })
}

fn world_with(names: &[(&str, i32)]) -> World {
    let mut w = World::new(1);
    for (name, n) in names {
        assert_eq!(call(&mut w, "POST", DEPLOYMENTS, &[], deployment(name, *n)).code, 201);
    }
    w.settle();
    w
}

fn names(r: &Response) -> Vec<String> {
    r.body["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["metadata"]["name"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn lists_filter_by_label_and_field_and_page_with_continue() {
    let mut w = world_with(&[("web", 3), ("api", 2)]);
    assert_eq!(names(&get(&mut w, PODS, &[("labelSelector", "app=web")])).len(), 3);
    let all = get(&mut w, PODS, &[]);
    assert_eq!(all.body["kind"], "PodList");
    assert!(all.body["items"][0].get("kind").is_none(), "list items carry no kind");
    let running = get(&mut w, PODS, &[("fieldSelector", "status.phase=Running")]);
    assert_eq!(names(&running).len(), 5);
    let bad = get(&mut w, PODS, &[("fieldSelector", "spec.bogus=1")]);
    assert_eq!((bad.code, bad.body["reason"].clone()), (400, json!("BadRequest")));
    let bad = get(&mut w, PODS, &[("labelSelector", "app in (web")]);
    assert_eq!(bad.code, 400);

    let page = get(&mut w, PODS, &[("limit", "2")]);
    assert_eq!(
        (names(&page).len(), page.body["metadata"]["remainingItemCount"].clone()),
        (2, json!(3))
    );
    let token = page.body["metadata"]["continue"].as_str().unwrap().to_string();
    let next = get(&mut w, PODS, &[("limit", "2"), ("continue", &token)]);
    let last =
        get(&mut w, PODS, &[("continue", next.body["metadata"]["continue"].as_str().unwrap())]);
    let mut seen = [names(&page), names(&next), names(&last)].concat();
    assert_eq!(seen.len(), 5);
    seen.dedup();
    assert_eq!(seen, names(&all));
    assert_eq!(get(&mut w, PODS, &[("continue", "garbage")]).code, 400);
}

#[test]
fn updates_need_the_current_version_and_status_is_its_own_subresource() {
    let mut w = world_with(&[("web", 1)]);
    let path = format!("{DEPLOYMENTS}/web");
    let current = get(&mut w, &path, &[]).body;
    let mut stale = current.clone();
    let mut fresh = current.clone();
    fresh["spec"]["replicas"] = json!(2);
    assert_eq!(call(&mut w, "PUT", &path, &[], fresh).code, 200);
    stale["spec"]["replicas"] = json!(4);
    let conflict = call(&mut w, "PUT", &path, &[], stale);
    assert_eq!((conflict.code, conflict.body["reason"].clone()), (409, json!("Conflict")));
    assert_eq!(get(&mut w, &path, &[]).body["spec"]["replicas"], 2);
    // No resourceVersion, or "0": an unconditional update.
    for rv in [None, Some(""), Some("0")] {
        let mut blind = get(&mut w, &path, &[]).body;
        match rv {
            Some(rv) => blind["metadata"]["resourceVersion"] = json!(rv),
            None => _ = blind["metadata"].as_object_mut().unwrap().remove("resourceVersion"),
        }
        blind["spec"]["replicas"] = json!(3);
        assert_eq!(call(&mut w, "PUT", &path, &[], blind).code, 200, "resourceVersion {rv:?}");
        let mut back = get(&mut w, &path, &[]).body;
        back["spec"]["replicas"] = json!(2);
        assert_eq!(call(&mut w, "PUT", &path, &[], back).code, 200);
    }

    // A PUT to the object keeps the status; one to /status keeps the spec.
    let mut body = get(&mut w, &path, &[]).body;
    body["status"]["observedGeneration"] = json!(99);
    body["spec"]["replicas"] = json!(7);
    let r = call(&mut w, "PUT", &format!("{path}/status"), &[], body);
    assert_eq!(r.code, 200, "{}", r.body);
    assert_eq!(
        (r.body["status"]["observedGeneration"].clone(), r.body["spec"]["replicas"].clone()),
        (json!(99), json!(2))
    );

    let renamed = call(&mut w, "PUT", &path, &[], json!({"metadata": {"name": "other"}}));
    assert_eq!(renamed.code, 400);
    let missing = call(&mut w, "PUT", &format!("{DEPLOYMENTS}/nope"), &[], deployment("nope", 1));
    assert_eq!(missing.code, 404);
}

#[test]
fn patches_of_each_type_and_a_patch_that_does_not_apply() {
    let mut w = world_with(&[("web", 1)]);
    let path = format!("{DEPLOYMENTS}/web");
    let r = call(&mut w, "PATCH", &path, &[], json!({"metadata": {"labels": {"tier": "front"}}}));
    assert_eq!(r.body["metadata"]["labels"]["tier"], "front");
    let ops = serde_json::to_vec(&json!([{"op": "replace", "path": "/spec/replicas", "value": 3}]))
        .unwrap();
    let req = Request {
        method: "PATCH",
        path: &path,
        content_type: "application/json-patch+json",
        body: &ops,
        ..Default::default()
    };
    let Reply::Done(r) = handle(&mut w, &req) else { panic!("a watch") };
    assert_eq!(r.body["spec"]["replicas"], 3);
    let ops = serde_json::to_vec(&json!([{"op": "remove", "path": "/spec/nothing"}])).unwrap();
    let req = Request { body: &ops, ..req };
    let Reply::Done(r) = handle(&mut w, &req) else { panic!("a watch") };
    assert_eq!((r.code, r.body["reason"].clone()), (422, json!("Invalid")));
    // An apply patch is served (api/apply.rs); one the server cannot read is its 400.
    let req = Request { content_type: "application/apply-patch+yaml", ..req };
    let Reply::Done(r) = handle(&mut w, &req) else { panic!("a watch") };
    assert_eq!(r.code, 422, "no fieldManager: {}", r.body);
    let req = Request { content_type: "application/x-unknown-patch", ..req };
    let Reply::Done(r) = handle(&mut w, &req) else { panic!("a watch") };
    assert_eq!(r.code, 415);
}

#[test]
fn unknown_fields_warn_by_default_and_fail_when_strict() {
    let mut w = World::new(1);
    let mut body = deployment("web", 1);
    body["spec"]["replicaz"] = json!(2);
    let strict = call(&mut w, "POST", DEPLOYMENTS, &[("fieldValidation", "Strict")], body.clone());
    assert_eq!(strict.code, 400);
    assert!(strict.body["message"].as_str().unwrap().contains("unknown field \"spec.replicaz\""));
    let warned = call(&mut w, "POST", DEPLOYMENTS, &[], body);
    assert_eq!(
        (warned.code, warned.warnings.clone()),
        (201, vec!["unknown field \"spec.replicaz\"".to_string()])
    );
    let dry = call(&mut w, "POST", DEPLOYMENTS, &[("dryRun", "All")], deployment("dry", 1));
    assert_eq!(dry.code, 201);
    assert_eq!(get(&mut w, &format!("{DEPLOYMENTS}/dry"), &[]).code, 404);
    let wrong_ns = json!({"metadata": {"name": "x", "namespace": "other"}});
    assert_eq!(call(&mut w, "POST", DEPLOYMENTS, &[], wrong_ns).code, 400);
    let wrong_kind = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "x"}});
    assert_eq!(call(&mut w, "POST", DEPLOYMENTS, &[], wrong_kind).code, 400);
}

#[test]
fn delete_answers_by_outcome_and_deletecollection_takes_what_the_selector_names() {
    let mut w = world_with(&[("web", 2), ("api", 1)]);
    let gone = call(
        &mut w,
        "DELETE",
        &format!("{DEPLOYMENTS}/api"),
        &[],
        json!({"propagationPolicy": "Background"}),
    );
    assert_eq!((gone.code, gone.body["status"].clone()), (200, json!("Success")));
    let pod = names(&get(&mut w, PODS, &[("labelSelector", "app=web")]))[0].clone();
    let graceful = call(&mut w, "DELETE", &format!("{PODS}/{pod}"), &[], Value::Null);
    assert_eq!(graceful.code, 200, "a pod goes gracefully: {}", graceful.body);
    assert!(graceful.body["metadata"]["deletionTimestamp"].is_string());
    let other = names(&get(&mut w, PODS, &[("labelSelector", "app=web")]))[1].clone();
    let cascading = json!({"orphanDependents": false});
    let accepted = call(&mut w, "DELETE", &format!("{PODS}/{other}"), &[], cascading);
    assert_eq!(accepted.code, 202, "orphanDependents=false asks for 202: {}", accepted.body);
    let both = json!({"propagationPolicy": "Orphan", "orphanDependents": true});
    assert_eq!(call(&mut w, "DELETE", &format!("{DEPLOYMENTS}/web"), &[], both).code, 422);
    let stale = json!({"preconditions": {"resourceVersion": "1"}});
    assert_eq!(call(&mut w, "DELETE", &format!("{DEPLOYMENTS}/web"), &[], stale).code, 409);
    w.settle();
    let swept = call(
        &mut w,
        "DELETE",
        PODS,
        &[("labelSelector", "app=web"), ("gracePeriodSeconds", "0")],
        Value::Null,
    );
    assert_eq!(names(&swept).len(), 2, "{}", swept.body);
    assert_eq!(call(&mut w, "DELETE", &format!("{DEPLOYMENTS}/api"), &[], Value::Null).code, 404);
}

#[test]
fn scale_binding_and_log_subresources() {
    let mut w = world_with(&[("web", 1)]);
    let scale = format!("{DEPLOYMENTS}/web/scale");
    let s = get(&mut w, &scale, &[]);
    assert_eq!(
        (s.body["kind"].clone(), s.body["spec"]["replicas"].clone()),
        (json!("Scale"), json!(1))
    );
    assert_eq!(s.body["status"]["selector"], "app=web");
    let r = call(&mut w, "PATCH", &scale, &[], json!({"spec": {"replicas": 4}}));
    assert_eq!(r.body["spec"]["replicas"], 4);
    let r = call(&mut w, "PUT", &scale, &[], json!({"spec": {"replicas": -1}}));
    assert_eq!((r.code, r.body["details"]["kind"].clone()), (422, json!("Scale")));
    assert_eq!(get(&mut w, &format!("{PODS}/x/scale"), &[]).code, 404);

    let pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
        "spec": {"schedulerName": "nobody", "containers": [{"name": "c", "image": "nginx"}]}});
    assert_eq!(call(&mut w, "POST", PODS, &[], pod).code, 201);
    let bind = json!({"apiVersion": "v1", "kind": "Binding", "metadata": {"name": "p"}, "target": {"kind": "Node", "name": "node-2"}});
    let r = call(&mut w, "POST", &format!("{PODS}/p/binding"), &[], bind.clone());
    assert_eq!(r.code, 201, "{}", r.body);
    assert_eq!(get(&mut w, &format!("{PODS}/p"), &[]).body["spec"]["nodeName"], "node-2");
    assert_eq!(call(&mut w, "POST", &format!("{PODS}/p/binding"), &[], bind).code, 409);

    w.settle();
    let log = get(&mut w, &format!("{PODS}/p/log"), &[]);
    assert_eq!(log.code, 200);
    assert!(log.text.as_deref().is_some_and(|t| t.contains("nginx")), "{log:?}");
    assert_eq!(get(&mut w, &format!("{PODS}/p/log"), &[("container", "nope")]).code, 400);
}

#[test]
fn autoscaling_v1_is_converted_both_ways() {
    let mut w = world_with(&[("web", 1)]);
    let path = "/apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers";
    let hpa = json!({"apiVersion": "autoscaling/v1", "kind": "HorizontalPodAutoscaler", "metadata": {"name": "web"},
        "spec": {"scaleTargetRef": {"apiVersion": "apps/v1", "kind": "Deployment", "name": "web"},
            "minReplicas": 1, "maxReplicas": 5, "targetCPUUtilizationPercentage": 60}});
    let r = call(&mut w, "POST", path, &[], hpa);
    assert_eq!(r.code, 201, "{}", r.body);
    assert_eq!(r.body["spec"]["targetCPUUtilizationPercentage"], 60);
    let v2 =
        get(&mut w, "/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers/web", &[]);
    assert_eq!(v2.body["spec"]["metrics"][0]["resource"]["target"]["averageUtilization"], 60);
    let mut v1 = get(&mut w, &format!("{path}/web"), &[]).body;
    assert_eq!(v1["apiVersion"], "autoscaling/v1");
    v1["spec"]["targetCPUUtilizationPercentage"] = json!(70);
    let r = call(&mut w, "PUT", &format!("{path}/web"), &[], v1);
    assert_eq!(
        (r.code, r.body["spec"]["targetCPUUtilizationPercentage"].clone()),
        (200, json!(70))
    );
    let v2 =
        get(&mut w, "/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers/web", &[]);
    assert_eq!(v2.body["spec"]["metrics"][0]["resource"]["target"]["averageUtilization"], 70);
}

#[test]
fn namespaces_are_listed_read_and_created() {
    let mut w = World::new(1);
    let r = call(&mut w, "POST", "/api/v1/namespaces", &[], json!({"metadata": {"name": "shop"}}));
    assert_eq!(r.code, 201);
    assert_eq!(get(&mut w, "/api/v1/namespaces/shop", &[]).body["status"]["phase"], "Active");
    assert_eq!(get(&mut w, "/api/v1/namespaces/nope", &[]).code, 404);
    let created = call(
        &mut w,
        "POST",
        "/apis/apps/v1/namespaces/shop/deployments",
        &[],
        deployment("api", 1),
    );
    assert_eq!(created.body["metadata"]["namespace"], "shop");
    let missing_ns =
        call(&mut w, "POST", "/apis/apps/v1/namespaces/nope/deployments", &[], deployment("x", 1));
    assert_eq!(missing_ns.code, 404);
}

/// pkg/registry/core/namespace/storage: DELETE marks a namespace with finalizers
/// Terminating and answers 200 with it; `finalize` writes `spec.finalizers` alone, and the
/// last one going removes the namespace. A collection DELETE of namespaces is not served.
#[test]
fn a_deleted_namespace_terminates_until_finalized() {
    let mut w = World::new(1);
    call(&mut w, "POST", "/api/v1/namespaces", &[], json!({"metadata": {"name": "shop"}}));
    call(&mut w, "POST", "/apis/apps/v1/namespaces/shop/deployments", &[], deployment("api", 1));
    let deleted = call(&mut w, "DELETE", "/api/v1/namespaces/shop", &[], Value::Null);
    assert_eq!((deleted.code, &deleted.body["status"]["phase"]), (200, &json!("Terminating")));
    let put = json!({"metadata": {"name": "shop"}, "spec": {"finalizers": ["kubernetes"]}});
    let mut emptied = get(&mut w, "/api/v1/namespaces/shop", &[]).body;
    emptied["spec"]["finalizers"] = json!([]);
    let kept = call(&mut w, "PUT", "/api/v1/namespaces/shop", &[], emptied);
    assert_eq!(kept.body["spec"]["finalizers"], json!(["kubernetes"]), "an update keeps them");
    let same = call(&mut w, "PUT", "/api/v1/namespaces/shop/finalize", &[], put);
    assert_eq!((same.code, &same.body["spec"]["finalizers"]), (200, &json!(["kubernetes"])));
    let refused = call(
        &mut w,
        "POST",
        "/api/v1/namespaces/shop/configmaps",
        &[],
        json!({
            "metadata": {"name": "late"}
        }),
    );
    assert_eq!((refused.code, &refused.body["reason"]), (403, &json!("Forbidden")));
    let done = json!({"metadata": {"name": "shop"}, "spec": {"finalizers": []}});
    assert_eq!(call(&mut w, "PUT", "/api/v1/namespaces/shop/finalize", &[], done).code, 200);
    assert_eq!(get(&mut w, "/api/v1/namespaces/shop", &[]).code, 404);
    assert_eq!(call(&mut w, "DELETE", "/api/v1/namespaces", &[], Value::Null).code, 405);
}

fn watch(w: &mut World, path: &str, query: &[(&str, &str)]) -> super::WatchSpec {
    let req = Request {
        method: "GET",
        path,
        query: query.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        ..Default::default()
    };
    match handle(w, &req) {
        Reply::Watch(spec) => spec,
        Reply::Done(r) => panic!("not a watch: {r:?}"),
    }
}

fn types(events: &[Value]) -> Vec<String> {
    events
        .iter()
        .map(|e| {
            format!(
                "{} {}",
                e["type"].as_str().unwrap(),
                e["object"]["metadata"]["name"].as_str().unwrap_or("")
            )
        })
        .collect()
}

#[test]
fn a_selector_watch_sees_objects_arrive_and_leave_its_selection() {
    let mut w = world_with(&[("web", 1)]);
    let rv = w.store.resource_version().to_string();
    let mut spec = watch(
        &mut w,
        DEPLOYMENTS,
        &[("watch", "1"), ("resourceVersion", &rv), ("labelSelector", "tier=front")],
    );
    assert!(spec.poll(&w).is_empty());
    let by_field = |name: &str| format!("metadata.name={name}");
    let (web, api) = (by_field("web"), by_field("api"));
    let mut by_name = watch(
        &mut w,
        DEPLOYMENTS,
        &[("watch", "1"), ("resourceVersion", &rv), ("fieldSelector", &web)],
    );
    let mut other = watch(
        &mut w,
        DEPLOYMENTS,
        &[("watch", "1"), ("resourceVersion", &rv), ("fieldSelector", &api)],
    );
    let path = format!("{DEPLOYMENTS}/web");
    call(&mut w, "PATCH", &path, &[], json!({"metadata": {"labels": {"tier": "front"}}}));
    call(&mut w, "PATCH", &path, &[], json!({"metadata": {"labels": {"x": "y"}}}));
    call(&mut w, "PATCH", &path, &[], json!({"metadata": {"labels": {"tier": "back"}}}));
    assert_eq!(types(&spec.poll(&w)), ["ADDED web", "MODIFIED web", "DELETED web"]);
    assert_eq!(types(&by_name.poll(&w)), ["MODIFIED web", "MODIFIED web", "MODIFIED web"]);
    assert!(other.poll(&w).is_empty());

    let mut from_zero = watch(
        &mut w,
        DEPLOYMENTS,
        &[("watch", "1"), ("resourceVersion", "0"), ("allowWatchBookmarks", "true")],
    );
    assert_eq!(types(&from_zero.poll(&w)), ["ADDED web"]);
    let bookmark = from_zero.bookmark(&w).unwrap();
    assert_eq!(bookmark["type"], "BOOKMARK");
    assert_eq!(
        bookmark["object"]["metadata"]["resourceVersion"],
        w.store.resource_version().to_string()
    );

    let future = (w.store.resource_version() + 10).to_string();
    let req = Request {
        method: "GET",
        path: DEPLOYMENTS,
        query: vec![("watch".into(), "1".into()), ("resourceVersion".into(), future)],
        ..Default::default()
    };
    let Reply::Done(r) = handle(&mut w, &req) else { panic!("a watch from the future") };
    assert_eq!(
        (r.code, r.body["details"]["causes"][0]["reason"].clone()),
        (504, json!("ResourceVersionTooLarge"))
    );
}

#[test]
fn a_watch_from_a_version_the_log_dropped_gets_one_410_event() {
    let mut w = World::empty(1);
    w.store.watch = crate::store::WatchLog::with_capacity(4);
    for i in 0..6 {
        let pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": format!("p{i}")},
            "spec": {"containers": [{"name": "c", "image": "nginx"}]}});
        assert_eq!(call(&mut w, "POST", PODS, &[], pod).code, 201);
    }
    let mut spec = watch(&mut w, PODS, &[("watch", "1"), ("resourceVersion", "1")]);
    let events = spec.poll(&w);
    assert_eq!(events.len(), 1);
    assert_eq!(
        (events[0]["type"].clone(), events[0]["object"]["code"].clone()),
        (json!("ERROR"), json!(410))
    );
    assert_eq!(events[0]["object"]["reason"], "Expired");
    assert!(spec.finished());
}

#[test]
fn the_loops_decisions_are_listed_and_watched_from_where_the_list_ended() {
    let mut w = world_with(&[("web", 2)]);
    let list = get(&mut w, super::decisions::PATH, &[]);
    assert_eq!(list.body["kind"], "DecisionList");
    let items = list.body["items"].as_array().unwrap();
    assert!(items.iter().any(|d| d["controller"] == "replicaset"), "{}", list.body);
    let rv = list.body["metadata"]["resourceVersion"].as_str().unwrap().to_string();
    let mut spec =
        watch(&mut w, super::decisions::PATH, &[("watch", "1"), ("resourceVersion", &rv)]);
    assert!(spec.poll(&w).is_empty());
    call(
        &mut w,
        "PATCH",
        &format!("{DEPLOYMENTS}/web/scale"),
        &[],
        json!({"spec": {"replicas": 3}}),
    );
    w.settle();
    let events = spec.poll(&w);
    assert!(!events.is_empty());
    let first = super::decisions::from_json(&events[0]["object"]).expect("a Decision");
    assert_eq!(first.1, rv.parse::<u64>().unwrap() + 1, "numbered on from the list");
    assert_eq!(call(&mut w, "POST", super::decisions::PATH, &[], json!({})).code, 405);
}
