//! The cells of the workload kinds' rows: printers.go `printReplicationController`,
//! `printDaemonSet`, `printStatefulSet`,
//! `printJob`, `printCronJob`, `printHorizontalPodAutoscaler`,
//! `printPersistentVolumeClaim` and `printControllerRevision`.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::clock::Time;
use crate::duration;
use crate::model::*;

use super::rows::container_cells;
use super::{format_labels, since};

/// `metav1.FormatLabelSelector`: `<none>` for a nil selector.
fn selector(s: Option<&LabelSelector>) -> String {
    s.map_or_else(|| "<none>".into(), LabelSelector::format)
}

pub(super) fn replication_controller_row(
    rc: &ReplicationController,
    wide: bool,
    now: Time,
) -> Vec<String> {
    let mut cells = vec![
        rc.metadata.name.clone(),
        rc.replicas().to_string(),
        rc.status.replicas.to_string(),
        rc.status.ready_replicas.to_string(),
        since(rc.metadata.creation_timestamp, now),
    ];
    if wide {
        let template = rc.spec.template.as_ref().map(|t| &t.spec);
        cells.extend(container_cells(template.unwrap_or(&PodSpec::default())));
        cells.push(format_labels(&rc.spec.selector));
    }
    cells
}

pub(super) fn daemonset_row(ds: &DaemonSet, wide: bool, now: Time) -> Vec<String> {
    let s = &ds.status;
    let node_selector: BTreeMap<String, String> = ds
        .spec
        .template
        .spec
        .node_selector
        .as_deref()
        .map_or_else(Default::default, |v| BTreeMap::deserialize(v).unwrap_or_default());
    let mut cells = vec![
        ds.metadata.name.clone(),
        s.desired_number_scheduled.to_string(),
        s.current_number_scheduled.to_string(),
        s.number_ready.to_string(),
        s.updated_number_scheduled.to_string(),
        s.number_available.to_string(),
        format_labels(&node_selector),
        since(ds.metadata.creation_timestamp, now),
    ];
    if wide {
        cells.extend(container_cells(&ds.spec.template.spec));
        cells.push(selector(Some(&ds.spec.selector)));
    }
    cells
}

pub(super) fn statefulset_row(sts: &StatefulSet, wide: bool, now: Time) -> Vec<String> {
    let mut cells = vec![
        sts.metadata.name.clone(),
        format!("{}/{}", sts.status.ready_replicas, sts.spec.replicas),
        since(sts.metadata.creation_timestamp, now),
    ];
    if wide {
        cells.extend(container_cells(&sts.spec.template.spec));
    }
    cells
}

/// printJob's STATUS: the first of Complete, Failed, Terminating, Suspended, FailureTarget,
/// SuccessCriteriaMet that holds, else Running (pkg/printers/internalversion/printers.go).
pub fn job_status(job: &Job) -> &'static str {
    let s = &job.status;
    if s.is_true("Complete") {
        "Complete"
    } else if s.is_true("Failed") {
        "Failed"
    } else if job.metadata.deletion_timestamp.is_some() {
        "Terminating"
    } else if s.is_true("Suspended") {
        "Suspended"
    } else if s.is_true("FailureTarget") {
        "FailureTarget"
    } else if s.is_true("SuccessCriteriaMet") {
        "SuccessCriteriaMet"
    } else {
        "Running"
    }
}

/// printJob's COMPLETIONS: `succeeded/completions`, or for a work-queue Job (no completions)
/// `succeeded/1`, with ` of PARALLELISM` when more than one pod runs at once.
pub fn job_completions(job: &Job) -> String {
    let succeeded = job.status.succeeded;
    match job.spec.completions {
        Some(c) => format!("{succeeded}/{c}"),
        None => match job.spec.parallelism.unwrap_or(0) {
            p if p > 1 => format!("{succeeded}/1 of {p}"),
            _ => format!("{succeeded}/1"),
        },
    }
}

/// printJob's DURATION: empty before the Job starts, running time until it completes.
pub fn job_duration(job: &Job, now: Time) -> String {
    match (job.status.start_time, job.status.completion_time) {
        (None, _) => String::new(),
        (Some(start), None) => duration::human(now.since(start)),
        (Some(start), Some(end)) => duration::human(end.since(start)),
    }
}

pub(super) fn job_row(job: &Job, wide: bool, now: Time) -> Vec<String> {
    let mut cells = vec![
        job.metadata.name.clone(),
        job_status(job).into(),
        job_completions(job),
        job_duration(job, now),
        since(job.metadata.creation_timestamp, now),
    ];
    if wide {
        cells.extend(container_cells(&job.spec.template.spec));
        cells.push(selector(job.spec.selector.as_ref()));
    }
    cells
}

pub(super) fn cronjob_row(cj: &CronJob, wide: bool, now: Time) -> Vec<String> {
    let last = match cj.status.last_schedule_time {
        Some(t) => since(Some(t), now),
        None => "<none>".into(),
    };
    let mut cells = vec![
        cj.metadata.name.clone(),
        cj.spec.schedule.clone(),
        cj.spec.time_zone.clone().unwrap_or_else(|| "<none>".into()),
        // printers.go `printBoolPtr`: `True` or `False`, as Go's printBool spells them.
        if cj.spec.suspend { "True" } else { "False" }.to_string(),
        cj.status.active.len().to_string(),
        last,
        since(cj.metadata.creation_timestamp, now),
    ];
    if wide {
        let job = &cj.spec.job_template.spec;
        cells.extend(container_cells(&job.template.spec));
        cells.push(selector(job.selector.as_ref()));
    }
    cells
}

