//! From the metrics' recommendation to the size to set: the autoscaling/v2 `behavior`
//! defaults, the stabilization window over remembered recommendations, the scaling policies'
//! rate limits over remembered scale events, and the min/max clamp, each with the condition
//! reason and message `horizontal.go` gives it. Pure: the loop owns the recommendations and
//! events (upstream keeps them in the controller's memory) and passes `now` in milliseconds.
//!
//! Models pkg/controller/podautoscaler/horizontal.go (normalizeDesiredReplicasWithBehaviors
//! and its helpers) and pkg/apis/autoscaling/v2/defaults.go.

/// `HPAScalingPolicyType`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PolicyType {
    Pods,
    Percent,
}

/// One `HPAScalingPolicy`: at most `value` pods (or percent) per `period_seconds`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Policy {
    pub type_: PolicyType,
    pub value: i32,
    pub period_seconds: i32,
}

/// `selectPolicy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SelectPolicy {
    Max,
    Min,
    Disabled,
}

/// `HPAScalingRules` as written: any field may be left out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RulesSpec {
    pub stabilization_window_seconds: Option<i32>,
    pub select_policy: Option<SelectPolicy>,
    pub policies: Option<Vec<Policy>>,
}

/// `HPAScalingRules` with the defaults filled in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub stabilization_window_seconds: i32,
    pub select_policy: SelectPolicy,
    pub policies: Vec<Policy>,
}

/// `--horizontal-pod-autoscaler-downscale-stabilization`'s default: a scale-down rule that
/// leaves its window out gets the controller's flag, not an API default.
pub const DOWNSCALE_STABILIZATION_SECONDS: i32 = 300;

/// `GenerateHPAScaleUpRules`: no stabilization, 4 pods or 100% per 15 s, whichever is more.
pub fn scale_up_rules(spec: Option<&RulesSpec>) -> Rules {
    let default = Rules {
        stabilization_window_seconds: 0,
        select_policy: SelectPolicy::Max,
        policies: vec![
            Policy { type_: PolicyType::Pods, value: 4, period_seconds: 15 },
            Policy { type_: PolicyType::Percent, value: 100, period_seconds: 15 },
        ],
    };
    fill(spec, default)
}

/// `GenerateHPAScaleDownRules` followed by `maybeInitScaleDownStabilizationWindow`: 100% per
/// 15 s, and the controller's downscale window unless the rule sets its own.
pub fn scale_down_rules(spec: Option<&RulesSpec>, downscale_window_seconds: i32) -> Rules {
    let default = Rules {
        stabilization_window_seconds: downscale_window_seconds,
        select_policy: SelectPolicy::Max,
        policies: vec![Policy { type_: PolicyType::Percent, value: 100, period_seconds: 15 }],
    };
    fill(spec, default)
}

/// `copyHPAScalingRules`: each field written replaces the default.
fn fill(spec: Option<&RulesSpec>, mut rules: Rules) -> Rules {
    let Some(spec) = spec else { return rules };
    if let Some(w) = spec.stabilization_window_seconds {
        rules.stabilization_window_seconds = w;
    }
    if let Some(p) = spec.select_policy {
        rules.select_policy = p;
    }
    if let Some(ps) = &spec.policies {
        rules.policies = ps.clone();
    }
    rules
}

/// A remembered recommendation (`timestampedRecommendation`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recommendation {
    pub replicas: i32,
    pub at_ms: i64,
}

/// A remembered scale event (`timestampedScaleEvent`): how many pods were added (or removed,
/// in the scale-down list), and whether it is past every policy period and free for reuse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScaleEvent {
    pub change: i32,
    pub at_ms: i64,
    pub outdated: bool,
}

/// A condition the loop sets: reason and message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub reason: &'static str,
    pub message: &'static str,
}

/// `NormalizationArg` without the key (the loop keeps one history per HPA).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Normalization {
    pub scale_up: Rules,
    pub scale_down: Rules,
    pub min_replicas: i32,
    pub max_replicas: i32,
    pub current_replicas: i32,
    pub desired_replicas: i32,
}

fn secs(s: i32) -> i64 {
    i64::from(s) * 1000
}

