//! The describers of the kinds beyond the first lesson, as the engine's course part
//! (`crate::parts`) ships them. Only that part's commands create those kinds, so in the page
//! one of them exists to describe only once the part has arrived; before, there is nothing to
//! describe (`None`, as for an object that does not exist).

use super::reader::Reader;
use super::{
    config, daemonset, describe_generic, hpa, ingress, job, policy, service, statefulset, workload,
};
use crate::clock::Time;
use crate::model::Kind;

#[cfg(kubeloop_split)]
type Describe = fn(&mut Reader, Kind, &str, &str, Time) -> Option<String>;

#[cfg(kubeloop_split)]
static LINKED: std::sync::OnceLock<Describe> = std::sync::OnceLock::new();

/// The description of one object of a later kind, or `None`.
pub(super) fn describe(
    r: &mut Reader,
    kind: Kind,
    ns: &str,
    name: &str,
    now: Time,
) -> Option<String> {
    #[cfg(kubeloop_split)]
    return LINKED.get().and_then(|describe| describe(r, kind, ns, name, now));
    #[cfg(not(kubeloop_split))]
    describers(r, kind, ns, name, now)
}

/// Makes the describers reachable: called from the code that ships with them.
pub(crate) fn link() {
    #[cfg(kubeloop_split)]
    let _ = LINKED.set(describers as Describe);
}

fn describers(r: &mut Reader, kind: Kind, ns: &str, name: &str, now: Time) -> Option<String> {
    Some(match kind {
        Kind::Service => {
            let o = r.get(ns, name)?;
            service::describe_service(r, &o, now)
        }
        Kind::EndpointSlice => {
            let o = r.get(ns, name)?;
            service::describe_endpoint_slice(r, &o, now)
        }
        Kind::Endpoints => {
            let o = r.get(ns, name)?;
            service::describe_endpoints(r, &o, now)
        }
        Kind::Ingress => {
            let o = r.get(ns, name)?;
            ingress::describe_ingress(r, &o, now)
        }
        Kind::ReplicationController => {
            let o = r.get(ns, name)?;
            workload::describe_replication_controller(r, &o, now)
        }
        Kind::DaemonSet => {
            let o = r.get(ns, name)?;
            daemonset::describe_daemonset(r, &o, now)
        }
        Kind::StatefulSet => {
            let o = r.get(ns, name)?;
            statefulset::describe_statefulset(r, &o, now)
        }
        Kind::PersistentVolumeClaim => {
            let o = r.get(ns, name)?;
            statefulset::describe_pvc(r, &o, now)
        }
        Kind::Job => {
            let o = r.get(ns, name)?;
            job::describe_job(r, &o, now)
        }
        Kind::CronJob => {
            let o = r.get(ns, name)?;
            job::describe_cronjob(r, &o, now)
        }
        Kind::HorizontalPodAutoscaler => {
            let o = r.get(ns, name)?;
            hpa::describe_hpa(r, &o, now)
        }
        Kind::ConfigMap => {
            let o = r.get(ns, name)?;
            config::describe_config_map(r, &o, now)
        }
        Kind::Secret => {
            let o = r.get(ns, name)?;
            config::describe_secret(&o)
        }
        Kind::LimitRange => {
            let o = r.get(ns, name)?;
            policy::describe_limit_range(&o)
        }
        Kind::ResourceQuota => {
            let o = r.get(ns, name)?;
            policy::describe_quota(&o)
        }
        Kind::ServiceAccount => {
            let o = r.get(ns, name)?;
            config::describe_service_account(r, &o, now)
        }
        Kind::PriorityClass => {
            let o = r.get("", name)?;
            policy::describe_priority_class(r, &o, now)
        }
        Kind::Namespace => {
            let o = r.get("", name)?;
            policy::describe_namespace(r, &o)
        }
        Kind::PodDisruptionBudget => {
            let o = r.get(ns, name)?;
            policy::describe_pdb(r, &o, now)
        }
        // Neither has a describer of its own in kubectl: `genericDescriber`.
        Kind::ControllerRevision | Kind::Lease => {
            let obj = r.object(kind, ns, name)?;
            describe_generic(&obj, r.events_for(&obj.meta().uid), now)
        }
        // The lesson's kinds are described in `mod.rs`.
        _ => return None,
    })
}
