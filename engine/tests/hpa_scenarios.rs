//! The HorizontalPodAutoscaler as a learner meets it: load above the target scales the
//! Deployment up, the scale-down waits out the five-minute window, pods without a CPU request
//! leave it blind, it keeps within min and max, and it undoes a hand scaling. Driven through
//! kubectl and the sandbox's `load`; time moves only by `sleep`.

use kubeloop::kubectl::Mode;
use kubeloop::model::*;
use kubeloop::session::Session;
use kubeloop::world::World;

fn run(s: &mut Session, line: &str) -> String {
    let out = s.run(line);
    assert_eq!(out.status, 0, "{line}: {}", out.text());
    out.text()
}

/// `web`: two nginx pods asking for 100m of CPU each, settled, autoscaled between `min` and
/// `max` at 50% CPU.
fn autoscaled(min: i32, max: i32) -> Session {
    let mut s = Session::new(World::new(3), Mode::Script);
    run(&mut s, "k create deployment web --image=nginx:1.27 --replicas=2");
    run(&mut s, "k set resources deploy/web --requests=cpu=100m");
    run(&mut s, "settle");
    run(&mut s, &format!("k autoscale deploy web --min={min} --max={max} --cpu-percent=50"));
    s
}

fn replicas(s: &Session) -> i32 {
    s.world.store.get::<Deployment>("default", "web").expect("web exists").spec.replicas
}

fn hpa(s: &Session) -> HorizontalPodAutoscaler {
    s.world.store.get::<HorizontalPodAutoscaler>("default", "web").expect("the HPA exists").clone()
}

fn condition(s: &Session, type_: &str) -> (String, String) {
    let h = hpa(s);
    let c = h.status.conditions.iter().find(|c| c.type_ == type_).expect("condition set");
    (c.status.clone(), c.reason.clone())
}

fn hpa_decisions(s: &Session) -> Vec<String> {
    s.world
        .decisions
        .iter()
        .filter(|d| d.name == "web" && d.kind == Kind::HorizontalPodAutoscaler)
        .map(|d| format!("{} | {} | {}", d.desired, d.observed, d.action))
        .collect()
}

#[test]
fn load_above_target_scales_the_deployment_up() {
    let mut s = autoscaled(2, 8);
    run(&mut s, "sleep 1m");
    assert_eq!(replicas(&s), 2, "idle pods stay at the minimum");
    run(&mut s, "load deploy/web 150m");
    run(&mut s, "sleep 2m");
    // 150% against 50% asks for 3x the pods; without behavior each sync may at most double.
    assert!(replicas(&s) >= 6, "scaled up, got {}", replicas(&s));
    let events = run(&mut s, "k get events --field-selector reason=SuccessfulRescale");
    assert!(
        events.contains(
            "New size: 4; reason: cpu resource utilization (percentage of request) above target"
        ),
        "{events}"
    );
    let get = run(&mut s, "k get hpa web");
    assert!(get.contains("cpu: 15"), "{get}");
    let decisions = hpa_decisions(&s);
    assert!(
        decisions
            .iter()
            .any(|d| d.starts_with("50% cpu per pod | 15") && d.ends_with("scale to 4")),
        "{decisions:#?}"
    );
}

#[test]
fn the_scale_down_waits_five_minutes() {
    let mut s = autoscaled(1, 6);
    run(&mut s, "sleep 45");
    run(&mut s, "load deploy/web 150m");
    run(&mut s, "sleep 90");
    let high = replicas(&s);
    assert!(high >= 4, "scaled up first, got {high}");
    run(&mut s, "load deploy/web 0");
    run(&mut s, "sleep 4m");
    assert_eq!(replicas(&s), high, "still held by the stabilization window");
    assert_eq!(condition(&s, "AbleToScale"), ("True".into(), "ScaleDownStabilized".into()));
    let decisions = hpa_decisions(&s);
    assert!(
        decisions.iter().any(|d| d.contains("want to scale to 1, but the last 5 min recommended")
            && d.ends_with("wait (stabilisation window)")),
        "{decisions:#?}"
    );
    run(&mut s, "sleep 2m");
    assert_eq!(replicas(&s), 1, "the window has passed");
    let events = run(&mut s, "k get events --field-selector reason=SuccessfulRescale");
    assert!(events.contains("New size: 1; reason: All metrics below target"), "{events}");
}

