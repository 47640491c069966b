//! Scaling without rolling out (a paused Deployment, or a `replicas` change while several
//! ReplicaSets are active), the one scaling primitive every step uses, and history cleanup.
//!
//! Models sync.go `sync`, `syncStatusOnly`, `isScalingEvent`, `scale`,
//! `scaleReplicaSetAndRecordEvent`, `scaleReplicaSet` and `cleanupDeployment`.

use crate::controllers::said::DeploymentSaid;
use crate::model::{Deployment, Kind, ReplicaSet};
use crate::store::{ApiError, DeleteOptions};

use super::annotations::{
    desired_replicas, replicas_annotations_need_update, revision, set_replicas_annotations,
};
use super::conditions::has_revision_history_limit;
use super::proportion::{find_active_or_latest, get_proportion};
use super::util::*;
use super::{words, SyncError, Syncer};

/// Why a ReplicaSet is scaled, for the decision: what was seen, which RS (`TheNewRs` or
/// `AnOldRs`), and the reason.
pub(super) struct Why<'a> {
    pub observed: &'a DeploymentSaid,
    pub role: DeploymentSaid,
    pub reason: DeploymentSaid,
}

/// `cleanupDeployment`'s choice: the oldest revisions beyond `revisionHistoryLimit`, but only
/// those that are empty, fully observed and not already being deleted.
pub fn history_to_delete(olds: &[ReplicaSet], limit: i32) -> Vec<&ReplicaSet> {
    let mut cleanable: Vec<&ReplicaSet> =
        olds.iter().filter(|rs| !rs.metadata.is_deleting()).collect();
    let diff = cleanable.len() as i64 - i64::from(limit);
    if diff <= 0 {
        return Vec::new();
    }
    crate::sort::sort_by(&mut cleanable, |a, b| by_revision(a, b));
    cleanable
        .into_iter()
        .take(diff as usize)
        .filter(|rs| {
            rs.status.replicas == 0
                && rs.spec.replicas == 0
                && rs.metadata.generation <= rs.status.observed_generation
                && !rs.metadata.is_deleting()
        })
        .collect()
}

impl Syncer<'_, '_> {
    /// `syncStatusOnly`: a Deployment being deleted only reports.
    pub(super) fn sync_status_only(
        &mut self,
        d: &mut Deployment,
        rs_list: &mut Vec<ReplicaSet>,
    ) -> Result<(), SyncError> {
        let (new_rs, olds) = self.get_all_replica_sets_and_sync_revision(d, rs_list, false)?;
        let all: Vec<&ReplicaSet> = olds.iter().chain(new_rs.as_ref()).collect();
        self.sync_deployment_status(&all, new_rs.as_ref(), d)
    }

    /// `sync`: scale proportionally, never roll out; clean up history when paused.
    pub(super) fn sync(
        &mut self,
        d: &mut Deployment,
        rs_list: &mut Vec<ReplicaSet>,
    ) -> Result<(), SyncError> {
        let (new_rs, mut olds) = self.get_all_replica_sets_and_sync_revision(d, rs_list, false)?;
        self.scale(d, new_rs.as_ref(), &mut olds)?;
        if d.spec.paused {
            let observed = words::observed(new_rs.as_ref(), &olds);
            self.wait(d, observed, DeploymentSaid::PausedScaleOnly);
            self.cleanup_deployment(&olds, d)?;
        }
        // Upstream reports the ReplicaSets as read before scaling; so does this.
        let all: Vec<&ReplicaSet> = olds.iter().chain(new_rs.as_ref()).collect();
        self.sync_deployment_status(&all, new_rs.as_ref(), d)
    }

    /// `isScalingEvent`: an active ReplicaSet was sized for a different `replicas`.
    pub(super) fn is_scaling_event(
        &mut self,
        d: &mut Deployment,
        rs_list: &mut Vec<ReplicaSet>,
    ) -> Result<bool, SyncError> {
        let (new_rs, olds) = self.get_all_replica_sets_and_sync_revision(d, rs_list, false)?;
        let scaling = olds
            .iter()
            .chain(new_rs.as_ref())
            .filter(|rs| is_active(rs))
            .filter_map(desired_replicas)
            .any(|desired| desired != d.spec.replicas);
        Ok(scaling)
    }

