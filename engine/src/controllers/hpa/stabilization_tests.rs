//! The stabilization vectors of pkg/controller/podautoscaler/horizontal_test.go, named
//! after the upstream test and case. Upstream's `time.Now()` offsets become offsets from
//! `NOW`.

use super::behavior::*;

const NOW: i64 = 10_000_000;
const MIN: i64 = 60_000;

fn rec(replicas: i32, ago_ms: i64) -> Recommendation {
    Recommendation { replicas, at_ms: NOW - ago_ms }
}

/// Rules with only stabilization windows, as TestNormalizeDesiredReplicasWithBehavior builds.
fn windows(up: i32, down: i32, current: i32, desired: i32) -> Normalization {
    let with_window = |w| Rules {
        stabilization_window_seconds: w,
        select_policy: SelectPolicy::Max,
        policies: vec![],
    };
    Normalization {
        scale_up: with_window(up),
        scale_down: with_window(down),
        min_replicas: 1,
        max_replicas: 1000,
        current_replicas: current,
        desired_replicas: desired,
    }
}

#[test]
fn test_normalize_desired_replicas_with_behavior() {
    // (case, history, up window, down window, current, desired, stabilized, stored)
    type Row = (&'static str, Vec<Recommendation>, i32, i32, i32, i32, i32, Vec<i32>);
    let rows: Vec<Row> = vec![
        ("empty recommendations for scaling down", vec![], 0, 0, 100, 5, 5, vec![5]),
        (
            "simple scale down stabilization",
            vec![rec(4, 2 * MIN), rec(5, MIN)],
            0,
            180,
            100,
            3,
            5,
            vec![4, 5, 3],
        ),
        (
            "simple scale up stabilization",
            vec![rec(4, 2 * MIN), rec(5, MIN)],
            300,
            0,
            1,
            7,
            4,
            vec![4, 5, 7],
        ),
        (
            "no scale down stabilization",
            vec![rec(1, 2 * MIN), rec(2, MIN)],
            300,
            0,
            100,
            3,
            3,
            vec![1, 2, 3],
        ),
        (
            "no scale up stabilization",
            vec![rec(4, 2 * MIN), rec(5, MIN)],
            0,
            300,
            1,
            3,
            3,
            vec![4, 5, 3],
        ),
        (
            "no scale down stabilization, reuse recommendation element",
            vec![rec(10, 10 * MIN), rec(9, 9 * MIN)],
            0,
            0,
            100,
            3,
            3,
            vec![10, 3],
        ),
        (
            "no scale up stabilization, reuse recommendation element",
            vec![rec(10, 10 * MIN), rec(9, 9 * MIN)],
            0,
            0,
            1,
            100,
            100,
            vec![10, 100],
        ),
        (
            "scale down stabilization, reuse one of obsolete recommendation element",
            vec![rec(10, 10 * MIN), rec(4, MIN), rec(5, 2 * MIN), rec(9, 9 * MIN)],
            0,
            180,
            100,
            3,
            5,
            vec![10, 4, 5, 3],
        ),
        (
            "scale up stabilization, reuse one of obsolete recommendation element",
            vec![rec(10, 100 * MIN), rec(6, MIN), rec(5, 2 * MIN), rec(9, 3 * MIN)],
            300,
            0,
            1,
            100,
            5,
            vec![100, 6, 5, 9],
        ),
        (
            "scale up and down stabilization, do not scale up when prenormalized rec goes down",
            vec![rec(2, 100 * MIN), rec(3, 3 * MIN)],
            300,
            300,
            2,
            1,
            2,
            vec![1, 3],
        ),
        (
            "scale up and down stabilization, do not scale down when prenormalized rec goes up",
            vec![rec(2, 100 * MIN), rec(1, 3 * MIN)],
            300,
            300,
            2,
            3,
            2,
            vec![3, 1],
        ),
    ];
    for (name, mut history, up, down, current, desired, want, stored) in rows {
        let (got, _) = stabilize(&mut history, &windows(up, down, current, desired), NOW);
        assert_eq!(got, want, "{name}");
        let kept: Vec<i32> = history.iter().map(|r| r.replicas).collect();
        assert_eq!(kept, stored, "{name}");
    }
}

#[test]
fn stabilization_reason_follows_the_direction() {
    // The AbleToScale wording of stabilizeRecommendationWithBehaviors.
    let mut h = vec![rec(5, MIN)];
    let (_, v) = stabilize(&mut h, &windows(0, 300, 10, 3), NOW);
    assert_eq!(v.reason, "ScaleDownStabilized");
    assert_eq!(v.message, "recent recommendations were higher than current one, applying the highest recent recommendation");
    let (_, v) = stabilize(&mut h, &windows(300, 0, 1, 7), NOW);
    assert_eq!(v.reason, "ScaleUpStabilized");
    assert_eq!(v.message, "recent recommendations were lower than current one, applying the lowest recent recommendation");
}

#[test]
fn normalize_reports_stabilization_and_limits() {
    // A scale-down held by the 5-minute window: AbleToScale says so, ScalingLimited is False.
    let mut history = vec![rec(6, MIN)];
    let args = Normalization {
        scale_up: scale_up_rules(None),
        scale_down: scale_down_rules(None, DOWNSCALE_STABILIZATION_SECONDS),
        min_replicas: 1,
        max_replicas: 10,
        current_replicas: 6,
        desired_replicas: 2,
    };
    let n = normalize(&mut history, &args, &[], &[], NOW);
    assert_eq!(
        (n.replicas, n.able_to_scale.reason, n.scaling_limited),
        (6, "ScaleDownStabilized", false)
    );
    assert_eq!(n.limited.reason, "DesiredWithinRange");
    // A scale-up past maxReplicas: ReadyForNewScale, ScalingLimited True with TooManyReplicas.
    let args = Normalization { current_replicas: 2, desired_replicas: 40, max_replicas: 5, ..args };
    let n = normalize(&mut vec![], &args, &[], &[], NOW);
    assert_eq!(
        (n.replicas, n.able_to_scale.reason, n.scaling_limited),
        (5, "ReadyForNewScale", true)
    );
    assert_eq!(
        n.limited.message,
        "the desired replica count is more than the maximum replica count"
    );
}
