//! The loops of the kinds beyond the first lesson (ReplicationControllers, DaemonSets, StatefulSets, Jobs, CronJobs,
//! finished-Job TTLs, HPAs, disruption budgets, resource quotas, namespace deletion, service accounts, Services' endpoints and kube-proxy), as the engine's course part
//! (`crate::parts`) ships them. Only the commands of that part create those kinds, and a line
//! that runs one fetches the part first, so in the page a loop here has work only once its
//! code has arrived.
//!
//! In a split build each turn goes through a table `link` fills in from inside the chunk. A
//! turn that comes before it (a way in `parts::needs` did not foresee) is dropped, as a
//! stopped loop drops it, and the world records that it lacks the part: the informers' next
//! resync hands the loop its objects again once the page has fetched it
//! (`World::lacking_part`). Every other build runs the loops directly.

use super::step::run_loop;
use super::RunState;
use crate::controllers::cronjob::controller::CronJobController;
use crate::controllers::daemon::controller::DaemonSetController;
use crate::controllers::disruption::DisruptionController;
use crate::controllers::endpoints::EndpointsController;
use crate::controllers::endpointslice::EndpointSliceController;
use crate::controllers::hpa::controller::HpaController;
use crate::controllers::job::controller::JobController;
use crate::controllers::kubeproxy::KubeProxy;
use crate::controllers::namespace::NamespaceController;
use crate::controllers::replicaset::ReplicationManager;
use crate::controllers::resourcequota::ResourceQuotaController;
use crate::controllers::serviceaccount::ServiceAccountController;
use crate::controllers::statefulset::controller::StatefulSetController;
use crate::controllers::ttl_after_finished::TtlAfterFinishedController;
use crate::controllers::{Controller, Ctx};

macro_rules! later_loops {
    ($($slot:ident: $ty:ty),* $(,)?) => {
        #[cfg(kubeloop_split)]
        struct Linked {
            $($slot: fn(&mut $ty, RunState, &<$ty as Controller>::Key, &mut Ctx<'_>),)*
        }

        #[cfg(kubeloop_split)]
        static LINKED: std::sync::OnceLock<Linked> = std::sync::OnceLock::new();

        $(
            /// One turn of the loop; `false` when its code has not arrived (the turn is lost).
            pub(super) fn $slot(
                c: &mut $ty,
                state: RunState,
                key: &<$ty as Controller>::Key,
                ctx: &mut Ctx<'_>,
            ) -> bool {
                #[cfg(kubeloop_split)]
                return match LINKED.get() {
                    Some(linked) => {
                        (linked.$slot)(c, state, key, ctx);
                        true
                    }
                    None => false,
                };
                #[cfg(not(kubeloop_split))]
                {
                    run_loop(c, state, key, ctx);
                    true
                }
            }
        )*

        /// Makes the loops runnable: called from the code that ships with them.
        pub(crate) fn link() {
            #[cfg(kubeloop_split)]
            let _ = LINKED.set(Linked { $($slot: run_loop::<$ty>,)* });
        }
    };
}

later_loops! {
    replication: ReplicationManager,
    daemonset: DaemonSetController,
    statefulset: StatefulSetController,
    job: JobController,
    cronjob: CronJobController,
    ttl_after_finished: TtlAfterFinishedController,
    hpa: HpaController,
    disruption: DisruptionController,
    resourcequota: ResourceQuotaController,
    namespace: NamespaceController,
    serviceaccount: ServiceAccountController,
    endpointslice: EndpointSliceController,
    endpoints: EndpointsController,
    kube_proxy: KubeProxy,
}

impl super::World {
    /// The part a loop had work for before it arrived, once (`None` after): the page fetches
    /// it, and the informers' next resync hands the loop its objects again.
    pub fn lacking_part(&mut self) -> Option<crate::parts::Part> {
        self.lacking.take()
    }

    /// Records that a loop had work and its part had not arrived (a trampoline's refusal).
    pub fn note_lacking(&mut self, part: crate::parts::Part) {
        self.lacking = Some(part);
    }
}
