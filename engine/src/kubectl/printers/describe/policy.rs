//! `describe poddisruptionbudget` and `describe quota`: describe.go
//! `describePodDisruptionBudgetV1` (the bound that is set, minAvailable first, the selector,
//! the controller's four counts and the events) and `describeQuota` (the scopes with their
//! help text, then each resource's used and hard, used in hard's format; no events), and
//! `describe limitrange` (`describeLimitRangeSpec`: a row per item and resource, `-` for a
//! value not set; Go walks a map, so the resources come in name order here), and
//! `describe namespace` (`describeNamespace`, with the namespace's quotas and limit ranges),
//! and `describe priorityclass` (`describePriorityClass`).

use super::reader::Reader;
use super::{events, Writer};
use crate::clock::Time;
use crate::model::quantity::{self, Quantity};
use crate::model::{
    LabelSelector, LimitRange, Namespace, PodDisruptionBudget, PriorityClass, ResourceQuota,
};

pub(super) fn describe_pdb(r: &mut Reader, p: &PodDisruptionBudget, now: Time) -> String {
    let m = &p.metadata;
    let mut w = Writer::default();
    w.w(0, &format!("Name:\t{}\n", m.name));
    w.w(0, &format!("Namespace:\t{}\n", m.namespace));
    if let Some(min) = &p.spec.min_available {
        w.w(0, &format!("Min available:\t{min}\n"));
    } else if let Some(max) = &p.spec.max_unavailable {
        w.w(0, &format!("Max unavailable:\t{max}\n"));
    }
    let selector = p.spec.selector.as_ref().map_or_else(|| "<unset>".into(), LabelSelector::format);
    w.w(0, &format!("Selector:\t{selector}\n"));
    w.w(0, "Status:\n");
    let s = &p.status;
    w.w(2, &format!("Allowed disruptions:\t{}\n", s.disruptions_allowed));
    w.w(2, &format!("Current:\t{}\n", s.current_healthy));
    w.w(2, &format!("Desired:\t{}\n", s.desired_healthy));
    w.w(2, &format!("Total:\t{}\n", s.expected_pods));
    events(&mut w, r.events_for(&m.uid), now);
    w.0
}

/// `helpTextForResourceQuotaScope`.
fn scope_help(scope: &str) -> &'static str {
    match scope {
        "Terminating" => "Matches all pods that have an active deadline. These pods have a limited lifespan on a node before being actively terminated by the system.",
        "NotTerminating" => "Matches all pods that do not have an active deadline. These pods usually include long running pods whose container command is not expected to terminate.",
        "BestEffort" => "Matches all pods that do not have resource requirements set. These pods have a best effort quality of service.",
        "NotBestEffort" => "Matches all pods that have at least one resource requirement set. These pods have a burstable or guaranteed quality of service.",
        _ => "",
    }
}

pub(super) fn describe_quota(q: &ResourceQuota) -> String {
    let m = &q.metadata;
    let mut w = Writer::default();
    w.w(0, &format!("Name:\t{}\n", m.name));
    w.w(0, &format!("Namespace:\t{}\n", m.namespace));
    if !q.spec.scopes.is_empty() {
        let mut scopes = q.spec.scopes.clone();
        scopes.sort();
        w.w(0, &format!("Scopes:\t{}\n", scopes.join(", ")));
        for s in &scopes {
            let help = scope_help(s);
            if !help.is_empty() {
                w.w(0, &format!(" * {help}\n"));
            }
        }
    }
    w.w(0, "Resource\tUsed\tHard\n");
    w.w(0, "--------\t----\t----\n");
    for (resource, hard) in &q.status.hard {
        let used = q.status.used.get(resource).map_or("0", String::as_str);
        // A used value in another format than hard's is shown as a whole number in hard's.
        let (h, u) = (quantity::parse(hard), quantity::parse(used));
        let used = match (h, u) {
            (Ok(h), Ok(u)) if h.format != u.format => {
                Quantity { nanos: u.value() * 1_000_000_000, format: h.format }.canonical()
            }
            _ => used.to_string(),
        };
        w.w(0, &format!("{resource}\t{used}\t{hard}\n"));
    }
    w.0
}

pub(super) fn describe_limit_range(l: &LimitRange) -> String {
    let m = &l.metadata;
    let mut w = Writer::default();
    w.w(0, &format!("Name:\t{}\n", m.name));
    w.w(0, &format!("Namespace:\t{}\n", m.namespace));
    w.w(0, "Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n");
    w.w(0, "----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n");
    limit_rows(&mut w, l, "");
    w.0
}

