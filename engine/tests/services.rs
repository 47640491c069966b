//! Scenario tests for Services: the EndpointSlice and Endpoints controllers follow the pods
//! a Service selects as a user watching `k get endpointslices` would see them.

use std::collections::BTreeSet;

use kubeloop::controllers::ControllerName;
use kubeloop::kubectl::Mode;
use kubeloop::model::*;
use kubeloop::session::Session;
use kubeloop::store::{DeleteOptions, WatchEventType};
use kubeloop::world::World;

/// A ClusterIP Service on port 80 selecting `selector`.
fn service(name: &str, selector: &[(&str, &str)]) -> Service {
    Service::selecting(name, selector, 80)
}

/// A session (seed `seed`) after `cmd` and a settle; `cmd` must succeed.
fn session(seed: u64, cmd: &str) -> Session {
    let mut s = Session::new(World::new(seed), Mode::Script);
    let out = s.run(cmd);
    assert_eq!(out.status, 0, "{}", out.text());
    assert!(s.world.settle().quiet);
    s
}

fn slices<'a>(w: &'a World, svc: &'a str) -> Vec<&'a EndpointSlice> {
    w.store
        .list::<EndpointSlice>(Some("default"), None)
        .filter(|s| s.service_name() == Some(svc))
        .collect()
}

fn endpoints<'a>(w: &'a World, svc: &'a str) -> Vec<&'a Endpoint> {
    slices(w, svc).into_iter().flat_map(|s| s.endpoints()).collect()
}

fn pod_of(ep: &Endpoint) -> &str {
    &ep.target_ref.as_ref().expect("a target").name
}

/// Names of the pods that are ready endpoints of `svc`.
fn ready_endpoints(w: &World, svc: &str) -> BTreeSet<String> {
    endpoints(w, svc)
        .into_iter()
        .filter(|e| e.conditions.is_ready())
        .map(|e| pod_of(e).to_string())
        .collect()
}

fn pods_with_image(w: &World, image: &str) -> BTreeSet<String> {
    w.store
        .list::<Pod>(Some("default"), None)
        .filter(|p| p.spec.containers[0].image == image && p.is_active())
        .map(|p| p.metadata.name.clone())
        .collect()
}

#[test]
fn endpoints_follow_readiness_during_a_rolling_update() {
    let mut s = session(11, "k create deployment web --image=nginx:1.27 --replicas=4");
    s.world.create(service("web", &[("app", "web")])).unwrap();
    assert!(s.world.settle().quiet);
    let old = pods_with_image(&s.world, "nginx:1.27");
    assert_eq!(ready_endpoints(&s.world, "web"), old);
    assert_eq!(s.run("k set image deploy/web nginx=nginx:1.28").status, 0);
    let (mut fewest, mut mixed) = (usize::MAX, false);
    for _ in 0..600 {
        s.world.step();
        let ready = ready_endpoints(&s.world, "web");
        for name in &ready {
            let p =
                s.world.store.get::<Pod>("default", name).expect("a ready endpoint's pod exists");
            assert!(p.is_ready(), "{name} is a ready endpoint but not Ready");
        }
        fewest = fewest.min(ready.len());
        let new = pods_with_image(&s.world, "nginx:1.28");
        mixed |= ready.iter().any(|n| old.contains(n)) && ready.iter().any(|n| new.contains(n));
    }
    assert!(s.world.settle().quiet);
    let new = pods_with_image(&s.world, "nginx:1.28");
    assert_eq!(new.len(), 4);
    assert_eq!(ready_endpoints(&s.world, "web"), new, "only the new pods serve at the end");
    assert!(
        endpoints(&s.world, "web").iter().all(|e| !old.contains(pod_of(e))),
        "old pods left the slice"
    );
    assert!(mixed, "old and new pods served side by side during the rollout");
    // maxUnavailable 25% of 4: the Service always had at least 3 ready endpoints.
    assert!(fewest >= 3, "only {fewest} ready endpoints at one point");
}

