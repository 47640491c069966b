//! Probes as a class meets them: readiness gates a rollout and Service-ready pods, liveness
//! restarts a wedged app with back-off, and the catalogue's probe images behave as `help`
//! says. Driven through kubectl in a session; time moves only by the world's steps.

use kubeloop::kubectl::Mode;
use kubeloop::model::{Deployment, Pod};
use kubeloop::session::Session;
use kubeloop::world::World;

fn session() -> Session {
    Session::new(World::new(1), Mode::Script)
}

fn run(s: &mut Session, line: &str) -> String {
    let out = s.run(line);
    assert_eq!(out.status, 0, "{line}: {}", out.text());
    out.text()
}

/// A Deployment of `replicas` pods of `image` with a readiness probe on port 80.
fn deployment(name: &str, image: &str, replicas: i32, extra: &str) -> String {
    format!(
        "k apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata: {{name: {name}}}
spec:
  replicas: {replicas}
  selector: {{matchLabels: {{app: {name}}}}}
{extra}  template:
    metadata: {{labels: {{app: {name}}}}}
    spec:
      containers:
      - name: app
        image: {image}
        readinessProbe: {{httpGet: {{path: /, port: 80}}, periodSeconds: 2}}
EOF"
    )
}

fn pods(s: &Session, app: &str) -> Vec<Pod> {
    s.world
        .store
        .list::<Pod>(Some("default"), None)
        .filter(|p| p.metadata.labels.get("app").map(String::as_str) == Some(app))
        .cloned()
        .collect()
}

fn ready_with(s: &Session, app: &str, image: &str) -> usize {
    pods(s, app).iter().filter(|p| p.is_ready() && p.spec.containers[0].image == image).count()
}

#[test]
fn readiness_gates_a_rolling_update_with_max_unavailable_zero() {
    let mut s = session();
    let strategy =
        "  minReadySeconds: 5\n  strategy:\n    rollingUpdate: {maxSurge: 1, maxUnavailable: 0}\n";
    run(&mut s, &deployment("web", "nginx:1.27", 3, strategy));
    s.world.settle();
    assert_eq!(ready_with(&s, "web", "nginx:1.27"), 3);

    run(&mut s, "k set image deploy/web app=slowstart:v1");
    let mut first_new_ready = None;
    let mut first_old_gone = None;
    for _ in 0..3_000 {
        s.world.step();
        let now = s.world.now();
        let available =
            pods(&s, "web").iter().filter(|p| p.is_active() && p.is_available(5, now)).count();
        assert!(available >= 3, "at {now:?} only {available} pods are available");
        let old = pods(&s, "web")
            .iter()
            .filter(|p| p.is_active() && p.spec.containers[0].image == "nginx:1.27")
            .count();
        if old < 3 {
            // The first old pod goes only once a new one has been ready for minReadySeconds.
            let ready_at = first_new_ready.expect("no old pod goes before a new one is ready");
            assert!(now.since(ready_at) > 5_000, "an old pod went {}ms after", now.since(ready_at));
            first_old_gone.get_or_insert(now);
        }
        if first_new_ready.is_none() && ready_with(&s, "web", "slowstart:v1") == 1 {
            first_new_ready = Some(s.world.now());
            // The new pod answered 503 for 20 s: every old pod is still there.
            assert_eq!(ready_with(&s, "web", "nginx:1.27"), 3);
        }
        if ready_with(&s, "web", "slowstart:v1") == 3 && pods(&s, "web").len() == 3 {
            break;
        }
    }
    assert!(first_new_ready.is_some(), "a new pod became ready");
    assert!(first_old_gone.is_some(), "old pods were replaced");
    assert_eq!(ready_with(&s, "web", "slowstart:v1"), 3, "the rollout finished");
    let out = run(&mut s, "k get events");
    assert!(
        out.contains("Readiness probe failed: HTTP probe failed with statuscode: 503"),
        "{out}"
    );
}

#[test]
fn a_pod_with_a_never_ready_image_never_counts_as_available() {
    let mut s = session();
    run(&mut s, &deployment("stuck", "neverready", 2, ""));
    s.world.advance(300_000);
    let d = s.world.store.get::<Deployment>("default", "stuck").unwrap();
    assert_eq!((d.status.ready_replicas, d.status.available_replicas), (0, 0));
    assert_eq!(pods(&s, "stuck").iter().filter(|p| p.is_ready()).count(), 0);
    let out = run(&mut s, "k get deploy stuck");
    assert!(out.contains("stuck   0/2     2            0"), "{out}");
    let pod = pods(&s, "stuck")[0].metadata.name.clone();
    let out = run(&mut s, &format!("k describe pod {pod}"));
    assert!(out.contains("Readiness:      http-get http://:80/ delay=0s timeout=1s period=2s #success=1 #failure=3"), "{out}");
    assert!(
        out.contains("Readiness probe failed: HTTP probe failed with statuscode: 503"),
        "{out}"
    );
    assert!(out.contains("    Ready:          False\n"), "{out}");
}

