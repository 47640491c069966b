//! The view model, driven through kubectl as a user drives the page. Real time is an
//! argument, so ghosts and new edges are tested without sleeping.

use kubeloop::kubectl::Mode;
use kubeloop::model::{Container, Kind, ObjectMeta, OwnerReference, Pod, PodSpec};
use kubeloop::session::Session;
use kubeloop::world::World;

use super::collect::{pod_phase, split_name};
use super::*;
use kubeloop::clock::Time;
use kubeloop::model::{ContainerState, ContainerStatus, PodPhase, StateTerminated};

fn session() -> Session {
    Session::new(World::new(1), Mode::Script)
}

fn run(s: &mut Session, line: &str) {
    let out = s.run(line);
    assert_eq!(out.status, 0, "{line}: {}", out.text());
}

/// A settled cluster with `web` at 3 replicas, and its first view at real time 0.
fn web() -> (Session, LayoutMemory, ViewModel) {
    let mut s = session();
    run(&mut s, "k create deployment web --image=nginx:1.27 --replicas=3");
    s.world.settle();
    let mut mem = LayoutMemory::new();
    let v = build(&s.world, &mut mem, 0.0);
    (s, mem, v)
}

fn pod_names(v: &ViewModel) -> Vec<String> {
    v.pods().map(|p| p.meta.target.name.clone()).collect()
}

fn slot_of(v: &ViewModel, name: &str) -> usize {
    v.pods().find(|p| p.meta.target.name == name).unwrap_or_else(|| panic!("no pod {name}")).slot
}

fn edge<'a>(v: &'a ViewModel, owner: &str, dependent: &str) -> Option<&'a Edge> {
    v.edges.iter().find(|e| e.owner == owner && e.dependent == dependent)
}

fn bare_pod(name: &str, owners: Vec<OwnerReference>) -> Pod {
    let meta = ObjectMeta { name: name.into(), owner_references: owners, ..Default::default() };
    let container = Container::new("c", "nginx:1.27");
    Pod::new(meta, PodSpec { containers: vec![container].into(), ..Default::default() })
}

#[test]
fn a_deployment_is_a_tree_of_its_replicaset_and_its_pods() {
    let (_, _, v) = web();
    assert_eq!(v.trees.len(), 1);
    assert!(v.orphans.is_none());
    let t = &v.trees[0];
    assert_eq!(t.top.meta.target, ObjRef::new(Kind::Deployment, "default", "web"));
    assert!(matches!(
        t.top.figures,
        TopFigures::Deployment { ready: 3, replicas: 3, up_to_date: 3, .. }
    ));
    assert_eq!(t.top.images, ["nginx:1.27"]);
    assert_eq!(t.rows.len(), 1);
    let row = &t.rows[0];
    let rs_name = &row.rs.meta.target.name;
    let RowFigures::ReplicaSet { desired, current, ready, revision } = &row.rs.figures else {
        panic!("a ReplicaSet row")
    };
    assert_eq!((*desired, *current, *ready), (3, 3, 3));
    assert_eq!(revision.as_deref(), Some("1"));
    assert_eq!(row.pods.pods.len(), 3);
    for (i, p) in row.pods.pods.iter().enumerate() {
        assert_eq!(p.slot, i);
        assert_eq!(
            (p.status.as_str(), p.phase, p.ready.as_str()),
            ("Running", Phase::Running, "1/1")
        );
        assert_eq!(p.name_prefix, format!("{rs_name}-"));
        assert_eq!(p.name_suffix.len(), 5);
        assert!(p.node.as_deref().is_some_and(|n| n.starts_with("node-")));
        assert!(!p.meta.vanishing && !p.terminating);
    }
    // One solid edge per ownerReference: Deployment -> RS, RS -> each pod. None is new on
    // the first build.
    assert_eq!(v.edges.len(), 4);
    assert!(v.edges.iter().all(|e| e.controller && !e.new && !e.cut));
    assert!(edge(&v, "Deployment/web", &format!("ReplicaSet/{rs_name}")).is_some());
    // Boxes do not overlap and sit inside the drawing.
    let rects: Vec<Rect> = std::iter::once(t.top.meta.rect)
        .chain(std::iter::once(row.rs.meta.rect))
        .chain(row.pods.pods.iter().map(|p| p.meta.rect))
        .collect();
    for (i, a) in rects.iter().enumerate() {
        assert!(a.right() <= v.width && a.bottom() <= v.height, "{a:?}");
        for b in &rects[i + 1..] {
            let apart =
                a.right() <= b.x || b.right() <= a.x || a.bottom() <= b.y || b.bottom() <= a.y;
            assert!(apart, "{a:?} overlaps {b:?}");
        }
    }
}

