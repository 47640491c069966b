//! Property tests: random sequences of user actions and faults, then `settle()`, and the
//! invariants a real cluster converges to must hold.

mod common;

use proptest::prelude::*;

use kubeloop::controllers::ControllerName;
use kubeloop::model::*;
use kubeloop::store::{DeleteOptions, Propagation};
use kubeloop::world::{RunState, World};

const APPS: [&str; 3] = ["web0", "web1", "web2"];
const IMAGES: [&str; 3] = ["nginx:1.27", "nginx:1.28", "httpd:2.4"];

#[derive(Clone, Debug)]
enum Op {
    Create(usize, i32),
    Scale(usize, i32),
    Delete(usize, Propagation),
    DeletePod(usize),
    Relabel(usize, Option<usize>),
    SetImage(usize, usize),
    FailNode(usize),
    RecoverNode(usize),
    CreateService(usize),
    DeleteService(usize),
    Stop(usize),
    Start(usize),
    Drop(u32),
    Advance(i64),
}

fn op() -> impl Strategy<Value = Op> {
    let cascade = prop_oneof![
        Just(Propagation::Background),
        Just(Propagation::Foreground),
        Just(Propagation::Orphan)
    ];
    prop_oneof![
        3 => (0..3usize, 0..6i32).prop_map(|(a, r)| Op::Create(a, r)),
        2 => (0..3usize, 0..7i32).prop_map(|(a, r)| Op::Scale(a, r)),
        1 => (0..3usize, cascade).prop_map(|(a, c)| Op::Delete(a, c)),
        2 => (0..20usize).prop_map(Op::DeletePod),
        1 => (0..20usize, proptest::option::of(0..3usize)).prop_map(|(p, a)| Op::Relabel(p, a)),
        2 => (0..3usize, 0..3usize).prop_map(|(a, i)| Op::SetImage(a, i)),
        1 => (1..4usize).prop_map(Op::FailNode),
        1 => (1..4usize).prop_map(Op::RecoverNode),
        1 => (0..3usize).prop_map(Op::CreateService),
        1 => (0..3usize).prop_map(Op::DeleteService),
        1 => (0..ControllerName::ALL.len()).prop_map(Op::Stop),
        1 => (0..ControllerName::ALL.len()).prop_map(Op::Start),
        1 => (0..20u32).prop_map(Op::Drop),
        3 => (0..20_000i64).prop_map(Op::Advance),
    ]
}

fn deployment(app: &str, replicas: i32) -> Deployment {
    let labels: Labels = [("app".to_string(), app.to_string())].into();
    Deployment {
        api_version: "apps/v1".into(),
        kind: "Deployment".into(),
        metadata: ObjectMeta { name: app.into(), labels: labels.clone(), ..Default::default() },
        spec: DeploymentSpec {
            replicas,
            selector: LabelSelector { match_labels: labels.clone(), ..Default::default() },
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels, ..Default::default() },
                spec: PodSpec {
                    containers: vec![Container::new("c", IMAGES[0])].into(),
                    ..Default::default()
                },
            },
            ..Default::default()
        },
        status: Default::default(),
    }
}

/// A Service selecting one app's pods, on port 80.
fn service(app: &str) -> Service {
    Service::selecting(app, &[("app", app)], 80)
}

fn apply(w: &mut World, op: &Op) {
    let pods: Vec<String> =
        w.store.list::<Pod>(Some("default"), None).map(|p| p.metadata.name.clone()).collect();
    match op {
        Op::Create(a, r) => {
            let _ = w.create(deployment(APPS[*a], *r));
        }
        Op::Scale(a, r) => {
            let _ = w.modify::<Deployment>("default", APPS[*a], |d| d.spec.replicas = *r);
        }
        Op::Delete(a, c) => {
            let _ = w.delete::<Deployment>("default", APPS[*a], &DeleteOptions::with(*c));
        }
        Op::DeletePod(i) if !pods.is_empty() => {
            let _ = w.delete::<Pod>("default", &pods[i % pods.len()], &DeleteOptions::background());
        }
        Op::Relabel(i, app) if !pods.is_empty() => {
            let _ = w.modify::<Pod>("default", &pods[i % pods.len()], |p| match app {
                Some(a) => {
                    p.metadata.labels.insert("app".into(), APPS[*a].into());
                }
                None => {
                    p.metadata.labels.remove("app");
                }
            });
        }
        Op::SetImage(a, i) => {
            let _ = w.modify::<Deployment>("default", APPS[*a], |d| {
                d.spec.template.spec.containers[0].image = IMAGES[*i].into()
            });
        }
        Op::FailNode(n) => {
            let _ = w.fail_node(&format!("node-{n}"));
        }
        Op::RecoverNode(n) => {
            let _ = w.recover_node(&format!("node-{n}"));
        }
        Op::CreateService(a) => {
            let _ = w.create(service(APPS[*a]));
        }
        Op::DeleteService(a) => {
            let _ = w.delete::<Service>("default", APPS[*a], &DeleteOptions::background());
        }
        Op::Stop(c) => w.set_controller(ControllerName::ALL[*c], RunState::Stopped),
        Op::Start(c) => w.set_controller(ControllerName::ALL[*c], RunState::Running),
        Op::Drop(n) => w.drop_events(*n),
        Op::Advance(ms) => w.advance(*ms),
        _ => {}
    }
}

/// Faults stop: every controller runs and every node reports again.
fn heal(w: &mut World) {
    for c in ControllerName::ALL {
        w.set_controller(c, RunState::Running);
    }
    for n in 1..4 {
        let _ = w.recover_node(&format!("node-{n}"));
    }
}

fn run(seed: u64, ops: &[Op]) -> World {
    let mut w = World::new(seed);
    for op in ops {
        apply(&mut w, op);
        w.step();
    }
    heal(&mut w);
    w.settle();
    w
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn the_cluster_converges_after_any_sequence(seed in 0u64..1000, ops in proptest::collection::vec(op(), 1..25)) {
        let w = run(seed, &ops);
        if let Err(e) = common::converged(&w) {
            prop_assert!(false, "{}", e);
        }
        if let Err(e) = common::endpoints_converged(&w) {
            prop_assert!(false, "{}", e);
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_event_log(seed in 0u64..1000, ops in proptest::collection::vec(op(), 1..12)) {
        let a = run(seed, &ops);
        let b = run(seed, &ops);
        let la: Vec<_> = a.store.watch.since(0).cloned().collect();
        let lb: Vec<_> = b.store.watch.since(0).cloned().collect();
        prop_assert_eq!(la, lb);
    }
}
