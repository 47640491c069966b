//! The ReplicaSet's counts from the store's pod tally against a full recount: after every
//! step of random user actions, faults and readiness changes, each ReplicaSet's tallied
//! counts (replicas, fully labeled, ready, available, terminating) equal the counts a sync
//! finds by visiting every pod, whenever the tally answers; and it answers in the common case.

use proptest::prelude::*;

use kubeloop::controllers::replicaset::{recount, tallied};
use kubeloop::model::*;
use kubeloop::store::{DeleteOptions, Propagation};
use kubeloop::world::World;

const APPS: [&str; 2] = ["web0", "web1"];

#[derive(Clone, Debug)]
enum Op {
    Create(usize, i32, i32),
    Scale(usize, i32),
    MinReady(usize, i32),
    Delete(usize, Propagation),
    DeletePod(usize),
    Relabel(usize, Option<usize>),
    Ready(usize, bool),
    FailNode(usize),
    RecoverNode(usize),
    SetImage(usize),
    Advance(i64),
}

fn op() -> impl Strategy<Value = Op> {
    let cascade = prop_oneof![
        Just(Propagation::Background),
        Just(Propagation::Foreground),
        Just(Propagation::Orphan)
    ];
    prop_oneof![
        3 => (0..2usize, 0..8i32, 0..3i32).prop_map(|(a, r, m)| Op::Create(a, r, m)),
        2 => (0..2usize, 0..8i32).prop_map(|(a, r)| Op::Scale(a, r)),
        1 => (0..2usize, 0..4i32).prop_map(|(a, m)| Op::MinReady(a, m)),
        1 => (0..2usize, cascade).prop_map(|(a, c)| Op::Delete(a, c)),
        2 => (0..20usize).prop_map(Op::DeletePod),
        1 => (0..20usize, proptest::option::of(0..2usize)).prop_map(|(p, a)| Op::Relabel(p, a)),
        3 => (0..20usize, any::<bool>()).prop_map(|(p, r)| Op::Ready(p, r)),
        1 => (1..4usize).prop_map(Op::FailNode),
        1 => (1..4usize).prop_map(Op::RecoverNode),
        1 => (0..2usize).prop_map(Op::SetImage),
        4 => (0..5_000i64).prop_map(Op::Advance),
    ]
}

fn deployment(app: &str, replicas: i32, min_ready: i32) -> Deployment {
    let labels: Labels = [("app".to_string(), app.to_string())].into();
    Deployment {
        api_version: "apps/v1".into(),
        kind: "Deployment".into(),
        metadata: ObjectMeta { name: app.into(), labels: labels.clone(), ..Default::default() },
        spec: DeploymentSpec {
            replicas,
            min_ready_seconds: min_ready,
            selector: LabelSelector { match_labels: labels.clone(), ..Default::default() },
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels, ..Default::default() },
                spec: PodSpec {
                    containers: vec![Container::new("c", "nginx:1.27")].into(),
                    ..Default::default()
                },
            },
            ..Default::default()
        },
        status: Default::default(),
    }
}

