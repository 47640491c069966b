//! ServiceAccounts (v1): the identity a pod runs as. Every namespace has a `default` one,
//! which the pods of the ServiceAccount admission plugin name when they name none
//! (`pod_defaults.rs`). Modelled on staging/src/k8s.io/api/core/v1/types.go
//! (`ServiceAccount`, `LocalObjectReference`) and, for the token subresource,
//! staging/src/k8s.io/api/authentication/v1/types.go (`TokenRequest`).

use serde::{Deserialize, Serialize};

use super::event::ObjectReference;
use super::meta::ObjectMeta;

/// `DefaultServiceAccountName`.
pub const DEFAULT_SERVICE_ACCOUNT: &str = "default";

fn v1() -> String {
    "v1".into()
}
fn service_account_kind() -> String {
    "ServiceAccount".into()
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ServiceAccount {
    #[serde(default = "v1")]
    pub api_version: String,
    #[serde(default = "service_account_kind")]
    pub kind: String,
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub secrets: Vec<ObjectReference>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub image_pull_secrets: Vec<LocalObjectReference>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub automount_service_account_token: Option<bool>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LocalObjectReference {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
}

impl ServiceAccount {
    /// A service account as a generator or the service account loop builds it.
    pub fn named(namespace: &str, name: &str) -> ServiceAccount {
        let metadata =
            ObjectMeta { name: name.into(), namespace: namespace.into(), ..Default::default() };
        ServiceAccount {
            api_version: v1(),
            kind: service_account_kind(),
            metadata,
            ..Default::default()
        }
    }
}
