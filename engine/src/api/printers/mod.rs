//! The server-side printers: each kind's table columns and cells, as pure functions of
//! objects and `now`, which the REST API's `Table` answers (`api/table.rs`), kubectl's `get`
//! and the page all print from. Laying a table out as text, `-o yaml|json|name` and `describe`
//! are kubectl's (`kubectl/printers/`).
//!
//! Models pkg/printers/internalversion/printers.go (one handler per kind), which upstream runs
//! in the API server; cells reproduce its Go code byte for byte where the model allows.

mod config_rows;
pub(crate) mod later;
mod pod;
mod policy_rows;
pub(crate) mod rows;
mod service_rows;
mod table;
mod workload_rows;

use std::collections::BTreeMap;

use crate::clock::Time;
use crate::duration;

pub use pod::{pod_cells, pod_wide_cells, PodCells};
pub use service_rows::port_string;
pub use table::{headers, row, TableOptions};
pub use workload_rows::{access_modes, hpa_targets, job_completions, job_duration, job_status};

/// `translateTimestampSince`: HumanDuration of now − t, or `<unknown>` for a zero timestamp.
/// API timestamps have one-second precision, so `t` is truncated to the second first, as the
/// API server stores it; `now` keeps its milliseconds, like the wall clock kubectl reads.
pub(crate) fn since(t: Option<Time>, now: Time) -> String {
    match t {
        Some(t) => duration::human(now.since(Time::from_secs(t.secs()))),
        None => "<unknown>".into(),
    }
}

/// `labels.FormatLabels`: `k=v,...` in key order, or `<none>`.
pub fn format_labels(labels: &BTreeMap<String, String>) -> String {
    if labels.is_empty() {
        return "<none>".into();
    }
    labels.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(",")
}

/// `findNodeRoles` (printers.go and describe.go): the suffixes of `node-role.kubernetes.io/*`
/// labels and the value of `kubernetes.io/role`, sorted and de-duplicated.
pub(crate) fn node_roles(labels: &BTreeMap<String, String>) -> Vec<String> {
    let mut roles = std::collections::BTreeSet::new();
    for (k, v) in labels {
        if let Some(role) = k.strip_prefix("node-role.kubernetes.io/") {
            if !role.is_empty() {
                roles.insert(role.to_string());
            }
        } else if k == "kubernetes.io/role" && !v.is_empty() {
            roles.insert(v.clone());
        }
    }
    roles.into_iter().collect()
}
