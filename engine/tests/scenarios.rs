//! Scenario tests: the situations of the lesson, driven through the world's API and checked
//! against what a user would see. Time moves only by `step`/`settle`/`advance`.

use kubeloop::model::*;
use kubeloop::store::{DeleteOptions, Propagation};
use kubeloop::world::World;

fn labels(pairs: &[(&str, &str)]) -> Labels {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

fn template(app: &str, image: &str) -> PodTemplateSpec {
    PodTemplateSpec {
        metadata: ObjectMeta { labels: labels(&[("app", app)]), ..Default::default() },
        spec: PodSpec {
            containers: vec![Container::new("nginx", image)].into(),
            ..Default::default()
        },
    }
}

fn deployment(name: &str, image: &str, replicas: i32) -> Deployment {
    Deployment {
        api_version: "apps/v1".into(),
        kind: "Deployment".into(),
        metadata: ObjectMeta {
            name: name.into(),
            labels: labels(&[("app", name)]),
            ..Default::default()
        },
        spec: DeploymentSpec {
            replicas,
            selector: LabelSelector {
                match_labels: labels(&[("app", name)]),
                ..Default::default()
            },
            template: template(name, image),
            ..Default::default()
        },
        status: Default::default(),
    }
}

fn bare_rs(name: &str, app: &str, replicas: i32) -> ReplicaSet {
    ReplicaSet {
        api_version: "apps/v1".into(),
        kind: "ReplicaSet".into(),
        metadata: ObjectMeta { name: name.into(), ..Default::default() },
        spec: ReplicaSetSpec {
            replicas,
            min_ready_seconds: 0,
            selector: LabelSelector { match_labels: labels(&[("app", app)]), ..Default::default() },
            template: template(app, "nginx:1.27"),
        },
        status: Default::default(),
    }
}

fn pods(w: &World, app: &str) -> Vec<Pod> {
    w.store
        .list::<Pod>(Some("default"), None)
        .filter(|p| p.metadata.labels.get("app").map(String::as_str) == Some(app))
        .cloned()
        .collect()
}

fn names(ps: &[Pod]) -> Vec<String> {
    ps.iter().map(|p| p.metadata.name.clone()).collect()
}

fn running(ps: &[Pod]) -> usize {
    ps.iter().filter(|p| p.is_ready() && p.is_active()).count()
}

fn replicasets(w: &World, app: &str) -> Vec<ReplicaSet> {
    w.store
        .list::<ReplicaSet>(Some("default"), None)
        .filter(|r| r.metadata.labels.get("app").map(String::as_str) == Some(app))
        .cloned()
        .collect()
}

fn web(seed: u64, replicas: i32) -> World {
    let mut w = World::new(seed);
    w.create(deployment("web", "nginx:1.27", replicas)).unwrap();
    assert!(w.settle().quiet);
    w
}

#[test]
fn a_deleted_pod_is_replaced_under_a_new_name_while_it_terminates() {
    let mut w = web(1, 3);
    let before = pods(&w, "web");
    assert_eq!(running(&before), 3);
    let victim = before[0].metadata.name.clone();
    w.delete::<Pod>("default", &victim, &DeleteOptions::background()).unwrap();
    // Within a few ticks a replacement exists while the victim is still Terminating.
    let mut saw_overlap = false;
    for _ in 0..10 {
        w.step();
        let now = pods(&w, "web");
        let terminating = now.iter().any(|p| p.metadata.name == victim && p.metadata.is_deleting());
        let fresh = now.iter().any(|p| !names(&before).contains(&p.metadata.name));
        saw_overlap |= terminating && fresh;
    }
    assert!(saw_overlap, "the replacement appears before the old pod is gone");
    assert!(w.settle().quiet);
    let after = pods(&w, "web");
    assert_eq!(running(&after), 3);
    assert!(!names(&after).contains(&victim));
    let prefix = &victim[..victim.len() - 5];
    assert!(
        after.iter().all(|p| p.metadata.name.starts_with(prefix)),
        "same ReplicaSet, new suffix"
    );
}

#[test]
fn a_replicaset_scaled_by_hand_is_scaled_back_by_its_deployment() {
    let mut w = web(2, 3);
    let rs = replicasets(&w, "web")[0].metadata.name.clone();
    w.modify::<ReplicaSet>("default", &rs, |r| r.spec.replicas = 5).unwrap();
    assert!(w.settle().quiet);
    assert_eq!(w.store.get::<ReplicaSet>("default", &rs).unwrap().spec.replicas, 3);
    assert_eq!(running(&pods(&w, "web")), 3);
}

#[test]
fn owner_references_chain_pod_to_replicaset_to_deployment() {
    let w = web(3, 2);
    let d = w.store.get::<Deployment>("default", "web").unwrap();
    let rs = &replicasets(&w, "web")[0];
    let rs_ref = rs.metadata.controller_ref().unwrap();
    assert_eq!(
        (rs_ref.kind.as_str(), rs_ref.name.as_str(), rs_ref.uid.as_str()),
        ("Deployment", "web", d.metadata.uid.as_str())
    );
    assert!(rs.metadata.name.starts_with("web-"));
    let hash = &rs.metadata.name[4..];
    assert!(
        !hash.is_empty() && hash.len() <= 10 && hash.chars().all(|c| "456789bcdf".contains(c)),
        "{hash}"
    );
    for p in pods(&w, "web") {
        let r = p.metadata.controller_ref().unwrap();
        assert_eq!((r.kind.as_str(), r.name.as_str()), ("ReplicaSet", rs.metadata.name.as_str()));
        assert_eq!(r.block_owner_deletion, Some(true));
        assert_eq!(p.metadata.labels.get("pod-template-hash").map(String::as_str), Some(hash));
    }
}

#[test]
fn background_deletion_removes_the_owner_first_then_its_dependents() {
    let mut w = web(4, 3);
    w.delete::<Deployment>("default", "web", &DeleteOptions::background()).unwrap();
    assert!(w.store.get::<Deployment>("default", "web").is_none(), "the owner goes at once");
    assert_eq!(replicasets(&w, "web").len(), 1, "dependents are still there right after");
    assert!(w.settle().quiet);
    assert!(replicasets(&w, "web").is_empty());
    assert!(pods(&w, "web").is_empty());
}

#[test]
fn foreground_deletion_keeps_the_owner_until_its_dependents_are_gone() {
    let mut w = web(5, 3);
    w.delete::<Deployment>("default", "web", &DeleteOptions::with(Propagation::Foreground))
        .unwrap();
    let d = w.store.get::<Deployment>("default", "web").unwrap();
    assert!(d.metadata.is_deleting() && d.metadata.has_finalizer(FINALIZER_FOREGROUND));
    // Until the pods are gone, the Deployment and ReplicaSet stay visible.
    let mut order = Vec::new();
    for _ in 0..600 {
        w.step();
        let p = pods(&w, "web").len();
        let r = replicasets(&w, "web").len();
        let d = usize::from(w.store.get::<Deployment>("default", "web").is_some());
        if order.last() != Some(&(d, r, p)) {
            order.push((d, r, p));
        }
        if d == 0 {
            break;
        }
    }
    assert_eq!(order.last(), Some(&(0, 0, 0)));
    assert!(order.windows(2).all(|w| w[0].2 >= w[1].2), "pods only go away");
    // The owner outlives its ReplicaSet, which outlives its pods.
    let rs_gone = order.iter().position(|s| s.1 == 0).unwrap();
    let pods_gone = order.iter().position(|s| s.2 == 0).unwrap();
    let d_gone = order.iter().position(|s| s.0 == 0).unwrap();
    assert!(pods_gone <= rs_gone && rs_gone <= d_gone, "{order:?}");
}

#[test]
fn orphaning_then_recreating_adopts_the_same_pods() {
    let mut w = web(6, 3);
    let before = names(&pods(&w, "web"));
    let rs_before = replicasets(&w, "web")[0].metadata.name.clone();
    w.delete::<Deployment>("default", "web", &DeleteOptions::with(Propagation::Orphan)).unwrap();
    assert!(w.settle().quiet);
    assert!(w.store.get::<Deployment>("default", "web").is_none());
    let rs = &replicasets(&w, "web")[0];
    assert!(rs.metadata.owner_references.is_empty(), "the ReplicaSet is an orphan now");
    assert_eq!(names(&pods(&w, "web")), before, "pods keep running");
    w.create(deployment("web", "nginx:1.27", 3)).unwrap();
    assert!(w.settle().quiet);
    assert_eq!(names(&pods(&w, "web")), before, "no pod was replaced");
    let rs = &replicasets(&w, "web")[0];
    assert_eq!(rs.metadata.name, rs_before);
    assert_eq!(rs.metadata.controller_ref().map(|r| r.kind.as_str()), Some("Deployment"));
}

#[test]
fn a_bare_pod_with_matching_labels_is_adopted_and_the_newest_deleted() {
    let mut w = World::new(7);
    w.create(bare_rs("frontend", "shop", 3)).unwrap();
    assert!(w.settle().quiet);
    w.advance(60_000);
    let mine = Pod::new(
        ObjectMeta {
            name: "test".into(),
            labels: labels(&[("app", "shop")]),
            ..Default::default()
        },
        template("shop", "nginx:1.27").spec,
    );
    w.create(mine).unwrap();
    assert!(w.settle().quiet);
    let ps: Vec<Pod> = pods(&w, "shop").into_iter().filter(|p| p.is_active()).collect();
    assert_eq!(ps.len(), 3);
    assert!(
        !names(&ps).contains(&"test".to_string()),
        "the adopted bare pod was the newest, so it went"
    );
}

#[test]
fn a_template_change_rolls_out_within_surge_and_unavailability_bounds() {
    let mut w = web(8, 4);
    let old_rs = replicasets(&w, "web")[0].metadata.name.clone();
    // 4 replicas with the 25% defaults: at most 5 pods, at least 3 available.
    w.modify::<Deployment>("default", "web", |d| {
        d.spec.template.spec.containers[0].image = "nginx:1.28".into()
    })
    .unwrap();
    for _ in 0..2000 {
        w.step();
        let rss = replicasets(&w, "web");
        let total: i32 = rss.iter().map(|r| r.spec.replicas).sum();
        let available: i32 = rss.iter().map(|r| r.status.available_replicas).sum();
        assert!(total <= 5, "surge bound broken: {total}");
        assert!(available >= 3, "availability bound broken: {available}");
        if !w.has_work() {
            break;
        }
    }
    assert!(w.settle().quiet);
    let rss = replicasets(&w, "web");
    assert_eq!(rss.len(), 2);
    let new = rss.iter().find(|r| r.metadata.name != old_rs).unwrap();
    assert_eq!(new.spec.replicas, 4);
    assert_eq!(w.store.get::<ReplicaSet>("default", &old_rs).unwrap().spec.replicas, 0);
    let ps = pods(&w, "web");
    assert_eq!(running(&ps), 4);
    assert!(ps.iter().all(|p| p.spec.containers[0].image == "nginx:1.28"));
    let d = w.store.get::<Deployment>("default", "web").unwrap();
    assert_eq!(
        d.metadata.annotations.get("deployment.kubernetes.io/revision").map(String::as_str),
        Some("2")
    );
}

#[test]
fn undo_makes_the_old_replicaset_new_again_with_the_next_revision() {
    let mut w = web(9, 2);
    let first = replicasets(&w, "web")[0].metadata.name.clone();
    w.modify::<Deployment>("default", "web", |d| {
        d.spec.template.spec.containers[0].image = "nginx:1.28".into()
    })
    .unwrap();
    assert!(w.settle().quiet);
    w.modify::<Deployment>("default", "web", |d| {
        d.spec.template.spec.containers[0].image = "nginx:1.27".into()
    })
    .unwrap();
    assert!(w.settle().quiet);
    let rs = w.store.get::<ReplicaSet>("default", &first).unwrap();
    assert_eq!(rs.spec.replicas, 2);
    let ann = &rs.metadata.annotations;
    assert_eq!(ann.get("deployment.kubernetes.io/revision").map(String::as_str), Some("3"));
    assert_eq!(ann.get("deployment.kubernetes.io/revision-history").map(String::as_str), Some("1"));
}

#[test]
fn pods_on_a_failed_node_are_evicted_and_replaced_elsewhere() {
    let mut w = web(10, 6);
    w.config.toleration_seconds = 5;
    let victim_node = pods(&w, "web")[0].spec.node_name.clone().unwrap();
    w.fail_node(&victim_node).unwrap();
    w.advance(60_000);
    assert!(!w.store.get::<Node>("", &victim_node).unwrap().is_ready());
    w.settle();
    let active: Vec<Pod> = pods(&w, "web").into_iter().filter(|p| p.is_active()).collect();
    assert_eq!(active.len(), 6);
    assert!(active.iter().all(|p| p.spec.node_name.as_deref() != Some(victim_node.as_str())));
    assert_eq!(running(&active), 6);
}

#[test]
fn lost_watch_events_are_healed_by_the_next_resync() {
    let mut w = web(11, 3);
    w.drop_events(1_000);
    let victim = pods(&w, "web")[0].metadata.name.clone();
    w.delete::<Pod>("default", &victim, &DeleteOptions::background()).unwrap();
    w.advance(5_000);
    assert_eq!(
        pods(&w, "web").iter().filter(|p| p.is_active()).count(),
        2,
        "nobody heard the delete yet"
    );
    w.settle();
    assert_eq!(running(&pods(&w, "web")), 3, "the resync found the gap");
}

#[test]
fn a_stopped_replicaset_controller_heals_the_cluster_when_started() {
    use kubeloop::controllers::ControllerName;
    use kubeloop::world::RunState;
    let mut w = web(12, 3);
    w.set_controller(ControllerName::ReplicaSet, RunState::Stopped);
    for p in pods(&w, "web") {
        w.delete::<Pod>("default", &p.metadata.name, &DeleteOptions::background()).unwrap();
    }
    w.advance(60_000);
    assert_eq!(pods(&w, "web").iter().filter(|p| p.is_active()).count(), 0);
    w.set_controller(ControllerName::ReplicaSet, RunState::Running);
    assert!(w.settle().quiet);
    assert_eq!(running(&pods(&w, "web")), 3);
}

/// `kubectl apply` of a manifest already applied: nothing changes, so it says `unchanged`,
/// and a bare pod keeps the node the scheduler gave it (the manifest never set `nodeName`).
#[test]
fn applying_the_same_bare_pod_again_changes_nothing() {
    use kubeloop::kubectl::Mode;
    use kubeloop::session::Session;
    let manifest = "k apply -f - <<EOF\napiVersion: v1\nkind: Pod\nmetadata:\n  name: solo\n\
                    spec:\n  containers:\n  - name: app\n    image: nginx:1.27\nEOF";
    let mut s = Session::new(World::new(3), Mode::Interactive);
    assert_eq!(s.run(manifest).text(), "pod/solo created\n");
    s.world.settle();
    let before = s.world.store.get::<Pod>("default", "solo").unwrap().clone();
    assert!(before.spec.node_name.is_some(), "scheduled");
    assert_eq!(s.run(manifest).text(), "pod/solo unchanged\n");
    let after = s.world.store.get::<Pod>("default", "solo").unwrap();
    assert_eq!(after.spec.node_name, before.spec.node_name);
    assert_eq!(after.metadata.resource_version, before.metadata.resource_version);
    // A real change is still a change.
    let relabelled = manifest.replace("  name: solo\n", "  name: solo\n  labels:\n    tier: web\n");
    assert_eq!(s.run(&relabelled).text(), "pod/solo configured\n");
    let after = s.world.store.get::<Pod>("default", "solo").unwrap();
    assert_eq!(after.spec.node_name, before.spec.node_name, "still bound");
}

/// kubernetes/kubernetes#138036, still open: scaling a Deployment mid-rollout down to the
/// size its only active ReplicaSet already has leaves that ReplicaSet's desired-replicas
/// annotation stale; every later sync is then a "scaling event" with nothing to scale, and
/// the rollout to the new template never starts. The engine does what upstream does.
#[test]
fn a_deployment_scaled_mid_rollout_to_its_old_replicasets_size_stalls_as_upstreams_does() {
    let mut w = World::new(0);
    let _ = w.create(deployment("web0", "nginx:1.27", 4));
    w.step();
    w.advance(3_301);
    w.step();
    // Two template changes a tick apart: the second arrives while the first's new pods start.
    for image in ["httpd:2.4", "nginx:1.28"] {
        let _ = w.modify::<Deployment>("default", "web0", |d| {
            d.spec.template.spec.containers[0].image = image.into()
        });
        w.step();
        w.step();
    }
    let _ = w.modify::<Deployment>("default", "web0", |d| d.spec.replicas = 3);
    w.step();
    w.settle();
    let d = w.store.get::<Deployment>("default", "web0").expect("kept").clone();
    let active: Vec<&ReplicaSet> = w
        .store
        .list::<ReplicaSet>(Some("default"), None)
        .filter(|rs| rs.spec.replicas > 0)
        .collect();
    assert_eq!(active.len(), 1, "one active ReplicaSet");
    assert_eq!(active[0].spec.template.spec.containers[0].image, "nginx:1.27", "the old template");
    assert_eq!(active[0].spec.replicas, 3);
    assert_eq!(active[0].metadata.annotations["deployment.kubernetes.io/desired-replicas"], "4");
    assert_eq!(d.status.updated_replicas, 0, "the rollout to nginx:1.28 never starts");
}
