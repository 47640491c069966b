//! The missing-metrics, tolerance, error and grouping vectors of
//! pkg/controller/podautoscaler/replica_calculator_test.go, on the fixture of `super`.

use super::*;

#[test]
fn test_replica_calc_tolerance() {
    let c = Case {
        current: 3,
        requests: vec![900, 1000, 1100],
        levels: vec![1010, 1030, 1020],
        target: 100,
        ..Case::default()
    };
    c.expect(3, 102, 2 * 1020);
}

#[test]
fn test_replica_calc_superfluous_metrics() {
    let c = Case {
        current: 4,
        requests: ones(4),
        levels: vec![4000, 9500, 3000, 7000, 3200, 2000],
        target: 100,
        ..Case::default()
    };
    c.expect(24, 587, 2 * 5875);
}

#[test]
fn test_replica_calc_missing_metrics() {
    let c = Case {
        current: 4,
        requests: ones(4),
        levels: vec![400, 95],
        target: 100,
        ..Case::default()
    };
    c.expect(3, 24, 495);
}

#[test]
fn test_replica_calc_empty_metrics() {
    let c = Case { current: 4, requests: ones(3), levels: vec![], target: 100, ..Case::default() };
    let err = c.run().unwrap_err();
    assert_eq!(
        err.0,
        "unable to get metrics for resource cpu: no metrics returned from resource metrics API"
    );
}

#[test]
fn test_replica_calc_empty_cpu_request() {
    let c =
        Case { current: 1, requests: vec![], levels: vec![200], target: 100, ..Case::default() };
    let err = c.run().unwrap_err();
    assert_eq!(err.0, "missing request for cpu in container container0 of Pod test-pod-0");
}

#[test]
fn test_replica_calc_missing_metrics_no_change_eq() {
    Case { current: 2, requests: ones(2), levels: vec![1000], target: 100, ..Case::default() }
        .expect(2, 100, 2 * 1000);
}

#[test]
fn test_replica_calc_missing_metrics_no_change_gt() {
    Case { current: 2, requests: ones(2), levels: vec![1900], target: 100, ..Case::default() }
        .expect(2, 190, 2 * 1900);
}

#[test]
fn test_replica_calc_missing_metrics_no_change_lt() {
    Case { current: 2, requests: ones(2), levels: vec![600], target: 100, ..Case::default() }
        .expect(2, 60, 2 * 600);
}

#[test]
fn test_replica_calc_missing_metrics_unready_change() {
    let c = Case {
        current: 3,
        requests: ones(3),
        levels: vec![100, 450],
        readiness: vec![false, true, true],
        target: 50,
        ..Case::default()
    };
    c.expect(3, 45, 2 * 450);
}

#[test]
fn test_replica_calc_missing_metrics_hot_cpu_no_change() {
    let c = Case {
        current: 3,
        requests: ones(3),
        levels: vec![100, 450],
        start: vec![HOT, COOL, COOL],
        target: 50,
        ..Case::default()
    };
    c.expect(3, 45, 2 * 450);
}

#[test]
fn test_replica_calc_missing_metrics_unready_scale_up() {
    let c = Case {
        current: 3,
        requests: ones(3),
        levels: vec![100, 2000],
        readiness: vec![false, true, true],
        target: 50,
        ..Case::default()
    };
    c.expect(4, 200, 2 * 2000);
}

#[test]
fn test_replica_calc_missing_metrics_hot_cpu_scale_up() {
    let c = Case {
        current: 3,
        requests: ones(3),
        levels: vec![100, 2000],
        readiness: vec![false, true, true],
        start: vec![HOT, COOL, COOL],
        target: 50,
        ..Case::default()
    };
    c.expect(4, 200, 2 * 2000);
}

#[test]
fn test_replica_calc_missing_metrics_unready_scale_down() {
    let c = Case {
        current: 4,
        requests: ones(4),
        levels: vec![100, 100, 100],
        readiness: vec![false, true, true, true],
        target: 50,
        ..Case::default()
    };
    c.expect(3, 10, 2 * 100);
}

#[test]
fn test_replica_calc_during_rolling_update_with_max_surge() {
    let c = Case {
        current: 2,
        requests: ones(3),
        levels: vec![100, 100],
        phase: vec![Running; 3],
        target: 50,
        ..Case::default()
    };
    c.expect(2, 10, 2 * 100);
}

