//! Watch events lost on their way to the informers (the Faults panel's "lose the next N
//! watch events"), made visible: each loop whose informer would have queued work for the
//! event records a decision saying so and when it will notice (its next resync), and the
//! world keeps one entry per (loop, object) until that loop has resynced or seen a later
//! event for the object, so the page can count down on the object.
//!
//! A client-go informer that misses an event (a dropped watch connection between relists)
//! only learns the object's state again from a later event or a relist; the periodic
//! resync re-delivers its cache to the handlers (tools/cache/shared_informer.go
//! `resyncCheckPeriod`). Here every informer shares the world's resync period
//! (`Config::resync_ms`).

use std::collections::BTreeMap;

use super::{RunState, World};
use crate::clock::Time;
use crate::controllers::deployment::DeploymentController;
use crate::controllers::endpoints::EndpointsController;
use crate::controllers::endpointslice::EndpointSliceController;
use crate::controllers::gc::GarbageCollector;
use crate::controllers::kubelet::Kubelet;
use crate::controllers::nodelifecycle::NodeLifecycle;
use crate::controllers::replicaset::ReplicaSetController;
use crate::controllers::said::WatchSaid;
use crate::controllers::scheduler::Scheduler;
use crate::controllers::{Controller, ControllerName, Decision};
use crate::model::Kind;
use crate::store::{Store, WatchEvent, WatchEventType};

/// One object a loop has not seen change because its watch event was lost.
#[derive(Clone, Debug, PartialEq)]
pub struct LostEvent {
    pub controller: ControllerName,
    pub kind: Kind,
    pub namespace: String,
    pub name: String,
    /// The lost event's type (the first one lost, if several were).
    pub event: WatchEventType,
    pub lost_at: Time,
    /// When the loop's informer resyncs and so notices the object's current state.
    pub noticed_at: Time,
}

/// Lost events by loop and object.
pub(super) type LostEvents = BTreeMap<(ControllerName, Kind, String, String), LostEvent>;

/// Whether loop `name` would have queued work for `ev`: its event handler is run on a fresh
/// copy of the loop, so nothing is queued for real. Handlers read only the event and the
/// store, so a fresh loop answers as the running one would (except the scheduler's retry of
/// pods it parked, which a node event triggers and which it does not count as the event's).
fn would_queue(name: ControllerName, ev: &WatchEvent, store: &Store) -> bool {
    fn probe<C: Controller + Default>(ev: &WatchEvent, store: &Store) -> bool {
        let mut c = C::default();
        c.observe(ev, store);
        !c.queue().is_empty() || c.queue().next_delayed().is_some()
    }
    match name {
        ControllerName::NodeLifecycle => probe::<NodeLifecycle>(ev, store),
        ControllerName::Deployment => probe::<DeploymentController>(ev, store),
        ControllerName::ReplicaSet => probe::<ReplicaSetController>(ev, store),
        ControllerName::ReplicationController => {
            probe::<crate::controllers::replicaset::ReplicationManager>(ev, store)
        }
        ControllerName::DaemonSet => {
            probe::<crate::controllers::daemon::controller::DaemonSetController>(ev, store)
        }
        ControllerName::StatefulSet => {
            probe::<crate::controllers::statefulset::controller::StatefulSetController>(ev, store)
        }
        ControllerName::Job => {
            probe::<crate::controllers::job::controller::JobController>(ev, store)
        }
        ControllerName::CronJob => {
            probe::<crate::controllers::cronjob::controller::CronJobController>(ev, store)
        }
        ControllerName::TtlAfterFinished => {
            probe::<crate::controllers::ttl_after_finished::TtlAfterFinishedController>(ev, store)
        }
        ControllerName::HorizontalPodAutoscaler => {
            probe::<crate::controllers::hpa::controller::HpaController>(ev, store)
        }
        ControllerName::Disruption => {
            probe::<crate::controllers::disruption::DisruptionController>(ev, store)
        }
        ControllerName::Namespace => {
            probe::<crate::controllers::namespace::NamespaceController>(ev, store)
        }
        ControllerName::ServiceAccount => {
            probe::<crate::controllers::serviceaccount::ServiceAccountController>(ev, store)
        }
        ControllerName::ResourceQuota => {
            probe::<crate::controllers::resourcequota::ResourceQuotaController>(ev, store)
        }
        ControllerName::GarbageCollector => probe::<GarbageCollector>(ev, store),
        ControllerName::Scheduler => probe::<Scheduler>(ev, store),
        ControllerName::Kubelet => probe::<Kubelet>(ev, store),
        ControllerName::NodeLease => {
            probe::<crate::controllers::node_lease::NodeLeaseController>(ev, store)
        }
        // A fresh loop knows only the pod's new labels; the running one also remembers the
        // old ones, so a pod its Services' endpoints still list concerns it too.
        ControllerName::EndpointSlice => {
            probe::<EndpointSliceController>(ev, store) || listed(ev, store, Kind::EndpointSlice)
        }
        ControllerName::Endpoints => {
            probe::<EndpointsController>(ev, store) || listed(ev, store, Kind::Endpoints)
        }
        ControllerName::KubeProxy => probe::<crate::controllers::kubeproxy::KubeProxy>(ev, store),
    }
}

