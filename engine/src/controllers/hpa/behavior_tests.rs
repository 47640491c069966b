//! The rate-limit, policy and scale-event vectors of pkg/controller/podautoscaler/
//! horizontal_test.go and the rules defaulting of pkg/apis/autoscaling/v2/defaults_test.go,
//! named after the upstream test and case. Upstream's `time.Now()` offsets become offsets
//! from `NOW`.

use super::behavior::*;

const NOW: i64 = 10_000_000;

/// `generateScalingRules`: a Pods and/or Percent policy, `Max`, and a window.
fn rules(pods: i32, pods_period: i32, percent: i32, percent_period: i32, window: i32) -> RulesSpec {
    let mut policies = vec![];
    if pods != 0 {
        policies.push(Policy { type_: PolicyType::Pods, value: pods, period_seconds: pods_period });
    }
    if percent != 0 {
        policies.push(Policy {
            type_: PolicyType::Percent,
            value: percent,
            period_seconds: percent_period,
        });
    }
    RulesSpec {
        stabilization_window_seconds: Some(window),
        select_policy: Some(SelectPolicy::Max),
        policies: Some(policies),
    }
}

/// `generateEventsUniformDistribution`: events centred in equal segments of the last
/// `period` seconds, oldest first (Go truncates the offset to whole seconds).
fn events(changes: &[i32], period: i64) -> Vec<ScaleEvent> {
    let seg = period as f64 / changes.len() as f64;
    changes
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let boundary = (period as f64 - seg * (i + 1) as f64 + seg / 2.0) as i64;
            ScaleEvent { change: *c, at_ms: NOW - boundary * 1000, outdated: false }
        })
        .collect()
}

