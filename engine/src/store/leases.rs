//! The table of Leases and their validation: pkg/apis/coordination/validation/validation.go
//! (`ValidateLease`: a DNS-subdomain name; `ValidateLeaseSpec`: a positive duration, no
//! negative transitions, a strategy Kubernetes defines or a qualified name, and a
//! preferred holder only with a strategy). Leases have no status: an update replaces the
//! whole object, and no generation is kept (pkg/registry/coordination/lease/strategy.go).

use super::table::{tabled, Table, Tabled};
use super::{Store, WatchEventType};
use crate::clock::Time;
use crate::labels::field::BadValue;
use crate::labels::validation::{is_qualified_name, FieldError};
use crate::model::*;

impl Store {
    /// A kubelet's write of its node's lease: created with a UID from the system's random
    /// stream (the world's names stay as they were), or renewed in place. Written as the
    /// system writes its own objects, past admission and validation, which a lease the
    /// kubelet builds always passes: so the first load, where the kubelets run, carries no
    /// Lease-specific write path.
    pub(crate) fn put_node_lease(&mut self, mut lease: Lease, now: Time) {
        let ty = match self.leases.get_by(&lease.metadata.namespace, &lease.metadata.name) {
            Some(old) => {
                lease.metadata.uid = old.metadata.uid.clone();
                lease.metadata.creation_timestamp = old.metadata.creation_timestamp;
                WatchEventType::Modified
            }
            None => {
                lease.metadata.uid = self.system_rng.uid();
                lease.metadata.creation_timestamp = Some(now);
                WatchEventType::Added
            }
        };
        lease.metadata.resource_version = self.next_rv().to_string();
        self.store(lease, ty, now);
    }
}

/// `validLeaseStrategies`.
const OLDEST_EMULATION_VERSION: &str = "OldestEmulationVersion";

impl Tabled for Lease {
    tabled!(Lease, leases, false);
    fn same_spec(a: &Self, b: &Self) -> bool {
        a.spec == b.spec
    }
    fn keep_status(_: &mut Self, _: &Self) {}
    fn copy_status(into: &mut Self, from: &Self) {
        *into = from.clone();
    }
    fn validate_spec(obj: &Self) -> Vec<FieldError> {
        let spec = &obj.spec;
        let mut errors = Vec::new();
        if let Some(d) = spec.lease_duration_seconds.filter(|d| *d <= 0) {
            errors.push(FieldError::invalid(
                "spec.leaseDurationSeconds",
                d,
                "must be greater than 0",
            ));
        }
        if let Some(t) = spec.lease_transitions.filter(|t| *t < 0) {
            errors.push(FieldError::invalid(
                "spec.leaseTransitions",
                t,
                "must be greater than or equal to 0",
            ));
        }
        let strategy = text(&spec.strategy);
        if let Some(s) = strategy {
            // `ValidateCoordinatedLeaseStrategy` is handed `spec.strategy` and names its
            // child again: the API server reports `spec.strategy.strategy`.
            let path = "spec.strategy.strategy";
            if !s.contains('/') {
                if s != OLDEST_EMULATION_VERSION {
                    let supported = format!("\"{OLDEST_EMULATION_VERSION}\"");
                    errors.push(FieldError::unsupported(path, s, &supported));
                }
            } else {
                for m in is_qualified_name(s) {
                    errors.push(FieldError::invalid(path, s, &m));
                }
            }
        }
        let preferred = text(&spec.preferred_holder).filter(|p| !p.is_empty());
        if preferred.is_some() && strategy.is_none_or(str::is_empty) {
            errors.push(FieldError::forbidden(
                "spec.preferredHolder",
                "may only be specified if `strategy` is defined",
            ));
        }
        if !matches!(spec.strategy.0.as_deref(), None | Some(serde_json::Value::String(_))) {
            let value = BadValue::json(&spec.strategy);
            errors.push(FieldError::invalid("spec.strategy", value, "must be a string"));
        }
        errors
    }
}

/// A string field kept as written.
fn text(o: &Opaque) -> Option<&str> {
    o.0.as_deref().and_then(serde_json::Value::as_str)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lease(spec: LeaseSpec) -> Lease {
        Lease::new(
            ObjectMeta { name: "l".into(), namespace: "default".into(), ..Default::default() },
            spec,
        )
    }

    #[test]
    fn the_api_servers_refusals_in_its_words() {
        let bad = lease(LeaseSpec {
            lease_duration_seconds: Some(0),
            lease_transitions: Some(-1),
            strategy: Opaque(Some(Box::new("Newest".into()))),
            ..Default::default()
        });
        let shown: Vec<String> = Lease::validate_spec(&bad).iter().map(|e| e.to_string()).collect();
        assert_eq!(
            shown,
            [
                "spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0",
                "spec.leaseTransitions: Invalid value: -1: must be greater than or equal to 0",
                "spec.strategy.strategy: Unsupported value: \"Newest\": supported values: \"OldestEmulationVersion\"",
            ]
        );
        let holder = lease(LeaseSpec {
            preferred_holder: Opaque(Some(Box::new("node-1".into()))),
            ..Default::default()
        });
        let shown: Vec<String> =
            Lease::validate_spec(&holder).iter().map(|e| e.to_string()).collect();
        assert_eq!(
            shown,
            ["spec.preferredHolder: Forbidden: may only be specified if `strategy` is defined"]
        );
        let fine = lease(LeaseSpec {
            holder_identity: Some("node-1".into()),
            lease_duration_seconds: Some(40),
            ..Default::default()
        });
        assert!(Lease::validate_spec(&fine).is_empty());
    }
}
