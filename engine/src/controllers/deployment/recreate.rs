//! The Recreate strategy: scale every old ReplicaSet to zero, wait until no old pod runs,
//! then create the new ReplicaSet at full size.
//!
//! Models pkg/controller/deployment/recreate.go and deployment_controller.go
//! `getPodMapForDeployment`. Pods are only read, never written.

use std::collections::BTreeMap;

use crate::controllers::said::DeploymentSaid;
use crate::model::{Deployment, Pod, PodPhase, ReplicaSet};
use crate::store::Store;

use super::conditions::deployment_complete;
use super::sync::Why;
use super::util::{actual_replica_count, is_active};
use super::{words, SyncError, Syncer};

/// Pod phases grouped by the UID of the ReplicaSet that controls them; every claimed
/// ReplicaSet has an entry, even with no pods.
pub(super) type PodMap = BTreeMap<String, Vec<PodPhase>>;

/// `getPodMapForDeployment`: pods the Deployment selects, grouped by controlling ReplicaSet.
pub(super) fn pod_map(store: &Store, d: &Deployment, rs_list: &[ReplicaSet]) -> PodMap {
    let mut map: PodMap =
        crate::sort::btree_map(rs_list.iter().map(|rs| (rs.metadata.uid.clone(), Vec::new())));
    let selector = d.spec.selector.to_selector();
    for pod in store.list::<Pod>(Some(&d.metadata.namespace), Some(&selector)) {
        if let Some(pods) = pod.metadata.controller_ref().and_then(|r| map.get_mut(&r.uid)) {
            pods.push(pod.status.phase);
        }
    }
    map
}

/// The number of pods of all ReplicaSets the Deployment controls (`deletePod`'s count).
pub(super) fn count_pods(store: &Store, d: &Deployment) -> usize {
    let selector = d.spec.selector.to_selector();
    let owned: Vec<ReplicaSet> = store
        .list::<ReplicaSet>(Some(&d.metadata.namespace), Some(&selector))
        .filter(|rs| rs.metadata.controller_ref().is_some_and(|r| r.uid == d.metadata.uid))
        .cloned()
        .collect();
    pod_map(store, d, &owned).values().map(Vec::len).sum()
}

/// `oldPodsRunning`: an old ReplicaSet still reports pods, or a pod outside the new one is
/// not finished (Unknown counts as running, and so does a pod still terminating).
pub(super) fn old_pods_running(
    new_rs: Option<&ReplicaSet>,
    olds: &[ReplicaSet],
    pods: &PodMap,
) -> bool {
    if actual_replica_count(olds) > 0 {
        return true;
    }
    pods.iter()
        .filter(|(uid, _)| new_rs.is_none_or(|n| n.metadata.uid != **uid))
        .flat_map(|(_, phases)| phases)
        .any(|p| !matches!(p, PodPhase::Failed | PodPhase::Succeeded))
}

