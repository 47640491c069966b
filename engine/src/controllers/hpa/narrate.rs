//! The HPA loop's decisions in a learner's words: what it wants, what it sees, and what it
//! does about it ("want 50% cpu per pod, see 121% on 2 pods: scale to 4"), each told once
//! while it lasts. Words only; the sizes come from `sync`.

use super::behavior;
use super::controller::Memory;
use super::sync::rules;
use crate::controllers::Ctx;
use crate::model::{HorizontalPodAutoscaler, Kind};

pub(super) fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// "cpu" for "cpu resource utilization (percentage of request)".
pub(super) fn metric_word(name: &str) -> &str {
    name.split(' ').next().unwrap_or(name)
}

pub(super) fn window_minutes(hpa: &HorizontalPodAutoscaler) -> String {
    let secs = rules(hpa)
        .map_or(behavior::DOWNSCALE_STABILIZATION_SECONDS, |(_, d)| d.stabilization_window_seconds);
    if secs % 60 == 0 {
        format!("{} min", secs / 60)
    } else {
        format!("{secs} s")
    }
}

/// The action in words: a change held back by the stabilisation window (also when min or
/// max then caps the window's recommendation), limited by min, max or a rate, within the
/// tolerance, or a plain scale.
pub(super) fn explain(
    current: i32,
    proposal: i32,
    n: &behavior::Normalized,
    window: String,
) -> String {
    let size = n.replicas;
    let step = if size == current { format!("keep {current}") } else { format!("scale to {size}") };
    let capped = matches!(n.limited.reason, "TooManyReplicas" | "TooFewReplicas");
    if n.stabilized != proposal && size != proposal && (!n.scaling_limited || capped) {
        let step = if size == current { "wait".to_string() } else { step };
        return format!(
            "want to scale to {proposal}, but the last {window} recommended {size}: {step} (stabilisation window)"
        );
    }
    if n.scaling_limited {
        return format!("want {}, but {}: {step}", n.stabilized, n.limited.message);
    }
    if size == current {
        return format!("keep {current} (within the 10% tolerance)");
    }
    step
}

/// Records a decision unless it repeats the last one (a hold lasts minutes).
pub(super) fn note(
    ctx: &mut Ctx<'_>,
    hpa: &HorizontalPodAutoscaler,
    memory: &mut Memory,
    desired: impl Into<String>,
    observed: impl Into<String>,
    action: impl Into<String>,
) {
    let (desired, observed, action) = (desired.into(), observed.into(), action.into());
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
            explain(5, 2, &held, "5 min".into()),
            "want to scale to 2, but the last 5 min recommended 5: wait (stabilisation window)"
        );
        let free = behavior::Normalized {
            able_to_scale: behavior::Verdict { reason: "ReadyForNewScale", message: "" },
            ..held
        };
        assert_eq!(explain(2, 5, &free, "5 min".into()), "scale to 5");
    }
}