#[test]
fn terminating_pods_leave_the_ready_set_at_once_and_stay_serving_until_gone() {
    let mut s = session(12, "k create deployment web --image=nginx:1.27 --replicas=2");
    s.world.create(service("web", &[("app", "web")])).unwrap();
    assert!(s.world.settle().quiet);
    let victim = ready_endpoints(&s.world, "web").into_iter().next().unwrap();
    s.world.delete::<Pod>("default", &victim, &DeleteOptions::default()).unwrap();
    // One tick for the watch event to reach the controller, one for it to write.
    s.world.step();
    s.world.step();
    let ep = |w: &World| endpoints(w, "web").into_iter().find(|e| pod_of(e) == victim).cloned();
    let first = ep(&s.world).expect("the terminating pod is still listed");
    assert_eq!(
        first.conditions,
        EndpointConditions { ready: Some(false), serving: Some(true), terminating: Some(true) }
    );
    assert!(!ready_endpoints(&s.world, "web").contains(&victim));
    let mut ticks = 0;
    while s.world.store.get::<Pod>("default", &victim).is_some() {
        let listed = ep(&s.world).expect("listed while the pod exists");
        let pod_ready = s.world.store.get::<Pod>("default", &victim).unwrap().is_ready();
        assert_eq!(listed.conditions.ready, Some(false));
        assert_eq!(listed.conditions.terminating, Some(true));
        // Serving follows the pod's Ready condition (a tick behind it).
        if pod_ready {
            assert_eq!(listed.conditions.serving, Some(true));
        }
        s.world.step();
        ticks += 1;
        assert!(ticks < 1_000, "the pod never went");
    }
    assert!(s.world.settle().quiet);
    assert!(ep(&s.world).is_none(), "gone from the slice with the pod");
}

#[test]
fn a_service_with_no_matching_pods_has_an_empty_slice() {
    let mut s = session(13, "k create deployment web --image=nginx:1.27 --replicas=2");
    s.world.create(service("lonely", &[("app", "nothing")])).unwrap();
    assert!(s.world.settle().quiet);
    let found = slices(&s.world, "lonely");
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].endpoints, None);
    assert!(found[0].metadata.name.starts_with("lonely-"));
    let yaml = s.run(&format!("k get endpointslice {} -o yaml", found[0].metadata.name)).text();
    assert!(yaml.contains("endpoints: null"), "{yaml}");
    let e = s.world.store.get::<Endpoints>("default", "lonely").expect("the legacy Endpoints too");
    assert!(e.subsets.is_empty());
}

#[test]
fn two_hundred_fifty_pods_make_three_slices() {
    let mut s = session(14, "k create deployment web --image=nginx:1.27 --replicas=250");
    s.world.create(service("web", &[("app", "web")])).unwrap();
    assert!(s.world.settle().quiet);
    let mut sizes: Vec<usize> =
        slices(&s.world, "web").iter().map(|s| s.endpoints().len()).collect();
    sizes.sort();
    assert_eq!(sizes, vec![50, 100, 100]);
    assert_eq!(ready_endpoints(&s.world, "web").len(), 250);
    // Steady state: through a resync and more, nothing is rewritten or decided.
    let (mark, decided) = (s.world.store.watch.end(), s.world.decisions.total());
    s.world.advance(65_000);
    let writes = s
        .world
        .store
        .watch
        .since(mark)
        .filter(|e| matches!(e.object.kind(), Kind::EndpointSlice | Kind::Endpoints));
    assert_eq!(writes.count(), 0);
    let loops = [ControllerName::EndpointSlice, ControllerName::Endpoints];
    assert_eq!(
        s.world.decisions.since(decided).filter(|d| loops.contains(&d.controller)).count(),
        0
    );
}