pub(super) fn hpa_row(h: &HorizontalPodAutoscaler, now: Time) -> Vec<String> {
    let r = &h.spec.scale_target_ref;
    let min = h.spec.min_replicas.map_or_else(|| "<unset>".into(), |m| m.to_string());
    vec![
        h.metadata.name.clone(),
        format!("{}/{}", r.kind, r.name),
        hpa_targets(h),
        min,
        h.spec.max_replicas.to_string(),
        h.status.current_replicas.to_string(),
        since(h.metadata.creation_timestamp, now),
    ]
}

/// printers.go `formatHPAMetrics` (1.32): Resource metrics as `cpu: CURRENT/TARGET`, `<unknown>`
/// for a current value not yet observed; more than two metrics end in ` + N more...`.
pub fn hpa_targets(h: &HorizontalPodAutoscaler) -> String {
    if h.spec.metrics.is_empty() {
        return "<none>".into();
    }
    let mut list = Vec::new();
    for (i, m) in h.spec.metrics.iter().enumerate() {
        let Some(res) = &m.resource else {
            list.push(other_metric(m));
            continue;
        };
        let current = h.status.current_metrics.get(i).and_then(|c| c.resource.as_ref());
        let text = match (res.target.average_utilization, &res.target.average_value) {
            (Some(target), _) => {
                let cur = current
                    .and_then(|c| c.current.average_utilization)
                    .map_or_else(|| "<unknown>".into(), |u| format!("{u}%"));
                format!("{}: {cur}/{target}%", res.name)
            }
            (None, Some(target)) => {
                let cur = current
                    .and_then(|c| c.current.average_value.clone())
                    .unwrap_or_else(|| "<unknown>".into());
                format!("{}: {cur}/{target}", res.name)
            }
            (None, None) => format!("{}: <unknown>", res.name),
        };
        list.push(text);
    }
    if list.len() > 2 {
        let more = list.len() - 2;
        list.truncate(2);
        return format!("{} + {more} more...", list.join(", "));
    }
    list.join(", ")
}

/// formatHPAMetrics for the sources kubeloop serves no values for: the target, with
/// `<unknown>` as the current value (`(avg)` for an average-value target).
fn other_metric(m: &MetricSpec) -> String {
    let source = match m.type_.as_str() {
        "Pods" => &m.pods,
        "Object" => &m.object,
        "External" => &m.external,
        "ContainerResource" => &m.container_resource,
        _ => return "<unknown type>".into(),
    };
    let target = source.as_ref().map(|v| v["target"].clone()).unwrap_or_default();
    let text = |v: &serde_json::Value| match v {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Number(n) => n.to_string(),
        _ => "0".into(),
    };
    match m.type_.as_str() {
        "Pods" => format!("<unknown>/{}", text(&target["averageValue"])),
        "ContainerResource" => {
            let name = source.as_ref().map(|v| text(&v["name"])).unwrap_or_default();
            match target["averageUtilization"].as_i64() {
                _ if !target["averageValue"].is_null() => {
                    format!("{name}: <unknown>/{}", text(&target["averageValue"]))
                }
                Some(t) => format!("{name}: <unknown>/{t}%"),
                None => format!("{name}: <unknown>/<auto>"),
            }
        }
        _ if !target["averageValue"].is_null() => {
            format!("<unknown>/{} (avg)", text(&target["averageValue"]))
        }
        _ => format!("<unknown>/{}", text(&target["value"])),
    }
}

pub(super) fn pvc_row(c: &PersistentVolumeClaim, wide: bool, now: Time) -> Vec<String> {
    let bound = c.status.phase == "Bound";
    let capacity = if bound {
        c.status.capacity.get("storage").cloned().unwrap_or_default()
    } else {
        String::new()
    };
    let modes = if bound { access_modes(&c.status.access_modes) } else { String::new() };
    let mut cells = vec![
        c.metadata.name.clone(),
        c.status.phase.clone(),
        c.spec.volume_name.clone(),
        capacity,
        modes,
        c.spec.storage_class_name.clone().unwrap_or_default(),
        c.spec.volume_attributes_class_name.clone().unwrap_or_else(|| "<unset>".into()),
        since(c.metadata.creation_timestamp, now),
    ];
    if wide {
        cells.push(c.spec.volume_mode.clone().unwrap_or_else(|| "<unset>".into()));
    }
    cells
}

/// `storageutil.GetAccessModesAsString`: RWO, ROX, RWX, RWOP in that order.
pub fn access_modes(modes: &[String]) -> String {
    let short = [
        ("ReadWriteOnce", "RWO"),
        ("ReadOnlyMany", "ROX"),
        ("ReadWriteMany", "RWX"),
        ("ReadWriteOncePod", "RWOP"),
    ];
    let present = short.iter().filter(|(m, _)| modes.iter().any(|x| x == m));
    present.map(|(_, s)| *s).collect::<Vec<_>>().join(",")
}

pub(super) fn controllerrevision_row(cr: &ControllerRevision, now: Time) -> Vec<String> {
    let controller = match cr.metadata.controller_ref() {
        Some(r) => {
            let group = r.api_version.split_once('/').map_or("", |(g, _)| g);
            let kind = if group.is_empty() {
                r.kind.to_lowercase()
            } else {
                format!("{}.{group}", r.kind.to_lowercase())
            };
            format!("{kind}/{}", r.name)
        }
        None => "<none>".into(),
    };
    vec![
        cr.metadata.name.clone(),
        controller,
        cr.revision.to_string(),
        since(cr.metadata.creation_timestamp, now),
    ]
}
