//! Live mode's connection and writes, natively: answers in, mirror and requests out.

use kubeloop::kubectl::Mode;
use kubeloop::model::{Deployment, Kind, Pod};
use kubeloop::session::Session;
use kubeloop::world::World;
use serde_json::{json, Value};

use super::writes::{self, Method};
use super::*;

/// A cluster to play the server: a Deployment of two pods, as JSON objects.
fn server() -> World {
    let mut s = Session::new(World::new(7), Mode::Script);
    s.run("kubectl create deployment web --image=nginx:1.27 --replicas=2");
    s.world.settle();
    s.world
}

/// A list body as a real API server sends it: items without kind or apiVersion.
fn list_body(world: &World, kind: Kind, rv: u64) -> String {
    let items: Vec<Value> = world
        .mirror_keys(kind, None)
        .iter()
        .filter_map(|k| world.store.get_object(kind, k))
        .map(|o| {
            let mut v = serde_json::to_value(&o).unwrap();
            let m = v.as_object_mut().unwrap();
            m.remove("kind");
            m.remove("apiVersion");
            v
        })
        .collect();
    json!({"kind": format!("{}List", kind.as_str()), "metadata": {"resourceVersion": rv.to_string()}, "items": items})
        .to_string()
}

fn tag_of(requests: &[Request], kind: Option<Kind>) -> Tag {
    requests
        .iter()
        .find_map(|r| match r {
            Request::List { tag, .. } | Request::Watch { tag, .. } if tag.kind == kind => {
                Some(*tag)
            }
            _ => None,
        })
        .unwrap_or_else(|| panic!("no request for {kind:?} in {requests:?}"))
}

/// A connection whose version answered, every kind listed empty but pods from `server`.
fn connected(server: &World, mirror: &mut World) -> (Live, Vec<Request>) {
    let (mut live, first) = Live::start(1);
    assert_eq!(first, vec![Request::Version { gen: 1 }]);
    let lists = live.on(mirror, LiveMsg::Version { gen: 1, result: Ok("v1.32.0".into()) });
    assert_eq!(lists.len(), KINDS.len() + 1, "every kind is listed, and decisions watched");
    let mut next = Vec::new();
    for kind in KINDS {
        let tag = tag_of(&lists, Some(kind));
        let body = list_body(server, kind, 100);
        next.extend(live.on(mirror, LiveMsg::Listed { tag, result: Ok(body) }));
    }
    next.extend(lists.into_iter().filter(|r| matches!(r, Request::Watch { .. })));
    (live, next)
}

#[test]
fn listing_fills_the_mirror_then_each_kind_is_watched_from_its_lists_version() {
    let server = server();
    let mut mirror = World::mirror();
    let (live, next) = connected(&server, &mut mirror);
    assert_eq!(live.conn, Conn::Live);
    assert_eq!(live.server.as_deref(), Some("v1.32.0"));
    assert_eq!(mirror.store.count::<Pod>(), 2);
    assert_eq!(mirror.store.count::<Deployment>(), 1);
    let Some(Request::Watch { path, abort_after_ms: None, .. }) = next
        .iter()
        .find(|r| matches!(r, Request::Watch { tag, .. } if tag.kind == Some(Kind::Pod)))
    else {
        panic!("pods are watched on a connection of their own: {next:?}")
    };
    assert_eq!(
        path,
        "/api/v1/namespaces/default/pods?watch=1&resourceVersion=100&allowWatchBookmarks=true"
    );
    // Only one short watch is out at a time: the lane takes turns.
    let lane: Vec<_> = next
        .iter()
        .filter(|r| matches!(r, Request::Watch { abort_after_ms: Some(_), .. }))
        .collect();
    assert_eq!(lane.len(), 1, "{lane:?}");
}

