//! The path an HPA without `spec.behavior` takes (an autoscaling/v1 HPA, or a v2 one that
//! leaves it out): only scale-downs are stabilized, over the controller's downscale window,
//! and a scale-up may at most double the size (at least to 4). The API server does not fill
//! in a default `behavior`, so this is what `kubectl autoscale` gets.
//!
//! Models pkg/controller/podautoscaler/horizontal.go normalizeDesiredReplicas,
//! stabilizeRecommendation, convertDesiredReplicasWithRules and calculateScaleUpLimit.

use super::behavior::{
    Normalized, Recommendation, Verdict, READY_FOR_NEW_SCALE, SCALE_DOWN_STABILIZED,
    SCALE_UP_LIMIT, TOO_FEW, TOO_MANY, WITHIN_RANGE,
};

/// `stabilizeRecommendation`: the highest recommendation within the window (the new one
/// included), remembering the new one in a slot older than the window if there is one.
pub fn stabilize(
    history: &mut Vec<Recommendation>,
    desired: i32,
    window_seconds: i32,
    now_ms: i64,
) -> i32 {
    let cutoff = now_ms.saturating_sub(i64::from(window_seconds) * 1000);
    let mut highest = desired;
    let mut old_slot = None;
    for (i, rec) in history.iter().enumerate() {
        if rec.at_ms < cutoff {
            old_slot = Some(i);
        } else if rec.replicas > highest {
            highest = rec.replicas;
        }
    }
    let new = Recommendation { replicas: desired, at_ms: now_ms };
    match old_slot {
        Some(i) => history[i] = new,
        None => history.push(new),
    }
    highest
}

/// `calculateScaleUpLimit`: twice the current size, and never less than 4.
pub fn scale_up_limit(current: i32) -> i32 {
    current.saturating_mul(2).max(4)
}

/// `convertDesiredReplicasWithRules`: the desired size within minReplicas, maxReplicas and
/// the scale-up limit, with the `ScalingLimited` reason and message.
pub fn limit(current: i32, desired: i32, min: i32, max: i32) -> (i32, Verdict) {
    let up_limit = scale_up_limit(current);
    let (allowed, verdict) = if max > up_limit {
        (up_limit, Verdict { reason: "ScaleUpLimit", message: SCALE_UP_LIMIT })
    } else {
        (max, Verdict { reason: "TooManyReplicas", message: TOO_MANY })
    };
    if desired < min {
        (min, Verdict { reason: "TooFewReplicas", message: TOO_FEW })
    } else if desired > allowed {
        (allowed, verdict)
    } else {
        (desired, Verdict { reason: "DesiredWithinRange", message: WITHIN_RANGE })
    }
}

/// `normalizeDesiredReplicas`.
pub fn normalize(
    history: &mut Vec<Recommendation>,
    current: i32,
    desired: i32,
    min: i32,
    max: i32,
    downscale_window_seconds: i32,
    now_ms: i64,
) -> Normalized {
    let stabilized = stabilize(history, desired, downscale_window_seconds, now_ms);
    let able_to_scale = if stabilized != desired {
        Verdict { reason: "ScaleDownStabilized", message: SCALE_DOWN_STABILIZED }
    } else {
        READY_FOR_NEW_SCALE
    };
    let (replicas, limited) = limit(current, stabilized, min, max);
    Normalized {
        replicas,
        stabilized,
        able_to_scale,
        scaling_limited: replicas != stabilized,
        limited,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 10_000_000;
    const MIN: i64 = 60_000;

    fn rec(replicas: i32, ago_ms: i64) -> Recommendation {
        Recommendation { replicas, at_ms: NOW - ago_ms }
    }

    #[test]
    fn test_normalize_desired_replicas() {
        // horizontal_test.go TestNormalizeDesiredReplicas, with the 5-minute window:
        // (case, history, desired, stabilized, log length).
        let rows = [
            ("empty log", vec![], 5, 5, 1),
            ("stabilize", vec![rec(4, 2 * MIN), rec(5, MIN)], 3, 5, 3),
            ("no stabilize", vec![rec(1, 2 * MIN), rec(2, MIN)], 3, 3, 3),
            (
                "no stabilize - old recommendations",
                vec![rec(10, 10 * MIN), rec(9, 9 * MIN)],
                3,
                3,
                2,
            ),
            (
                "stabilize - old recommendations",
                vec![rec(10, 10 * MIN), rec(4, MIN), rec(5, 2 * MIN), rec(9, 9 * MIN)],
                3,
                5,
                4,
            ),
        ];
        for (name, mut history, desired, want, len) in rows {
            assert_eq!(stabilize(&mut history, desired, 300, NOW), want, "{name}");
            assert_eq!(history.len(), len, "{name}");
        }
    }

    #[test]
    fn test_convert_desired_replicas_with_rules() {
        // horizontal_test.go TestConvertDesiredReplicasWithRules:
        // (annotation, current, desired, min, max, converted, condition).
        let rows = [
            ("prenormalized desired replicas within range", 5, 7, 3, 8, 7, "DesiredWithinRange"),
            ("prenormalized desired replicas < minReplicas", 3, 1, 2, 8, 2, "TooFewReplicas"),
            (
                "prenormalized desired zeroed replicas within range",
                1,
                0,
                0,
                10,
                0,
                "DesiredWithinRange",
            ),
            (
                "maxReplicas is the limit because maxReplicas < scaleUpLimit",
                20,
                1000,
                1,
                10,
                10,
                "TooManyReplicas",
            ),
            (
                "scaleUpLimit is the limit because scaleUpLimit < maxReplicas",
                3,
                1000,
                1,
                2000,
                6,
                "ScaleUpLimit",
            ),
        ];
        for (name, current, desired, min, max, want, reason) in rows {
            let (got, verdict) = limit(current, desired, min, max);
            assert_eq!((got, verdict.reason), (want, reason), "{name}");
        }
    }

    #[test]
    fn normalize_holds_a_scale_down_within_the_window() {
        let mut history = vec![rec(6, MIN)];
        let n = normalize(&mut history, 6, 2, 1, 10, 300, NOW);
        assert_eq!(
            (n.replicas, n.able_to_scale.reason, n.scaling_limited),
            (6, "ScaleDownStabilized", false)
        );
        // Once the window has passed, the scale-down goes through in one step.
        let n = normalize(&mut history, 6, 2, 1, 10, 300, NOW + 6 * MIN);
        assert_eq!((n.replicas, n.able_to_scale.reason), (2, "ReadyForNewScale"));
    }
}