#[test]
fn pods_without_a_cpu_request_get_failed_get_resource_metric() {
    let mut s = Session::new(World::new(3), Mode::Script);
    run(&mut s, "k create deployment web --image=nginx:1.27 --replicas=2");
    run(&mut s, "settle");
    run(&mut s, "k autoscale deploy web --max=5 --cpu-percent=50");
    run(&mut s, "load deploy/web 300m");
    run(&mut s, "sleep 1m");
    assert_eq!(replicas(&s), 2, "blind, it does not scale");
    assert_eq!(condition(&s, "ScalingActive"), ("False".into(), "FailedGetResourceMetric".into()));
    let describe = run(&mut s, "k describe hpa web");
    assert!(describe.contains("<unknown> / 50%"), "{describe}");
    assert!(
        describe.contains(
            "failed to get cpu utilization: missing request for cpu in container nginx of Pod web-"
        ),
        "{describe}"
    );
    let events = run(&mut s, "k get events --field-selector reason=FailedComputeMetricsReplicas");
    assert!(events.contains("invalid metrics (1 invalid out of 1)"), "{events}");
}

#[test]
fn the_hpa_never_goes_below_min_or_above_max() {
    let mut s = autoscaled(3, 5);
    run(&mut s, "sleep 30");
    assert_eq!(replicas(&s), 3, "raised to the minimum at once");
    let events = run(&mut s, "k get events --field-selector reason=SuccessfulRescale");
    assert!(
        events.contains("New size: 3; reason: Current number of replicas below Spec.MinReplicas"),
        "{events}"
    );
    run(&mut s, "load deploy/web 1");
    run(&mut s, "sleep 3m");
    assert_eq!(replicas(&s), 5, "capped at the maximum");
    assert_eq!(condition(&s, "ScalingLimited"), ("True".into(), "TooManyReplicas".into()));
    run(&mut s, "load deploy/web 0");
    run(&mut s, "sleep 8m");
    assert_eq!(replicas(&s), 3, "back to the minimum, not below");
    assert_eq!(condition(&s, "ScalingLimited"), ("True".into(), "TooFewReplicas".into()));
}

#[test]
fn scaling_the_deployment_by_hand_is_undone_by_the_hpa() {
    let mut s = autoscaled(2, 6);
    run(&mut s, "sleep 30");
    run(&mut s, "k scale deploy web --replicas=6");
    run(&mut s, "sleep 15");
    // Above the recommendation, the hand-set size is held for the window, then undone.
    run(&mut s, "sleep 6m");
    assert_eq!(replicas(&s), 2);
    run(&mut s, "k scale deploy web --replicas=1");
    run(&mut s, "sleep 15");
    assert_eq!(replicas(&s), 2, "below min is raised at the next sync");
}

#[test]
fn a_statefulset_gets_its_scale_written() {
    // The StatefulSet is written through the store: what matters here is that the HPA reads
    // and writes its scale (`spec.replicas`), whatever runs its pods.
    let mut s = Session::new(World::new(3), Mode::Script);
    let labels: Labels = [("app".to_string(), "db".to_string())].into_iter().collect();
    let sts = StatefulSet {
        api_version: "apps/v1".into(),
        kind: "StatefulSet".into(),
        metadata: ObjectMeta { name: "db".into(), ..Default::default() },
        spec: StatefulSetSpec {
            replicas: 1,
            selector: LabelSelector { match_labels: labels.clone(), ..Default::default() },
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels, ..Default::default() },
                spec: PodSpec {
                    containers: vec![Container::new("redis", "redis:7")].into(),
                    ..Default::default()
                },
            },
            service_name: "db".into(),
            ..Default::default()
        },
        status: Default::default(),
    };
    s.world.create(sts).expect("the StatefulSet is created");
    run(&mut s, "k autoscale sts db --min=2 --max=3 --cpu-percent=50");
    // The first sync comes a sync period (15 s) after the HPA is seen.
    run(&mut s, "sleep 14s");
    let sts = s.world.store.get::<StatefulSet>("default", "db").expect("db exists");
    assert_eq!(sts.spec.replicas, 1, "not synced yet");
    run(&mut s, "sleep 2s");
    let sts = s.world.store.get::<StatefulSet>("default", "db").expect("db exists");
    assert_eq!(sts.spec.replicas, 2, "raised to the minimum through the scale");
    let h = s.world.store.get::<HorizontalPodAutoscaler>("default", "db").expect("hpa");
    assert_eq!(h.spec.scale_target_ref.kind, "StatefulSet");
    assert_eq!((h.status.current_replicas, h.status.desired_replicas), (1, 2));
    assert!(h.status.last_scale_time.is_some());
}

