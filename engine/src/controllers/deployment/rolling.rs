//! The RollingUpdate strategy: each sync either grows the new ReplicaSet within the surge
//! bound, or else shrinks old ones within the unavailability bound (unhealthy replicas
//! first), or else cleans up history once the rollout is complete.
//!
//! Models pkg/controller/deployment/rolling.go.

use std::iter::once;

use crate::controllers::said::DeploymentSaid;
use crate::model::{Deployment, ReplicaSet};

use super::budget::Limits;
use super::conditions::{calculate_status, deployment_complete};
use super::sync::Why;
use super::util::*;
use super::{words, SyncError, Syncer};

impl Syncer<'_, '_> {
    /// `rolloutRolling`.
    pub(super) fn rollout_rolling(
        &mut self,
        d: &mut Deployment,
        rs_list: &mut Vec<ReplicaSet>,
    ) -> Result<(), SyncError> {
        let (new_rs, olds) = self.get_all_replica_sets_and_sync_revision(d, rs_list, true)?;
        let Some(new_rs) = new_rs else {
            return Err(SyncError::NoNewRs);
        };
        let all: Vec<&ReplicaSet> = olds.iter().chain(once(&new_rs)).collect();

        if self.reconcile_new_replica_set(&all, &new_rs, &olds, d)? {
            return self.sync_rollout_status(&all, Some(&new_rs), d);
        }
        let active: Vec<ReplicaSet> = olds.iter().filter(|rs| is_active(rs)).cloned().collect();
        if self.reconcile_old_replica_sets(&all, active, &new_rs, d)? {
            return self.sync_rollout_status(&all, Some(&new_rs), d);
        }
        if deployment_complete(d, &d.status) {
            self.cleanup_deployment(&olds, d)?;
        }
        let fresh = calculate_status(&all, Some(&new_rs), d, self.ctx.now);
        if !deployment_complete(d, &fresh) {
            let limits = Limits::of(d).filter(|_| replica_count(&olds) > 0);
            let action = if let Some(l) = limits {
                DeploymentSaid::WaitNewAvailable { bounds: words::bounds(&l).boxed() }
            } else if actual_replica_count(&olds) > 0 {
                DeploymentSaid::WaitOldTerminate
            } else {
                DeploymentSaid::WaitTheNewAvailable
            };
            self.wait(d, words::observed(Some(&new_rs), &olds), action);
        }
        self.sync_rollout_status(&all, Some(&new_rs), d)
    }

    /// `reconcileNewReplicaSet`: shrink the new ReplicaSet if it is above `replicas`, else
    /// grow it as far as `NewRSNewReplicas` allows. True when it was scaled.
    pub(super) fn reconcile_new_replica_set(
        &mut self,
        all: &[&ReplicaSet],
        new_rs: &ReplicaSet,
        olds: &[ReplicaSet],
        d: &Deployment,
    ) -> Result<bool, SyncError> {
        let want = d.spec.replicas;
        if new_rs.spec.replicas == want {
            return Ok(false);
        }
        let observed = words::observed(Some(new_rs), olds);
        if new_rs.spec.replicas > want {
            let reason = DeploymentSaid::WantsOnly { replicas: want };
            let why = Why { observed: &observed, role: DeploymentSaid::TheNewRs, reason };
            return Ok(self.scale_replica_set_and_record_event(d, new_rs, want, &why)?.0);
        }
        let count = new_rs_new_replicas(d, all, new_rs).map_err(SyncError::Invalid)?;
        let reason = match Limits::of(d) {
            Some(l) => {
                DeploymentSaid::AtMost { total: l.max_total, replicas: want, surge: l.surge }
            }
            None => DeploymentSaid::Wants { replicas: want },
        };
        let why = Why { observed: &observed, role: DeploymentSaid::TheNewRs, reason };
        Ok(self.scale_replica_set_and_record_event(d, new_rs, count, &why)?.0)
    }