#[test]
fn deleting_the_service_deletes_its_slices() {
    let mut s = session(15, "k create deployment web --image=nginx:1.27 --replicas=3");
    s.world.create(service("web", &[("app", "web")])).unwrap();
    assert!(s.world.settle().quiet);
    let svc_uid = s.world.store.get::<Service>("default", "web").unwrap().metadata.uid.clone();
    let found = slices(&s.world, "web");
    assert_eq!(found.len(), 1);
    let owner = found[0].metadata.controller_ref().expect("owned by the Service");
    assert_eq!((owner.kind.as_str(), owner.uid.as_str()), ("Service", svc_uid.as_str()));
    assert_eq!(owner.block_owner_deletion, Some(true));
    assert!(s.world.store.get::<Endpoints>("default", "web").is_some());
    s.world.delete::<Service>("default", "web", &DeleteOptions::background()).unwrap();
    assert!(s.world.settle().quiet);
    assert!(slices(&s.world, "web").is_empty(), "the garbage collector took the slices");
    assert!(
        s.world.store.get::<Endpoints>("default", "web").is_none(),
        "the Endpoints controller deleted its Endpoints"
    );
    let collected = s.world.store.watch.since(0).any(|e| {
        e.ty == WatchEventType::Deleted
            && e.object.kind() == Kind::EndpointSlice
            && e.by == Some(ControllerName::GarbageCollector.manager())
    });
    assert!(collected, "deleted by the garbage collector, not by the slice controller");
    assert_eq!(pods_with_image(&s.world, "nginx:1.27").len(), 3, "the pods stay");
}

#[test]
fn the_legacy_endpoints_list_ready_and_not_ready_addresses() {
    // busybox exits at once: its pod crash-loops, with an IP but never Ready.
    let mut s = Session::new(World::new(16), Mode::Script);
    let out = s.run(
        "k create deployment good --image=nginx:1.27 --replicas=2; \
         k create deployment bad --image=busybox:1.36 --replicas=1; sleep 10s; \
         k label pod --all tier=web",
    );
    assert_eq!(out.status, 0, "{}", out.text());
    s.world.create(service("web", &[("tier", "web")])).unwrap();
    s.world.advance(20_000);
    let e = s.world.store.get::<Endpoints>("default", "web").expect("written").clone();
    assert_eq!(e.subsets.len(), 1, "{:?}", e.subsets);
    let ss = &e.subsets[0];
    let pod_names = |a: &[EndpointAddress]| -> Vec<String> {
        a.iter().map(|a| a.target_ref.as_ref().unwrap().name.to_string()).collect()
    };
    assert_eq!(ss.addresses.len(), 2);
    assert!(pod_names(&ss.addresses).iter().all(|n| n.starts_with("good-")));
    assert_eq!(pod_names(&ss.not_ready_addresses).len(), 1);
    assert!(pod_names(&ss.not_ready_addresses)[0].starts_with("bad-"));
    let ips: Vec<&str> = ss.addresses.iter().map(|a| a.ip.as_str()).collect();
    let mut sorted = ips.clone();
    sorted.sort();
    assert_eq!(ips, sorted, "addresses sorted by IP");
    assert_eq!(
        ss.ports,
        vec![EndpointsPort {
            name: None,
            port: 80,
            protocol: Some("TCP".into()),
            app_protocol: None
        }]
    );
    assert_eq!(
        e.metadata.labels.get("endpoints.kubernetes.io/managed-by").map(String::as_str),
        Some("endpoint-controller")
    );
    assert!(e.metadata.annotations.contains_key(LAST_CHANGE_TRIGGER_TIME));
    assert!(e.metadata.owner_references.is_empty(), "no owner: the controller deletes it");
    let said: Vec<String> = s
        .world
        .decisions
        .iter()
        .filter(|d| d.controller == ControllerName::EndpointSlice)
        .map(|d| d.to_string())
        .collect();
    assert!(
        said.iter()
            .any(|d| d.contains("see 3 pods, 2 ready: write 2 ready and 1 not-ready endpoint: ")),
        "{said:#?}"
    );
}

#[test]
fn changing_a_pods_labels_selects_and_unselects_it() {
    let mut s = session(17, "k run solo --image=nginx:1.27 --labels=app=web");
    s.world.create(service("web", &[("app", "web")])).unwrap();
    assert!(s.world.settle().quiet);
    assert_eq!(ready_endpoints(&s.world, "web"), BTreeSet::from(["solo".to_string()]));
    assert_eq!(s.run("k label pod solo app=api --overwrite").status, 0);
    assert!(s.world.settle().quiet);
    assert!(endpoints(&s.world, "web").is_empty(), "unselected: gone from the slice");
    assert_eq!(slices(&s.world, "web").len(), 1, "the empty slice stays");
    assert!(s.world.store.get::<Endpoints>("default", "web").unwrap().subsets.is_empty());
    assert_eq!(s.run("k label pod solo app=web --overwrite").status, 0);
    assert!(s.world.settle().quiet);
    assert_eq!(ready_endpoints(&s.world, "web"), BTreeSet::from(["solo".to_string()]));
}

