//! Scenario tests for `kubectl rollout` on StatefulSets: history, undo, restart and status
//! read and write through ControllerRevisions written here by hand, in the format the
//! StatefulSet controller writes (`controllers::history::template_patch`), with that
//! controller stopped so the tests see only what kubectl does.

use kubeloop::controllers::ControllerName;
use kubeloop::kubectl::Mode;
use kubeloop::model::*;
use kubeloop::session::Session;
use kubeloop::world::{RunState, World};

/// Runs `cmd`, which must succeed, and returns what it printed.
fn ok(s: &mut Session, cmd: &str) -> String {
    let out = s.run(cmd);
    assert_eq!(out.status, 0, "{cmd}: {}", out.text());
    out.text()
}

/// A StatefulSet whose history is written by hand, as its controller would write it.
fn statefulset_with_history(s: &mut Session, images: &[&str]) {
    // Created through the store: the kubectl manifest path for StatefulSets is not this
    // file's subject.
    let sts: StatefulSet = serde_json::from_value(serde_json::json!({
        "metadata": {"name": "db", "namespace": "default"},
        "spec": {
            "serviceName": "db",
            "replicas": 2,
            "selector": {"matchLabels": {"app": "db"}},
            "template": {
                "metadata": {"labels": {"app": "db"}},
                "spec": {"containers": [{"name": "db", "image": images.last().unwrap()}]}
            }
        }
    }))
    .unwrap();
    s.world.create(sts).unwrap();
    s.world.set_controller(ControllerName::StatefulSet, RunState::Stopped);
    let sts = s.world.store.get::<StatefulSet>("default", "db").unwrap().clone();
    for (i, image) in images.iter().enumerate() {
        let mut t = sts.spec.template.clone();
        t.spec.containers[0].image = (*image).into();
        let patch = kubeloop::controllers::history::template_patch(&t);
        let mut labels = t.metadata.labels.clone();
        labels.insert("controller-revision-hash".into(), format!("db-{i}"));
        s.world
            .create(ControllerRevision {
                api_version: "apps/v1".into(),
                kind: "ControllerRevision".into(),
                metadata: ObjectMeta {
                    name: format!("db-{i}"),
                    namespace: "default".into(),
                    labels,
                    owner_references: vec![OwnerReference::controller(
                        "apps/v1",
                        "StatefulSet",
                        &sts.metadata,
                    )],
                    ..Default::default()
                },
                data: Opaque(Some(Box::new(serde_json::from_str(&patch).unwrap()))),
                revision: i as i64 + 1,
            })
            .unwrap();
    }
}

#[test]
fn a_statefulset_rolls_back_through_its_controller_revisions() {
    let mut s = Session::new(World::new(1), Mode::Script);
    statefulset_with_history(&mut s, &["redis:7.0", "redis:7.2"]);
    assert_eq!(
        ok(&mut s, "k rollout history sts/db"),
        "statefulset.apps/db \nREVISION  CHANGE-CAUSE\n1         <none>\n2         <none>\n\n"
    );
    let one = ok(&mut s, "k rollout history statefulset/db --revision=1");
    assert!(one.starts_with("statefulset.apps/db with revision #1\nPod Template:\n"), "{one}");
    assert!(one.contains("    Image:\tredis:7.0\n"), "{one}");
    assert_eq!(
        ok(&mut s, "k rollout undo sts/db --to-revision=2"),
        "statefulset.apps/db skipped rollback (current template already matches revision 2)\n"
    );
    assert_eq!(ok(&mut s, "k rollout undo sts/db"), "statefulset.apps/db rolled back\n");
    let sts = s.world.store.get::<StatefulSet>("default", "db").unwrap();
    assert_eq!(sts.spec.template.spec.containers[0].image, "redis:7.0");
    assert_eq!(ok(&mut s, "k rollout restart sts/db"), "statefulset.apps/db restarted\n");
    let err = s.run("k rollout resume sts/db");
    assert_eq!(err.text(), "error: statefulsets.apps \"db\" resuming is not supported\n");
}

#[test]
fn statefulset_rollout_status_reports_partitions_as_kubectl_does() {
    let mut s = Session::new(World::new(1), Mode::Script);
    statefulset_with_history(&mut s, &["redis:7.2"]);
    let status = |s: &mut Session| s.run("k rollout status sts/db --watch=false").text();
    assert_eq!(status(&mut s), "Waiting for statefulset spec update to be observed...\n");
    let set_status = |s: &mut Session, ready: i32, updated: i32, partition: i32| {
        s.world
            .modify::<StatefulSet>("default", "db", |x| {
                x.spec
                    .update_strategy
                    .rolling_update
                    .get_or_insert_with(Default::default)
                    .partition = partition
            })
            .unwrap();
        let now = s.world.now();
        let generation =
            s.world.store.get::<StatefulSet>("default", "db").unwrap().metadata.generation;
        s.world
            .store
            .modify_status::<StatefulSet>("default", "db", now, |x| {
                x.status.observed_generation = generation;
                x.status.ready_replicas = ready;
                x.status.updated_replicas = updated;
            })
            .unwrap();
    };
    set_status(&mut s, 1, 0, 0);
    assert_eq!(status(&mut s), "Waiting for 1 pods to be ready...\n");
    set_status(&mut s, 2, 0, 1);
    assert_eq!(
        status(&mut s),
        "Waiting for partitioned roll out to finish: 0 out of 1 new pods have been updated...\n"
    );
    set_status(&mut s, 2, 1, 1);
    assert_eq!(status(&mut s), "partitioned roll out complete: 1 new pods have been updated...\n");
}