    /// `scale`: one active ReplicaSet takes everything; a saturated new one lets the old go;
    /// otherwise a rolling Deployment spreads the change in proportion to each one's size.
    pub(super) fn scale(
        &mut self,
        d: &Deployment,
        new_rs: Option<&ReplicaSet>,
        olds: &mut [ReplicaSet],
    ) -> Result<(), SyncError> {
        let observed = words::observed(new_rs, olds);
        if let Some(rs) = find_active_or_latest(new_rs, olds).cloned() {
            if rs.spec.replicas != d.spec.replicas {
                let reason = DeploymentSaid::OnlyActive;
                let why = Why { observed: &observed, role: words::role(&rs, new_rs), reason };
                self.scale_replica_set_and_record_event(d, &rs, d.spec.replicas, &why)?;
            }
            return Ok(());
        }
        // FindActiveOrLatest sorts the caller's old ReplicaSets newest first; keep that order.
        crate::sort::sort_by(olds, |a, b| by_creation(b, a));
        if is_saturated(d, new_rs) {
            for old in olds.iter().filter(|rs| is_active(rs)) {
                let why = Why {
                    observed: &observed,
                    role: DeploymentSaid::AnOldRs,
                    reason: DeploymentSaid::NewSaturated,
                };
                self.scale_replica_set_and_record_event(d, old, 0, &why)?;
            }
            return Ok(());
        }
        if !d.is_rolling() {
            return Ok(());
        }
        let mut all: Vec<ReplicaSet> =
            olds.iter().chain(new_rs).filter(|rs| is_active(rs)).cloned().collect();
        let allowed = if d.spec.replicas > 0 { max_total(d) } else { 0 };
        let to_add = allowed.saturating_sub(replica_count(&all));
        let op = match to_add {
            n if n > 0 => {
                crate::sort::sort_by(&mut all, by_size_newer);
                "up"
            }
            n if n < 0 => {
                crate::sort::sort_by(&mut all, by_size_older);
                "down"
            }
            _ => "",
        };
        let mut added = 0;
        let mut sizes: Vec<i32> = Vec::with_capacity(all.len());
        for rs in &all {
            let share = get_proportion(Some(rs), d, to_add, added);
            sizes.push(rs.spec.replicas + share);
            added += share;
        }
        if to_add != 0 {
            // Leftovers from rounding go to the first (largest) ReplicaSet.
            if let Some(first) = sizes.first_mut() {
                *first = first.saturating_add(to_add.saturating_sub(added)).max(0);
            }
        }
        let sets = all.len();
        let reason = if to_add < 0 {
            DeploymentSaid::SpreadDown { removed: to_add.saturating_neg(), sets }
        } else {
            DeploymentSaid::SpreadUp { added: to_add, sets }
        };
        for (rs, size) in all.iter().zip(sizes) {
            let why =
                Why { observed: &observed, role: words::role(rs, new_rs), reason: reason.clone() };
            self.scale_replica_set(d, rs, size, op, &why)?;
        }
        Ok(())
    }

    /// `scaleReplicaSetAndRecordEvent`: scale when the size differs. Returns (scaled, the RS
    /// as now stored).
    pub(super) fn scale_replica_set_and_record_event(
        &mut self,
        d: &Deployment,
        rs: &ReplicaSet,
        new_scale: i32,
        why: &Why<'_>,
    ) -> Result<(bool, ReplicaSet), SyncError> {
        if rs.spec.replicas == new_scale {
            return Ok((false, rs.clone()));
        }
        let op = if rs.spec.replicas < new_scale { "up" } else { "down" };
        self.scale_replica_set(d, rs, new_scale, op, why)
    }

