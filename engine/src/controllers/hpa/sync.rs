//! One HPA sync: read the target's scale, decide the size (min/max first, then the metrics
//! through the stabilisation and rate rules), write it to the scale, then the HPA's status,
//! conditions and events. The decision feed says each step in a learner's words.
//!
//! Models pkg/controller/podautoscaler/horizontal.go reconcileAutoscaler, setStatus,
//! setCurrentReplicasAndMetricsInStatus, setCondition and updateStatusIfNeeded.

use crate::clock::Time;
use crate::model::{
    HorizontalPodAutoscaler, HpaCondition, HpaScalingRules, HpaStatus, Kind, MetricStatus,
};

use super::behavior::{self, Normalization, Policy, PolicyType, Rules, RulesSpec, SelectPolicy};
use super::conditions::{self as words, ABLE_TO_SCALE, SCALING_ACTIVE, SCALING_LIMITED};
use super::controller::Memory;
use super::metrics::{self, CondUpdate, Inputs};
use super::narrate::{explain, metric_word, note, window};
use super::replica_calculator::Tuning;
use super::target;
use super::without_behavior;
use crate::controllers::said::AutoscalerSaid;
use crate::controllers::Ctx;

/// `setConditionInList`: the condition of that type is updated in place (its transition time
/// moves only when its status does), or appended.
pub fn set_condition(list: &mut Vec<HpaCondition>, c: &CondUpdate, now: Time) {
    let status = if c.status { "True" } else { "False" };
    let i = match list.iter().position(|x| x.type_ == c.type_) {
        Some(i) => i,
        None => {
            list.push(HpaCondition { type_: c.type_.into(), ..Default::default() });
            list.len() - 1
        }
    };
    let existing = &mut list[i];
    if existing.status != status {
        existing.last_transition_time = Some(now);
    }
    existing.status = status.into();
    existing.reason = c.reason.clone();
    existing.message = c.message.clone();
}

fn cond(type_: &'static str, status: bool, reason: &str, message: impl Into<String>) -> CondUpdate {
    CondUpdate { type_, status, reason: reason.into(), message: message.into() }
}

/// The scaling rules of `spec.behavior`, as the pure `behavior` module reads them.
fn rules_spec(r: &HpaScalingRules) -> RulesSpec {
    let select_policy = r.select_policy.as_deref().map(|p| match p {
        "Min" => SelectPolicy::Min,
        "Disabled" => SelectPolicy::Disabled,
        _ => SelectPolicy::Max,
    });
    let policies = (!r.policies.is_empty()).then(|| {
        r.policies
            .iter()
            .map(|p| Policy {
                type_: if p.type_ == "Pods" { PolicyType::Pods } else { PolicyType::Percent },
                value: p.value,
                period_seconds: p.period_seconds,
            })
            .collect()
    });
    RulesSpec {
        stabilization_window_seconds: r.stabilization_window_seconds,
        select_policy,
        policies,
    }
}

/// The effective scale-up and scale-down rules of an HPA with `behavior`.
pub fn rules(hpa: &HorizontalPodAutoscaler) -> Option<(Rules, Rules)> {
    let b = hpa.spec.behavior.as_ref()?;
    let up = b.scale_up.as_ref().map(rules_spec);
    let down = b.scale_down.as_ref().map(rules_spec);
    Some((
        behavior::scale_up_rules(up.as_ref()),
        behavior::scale_down_rules(down.as_ref(), behavior::DOWNSCALE_STABILIZATION_SECONDS),
    ))
}