/// `describeLimitRangeSpec`: a row per item and resource, each after `prefix`.
fn limit_rows(w: &mut Writer, l: &LimitRange, prefix: &str) {
    for item in &l.spec.limits {
        let mut names: Vec<&String> = item
            .max
            .keys()
            .chain(item.min.keys())
            .chain(item.default.keys())
            .chain(item.default_request.keys())
            .chain(item.max_limit_request_ratio.keys())
            .collect();
        names.sort();
        names.dedup();
        let cell = |list: &crate::model::ResourceList, k: &str| {
            list.get(k).cloned().unwrap_or_else(|| "-".into())
        };
        for k in names {
            w.w(
                0,
                &format!(
                    "{prefix}{}\t{k}\t{}\t{}\t{}\t{}\t{}\n",
                    item.type_,
                    cell(&item.min, k),
                    cell(&item.max, k),
                    cell(&item.default_request, k),
                    cell(&item.default, k),
                    cell(&item.max_limit_request_ratio, k)
                ),
            );
        }
    }
}

/// describe.go `describeNamespace`: the phase and the deletion conditions, then
/// `DescribeResourceQuotas` and `DescribeLimitRanges` over the namespace's.
pub(super) fn describe_namespace(r: &mut Reader, n: &Namespace) -> String {
    let m = &n.metadata;
    let mut w = Writer::default();
    w.w(0, &format!("Name:\t{}\n", m.name));
    super::labels(&mut w, "Labels", &m.labels);
    super::annotations(&mut w, "Annotations", &m.annotations);
    w.w(0, &format!("Status:\t{}\n", n.status.phase));
    if !n.status.conditions.is_empty() {
        w.w(0, "Conditions:\n");
        w.w(1, "Type\tStatus\tLastTransitionTime\tReason\tMessage\n");
        w.w(1, "----\t------\t------------------\t------\t-------\n");
        for c in &n.status.conditions {
            let at = super::rfc1123z(c.last_transition_time);
            let line = format!("{}\t{}\t{at}\t{}\t{}\n", c.type_, c.status, c.reason, c.message);
            w.w(1, &line);
        }
    }
    w.w(0, "\n");
    let mut quotas = r.list::<ResourceQuota>(Some(&m.name), None, None);
    if quotas.is_empty() {
        w.w(0, "No resource quota.\n");
    } else {
        quotas.sort_by(|a, b| a.metadata.name.cmp(&b.metadata.name));
        w.w(0, "Resource Quotas\n");
        for q in quotas {
            w.w(1, &format!("Name:\t{}\n", q.metadata.name));
            w.w(1, "Resource\tUsed\tHard\n");
            w.w(1, "--------\t---\t---\n");
            for (resource, hard) in &q.status.hard {
                let used = q.status.used.get(resource).map_or("0", String::as_str);
                w.w(1, &format!("{resource}\t{used}\t{hard}\n"));
            }
        }
    }
    w.w(0, "\n");
    let limits = r.list::<LimitRange>(Some(&m.name), None, None);
    if limits.is_empty() {
        w.w(0, "No LimitRange resource.\n");
    } else {
        w.w(0, "Resource Limits\n Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n");
        w.w(
            0,
            " ----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n",
        );
        for l in &limits {
            limit_rows(&mut w, l, " ");
        }
    }
    w.0
}

pub(super) fn describe_priority_class(r: &mut Reader, p: &PriorityClass, now: Time) -> String {
    let m = &p.metadata;
    let mut w = Writer::default();
    w.w(0, &format!("Name:\t{}\n", m.name));
    w.w(0, &format!("Value:\t{}\n", p.value));
    w.w(0, &format!("GlobalDefault:\t{}\n", p.global_default));
    w.w(0, &format!("PreemptionPolicy:\t{}\n", p.preemption_policy.as_deref().unwrap_or_default()));
    w.w(0, &format!("Description:\t{}\n", p.description));
    // labels.FormatLabels: `k=v,k2=v2` in key order, `<none>` when empty.
    let notes: Vec<String> = m.annotations.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let notes = if notes.is_empty() { "<none>".to_string() } else { notes.join(",") };
    w.w(0, &format!("Annotations:\t{notes}\n"));
    events(&mut w, r.events_for(&m.uid), now);
    w.0
}