    /// `scaleReplicaSet`: one update writes the size and the desired/max annotations; a size
    /// change is announced with a ScalingReplicaSet event.
    pub(super) fn scale_replica_set(
        &mut self,
        d: &Deployment,
        rs: &ReplicaSet,
        new_scale: i32,
        op: &str,
        why: &Why<'_>,
    ) -> Result<(bool, ReplicaSet), SyncError> {
        let size_changes = rs.spec.replicas != new_scale;
        let (desired, max) = (d.spec.replicas, max_total(d));
        if !size_changes && !replicas_annotations_need_update(rs, desired, max) {
            return Ok((false, rs.clone()));
        }
        let old = rs.spec.replicas;
        let mut copy = rs.clone();
        copy.spec.replicas = new_scale;
        set_replicas_annotations(&mut copy, desired, max);
        let updated = self.ctx.store.update(copy, self.ctx.now)?;
        if size_changes {
            let name = &rs.metadata.name;
            // sync.go scaleReplicaSet: "from <old> to <new>" since kubernetes#125118 (1.31).
            let msg = format!("Scaled {op} replica set {name} from {old} to {new_scale}");
            self.ctx.event(Kind::Deployment, &d.metadata, "Normal", "ScalingReplicaSet", msg);
            let (role, name, from, to) = (why.role.clone().boxed(), name.clone(), old, new_scale);
            let reason = why.reason.clone().boxed();
            let action = if op == "up" {
                DeploymentSaid::ScaleUp { role, name, from, to, reason }
            } else {
                DeploymentSaid::ScaleDown { role, name, from, to, reason }
            };
            self.act(d, why.observed.clone(), action);
        }
        Ok((size_changes, std::rc::Rc::unwrap_or_clone(updated)))
    }