#[test]
fn a_missing_target_is_failed_get_scale() {
    let mut s = Session::new(World::new(3), Mode::Script);
    run(
        &mut s,
        "k apply -f - <<EOF
apiVersion: autoscaling/v1
kind: HorizontalPodAutoscaler
metadata: {name: web}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  maxReplicas: 3
  targetCPUUtilizationPercentage: 40
EOF",
    );
    run(&mut s, "sleep 20");
    assert_eq!(condition(&s, "AbleToScale"), ("False".into(), "FailedGetScale".into()));
    let events = run(&mut s, "k get events --field-selector reason=FailedGetScale");
    assert!(events.contains("deployments.apps \"web\" not found"), "{events}");
}

#[test]
fn a_metric_that_cannot_be_read_blocks_a_scale_down_but_not_a_scale_up() {
    // horizontal.go computeReplicasForMetrics: with some metrics invalid, the HPA still
    // scales up on the others, but never down.
    let mut s = Session::new(World::new(3), Mode::Script);
    run(&mut s, "k create deployment web --image=nginx:1.27 --replicas=2");
    run(&mut s, "k set resources deploy/web --requests=cpu=100m");
    run(&mut s, "settle");
    run(
        &mut s,
        "k apply -f - <<EOF
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: {name: web}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: 1
  maxReplicas: 6
  metrics:
  - type: Resource
    resource: {name: cpu, target: {type: Utilization, averageUtilization: 50}}
  - type: Pods
    pods: {metric: {name: requests_per_second}, target: {type: AverageValue, averageValue: '10'}}
EOF",
    );
    run(&mut s, "sleep 1m");
    assert_eq!(replicas(&s), 2, "idle pods would allow 1, but a metric is missing");
    assert_eq!(condition(&s, "ScalingActive"), ("False".into(), "FailedGetPodsMetric".into()));
    let get = run(&mut s, "k get hpa web");
    assert!(get.contains("cpu: 1%/50%, <unknown>/10"), "{get}");
    run(&mut s, "load deploy/web 150m");
    run(&mut s, "sleep 1m");
    assert!(replicas(&s) >= 4, "scaled up on cpu, got {}", replicas(&s));
    assert_eq!(condition(&s, "ScalingActive"), ("True".into(), "ValidMetricFound".into()));
}

#[test]
fn the_decision_feed_tells_the_scale_up_and_the_wait_in_plain_words() {
    let mut s = autoscaled(2, 6);
    run(&mut s, "sleep 45");
    run(&mut s, "load deploy/web 150m");
    run(&mut s, "sleep 1m");
    run(&mut s, "load deploy/web 0");
    run(&mut s, "sleep 1m");
    let feed = hpa_decisions(&s).join("\n");
    assert!(feed.contains("50% cpu per pod | 15"), "{feed}");
    assert!(feed.contains("want 7, but the desired replica count is increasing faster than the maximum scale rate: scale to 4"), "{feed}");
    assert!(
        feed.contains(
            "want to scale to 1, but the last 5 min recommended 6: wait (stabilisation window)"
        ),
        "{feed}"
    );
}

#[test]
fn two_hpas_on_the_same_pods_both_refuse_to_scale() {
    let mut s = autoscaled(2, 6);
    run(&mut s, "k autoscale deploy web --name=web2 --max=3 --cpu-percent=80");
    run(&mut s, "load deploy/web 300m");
    run(&mut s, "sleep 1m");
    assert_eq!(replicas(&s), 2, "neither scales");
    assert_eq!(condition(&s, "ScalingActive"), ("False".into(), "AmbiguousSelector".into()));
    let events = run(&mut s, "k get events --field-selector reason=AmbiguousSelector");
    assert!(
        events.contains(
            "pods by selector app=web are controlled by multiple HPAs: [default/web default/web2]"
        ),
        "{events}"
    );
    run(&mut s, "k delete hpa web2");
    run(&mut s, "sleep 30");
    assert!(replicas(&s) > 2, "alone again, web scales");
}

#[test]
fn a_deployment_scaled_to_zero_turns_the_hpa_off() {
    let mut s = autoscaled(2, 6);
    run(&mut s, "sleep 30");
    run(&mut s, "k scale deploy web --replicas=0");
    run(&mut s, "load deploy/web 300m");
    run(&mut s, "sleep 1m");
    assert_eq!(replicas(&s), 0, "minReplicas does not bring it back");
    assert_eq!(condition(&s, "ScalingActive"), ("False".into(), "ScalingDisabled".into()));
    let describe = run(&mut s, "k describe hpa web");
    assert!(
        describe.contains("scaling is disabled since the replica count of the target is zero"),
        "{describe}"
    );
}