    /// `reconcileOldReplicaSets`: how many old replicas may go without dropping below
    /// `replicas - maxUnavailable`, counting the new ReplicaSet's unavailable pods as a debt.
    /// Upstream swallows errors here (the rollout simply does not scale down this time).
    pub(super) fn reconcile_old_replica_sets(
        &mut self,
        all: &[&ReplicaSet],
        old_active: Vec<ReplicaSet>,
        new_rs: &ReplicaSet,
        d: &Deployment,
    ) -> Result<bool, SyncError> {
        if replica_count(&old_active) == 0 {
            return Ok(false);
        }
        let all_pods = replica_count(all.iter().copied());
        let min_available = d.spec.replicas - max_unavailable(d);
        let new_unavailable = new_rs.spec.replicas - new_rs.status.available_replicas;
        let max_scaled_down =
            all_pods.saturating_sub(min_available).saturating_sub(new_unavailable);
        if max_scaled_down <= 0 {
            return Ok(false);
        }
        let observed = words::observed(Some(new_rs), &old_active);
        let Ok((olds, cleaned)) =
            self.cleanup_unhealthy_replicas(old_active, d, max_scaled_down, &observed)
        else {
            return Ok(false);
        };
        let all: Vec<&ReplicaSet> = olds.iter().chain(once(new_rs)).collect();
        let Ok(scaled) =
            self.scale_down_old_replica_sets_for_rolling_update(&all, &olds, d, &observed)
        else {
            return Ok(false);
        };
        Ok(cleaned + scaled > 0)
    }

    /// `cleanupUnhealthyReplicas`: oldest first, drop replicas that are not available anyway,
    /// at most `max_cleanup` in all. Returns the old ReplicaSets as now stored and the count.
    pub(super) fn cleanup_unhealthy_replicas(
        &mut self,
        mut olds: Vec<ReplicaSet>,
        d: &Deployment,
        max_cleanup: i32,
        observed: &DeploymentSaid,
    ) -> Result<(Vec<ReplicaSet>, i32), SyncError> {
        crate::sort::sort_by(&mut olds, by_creation);
        let mut total = 0;
        for slot in olds.iter_mut() {
            if total >= max_cleanup {
                break;
            }
            let rs = slot.clone();
            let (spec, available) = (rs.spec.replicas, rs.status.available_replicas);
            if spec == 0 || spec == available {
                continue;
            }
            let count = (max_cleanup - total).min(spec - available);
            let target = spec - count;
            if target > spec {
                return Err(SyncError::Invalid(format!(
                    "when cleaning up unhealthy replicas, got invalid request to scale down {}/{} {spec} -> {target}",
                    rs.metadata.namespace, rs.metadata.name
                )));
            }
            let reason = DeploymentSaid::NotAvailable { count: spec - available };
            let why = Why { observed, role: DeploymentSaid::AnOldRs, reason };
            let (_, updated) = self.scale_replica_set_and_record_event(d, &rs, target, &why)?;
            total += count;
            *slot = updated;
        }
        Ok((olds, total))
    }

