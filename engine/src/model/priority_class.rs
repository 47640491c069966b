//! PriorityClasses (scheduling.k8s.io/v1): named pod priorities. The two system classes
//! exist from the start; the Priority admission plugin gives a new pod its class's value
//! (`store/priority_classes.rs`). Modelled on staging/src/k8s.io/api/scheduling/v1/types.go,
//! pkg/apis/scheduling/v1/defaults.go (`preemptionPolicy` defaults to PreemptLowerPriority)
//! and pkg/apis/scheduling (`SystemPriorityClasses`, `HighestUserDefinablePriority`).

use serde::{Deserialize, Serialize};

use super::meta::ObjectMeta;

/// `HighestUserDefinablePriority`: a class not the system's may not go above one billion.
pub const HIGHEST_USER_PRIORITY: i32 = 1_000_000_000;
pub const SYSTEM_CLASS_PREFIX: &str = "system-";
pub const PREEMPT_LOWER_PRIORITY: &str = "PreemptLowerPriority";
/// `SystemPriorityClasses`: name, value and description.
pub const SYSTEM_PRIORITY_CLASSES: [(&str, i32, &str); 2] = [
    (
        "system-node-critical",
        2_000_001_000,
        "Used for system critical pods that must not be moved from their current node.",
    ),
    (
        "system-cluster-critical",
        2_000_000_000,
        "Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.",
    ),
];

fn api_version() -> String {
    "scheduling.k8s.io/v1".into()
}
fn priority_class_kind() -> String {
    "PriorityClass".into()
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PriorityClass {
    #[serde(default = "api_version")]
    pub api_version: String,
    #[serde(default = "priority_class_kind")]
    pub kind: String,
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub value: i32,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub global_default: bool,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preemption_policy: Option<String>,
}

impl PriorityClass {
    pub fn named(name: &str, value: i32) -> PriorityClass {
        PriorityClass {
            api_version: api_version(),
            kind: priority_class_kind(),
            metadata: ObjectMeta { name: name.into(), ..Default::default() },
            value,
            ..Default::default()
        }
    }

    /// `SetDefaults_PriorityClass`.
    pub fn set_defaults(&mut self) {
        self.preemption_policy.get_or_insert_with(|| PREEMPT_LOWER_PRIORITY.into());
    }
}
