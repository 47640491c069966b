//! A Service's users through what a class does to the pods behind it: a rolling update with
//! readiness and `maxUnavailable: 0` fails no request, a Recreate rollout leaves them without
//! endpoints, a slow app without a readiness probe gets traffic it cannot serve, and a
//! stopped kube-proxy keeps routing by stale rules. Driven through kubectl; the Service is
//! written through the world's API, as `k expose` would write it.

use kubeloop::kubectl::Mode;
use kubeloop::model::Service;
use kubeloop::session::Session;
use kubeloop::store::Key;
use kubeloop::world::traffic::Counter;
use kubeloop::world::World;

fn session() -> Session {
    Session::new(World::new(3), Mode::Script)
}

fn run(s: &mut Session, line: &str) -> String {
    let out = s.run(line);
    assert_eq!(out.status, 0, "{line}: {}", out.text());
    out.text()
}

/// A Deployment `web` of four pods of `image` (readiness probe on port 80 when `probe`).
fn deployment(image: &str, probe: bool, strategy: &str) -> String {
    let probe = if probe {
        "\n        readinessProbe: {httpGet: {path: /, port: 80}, periodSeconds: 1}"
    } else {
        ""
    };
    format!(
        "k apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata: {{name: web}}
spec:
  replicas: 4
  selector: {{matchLabels: {{app: web}}}}
{strategy}  template:
    metadata: {{labels: {{app: web}}}}
    spec:
      containers:
      - name: app
        image: {image}{probe}
EOF"
    )
}

fn expose(s: &mut Session) {
    s.world
        .create(Service::selecting("web", &[("app", "web")], 80))
        .expect("the Service is created");
}

fn counter(s: &Session) -> Counter {
    s.world.traffic().counter(&Key::new("default", "web")).unwrap_or_default()
}

/// Web behind its Service, settled, with its users served for a while.
fn serving(image: &str, probe: bool, strategy: &str) -> Session {
    let mut s = session();
    run(&mut s, &deployment(image, probe, strategy));
    s.world.settle();
    expose(&mut s);
    s.world.advance(5_000);
    let c = counter(&s);
    assert!(c.served >= 40 && c.failed == 0, "served before anything changed: {c:?}");
    s
}

fn roll_out(s: &mut Session, image: &str) {
    run(s, &format!("k set image deploy/web app={image}"));
    run(s, "k rollout status deploy/web --timeout=5m");
    s.world.advance(2_000);
}

#[test]
fn a_rolling_update_with_readiness_and_no_unavailable_pods_fails_no_request() {
    let strategy = "  strategy:\n    rollingUpdate: {maxSurge: 1, maxUnavailable: 0}\n";
    let mut s = serving("nginx:1.27", true, strategy);
    let before = counter(&s);
    roll_out(&mut s, "nginx:1.28");
    let after = counter(&s);
    assert_eq!(after.failed, 0, "{after:?}");
    assert!(after.served > before.served + 50, "users kept being served: {after:?}");
}

#[test]
fn a_recreate_rollout_fails_requests_until_new_pods_are_ready() {
    let mut s = serving("nginx:1.27", true, "  strategy: {type: Recreate}\n");
    roll_out(&mut s, "nginx:1.28");
    let after = counter(&s);
    assert!(after.failed > 0, "old pods stop before new ones are ready: {after:?}");
    // And once the new pods are ready, requests are served again.
    let failed = after.failed;
    s.world.advance(3_000);
    assert_eq!(counter(&s).failed, failed, "no failures once the new pods serve");
}

#[test]
fn a_slow_app_without_a_readiness_probe_gets_traffic_it_cannot_serve() {
    let strategy = "  strategy:\n    rollingUpdate: {maxSurge: 1, maxUnavailable: 0}\n";
    let mut without = serving("nginx:1.27", false, strategy);
    roll_out(&mut without, "kubeloop/slowstart:1.0");
    assert!(counter(&without).failed > 0, "{:?}", counter(&without));

    let mut with = serving("nginx:1.27", true, strategy);
    run(&mut with, "k set image deploy/web app=kubeloop/slowstart:1.0");
    run(&mut with, "k rollout status deploy/web --timeout=10m");
    with.world.advance(2_000);
    assert_eq!(counter(&with).failed, 0, "readiness keeps warming pods out: {:?}", counter(&with));
}

#[test]
fn a_service_that_selects_no_pods_never_gets_users() {
    let mut s = session();
    expose(&mut s);
    s.world.advance(5_000);
    assert_eq!(s.world.traffic().counter(&Key::new("default", "web")), None);
}

#[test]
fn a_stopped_kube_proxy_keeps_sending_users_to_pods_that_are_gone() {
    let mut s = serving("nginx:1.27", true, "");
    run(&mut s, "controller stop kube-proxy");
    run(&mut s, "k delete pods -l app=web --wait=false");
    s.world.advance(10_000);
    let stale = counter(&s).failed;
    assert!(stale > 0, "stale rules point at deleted pods: {:?}", counter(&s));
    run(&mut s, "controller start kube-proxy");
    s.world.advance(2_000);
    let healed = counter(&s).failed;
    s.world.advance(3_000);
    assert_eq!(counter(&s).failed, healed, "fresh rules after the restart");
}