#[test]
fn test_scaling_with_rules() {
    // (case, up events, down events, min, max, up rules, down rules, current, desired, want, reason)
    type Row = (
        &'static str,
        Vec<ScaleEvent>,
        Vec<ScaleEvent>,
        i32,
        i32,
        Option<RulesSpec>,
        Option<RulesSpec>,
        i32,
        i32,
        i32,
        &'static str,
    );
    let e = Vec::new;
    let rows: Vec<Row> = vec![
        ("prenormalized desired replicas within range", e(), e(), 3, 8, None, None, 5, 7, 7, "DesiredWithinRange"),
        ("prenormalized desired replicas < minReplicas", e(), e(), 2, 8, None, None, 3, 1, 2, "TooFewReplicas"),
        ("prenormalized desired replicas within range when minReplicas is 0", e(), e(), 0, 10, None, None, 1, 0, 0, "DesiredWithinRange"),
        ("maxReplicas is the limit because maxReplicas < scaleUpLimit", e(), e(), 1, 10, None, None, 20, 1000, 10, "TooManyReplicas"),
        ("desired replica count is more than the maximum replica count", e(), e(), 100, 150, None, None, 100, 1000, 150, "TooManyReplicas"),
        ("scaleUpLimit is the limit because scaleUpLimit < maxReplicas with user policies", e(), e(), 1, 2000, Some(rules(0, 0, 1, 60, 0)), None, 3, 1000, 4, "ScaleUpLimit"),
        ("scaleUp with default behavior", e(), e(), 1, 1000, None, None, 10, 50, 20, "ScaleUpLimit"),
        ("scaleUp with pods policy larger than percent policy", e(), e(), 1, 1000, Some(rules(100, 60, 100, 60, 0)), None, 10, 500, 110, "ScaleUpLimit"),
        ("scaleUp with percent policy larger than pods policy", e(), e(), 1, 1000, Some(rules(2, 60, 100, 60, 0)), None, 10, 500, 20, "ScaleUpLimit"),
        ("scaleUp with spec MaxReplicas limitation with large pod policy", e(), e(), 1, 1000, Some(rules(100, 60, 0, 0, 0)), None, 10, 50, 50, "DesiredWithinRange"),
        ("scaleUp with pod policy limitation", e(), e(), 1, 1000, Some(rules(30, 60, 0, 0, 0)), None, 10, 50, 40, "ScaleUpLimit"),
        ("scaleUp with percent policy limitation", e(), e(), 1, 1000, Some(rules(0, 0, 200, 60, 0)), None, 10, 50, 30, "ScaleUpLimit"),
        ("scaleDown with percent policy larger than pod policy", e(), e(), 1, 1000, None, Some(rules(20, 60, 1, 60, 300)), 100, 2, 80, "ScaleDownLimit"),
        ("scaleDown with pod policy larger than percent policy", e(), e(), 1, 1000, None, Some(rules(2, 60, 1, 60, 300)), 100, 2, 98, "ScaleDownLimit"),
        ("scaleDown with spec MinReplicas limitation with large pod policy", e(), e(), 1, 1000, None, Some(rules(100, 60, 0, 0, 300)), 10, 0, 1, "TooFewReplicas"),
        ("scaleDown with spec MinReplicas limitation with large percent policy", e(), e(), 5, 1000, None, Some(rules(0, 0, 100, 60, 300)), 10, 2, 5, "TooFewReplicas"),
        ("scaleDown with pod policy limitation", e(), e(), 1, 1000, None, Some(rules(5, 60, 0, 0, 300)), 10, 2, 5, "ScaleDownLimit"),
        ("scaleDown with percent policy limitation", e(), e(), 1, 1000, None, Some(rules(0, 0, 50, 60, 300)), 10, 5, 5, "DesiredWithinRange"),
        ("scaleUp with spec MaxReplicas limitation with large pod policy and events", events(&[1, 5, 9], 120), e(), 1, 200, Some(rules(300, 60, 0, 0, 0)), None, 100, 500, 200, "TooManyReplicas"),
        ("scaleUp with currentReplicas limitation with rate.PeriodSeconds with a lot of recent scale up events", events(&[1, 5, 9], 120), e(), 1, 1000, Some(rules(5, 120, 0, 0, 0)), None, 100, 500, 100, "ScaleUpLimit"),
        ("scaleUp with pod policy and previous scale up events", events(&[1, 5, 9], 120), e(), 1, 1000, Some(rules(150, 120, 0, 0, 0)), None, 100, 500, 235, "ScaleUpLimit"),
        ("scaleUp with percent policy and previous scale up events", events(&[1, 5, 9], 120), e(), 1, 1000, Some(rules(0, 0, 200, 120, 0)), None, 100, 500, 255, "ScaleUpLimit"),
        ("scaleUp with percent policy and previous scale up and down events", events(&[4], 120), events(&[2], 120), 1, 1000, Some(rules(0, 0, 300, 300, 0)), None, 6, 24, 16, "ScaleUpLimit"),
        ("scaleDown with default policy and previous events", e(), events(&[1, 5, 9], 120), 1, 1000, None, None, 10, 5, 5, "DesiredWithinRange"),
        ("scaleDown with spec MinReplicas=nil limitation with large pod policy and previous events", e(), events(&[1, 5, 9], 120), 1, 1000, None, Some(rules(115, 120, 0, 0, 300)), 100, 0, 1, "TooFewReplicas"),
        ("scaleDown with spec MinReplicas limitation with large pod policy and previous events", e(), events(&[1, 5, 9], 120), 5, 1000, None, Some(rules(130, 120, 0, 0, 300)), 100, 0, 5, "TooFewReplicas"),
        ("scaleDown with pod policy limitation and previous events", e(), events(&[1, 5, 9], 120), 1, 1000, None, Some(rules(5, 120, 0, 0, 300)), 100, 2, 100, "ScaleDownLimit"),
        ("scaleDown with percent policy limitation and previous events", e(), events(&[2, 4, 6], 120), 1, 1000, None, Some(rules(0, 0, 50, 120, 300)), 100, 0, 56, "ScaleDownLimit"),
        ("scaleDown with percent policy and previous scale up and down events", events(&[2], 120), events(&[4], 120), 1, 1000, None, Some(rules(0, 0, 50, 180, 0)), 10, 1, 6, "ScaleDownLimit"),
        ("scaleDown with previous events preventing further scale down", e(), events(&[10, 10, 10], 120), 1, 1000, None, Some(rules(0, 0, 10, 120, 300)), 100, 0, 100, "ScaleDownLimit"),
        ("scaleDown with with previous events still allowing more scale down", e(), events(&[10, 10, 10], 120), 1, 1000, None, Some(rules(0, 0, 1000, 120, 300)), 10, 5, 5, "DesiredWithinRange"),
        ("check that events were marked 'outdated' for two different policies in the behavior for up", events(&[8, 12, 9, 11], 120), e(), 1, 1000, Some(rules(1000, 30, 100, 60, 0)), None, 100, 200, 200, "DesiredWithinRange"),
        ("check that events were marked 'outdated' for two different policies in the behavior for down", e(), events(&[8, 12, 9, 11], 120), 1, 1000, None, Some(rules(1000, 30, 100, 60, 300)), 100, 5, 5, "DesiredWithinRange"),
        ("scaleUp with spec MaxReplicas limitation with large percent policy", e(), e(), 1, 1000, Some(rules(10000, 60, 0, 0, 0)), None, 10, 50, 50, "DesiredWithinRange"),
        ("scaleDown with spec MinReplicas=nil limitation with large pod policy", e(), e(), 1, 1000, None, Some(rules(100, 60, 0, 0, 300)), 10, 0, 1, "TooFewReplicas"),
        ("scaleUp with spec MaxReplicas limitation with large percent policy and events", events(&[1, 5, 9], 120), e(), 1, 200, Some(rules(0, 0, 10000, 60, 0)), None, 100, 500, 200, "TooManyReplicas"),
        ("check 'outdated' flag for events for one behavior for up", events(&[8, 12, 9, 11], 120), e(), 1, 1000, Some(rules(1000, 60, 0, 0, 0)), None, 100, 200, 200, "DesiredWithinRange"),
        ("check that events were not marked 'outdated' for two different policies in the behavior for up", events(&[8, 12, 9, 11], 120), e(), 1, 1000, Some(rules(1000, 120, 100, 60, 0)), None, 100, 200, 200, "DesiredWithinRange"),
        ("check 'outdated' flag for events for one behavior for down", e(), events(&[8, 12, 9, 11], 120), 1, 1000, None, Some(rules(1000, 60, 0, 0, 300)), 100, 5, 5, "DesiredWithinRange"),
        ("check that events were not marked 'outdated' for two different policies in the behavior for down", e(), events(&[8, 12, 9, 11], 120), 1, 1000, None, Some(rules(1000, 120, 100, 60, 300)), 100, 5, 5, "DesiredWithinRange"),
        // Upstream marks this case testThis and skips it; the arithmetic holds all the same.
        ("scaleDownLimit is the limit because scaleDownLimit > minReplicas with user defined policies", e(), e(), 3, 2000, None, Some(rules(20, 60, 0, 0, 0)), 1000, 3, 980, "ScaleDownLimit"),
    ];
    for (name, up_events, down_events, min, max, up, down, current, desired, want, reason) in rows {
        let args = Normalization {
            scale_up: scale_up_rules(up.as_ref()),
            scale_down: scale_down_rules(down.as_ref(), DOWNSCALE_STABILIZATION_SECONDS),
            min_replicas: min,
            max_replicas: max,
            current_replicas: current,
            desired_replicas: desired,
        };
        let (got, verdict) = limit_rate(&args, &up_events, &down_events, NOW);
        assert_eq!((got, verdict.reason), (want, reason), "{name}");
    }
}

