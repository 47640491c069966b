//! Events (core/v1), as `kubectl get events` and `describe` show them.
//!
//! Field names are the json tags of staging/src/k8s.io/api/core/v1/types.go `Event`. Two of
//! them are not what the Go field names suggest: `ReportingController` is `reportingComponent`,
//! and `reportingComponent`/`reportingInstance` have no `omitempty`, so they print even when
//! empty. `eventTime` is a `MicroTime`, a struct, which Go's encoder never omits: a legacy
//! recorder's Event prints `eventTime: null`.

use compact_str::CompactString;
use serde::{Deserialize, Serialize};

use super::meta::{ObjectMeta, Opaque};
use crate::clock::Time;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Event {
    #[serde(default = "v1")]
    pub api_version: CompactString,
    #[serde(default = "event_kind")]
    pub kind: CompactString,
    pub metadata: ObjectMeta,
    pub involved_object: ObjectReference,
    #[serde(default, skip_serializing_if = "CompactString::is_empty")]
    pub reason: CompactString,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub message: String,
    #[serde(rename = "type", default, skip_serializing_if = "CompactString::is_empty")]
    pub type_: CompactString,
    #[serde(default, skip_serializing_if = "is_zero32")]
    pub count: i32,
    pub first_timestamp: Time,
    pub last_timestamp: Time,
    #[serde(default)]
    pub source: EventSource,
    /// The events.k8s.io recorder's time; the legacy recorder this engine models leaves it
    /// zero, which prints as null.
    #[serde(default)]
    pub event_time: Opaque,
    #[serde(default, skip_serializing_if = "Opaque::is_absent")]
    pub series: Opaque,
    #[serde(default, skip_serializing_if = "CompactString::is_empty")]
    pub action: CompactString,
    #[serde(default, skip_serializing_if = "Opaque::is_absent")]
    pub related: Opaque,
    /// `ReportingController`: client-go's recorder copies `source.component` here.
    #[serde(default)]
    pub reporting_component: CompactString,
    /// client-go's recorder copies `source.host` here.
    #[serde(default)]
    pub reporting_instance: CompactString,
}

fn v1() -> CompactString {
    CompactString::const_new("v1")
}
fn event_kind() -> CompactString {
    CompactString::const_new("Event")
}
fn is_zero32(v: &i32) -> bool {
    *v == 0
}

/// `ObjectReference`: every field is `omitempty`.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ObjectReference {
    #[serde(default, skip_serializing_if = "CompactString::is_empty")]
    pub kind: CompactString,
    #[serde(default, skip_serializing_if = "CompactString::is_empty")]
    pub namespace: CompactString,
    #[serde(default, skip_serializing_if = "CompactString::is_empty")]
    pub name: CompactString,
    #[serde(default, skip_serializing_if = "CompactString::is_empty")]
    pub uid: CompactString,
    #[serde(default, skip_serializing_if = "CompactString::is_empty")]
    pub api_version: CompactString,
    #[serde(default, skip_serializing_if = "CompactString::is_empty")]
    pub resource_version: CompactString,
    #[serde(default, skip_serializing_if = "CompactString::is_empty")]
    pub field_path: CompactString,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventSource {
    #[serde(default, skip_serializing_if = "CompactString::is_empty")]
    pub component: CompactString,
    #[serde(default, skip_serializing_if = "CompactString::is_empty")]
    pub host: CompactString,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_legacy_event_prints_a_null_event_time_and_empty_reporting_fields() {
        let e = Event {
            reason: "ScalingReplicaSet".into(),
            source: EventSource {
                component: "deployment-controller".into(),
                host: Default::default(),
            },
            reporting_component: "deployment-controller".into(),
            ..Default::default()
        };
        let v = serde_json::to_value(&e).unwrap();
        assert_eq!(v["eventTime"], serde_json::Value::Null);
        assert_eq!(v["reportingComponent"], "deployment-controller");
        assert_eq!(v["reportingInstance"], "");
        assert_eq!(v["source"], serde_json::json!({"component": "deployment-controller"}));
        assert!(v.get("count").is_none(), "count is omitempty");
        assert!(v.get("series").is_none() && v.get("related").is_none());
    }
}
