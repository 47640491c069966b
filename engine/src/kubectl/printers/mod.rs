//! kubectl's output printers as pure functions of objects and `now`: tables (`get`, `-o wide`,
//! `-w`), `-o name` and operation messages, `-o yaml|json`, and `describe`.
//!
//! Each printer reproduces the Go code it names byte for byte where the model allows; none of
//! them reads the world except `describe`, which looks up owners, pods and events in the store.
//! Choosing what to print (which objects, which format, `No resources found`) belongs to the
//! commands that call these functions.

mod custom_columns;
mod describe;
mod json;
mod name;
mod pod;
mod rows;
mod service_rows;
pub(crate) mod table;
mod tabwriter;
mod workload_rows;
mod yaml;
mod yaml_scalar;

use std::collections::BTreeMap;

use crate::clock::Time;
use crate::duration;

pub use custom_columns::{relaxed_jsonpath, CustomColumns};
pub use describe::daemonset::raw_pod_template;
pub use describe::{describe, describe_with};
pub use json::{list_json, list_json_text, object_json, to_json, value_json_text};
pub use name::{deleted_message, name, operation};
pub use pod::{pod_cells, pod_wide_cells, PodCells};
pub use service_rows::port_string;
pub use table::{headers, render_table, row, string_slice, TableOptions};
pub use tabwriter::TabWriter;
pub use workload_rows::{access_modes, hpa_targets, job_completions, job_duration, job_status};
pub use yaml::{list_yaml, to_yaml, value_to_yaml};

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
