//! The reducer in live mode, message by message: Connect and Disconnect, answers from the
//! server, commands turned into requests, and what the simulation's controls get.

use kubeloop::model::{Kind, Pod};
use serde_json::json;

use super::*;
use crate::live::{Conn, LiveMsg, Request, Tag};
use crate::selection::{Action, ObjRef};

fn page() -> Page {
    let mut p = Page::new(Sim::new(1), false, false);
    p.update(Msg::Command("k create deployment web --image=nginx:1.27 --replicas=2".into()));
    p.sim.tick(20_000.0);
    p
}

fn pods(p: &Page) -> usize {
    p.sim.world().store.count::<Pod>()
}

/// Connects and answers every list from the built-in cluster `server`, as an API server.
fn connected(server: &Page) -> Page {
    let mut p = Page::new(Sim::new(2), false, false);
    let fx = p.update(Msg::Connect);
    assert_eq!(fx.live, vec![Request::Version { gen: 1 }]);
    assert!(!fx.save_session);
    let fx = p.update(Msg::Live(LiveMsg::Version { gen: 1, result: Ok("v1.32.0".into()) }));
    for r in fx.live {
        if let Request::List { tag, .. } = r {
            let kind = tag.kind.unwrap();
            let items: Vec<serde_json::Value> = server
                .sim
                .world()
                .mirror_keys(kind, None)
                .iter()
                .filter_map(|k| server.sim.world().store.get_object(kind, k))
                .map(|o| serde_json::to_value(&o).unwrap())
                .collect();
            let body = json!({"metadata": {"resourceVersion": "500"}, "items": items}).to_string();
            p.update(Msg::Live(LiveMsg::Listed { tag, result: Ok(body) }));
        }
    }
    p
}

fn last_lines(p: &Page, n: usize) -> Vec<String> {
    let log = &p.sim.log;
    log[log.len().saturating_sub(n)..].iter().map(|l| l.text.clone()).collect()
}

#[test]
fn connect_shows_the_mirror_and_disconnect_brings_the_built_in_cluster_back_unchanged() {
    let mut builtin = page();
    let before = pods(&builtin);
    let server = page();
    let fx = builtin.update(Msg::Connect);
    assert!(builtin.live_on());
    assert_eq!(fx.live.len(), 1);
    assert_eq!(pods(&builtin), 0, "the mirror starts empty");
    let mut p = connected(&server);
    assert_eq!(pods(&p), 2);
    assert_eq!(p.live.as_ref().unwrap().conn, Conn::Live);
    p.update(Msg::Disconnect);
    assert!(!p.live_on());
    builtin.update(Msg::Disconnect);
    assert_eq!(pods(&builtin), before, "the built-in cluster is as it was");
    assert!(builtin.sim.log.iter().any(|l| l.text.contains("disconnected")));
    // An answer for the closed connection is dropped.
    builtin.update(Msg::Live(LiveMsg::Version { gen: 1, result: Ok("v1".into()) }));
    assert!(!builtin.live_on());
}

#[test]
fn the_simulations_controls_are_refused_with_a_reason_and_time_does_not_step_the_mirror() {
    let server = page();
    let mut p = connected(&server);
    for msg in
        [Msg::Pause(false), Msg::Step, Msg::Reset(3), Msg::StartMission("x".into()), Msg::Share]
    {
        let fx = p.update(msg.clone());
        assert!(!fx.save_session && fx.live.is_empty(), "{msg:?}");
        let said = last_lines(&p, 1).join("");
        assert!(said.starts_with("kubeloop: not in live mode:"), "{msg:?}: {said}");
    }
    assert!(p.live_on(), "Reset did not leave live mode");
    let fx = p.tick(1e6, 60_000.0, || false);
    assert_eq!(fx, Effects::default());
    assert_eq!(pods(&p), 2, "no loop ran");
    p.update(Msg::Command("node add".into()));
    assert!(last_lines(&p, 1)[0].contains("does not run `node`"));
}

