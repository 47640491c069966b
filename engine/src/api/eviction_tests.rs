use serde_json::json;

use crate::api::client::{Api, Call, Verb};
use crate::model::{Kind, Pod};
use crate::world::World;

/// A cluster with one bare pod, `solo`, created through the API.
fn cluster() -> World {
    let mut w = World::new(1);
    let mut call = Call::list(Kind::Pod, "default");
    call.verb = Verb::Create;
    call.body = Some(json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "solo"},
        "spec": {"containers": [{"name": "c", "image": "nginx"}]}}));
    assert_eq!(w.send(&call).code, 201);
    w
}

fn eviction(name: &str, body: serde_json::Value) -> Call {
    let mut call = Call::get(Kind::Pod, "default", name).sub("eviction");
    call.verb = Verb::Create;
    call.body = Some(body);
    call
}

#[test]
fn an_eviction_deletes_the_pod_and_answers_success() {
    let mut w = cluster();
    let body = json!({"apiVersion": "policy/v1", "kind": "Eviction",
        "metadata": {"name": "solo", "namespace": "default"},
        "deleteOptions": {"gracePeriodSeconds": 0}});
    let answer = w.send(&eviction("solo", body));
    assert_eq!((answer.code, answer.body["status"].clone()), (201, json!("Success")));
    assert!(w.store.get::<Pod>("default", "solo").is_none(), "gone at once with grace 0");
}

#[test]
fn a_dry_run_eviction_answers_success_and_keeps_the_pod() {
    // `drain --dry-run=server` sets the Eviction's deleteOptions.dryRun; a request's
    // `?dryRun=All` counts the same (propagateDryRun).
    let mut w = cluster();
    let body = json!({"apiVersion": "policy/v1", "kind": "Eviction",
        "metadata": {"name": "solo", "namespace": "default"},
        "deleteOptions": {"dryRun": ["All"], "gracePeriodSeconds": 0}});
    assert_eq!(w.send(&eviction("solo", body)).code, 201);
    let body = json!({"apiVersion": "policy/v1", "kind": "Eviction",
        "metadata": {"name": "solo", "namespace": "default"}});
    assert_eq!(w.send(&eviction("solo", body).dry_run(true)).code, 201);
    assert!(w.store.get::<Pod>("default", "solo").is_some_and(|p| !p.metadata.is_deleting()));
}

#[test]
fn a_stale_resource_version_precondition_is_a_conflict() {
    let mut w = cluster();
    let body = json!({"apiVersion": "policy/v1", "kind": "Eviction",
        "metadata": {"name": "solo", "namespace": "default"},
        "deleteOptions": {"preconditions": {"resourceVersion": "1"}}});
    let answer = w.send(&eviction("solo", body));
    assert_eq!((answer.code, answer.body["reason"].clone()), (409, json!("Conflict")));
    assert!(w.store.get::<Pod>("default", "solo").is_some());
}

#[test]
fn a_wrong_name_and_a_missing_pod_are_refused_as_the_api_server_does() {
    let mut w = cluster();
    let answer = w.send(&eviction("solo", json!({"metadata": {"name": "other"}})));
    assert_eq!(answer.code, 400);
    assert_eq!(answer.body["message"], "name in URL does not match name in Eviction object");
    let answer = w.send(&eviction("ghost", json!({"metadata": {"name": "ghost"}})));
    assert_eq!((answer.code, answer.body["reason"].clone()), (404, json!("NotFound")));
}

/// A settled session with web's three pods and a budget `spec` over them.
fn guarded(spec: &str) -> crate::session::Session {
    let mut s = crate::session::Session::script(3);
    s.run("k create deployment web --image=nginx:1.27 --replicas=3");
    let out = s.run(&format!("k create pdb web --selector=app=web {spec}"));
    assert_eq!(out.status, 0, "{}", out.text());
    s.run("settle");
    s
}

fn web_pods(s: &mut crate::session::Session) -> Vec<String> {
    s.world.store.list::<Pod>(Some("default"), None).map(|p| p.metadata.name.clone()).collect()
}

fn evict(s: &mut crate::session::Session, pod: &str) -> crate::api::client::Answer {
    let body = json!({"apiVersion": "policy/v1", "kind": "Eviction",
        "metadata": {"name": pod, "namespace": "default"}});
    s.api().send(&eviction(pod, body))
}

#[test]
fn an_eviction_the_budget_does_not_allow_is_429_with_the_budgets_numbers() {
    let mut s = guarded("--min-available=3");
    let pods = web_pods(&mut s);
    let answer = evict(&mut s, &pods[0]);
    assert_eq!(answer.code, 429);
    assert_eq!(answer.body["reason"], "TooManyRequests");
    assert_eq!(
        answer.body["message"],
        "Cannot evict pod as it would violate the pod's disruption budget."
    );
    assert_eq!(
        answer.body["details"],
        json!({"causes": [{"reason": "DisruptionBudget",
            "message": "The disruption budget web needs 3 healthy pods and has 3 currently"}]})
    );
    assert!(s
        .world
        .store
        .get::<Pod>("default", &pods[0])
        .is_some_and(|p| !p.metadata.is_deleting()));
}

#[test]
fn an_allowed_eviction_spends_the_budget_until_the_replacement_is_ready() {
    let mut s = guarded("--max-unavailable=1");
    let pods = web_pods(&mut s);
    assert_eq!(evict(&mut s, &pods[0]).code, 201);
    let pdb = s.world.store.get::<crate::model::PodDisruptionBudget>("default", "web").cloned();
    let status = pdb.expect("the budget").status;
    assert_eq!(status.disruptions_allowed, 0);
    assert!(status.disrupted_pods.contains_key(&pods[0]), "{status:?}");
    // The next one waits: the budget is spent until a replacement is Ready.
    assert_eq!(evict(&mut s, &pods[1]).code, 429);
    s.run("settle");
    assert_eq!(evict(&mut s, &pods[1]).code, 201);
    // A dry run is judged the same way and spends nothing.
    s.run("settle");
    let pods = web_pods(&mut s);
    let body = json!({"metadata": {"name": &pods[0]}, "deleteOptions": {"dryRun": ["All"]}});
    assert_eq!(s.api().send(&eviction(&pods[0], body)).code, 201);
    assert_eq!(evict(&mut s, &pods[1]).code, 201);
}

#[test]
fn pending_pods_need_no_budget_and_two_budgets_are_a_500() {
    let mut s = guarded("--min-available=3");
    s.run("k create pdb other --selector=app=web --min-available=1");
    let pods = web_pods(&mut s);
    let answer = evict(&mut s, &pods[0]);
    assert_eq!((answer.code, answer.body.get("reason")), (500, None));
    assert_eq!(
        answer.body["message"],
        "This pod has more than one PodDisruptionBudget, which the eviction subresource does not support."
    );
    s.run("k delete pdb other");
    // A pod that no node runs yet is pending: evicting it disrupts nothing.
    s.run("k cordon node-1 node-2 node-3");
    s.run("k scale deploy web --replicas=4");
    s.run("sleep 1");
    let pending: Vec<String> = s
        .world
        .store
        .list::<Pod>(Some("default"), None)
        .filter(|p| p.spec.node_name.is_none())
        .map(|p| p.metadata.name.clone())
        .collect();
    assert_eq!(pending.len(), 1);
    assert_eq!(evict(&mut s, &pending[0]).code, 201);
}