impl Syncer<'_, '_> {
    /// `rolloutRecreate`. The new ReplicaSet is only created once the old pods are gone, so
    /// old and new never run side by side.
    pub(super) fn rollout_recreate(
        &mut self,
        d: &mut Deployment,
        rs_list: &mut Vec<ReplicaSet>,
        pods: &PodMap,
    ) -> Result<(), SyncError> {
        let (mut new_rs, mut olds) =
            self.get_all_replica_sets_and_sync_revision(d, rs_list, false)?;
        let observed = words::observed(new_rs.as_ref(), &olds);

        let mut scaled_down = false;
        for rs in olds.iter().filter(|rs| is_active(rs)) {
            let why = Why {
                observed: &observed,
                role: DeploymentSaid::AnOldRs,
                reason: DeploymentSaid::RecreateStopsOld,
            };
            scaled_down |= self.scale_replica_set_and_record_event(d, rs, 0, &why)?.0;
        }
        if scaled_down {
            let all: Vec<&ReplicaSet> = olds.iter().chain(new_rs.as_ref()).collect();
            return self.sync_rollout_status(&all, new_rs.as_ref(), d);
        }
        if old_pods_running(new_rs.as_ref(), &olds, pods) {
            self.wait(d, observed, DeploymentSaid::WaitOldStop);
            let all: Vec<&ReplicaSet> = olds.iter().chain(new_rs.as_ref()).collect();
            return self.sync_rollout_status(&all, new_rs.as_ref(), d);
        }
        if new_rs.is_none() {
            (new_rs, olds) = self.get_all_replica_sets_and_sync_revision(d, rs_list, true)?;
        }
        let Some(new_rs) = new_rs else {
            return Err(SyncError::NoNewRs);
        };
        let observed = words::observed(Some(&new_rs), &olds);
        let why = Why {
            observed: &observed,
            role: DeploymentSaid::TheNewRs,
            reason: DeploymentSaid::NoOldPodsLeft,
        };
        self.scale_replica_set_and_record_event(d, &new_rs, d.spec.replicas, &why)?;
        if deployment_complete(d, &d.status) {
            self.cleanup_deployment(&olds, d)?;
        }
        let all: Vec<&ReplicaSet> = olds.iter().chain(Some(&new_rs)).collect();
        self.sync_rollout_status(&all, Some(&new_rs), d)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::Harness;
    use super::*;
    use crate::controllers::Controller;
    use crate::model::StrategyType;
    use crate::store::{DeleteOptions, Key};

    fn recreate_deployment(h: &mut Harness) -> (Deployment, String) {
        let mut d = h.deployment_object("web", 3);
        d.spec.strategy.type_ = StrategyType::Recreate;
        d.spec.strategy.rolling_update = None;
        h.create(d);
        h.sync("web");
        let old = h.only_rs("web").metadata.name;
        h.set_available(&old, 3);
        h.advance(1000);
        let d = h.modify::<Deployment>("web", |d| {
            d.spec.template.spec.containers[0].image = "nginx:2".into()
        });
        (d, old)
    }

    #[test]
    fn recreate_scales_old_to_zero_and_waits_for_old_pods_before_creating_the_new_rs() {
        let mut h = Harness::new();
        let (d, old) = recreate_deployment(&mut h);
        h.sync("web");
        assert_eq!(h.get::<ReplicaSet>(&old).spec.replicas, 0);
        assert_eq!(
            h.rs_names("web"),
            std::slice::from_ref(&old),
            "no new RS while old pods may run"
        );

        // The old RS still reports pods.
        h.sync("web");
        assert_eq!(h.rs_names("web").len(), 1);

        // The RS reports none, but one of its pods is still running.
        h.set_available(&old, 0);
        let pod = h.pod_of(&old, "web-old-pod", PodPhase::Running);
        h.sync("web");
        assert_eq!(h.rs_names("web").len(), 1);
        assert!(h.decisions().iter().any(|x| x.contains("wait for old pods to stop")));

        // The last old pod goes: the deletion wakes the deployment, which creates the new RS.
        h.delete::<Pod>(&pod.metadata.name, &DeleteOptions::default());
        let deleted = h.store.watch.since(0).last().cloned().unwrap();
        let mut c = super::super::DeploymentController::default();
        c.observe(&deleted, &h.store);
        assert_eq!(c.queue().drain(), [Key::new("default", "web")]);
        h.sync("web");
        let new = h.newest_rs("web");
        assert_ne!(new.metadata.name, old);
        assert_eq!(new.spec.replicas, 3, "Recreate starts the new RS at full size");
        assert!(h.events().contains(&format!(
            "ScalingReplicaSet: Scaled up replica set {} from 0 to 3",
            new.metadata.name
        )));
        assert_eq!(d.spec.replicas, 3);
    }

    #[test]
    fn finished_pods_do_not_count_as_running() {
        let old = ReplicaSet::default();
        let mut pods = PodMap::new();
        pods.insert("old-uid".into(), vec![PodPhase::Succeeded, PodPhase::Failed]);
        assert!(!old_pods_running(None, std::slice::from_ref(&old), &pods));
        pods.insert("other".into(), vec![PodPhase::Unknown]);
        assert!(old_pods_running(None, &[old], &pods));
    }
}
