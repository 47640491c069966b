//! The table of ResourceQuotas, and the ResourceQuota admission plugin on every create: an
//! object whose namespace has quotas is charged against each quota that tracks what it uses,
//! refused with the API server's `exceeded quota` (or `failed quota`) Forbidden when it would
//! go over, and otherwise counted into the quota's `status.used` at once, before the quota
//! controller recounts (controllers/resourcequota.rs).
//!
//! Models plugin/pkg/admission/resourcequota/controller.go (`checkRequest`: `Constraints`,
//! the `status unknown` refusal of a quota the controller has not counted yet, the masked
//! sums and `prettyPrint`) and pkg/registry/core/resourcequota `strategy.go` (the status
//! subresource, no generation).

use std::rc::Rc;

use super::table::{status_kind, tabled, Table, Tabled};
use super::{ApiError, Store};
use crate::clock::Time;
use crate::labels::validation::FieldError;
use crate::model::quantity;
use crate::model::*;

impl Tabled for ResourceQuota {
    tabled!(ResourceQuota, quotas, false);
    status_kind!();
    fn apply_defaults(obj: &mut Self) {
        // Quantities are stored in their canonical text (`Quantity.MarshalJSON`).
        for list in [&mut obj.spec.hard, &mut obj.status.hard, &mut obj.status.used] {
            for v in list.values_mut() {
                if let Ok(q) = quantity::parse(v) {
                    *v = q.canonical();
                }
            }
        }
    }
    fn validate_spec(obj: &Self) -> Vec<FieldError> {
        crate::model::validate::quota(obj)
    }
}

/// The quotas a create will count against, each with its new `status.used`.
pub(super) type Charges = Vec<(Rc<ResourceQuota>, Usage)>;

impl Store {
    /// `checkRequest` for a create of an object of `kind` (already named and defaulted;
    /// `pod` when it is one): the charges to write once it is stored, or the Forbidden that
    /// refuses it.
    pub(super) fn quota_charges(
        &self,
        kind: Kind,
        m: &ObjectMeta,
        pod: Option<&Pod>,
        now: Time,
    ) -> Result<Charges, ApiError> {
        if !kind.namespaced() {
            return Ok(Vec::new());
        }
        let quotas: Vec<Rc<ResourceQuota>> = self.list_rc::<ResourceQuota>(Some(&m.namespace));
        if quotas.is_empty() {
            return Ok(Vec::new());
        }
        let delta = match pod {
            Some(p) => pod_usage(p, now),
            None => object_usage(kind),
        };
        let forbidden =
            |message: String| ApiError::Forbidden { kind, name: m.name.clone(), message };
        let mut charges = Vec::new();
        for q in quotas {
            // A scoped quota tracks pods only, and only those in every scope.
            if !q.spec.scopes.is_empty()
                && !pod.is_some_and(|p| q.spec.scopes.iter().all(|s| pod_in_scope(p, s)))
            {
                continue;
            }
            let hard = parsed(&q.spec.hard);
            let tracked: Vec<String> = hard
                .keys()
                .filter(|r| delta.contains_key(*r) || (pod.is_some() && quota_tracks_pods(r)))
                .cloned()
                .collect();
            if tracked.is_empty() {
                continue;
            }
            if let Some(p) = pod {
                pod_constraints(p, &tracked)
                    .map_err(|e| forbidden(format!("failed quota: {}: {e}", q.metadata.name)))?;
            }
            let used = parsed(&q.status.used);
            if tracked.iter().any(|r| !q.status.hard.contains_key(r) || !used.contains_key(r)) {
                return Err(forbidden(format!(
                    "status unknown for quota: {}, resources: {}",
                    q.metadata.name,
                    tracked.join(",")
                )));
            }
            let requested: Usage = delta
                .iter()
                .filter(|(r, _)| hard.contains_key(*r))
                .map(|(r, v)| (r.clone(), *v))
                .collect();
            if requested.is_empty() {
                continue;
            }
            let new_used = add(&used, &requested);
            let exceeded: Vec<&String> =
                requested.keys().filter(|r| new_used[*r].nanos > hard[*r].nanos).collect();
            if !exceeded.is_empty() {
                let only = |u: &Usage| -> Usage {
                    u.iter()
                        .filter(|(r, _)| exceeded.contains(r))
                        .map(|(r, v)| (r.clone(), *v))
                        .collect()
                };
                return Err(forbidden(format!(
                    "exceeded quota: {}, requested: {}, used: {}, limited: {}",
                    q.metadata.name,
                    pretty(&only(&requested)),
                    pretty(&only(&used)),
                    pretty(&only(&hard))
                )));
            }
            charges.push((q, new_used));
        }
        Ok(charges)
    }

    /// Writes what `quota_charges` decided into each quota's `status.used`.
    pub(super) fn charge(&mut self, charges: Charges, now: Time) {
        for (q, used) in charges {
            let mut next = (*q).clone();
            next.status.used = printed(&used);
            // The quota is in the table: it was just read from it.
            let _ = self.update_status(&next, now);
        }
    }
}

/// The compute resources a pod quota tracks whether or not the pod sets them (the ones
/// `Constraints` asks every container to name).
fn quota_tracks_pods(resource: &str) -> bool {
    matches!(
        resource,
        "pods"
            | "count/pods"
            | "cpu"
            | "memory"
            | "requests.cpu"
            | "requests.memory"
            | "limits.cpu"
            | "limits.memory"
    )
}

#[cfg(test)]
#[path = "quota_tests.rs"]
mod tests;