#[test]
fn test_calculate_scale_up_limit_with_scaling_rules() {
    let min_change = Rules {
        stabilization_window_seconds: 300,
        select_policy: SelectPolicy::Min,
        policies: vec![
            Policy { type_: PolicyType::Pods, value: 2, period_seconds: 60 },
            Policy { type_: PolicyType::Percent, value: 50, period_seconds: 60 },
        ],
    };
    assert_eq!(scale_up_limit(1, &[], &[], &min_change, NOW), 2);
    // TestCalculateScaleDownLimitWithBehaviors: the same rules from 5 pods.
    assert_eq!(scale_down_limit(5, &[], &[], &min_change, NOW), 3);
    let disabled = Rules { select_policy: SelectPolicy::Disabled, ..min_change };
    assert_eq!(scale_up_limit(7, &[], &[], &disabled, NOW), 7);
    assert_eq!(scale_down_limit(7, &[], &[], &disabled, NOW), 7);
}

#[test]
fn default_behavior_is_the_autoscaling_v2_default() {
    // pkg/apis/autoscaling/v2/defaults.go: up 0 s, 4 pods or 100% per 15 s, Max; down 100%
    // per 15 s, Max, the controller's window unless the rule sets one.
    let up = scale_up_rules(None);
    assert_eq!(up.stabilization_window_seconds, 0);
    assert_eq!(up.select_policy, SelectPolicy::Max);
    assert_eq!(
        up.policies,
        vec![
            Policy { type_: PolicyType::Pods, value: 4, period_seconds: 15 },
            Policy { type_: PolicyType::Percent, value: 100, period_seconds: 15 },
        ]
    );
    let down = scale_down_rules(None, DOWNSCALE_STABILIZATION_SECONDS);
    assert_eq!(down.stabilization_window_seconds, 300);
    assert_eq!(
        down.policies,
        vec![Policy { type_: PolicyType::Percent, value: 100, period_seconds: 15 }]
    );
    // copyHPAScalingRules: only the fields written replace the defaults.
    let spec = RulesSpec { stabilization_window_seconds: Some(60), ..RulesSpec::default() };
    let down = scale_down_rules(Some(&spec), DOWNSCALE_STABILIZATION_SECONDS);
    assert_eq!((down.stabilization_window_seconds, down.policies.len()), (60, 1));
}