#[test]
fn pod_status_is_kubectls_and_its_phase_follows() {
    let mut s = session();
    run(&mut s, "k create deployment web --image=nginx:1.27 --replicas=2");
    run(&mut s, "k create deployment bad --image=nginx:doesnotexist --replicas=1");
    let mut mem = LayoutMemory::new();
    let mut seen = std::collections::BTreeSet::new();
    for i in 0..200 {
        s.world.step();
        let v = build(&s.world, &mut mem, f64::from(i) * 100.0);
        for p in v.pods() {
            seen.insert((p.status.clone(), p.phase));
        }
    }
    for want in [
        ("Pending".to_string(), Phase::Pending),
        ("ContainerCreating".to_string(), Phase::Creating),
        ("Running".to_string(), Phase::Running),
        ("ErrImagePull".to_string(), Phase::Failing),
        ("ImagePullBackOff".to_string(), Phase::Failing),
    ] {
        assert!(seen.contains(&want), "never saw {want:?} in {seen:?}");
    }
}

/// A pod on a node in `phase` with one container in `state`.
fn pod_in(phase: PodPhase, state: ContainerState, ready: bool) -> Pod {
    let mut pod = Pod::default();
    pod.spec.node_name = Some("node-1".into());
    pod.status.phase = phase;
    pod.status.container_statuses =
        vec![ContainerStatus { name: "c".into(), state, ready, ..Default::default() }];
    pod
}

#[test]
fn the_colour_comes_from_the_typed_status_so_an_unknown_reason_is_not_a_guess() {
    let waiting = |r: &str| ContainerState::waiting(r, None);
    let running = ContainerState::running(Time::ZERO);
    let exited = |code| ContainerState {
        terminated: Some(StateTerminated { exit_code: code, ..Default::default() }),
        ..Default::default()
    };
    let cases = [
        (pod_in(PodPhase::Pending, waiting("ContainerCreating"), false), Phase::Creating),
        (pod_in(PodPhase::Pending, waiting("PodInitializing"), false), Phase::Creating),
        (pod_in(PodPhase::Running, running.clone(), true), Phase::Running),
        // Up but not ready (a readiness probe failing): its own phase, not "Creating".
        (pod_in(PodPhase::Running, running.clone(), false), Phase::Unready),
        (pod_in(PodPhase::Running, waiting("ContainerCreating"), false), Phase::Creating),
        (pod_in(PodPhase::Running, waiting("CrashLoopBackOff"), false), Phase::Failing),
        (pod_in(PodPhase::Pending, waiting("CreateContainerConfigError"), false), Phase::Failing),
        (pod_in(PodPhase::Running, exited(137), false), Phase::Failing),
        (pod_in(PodPhase::Succeeded, exited(0), false), Phase::Completed),
        (pod_in(PodPhase::Failed, exited(1), false), Phase::Failing),
    ];
    for (pod, want) in cases {
        assert_eq!(pod_phase(&pod), want, "{:?}", pod.status);
    }
    let mut unscheduled = Pod::default();
    unscheduled.status.phase = PodPhase::Pending;
    assert_eq!(pod_phase(&unscheduled), Phase::Pending);
    let mut deleting = pod_in(PodPhase::Running, running, true);
    deleting.metadata.deletion_timestamp = Some(Time::ZERO);
    assert_eq!(pod_phase(&deleting), Phase::Terminating);
    let mut finished = pod_in(PodPhase::Succeeded, exited(0), false);
    finished.metadata.deletion_timestamp = Some(Time::ZERO);
    assert_eq!(pod_phase(&finished), Phase::Completed, "a finished pod keeps its outcome");
}

#[test]
fn only_the_generated_suffix_is_split_off() {
    assert_eq!(split_name("web-7d9f5cbb6d-8xk2p", "web-7d9f5cbb6d-"), ("web-7d9f5cbb6d-", "8xk2p"));
    assert_eq!(split_name("nginx", ""), ("nginx", ""));
    assert_eq!(split_name("web-abcde", "other-"), ("web-abcde", ""));
}