fn apply(w: &mut World, op: &Op) {
    let pods: Vec<String> =
        w.store.list::<Pod>(Some("default"), None).map(|p| p.metadata.name.clone()).collect();
    let pod = |i: &usize| (!pods.is_empty()).then(|| pods[i % pods.len()].clone());
    match op {
        Op::Create(a, r, m) => {
            let _ = w.create(deployment(APPS[*a], *r, *m));
        }
        Op::Scale(a, r) => {
            let _ = w.modify::<Deployment>("default", APPS[*a], |d| d.spec.replicas = *r);
        }
        Op::MinReady(a, m) => {
            let _ = w.modify::<Deployment>("default", APPS[*a], |d| d.spec.min_ready_seconds = *m);
        }
        Op::Delete(a, c) => {
            let _ = w.delete::<Deployment>("default", APPS[*a], &DeleteOptions::with(*c));
        }
        Op::DeletePod(i) => {
            if let Some(p) = pod(i) {
                let _ = w.delete::<Pod>("default", &p, &DeleteOptions::background());
            }
        }
        Op::Relabel(i, app) => {
            if let Some(p) = pod(i) {
                let _ = w.modify::<Pod>("default", &p, |p| match app {
                    Some(a) => {
                        p.metadata.labels.insert("app".into(), APPS[*a].into());
                    }
                    None => {
                        p.metadata.labels.remove("app");
                    }
                });
            }
        }
        // Someone else's status write: the Ready condition flipped, as a readiness probe's
        // result or a node's loss would, at this moment.
        Op::Ready(i, ready) => {
            if let Some(p) = pod(i) {
                let now = w.now();
                let _ = w.store.modify_status::<Pod>("default", &p, now, |p| {
                    let status = if *ready { "True" } else { "False" };
                    if let Some(c) = p.status.conditions.iter_mut().find(|c| c.type_ == "Ready") {
                        if c.status != status {
                            c.status = status.into();
                            c.last_transition_time = Some(now);
                        }
                    }
                });
            }
        }
        Op::FailNode(n) => {
            let _ = w.fail_node(&format!("node-{n}"));
        }
        Op::RecoverNode(n) => {
            let _ = w.recover_node(&format!("node-{n}"));
        }
        Op::SetImage(a) => {
            let _ = w.modify::<Deployment>("default", APPS[*a], |d| {
                d.spec.template.spec.containers[0].image = "nginx:1.28".into()
            });
        }
        Op::Advance(ms) => w.advance(*ms),
    }
}

/// Compares tally and recount for every ReplicaSet; returns how many the tally answered.
fn check(w: &World) -> Result<usize, String> {
    w.store.check_invariants()?;
    let mut answered = 0;
    for rs in w.store.list::<ReplicaSet>(None, None) {
        let selector = rs.spec.selector.to_selector();
        let full = recount(rs, &w.store, w.now());
        if let Some(counts) = tallied(rs, &selector, &w.store, w.now()) {
            if counts != full {
                return Err(format!(
                    "rs/{}: tallied {counts:?}, recounted {full:?}",
                    rs.metadata.name
                ));
            }
            answered += 1;
        }
    }
    Ok(answered)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn tallied_counts_equal_a_recount_after_any_sequence(
        seed in 0u64..1000,
        ops in proptest::collection::vec(op(), 1..30),
    ) {
        let mut w = World::new(seed);
        for op in &ops {
            apply(&mut w, op);
            if let Err(e) = check(&w) {
                prop_assert!(false, "after {:?}: {}", op, e);
            }
            w.step();
            if let Err(e) = check(&w) {
                prop_assert!(false, "a tick after {:?}: {}", op, e);
            }
        }
        w.settle();
        if let Err(e) = check(&w) {
            prop_assert!(false, "settled: {}", e);
        }
    }
}

/// The tally answers a settled Deployment's ReplicaSet (or the sync would still visit every
/// pod), and counts a pod available only once `minReadySeconds` have passed since it became
/// ready.
#[test]
fn the_tally_answers_a_settled_replicaset_and_waits_for_min_ready_seconds() {
    let mut w = World::new(3);
    w.create(deployment("web0", 4, 2)).expect("created");
    w.settle();
    let rs = w.store.list::<ReplicaSet>(None, None).next().expect("a ReplicaSet").clone();
    let selector = rs.spec.selector.to_selector();
    let counts = tallied(&rs, &selector, &w.store, w.now()).expect("the tally answers");
    assert_eq!((counts.replicas, counts.ready, counts.available), (4, 4, 4));
    // One pod turns unready and ready again: ready at once, available 2 s later.
    let pod =
        w.store.list::<Pod>(Some("default"), None).next().expect("a pod").metadata.name.clone();
    for ready in [false, true] {
        apply(&mut w, &Op::Ready(0, ready));
        assert!(pod == w.store.list::<Pod>(Some("default"), None).next().unwrap().metadata.name);
    }
    let now = w.now();
    let counts = tallied(&rs, &selector, &w.store, now).expect("the tally answers");
    assert_eq!((counts.ready, counts.available), (4, 3));
    let later = now.plus_secs(3);
    let counts = tallied(&rs, &selector, &w.store, later).expect("the tally answers");
    assert_eq!((counts.ready, counts.available), (4, 4));
    assert_eq!(counts, recount(&rs, &w.store, later));
}
