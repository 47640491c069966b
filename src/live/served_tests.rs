//! Live mode against the engine's own REST API (`kubeloop::api::handle`, what `kubeloop
//! serve` answers with), natively: lists as served fill the mirror, and the requests a
//! command's writes become are accepted by the server and do what the command said.

use kubeloop::api::{self, Reply};
use kubeloop::kubectl::Mode;
use kubeloop::model::{Deployment, Kind, Pod};
use kubeloop::session::Session;
use kubeloop::world::World;

use super::writes::{self, Call};
use super::*;

fn call(
    server: &mut World,
    method: &str,
    path: &str,
    content_type: &str,
    body: &str,
) -> (u16, String) {
    let req = api::Request {
        method,
        path,
        accept: "application/json",
        content_type,
        body: body.as_bytes(),
        ..Default::default()
    };
    match api::handle(server, &req) {
        Reply::Done(r) => (r.code, r.text.unwrap_or_else(|| r.body.to_string())),
        Reply::Watch(_) => panic!("{path} is no watch"),
    }
}

/// Lists every kind from `server` into `mirror`, as a connection's first lists (and, in
/// these tests, as the watch would have by the next command).
fn relist(server: &mut World, mirror: &mut World) {
    let (mut live, _) = Live::start(1);
    let lists = live.on(mirror, LiveMsg::Version { gen: 1, result: Ok("v1.34.1".into()) });
    for r in lists {
        if let Request::List { tag, path, .. } = r {
            let (code, body) = call(server, "GET", &path, "", "");
            assert_eq!(code, 200, "{path}: {body}");
            live.on(mirror, LiveMsg::Listed { tag, result: Ok(body) });
        }
    }
    assert_eq!(live.conn, Conn::Live);
    assert_eq!(live.unreadable, 0);
    assert_eq!(live.dropped_fields, 0, "the engine's own objects have no unknown fields");
}

/// A served cluster with a Deployment of two pods, and a mirror of it listed through the API.
fn mirrored() -> (World, Session) {
    let mut s = Session::new(World::new(7), Mode::Script);
    s.run("kubectl create deployment web --image=nginx:1.27 --replicas=2");
    s.world.settle();
    let mut server = s.world;
    let mut mirror = World::mirror();
    relist(&mut server, &mut mirror);
    (server, Session::new(mirror, Mode::Interactive))
}

/// Runs `line` against the mirror and sends its writes to `server`; the answers' codes.
fn send(server: &mut World, mirror: &mut Session, line: &str) -> Vec<(u16, String)> {
    let before = writes::snapshot(&mirror.world);
    mirror.run(line);
    let (calls, touched) = writes::writes(&mirror.world, &before);
    writes::restore(&mut mirror.world, &before, &touched);
    assert!(!calls.is_empty(), "{line} wrote nothing");
    calls
        .iter()
        .map(|c: &Call| call(server, c.method.as_str(), &c.path, c.content_type(), &c.body))
        .collect()
}

#[test]
fn the_servers_api_takes_what_commands_in_the_mirror_send() {
    let (mut server, mut mirror) = mirrored();
    for line in [
        "kubectl scale deployment web --replicas=4",
        "kubectl label deployment web tier=front",
        "kubectl run solo --image=nginx:1.27",
        "kubectl create deployment api --image=nginx:1.27",
        "kubectl set image deployment/web nginx=nginx:1.28",
    ] {
        for (code, body) in send(&mut server, &mut mirror, line) {
            assert!((200..300).contains(&code), "{line}: {code} {body}");
        }
        // The mirror saw none of it until the watch (here: a list) brings it.
        let before = mirror.world.store.get::<Deployment>("default", "web").unwrap().clone();
        assert_ne!(Some(&before), server.store.get::<Deployment>("default", "web"), "{line}");
        relist(&mut server, &mut mirror.world);
    }
    let web = server.store.get::<Deployment>("default", "web").unwrap();
    assert_eq!(web.spec.replicas, 4);
    assert_eq!(web.metadata.labels.get("tier").map(String::as_str), Some("front"));
    assert_eq!(web.spec.template.spec.containers[0].image, "nginx:1.28");
    assert!(server.store.get::<Pod>("default", "solo").is_some());
    assert!(server.store.get::<Deployment>("default", "api").is_some());
}

#[test]
fn a_stale_update_is_a_conflict_in_kubectls_words_and_deletes_propagate_as_asked() {
    let (mut server, mut mirror) = mirrored();
    // Someone else changes the Deployment first: the mirror's version is now stale.
    let mut other = Session::new(server, Mode::Script);
    other.run("kubectl annotate deployment web note=theirs");
    server = other.world;
    let answers = send(&mut server, &mut mirror, "kubectl label deployment web tier=front");
    let (code, body) = &answers[0];
    assert_eq!(*code, 409);
    let said = wire::failure(*code, body);
    assert!(said.starts_with("Error from server (Conflict): Operation cannot be fulfilled on deployments.apps \"web\""), "{said}");

    let answers = send(
        &mut server,
        &mut mirror,
        "kubectl delete deployment web --cascade=foreground --wait=false",
    );
    // 200 with the object: the Deployment waits on its foreground finalizer (202 is only for
    // a request that set orphanDependents: false).
    assert_eq!(answers[0].0, 200, "{:?}", answers[0]);
    let web = server.store.get::<Deployment>("default", "web").unwrap();
    assert!(web.metadata.deletion_timestamp.is_some());
    assert!(web.metadata.finalizers.iter().any(|f| f == "foregroundDeletion"));
    let pod = mirror.world.mirror_keys(Kind::Pod, None)[0].name.to_string();
    let answers = send(&mut server, &mut mirror, &format!("kubectl delete pod {pod} --wait=false"));
    // A running pod's graceful delete answers the pod, marked terminating.
    assert_eq!(answers[0].0, 200, "{:?}", answers[0]);
    assert!(server
        .store
        .get::<Pod>("default", &pod)
        .unwrap()
        .metadata
        .deletion_timestamp
        .is_some());
}