#[test]
fn deleting_with_cascade_orphan_moves_the_replicaset_to_the_orphans_lane() {
    let (mut s, mut mem, v0) = web();
    let rs_name = v0.trees[0].rows[0].rs.meta.target.name.clone();
    let pods0 = pod_names(&v0);
    run(&mut s, "k delete deployment web --cascade=orphan --wait=false");
    s.world.settle();

    let v = build(&s.world, &mut mem, 100.0);
    assert_eq!(v.trees.len(), 1, "the Deployment is drawn while it shrinks out");
    assert!(v.trees[0].top.meta.vanishing);
    assert!(v.trees[0].rows.is_empty());
    let lane = v.orphans.as_ref().expect("an orphans lane");
    assert_eq!(lane.rows.len(), 1);
    assert_eq!(lane.rows[0].rs.meta.target.name, rs_name);
    assert_eq!(pod_names(&v), pods0, "same pods, same slots");
    let cut = edge(&v, "Deployment/web", &format!("ReplicaSet/{rs_name}")).expect("a cut edge");
    assert!(cut.cut && !cut.new);

    let v = build(&s.world, &mut mem, 800.0);
    assert!(v.trees.is_empty());
    assert!(v.edges.iter().all(|e| !e.cut && e.owner.starts_with("ReplicaSet/")));

    // Recreated, the Deployment adopts the same ReplicaSet: it moves back, edge drawn anew.
    run(&mut s, "k create deployment web --image=nginx:1.27 --replicas=3");
    s.world.settle();
    let v = build(&s.world, &mut mem, 900.0);
    assert!(v.orphans.is_none());
    assert_eq!(v.trees[0].rows[0].rs.meta.target.name, rs_name);
    assert_eq!(pod_names(&v), pods0);
    assert!(edge(&v, "Deployment/web", &format!("ReplicaSet/{rs_name}")).is_some_and(|e| e.new));
    let v = build(&s.world, &mut mem, 1700.0);
    assert!(v.edges.iter().all(|e| !e.new));
}

#[test]
fn a_replaced_pod_leaves_the_others_in_place_and_its_ghost_goes_after_700_ms() {
    let (mut s, mut mem, v0) = web();
    let names = pod_names(&v0);
    let (a, b, c) = (&names[0], &names[1], &names[2]);
    run(&mut s, &format!("k delete pod {b} --wait=false"));
    s.world.step();
    s.world.step();

    let v = build(&s.world, &mut mem, 100.0);
    let old = v.pods().find(|p| &p.meta.target.name == b).unwrap();
    assert!(old.terminating && old.phase == Phase::Terminating && old.status == "Terminating");
    let new: Vec<&PodItem> = v.pods().filter(|p| !names.contains(&p.meta.target.name)).collect();
    assert_eq!(new.len(), 1);
    let d = new[0].meta.target.name.clone();
    assert_eq!((slot_of(&v, a), slot_of(&v, b), slot_of(&v, c), slot_of(&v, &d)), (0, 1, 2, 3));
    let fresh = edge(
        &v,
        &format!("ReplicaSet/{}", v.trees[0].rows[0].rs.meta.target.name),
        &format!("Pod/{d}"),
    );
    assert!(fresh.is_some_and(|e| e.new && e.controller));

    s.world.settle();
    let v = build(&s.world, &mut mem, 200.0);
    let ghost = v.pods().find(|p| &p.meta.target.name == b).expect("the deleted pod is a ghost");
    assert!(ghost.meta.vanishing && ghost.slot == 1);
    assert!(v.edges.iter().any(|e| e.cut && e.dependent == format!("Pod/{b}")));
    let v = build(&s.world, &mut mem, 899.0);
    assert!(pod_names(&v).contains(b));

    // Dropped: a hole is left at slot 1 for a while, then the others close it.
    let v = build(&s.world, &mut mem, 900.0);
    assert!(!pod_names(&v).contains(b));
    assert_eq!((slot_of(&v, a), slot_of(&v, c), slot_of(&v, &d)), (0, 2, 3));
    let v = build(&s.world, &mut mem, 2100.0);
    assert_eq!((slot_of(&v, a), slot_of(&v, c), slot_of(&v, &d)), (0, 1, 2));
    assert!(v.edges.iter().all(|e| !e.cut));
}