#[test]
fn watch_events_change_the_mirror_and_a_gone_version_lists_again() {
    let server = server();
    let mut mirror = World::mirror();
    let (mut live, next) = connected(&server, &mut mirror);
    let tag = tag_of(&next, Some(Kind::Pod));
    let pod = mirror.store.list::<Pod>(None, None).next().unwrap().clone();
    let mut gone = serde_json::to_value(&pod).unwrap();
    gone["metadata"]["resourceVersion"] = json!("120");
    let lines = vec![
        json!({"type": "DELETED", "object": gone}).to_string(),
        r#"{"type":"BOOKMARK","object":{"kind":"Pod","metadata":{"resourceVersion":"130"}}}"#
            .into(),
        "garbage".into(),
    ];
    assert!(live.on(&mut mirror, LiveMsg::Lines { tag, lines }).is_empty());
    assert_eq!(mirror.store.count::<Pod>(), 1);
    assert_eq!(live.unreadable, 1, "a line that is no watch event is counted, not fatal");
    // The stream ends cleanly: resume from the bookmark at once.
    let again = live.on(&mut mirror, LiveMsg::Ended { tag, failure: None });
    let Some(Request::Watch { path, delay_ms: 0, tag: resumed, .. }) = again.first() else {
        panic!("{again:?}")
    };
    assert!(path.contains("resourceVersion=130"), "{path}");
    // An answer to the old attempt is dropped.
    assert!(!live.wants(&tag));
    let gone = r#"{"type":"ERROR","object":{"kind":"Status","status":"Failure","message":"too old resource version","reason":"Expired","code":410}}"#;
    let relist = live.on(&mut mirror, LiveMsg::Lines { tag: *resumed, lines: vec![gone.into()] });
    assert!(matches!(relist.first(), Some(Request::List { delay_ms: 0, .. })), "{relist:?}");
}

#[test]
fn a_dropped_stream_reconnects_with_backoff_and_says_so() {
    let server = server();
    let mut mirror = World::mirror();
    let (mut live, next) = connected(&server, &mut mirror);
    let mut tag = tag_of(&next, Some(Kind::Pod));
    let mut delays = Vec::new();
    for _ in 0..3 {
        let r = live.on(
            &mut mirror,
            LiveMsg::Ended { tag, failure: Some((None, "error: the watch was cut off".into())) },
        );
        let Some(Request::Watch { delay_ms, tag: t, .. }) = r.first() else { panic!("{r:?}") };
        delays.push(*delay_ms);
        tag = *t;
    }
    assert_eq!(delays, [1000, 2000, 4000]);
    assert_eq!(live.conn, Conn::Reconnecting("error: the watch was cut off".into()));
    live.on(&mut mirror, LiveMsg::Lines { tag, lines: vec![] });
    assert_eq!(live.conn, Conn::Live, "a stream that answers again is live");
    assert_eq!(backoff(40), 30_000);
}

#[test]
fn a_real_cluster_has_no_decisions_and_the_page_says_it_once() {
    let server = server();
    let mut mirror = World::mirror();
    let (mut live, next) = connected(&server, &mut mirror);
    let tag = tag_of(&next, None);
    let r = live.on(
        &mut mirror,
        LiveMsg::Ended {
            tag,
            failure: Some((
                Some(404),
                "Error from server (NotFound): the server could not find the requested resource"
                    .into(),
            )),
        },
    );
    assert!(r.is_empty(), "not retried: {r:?}");
    assert_eq!(live.decisions, DecisionsFeed::Absent);
    assert_eq!(live.conn, Conn::Live, "a missing decisions stream is no connection problem");
}

#[test]
fn kubeloop_serves_decisions_into_the_mirrors_feed() {
    let server = server();
    let mut mirror = World::mirror();
    let (mut live, next) = connected(&server, &mut mirror);
    let tag = tag_of(&next, None);
    let lines: Vec<String> = server
        .decisions
        .iter()
        .enumerate()
        .map(|(i, d)| {
            json!({"type": "ADDED", "object": decisions::to_json(d, i as u64 + 1)}).to_string()
        })
        .collect();
    let n = lines.len();
    assert!(n > 0);
    live.on(&mut mirror, LiveMsg::Lines { tag, lines });
    assert_eq!(mirror.decisions.iter().count(), n);
    assert_eq!(live.decisions, DecisionsFeed::Streaming);
}

#[test]
fn no_api_at_the_origin_is_an_error_with_its_message() {
    let (mut live, _) = Live::start(3);
    let said = "error: the server answered HTTP 404".to_string();
    let r = live.on(&mut World::mirror(), LiveMsg::Version { gen: 3, result: Err(said.clone()) });
    assert!(r.is_empty());
    assert_eq!(
        live.conn.to_string(),
        "error: the server answered HTTP 404 (asking /version: is there a Kubernetes API at this origin?)"
    );
    assert!(matches!(live.conn, Conn::Error(_)));
    // An answer for an older connection changes nothing.
    let (mut newer, _) = Live::start(4);
    newer.on(&mut World::mirror(), LiveMsg::Version { gen: 3, result: Ok("v1".into()) });
    assert_eq!(newer.server, None);
}