#[test]
fn a_service_without_a_selector_is_left_to_its_user() {
    let mut s = session(18, "k create deployment web --image=nginx:1.27 --replicas=2");
    s.world.create(service("external", &[])).unwrap();
    assert!(s.world.settle().quiet);
    assert!(slices(&s.world, "external").is_empty());
    assert!(s.world.store.get::<Endpoints>("default", "external").is_none());
}

#[test]
fn a_stopped_endpointslice_loop_catches_up_when_started_again() {
    let mut s = session(19, "k create deployment web --image=nginx:1.27 --replicas=2");
    s.world.create(service("web", &[("app", "web")])).unwrap();
    assert!(s.world.settle().quiet);
    let out =
        s.run("controller stop endpointslice-controller; k scale deploy web --replicas=4; settle");
    assert_eq!(out.status, 0, "{}", out.text());
    assert_eq!(ready_endpoints(&s.world, "web").len(), 2, "nobody updates the slice");
    assert_eq!(
        s.world.store.get::<Endpoints>("default", "web").unwrap().subsets[0].addresses.len(),
        4,
        "the legacy Endpoints loop still runs"
    );
    assert_eq!(s.run("controller start endpointslice; settle").status, 0);
    assert_eq!(ready_endpoints(&s.world, "web"), pods_with_image(&s.world, "nginx:1.27"));
    assert_eq!(ready_endpoints(&s.world, "web").len(), 4);
}

/// The endpoint loops let their pod caches go while no Service exists; a Service created
/// after its pods, and after they changed, still gets every ready pod as an endpoint, and
/// the loops follow the pods again from then on (a label change that unselects one, which
/// needs the cache's old labels), also after the last Service goes and another comes.
#[test]
fn a_service_created_after_its_pods_fills_its_endpoints() {
    let mut s = session(18, "k create deployment web --image=nginx:1.27 --replicas=3");
    let pods = pods_with_image(&s.world, "nginx:1.27");
    assert_eq!(pods.len(), 3);
    let first = pods.iter().next().unwrap().clone();
    // A change while no Service exists: the pod leaves the Deployment and is replaced.
    assert_eq!(s.run(&format!("k label pod {first} app=api --overwrite")).status, 0);
    assert!(s.world.settle().quiet);
    for round in 0..2 {
        s.world.create(service("web", &[("app", "web")])).unwrap();
        assert!(s.world.settle().quiet);
        let selected: BTreeSet<String> = s
            .world
            .store
            .list::<Pod>(Some("default"), None)
            .filter(|p| p.metadata.labels.get("app").map(String::as_str) == Some("web"))
            .map(|p| p.metadata.name.clone())
            .collect();
        assert_eq!(selected.len(), 3, "round {round}");
        assert_eq!(ready_endpoints(&s.world, "web"), selected, "round {round}");
        let legacy = s.world.store.get::<Endpoints>("default", "web").expect("written");
        assert_eq!(legacy.subsets.iter().map(|ss| ss.addresses.len()).sum::<usize>(), 3);
        // A label change now reaches the slices through the refilled cache.
        let moved = selected.iter().next().unwrap().clone();
        assert_eq!(s.run(&format!("k label pod {moved} app=api --overwrite")).status, 0);
        assert!(s.world.settle().quiet);
        assert!(!ready_endpoints(&s.world, "web").contains(&moved), "round {round}");
        assert_eq!(ready_endpoints(&s.world, "web").len(), 3, "the replacement joins");
        let opts = DeleteOptions::background();
        s.world.delete::<Service>("default", "web", &opts).unwrap();
        assert!(s.world.settle().quiet);
        assert!(slices(&s.world, "web").is_empty(), "round {round}");
    }
}