#[test]
fn a_new_pod_takes_the_first_free_slot() {
    let (mut s, mut mem, v0) = web();
    let names = pod_names(&v0);
    run(&mut s, &format!("k delete pod {} --wait=false", names[0]));
    run(&mut s, "k scale deployment web --replicas=2");
    s.world.settle();
    build(&s.world, &mut mem, 100.0);
    let v = build(&s.world, &mut mem, 900.0);
    assert_eq!((slot_of(&v, &names[1]), slot_of(&v, &names[2])), (1, 2), "a hole at 0");
    run(&mut s, "k scale deployment web --replicas=3");
    s.world.settle();
    let v = build(&s.world, &mut mem, 1000.0);
    let new = v.pods().find(|p| !names.contains(&p.meta.target.name)).unwrap();
    assert_eq!(new.slot, 0);
}

#[test]
fn dependents_of_an_owner_deleted_in_the_background_are_not_orphans_on_a_fresh_page() {
    let (mut s, _, _) = web();
    run(&mut s, "k delete deployment web --wait=false");
    // A page that never saw the Deployment (a reload, or the timeline's replay).
    let v = build(&s.world, &mut LayoutMemory::default(), 0.0);
    assert!(v.orphans.is_none(), "nothing in the orphans lane");
    let t = &v.trees[0];
    assert_eq!(t.top.meta.target.name, "web");
    assert!(t.top.meta.gone && t.top.meta.deleting);
    assert_eq!(t.rows.len(), 1, "its ReplicaSet hangs under the deleted Deployment");
    s.world.settle();
    let v = build(&s.world, &mut LayoutMemory::default(), 0.0);
    assert!(v.is_empty(), "once collected, nothing is left to draw");
}

#[test]
fn background_deletion_holds_places_then_empties_bottom_up() {
    let (mut s, mut mem, _) = web();
    run(&mut s, "k delete deployment web --wait=false");
    let v = build(&s.world, &mut mem, 100.0);
    let t = &v.trees[0];
    assert!(t.top.meta.gone && !t.top.meta.vanishing, "gone, holding its place");
    assert_eq!(t.rows.len(), 1, "the ReplicaSet stays under it until collected");
    assert!(v.edges.iter().all(|e| e.owner != "Deployment/web" || e.cut));

    s.world.settle();
    let v = build(&s.world, &mut mem, 200.0);
    assert!(v.pods().all(|p| p.meta.vanishing));
    assert!(v.trees[0].rows[0].rs.meta.gone && v.trees[0].top.meta.gone);
    let v = build(&s.world, &mut mem, 900.0);
    assert_eq!(v.pods().count(), 0);
    assert!(v.trees[0].rows[0].rs.meta.vanishing && v.trees[0].top.meta.gone);
    let v = build(&s.world, &mut mem, 1600.0);
    assert!(v.trees[0].rows.is_empty() && v.trees[0].top.meta.vanishing);
    let v = build(&s.world, &mut mem, 2300.0);
    assert!(v.is_empty());
}

#[test]
fn trees_keep_their_creation_order() {
    let mut s = session();
    run(&mut s, "k create deployment web --image=nginx:1.27 --replicas=1");
    s.world.advance(1000);
    run(&mut s, "k create deployment api --image=nginx:1.27 --replicas=1");
    s.world.settle();
    let mut mem = LayoutMemory::new();
    let order = |v: &ViewModel| -> Vec<String> {
        v.trees.iter().map(|t| t.top.meta.target.name.clone()).collect()
    };
    assert_eq!(order(&build(&s.world, &mut mem, 0.0)), ["web", "api"]);
    run(&mut s, "k create deployment aaa --image=nginx:1.27 --replicas=1");
    s.world.settle();
    let v = build(&s.world, &mut mem, 100.0);
    assert_eq!(order(&v), ["web", "api", "aaa"]);
    let api_y = v.trees[1].band.y;
    run(&mut s, "k scale deployment aaa --replicas=8");
    s.world.settle();
    assert_eq!(build(&s.world, &mut mem, 200.0).trees[1].band.y, api_y);
}