/// `stabilizeRecommendationWithBehaviors`: the size moves from the current one towards the
/// desired one only as far as every recommendation within the windows agrees (the lowest
/// recent one bounds a scale-up, the highest a scale-down). The new recommendation is then
/// remembered, reusing a slot older than both windows.
pub fn stabilize(
    history: &mut Vec<Recommendation>,
    args: &Normalization,
    now_ms: i64,
) -> (i32, Verdict) {
    let up_cutoff = now_ms.saturating_sub(secs(args.scale_up.stabilization_window_seconds));
    let down_cutoff = now_ms.saturating_sub(secs(args.scale_down.stabilization_window_seconds));
    let (mut up, mut down) = (args.desired_replicas, args.desired_replicas);
    let mut old_slot = None;
    for (i, rec) in history.iter().enumerate() {
        if rec.at_ms > up_cutoff {
            up = up.min(rec.replicas);
        }
        if rec.at_ms > down_cutoff {
            down = down.max(rec.replicas);
        }
        if rec.at_ms < up_cutoff && rec.at_ms < down_cutoff {
            old_slot = Some(i);
        }
    }
    let recommendation = args.current_replicas.max(up).min(down);
    let new = Recommendation { replicas: args.desired_replicas, at_ms: now_ms };
    match old_slot {
        Some(i) => history[i] = new,
        None => history.push(new),
    }
    let verdict = if args.desired_replicas >= args.current_replicas {
        Verdict { reason: "ScaleUpStabilized", message: SCALE_UP_STABILIZED }
    } else {
        Verdict { reason: "ScaleDownStabilized", message: SCALE_DOWN_STABILIZED }
    };
    (recommendation, verdict)
}

// horizontal.go stabilizeRecommendationWithBehaviors.
pub(super) const SCALE_UP_STABILIZED: &str =
    "recent recommendations were lower than current one, applying the lowest recent recommendation";
pub(super) const SCALE_DOWN_STABILIZED: &str =
    "recent recommendations were higher than current one, applying the highest recent recommendation";

/// `getReplicasChangePerPeriod`: pods changed by events strictly within the last period.
pub fn change_in_period(period_seconds: i32, events: &[ScaleEvent], now_ms: i64) -> i32 {
    let cutoff = now_ms.saturating_sub(secs(period_seconds));
    events.iter().filter(|e| e.at_ms > cutoff).fold(0i32, |sum, e| sum.saturating_add(e.change))
}

/// The size each policy allows, measured from the size at the start of its period, and the
/// selected one of them: `(start, policy) -> proposal`, `Max` picks the largest change.
fn limit(
    current: i32,
    up_events: &[ScaleEvent],
    down_events: &[ScaleEvent],
    rules: &Rules,
    now_ms: i64,
    propose: impl Fn(i32, &Policy) -> i32,
    scale_up: bool,
) -> i32 {
    // For a scale-up the largest change is the highest size; for a scale-down the lowest.
    let largest_change = (rules.select_policy == SelectPolicy::Max) == scale_up;
    let mut result = if largest_change { i32::MIN } else { i32::MAX };
    for policy in &rules.policies {
        let added = change_in_period(policy.period_seconds, up_events, now_ms);
        let deleted = change_in_period(policy.period_seconds, down_events, now_ms);
        let start = current.saturating_sub(added).saturating_add(deleted);
        let proposed = propose(start, policy);
        result = if largest_change { result.max(proposed) } else { result.min(proposed) };
    }
    result
}

/// `calculateScaleUpLimitWithScalingRules`: the most replicas the scale-up policies allow.
pub fn scale_up_limit(
    current: i32,
    up_events: &[ScaleEvent],
    down_events: &[ScaleEvent],
    rules: &Rules,
    now_ms: i64,
) -> i32 {
    if rules.select_policy == SelectPolicy::Disabled {
        return current;
    }
    let propose = |start: i32, p: &Policy| match p.type_ {
        PolicyType::Pods => start.saturating_add(p.value),
        // Rounded up, or a small percentage of a small size would never add a pod.
        PolicyType::Percent => {
            clamp_i32((f64::from(start) * (1.0 + f64::from(p.value) / 100.0)).ceil())
        }
    };
    limit(current, up_events, down_events, rules, now_ms, propose, true)
}

/// `calculateScaleDownLimitWithBehaviors`: the fewest replicas the scale-down policies allow.
pub fn scale_down_limit(
    current: i32,
    up_events: &[ScaleEvent],
    down_events: &[ScaleEvent],
    rules: &Rules,
    now_ms: i64,
) -> i32 {
    if rules.select_policy == SelectPolicy::Disabled {
        return current;
    }
    let propose = |start: i32, p: &Policy| match p.type_ {
        PolicyType::Pods => start.saturating_sub(p.value),
        // Go's int32(float64) conversion truncates towards zero.
        PolicyType::Percent => clamp_i32(f64::from(start) * (1.0 - f64::from(p.value) / 100.0)),
    };
    limit(current, up_events, down_events, rules, now_ms, propose, false)
}

fn clamp_i32(x: f64) -> i32 {
    x.trunc().clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32
}