#[test]
fn a_write_is_sent_and_its_output_waits_for_the_servers_answer() {
    let mut server = page();
    let mut p = connected(&server);
    let fx = p.update(Msg::Command("kubectl scale deployment web --replicas=4".into()));
    assert_eq!(last_lines(&p, 1), ["$ kubectl scale deployment web --replicas=4"]);
    // scale.go: the builder's GET, then a merge patch of the scale subresource.
    let sent = answer_asks(&mut p, &mut server, fx);
    assert_eq!(
        sent,
        [
            "GET /apis/apps/v1/namespaces/default/deployments/web",
            "PATCH /apis/apps/v1/namespaces/default/deployments/web/scale"
        ]
    );
    assert_eq!(
        p.sim
            .world()
            .store
            .get::<kubeloop::model::Deployment>("default", "web")
            .unwrap()
            .spec
            .replicas,
        2,
        "the mirror waits for the watch"
    );
    assert_eq!(last_lines(&p, 1), ["deployment.apps/web scaled"]);

    // kubectl's own requests go to the server one by one; a refusal is printed as kubectl
    // prints it, in place of the output.
    let fx = p.update(Msg::Command("kubectl label deployment web tier=front".into()));
    let Some(Request::Ask { gen, id, call }) = fx.live.first().cloned() else { panic!() };
    assert_eq!(call.path(), "/apis/apps/v1/namespaces/default/deployments/web");
    let answer = kubeloop::api::client::Api::send(server.sim.world_mut(), &call);
    let fx = p.update(Msg::Live(LiveMsg::Answered { gen, id, answer }));
    let Some(Request::Ask { gen, id, call }) = fx.live.first().cloned() else { panic!() };
    assert_eq!(call.method(), "PATCH");
    let conflict = kubeloop::api::Status::from(kubeloop::store::ApiError::Conflict {
        kind: Kind::Deployment,
        name: "web".into(),
        message: "the object has been modified; please apply your changes to the latest version and try again".into(),
    });
    let answer =
        kubeloop::api::client::Answer { code: 409, body: conflict.to_json(), warnings: vec![] };
    p.update(Msg::Live(LiveMsg::Answered { gen, id, answer }));
    let said = "Error from server (Conflict): Operation cannot be fulfilled on deployments.apps \"web\": the object has been modified; please apply your changes to the latest version and try again";
    assert_eq!(last_lines(&p, 1), [said], "the server's error in place of the output");
}

#[test]
fn reads_ask_the_server_for_a_table_and_the_inspectors_buttons_send_requests() {
    let mut server = page();
    let mut p = connected(&server);
    let fx = p.update(Msg::Command("kubectl get deployments".into()));
    let Some(Request::Ask { call, .. }) = fx.live.first() else { panic!("{:?}", fx.live) };
    assert!(call.as_table, "get asks for a Table");
    assert_eq!(
        answer_asks(&mut p, &mut server, fx),
        ["GET /apis/apps/v1/namespaces/default/deployments"]
    );
    assert!(last_lines(&p, 2)[1].starts_with("web "), "{:?}", last_lines(&p, 2));
    let pod = p.sim.world().store.list::<Pod>(None, None).next().unwrap().metadata.name.clone();
    let fx = p.update(Msg::Action(Action::Delete {
        target: ObjRef::new(Kind::Pod, "default", &pod),
        cascade: crate::selection::Cascade::Background,
    }));
    let Some(Request::Ask { call, .. }) = fx.live.first() else { panic!("{:?}", fx.live) };
    assert_eq!(call.method(), "DELETE");
    assert_eq!(call.path(), format!("/api/v1/namespaces/default/pods/{pod}"));
    answer_asks(&mut p, &mut server, fx);
    assert_eq!(pods(&p), 2, "the pod goes when the server says so");
    // The server's DELETED arrives through the watch.
    let tag = Tag { gen: 1, kind: Some(Kind::Pod), epoch: 2 };
    assert!(p.live_wants(&tag));
    let obj =
        serde_json::to_value(p.sim.world().store.get::<Pod>("default", &pod).unwrap()).unwrap();
    p.update(Msg::Live(LiveMsg::Lines {
        tag,
        lines: vec![json!({"type": "DELETED", "object": obj}).to_string()],
    }));
    assert_eq!(pods(&p), 1);
}

#[test]
fn a_delete_that_waits_ends_when_the_watch_says_the_pod_is_gone() {
    let mut server = page();
    let mut p = connected(&server);
    let pod = p.sim.world().store.list::<Pod>(None, None).next().unwrap().clone();
    let name = pod.metadata.name.clone();
    let fx = p.update(Msg::Command(format!("kubectl delete pod {name}")));
    // The DELETE, then the LIST by name that kubectl's wait for deletion starts from
    // (kubectl/pkg/cmd/wait: a list, then a watch from its resourceVersion). The pod is still
    // terminating on the server, so the wait goes on.
    let sent = answer_asks(&mut p, &mut server, fx);
    assert_eq!(
        sent,
        [
            format!("DELETE /api/v1/namespaces/default/pods/{name}"),
            "GET /api/v1/namespaces/default/pods".to_string(),
        ]
    );
    assert!(p.sim.session.watching(), "kubectl delete waits for the pod to go");
    let tag = Tag { gen: 1, kind: Some(Kind::Pod), epoch: 2 };
    let obj = serde_json::to_value(&pod).unwrap();
    p.update(Msg::Live(LiveMsg::Lines {
        tag,
        lines: vec![json!({"type": "DELETED", "object": obj}).to_string()],
    }));
    assert!(!p.sim.session.watching(), "the wait ended with the pod");
    let log = last_lines(&p, 3).join("\n");
    assert!(log.contains(&format!("pod \"{name}\" deleted")), "{log}");
}

