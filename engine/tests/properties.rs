//! Property tests: random sequences of user actions and faults, then `settle()`, and the
//! invariants a real cluster converges to must hold.

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
        1 => (0..6usize).prop_map(Op::Stop),
        1 => (0..6usize).prop_map(Op::Start),
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
                    containers: vec![Container {
                        name: "c".into(),
                        image: IMAGES[0].into(),
                        ports: vec![],
                    }],
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

fn check_invariants(w: &World) -> Result<(), String> {
    let store = &w.store;
    let uids: std::collections::BTreeSet<String> = store
        .list::<Pod>(None, None)
        .map(|p| p.metadata.uid.clone())
        .chain(store.list::<ReplicaSet>(None, None).map(|r| r.metadata.uid.clone()))
        .chain(store.list::<Deployment>(None, None).map(|d| d.metadata.uid.clone()))
        .collect();
    let metas: Vec<(&str, &ObjectMeta)> = store
        .list::<Pod>(None, None)
        .map(|p| ("pod", &p.metadata))
        .chain(store.list::<ReplicaSet>(None, None).map(|r| ("rs", &r.metadata)))
        .chain(store.list::<Deployment>(None, None).map(|d| ("deploy", &d.metadata)))
        .collect();
    for (kind, m) in &metas {
        if m.owner_references.iter().filter(|r| r.is_controller()).count() > 1 {
            return Err(format!("{kind}/{} has two controllers", m.name));
        }
        if let Some(r) = m.controller_ref() {
            if !uids.contains(&r.uid) {
                return Err(format!(
                    "{kind}/{} has a dangling controller ref to {}",
                    m.name, r.name
                ));
            }
        }
        if m.is_deleting() {
            return Err(format!("{kind}/{} is stuck deleting", m.name));
        }
    }
    for rs in store.list::<ReplicaSet>(None, None) {
        let owned: Vec<&Pod> = store
            .list::<Pod>(Some(&rs.metadata.namespace), None)
            .filter(|p| {
                p.is_active()
                    && p.metadata.controller_ref().is_some_and(|r| r.uid == rs.metadata.uid)
            })
            .collect();
        if owned.len() as i32 != rs.spec.replicas {
            return Err(format!(
                "rs/{} wants {} but owns {}",
                rs.metadata.name,
                rs.spec.replicas,
                owned.len()
            ));
        }
        if rs.status.replicas != rs.spec.replicas || rs.status.ready_replicas != rs.spec.replicas {
            return Err(format!(
                "rs/{} status {:?} disagrees with its pods",
                rs.metadata.name, rs.status
            ));
        }
    }
    for d in store.list::<Deployment>(None, None) {
        let image = &d.spec.template.spec.containers[0].image;
        let mut total = 0;
        for rs in store.list::<ReplicaSet>(Some("default"), None) {
            if rs.metadata.controller_ref().is_some_and(|r| r.uid == d.metadata.uid) {
                total += rs.spec.replicas;
                if rs.spec.replicas > 0 && rs.spec.template.spec.containers[0].image != *image {
                    return Err(format!(
                        "deploy/{} still runs {} pods of an old template",
                        d.metadata.name, rs.spec.replicas
                    ));
                }
            }
        }
        if total != d.spec.replicas {
            return Err(format!(
                "deploy/{} wants {} but has {}",
                d.metadata.name, d.spec.replicas, total
            ));
        }
        let st = &d.status;
        if st.replicas != d.spec.replicas
            || st.available_replicas != d.spec.replicas
            || st.updated_replicas != d.spec.replicas
        {
            return Err(format!("deploy/{} status {:?} disagrees", d.metadata.name, st));
        }
    }
    Ok(())
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
        if let Err(e) = check_invariants(&w) {
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
