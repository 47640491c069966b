//! Property tests for the workload loops: random sequences of DaemonSet, StatefulSet and Job
//! actions with node churn and faults, then `settle()`; what a real cluster converges to must
//! hold: one controller per object, no dependent left pointing at an owner that is gone,
//! nothing stuck deleting, a daemon pod on every node and only there, a StatefulSet's
//! ordinals exactly, and every Job finished.

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;

use kubeloop::controllers::ControllerName;
use kubeloop::model::*;
use kubeloop::store::{DeleteOptions, Propagation};
use kubeloop::world::{RunState, World};

const NAMES: [&str; 2] = ["a", "b"];
const IMAGES: [&str; 2] = ["nginx:1.27", "nginx:1.28"];

#[derive(Clone, Debug)]
enum Op {
    CreateDs(usize),
    SetDsImage(usize, usize),
    DeleteDs(usize, Propagation),
    CreateSts(usize, i32),
    ScaleSts(usize, i32),
    DeleteSts(usize, Propagation),
    CreateJob(usize, i32, i32, bool),
    DeleteJob(usize, Propagation),
    DeletePod(usize),
    AddNode,
    RemoveNode(usize),
    FailNode(usize),
    RecoverNode(usize),
    Stop(usize),
    Start(usize),
    Drop(u32),
    Advance(i64),
}

fn op() -> impl Strategy<Value = Op> {
    let cascade = || {
        prop_oneof![
            Just(Propagation::Background),
            Just(Propagation::Foreground),
            Just(Propagation::Orphan)
        ]
    };
    prop_oneof![
        2 => (0..2usize).prop_map(Op::CreateDs),
        1 => (0..2usize, 0..2usize).prop_map(|(a, i)| Op::SetDsImage(a, i)),
        1 => (0..2usize, cascade()).prop_map(|(a, c)| Op::DeleteDs(a, c)),
        2 => (0..2usize, 0..4i32).prop_map(|(a, r)| Op::CreateSts(a, r)),
        2 => (0..2usize, 0..5i32).prop_map(|(a, r)| Op::ScaleSts(a, r)),
        1 => (0..2usize, cascade()).prop_map(|(a, c)| Op::DeleteSts(a, c)),
        2 => (0..2usize, 1..4i32, 1..3i32, any::<bool>()).prop_map(|(a, c, p, f)| Op::CreateJob(a, c, p, f)),
        1 => (0..2usize, cascade()).prop_map(|(a, c)| Op::DeleteJob(a, c)),
        2 => (0..30usize).prop_map(Op::DeletePod),
        1 => Just(Op::AddNode),
        1 => (1..6usize).prop_map(Op::RemoveNode),
        1 => (1..6usize).prop_map(Op::FailNode),
        1 => (1..6usize).prop_map(Op::RecoverNode),
        1 => (0..ControllerName::ALL.len()).prop_map(Op::Stop),
        1 => (0..ControllerName::ALL.len()).prop_map(Op::Start),
        1 => (0..20u32).prop_map(Op::Drop),
        3 => (0..20_000i64).prop_map(Op::Advance),
    ]
}

fn labels(app: &str) -> Labels {
    [("app".to_string(), app.to_string())].into()
}

fn template(app: &str, image: &str) -> PodTemplateSpec {
    PodTemplateSpec {
        metadata: ObjectMeta { labels: labels(app), ..Default::default() },
        spec: PodSpec { containers: vec![Container::new("c", image)].into(), ..Default::default() },
    }
}

fn meta(name: &str) -> ObjectMeta {
    ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() }
}

fn selector(app: &str) -> LabelSelector {
    LabelSelector { match_labels: labels(app), ..Default::default() }
}

fn ds_name(i: usize) -> String {
    format!("ds-{}", NAMES[i])
}
fn sts_name(i: usize) -> String {
    format!("sts-{}", NAMES[i])
}
fn job_name(i: usize) -> String {
    format!("job-{}", NAMES[i])
}