#[test]
fn test_store_scale_events() {
    // TestStoreScaleEvents, with the two-policy behaviour: (case, rules, previous events
    // (change, seconds ago), change in the last 60 s, stored (change, outdated)).
    type Row = (&'static str, RulesSpec, Vec<(i32, i64)>, i32, Vec<(i32, bool)>);
    let rows: Vec<Row> = vec![
        (
            "empty entries with two-policy-behavior",
            rules(10, 60, 100, 60, 0),
            vec![],
            0,
            vec![(5, false)],
        ),
        (
            "one outdated entry to be replaced with behavior",
            rules(10, 60, 100, 60, 0),
            vec![(7, 61)],
            0,
            vec![(5, false)],
        ),
        (
            "one actual entry to be not touched with behavior",
            rules(10, 60, 100, 60, 0),
            vec![(7, 58)],
            7,
            vec![(7, false), (5, false)],
        ),
        (
            "two entries, one of them to be replaced",
            rules(10, 60, 0, 0, 0),
            vec![(7, 61), (6, 59)],
            6,
            vec![(5, false), (6, false)],
        ),
        (
            "replace one entry, use policies with different periods",
            rules(10, 60, 100, 30, 0),
            vec![(8, 29), (6, 59), (7, 61), (9, 61)],
            14,
            vec![(8, false), (6, false), (7, true), (5, false)],
        ),
        (
            "two entries, both actual",
            rules(10, 120, 100, 30, 0),
            vec![(7, 58), (6, 59)],
            13,
            vec![(7, false), (6, false), (5, false)],
        ),
    ];
    for (name, spec, prev, in_period, want) in rows {
        let r = scale_up_rules(Some(&spec));
        let mut evs: Vec<ScaleEvent> = prev
            .iter()
            .map(|(c, ago)| ScaleEvent { change: *c, at_ms: NOW - ago * 1000, outdated: false })
            .collect();
        assert_eq!(change_in_period(60, &evs, NOW), in_period, "{name}");
        store_scale_event(&r, &mut evs, 10, 15, NOW);
        let got: Vec<(i32, bool)> = evs.iter().map(|e| (e.change, e.outdated)).collect();
        assert_eq!(got, want, "{name}");
    }
}

fn pods(value: i32, period_seconds: i32) -> Policy {
    Policy { type_: PolicyType::Pods, value, period_seconds }
}

fn percent(value: i32, period_seconds: i32) -> Policy {
    Policy { type_: PolicyType::Percent, value, period_seconds }
}

/// (annotation, policies written, window written, selectPolicy written, expected policies,
/// expected window, expected selectPolicy).
type GenerateRow = (
    &'static str,
    Option<Vec<Policy>>,
    Option<i32>,
    Option<SelectPolicy>,
    Vec<Policy>,
    i32,
    SelectPolicy,
);

#[test]
fn test_generate_scale_down_rules() {
    // pkg/apis/autoscaling/v2/defaults_test.go TestGenerateScaleDownRules. The API leaves a
    // missing window nil; the controller then reads its flag, passed here as 300.
    use SelectPolicy::{Max, Min};
    let rows: Vec<GenerateRow> = vec![
        ("Default values", None, None, None, vec![percent(100, 15)], 300, Max),
        (
            "All parameters are specified",
            Some(vec![pods(1, 2), percent(3, 4)]),
            Some(25),
            Some(Max),
            vec![pods(1, 2), percent(3, 4)],
            25,
            Max,
        ),
        (
            "Percent policy is specified",
            Some(vec![percent(1, 2)]),
            None,
            Some(Min),
            vec![percent(1, 2)],
            300,
            Min,
        ),
        (
            "Pods policy is specified",
            Some(vec![pods(3, 4)]),
            None,
            None,
            vec![pods(3, 4)],
            300,
            Max,
        ),
    ];
    for (name, policies, window, select, want_policies, want_window, want_select) in rows {
        let spec =
            RulesSpec { stabilization_window_seconds: window, select_policy: select, policies };
        let down = scale_down_rules(Some(&spec), DOWNSCALE_STABILIZATION_SECONDS);
        assert_eq!(down.policies, want_policies, "{name}");
        assert_eq!(down.stabilization_window_seconds, want_window, "{name}");
        assert_eq!(down.select_policy, want_select, "{name}");
    }
}

#[test]
fn test_generate_scale_up_rules() {
    // pkg/apis/autoscaling/v2/defaults_test.go TestGenerateScaleUpRules.
    use SelectPolicy::{Max, Min};
    let rows: Vec<GenerateRow> = vec![
        ("Default values", None, None, None, vec![pods(4, 15), percent(100, 15)], 0, Max),
        (
            "All parameters are specified",
            Some(vec![pods(1, 2), percent(3, 4)]),
            Some(25),
            Some(Max),
            vec![pods(1, 2), percent(3, 4)],
            25,
            Max,
        ),
        (
            "Pod policy is specified",
            Some(vec![pods(1, 2)]),
            None,
            Some(Min),
            vec![pods(1, 2)],
            0,
            Min,
        ),
        (
            "Percent policy is specified",
            Some(vec![percent(7, 10)]),
            None,
            None,
            vec![percent(7, 10)],
            0,
            Max,
        ),
        (
            "Pod policy and stabilization window are specified",
            Some(vec![pods(4, 2)]),
            Some(25),
            None,
            vec![pods(4, 2)],
            25,
            Max,
        ),
        (
            "Percent policy and stabilization window are specified",
            Some(vec![percent(7, 60)]),
            Some(25),
            None,
            vec![percent(7, 60)],
            25,
            Max,
        ),
    ];
    for (name, policies, window, select, want_policies, want_window, want_select) in rows {
        let spec =
            RulesSpec { stabilization_window_seconds: window, select_policy: select, policies };
        let up = scale_up_rules(Some(&spec));
        assert_eq!(up.policies, want_policies, "{name}");
        assert_eq!(up.stabilization_window_seconds, want_window, "{name}");
        assert_eq!(up.select_policy, want_select, "{name}");
    }
}
