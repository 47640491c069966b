//! Server-side apply through `handle`, as kubectl and the Python client send it: the
//! YAML body, `fieldManager` and `force`, and what the API server answers.

use serde_json::json;

use crate::api::{handle, Reply, Request, Response};
use crate::world::World;

const WEB: &str = "/apis/apps/v1/namespaces/default/deployments/web";

fn send(w: &mut World, ct: &str, query: &[(&str, &str)], body: &str, agent: &str) -> Response {
    let req = Request {
        method: "PATCH",
        path: WEB,
        query: query.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        accept: "application/json",
        content_type: ct,
        body: body.as_bytes(),
        json: None,
        user_agent: agent,
    };
    match handle(w, &req) {
        Reply::Done(r) => r,
        Reply::Watch(_) => panic!("a watch"),
    }
}

fn apply(w: &mut World, manager: &str, force: bool, body: &str) -> Response {
    let mut query = vec![("fieldManager", manager)];
    if force {
        query.push(("force", "true"));
    }
    send(w, "application/apply-patch+yaml", &query, body, "kubectl/v1.34.1")
}

fn web(replicas: u32, image: &str) -> String {
    format!(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  labels:\n    tier: front\nspec:\n  replicas: {replicas}\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      - name: nginx\n        image: {image}\n"
    )
}

fn entries(r: &Response) -> Vec<(String, String)> {
    let list = r.body["metadata"]["managedFields"].as_array().cloned().unwrap_or_default();
    list.iter()
        .map(|e| {
            let s = |k: &str| e[k].as_str().unwrap_or_default().to_string();
            (s("manager"), s("operation"))
        })
        .collect()
}

#[test]
fn an_apply_creates_the_object_and_owns_exactly_what_it_named() {
    let mut w = World::new(1);
    let r = apply(&mut w, "kubectl", false, &web(2, "nginx:1.27"));
    assert_eq!(r.code, 201, "{}", r.body);
    assert_eq!(r.body["spec"]["replicas"], 2);
    assert_eq!(r.body["spec"]["strategy"]["type"], "RollingUpdate", "defaulted as on create");
    assert_eq!(entries(&r), vec![("kubectl".to_string(), "Apply".to_string())]);
    let fields = &r.body["metadata"]["managedFields"][0]["fieldsV1"];
    assert_eq!(fields["f:spec"]["f:replicas"], json!({}));
    assert_eq!(fields["f:spec"]["f:selector"], json!({}), "a LabelSelector is atomic");
    let c = &fields["f:spec"]["f:template"]["f:spec"]["f:containers"]["k:{\"name\":\"nginx\"}"];
    assert_eq!(c, &json!({".": {}, "f:image": {}, "f:name": {}}));
    assert!(fields["f:spec"].get("f:strategy").is_none(), "defaults belong to no one");
    w.settle();
    let settled = w.store.watch.end();
    let again = apply(&mut w, "kubectl", false, &web(2, "nginx:1.27"));
    assert_eq!(again.code, 200);
    assert_eq!(w.store.watch.end(), settled, "the same apply again writes nothing");
}

#[test]
fn a_change_to_a_field_another_manager_owns_is_a_conflict_until_forced() {
    let mut w = World::new(1);
    assert_eq!(apply(&mut w, "kubectl", false, &web(2, "nginx:1.27")).code, 201);
    let scale = json!({"spec": {"replicas": 5}}).to_string();
    let r = send(&mut w, "application/merge-patch+json", &[], &scale, "kubectl/v1.34.1");
    assert_eq!(r.code, 200, "{}", r.body);
    // The merge patch took `.spec.replicas` from the applier.
    let r = apply(&mut w, "kubectl", false, &web(3, "nginx:1.27"));
    assert_eq!(r.code, 409, "{}", r.body);
    assert_eq!(r.body["reason"], "Conflict");
    assert_eq!(
        r.body["message"],
        "Apply failed with 1 conflict: conflict with \"kubectl\" using apps/v1: .spec.replicas"
    );
    assert_eq!(
        r.body["details"]["causes"],
        json!([{"reason": "FieldManagerConflict", "message": "conflict with \"kubectl\" using apps/v1", "field": ".spec.replicas"}])
    );
    // The same value co-owns it: no conflict.
    assert_eq!(apply(&mut w, "ci", false, &web(5, "nginx:1.27")).code, 200);
    let two = apply(&mut w, "teacher", false, &web(4, "nginx:1.28"));
    assert_eq!(two.code, 409);
    assert_eq!(
        two.body["message"],
        "Apply failed with 4 conflicts: conflicts with \"ci\":\n- .spec.replicas\n- .spec.template.spec.containers[name=\"nginx\"].image\nconflicts with \"kubectl\":\n- .spec.template.spec.containers[name=\"nginx\"].image\nconflicts with \"kubectl\" using apps/v1:\n- .spec.replicas"
    );
    let forced = apply(&mut w, "teacher", true, &web(4, "nginx:1.28"));
    assert_eq!(forced.code, 200, "{}", forced.body);
    assert_eq!(forced.body["spec"]["replicas"], 4);
    let owners = &forced.body["metadata"]["managedFields"];
    let owns = |m: &str, op: &str| {
        owners.as_array().unwrap().iter().find(|e| e["manager"] == m && e["operation"] == op)
    };
    let teacher = owns("teacher", "Apply").expect("the forcing manager");
    assert_eq!(teacher["fieldsV1"]["f:spec"]["f:replicas"], json!({}));
    assert!(owns("kubectl", "Update").is_none(), "it owned only replicas, now taken");
    let kubectl = owns("kubectl", "Apply").expect("still owns the labels");
    assert!(kubectl["fieldsV1"]["f:spec"].get("f:replicas").is_none());
}