#[test]
fn a_rolled_out_replicaset_at_zero_is_collapsed_but_drawn() {
    let (mut s, mut mem, _) = web();
    run(&mut s, "k set image deployment/web nginx=nginx:1.28");
    s.world.settle();
    let v = build(&s.world, &mut mem, 100.0);
    assert!(!v.trees[0].rows[0].rs.collapsed, "not while its old pods shrink out");
    let v = build(&s.world, &mut mem, 800.0);
    let rows = &v.trees[0].rows;
    assert_eq!(rows.len(), 2);
    assert!(rows[0].rs.collapsed);
    assert!(
        matches!(&rows[0].rs.figures, RowFigures::ReplicaSet { revision: Some(r), .. } if r == "1")
    );
    assert!(!rows[1].rs.collapsed && rows[1].pods.pods.len() == 3);
    assert!(rows[0].rs.meta.rect.h < rows[1].rs.meta.rect.h);
}

#[test]
fn edges_follow_owner_references_solid_for_controllers_dashed_otherwise() {
    let (mut s, mut mem, v0) = web();
    let d = &v0.trees[0].top.meta;
    let other = OwnerReference {
        api_version: "apps/v1".into(),
        kind: "Deployment".into(),
        name: "web".into(),
        uid: d.uid.clone(),
        controller: None,
        block_owner_deletion: None,
    };
    let dangling =
        OwnerReference { name: "gone".into(), uid: "no-such-uid".into(), ..other.clone() };
    s.world.create(bare_pod("helper", vec![other, dangling])).unwrap();
    let v = build(&s.world, &mut mem, 100.0);
    let lane = v.orphans.as_ref().unwrap();
    assert_eq!(lane.pods.pods[0].meta.target.name, "helper");
    assert_eq!(lane.pods.pods[0].name_suffix, "");
    let e = edge(&v, "Deployment/web", "Pod/helper").expect("a dashed edge");
    assert!(!e.controller && e.new);
    assert!(v.edges.iter().all(|e| e.owner != "Deployment/gone"), "no edge to a missing owner");
}

/// A settled Deployment `big` of `replicas` pods, and a layout that has drawn nothing yet.
fn settled_big(replicas: u32) -> (Session, LayoutMemory) {
    let mut s = session();
    run(&mut s, &format!("k create deployment big --image=nginx:1.27 --replicas={replicas}"));
    s.world.settle();
    (s, LayoutMemory::new())
}

#[test]
fn big_replicasets_are_summarised_and_can_be_expanded() {
    let (mut s, mut mem) = settled_big(61);
    let v = build(&s.world, &mut mem, 0.0);
    let row = &v.trees[0].rows[0];
    let agg = row.pods.aggregate.as_ref().expect("summarised");
    assert!(row.pods.pods.is_empty());
    assert_eq!((agg.total, agg.summary(&Words::default()).as_str()), (61, "61 Running"));
    assert!(v.edges.iter().any(|e| e.dependent == format!("Pods/{}", row.rs.meta.target.name)));

    let key = row.pods.key.clone();
    mem.toggle_expanded(&key);
    let v = build(&s.world, &mut mem, 100.0);
    let row = &v.trees[0].rows[0];
    assert!(row.pods.aggregate.is_none() && row.pods.expanded);
    assert_eq!(row.pods.pods.len(), 61);

    // Summarised again, a bulk scale-down leaves no pod-by-pod ghosts or cut edges.
    mem.toggle_expanded(&key);
    build(&s.world, &mut mem, 200.0);
    run(&mut s, "k scale deployment big --replicas=20");
    s.world.settle();
    let v = build(&s.world, &mut mem, 300.0);
    assert_eq!(v.pods().count(), 20, "at 20 pods the group is drawn pod by pod");
    assert!(v.pods().all(|p| !p.meta.vanishing) && v.edges.iter().all(|e| !e.cut));
    run(&mut s, "k scale deployment big --replicas=70");
    s.world.settle();
    let v = build(&s.world, &mut mem, 400.0);
    assert_eq!(v.pods().count(), 0);
    assert!(v.edges.iter().all(|e| !e.cut));
    let agg = v.trees[0].rows[0].pods.aggregate.as_ref().unwrap();
    assert_eq!(agg.summary(&Words::default()), "70 Running");
}

