//! Which validation the API server runs for the workload kinds, on create and on update; each
//! kind's rules live in its own file, with their upstream source.

use std::any::Any;

use crate::labels::validation::FieldError;
use crate::model::{CronJob, DaemonSet, HorizontalPodAutoscaler, Job, StatefulSet};

pub use super::daemonset::daemonset;
pub use super::hpa::hpa;
pub use super::job::{cronjob, job};
pub use super::pvc::pvc;
pub use super::statefulset::statefulset;

/// The update rules of the workload kinds (each registry strategy's `ValidateUpdate`), or
/// `None` for a kind that is not one of them.
pub(super) fn update(new: &dyn Any, old: &dyn Any) -> Option<Vec<FieldError>> {
    if let (Some(n), Some(o)) = (new.downcast_ref::<DaemonSet>(), old.downcast_ref()) {
        return Some(super::daemonset::daemonset_update(n, o));
    }
    if let (Some(n), Some(o)) = (new.downcast_ref::<StatefulSet>(), old.downcast_ref()) {
        return Some(super::statefulset::statefulset_update(n, o));
    }
    if let (Some(n), Some(o)) = (new.downcast_ref::<Job>(), old.downcast_ref()) {
        return Some(super::job::job_update(n, o));
    }
    if let (Some(n), Some(o)) = (new.downcast_ref::<CronJob>(), old.downcast_ref()) {
        return Some(super::job::cronjob_update(n, o));
    }
    if let (Some(n), Some(o)) = (new.downcast_ref::<HorizontalPodAutoscaler>(), old.downcast_ref())
    {
        return Some(super::hpa::hpa_update(n, o));
    }
    None
}
