//! Leases (coordination.k8s.io/v1): a holder's claim, renewed while it lives. Each node's
//! kubelet holds one in `kube-node-lease`, named like the node and owned by it, and renews
//! it every ten seconds; the node lifecycle loop reads the renewals as the kubelet's
//! heartbeat (`controllers/node_lease.rs`).
//!
//! Modelled on staging/src/k8s.io/api/coordination/v1/types.go (`LeaseSpec`, its times
//! `MicroTime`s: RFC 3339 with six fractional digits, metav1/micro_time.go) and
//! pkg/apis/coordination/validation/validation.go (`ValidateLeaseSpec`).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::meta::ObjectMeta;
use super::Opaque;
use crate::clock::Time;

/// The namespace of the nodes' leases (pkg/apis/core `NamespaceNodeLease`).
pub const NODE_LEASE_NAMESPACE: &str = "kube-node-lease";
/// The kubelet's `nodeLeaseDurationSeconds` default.
pub const NODE_LEASE_DURATION_SECS: i32 = 40;
/// kubelet.go: the lease is renewed at a quarter of its duration
/// (`nodeLeaseRenewIntervalFraction` 0.25), every ten seconds.
pub const NODE_LEASE_RENEW_MS: i64 = NODE_LEASE_DURATION_SECS as i64 * 1000 / 4;

fn api_version() -> String {
    "coordination.k8s.io/v1".into()
}
fn lease_kind() -> String {
    "Lease".into()
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Lease {
    #[serde(default = "api_version")]
    pub api_version: String,
    #[serde(default = "lease_kind")]
    pub kind: String,
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: LeaseSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LeaseSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holder_identity: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lease_duration_seconds: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub acquire_time: Option<MicroTime>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub renew_time: Option<MicroTime>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lease_transitions: Option<i32>,
    /// Coordinated leader election's fields, kept as written.
    #[serde(default, skip_serializing_if = "Opaque::is_absent")]
    pub strategy: Opaque,
    #[serde(default, skip_serializing_if = "Opaque::is_absent")]
    pub preferred_holder: Opaque,
}

impl Lease {
    pub fn new(metadata: ObjectMeta, spec: LeaseSpec) -> Lease {
        Lease { api_version: api_version(), kind: lease_kind(), metadata, spec }
    }
}

/// metav1.MicroTime: a time written with microseconds (here always whole milliseconds,
/// the clock's grain).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct MicroTime(pub Time);

impl fmt::Display for MicroTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = self.0.to_string();
        let micros = self.0.millis().rem_euclid(1000) * 1000;
        write!(f, "{}.{micros:06}Z", whole.trim_end_matches('Z'))
    }
}

impl MicroTime {
    /// RFC 3339 with any fraction (metav1.MicroTime's `UnmarshalJSON` takes RFC3339Nano);
    /// digits past the millisecond are dropped.
    pub fn parse(s: &str) -> Option<MicroTime> {
        let whole = Time::parse_rfc3339(s)?;
        let frac = s.get(19..).and_then(|r| r.strip_prefix('.')).unwrap_or("");
        let digits: String = frac.chars().take_while(char::is_ascii_digit).take(3).collect();
        let ms = format!("{digits:0<3}").parse::<i64>().unwrap_or(0);
        Some(MicroTime(whole.plus_millis(ms)))
    }
}

impl Serialize for MicroTime {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for MicroTime {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        MicroTime::parse(&s)
            .ok_or_else(|| serde::de::Error::custom(format!("invalid RFC 3339 time {s:?}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn micro_times_print_six_digits_and_read_any_fraction() {
        let t = MicroTime(Time(12_345));
        assert_eq!(t.to_string(), "2025-01-01T00:00:12.345000Z");
        assert_eq!(MicroTime::parse("2025-01-01T00:00:12.345678Z"), Some(t));
        assert_eq!(MicroTime::parse("2025-01-01T00:00:12.345Z"), Some(t));
        let whole = MicroTime::parse("2025-01-01T00:00:12Z").unwrap();
        assert_eq!(whole.to_string(), "2025-01-01T00:00:12.000000Z");
        assert_eq!(MicroTime::parse("yesterday"), None);
    }
}
