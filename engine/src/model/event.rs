//! Events (core/v1), as `kubectl get events` and `describe` show them.

use serde::{Deserialize, Serialize};

use super::meta::ObjectMeta;
use crate::clock::Time;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Event {
    #[serde(default = "v1")]
    pub api_version: String,
    #[serde(default = "event_kind")]
    pub kind: String,
    pub metadata: ObjectMeta,
    pub involved_object: ObjectReference,
    pub reason: String,
    pub message: String,
    #[serde(rename = "type")]
    pub type_: String,
    pub count: i32,
    pub first_timestamp: Time,
    pub last_timestamp: Time,
    pub source: EventSource,
}

fn v1() -> String {
    "v1".into()
}
fn event_kind() -> String {
    "Event".into()
}

#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ObjectReference {
    pub kind: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub namespace: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub uid: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub api_version: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventSource {
    pub component: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub host: String,
}