/// Whether `ev` is about a pod that a slice (or an Endpoints) in its namespace lists.
fn listed(ev: &WatchEvent, store: &Store, kind: Kind) -> bool {
    let crate::model::Object::Pod(pod) = &ev.object else { return false };
    let (ns, name) = (Some(pod.metadata.namespace.as_str()), pod.metadata.name.as_str());
    let is_pod = |r: Option<&crate::model::ObjectReference>| r.is_some_and(|r| r.name == name);
    match kind {
        Kind::EndpointSlice => store
            .list::<crate::model::EndpointSlice>(ns, None)
            .any(|s| s.endpoints().iter().any(|e| is_pod(e.target_ref.as_ref()))),
        _ => store.list::<crate::model::Endpoints>(ns, None).any(|e| {
            e.subsets.iter().any(|ss| {
                ss.addresses
                    .iter()
                    .chain(&ss.not_ready_addresses)
                    .any(|a| is_pod(a.target_ref.as_ref()))
            })
        }),
    }
}

fn entry_key(c: ControllerName, ev: &WatchEvent) -> (ControllerName, Kind, String, String) {
    let m = ev.object.meta();
    (c, ev.object.kind(), m.namespace.clone(), m.name.clone())
}

impl World {
    /// The objects some loop has not noticed yet because a watch event was lost, with when
    /// it will (for a countdown on the object).
    pub fn lost_events(&self) -> Vec<LostEvent> {
        self.lost.values().cloned().collect()
    }

    /// A watch event was dropped before any informer saw it: each loop (not stopped) whose
    /// handler would have queued work records that it lost it and when it will notice.
    pub(super) fn record_lost(&mut self, ev: &WatchEvent) {
        let noticed_at = self.next_resync;
        let m = ev.object.meta();
        for c in ControllerName::ALL {
            if self.run[&c] == RunState::Stopped || !would_queue(c, ev, &self.store) {
                continue;
            }
            let kind = ev.object.kind();
            let in_s = (noticed_at.since(self.now).max(0) + 999) / 1000;
            let (kind_word, name) = (kind.as_str().to_ascii_lowercase(), m.name.clone());
            self.decisions.push(Decision {
                at: self.now,
                controller: c,
                kind,
                namespace: m.namespace.clone(),
                name: m.name.clone(),
                desired: WatchSaid::EachEvent { kind: kind_word.clone(), name: name.clone() }
                    .into(),
                observed: WatchSaid::Lost { kind: kind_word, name, event: ev.ty.to_string() }
                    .into(),
                action: WatchSaid::NoticeAtResync { controller: c.short().into(), seconds: in_s }
                    .into(),
            });
            self.lost.entry(entry_key(c, ev)).or_insert(LostEvent {
                controller: c,
                kind,
                namespace: m.namespace.clone(),
                name: m.name.clone(),
                event: ev.ty,
                lost_at: self.now,
                noticed_at,
            });
        }
    }

    /// A later event about an object reached the informers: the loops it gives work have
    /// now noticed the object.
    pub(super) fn seen(&mut self, ev: &WatchEvent) {
        if self.lost.is_empty() {
            return;
        }
        for c in ControllerName::ALL {
            let key = entry_key(c, ev);
            if self.lost.contains_key(&key) && would_queue(c, ev, &self.store) {
                self.lost.remove(&key);
            }
        }
    }

    /// Loop `c` re-listed everything: it has noticed every object it had lost.
    pub(super) fn resynced(&mut self, c: ControllerName) {
        self.lost.retain(|(name, ..), _| *name != c);
    }
}

#[cfg(test)]
mod tests {
    use crate::controllers::endpointslice::check_endpoints;
    use crate::controllers::ControllerName;
    use crate::kubectl::Mode;
    use crate::model::{Kind, Pod};
    use crate::session::Session;
    use crate::store::WatchEventType;
    use crate::world::World;

