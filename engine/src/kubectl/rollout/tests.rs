//! `rollout pause|resume|restart|undo` on a Deployment, judged by what the cluster holds
//! after it; and the requests rollout, scale, patch and autoscale send, in order, recorded
//! through live mode's replaying transport (the same one a real server answers).

use crate::session::Session;

fn session() -> Session {
    let mut s = super::new_session();
    assert_eq!(s.run("k create deployment web --image=nginx:1.27").status, 0);
    s.run("settle");
    s
}

fn jsonpath(s: &mut Session, path: &str) -> String {
    s.run(&format!("k get deploy web -o jsonpath='{path}'")).text()
}

#[test]
fn pause_and_resume_patch_spec_paused_both_ways() {
    let mut s = session();
    assert_eq!(s.run("k rollout pause deploy/web").text(), "deployment.apps/web paused\n");
    assert_eq!(jsonpath(&mut s, "{.spec.paused}"), "true");
    assert_eq!(s.run("k rollout resume deploy/web").text(), "deployment.apps/web resumed\n");
    assert_eq!(jsonpath(&mut s, "{.spec.paused}"), "");
}

#[test]
fn restart_stamps_the_template_and_keeps_the_rest_of_it() {
    let mut s = session();
    s.run("k annotate deploy web team=blue");
    assert_eq!(s.run("k rollout restart deploy/web").text(), "deployment.apps/web restarted\n");
    let at = jsonpath(
        &mut s,
        "{.spec.template.metadata.annotations.kubectl\\.kubernetes\\.io/restartedAt}",
    );
    assert!(!at.is_empty(), "no restartedAt");
    assert_eq!(jsonpath(&mut s, "{.spec.template.spec.containers[0].image}"), "nginx:1.27");
    assert_eq!(jsonpath(&mut s, "{.metadata.annotations.team}"), "blue");
}

#[test]
fn undo_replaces_the_annotations_with_the_revisions_as_the_rollbacker_does() {
    let mut s = session();
    s.run("k set image deploy/web nginx=nginx:1.28");
    s.run("settle");
    s.run("k annotate deploy web added-later=yes");
    assert_eq!(s.run("k rollout undo deploy/web").text(), "deployment.apps/web rolled back\n");
    s.run("settle");
    assert_eq!(jsonpath(&mut s, "{.spec.template.spec.containers[0].image}"), "nginx:1.27");
    // The Deployment's own annotation is dropped; its revision bookkeeping is kept.
    assert_eq!(jsonpath(&mut s, "{.metadata.annotations.added-later}"), "");
    let rev = jsonpath(&mut s, "{.metadata.annotations.deployment\\.kubernetes\\.io/revision}");
    assert_eq!(rev, "3");
}

/// Runs `line` as live mode does, through the replaying transport, with each request answered
/// by `server`; returns what kubectl sent, in order, as `METHOD PATH?QUERY BODY`.
fn requests(server: &mut Session, line: &str) -> Vec<String> {
    let mut client = super::new_session();
    let mut replay = crate::api::replay::Replay::default();
    let mut sent = Vec::new();
    loop {
        let (_, back) = client.run_remote(line, replay);
        replay = back;
        let Some(call) = replay.wanted().cloned() else { break };
        let query: Vec<String> = call.query.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let body = call.body.as_ref().map(|b| b.to_string()).unwrap_or_default();
        sent.push(format!("{} {}?{} {body}", call.method(), call.path(), query.join("&")));
        let answer = server.api().send(&call);
        replay.answer(answer);
    }
    sent
}

#[test]
fn pause_reads_the_deployment_then_sends_a_strategic_patch_of_paused() {
    let mut server = session();
    let sent = requests(&mut server, "k rollout pause deploy/web");
    assert_eq!(
        sent,
        [
            "GET /apis/apps/v1/namespaces/default/deployments/web? ",
            "PATCH /apis/apps/v1/namespaces/default/deployments/web?fieldManager=kubectl-rollout {\"spec\":{\"paused\":true}}",
        ]
    );
    assert_eq!(jsonpath(&mut server, "{.spec.paused}"), "true");
}

#[test]
fn undo_lists_the_replicasets_by_selector_then_sends_a_json_patch() {
    let mut server = session();
    server.run("k set image deploy/web nginx=nginx:1.28");
    server.run("settle");
    let sent = requests(&mut server, "k rollout undo deploy/web");
    assert_eq!(sent.len(), 3, "{sent:?}");
    assert_eq!(sent[1], "GET /apis/apps/v1/namespaces/default/replicasets?labelSelector=app=web ");
    assert!(sent[2].starts_with("PATCH /apis/apps/v1/namespaces/default/deployments/web? [{\"op\":\"replace\",\"path\":\"/spec/template\""), "{}", sent[2]);
    assert_eq!(jsonpath(&mut server, "{.spec.template.spec.containers[0].image}"), "nginx:1.27");
}

#[test]
fn scale_patches_the_scale_subresource_or_puts_it_back_under_a_precondition() {
    let mut server = session();
    let sent = requests(&mut server, "k scale deploy web --replicas=3 --dry-run=server");
    assert_eq!(
        sent[1],
        "PATCH /apis/apps/v1/namespaces/default/deployments/web/scale?dryRun=All {\"spec\":{\"replicas\":3}}"
    );
    let sent = requests(&mut server, "k scale deploy web --replicas=3 --current-replicas=1");
    let methods: Vec<&str> = sent.iter().map(|r| r.split('?').next().unwrap_or_default()).collect();
    assert_eq!(
        methods,
        [
            "GET /apis/apps/v1/namespaces/default/deployments/web",
            "GET /apis/apps/v1/namespaces/default/deployments/web/scale",
            "PUT /apis/apps/v1/namespaces/default/deployments/web/scale",
        ]
    );
    assert!(sent[2].contains("\"resourceVersion\""), "{}", sent[2]);
    assert_eq!(jsonpath(&mut server, "{.spec.replicas}"), "3");
}

#[test]
fn autoscale_and_patch_send_one_write_after_the_builders_get() {
    let mut server = session();
    let sent = requests(&mut server, "k autoscale deploy web --max=4");
    assert_eq!(sent.len(), 2, "{sent:?}");
    assert!(
        sent[1].starts_with("POST /apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers?fieldManager=kubectl-autoscale "),
        "{}",
        sent[1]
    );
    let sent =
        requests(&mut server, "k patch deploy web --type merge -p '{\"spec\":{\"replicas\":2}}'");
    assert_eq!(
        sent[1],
        "PATCH /apis/apps/v1/namespaces/default/deployments/web?fieldManager=kubectl-patch {\"spec\":{\"replicas\":2}}"
    );
    assert_eq!(jsonpath(&mut server, "{.spec.replicas}"), "2");
}