#[test]
fn a_field_the_applier_stops_naming_goes_unless_another_manager_owns_it() {
    let mut w = World::new(1);
    let with_env = web(1, "nginx:1.27").replace(
        "image: nginx:1.27\n",
        "image: nginx:1.27\n        env:\n        - name: A\n          value: a\n",
    );
    assert_eq!(apply(&mut w, "kubectl", false, &with_env).code, 201);
    let label = json!({"metadata": {"labels": {"owner": "ops"}}}).to_string();
    send(&mut w, "application/merge-patch+json", &[("fieldManager", "ops")], &label, "");
    let bare = web(1, "nginx:1.27").replace("  labels:\n    tier: front\n", "");
    let r = apply(&mut w, "kubectl", false, &bare);
    assert_eq!(r.code, 200, "{}", r.body);
    assert_eq!(r.body["metadata"]["labels"], json!({"owner": "ops"}), "tier went, owner stays");
    assert!(r.body["spec"]["template"]["spec"]["containers"][0].get("env").is_none());
}

#[test]
fn the_api_servers_refusals_in_its_words() {
    let mut w = World::new(1);
    let r = send(&mut w, "application/apply-patch+yaml", &[], &web(1, "x"), "kubectl/v1.34.1");
    assert_eq!(r.code, 422);
    assert_eq!(
        r.body["message"],
        "PatchOptions.meta.k8s.io \"\" is invalid: fieldManager: Required value: is required for apply patch"
    );
    let r = apply(&mut w, "kubectl", false, &web(1, "x").replace("apps/v1", "apps/v1beta1"));
    assert_eq!(r.code, 400);
    assert_eq!(
        r.body["message"],
        "Incorrect version specified in apply patch. Specified patch version: apps/v1beta1, expected: apps/v1"
    );
    let r = apply(&mut w, "kubectl", false, "- a\n- b\n");
    assert_eq!(r.code, 400);
    assert!(r.body["message"].as_str().unwrap().starts_with("error decoding YAML: "));
    let r = apply(&mut w, "kubectl", false, "a: [\n");
    assert_eq!(r.code, 400, "{}", r.body);
    let managed = web(1, "x").replace("  name: web\n", "  name: web\n  managedFields: []\n");
    assert_eq!(
        apply(&mut w, "kubectl", false, &managed).body["message"],
        "metadata.managedFields must be nil"
    );
    let patch = json!({"spec": {"replicas": 1}}).to_string();
    let r = send(&mut w, "application/merge-patch+json", &[("force", "true")], &patch, "");
    assert_eq!(r.code, 422);
    assert_eq!(
        r.body["message"],
        "PatchOptions.meta.k8s.io \"\" is invalid: force: Forbidden: may not be specified for non-apply patch"
    );
    let renamed = web(1, "x").replace("name: web", "name: api");
    assert_eq!(apply(&mut w, "kubectl", false, &renamed).code, 400);
    let all = crate::labels::selector::Selector::everything();
    let kept = w.store.objects(crate::model::Kind::Deployment, Some("default"), &all);
    assert!(kept.is_empty(), "nothing stored");
}

#[test]
fn kubectls_manager_takes_what_client_side_apply_set_while_last_applied_still_holds() {
    let mut w = World::new(1);
    let mut with_annotation = web(2, "nginx:1.27");
    let last = "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"annotations\":{},\"name\":\"web\",\"namespace\":\"default\"},\"spec\":{\"replicas\":2}}\n";
    with_annotation = with_annotation.replacen(
        "\n  labels:\n",
        &format!("\n  annotations:\n    kubectl.kubernetes.io/last-applied-configuration: {}\n  labels:\n", json!(last)),
        1,
    );
    let r = apply(&mut w, "kubectl-client-side-apply", false, &with_annotation);
    assert_eq!(r.code, 201, "{}", r.body);
    // replicas still matches last-applied: kubectl's manager may take it, and the annotation
    // follows what it applied.
    let r = apply(&mut w, "kubectl", false, &web(3, "nginx:1.27"));
    assert_eq!(r.code, 200, "{}", r.body);
    assert_eq!(r.body["spec"]["replicas"], 3);
    let annotation = r.body["metadata"]["annotations"]
        ["kubectl.kubernetes.io/last-applied-configuration"]
        .as_str()
        .unwrap();
    assert!(annotation.contains("\"replicas\":3"), "{annotation}");
    // Another manager has no such leave.
    assert_eq!(apply(&mut w, "other", false, &web(4, "nginx:1.27")).code, 409);
}

#[test]
fn a_long_keyed_list_merges_and_prunes_item_by_item() {
    let mut w = World::new(1);
    let env = |n: usize| -> String {
        (0..n).map(|i| format!("        - name: V{i}\n          value: \"{i}\"\n")).collect()
    };
    let with = |n: usize| {
        web(1, "nginx:1.27")
            .replace("image: nginx:1.27\n", &format!("image: nginx:1.27\n        env:\n{}", env(n)))
    };
    assert_eq!(apply(&mut w, "kubectl", false, &with(3000)).code, 201);
    let r = apply(&mut w, "kubectl", false, &with(1000));
    assert_eq!(r.code, 200, "{}", r.body);
    let kept = r.body["spec"]["template"]["spec"]["containers"][0]["env"].as_array().unwrap();
    assert_eq!(kept.len(), 1000, "the 2,000 no longer named are pruned");
    assert_eq!(kept[999]["name"], "V999");
}