/// Runs `line` against a mirror of `server` and returns the requests its writes become; the
/// mirror must be back as it was.
fn requests_for(line: &str) -> Vec<writes::Call> {
    let server = server();
    let mut mirror = World::mirror();
    connected(&server, &mut mirror);
    let before_pods = mirror.store.list::<Pod>(None, None).cloned().collect::<Vec<_>>();
    let before_deploy = mirror.store.list::<Deployment>(None, None).cloned().collect::<Vec<_>>();
    let mut s = Session::new(mirror, Mode::Interactive);
    let before = writes::snapshot(&s.world);
    let out = s.run(line);
    assert!(out.chunks.iter().all(|(st, _)| *st == kubeloop::kubectl::Stream::Stdout), "{out:?}");
    let (calls, touched) = writes::writes(&s.world, &before);
    writes::restore(&mut s.world, &before, &touched);
    assert_eq!(s.world.store.list::<Pod>(None, None).cloned().collect::<Vec<_>>(), before_pods);
    assert_eq!(
        s.world.store.list::<Deployment>(None, None).cloned().collect::<Vec<_>>(),
        before_deploy
    );
    calls
}

#[test]
fn a_commands_writes_become_the_requests_kubectl_sends() {
    let create = requests_for("kubectl create deployment api --image=nginx:1.27");
    assert_eq!(create.len(), 1);
    assert_eq!(create[0].method, Method::Post);
    assert_eq!(create[0].path, "/apis/apps/v1/namespaces/default/deployments");
    let body: Value = serde_json::from_str(&create[0].body).unwrap();
    assert_eq!(body["metadata"]["name"], "api");
    assert!(body["metadata"].get("uid").is_none() && body.get("status").is_none());

    let scale = requests_for("kubectl scale deployment web --replicas=5");
    assert_eq!(scale.len(), 1);
    assert_eq!(
        (scale[0].method, scale[0].path.as_str(), scale[0].body.as_str()),
        (
            Method::Patch,
            "/apis/apps/v1/namespaces/default/deployments/web/scale",
            r#"{"spec":{"replicas":5}}"#
        )
    );
    assert_eq!(scale[0].content_type(), "application/merge-patch+json");

    let label = requests_for("kubectl label deployment web tier=front");
    assert_eq!(label[0].method, Method::Put);
    let body: Value = serde_json::from_str(&label[0].body).unwrap();
    // The version the server gave the object, not one the mirror's own writes made.
    let listed = server()
        .store
        .get::<Deployment>("default", "web")
        .unwrap()
        .metadata
        .resource_version
        .clone();
    assert_eq!(body["metadata"]["resourceVersion"], listed.as_str());
    assert_eq!(body["metadata"]["labels"]["tier"], "front");
}

#[test]
fn deletes_carry_the_propagation_the_command_asked_for() {
    let policy = |line: &str| {
        let calls = requests_for(line);
        assert_eq!(calls.len(), 1, "{calls:?}");
        assert_eq!(calls[0].method, Method::Delete);
        let body: Value = serde_json::from_str(&calls[0].body).unwrap();
        (calls[0].path.clone(), body["propagationPolicy"].as_str().unwrap().to_string())
    };
    let (path, p) = policy("kubectl delete deployment web --wait=false");
    assert_eq!(
        (path.as_str(), p.as_str()),
        ("/apis/apps/v1/namespaces/default/deployments/web", "Background")
    );
    assert_eq!(
        policy("kubectl delete deployment web --cascade=foreground --wait=false").1,
        "Foreground"
    );
    assert_eq!(policy("kubectl delete deployment web --cascade=orphan --wait=false").1, "Orphan");
    // A pod's graceful delete only marks it in the mirror: still one DELETE.
    let pod = requests_for("kubectl get pods -o name | head -1");
    assert!(pod.is_empty(), "reads write nothing: {pod:?}");
}

#[test]
fn live_is_asked_for_by_its_own_query_parameter_only() {
    assert!(asks_live("?live") && asks_live("?embed&live") && asks_live("?live=1"));
    assert!(!asks_live("") && !asks_live("?lively") && !asks_live("?x=live"));
}
