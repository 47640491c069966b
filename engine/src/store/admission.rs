//! The admission plugins a create goes through beyond defaulting and validation: LimitRanger
//! (a new pod's default requests and limits, then its bounds: `limits.rs`), ServiceAccount's
//! lookup of a pod's account (`service_accounts.rs`) and ResourceQuota (the namespace's
//! quotas charged: `quota.rs`), behind one table.
//!
//! In the page's split build the table is set by the course part (`crate::kinds::link`), so
//! the plugins' code ships with it: only that part's commands make a LimitRange or a
//! ResourceQuota, so before it arrives there is nothing for them to apply. Every other build
//! calls them directly.

use std::any::Any;

use super::quota::Charges;
use super::{ApiError, Store, Tabled};
use crate::clock::Time;
use crate::model::{Kind, ObjectMeta, Pod};

/// LimitRanger's bounds (for a pod), then the quotas, on a create of an object of a kind with
/// its metadata: what to charge once it is stored.
type Check = fn(&Store, Kind, &ObjectMeta, Option<&Pod>, Time) -> Result<Charges, ApiError>;

/// The plugins, as functions of the store.
pub struct Admission {
    /// LimitRanger's and Priority's mutations of a new pod.
    pub defaults: fn(&Store, &mut Pod),
    /// LimitRanger's bounds (for a pod), then the quotas: what to charge once it is stored.
    pub check: Check,
    /// Writes the charges into the quotas' `status.used`.
    pub charge: fn(&mut Store, Charges, Time),
}

pub const EVERY_PLUGIN: Admission = Admission {
    defaults: |s, pod| {
        s.limit_defaults(pod);
        s.priority_defaults(pod);
    },
    check: |s, kind, meta, pod, now| {
        if let Some(p) = pod {
            s.service_account_check(p)?;
            s.priority_check(p)?;
            s.limit_check(p)?;
        }
        s.quota_charges(kind, meta, pod, now)
    },
    charge: |s, charges, now| s.charge(charges, now),
};

/// Set by the course part in the split build.
#[cfg(kubeloop_split)]
pub static LATER_ADMISSION: std::sync::OnceLock<&'static Admission> = std::sync::OnceLock::new();

fn plugins() -> Option<&'static Admission> {
    #[cfg(kubeloop_split)]
    return LATER_ADMISSION.get().copied();
    #[cfg(not(kubeloop_split))]
    Some(&EVERY_PLUGIN)
}

impl Store {
    /// The mutating plugins on a create of `obj`.
    pub(super) fn admit_mutating<T: Tabled>(&self, obj: &mut T) {
        if let (Some(a), Some(pod)) = (plugins(), (obj as &mut dyn Any).downcast_mut::<Pod>()) {
            (a.defaults)(self, pod);
        }
    }

    /// The validating plugins on a create of `obj`: the quota charges to write once stored.
    pub(super) fn admit_validating<T: Tabled>(
        &self,
        obj: &T,
        now: Time,
    ) -> Result<Charges, ApiError> {
        match plugins() {
            Some(a) => {
                (a.check)(self, T::KIND, obj.meta(), (obj as &dyn Any).downcast_ref::<Pod>(), now)
            }
            None => Ok(Vec::new()),
        }
    }

    /// Writes what `admit_validating` charged.
    pub(super) fn admit_charge(&mut self, charges: Charges, now: Time) {
        if charges.is_empty() {
            return;
        }
        if let Some(a) = plugins() {
            (a.charge)(self, charges, now);
        }
    }
}
