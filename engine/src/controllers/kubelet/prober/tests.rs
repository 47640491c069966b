//! Prober timing and thresholds against a hand-filled store.

use crate::controllers::kubelet::testenv::Env;
use crate::controllers::kubelet::Kubelet;
use crate::model::{ContainerStatus, Pod};

fn env_with_pod(image: &str, probes: &str) -> (Env, Kubelet) {
    let mut env = Env::new();
    env.add_node("node-1", 110);
    let yaml = format!(
        "metadata: {{name: web, namespace: default}}\nspec:\n  nodeName: node-1\n  containers:\n  - name: app\n    image: {image}\n{probes}"
    );
    let pod: Pod = serde_yaml_ng::from_str(&yaml).expect("test pod decodes");
    env.store.create(pod, env.now, &mut env.rng).unwrap();
    (env, Kubelet::default())
}

fn status(env: &Env) -> ContainerStatus {
    env.pod("web").unwrap().status.container_statuses[0].clone()
}

fn started_at(env: &Env) -> Option<crate::clock::Time> {
    status(env).state.running.and_then(|r| r.started_at)
}

#[test]
fn readiness_waits_for_the_slow_image_to_answer_200() {
    let (mut env, mut k) = env_with_pod(
        "slowstart",
        "    readinessProbe: {httpGet: {path: /ready, port: 8080}, periodSeconds: 5}\n",
    );
    env.run_until(10_000, &mut [&mut k], |e| started_at(e).is_some()).expect("starts");
    let since = started_at(&env).unwrap();
    assert!(!status(&env).ready, "running but not yet ready");
    assert!(!env.pod("web").unwrap().is_ready());
    let ready = env.run_until(60_000, &mut [&mut k], |e| status(e).ready).expect("ready");
    // Probes at 0, 5, 10 and 15 s answer 503; the one at 20 s gets 200.
    assert_eq!(ready.since(since), 20_000);
    assert!(env.pod("web").unwrap().is_ready());
    assert_eq!(env.event_count("web", "Unhealthy"), 4);
    assert!(env.events_of("web").contains(
        &"Unhealthy Readiness probe failed: HTTP probe failed with statuscode: 503".into()
    ));
}

#[test]
fn readiness_needs_success_threshold_successes_in_a_row() {
    let (mut env, mut k) = env_with_pod(
        "nginx:1.27",
        "    readinessProbe: {httpGet: {port: 80}, periodSeconds: 3, successThreshold: 2}\n",
    );
    env.run_until(10_000, &mut [&mut k], |e| started_at(e).is_some()).expect("starts");
    let since = started_at(&env).unwrap();
    let ready = env.run_until(20_000, &mut [&mut k], |e| status(e).ready).expect("ready");
    assert_eq!(ready.since(since), 3_000);
}

#[test]
fn a_liveness_probe_kills_after_failure_threshold_failures_and_the_container_restarts() {
    let (mut env, mut k) = env_with_pod(
        "hangs",
        "    livenessProbe: {httpGet: {path: /healthz, port: 8080}, periodSeconds: 10, failureThreshold: 3}\n",
    );
    env.run_until(10_000, &mut [&mut k], |e| started_at(e).is_some()).expect("starts");
    let since = started_at(&env).unwrap();
    let restarted =
        env.run_until(200_000, &mut [&mut k], |e| status(e).restart_count == 1).expect("restarts");
    // Fails at 60, 70 and 80 s; SIGTERM then, and nginx-like shutdown takes 1 s.
    assert_eq!(restarted.since(since), 81_000);
    let events = env.events_of("web");
    assert!(
        events.contains(&"Killing Container app failed liveness probe, will be restarted".into()),
        "{events:?}"
    );
    assert!(events.contains(&"Unhealthy Liveness probe failed: Get \"http://10.244.1.2:8080/healthz\": context deadline exceeded (Client.Timeout exceeded while awaiting headers)".into()), "{events:?}");
    assert_eq!(env.event_count("web", "Unhealthy"), 3);
    let s = status(&env);
    assert_eq!(s.last_state.terminated.unwrap().finished_at, Some(since.plus_millis(81_000)));
    // The new instance answers again: its liveness probe passes for a minute.
    env.run(30_000, &mut [&mut k]);
    assert_eq!(status(&env).restart_count, 1);
}