    /// `scaleDownOldReplicaSetsForRollingUpdate`: oldest first, remove what is available
    /// beyond `replicas - maxUnavailable`. Returns how many replicas were removed.
    pub(super) fn scale_down_old_replica_sets_for_rolling_update(
        &mut self,
        all: &[&ReplicaSet],
        olds: &[ReplicaSet],
        d: &Deployment,
        observed: &DeploymentSaid,
    ) -> Result<i32, SyncError> {
        let min_available = d.spec.replicas - max_unavailable(d);
        let available = available_replica_count(all.iter().copied());
        if available <= min_available {
            return Ok(0);
        }
        let mut oldest_first: Vec<&ReplicaSet> = olds.iter().collect();
        crate::sort::sort_by(&mut oldest_first, |a, b| by_creation(a, b));
        let to_remove = available - min_available;
        let mut total = 0;
        for rs in oldest_first {
            if total >= to_remove {
                break;
            }
            if rs.spec.replicas == 0 {
                continue;
            }
            let count = rs.spec.replicas.min(to_remove - total);
            let target = rs.spec.replicas - count;
            if target > rs.spec.replicas {
                return Err(SyncError::Invalid(format!(
                    "when scaling down old RS, got invalid request to scale down {}/{} {} -> {target}",
                    rs.metadata.namespace, rs.metadata.name, rs.spec.replicas
                )));
            }
            let min = min_available;
            let reason = match Limits::of(d) {
                Some(l) => DeploymentSaid::MustStayAvailable {
                    available,
                    min,
                    replicas: d.spec.replicas,
                    unavailable: l.unavailable,
                },
                None => DeploymentSaid::MustStay { available, min },
            };
            let why = Why { observed, role: DeploymentSaid::AnOldRs, reason };
            self.scale_replica_set_and_record_event(d, rs, target, &why)?;
            total += count;
        }
        Ok(total)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::{deployment, Harness};
    use super::*;
    use crate::model::{IntOrString, RollingUpdate};

    fn rolling(replicas: i32, surge: i32, unavailable: i32) -> Deployment {
        let mut d = deployment("foo", replicas);
        d.spec.strategy.rolling_update = Some(RollingUpdate {
            max_surge: IntOrString::Int(surge),
            max_unavailable: IntOrString::Int(unavailable),
        });
        d
    }

    /// Puts an RS of `d` with `size` replicas, `available` of them available, in the store.
    fn put(h: &mut Harness, d: &Deployment, name: &str, size: i32, available: i32) -> ReplicaSet {
        let mut rs = h.rs_object(d, name, size);
        if name.ends_with("old") {
            rs.spec.template.spec.containers[0].image = "nginx:old".into();
        }
        h.create(rs);
        h.set_available(name, available)
    }

    // TestDeploymentController_reconcileNewReplicaSet (maxUnavailable 0).
    #[test]
    fn the_new_rs_grows_within_the_surge_and_shrinks_to_replicas() {
        for (surge, old_size, new_size, want) in [
            (0, 10, 0, None),
            (2, 10, 0, Some(2)),
            (2, 5, 0, Some(7)),
            (2, 10, 2, None),
            (2, 2, 11, Some(10)),
        ] {
            let mut h = Harness::new();
            let d = rolling(10, surge, 0);
            let old = put(&mut h, &d, "foo-old", old_size, 0);
            let new_rs = put(&mut h, &d, "foo-new", new_size, 0);
            let olds = vec![old];
            let all: Vec<&ReplicaSet> = olds.iter().chain(once(&new_rs)).collect();
            let scaled =
                h.with_syncer(|s| s.reconcile_new_replica_set(&all, &new_rs, &olds, &d)).unwrap();
            assert_eq!(scaled, want.is_some(), "surge {surge} old {old_size} new {new_size}");
            assert_eq!(h.get::<ReplicaSet>("foo-new").spec.replicas, want.unwrap_or(new_size));
        }
    }

    // TestDeploymentController_reconcileOldReplicaSets (maxSurge 0, 10 replicas).
    #[test]
    fn old_replica_sets_shrink_only_as_far_as_availability_allows() {
        for (unavailable, old_size, new_size, old_avail, new_avail, want) in [
            (0, 10, 0, 10, 0, Some(9)),
            (2, 10, 0, 10, 0, Some(8)),
            (2, 10, 0, 8, 0, Some(8)),
            (2, 10, 0, 9, 0, Some(8)),
            (2, 8, 2, 8, 0, None),
        ] {
            let mut h = Harness::new();
            let d = rolling(10, 0, unavailable);
            let old = put(&mut h, &d, "foo-old", old_size, old_avail);
            let new_rs = put(&mut h, &d, "foo-new", new_size, new_avail);
            let olds = vec![old];
            let all: Vec<&ReplicaSet> = olds.iter().chain(once(&new_rs)).collect();
            let scaled = h
                .with_syncer(|s| s.reconcile_old_replica_sets(&all, olds.clone(), &new_rs, &d))
                .unwrap();
            assert_eq!(scaled, want.is_some(), "{unavailable} {old_size} {new_size} {old_avail}");
            assert_eq!(h.get::<ReplicaSet>("foo-old").spec.replicas, want.unwrap_or(old_size));
        }
    }

    // TestDeploymentController_cleanupUnhealthyReplicas: old RS of 10, surge 2, unavailable 2.
    #[test]
    fn unhealthy_replicas_go_first_up_to_the_cleanup_budget() {
        for (available, max_cleanup, want) in [(8, 1, 1), (8, 3, 2), (8, 0, 0), (10, 3, 0)] {
            let mut h = Harness::new();
            let d = rolling(10, 2, 2);
            let old = put(&mut h, &d, "foo-old", 10, available);
            let seen = words::observed(None, &[]);
            let (_, cleaned) = h
                .with_syncer(|s| s.cleanup_unhealthy_replicas(vec![old], &d, max_cleanup, &seen))
                .unwrap();
            assert_eq!(cleaned, want, "{available} {max_cleanup}");
            assert_eq!(h.get::<ReplicaSet>("foo-old").spec.replicas, 10 - want);
        }
    }

    // TestDeploymentController_scaleDownOldReplicaSetsForRollingUpdate: the old RS is the only one.
    #[test]
    fn old_replicas_beyond_min_available_are_scaled_down() {
        for (unavailable, available, old_size, want) in [
            (0, 10, 10, Some(9)),
            (2, 10, 10, Some(8)),
            (2, 8, 10, None),
            (2, 10, 0, None),
            (2, 1, 10, None),
        ] {
            let mut h = Harness::new();
            let d = rolling(10, 0, unavailable);
            let old = put(&mut h, &d, "foo-old", old_size, available);
            let olds = vec![old];
            let seen = words::observed(None, &olds);
            let all: Vec<&ReplicaSet> = olds.iter().collect();
            let n = h
                .with_syncer(|s| {
                    s.scale_down_old_replica_sets_for_rolling_update(&all, &olds, &d, &seen)
                })
                .unwrap();
            assert_eq!(n > 0, want.is_some(), "{unavailable} {available} {old_size}");
            assert_eq!(h.get::<ReplicaSet>("foo-old").spec.replicas, want.unwrap_or(old_size));
        }
    }

    /// The worked example of §3.4: 3 replicas, 25%/25% (surge 1, unavailable 0).
    #[test]
    fn a_template_change_surges_one_pod_at_a_time() {
        let mut h = Harness::new();
        h.create_deployment("web", 3);
        h.sync("web");
        let old = h.only_rs("web").metadata.name;
        h.set_available(&old, 3);
        h.advance(1000);
        h.modify::<Deployment>("web", |d| {
            d.spec.template.spec.containers[0].image = "nginx:2".into()
        });
        h.sync("web");
        let new = h.newest_rs("web").metadata.name;
        assert_ne!(new, old);
        let sizes = |h: &Harness| {
            (h.get::<ReplicaSet>(&old).spec.replicas, h.get::<ReplicaSet>(&new).spec.replicas)
        };
        assert_eq!(sizes(&h), (3, 1), "create the new RS with one surge pod");
        h.sync("web");
        assert_eq!(sizes(&h), (3, 1), "nothing moves until the new pod is available");
        let mut steps = Vec::new();
        for new_available in 1..=3 {
            h.set_available(&new, new_available);
            h.set_available(&old, 3 - new_available + 1);
            h.sync("web");
            steps.push(sizes(&h));
            h.set_available(&old, 3 - new_available);
            h.sync("web");
            steps.push(sizes(&h));
        }
        assert_eq!(steps, [(2, 1), (2, 2), (1, 2), (1, 3), (0, 3), (0, 3)]);
        let events = h.events();
        assert!(
            events
                .contains(&format!("ScalingReplicaSet: Scaled down replica set {old} from 3 to 2")),
            "{events:?}"
        );
        assert!(
            events.contains(&format!("ScalingReplicaSet: Scaled up replica set {new} from 1 to 2"))
        );
        let decisions = h.decisions();
        assert!(
            decisions
                .iter()
                .any(|x| x.contains(&format!("scale up new RS {new} 1 → 2: at most 4 pods"))),
            "{decisions:#?}"
        );
        assert!(
            decisions.iter().any(|x| x.contains("wait for new pods to become available")),
            "{decisions:#?}"
        );
    }
}
