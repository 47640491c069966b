//! Namespaces (v1): the object each namespace is, with the `kubernetes` finalizer that keeps a
//! deleted one `Terminating` until the namespace loop has emptied it. Modelled on
//! staging/src/k8s.io/api/core/v1/types.go (`Namespace`, `NamespaceSpec`, `NamespaceStatus`,
//! `NamespaceCondition`), pkg/registry/core/namespace/strategy.go `PrepareForCreate` (phase
//! Active, the `kubernetes` finalizer, the `kubernetes.io/metadata.name` label) and
//! pkg/controller/namespace/deletion/status_condition_utils.go (the deletion conditions).

use serde::{Deserialize, Serialize};

use super::meta::ObjectMeta;
use crate::clock::Time;

/// `v1.FinalizerKubernetes`: the namespace loop's token in `spec.finalizers`.
pub const FINALIZER_KUBERNETES: &str = "kubernetes";
/// `v1.LabelMetadataName`: every namespace is labelled with its own name.
pub const LABEL_METADATA_NAME: &str = "kubernetes.io/metadata.name";
pub const PHASE_ACTIVE: &str = "Active";
pub const PHASE_TERMINATING: &str = "Terminating";
/// The namespaces every API server creates, in the order it creates them; the first three
/// may not be deleted (the NamespaceLifecycle plugin's `immortalNamespaces`).
pub const SYSTEM_NAMESPACES: [&str; 4] =
    ["default", "kube-system", "kube-public", "kube-node-lease"];
pub const IMMORTAL_NAMESPACES: [&str; 3] = ["default", "kube-system", "kube-public"];

fn v1() -> String {
    "v1".into()
}
fn namespace_kind() -> String {
    "Namespace".into()
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Namespace {
    #[serde(default = "v1")]
    pub api_version: String,
    #[serde(default = "namespace_kind")]
    pub kind: String,
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: NamespaceSpec,
    #[serde(default)]
    pub status: NamespaceStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NamespaceSpec {
    /// Written only through `namespaces/NAME/finalize`; an update keeps the stored list.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub finalizers: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NamespaceStatus {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub phase: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<NamespaceCondition>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NamespaceCondition {
    #[serde(rename = "type")]
    pub type_: String,
    pub status: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_transition_time: Option<Time>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub message: String,
}

impl Namespace {
    /// A namespace as the API server stores a new one (`PrepareForCreate`).
    pub fn named(name: &str) -> Namespace {
        let mut ns = Namespace {
            api_version: v1(),
            kind: namespace_kind(),
            metadata: ObjectMeta { name: name.into(), ..Default::default() },
            ..Default::default()
        };
        ns.set_defaults();
        ns
    }

    /// `PrepareForCreate` and the v1 defaults: phase Active, the `kubernetes` finalizer, the
    /// name label (which a client cannot set to another value).
    pub fn set_defaults(&mut self) {
        self.status = NamespaceStatus { phase: PHASE_ACTIVE.into(), conditions: Vec::new() };
        if !self.spec.finalizers.iter().any(|f| f == FINALIZER_KUBERNETES) {
            self.spec.finalizers.push(FINALIZER_KUBERNETES.into());
        }
        let name = self.metadata.name.clone();
        self.metadata.labels.insert(LABEL_METADATA_NAME.into(), name);
    }

    pub fn is_terminating(&self) -> bool {
        self.status.phase == PHASE_TERMINATING
    }
}

/// The deletion conditions the namespace loop keeps, in the order it writes them, with the
/// reason and message each has while nothing is wrong (`okReasons`, `okMessages`).
pub const DELETION_CONDITIONS: [(&str, &str, &str); 5] = [
    (
        "NamespaceDeletionDiscoveryFailure",
        "ResourcesDiscovered",
        "All resources successfully discovered",
    ),
    (
        "NamespaceDeletionGroupVersionParsingFailure",
        "ParsedGroupVersions",
        "All legacy kube types successfully parsed",
    ),
    (
        "NamespaceDeletionContentFailure",
        "ContentDeleted",
        "All content successfully deleted, may be waiting on finalization",
    ),
    ("NamespaceContentRemaining", "ContentRemoved", "All content successfully removed"),
    ("NamespaceFinalizersRemaining", "ContentRemoved", "All content successfully removed"),
];