#[test]
fn a_liveness_probe_that_times_out_restarts_the_container_with_back_off() {
    let mut s = session();
    run(
        &mut s,
        "k apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: wedge}
spec:
  containers:
  - name: app
    image: hangs
    livenessProbe: {httpGet: {path: /healthz, port: 8080}, periodSeconds: 5, failureThreshold: 2}
EOF",
    );
    let mut saw_backoff = false;
    for _ in 0..6_000 {
        s.world.step();
        let p = s.world.store.get::<Pod>("default", "wedge").unwrap();
        let Some(c) = p.status.container_statuses.first() else { continue };
        saw_backoff |=
            c.state.waiting.as_ref().and_then(|w| w.reason.as_deref()) == Some("CrashLoopBackOff");
    }
    let p = s.world.store.get::<Pod>("default", "wedge").unwrap();
    let c = &p.status.container_statuses[0];
    assert!(c.restart_count >= 3, "restarts: {}", c.restart_count);
    assert!(saw_backoff, "the restarts back off");
    let out = run(&mut s, "k events --for pod/wedge");
    assert!(out.contains("Container app failed liveness probe, will be restarted"), "{out}");
    assert!(out.contains("Liveness probe failed: Get \"http://10.244."), "{out}");
    assert!(
        out.contains("context deadline exceeded (Client.Timeout exceeded while awaiting headers)"),
        "{out}"
    );
}

#[test]
fn a_container_without_probes_is_ready_once_running_and_the_cluster_settles() {
    let mut s = session();
    run(&mut s, "k create deployment plain --image=nginx:1.27 --replicas=2");
    let settled = s.world.settle();
    assert!(settled.quiet);
    run(&mut s, &deployment("probed", "nginx:1.27", 2, ""));
    let settled = s.world.settle();
    assert!(settled.quiet, "a passing probe does not keep the cluster busy");
    assert_eq!(ready_with(&s, "probed", "nginx:1.27"), 2);
}

#[test]
fn a_probe_on_a_missing_named_port_errors_and_its_result_is_thrown_away() {
    let mut s = session();
    run(
        &mut s,
        "k apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: typo}
spec:
  containers:
  - name: app
    image: nginx:1.27
    readinessProbe: {httpGet: {port: http}}
EOF",
    );
    s.world.advance(60_000);
    let out = run(&mut s, "k events --for pod/typo");
    assert!(out.contains("Readiness probe errored and resulted in unknown state: strconv.Atoi: parsing \"http\": invalid syntax"), "{out}");
    assert!(!s.world.store.get::<Pod>("default", "typo").unwrap().is_ready());
}

#[test]
fn invalid_probes_are_refused_with_the_api_servers_wording() {
    let mut s = session();
    let out = s.run(
        "k apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: bad}
spec:
  containers:
  - name: app
    image: nginx:1.27
    livenessProbe: {httpGet: {port: 80}, tcpSocket: {port: 80}, successThreshold: 2}
    readinessProbe: {periodSeconds: -1}
EOF",
    );
    assert_eq!(
        out.text(),
        "The Pod \"bad\" is invalid: \n* spec.containers[0].livenessProbe.tcpSocket: Forbidden: may not specify more than 1 handler type\n* spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1\n* spec.containers[0].readinessProbe: Required value: must specify a handler type\n* spec.containers[0].readinessProbe.periodSeconds: Invalid value: -1: must be greater than or equal to 0\n"
    );
}

fn slow_app(s: &mut Session, name: &str, probes: &str) {
    run(
        s,
        &format!(
            "k apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {{name: {name}}}
spec:
  containers:
  - name: app
    image: slowstart
    livenessProbe: {{httpGet: {{path: /healthz, port: 8080}}, periodSeconds: 5, failureThreshold: 3}}
{probes}EOF"
        ),
    );
}

fn restarts(s: &Session, name: &str) -> i32 {
    let p = s.world.store.get::<Pod>("default", name).unwrap();
    p.status.container_statuses.first().map_or(0, |c| c.restart_count)
}

#[test]
fn an_eager_liveness_probe_kills_a_slow_app_until_a_startup_probe_covers_its_warm_up() {
    let mut s = session();
    slow_app(&mut s, "eager", "");
    slow_app(
        &mut s,
        "patient",
        "    startupProbe: {httpGet: {path: /healthz, port: 8080}, periodSeconds: 5, failureThreshold: 12}\n",
    );
    s.world.advance(180_000);
    // 503 at 0, 5 and 10 s: killed before the 20 s warm-up ends, every time.
    assert!(restarts(&s, "eager") >= 3, "eager restarts: {}", restarts(&s, "eager"));
    assert_eq!(restarts(&s, "patient"), 0);
    assert!(s.world.store.get::<Pod>("default", "patient").unwrap().is_ready());
    let events = run(&mut s, "k events --for pod/eager");
    assert!(events.contains("Container app failed liveness probe, will be restarted"), "{events}");
}
