//! Which ReplicaSets a Deployment owns: it adopts matching orphans and releases owned ones
//! whose labels no longer match its selector.
//!
//! Models deployment_controller.go `getReplicaSetsForDeployment` and
//! pkg/controller/controller_ref_manager.go (`ClaimObject`, `AdoptReplicaSet`,
//! `ReleaseReplicaSet`).

use std::rc::Rc;

use crate::controllers::said::DeploymentSaid;
use crate::model::{Deployment, OwnerReference, ReplicaSet};
use crate::store::ApiError;

use super::{SyncError, Syncer};

impl Syncer<'_, '_> {
    /// The ReplicaSets this Deployment controls after claiming, in name order.
    pub(super) fn claim_replica_sets(
        &mut self,
        d: &Deployment,
    ) -> Result<Vec<ReplicaSet>, SyncError> {
        let selector = d.spec.selector.try_to_selector().map_err(SyncError::Invalid)?;
        // Shared, not copied: a namespace of many Deployments has many ReplicaSets, and only
        // this Deployment's few are kept.
        let candidates = self.ctx.store.list_rc::<ReplicaSet>(Some(&d.metadata.namespace));
        let mut claimed = Vec::new();
        for rs in candidates {
            let matches = selector.matches(&rs.metadata.labels);
            let owner = rs.metadata.controller_ref().map(|r| r.uid.clone());
            match owner {
                // Controlled by someone else: not ours to touch.
                Some(uid) if uid != d.metadata.uid => {}
                Some(_) if matches => claimed.push(Rc::unwrap_or_clone(rs)),
                // Ours but no longer selected: let go, unless we are being deleted.
                Some(_) if d.metadata.is_deleting() => {}
                Some(_) => self.release(d, &rs)?,
                // An orphan we select: adopt it, unless either side is being deleted.
                None if !matches || d.metadata.is_deleting() || rs.metadata.is_deleting() => {}
                None => {
                    if let Some(adopted) = self.adopt(d, &rs)? {
                        claimed.push(adopted);
                    }
                }
            }
        }
        Ok(claimed)
    }

    /// `AdoptReplicaSet`: patch in a controller reference (apps/v1 Deployment, controller and
    /// blockOwnerDeletion true). The store is read fresh, so upstream's `canAdopt` recheck of
    /// the Deployment's deletionTimestamp is the caller's check. Gone meanwhile: skip it.
    fn adopt(&mut self, d: &Deployment, rs: &ReplicaSet) -> Result<Option<ReplicaSet>, SyncError> {
        let owner = OwnerReference::controller("apps/v1", "Deployment", &d.metadata);
        let (ns, name, now) = (&rs.metadata.namespace, &rs.metadata.name, self.ctx.now);
        let result = self.ctx.store.modify::<ReplicaSet>(ns, name, now, |rs| {
            // A strategic-merge patch keyed by UID: replace a reference to us, else add one.
            rs.metadata.owner_references.retain(|r| r.uid != owner.uid);
            rs.metadata.owner_references.push(owner);
        });
        match result {
            Ok(adopted) => {
                let name = rs.metadata.name.clone();
                let observed = DeploymentSaid::OrphanRs { name: name.clone() };
                self.act(d, observed, DeploymentSaid::AdoptRs { name });
                Ok(Some(std::rc::Rc::unwrap_or_clone(adopted)))
            }
            Err(ApiError::NotFound { .. }) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// `ReleaseReplicaSet`: patch out our owner reference. Gone meanwhile: nothing to do.
    fn release(&mut self, d: &Deployment, rs: &ReplicaSet) -> Result<(), SyncError> {
        let uid = d.metadata.uid.clone();
        let (ns, name, now) = (&rs.metadata.namespace, &rs.metadata.name, self.ctx.now);
        let result = self.ctx.store.modify::<ReplicaSet>(ns, name, now, |rs| {
            rs.metadata.owner_references.retain(|r| r.uid != uid);
        });
        match result {
            Ok(_) => {
                let name = rs.metadata.name.clone();
                let observed = DeploymentSaid::NoLongerSelected { name: name.clone() };
                self.act(d, observed, DeploymentSaid::ReleaseRs { name });
                Ok(())
            }
            Err(ApiError::NotFound { .. }) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::Harness;
    use crate::model::{Deployment, ReplicaSet};
    use crate::store::DeleteOptions;

    fn orphan(h: &mut Harness, name: &str, app: &str) -> ReplicaSet {
        let d = h.deployment_object(app, 1);
        let mut rs = h.rs_object(&d, name, 2);
        rs.metadata.owner_references.clear();
        h.create(rs)
    }

    #[test]
    fn matching_orphans_are_adopted_with_a_blocking_controller_ref() {
        let mut h = Harness::new();
        let d = h.create_deployment("web", 2);
        orphan(&mut h, "web-orphan", "web");
        orphan(&mut h, "other-orphan", "other");
        h.sync("web");
        let rs: &ReplicaSet = h.get("web-orphan");
        let r = rs.metadata.controller_ref().expect("adopted");
        assert_eq!(
            (r.kind.as_str(), r.api_version.as_str(), r.uid.as_str()),
            ("Deployment", "apps/v1", d.metadata.uid.as_str())
        );
        assert_eq!(r.block_owner_deletion, Some(true));
        assert!(h.get::<ReplicaSet>("other-orphan").metadata.controller_ref().is_none());
        assert!(h.decisions().iter().any(|x| x.contains("adopt RS web-orphan")));
    }

    #[test]
    fn owned_replica_sets_that_stop_matching_are_released() {
        let mut h = Harness::new();
        let d = h.create_deployment("web", 2);
        let mut rs = h.rs_object(&d, "web-stray", 0);
        rs.metadata.labels.insert("app".into(), "elsewhere".into());
        rs.spec.selector.match_labels.insert("app".into(), "elsewhere".into());
        rs.spec.template.metadata.labels.insert("app".into(), "elsewhere".into());
        h.create(rs);
        h.sync("web");
        assert!(h.get::<ReplicaSet>("web-stray").metadata.owner_references.is_empty());
    }

    #[test]
    fn nothing_is_adopted_while_the_deployment_or_the_orphan_is_being_deleted() {
        let mut h = Harness::new();
        h.create_deployment("web", 2);
        let mut rs = orphan(&mut h, "web-dying", "web");
        rs.metadata.finalizers.push("example.com/hold".into());
        h.update(rs);
        h.delete::<ReplicaSet>("web-dying", &DeleteOptions::default());
        h.sync("web");
        assert!(h.get::<ReplicaSet>("web-dying").metadata.controller_ref().is_none());

        let mut h = Harness::new();
        let mut d = h.deployment_object("web", 2);
        d.metadata.finalizers.push("example.com/hold".into());
        h.create(d);
        h.delete::<Deployment>("web", &DeleteOptions::default());
        orphan(&mut h, "web-orphan", "web");
        h.sync("web");
        assert!(h.get::<ReplicaSet>("web-orphan").metadata.controller_ref().is_none());
    }
}
