//! `describe hpa`: the autoscaling/v2 describer, with its metrics as `current / target`, the
//! behavior rules when set, the target's pod counts, the conditions and the events.
//!
//! Models kubectl/pkg/describe/describe.go (release-1.32) `describeHorizontalPodAutoscalerV2`
//! and `printDirectionBehavior`.

use super::reader::Reader;
use super::{annotations, events, labels, rfc1123z, Writer};
use crate::clock::Time;
use crate::model::{HorizontalPodAutoscaler, HpaScalingRules, MetricSpec, MetricStatus};

pub(super) fn describe_hpa(reader: &mut Reader, h: &HorizontalPodAutoscaler, now: Time) -> String {
    let m = &h.metadata;
    let mut w = Writer::default();
    w.w(0, &format!("Name:\t{}\n", m.name));
    w.w(0, &format!("Namespace:\t{}\n", m.namespace));
    labels(&mut w, "Labels", &m.labels);
    annotations(&mut w, "Annotations", &m.annotations);
    w.w(0, &format!("CreationTimestamp:\t{}\n", rfc1123z(m.creation_timestamp)));
    let r = &h.spec.scale_target_ref;
    w.w(0, &format!("Reference:\t{}/{}\n", r.kind, r.name));
    w.w(0, "Metrics:\t( current / target )\n");
    for (i, metric) in h.spec.metrics.iter().enumerate() {
        metric_line(&mut w, metric, h.status.current_metrics.get(i));
    }
    let min = h.spec.min_replicas.map_or_else(|| "<unset>".into(), |n| n.to_string());
    w.w(0, &format!("Min replicas:\t{min}\n"));
    w.w(0, &format!("Max replicas:\t{}\n", h.spec.max_replicas));
    if let Some(b) = &h.spec.behavior {
        w.w(0, "Behavior:\n");
        direction(&mut w, "Scale Up", b.scale_up.as_ref());
        direction(&mut w, "Scale Down", b.scale_down.as_ref());
    }
    w.w(0, &format!("{} pods:\t", r.kind));
    w.w(
        0,
        &format!("{} current / {} desired\n", h.status.current_replicas, h.status.desired_replicas),
    );
    if !h.status.conditions.is_empty() {
        w.w(0, "Conditions:\n");
        w.w(1, "Type\tStatus\tReason\tMessage\n");
        w.w(1, "----\t------\t------\t-------\n");
        for c in &h.status.conditions {
            w.w(1, &format!("{}\t{}\t{}\t{}\n", c.type_, c.status, c.reason, c.message));
        }
    }
    events(&mut w, reader.events_for(&m.uid), now);
    w.0
}

/// One metric's line. Only Resource metrics carry values in kubeloop; the other sources are
/// printed with their name and `<unknown>`, as describe.go prints them before any status.
fn metric_line(w: &mut Writer, metric: &MetricSpec, current: Option<&MetricStatus>) {
    let current = current.and_then(|c| c.resource.as_ref()).map(|r| &r.current);
    match (metric.type_.as_str(), &metric.resource) {
        ("Resource", Some(res)) => {
            w.w(1, &format!("resource {} on pods", res.name));
            if let Some(target) = &res.target.average_value {
                let cur = current.and_then(|c| c.average_value.clone());
                let cur = cur.unwrap_or_else(|| "<unknown>".into());
                w.w(0, &format!(":\t{cur} / {target}\n"));
            } else {
                let cur = current
                    .and_then(|c| {
                        let pct = c.average_utilization?;
                        Some(format!("{pct}% ({})", c.average_value.as_deref().unwrap_or("0")))
                    })
                    .unwrap_or_else(|| "<unknown>".into());
                let target = res
                    .target
                    .average_utilization
                    .map_or_else(|| "<auto>".into(), |t| format!("{t}%"));
                w.w(1, &format!("(as a percentage of request):\t{cur} / {target}\n"));
            }
        }
        // The other sources have no values in kubeloop (no custom or external metrics
        // API), so their current value is always `<unknown>`.
        ("Pods", _) => {
            let v = metric.pods.clone().unwrap_or_default();
            let target = quantity_text(&v["target"]["averageValue"]);
            w.w(1, &format!("{:?} on pods:\t<unknown> / {target}\n", text(&v["metric"]["name"])));
        }
        ("Object", _) => {
            let v = metric.object.clone().unwrap_or_default();
            let o = &v["describedObject"];
            let (name, kind, oname) =
                (text(&v["metric"]["name"]), text(&o["kind"]), text(&o["name"]));
            w.w(1, &format!("\"{name}\" on {kind}/{oname} "));
            if v["target"]["type"] == "AverageValue" {
                let target = quantity_text(&v["target"]["averageValue"]);
                w.w(0, &format!("(target average value):\t<unknown> / {target}\n"));
            } else {
                let target = quantity_text(&v["target"]["value"]);
                w.w(0, &format!("(target value):\t<unknown> / {target}\n"));
            }
        }
        ("External", _) => {
            let v = metric.external.clone().unwrap_or_default();
            let name = text(&v["metric"]["name"]);
            if v["target"]["averageValue"].is_null() {
                let target = quantity_text(&v["target"]["value"]);
                w.w(1, &format!("{name:?} (target value):\t<unknown> / {target}\n"));
            } else {
                let target = quantity_text(&v["target"]["averageValue"]);
                w.w(1, &format!("{name:?} (target average value):\t<unknown> / {target}\n"));
            }
        }
        ("ContainerResource", _) => {
            let v = metric.container_resource.clone().unwrap_or_default();
            let (name, container) = (text(&v["name"]), text(&v["container"]));
            w.w(1, &format!("resource {name} of container \"{container}\" on pods"));
            if v["target"]["averageValue"].is_null() {
                let target = v["target"]["averageUtilization"]
                    .as_i64()
                    .map_or_else(|| "<auto>".into(), |t| format!("{t}%"));
                w.w(1, &format!("(as a percentage of request):\t<unknown> / {target}\n"));
            } else {
                let target = quantity_text(&v["target"]["averageValue"]);
                w.w(0, &format!(":\t<unknown> / {target}\n"));
            }
        }
        (other, _) => w.w(1, &format!("<unknown metric type {other:?}>\n")),
    }
}

/// `printDirectionBehavior`.
fn direction(w: &mut Writer, name: &str, rules: Option<&HpaScalingRules>) {
    let Some(rules) = rules else { return };
    w.w(1, &format!("{name}:\n"));
    if let Some(s) = rules.stabilization_window_seconds {
        w.w(2, &format!("Stabilization Window: {s} seconds\n"));
    }
    if !rules.policies.is_empty() {
        w.w(2, &format!("Select Policy: {}\n", rules.select_policy.as_deref().unwrap_or("Max")));
        w.w(2, "Policies:\n");
        for p in &rules.policies {
            w.w(
                3,
                &format!(
                    "- Type: {}\tValue: {}\tPeriod: {} seconds\n",
                    p.type_, p.value, p.period_seconds
                ),
            );
        }
    }
}

fn text(v: &serde_json::Value) -> String {
    v.as_str().unwrap_or_default().to_string()
}

/// A quantity field as `Quantity.String()` prints it (a nil one prints as `0`).
fn quantity_text(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Number(n) => n.to_string(),
        _ => "0".into(),
    }
}