#[test]
fn the_startup_probe_holds_back_liveness_and_readiness_and_kills_when_it_gives_up() {
    let (mut env, mut k) = env_with_pod(
        "neverready",
        "    startupProbe: {httpGet: {port: 80}, periodSeconds: 2, failureThreshold: 5}\n    livenessProbe: {tcpSocket: {port: 81}}\n    readinessProbe: {tcpSocket: {port: 80}}\n",
    );
    env.run_until(10_000, &mut [&mut k], |e| started_at(e).is_some()).expect("starts");
    let since = started_at(&env).unwrap();
    assert_eq!(status(&env).started, Some(false));
    let killed = env
        .run_until(30_000, &mut [&mut k], |e| {
            e.events_of("web").iter().any(|m| m.starts_with("Killing"))
        })
        .expect("killed");
    assert_eq!(killed.since(since), 8_000);
    let events = env.events_of("web");
    assert!(
        events.contains(&"Killing Container app failed startup probe, will be restarted".into())
    );
    // Liveness (port 81 refuses) never ran: the startup probe never passed.
    assert!(!events.iter().any(|e| e.contains("Liveness")), "{events:?}");
}

#[test]
fn a_startup_success_lets_readiness_run() {
    let (mut env, mut k) = env_with_pod(
        "slowstart",
        "    startupProbe: {httpGet: {port: 80}, periodSeconds: 5, failureThreshold: 10}\n    readinessProbe: {tcpSocket: {port: 80}, periodSeconds: 5}\n",
    );
    env.run_until(10_000, &mut [&mut k], |e| started_at(e).is_some()).expect("starts");
    let since = started_at(&env).unwrap();
    let ready = env.run_until(60_000, &mut [&mut k], |e| status(e).ready).expect("ready");
    assert_eq!(status(&env).started, Some(true));
    // Startup passes at 20 s; readiness's tick at 20 s comes after it in the same sync.
    assert_eq!(ready.since(since), 20_000);
    env.run(30_000, &mut [&mut k]);
    use crate::controllers::Controller;
    assert_eq!(k.queue().next_timer().map(|(_, _, w)| w), None, "every probe has settled");
}

#[test]
fn the_next_probe_is_the_kubelets_named_timer() {
    use crate::controllers::{Controller, Wait};
    let (mut env, mut k) = env_with_pod(
        "slowstart",
        "    readinessProbe: {httpGet: {port: 80}, initialDelaySeconds: 3, periodSeconds: 5}\n",
    );
    env.run_until(10_000, &mut [&mut k], |e| started_at(e).is_some()).expect("starts");
    let since = started_at(&env).unwrap();
    let (at, _, why) = k.queue().next_timer().expect("a probe is scheduled");
    assert_eq!((at.since(since), why), (3_000, Wait::ReadinessProbe));
    assert_eq!(why.to_string(), "readiness probe");
}

#[test]
fn a_settled_probe_leaves_the_kubelet_without_timers() {
    use crate::controllers::Controller;
    let (mut env, mut k) =
        env_with_pod("nginx:1.27", "    livenessProbe: {tcpSocket: {port: 80}}\n");
    env.run(30_000, &mut [&mut k]);
    assert!(status(&env).ready);
    assert_eq!(k.queue().next_timer().map(|(_, _, w)| w), None, "nothing left to re-check");
}

#[test]
fn an_errored_liveness_probe_never_kills() {
    let (mut env, mut k) =
        env_with_pod("nginx:1.27", "    livenessProbe: {httpGet: {port: metrics}}\n");
    env.run(120_000, &mut [&mut k]);
    let s = status(&env);
    assert_eq!((s.restart_count, s.ready), (0, true));
    assert_eq!(env.event_count("web", "Killing"), 0);
    assert!(env.events_of("web").contains(
        &"Unhealthy Liveness probe errored and resulted in unknown state: strconv.Atoi: parsing \"metrics\": invalid syntax".into()
    ));
}
