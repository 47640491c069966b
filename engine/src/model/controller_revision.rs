//! ControllerRevisions (apps/v1): an immutable snapshot of a DaemonSet's or StatefulSet's
//! template, numbered, so a rollout can be undone (pkg/controller/history/controller_history.go).

use serde::{Deserialize, Serialize};

use super::meta::{ObjectMeta, Opaque};
use super::replicaset::apps_v1;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ControllerRevision {
    #[serde(default = "apps_v1")]
    pub api_version: String,
    #[serde(default = "cr_kind")]
    pub kind: String,
    pub metadata: ObjectMeta,
    /// The patch that turns the owner back into this revision (`getPatch` in
    /// pkg/controller/daemon/update.go and statefulset/stateful_set_utils.go): raw JSON.
    #[serde(default, skip_serializing_if = "Opaque::is_absent")]
    pub data: Opaque,
    pub revision: i64,
}

fn cr_kind() -> String {
    "ControllerRevision".into()
}