fn job(i: usize, completions: i32, parallelism: i32, fails: bool) -> Job {
    let mut t = template(&job_name(i), "busybox:1.36");
    let script = if fails { "sleep 1; exit 1" } else { "sleep 2" };
    t.spec.containers[0].command = Some(vec!["sh".into(), "-c".into(), script.into()]);
    t.spec.restart_policy = Some("Never".into());
    let spec = JobSpec {
        completions: Some(completions),
        parallelism: Some(parallelism),
        backoff_limit: Some(2),
        template: t,
        ..Default::default()
    };
    Job { metadata: meta(&job_name(i)), spec, ..Default::default() }
}

fn apply(w: &mut World, op: &Op, next_node: &mut u32) {
    let pods: Vec<String> =
        w.store.list::<Pod>(Some("default"), None).map(|p| p.metadata.name.clone()).collect();
    match op {
        Op::CreateDs(i) => {
            let n = ds_name(*i);
            let spec = DaemonSetSpec {
                selector: selector(&n),
                template: template(&n, IMAGES[0]),
                ..Default::default()
            };
            let _ = w.create(DaemonSet { metadata: meta(&n), spec, ..Default::default() });
        }
        Op::SetDsImage(i, img) => {
            let _ = w.modify::<DaemonSet>("default", &ds_name(*i), |d| {
                d.spec.template.spec.containers[0].image = IMAGES[*img].into()
            });
        }
        Op::DeleteDs(i, c) => {
            let _ = w.delete::<DaemonSet>("default", &ds_name(*i), &DeleteOptions::with(*c));
        }
        Op::CreateSts(i, r) => {
            let n = sts_name(*i);
            let spec = StatefulSetSpec {
                replicas: *r,
                selector: selector(&n),
                template: template(&n, IMAGES[0]),
                ..Default::default()
            };
            let _ = w.create(StatefulSet { metadata: meta(&n), spec, ..Default::default() });
        }
        Op::ScaleSts(i, r) => {
            let _ = w.modify::<StatefulSet>("default", &sts_name(*i), |s| s.spec.replicas = *r);
        }
        Op::DeleteSts(i, c) => {
            let _ = w.delete::<StatefulSet>("default", &sts_name(*i), &DeleteOptions::with(*c));
        }
        Op::CreateJob(i, c, p, f) => {
            let _ = w.create(job(*i, *c, *p, *f));
        }
        Op::DeleteJob(i, c) => {
            let _ = w.delete::<Job>("default", &job_name(*i), &DeleteOptions::with(*c));
        }
        Op::DeletePod(i) if !pods.is_empty() => {
            let _ = w.delete::<Pod>("default", &pods[i % pods.len()], &DeleteOptions::background());
        }
        Op::AddNode if *next_node < 7 => {
            w.add_nodes(1, 110);
            *next_node += 1;
        }
        Op::RemoveNode(n) => {
            let _ = w.remove_node(&format!("node-{n}"));
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

fn run(seed: u64, ops: &[Op]) -> World {
    let mut w = World::new(seed);
    let mut next_node = 4;
    for op in ops {
        apply(&mut w, op, &mut next_node);
        w.step();
    }
    for c in ControllerName::ALL {
        w.set_controller(c, RunState::Running);
    }
    let nodes: Vec<String> =
        w.store.list::<Node>(None, None).map(|n| n.metadata.name.clone()).collect();
    // Faults stop, and a cluster whose nodes were all removed gets one back: with none,
    // nothing can run and there is nothing to converge to.
    if nodes.is_empty() {
        w.add_nodes(1, 110);
    }
    for n in nodes {
        let _ = w.recover_node(&n);
    }
    w.settle();
    w
}

/// Every object's metadata, with its kind, across the kinds these tests write.
fn metas(w: &World) -> Vec<(Kind, &ObjectMeta)> {
    let s = &w.store;
    let mut all: Vec<(Kind, &ObjectMeta)> = Vec::new();
    all.extend(s.list::<Pod>(None, None).map(|o| (Kind::Pod, &o.metadata)));
    all.extend(s.list::<DaemonSet>(None, None).map(|o| (Kind::DaemonSet, &o.metadata)));
    all.extend(s.list::<StatefulSet>(None, None).map(|o| (Kind::StatefulSet, &o.metadata)));
    all.extend(s.list::<Job>(None, None).map(|o| (Kind::Job, &o.metadata)));
    all.extend(
        s.list::<ControllerRevision>(None, None).map(|o| (Kind::ControllerRevision, &o.metadata)),
    );
    all.extend(
        s.list::<PersistentVolumeClaim>(None, None)
            .map(|o| (Kind::PersistentVolumeClaim, &o.metadata)),
    );
    all
}

fn converged(w: &World) -> Result<(), String> {
    let all = metas(w);
    let uids: BTreeSet<&str> = all.iter().map(|(_, m)| m.uid.as_str()).collect();
    for (kind, m) in &all {
        if m.owner_references.iter().filter(|r| r.is_controller()).count() > 1 {
            return Err(format!("{kind}/{} has two controllers", m.name));
        }
        if let Some(r) = m.controller_ref() {
            if !uids.contains(r.uid.as_str()) {
                return Err(format!(
                    "{kind}/{} still points at {} {}, which is gone",
                    m.name, r.kind, r.name
                ));
            }
        }
        if m.is_deleting() {
            return Err(format!("{kind}/{} is stuck deleting", m.name));
        }
    }
    let active = |uid: &str| -> Vec<&Pod> {
        w.store
            .list::<Pod>(Some("default"), None)
            .filter(|p| p.is_active() && p.metadata.controller_ref().is_some_and(|r| r.uid == uid))
            .collect()
    };
    let nodes: BTreeSet<String> =
        w.store.list::<Node>(None, None).map(|n| n.metadata.name.clone()).collect();
    for ds in w.store.list::<DaemonSet>(None, None) {
        let mut per_node: BTreeMap<String, usize> = BTreeMap::new();
        for p in active(&ds.metadata.uid) {
            *per_node
                .entry(p.spec.node_name.clone().unwrap_or_default().to_string())
                .or_default() += 1;
        }
        let on: BTreeSet<String> = per_node.keys().cloned().collect();
        if on != nodes || per_node.values().any(|n| *n != 1) {
            return Err(format!("ds/{} runs {per_node:?} on nodes {nodes:?}", ds.metadata.name));
        }
        let st = &ds.status;
        if st.desired_number_scheduled != nodes.len() as i32
            || st.number_ready != st.desired_number_scheduled
        {
            return Err(format!(
                "ds/{} status {st:?} disagrees with {} nodes",
                ds.metadata.name,
                nodes.len()
            ));
        }
    }
    for sts in w.store.list::<StatefulSet>(None, None) {
        let name = &sts.metadata.name;
        let have: BTreeSet<String> =
            active(&sts.metadata.uid).iter().map(|p| p.metadata.name.clone()).collect();
        let want: BTreeSet<String> =
            (0..sts.spec.replicas).map(|i| format!("{name}-{i}")).collect();
        if have != want {
            return Err(format!("sts/{name} has {have:?}, wants {want:?}"));
        }
        let st = &sts.status;
        if st.replicas != sts.spec.replicas || st.ready_replicas != sts.spec.replicas {
            return Err(format!("sts/{name} status {st:?} disagrees"));
        }
    }
    for job in w.store.list::<Job>(None, None) {
        let st = &job.status;
        let finished = st.is_true("Complete") || st.is_true("Failed");
        if !finished || st.active != 0 {
            return Err(format!("job/{} did not finish: {st:?}", job.metadata.name));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn the_workloads_converge_after_any_sequence(seed in 0u64..1000, ops in proptest::collection::vec(op(), 1..20)) {
        let w = run(seed, &ops);
        if let Err(e) = converged(&w) {
            prop_assert!(false, "{}", e);
        }
    }
}