/// `reconcileAutoscaler`.
pub fn reconcile_autoscaler(hpa: &HorizontalPodAutoscaler, memory: &mut Memory, ctx: &mut Ctx<'_>) {
    let now = ctx.now;
    let (ns, target_ref) = (hpa.metadata.namespace.as_str(), &hpa.spec.scale_target_ref);
    let mut status = hpa.status.clone();
    let target_name = format!("{}/{}", target_ref.kind, target_ref.name);
    let scale = match target::get_scale(ctx.store, ns, target_ref) {
        Ok(s) => s,
        Err(e) => {
            ctx.event(
                Kind::HorizontalPodAutoscaler,
                &hpa.metadata,
                "Warning",
                words::FAILED_GET_SCALE,
                e.clone(),
            );
            let msg =
                format!("the HPA controller was unable to get the target's current scale: {e}");
            set_condition(
                &mut status.conditions,
                &cond(ABLE_TO_SCALE, false, words::FAILED_GET_SCALE, msg),
                now,
            );
            note(
                ctx,
                hpa,
                memory,
                AutoscalerSaid::ScaleTarget { target: target_name },
                AutoscalerSaid::CannotReadScale,
                AutoscalerSaid::WaitError { error: e },
            );
            write_status(ctx, hpa, status);
            return;
        }
    };
    let msg = words::SUCCEEDED_GET_SCALE_MESSAGE;
    set_condition(
        &mut status.conditions,
        &cond(ABLE_TO_SCALE, true, words::SUCCEEDED_GET_SCALE, msg),
        now,
    );
    let current = scale.replicas;
    let min = hpa.spec.min_replicas.unwrap_or(1);
    let max = hpa.spec.max_replicas;
    let mut metric_statuses: Vec<MetricStatus> = hpa.status.current_metrics.clone();
    let (desired, reason) = if current == 0 && min != 0 {
        let c =
            cond(SCALING_ACTIVE, false, words::SCALING_DISABLED, words::SCALING_DISABLED_MESSAGE);
        set_condition(&mut status.conditions, &c, now);
        let seen = AutoscalerSaid::TargetHas { target: target_name.clone(), replicas: 0 };
        let action = AutoscalerSaid::DisabledAtZero;
        note(ctx, hpa, memory, AutoscalerSaid::Range { min, max }, seen, action);
        (0, String::new())
    } else if current > max {
        (max, "Current number of replicas above Spec.MaxReplicas".to_string())
    } else if current < min {
        (min, "Current number of replicas below Spec.MinReplicas".to_string())
    } else {
        let inputs = Inputs {
            store: ctx.store,
            metrics: ctx.metrics,
            ns,
            scale: &scale,
            now,
            tuning: Tuning::default(),
        };
        let computed = metrics::compute(&hpa.spec.metrics, &inputs);
        for (reason, message) in &computed.events {
            ctx.event(
                Kind::HorizontalPodAutoscaler,
                &hpa.metadata,
                "Warning",
                reason,
                message.clone(),
            );
        }
        if let Some(c) = &computed.condition {
            set_condition(&mut status.conditions, c, now);
        }
        metric_statuses = computed.statuses.clone();
        let Some(proposal) = computed.replicas else {
            // setCurrentReplicasAndMetricsInStatus, then the event, and no scale change.
            let err = computed.error.unwrap_or_default();
            status.current_replicas = current;
            status.current_metrics = metric_statuses;
            write_status(ctx, hpa, status);
            let reason = words::FAILED_COMPUTE_METRICS_REPLICAS;
            ctx.event(Kind::HorizontalPodAutoscaler, &hpa.metadata, "Warning", reason, err.clone());
            let why = computed.events.first().map_or(err, |(_, m)| m.clone());
            let action = AutoscalerSaid::KeepBecause { replicas: current, why };
            let want = AutoscalerSaid::Range { min, max };
            note(ctx, hpa, memory, want, AutoscalerSaid::NoUsableMetric, action);
            return;
        };
        let reading = computed.reading.clone().unwrap_or_default();
        let rescale_reason = words::rescale_reason(&computed.metric_name, proposal, current);
        let normalized = match rules(hpa) {
            None => without_behavior::normalize(
                &mut memory.recommendations,
                current,
                proposal,
                min,
                max,
                behavior::DOWNSCALE_STABILIZATION_SECONDS,
                now.millis(),
            ),
            Some((scale_up, scale_down)) => {
                let args = Normalization {
                    scale_up,
                    scale_down,
                    min_replicas: min,
                    max_replicas: max,
                    current_replicas: current,
                    desired_replicas: proposal,
                };
                behavior::normalize(
                    &mut memory.recommendations,
                    &args,
                    &memory.up_events,
                    &memory.down_events,
                    now.millis(),
                )
            }
        };
        let able = &normalized.able_to_scale;
        set_condition(
            &mut status.conditions,
            &cond(ABLE_TO_SCALE, true, able.reason, able.message),
            now,
        );
        let limited = &normalized.limited;
        let c = cond(SCALING_LIMITED, normalized.scaling_limited, limited.reason, limited.message);
        set_condition(&mut status.conditions, &c, now);
        let metric = metric_word(&computed.metric_name).to_string();
        let want = AutoscalerSaid::PerPod { target: reading.target.clone(), metric };
        let seen = AutoscalerSaid::OnPods { current: reading.current.clone(), pods: reading.pods };
        let action = explain(current, proposal, &normalized, window(hpa));
        note(ctx, hpa, memory, want, seen, action);
        (normalized.replicas, rescale_reason)
    };
    let rescale = desired != current;
    if rescale {
        if let Err(e) = target::update_scale(ctx.store, ns, &scale, &target_ref.name, desired, now)
        {
            let message = words::failed_rescale(desired, &reason, &e);
            ctx.event(
                Kind::HorizontalPodAutoscaler,
                &hpa.metadata,
                "Warning",
                words::FAILED_RESCALE,
                message,
            );
            let c = cond(
                ABLE_TO_SCALE,
                false,
                "FailedUpdateScale",
                words::failed_rescale_condition(&e),
            );
            set_condition(&mut status.conditions, &c, now);
            status.current_replicas = current;
            status.current_metrics = metric_statuses;
            write_status(ctx, hpa, status);
            return;
        }
        let c =
            cond(ABLE_TO_SCALE, true, words::SUCCEEDED_RESCALE, words::succeeded_rescale(desired));
        set_condition(&mut status.conditions, &c, now);
        let message = words::successful_rescale(desired, &reason);
        ctx.event(
            Kind::HorizontalPodAutoscaler,
            &hpa.metadata,
            "Normal",
            words::SUCCESSFUL_RESCALE,
            message,
        );
        // storeScaleEvent: only the behavior path reads the events.
        if let Some((up, down)) = rules(hpa) {
            let (r, list) = if desired > current {
                (up, &mut memory.up_events)
            } else {
                (down, &mut memory.down_events)
            };
            behavior::store_scale_event(&r, list, current, desired, now.millis());
        }
        if reason.starts_with("Current number") {
            let action = if current > max {
                AutoscalerSaid::ScaleToMax { replicas: desired }
            } else {
                AutoscalerSaid::ScaleToMin { replicas: desired }
            };
            let seen = AutoscalerSaid::TargetHas { target: target_name, replicas: current };
            note(ctx, hpa, memory, AutoscalerSaid::Range { min, max }, seen, action);
        }
    }
    // setStatus: lastScaleTime moves only on a rescale.
    status.current_replicas = current;
    status.desired_replicas = if rescale { desired } else { current };
    status.current_metrics = metric_statuses;
    if rescale {
        status.last_scale_time = Some(now);
    }
    write_status(ctx, hpa, status);
}