#[test]
fn test_replica_calc_computed_tolerance_alg_implementation() {
    // 10 pods using 150m each against requests around 300m (50%); a target just past the
    // tolerance scales down, one just inside it does not.
    let per_pod = 300;
    let requests = [100, -100, 10, -10, 2, -2, 1, -1, 0, 0].iter().map(|d| per_pod + d).collect();
    let mut c = Case { current: 10, requests, levels: vec![150; 10], ..Case::default() };
    let target = (1.0f64 / (2.0 * 0.9)).abs() + 0.01;
    c.target = (target * 100.0) as i32;
    let final_pods = (1500.0 / (3000.0 * target) * 10.0).ceil() as i32;
    c.expect(final_pods, 50, 2 * 150);
    c.target = (((1.0f64 / (2.0 * 0.9)).abs() + 0.004) * 100.0) as i32;
    c.expect(10, 50, 2 * 150);
}

#[test]
fn raw_resource_replicas_scale_on_the_average_value() {
    // TestReplicaCalcScaleUpCM's numbers through calcPlainMetricReplicas, the path
    // GetRawResourceReplicas shares: an average of 20000m against 15000m on 3 pods gives 4.
    let c =
        Case { current: 3, requests: ones(3), levels: vec![10000, 5000, 15000], ..Case::default() };
    let got =
        raw_resource_replicas(3, 15000, Resource::Cpu, &c.pods(), &c.samples(), NOW, &TESTING)
            .unwrap();
    assert_eq!((got.replicas, got.usage_milli), (4, 20000));
    // TestReplicaCalcScaleDownCM: 12000m each against 20000m on 5 pods gives 3.
    let c = Case { current: 5, requests: ones(5), levels: vec![6000; 5], ..Case::default() };
    let got =
        raw_resource_replicas(5, 20000, Resource::Cpu, &c.pods(), &c.samples(), NOW, &TESTING)
            .unwrap();
    assert_eq!((got.replicas, got.usage_milli), (3, 12000));
    // TestReplicaCalcToleranceCM: 20666m against 20000m is within tolerance.
    let c = Case {
        current: 3,
        requests: ones(3),
        levels: vec![10000, 10500, 10500],
        ..Case::default()
    };
    let got =
        raw_resource_replicas(3, 20000, Resource::Cpu, &c.pods(), &c.samples(), NOW, &TESTING)
            .unwrap();
    assert_eq!((got.replicas, got.usage_milli), (3, 20666));
}

#[test]
fn test_group_pods() {
    // TestGroupPods "void", "count in a ready pod - memory", "ignore a pod without ready
    // condition - CPU" (an unready pod in today's four-way grouping) and "count in a ready
    // pod with fresh metrics during initialization period - CPU".
    let none = group_pods(&[], &Samples::new(), Resource::Cpu, &TESTING, NOW);
    assert_eq!(none, Groups::default());
    let pod = |name: &str, start: Option<i64>, ready: Option<ReadyCondition>| PodInfo {
        name: name.into(),
        phase: Phase::Succeeded,
        deleting: false,
        start_time_ms: start,
        ready,
        containers: vec![],
    };
    let sample = |ts, window| -> Samples {
        [("p".to_string(), MetricSample { value_milli: 1, timestamp_ms: ts, window_ms: window })]
            .into()
    };
    let g =
        group_pods(&[pod("p", None, None)], &sample(NOW, 60_000), Resource::Memory, &TESTING, NOW);
    assert_eq!(g.ready_count, 1);
    let g =
        group_pods(&[pod("p", Some(NOW), None)], &sample(ZERO, 0), Resource::Cpu, &TESTING, NOW);
    assert_eq!((g.ready_count, g.unready.len()), (0, 1));
    let cond =
        Some(ReadyCondition { status: ConditionStatus::True, last_transition_ms: NOW - 30_000 });
    let fresh = group_pods(
        &[pod("p", Some(NOW - 60_000), cond)],
        &sample(NOW, 30_000),
        Resource::Cpu,
        &TESTING,
        NOW,
    );
    assert_eq!(fresh.ready_count, 1);
    // Its neighbour "ignore a ready pod without fresh metrics during initialization period":
    // here the window (60 s) is longer than the time since the pod became ready (30 s).
    let stale = group_pods(
        &[pod("p", Some(NOW - 60_000), cond)],
        &sample(NOW, 60_000),
        Resource::Cpu,
        &TESTING,
        NOW,
    );
    assert_eq!((stale.ready_count, stale.unready.len()), (0, 1));
}

#[test]
fn missing_pods_count_at_a_target_above_100_percent_on_scale_down() {
    // replica_calculator.go: "treat missing pods as using 100% (all) of the resource request
    // or the utilization target for targets higher than 100%". At 100% against a 200% target
    // the missing pod counts at 200%, which keeps 2 pods; counted at 100% it would allow 1.
    let c =
        Case { current: 2, requests: ones(2), levels: vec![1000], target: 200, ..Case::default() };
    c.expect(2, 100, 2 * 1000);
}
