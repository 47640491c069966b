//! The Table rows of the kinds beyond the first lesson, as the engine's course part
//! (`crate::parts`) ships them. Only that part's commands create those kinds, so in the page
//! a row of one is asked for only once the part has arrived.

use super::config_rows;
use super::service_rows::{endpoints_row, endpointslice_row, ingress_row, service_row};
use super::workload_rows::*;
use crate::clock::Time;
use crate::model::Object;

#[cfg(kubeloop_split)]
type Row = fn(&Object, bool, Time) -> Option<Vec<String>>;

#[cfg(kubeloop_split)]
static LINKED: std::sync::OnceLock<Row> = std::sync::OnceLock::new();

/// The cells of an object of a later kind (`wide`: priority-1 columns too); `None` for the
/// lesson's kinds, and before the part has arrived.
pub(super) fn row(obj: &Object, wide: bool, now: Time) -> Option<Vec<String>> {
    #[cfg(kubeloop_split)]
    return LINKED.get().and_then(|row| row(obj, wide, now));
    #[cfg(not(kubeloop_split))]
    rows(obj, wide, now)
}

/// Makes the rows reachable: called from the code that ships with them.
pub(crate) fn link() {
    #[cfg(kubeloop_split)]
    let _ = LINKED.set(rows as Row);
}

fn rows(obj: &Object, wide: bool, now: Time) -> Option<Vec<String>> {
    Some(match obj {
        Object::Service(s) => service_row(s, wide, now),
        Object::EndpointSlice(s) => endpointslice_row(s, now),
        Object::Endpoints(e) => endpoints_row(e, now),
        Object::DaemonSet(ds) => daemonset_row(ds, wide, now),
        Object::StatefulSet(sts) => statefulset_row(sts, wide, now),
        Object::Job(j) => job_row(j, wide, now),
        Object::CronJob(cj) => cronjob_row(cj, wide, now),
        Object::HorizontalPodAutoscaler(h) => hpa_row(h, now),
        Object::PersistentVolumeClaim(c) => pvc_row(c, wide, now),
        Object::ControllerRevision(cr) => controllerrevision_row(cr, now),
        Object::ConfigMap(c) => config_rows::config_map_row(c, now),
        Object::Secret(s) => config_rows::secret_row(s, now),
        Object::PodDisruptionBudget(p) => super::policy_rows::pdb_row(p, now),
        Object::ResourceQuota(q) => super::policy_rows::quota_row(q, now),
        Object::LimitRange(l) => super::policy_rows::limit_range_row(l),
        Object::Namespace(n) => super::policy_rows::namespace_row(n, now),
        Object::ServiceAccount(a) => config_rows::service_account_row(a, now),
        Object::PriorityClass(p) => super::policy_rows::priority_class_row(p, now),
        Object::ReplicationController(rc) => replication_controller_row(rc, wide, now),
        // printers.go `printLease`: the holder, empty when none holds it.
        Object::Lease(l) => vec![
            l.metadata.name.clone(),
            l.spec.holder_identity.clone().unwrap_or_default(),
            super::since(l.metadata.creation_timestamp, now),
        ],
        Object::Ingress(i) => ingress_row(i, wide, now),
        // The lesson's kinds have their rows in `table.rs`.
        _ => return None,
    })
}