#[test]
fn kubectl_logs_is_fetched_from_the_server_and_printed_or_its_error_shown() {
    let server = page();
    let mut p = connected(&server);
    let fx = p.update(Msg::Command("kubectl logs web-1 --tail=5".into()));
    assert_eq!(
        fx.live,
        vec![Request::Log {
            gen: 1,
            path: "/api/v1/namespaces/default/pods/web-1/log?tailLines=5".into()
        }]
    );
    p.update(Msg::Live(LiveMsg::Logged { gen: 1, result: Ok("hello\nworld\n".into()) }));
    assert_eq!(last_lines(&p, 2), ["hello", "world"]);
    let not_found = "Error from server (NotFound): pods \"web-1\" not found".to_string();
    p.update(Msg::Live(LiveMsg::Logged { gen: 1, result: Err(not_found.clone()) }));
    assert_eq!(last_lines(&p, 1), [not_found]);
}

/// Answers each request the page asks, from `server` as the API server, until none is left;
/// returns the requests as `METHOD PATH`.
fn answer_asks(p: &mut Page, server: &mut Page, mut fx: Effects) -> Vec<String> {
    use kubeloop::api::client::Api;
    let mut sent = Vec::new();
    while let Some((gen, id, call)) = fx.live.iter().find_map(|r| match r {
        Request::Ask { gen, id, call } => Some((*gen, *id, call.clone())),
        _ => None,
    }) {
        sent.push(format!("{} {}", call.method(), call.path()));
        let answer = server.sim.world_mut().send(&call);
        fx = p.update(Msg::Live(LiveMsg::Answered { gen, id, answer }));
    }
    sent
}

#[test]
fn cordon_then_uncordon_at_once_reads_each_node_fresh_from_the_server() {
    let mut server = page();
    let mut p = connected(&server);
    let fx = p.update(Msg::Command("k cordon node-1 && k uncordon node-1".into()));
    let sent = answer_asks(&mut p, &mut server, fx);
    // The mirror has not seen the cordon when the uncordon runs; the server has.
    assert_eq!(
        sent,
        [
            "GET /api/v1/nodes/node-1",
            "PATCH /api/v1/nodes/node-1",
            "GET /api/v1/nodes/node-1",
            "PATCH /api/v1/nodes/node-1",
        ]
    );
    assert_eq!(last_lines(&p, 2), ["node/node-1 cordoned", "node/node-1 uncordoned"]);
    let node = server.sim.world().store.get::<kubeloop::model::Node>("", "node-1").unwrap();
    assert!(!node.spec.unschedulable);
}

#[test]
fn a_refused_request_prints_the_servers_words_and_a_new_command_drops_the_old_wait() {
    let mut server = page();
    let mut p = connected(&server);
    let fx = p.update(Msg::Command("k cordon node-9".into()));
    assert_eq!(answer_asks(&mut p, &mut server, fx), ["GET /api/v1/nodes/node-9"]);
    assert_eq!(last_lines(&p, 1), ["Error from server (NotFound): nodes \"node-9\" not found"]);
    // A command still waiting when the next is typed is dropped: its answer finds nothing.
    let first = p.update(Msg::Command("k cordon node-1".into()));
    let second = p.update(Msg::Command("k label node node-2 room=a".into()));
    let Some(Request::Ask { gen, id, call }) = first.live.first().cloned() else { panic!() };
    let answer = kubeloop::api::client::Api::send(server.sim.world_mut(), &call);
    p.update(Msg::Live(LiveMsg::Answered { gen, id, answer }));
    assert_eq!(answer_asks(&mut p, &mut server, second).len(), 2);
    assert_eq!(last_lines(&p, 1), ["node/node-2 labeled"]);
    let node = server.sim.world().store.get::<kubeloop::model::Node>("", "node-1").unwrap();
    assert!(!node.spec.unschedulable, "the dropped cordon sent nothing but its read");
}