#[test]
fn a_summary_follows_each_pod_that_changes_between_builds() {
    let (mut s, mut mem) = settled_big(65);
    let summary = |v: &ViewModel| {
        v.trees[0].rows[0].pods.aggregate.as_ref().unwrap().summary(&Words::default())
    };
    assert_eq!(summary(&build(&s.world, &mut mem, 0.0)), "65 Running");
    // Two pods start terminating; the other 63 are read from the last build's phases.
    run(&mut s, "k delete $(k get pods -o name | head -2) --wait=false");
    let v = build(&s.world, &mut mem, 100.0);
    assert_eq!(summary(&v), "63 Running · 2 Terminating");
    // Their replacements appear, and the old two finish.
    s.world.settle();
    let v = build(&s.world, &mut mem, 200.0);
    assert_eq!(summary(&v), "65 Running");
}

#[test]
fn more_than_1500_pods_summarise_every_group() {
    let (mut s, mut mem, _) = web();
    for i in 0..=VIEW_AGGREGATE_ABOVE {
        s.world.create(bare_pod(&format!("p{i}"), vec![])).unwrap();
    }
    let v = build(&s.world, &mut mem, 100.0);
    assert!(v.summarized);
    assert_eq!(v.pod_count, VIEW_AGGREGATE_ABOVE + 4);
    assert_eq!(v.pods().count(), 0, "no pod drawn one by one");
    assert_eq!(v.orphans.as_ref().unwrap().pods.aggregate.as_ref().unwrap().total, 1501);
    assert_eq!(v.trees[0].rows[0].pods.aggregate.as_ref().unwrap().total, 3);
    assert!(v.edges.iter().all(|e| !e.cut), "summarising is not deleting");
}

#[test]
fn width_sets_pods_per_row() {
    let mut s = session();
    run(&mut s, "k create deployment web --image=nginx:1.27 --replicas=6");
    s.world.settle();
    let mut mem = LayoutMemory::new();
    mem.set_width(1350.0);
    let v = build(&s.world, &mut mem, 0.0);
    let ys: std::collections::BTreeSet<i64> = v.pods().map(|p| p.meta.rect.y as i64).collect();
    assert_eq!(ys.len(), 2, "five cards on the first row, one on the second");
    assert_eq!(v.width, 1350.0);
    mem.set_width(10.0);
    assert_eq!(mem.width(), memory::MIN_WIDTH);
}

#[test]
fn a_quiet_cluster_needs_no_rebuild_until_something_changes() {
    let (mut s, mut mem, _) = web();
    assert!(!mem.needs_build(&s.world, 100.0), "settled, nothing animating");
    s.world.advance(5_000);
    assert!(!mem.needs_build(&s.world, 200.0), "time alone changes nothing drawn");
    mem.toggle_expanded("x");
    assert!(mem.needs_build(&s.world, 200.0));
    build(&s.world, &mut mem, 200.0);
    run(&mut s, "k scale deployment web --replicas=4");
    assert!(mem.needs_build(&s.world, 300.0), "the store changed");
    s.world.settle();
    build(&s.world, &mut mem, 300.0);
    assert!(mem.needs_build(&s.world, 900.0), "a new edge is still being drawn");
    build(&s.world, &mut mem, 1001.0);
    assert!(!mem.needs_build(&s.world, 1100.0));
}

#[test]
fn a_lost_watch_event_puts_a_countdown_on_its_object() {
    let (mut s, mut mem, v) = web();
    let victim = pod_names(&v)[0].clone();
    run(&mut s, "events drop 5");
    run(&mut s, &format!("k delete pod {victim} --wait=false"));
    for _ in 0..20 {
        s.world.step();
    }
    let v = build(&s.world, &mut mem, 0.0);
    let badges = super::lost_badges(&v, &s.world);
    assert!(!badges.is_empty(), "lost: {:?}", s.world.lost_events());
    assert!(badges.iter().all(|b| b.text(&Words::default()).starts_with("missed: ")
        && b.text(&Words::default()).contains("notices in")));
    let before = badges[0].text(&Words::default());
    for _ in 0..20 {
        s.world.step();
    }
    let later = super::lost_badges(&build(&s.world, &mut mem, 0.0), &s.world);
    assert!(
        later.is_empty() || later[0].text(&Words::default()) != before,
        "the countdown runs down"
    );
}
