//! Ghosts of every workload kind: a deleted owner stays drawn while something still points at
//! it, and goes once its dependents are gone, as `kubectl get all` would have it.

use kubeloop::kubectl::Mode;
use kubeloop::session::Session;
use kubeloop::world::World;

use super::*;

fn run(s: &mut Session, line: &str) {
    let out = s.run(line);
    assert_eq!(out.status, 0, "{line}: {}", out.text());
}

const DAEMONSET: &str = "k apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: logs
spec:
  selector:
    matchLabels: {app: logs}
  template:
    metadata:
      labels: {app: logs}
    spec:
      containers:
      - name: c
        image: busybox:sleep
EOF";

const STATEFULSET: &str = "k apply -f - <<EOF
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  replicas: 2
  serviceName: db
  selector:
    matchLabels: {app: db}
  template:
    metadata:
      labels: {app: db}
    spec:
      containers:
      - name: c
        image: nginx:1.27
EOF";

/// Names of the drawn tops, with whether each is a ghost.
fn tops(v: &ViewModel) -> Vec<(String, bool)> {
    v.trees.iter().map(|t| (t.top.meta.target.name.clone(), t.top.meta.gone)).collect()
}

/// Creates with `setup`, deletes `name` with `delete --wait=false`, and checks the ghost:
/// held while its dependents are in the store, gone (after its shrink) once they are
/// collected, with nothing left of it on the graph.
fn ghost_goes_with_its_dependents(setup: &str, delete: &str, name: &str) {
    let mut s = Session::new(World::new(1), Mode::Script);
    run(&mut s, setup);
    s.world.settle();
    let mut mem = LayoutMemory::new();
    let v = build(&s.world, &mut mem, 0.0);
    assert!(tops(&v).contains(&(name.to_string(), false)), "{name} drawn: {:?}", tops(&v));
    assert!(v.pods().count() > 0, "{name} has pods");

    run(&mut s, &format!("{delete} --wait=false"));
    let v = build(&s.world, &mut mem, 100.0);
    assert!(tops(&v).contains(&(name.to_string(), true)), "a ghost holds the place");
    assert!(v.orphans.is_none(), "its dependents are not orphans");
    // Without the loops running, the ghost stays as long as its dependents do.
    let v = build(&s.world, &mut mem, 100.0 + 10.0 * GHOST_MS);
    assert!(tops(&v).contains(&(name.to_string(), true)), "held while pods point at it");

    s.world.settle();
    let mut t = 200.0 + 10.0 * GHOST_MS;
    for _ in 0..8 {
        build(&s.world, &mut mem, t);
        t += GHOST_MS;
    }
    let v = build(&s.world, &mut mem, t);
    assert!(v.is_empty(), "{name}'s ghost went with its dependents: {:?}", tops(&v));
    assert!(!mem.needs_build(&s.world, t + 1.0), "nothing animates any more");
}

#[test]
fn a_deleted_daemonset_goes_once_its_pods_are_collected() {
    ghost_goes_with_its_dependents(DAEMONSET, "k delete ds logs", "logs");
}

#[test]
fn a_deleted_job_goes_once_its_pods_are_collected() {
    ghost_goes_with_its_dependents(
        "k create job once --image=busybox:sleep -- sleep 3600",
        "k delete job once",
        "once",
    );
}

#[test]
fn a_deleted_statefulset_goes_once_its_pods_are_collected() {
    ghost_goes_with_its_dependents(STATEFULSET, "k delete sts db", "db");
}

#[test]
fn a_deleted_cronjob_goes_once_its_jobs_are_collected() {
    let mut s = Session::new(World::new(1), Mode::Script);
    run(
        &mut s,
        "k create cronjob tick --image=busybox:sleep --schedule='*/5 * * * *' -- sleep 3600",
    );
    run(&mut s, "k create job first --from=cronjob/tick");
    s.world.settle();
    let mut mem = LayoutMemory::new();
    let v = build(&s.world, &mut mem, 0.0);
    assert_eq!(v.trees.len(), 1, "the Jobs sit under their CronJob: {:?}", tops(&v));
    assert!(!v.trees[0].rows.is_empty());

    run(&mut s, "k delete cronjob tick --wait=false");
    build(&s.world, &mut mem, 100.0);
    let v = build(&s.world, &mut mem, 100.0 + 10.0 * GHOST_MS);
    assert_eq!(tops(&v), [("tick".to_string(), true)], "held while its Job points at it");
    assert!(!v.trees[0].rows.is_empty(), "its Jobs still under it");

    s.world.settle();
    let mut t = 300.0 + 10.0 * GHOST_MS;
    for _ in 0..8 {
        build(&s.world, &mut mem, t);
        t += GHOST_MS;
    }
    assert!(build(&s.world, &mut mem, t).is_empty(), "the CronJob's ghost went with its Jobs");
}