/// updateStatusIfNeeded: written only when it changed.
fn write_status(ctx: &mut Ctx<'_>, hpa: &HorizontalPodAutoscaler, status: HpaStatus) {
    if status == hpa.status {
        return;
    }
    let (ns, name) = (&hpa.metadata.namespace, &hpa.metadata.name);
    let _ = ctx
        .store
        .modify_status::<HorizontalPodAutoscaler>(ns, name, ctx.now, |next| next.status = status);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{HpaBehavior, HpaScalingPolicy};

    #[test]
    fn a_condition_moves_its_transition_time_only_when_its_status_changes() {
        // horizontal.go setConditionInList.
        let mut list = Vec::new();
        let t1 = Time::from_secs(10);
        set_condition(&mut list, &cond(ABLE_TO_SCALE, true, "SucceededGetScale", "a"), t1);
        let t2 = Time::from_secs(25);
        set_condition(&mut list, &cond(ABLE_TO_SCALE, true, "ReadyForNewScale", "b"), t2);
        assert_eq!(list.len(), 1);
        assert_eq!(
            (list[0].reason.as_str(), list[0].last_transition_time),
            ("ReadyForNewScale", Some(t1))
        );
        set_condition(&mut list, &cond(ABLE_TO_SCALE, false, "FailedGetScale", "c"), t2);
        assert_eq!((list[0].status.as_str(), list[0].last_transition_time), ("False", Some(t2)));
        // A new type is appended, keeping the order conditions were first set in.
        set_condition(&mut list, &cond(SCALING_ACTIVE, true, "ValidMetricFound", "d"), t2);
        assert_eq!(list[1].type_, SCALING_ACTIVE);
    }

    #[test]
    fn behavior_rules_are_read_with_upstream_defaults_for_what_is_left_out() {
        let mut h = HorizontalPodAutoscaler::default();
        assert!(rules(&h).is_none(), "no behavior: the v1 path");
        h.spec.behavior = Some(HpaBehavior {
            scale_up: None,
            scale_down: Some(HpaScalingRules {
                stabilization_window_seconds: Some(60),
                select_policy: Some("Min".into()),
                policies: vec![HpaScalingPolicy {
                    type_: "Pods".into(),
                    value: 1,
                    period_seconds: 30,
                }],
                tolerance: None,
            }),
        });
        let (up, down) = rules(&h).unwrap();
        assert_eq!(up.policies.len(), 2, "GenerateHPAScaleUpRules' two policies");
        assert_eq!(down.stabilization_window_seconds, 60);
        assert_eq!(down.select_policy, SelectPolicy::Min);
        assert_eq!(
            down.policies,
            vec![Policy { type_: PolicyType::Pods, value: 1, period_seconds: 30 }]
        );
    }
}