    /// `cleanupDeployment`: delete the oldest empty ReplicaSets beyond revisionHistoryLimit,
    /// with default options (the server's default for apps/v1: background propagation).
    pub(super) fn cleanup_deployment(
        &mut self,
        olds: &[ReplicaSet],
        d: &Deployment,
    ) -> Result<(), SyncError> {
        if !has_revision_history_limit(d) {
            return Ok(());
        }
        let limit = d.spec.revision_history_limit;
        for rs in history_to_delete(olds, limit) {
            let (ns, name) = (&rs.metadata.namespace, &rs.metadata.name);
            match self.ctx.store.delete::<ReplicaSet>(
                ns,
                name,
                &DeleteOptions::default(),
                self.ctx.now,
            ) {
                Ok(_) | Err(ApiError::NotFound { .. }) => {}
                Err(e) => return Err(e.into()),
            }
            let revision = revision(&rs.metadata).unwrap_or(0);
            let name = name.clone();
            let observed =
                DeploymentSaid::OldestEmpty { count: olds.len(), name: name.clone(), revision };
            self.act(d, observed, DeploymentSaid::DeleteOldRs { name, limit });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::annotations::{DESIRED_REPLICAS, MAX_REPLICAS, REVISION};
    use super::super::testkit::{replica_set, Harness};
    use super::*;
    use crate::model::{IntOrString, RollingUpdate};

    // TestDeploymentController_cleanupDeployment, as (spec, status) per old ReplicaSet.
    #[test]
    fn history_cleanup_deletes_only_the_oldest_empty_revisions() {
        let olds = |sizes: &[(i32, i32)]| -> Vec<ReplicaSet> {
            sizes
                .iter()
                .enumerate()
                .map(|(i, (spec, status))| {
                    let mut rs = replica_set(&format!("foo-{}", i + 1), *spec, 0);
                    rs.status.replicas = *status;
                    rs.metadata.annotations.insert(REVISION.into(), (i + 1).to_string());
                    rs
                })
                .collect()
        };
        let names =
            |v: Vec<&ReplicaSet>| v.iter().map(|r| r.metadata.name.clone()).collect::<Vec<_>>();
        assert_eq!(
            names(history_to_delete(&olds(&[(0, 0), (0, 0), (0, 0)]), 1)),
            ["foo-1", "foo-2"]
        );
        assert_eq!(
            names(history_to_delete(&olds(&[(0, 0), (0, 1), (1, 0), (1, 1)]), 0)),
            ["foo-1"]
        );
        assert_eq!(history_to_delete(&olds(&[(0, 0), (0, 0)]), 0).len(), 2);
        assert!(history_to_delete(&olds(&[(1, 1), (1, 1)]), 0).is_empty());
        let mut dying = olds(&[(0, 0)]);
        dying[0].metadata.deletion_timestamp = Some(crate::clock::Time::ZERO);
        assert!(history_to_delete(&dying, 0).is_empty());
        let mut unobserved = olds(&[(0, 0)]);
        unobserved[0].metadata.generation = 2;
        assert!(history_to_delete(&unobserved, 0).is_empty());
    }

    /// A deployment mid-rollout with an old and a new RS sized for `before` replicas, then
    /// scaled to `after`. Surge and unavailability are 0 and 1, as upstream's test helper.
    fn scaled(before: i32, after: i32, old_size: i32, new_size: i32) -> (i32, i32, Vec<String>) {
        let mut h = Harness::new();
        let mut d = h.deployment_object("foo", after);
        d.spec.strategy.rolling_update = Some(RollingUpdate {
            max_surge: IntOrString::Int(0),
            max_unavailable: IntOrString::Int(1),
        });
        let d = h.create(d);
        let mut old = h.rs_object(&d, "foo-v1", old_size);
        old.spec.template.spec.containers[0].image = "nginx:old".into();
        old.metadata.annotations.insert(REVISION.into(), "1".into());
        let mut new = h.rs_object(&d, "foo-v2", new_size);
        new.metadata.annotations.insert(REVISION.into(), "2".into());
        for rs in [&mut old, &mut new] {
            rs.metadata.annotations.insert(DESIRED_REPLICAS.into(), before.to_string());
            rs.metadata.annotations.insert(MAX_REPLICAS.into(), before.to_string());
        }
        h.create(old);
        h.advance(1000);
        h.create(new);
        h.sync("foo");
        let size = |h: &Harness, n: &str| h.get::<ReplicaSet>(n).spec.replicas;
        (size(&h, "foo-v1"), size(&h, "foo-v2"), h.events())
    }

    // TestScale "proportional scaling: 5 -> 10".
    #[test]
    fn a_scaling_event_mid_rollout_grows_every_active_rs_in_proportion() {
        let (old, new, events) = scaled(5, 10, 3, 2);
        assert_eq!((old, new), (6, 4));
        assert!(events
            .contains(&"ScalingReplicaSet: Scaled up replica set foo-v1 from 3 to 6".to_string()));
    }

    #[test]
    fn proportional_shares_round_half_away_from_zero_and_leftovers_go_to_the_largest() {
        // 7*15/10 = 10.5 rounds to 11; 3*15/10 = 4.5 would round to 5 but only 1 is left.
        let (old, new, _) = scaled(10, 15, 7, 3);
        assert_eq!((old, new), (11, 4));
        // 7*5/10 = 3.5 rounds to 4 (-3); 3*5/10 = 1.5 rounds to 2 (-1); the last -1 goes to
        // the largest, which shrinks first.
        let (old, new, _) = scaled(10, 5, 7, 3);
        assert_eq!((old, new), (3, 2));
    }

    #[test]
    fn the_only_active_rs_takes_all_replicas_when_scaled() {
        let mut h = Harness::new();
        h.create_deployment("web", 3);
        h.sync("web");
        h.modify::<crate::model::Deployment>("web", |d| d.spec.replicas = 5);
        h.sync("web");
        let rs = h.only_rs("web");
        assert_eq!(rs.spec.replicas, 5);
        assert_eq!(rs.metadata.annotations.get(DESIRED_REPLICAS).map(String::as_str), Some("5"));
        assert_eq!(rs.metadata.annotations.get(MAX_REPLICAS).map(String::as_str), Some("7"));
        assert!(
            h.decisions().iter().any(|x| x.contains("it is the only active RS")),
            "{:?}",
            h.decisions()
        );
    }

    #[test]
    fn a_complete_rollout_deletes_history_beyond_the_limit() {
        let mut h = Harness::new();
        let mut d = h.deployment_object("web", 2);
        d.spec.revision_history_limit = 0;
        let d = h.create(d);
        let mut old = h.rs_object(&d, "web-old", 0);
        old.spec.template.spec.containers[0].image = "nginx:old".into();
        old.metadata.annotations.insert(REVISION.into(), "1".into());
        h.create(old);
        h.set_available("web-old", 0);
        h.advance(1000);
        h.sync("web");
        let new = h.newest_rs("web").metadata.name;
        h.set_available(&new, 2);
        h.sync("web");
        assert!(h.store.get::<ReplicaSet>("default", "web-old").is_some(), "only once complete");
        h.sync("web");
        assert!(h.store.get::<ReplicaSet>("default", "web-old").is_none());
        assert!(h
            .decisions()
            .iter()
            .any(|x| x.contains("delete old RS web-old: revisionHistoryLimit is 0")));
    }
}
