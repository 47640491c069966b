//! kubectl's output printers as pure functions of objects and `now`: tables laid out as text
//! (`get`, `-o wide`, `-w`) from the server-side columns and cells of `crate::api::printers`,
//! `-o name` and operation messages, `-o yaml|json`, and `describe`.
//!
//! Each printer reproduces the Go code it names byte for byte where the model allows; none of
//! them reads the world except `describe`, which looks up owners, pods and events in the store.
//! Choosing what to print (which objects, which format, `No resources found`) belongs to the
//! commands that call these functions.

mod custom_columns;
pub(crate) mod describe;
mod json;
mod name;
pub mod server_table;
mod table;
mod tabwriter;
mod yaml;
mod yaml_scalar;

pub use custom_columns::{relaxed_jsonpath, CustomColumns};
pub use describe::daemonset::raw_pod_template;
pub use describe::{describe, describe_with};
pub use json::{
    list_json, list_json_text, object_json, omit_managed_fields, printed_json, printed_list_json,
    to_json, value_json_text,
};
pub use name::{deleted_message, name, operation};
pub use table::{render_table, string_slice};
pub use tabwriter::TabWriter;
pub use yaml::{list_yaml, to_yaml, value_to_yaml};

// The cells are the server's; kubectl's printers, the page and the web app's inspector read
// them through here as well.
pub(crate) use crate::api::printers::since;
pub use crate::api::printers::{
    access_modes, format_labels, headers, hpa_targets, job_completions, job_duration, job_status,
    pod_cells, pod_wide_cells, port_string, row, PodCells, TableOptions,
};