    #[test]
    fn a_lost_added_event_says_which_loop_missed_it_and_when_it_will_notice() {
        let mut s = Session::new(World::new(2), Mode::Script);
        assert_eq!(s.run("events drop 1").status, 0);
        assert_eq!(s.run("k run solo --image=nginx:1.27").status, 0);
        s.world.advance(5_000);
        let node = |s: &Session| {
            s.world.store.get::<Pod>("default", "solo").unwrap().node().map(str::to_string)
        };
        assert_eq!(node(&s), None, "the scheduler never heard of the pod");
        let lost = s.world.lost_events();
        assert_eq!(lost.len(), 1, "{lost:?}");
        let l = &lost[0];
        assert_eq!(
            (l.controller, l.kind, l.name.as_str()),
            (ControllerName::Scheduler, Kind::Pod, "solo")
        );
        assert_eq!(l.event, WatchEventType::Added);
        let wait_s = (l.noticed_at.since(l.lost_at) + 999) / 1000;
        assert!(wait_s > 0 && wait_s <= s.world.config.resync_ms / 1000, "{wait_s}");
        let said = s.world.decisions.iter().map(|d| d.to_string()).collect::<Vec<_>>();
        let line = format!(
            "scheduler pod/solo: want each watch event for pod solo, see lost the watch event for pod solo (ADDED): the scheduler will notice at its next resync in {wait_s}s"
        );
        assert!(said.contains(&line), "{said:#?}");
        // At the resync the scheduler sees the pod, binds it, and the entry goes.
        let noticed_at = l.noticed_at;
        while s.world.now() < noticed_at {
            assert_eq!(s.world.lost_events().len(), 1);
            s.world.step();
        }
        s.world.advance(1_000);
        assert!(s.world.lost_events().is_empty());
        assert!(node(&s).is_some(), "bound after the resync");
    }

    #[test]
    fn a_later_event_about_the_object_ends_the_wait_early() {
        let mut s = Session::new(World::new(2), Mode::Script);
        s.run("events drop 1");
        s.run("k run solo --image=nginx:1.27");
        s.world.step();
        assert_eq!(s.world.lost_events().len(), 1);
        // A label change is a MODIFIED event the scheduler's informer does receive.
        s.run("k label pod solo tier=web");
        s.world.step();
        assert!(s.world.lost_events().is_empty());
        s.world.advance(3_000);
        assert!(s.world.store.get::<Pod>("default", "solo").unwrap().node().is_some());
    }

    #[test]
    fn a_lost_pod_event_leaves_a_ready_endpoint_until_the_resync() {
        let mut s = Session::new(World::new(5), Mode::Script);
        assert_eq!(s.run("k run solo --image=nginx:1.27 --labels=app=web; settle").status, 0);
        s.world.create(crate::model::Service::selecting("web", &[("app", "web")], 80)).unwrap();
        s.world.settle();
        assert_eq!(check_endpoints(&s.world.store), Ok(()));
        // The pod's deletion (DELETED after a forced delete) never reaches the informers.
        assert_eq!(s.run("events drop 1; k delete pod solo --grace-period=0 --force").status, 0);
        s.world.advance(1_000);
        let lost = s.world.lost_events();
        assert!(
            lost.iter().any(|l| l.controller == ControllerName::EndpointSlice && l.name == "solo"),
            "{lost:?}"
        );
        assert!(check_endpoints(&s.world.store).is_err(), "the dead pod is still a ready endpoint");
        assert!(s.world.lost_events().iter().any(|l| l.controller == ControllerName::Endpoints));
        s.world.settle();
        assert_eq!(check_endpoints(&s.world.store), Ok(()), "healed by the resync");
    }

    #[test]
    fn a_lost_label_change_that_unselects_a_pod_is_reported_by_the_endpoint_loops() {
        let mut s = Session::new(World::new(6), Mode::Script);
        assert_eq!(s.run("k run solo --image=nginx:1.27 --labels=app=web; settle").status, 0);
        s.world.create(crate::model::Service::selecting("web", &[("app", "web")], 80)).unwrap();
        s.world.settle();
        assert_eq!(s.run("events drop 1; k label pod solo app=api --overwrite").status, 0);
        s.world.advance(500);
        let lost: Vec<_> = s.world.lost_events().into_iter().map(|l| l.controller).collect();
        assert!(lost.contains(&ControllerName::EndpointSlice), "{lost:?}");
    }
}
