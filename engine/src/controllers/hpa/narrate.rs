//! The HPA loop's decisions in a learner's words: what it wants, what it sees, and what it
//! does about it ("want 50% cpu per pod, see 121% on 2 pods: scale to 4"), each told once
//! while it lasts. Phrases only; the sizes come from `sync`.

use super::behavior;
use super::controller::Memory;
use super::sync::rules;
use crate::controllers::said::{AutoscalerSaid, Said};
use crate::controllers::Ctx;
use crate::model::{HorizontalPodAutoscaler, Kind};

/// "cpu" for "cpu resource utilization (percentage of request)".
pub(super) fn metric_word(name: &str) -> &str {
    name.split(' ').next().unwrap_or(name)
}

/// The scale-down stabilisation window: "5 min", or "30 s" when not whole minutes.
pub(super) fn window(hpa: &HorizontalPodAutoscaler) -> AutoscalerSaid {
    let secs = rules(hpa)
        .map_or(behavior::DOWNSCALE_STABILIZATION_SECONDS, |(_, d)| d.stabilization_window_seconds);
    if secs % 60 == 0 {
        AutoscalerSaid::WindowMinutes { minutes: secs / 60 }
    } else {
        AutoscalerSaid::WindowSeconds { seconds: secs }
    }
}

/// The action: a change held back by the stabilisation window (also when min or max then
/// caps the window's recommendation), limited by min, max or a rate, within the tolerance,
/// or a plain scale.
pub(super) fn explain(
    current: i32,
    proposal: i32,
    n: &behavior::Normalized,
    window: AutoscalerSaid,
) -> AutoscalerSaid {
    let size = n.replicas;
    let step = if size == current {
        AutoscalerSaid::Keep { replicas: current }
    } else {
        AutoscalerSaid::ScaleTo { replicas: size }
    };
    let capped = matches!(n.limited.reason, "TooManyReplicas" | "TooFewReplicas");
    if n.stabilized != proposal && size != proposal && (!n.scaling_limited || capped) {
        let step = if size == current { AutoscalerSaid::Wait } else { step };
        return AutoscalerSaid::Stabilized {
            proposal,
            window: boxed(window),
            size,
            step: boxed(step),
        };
    }
    if n.scaling_limited {
        let why = n.limited.message.to_string();
        return AutoscalerSaid::Limited { wanted: n.stabilized, why, step: boxed(step) };
    }
    if size == current {
        return AutoscalerSaid::KeepWithinTolerance { replicas: current };
    }
    step
}

fn boxed(p: AutoscalerSaid) -> Box<Said> {
    Box::new(Said::Autoscaler(p))
}

/// Records a decision unless it repeats the last one (a hold lasts minutes).
pub(super) fn note(
    ctx: &mut Ctx<'_>,
    hpa: &HorizontalPodAutoscaler,
    memory: &mut Memory,
    desired: AutoscalerSaid,
    observed: AutoscalerSaid,
    action: AutoscalerSaid,
) {
    let key = format!("{desired}|{action}");
    if memory.last_note == key {
        return;
    }
    memory.last_note = key;
    ctx.decide(Kind::HorizontalPodAutoscaler, &hpa.metadata, desired, observed, action);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_action_says_why_a_scale_down_waits() {
        let held = behavior::Normalized {
            replicas: 5,
            stabilized: 5,
            able_to_scale: behavior::Verdict { reason: "ScaleDownStabilized", message: "" },
            scaling_limited: false,
            limited: behavior::Verdict { reason: "DesiredWithinRange", message: "" },
        };
        assert_eq!(
            explain(5, 2, &held, AutoscalerSaid::WindowMinutes { minutes: 5 }).to_string(),
            "want to scale to 2, but the last 5 min recommended 5: wait (stabilisation window)"
        );
        let free = behavior::Normalized {
            able_to_scale: behavior::Verdict { reason: "ReadyForNewScale", message: "" },
            ..held
        };
        let window = AutoscalerSaid::WindowSeconds { seconds: 30 };
        assert_eq!(explain(2, 5, &free, window).to_string(), "scale to 5");
    }
}