/// `convertDesiredReplicasWithBehaviorRate`: the desired size within the rate limits and
/// min/max, and the `ScalingLimited` reason and message for it.
pub fn limit_rate(
    args: &Normalization,
    up_events: &[ScaleEvent],
    down_events: &[ScaleEvent],
    now_ms: i64,
) -> (i32, Verdict) {
    let (current, desired) = (args.current_replicas, args.desired_replicas);
    if desired > current {
        // Events past a policy change may put the limit below the current size: hold.
        let up_limit =
            scale_up_limit(current, up_events, down_events, &args.scale_up, now_ms).max(current);
        let (allowed, verdict) = if args.max_replicas > up_limit {
            (up_limit, Verdict { reason: "ScaleUpLimit", message: SCALE_UP_LIMIT })
        } else {
            (args.max_replicas, Verdict { reason: "TooManyReplicas", message: TOO_MANY })
        };
        if desired > allowed {
            return (allowed, verdict);
        }
    } else if desired < current {
        let down_limit =
            scale_down_limit(current, up_events, down_events, &args.scale_down, now_ms)
                .min(current);
        let (allowed, verdict) = if args.min_replicas < down_limit {
            (down_limit, Verdict { reason: "ScaleDownLimit", message: SCALE_DOWN_LIMIT })
        } else {
            (args.min_replicas, Verdict { reason: "TooFewReplicas", message: TOO_FEW })
        };
        if desired < allowed {
            return (allowed, verdict);
        }
    }
    (desired, Verdict { reason: "DesiredWithinRange", message: WITHIN_RANGE })
}

// horizontal.go convertDesiredReplicasWithBehaviorRate.
pub(super) const SCALE_UP_LIMIT: &str =
    "the desired replica count is increasing faster than the maximum scale rate";
pub(super) const TOO_MANY: &str =
    "the desired replica count is more than the maximum replica count";
pub(super) const SCALE_DOWN_LIMIT: &str =
    "the desired replica count is decreasing faster than the maximum scale rate";
pub(super) const TOO_FEW: &str = "the desired replica count is less than the minimum replica count";
pub(super) const WITHIN_RANGE: &str = "the desired count is within the acceptable range";

// horizontal.go normalizeDesiredReplicasWithBehaviors (and normalizeDesiredReplicas).
pub(super) const READY_FOR_NEW_SCALE: Verdict =
    Verdict { reason: "ReadyForNewScale", message: "recommended size matches current size" };

/// What `normalizeDesiredReplicasWithBehaviors` decides: the size, the `AbleToScale`
/// condition (True) and the `ScalingLimited` condition with its status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Normalized {
    pub replicas: i32,
    /// The recommendation after the stabilization window, before the rate limits and bounds.
    pub stabilized: i32,
    pub able_to_scale: Verdict,
    pub scaling_limited: bool,
    pub limited: Verdict,
}

/// `normalizeDesiredReplicasWithBehaviors`: stabilize, then apply the rate limits and bounds.
pub fn normalize(
    history: &mut Vec<Recommendation>,
    args: &Normalization,
    up_events: &[ScaleEvent],
    down_events: &[ScaleEvent],
    now_ms: i64,
) -> Normalized {
    let (stabilized, stabilized_verdict) = stabilize(history, args, now_ms);
    let able_to_scale =
        if stabilized != args.desired_replicas { stabilized_verdict } else { READY_FOR_NEW_SCALE };
    let limited_args = Normalization { desired_replicas: stabilized, ..args.clone() };
    let (replicas, limited) = limit_rate(&limited_args, up_events, down_events, now_ms);
    Normalized {
        replicas,
        stabilized,
        able_to_scale,
        scaling_limited: replicas != stabilized,
        limited,
    }
}

/// `storeScaleEvent`: remembers a rescale in the list for its direction, reusing a slot
/// past the longest policy period of that direction. Upstream stores nothing for an HPA
/// without `behavior`, whose path reads no events.
pub fn store_scale_event(
    rules: &Rules,
    events: &mut Vec<ScaleEvent>,
    prev_replicas: i32,
    new_replicas: i32,
    now_ms: i64,
) {
    let longest = rules.policies.iter().map(|p| p.period_seconds).max().unwrap_or(0).max(0);
    let cutoff = now_ms.saturating_sub(secs(longest));
    let mut old_slot = None;
    for (i, e) in events.iter_mut().enumerate() {
        if e.at_ms < cutoff {
            e.outdated = true;
        }
        if e.outdated {
            old_slot = Some(i);
        }
    }
    let change = (i64::from(new_replicas) - i64::from(prev_replicas)).unsigned_abs();
    let change = i32::try_from(change).unwrap_or(i32::MAX);
    let new = ScaleEvent { change, at_ms: now_ms, outdated: false };
    match old_slot {
        Some(i) => events[i] = new,
        None => events.push(new),
    }
}
