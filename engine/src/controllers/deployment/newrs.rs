//! Finding or creating the new ReplicaSet, and keeping revision numbers in step.
//!
//! Models sync.go `getAllReplicaSetsAndSyncRevision` and `getNewReplicaSet`, including the
//! pod-template-hash collision handling.

use std::iter::once;

use crate::controllers::said::DeploymentSaid;
use crate::model::{Deployment, Kind, ObjectMeta, OwnerReference, ReplicaSet, ReplicaSetSpec};
use crate::store::ApiError;

use super::annotations::{
    max_revision, set_deployment_revision, set_new_replica_set_annotations, MAX_REV_HISTORY_CHARS,
    REVISION,
};
use super::conditions::*;
use super::hash::{
    compute_hash, equal_ignore_hash, find_new_replica_set, find_old_replica_sets, POD_TEMPLATE_HASH,
};
use super::util::new_rs_new_replicas;
use super::{server_message, words, SyncError, Syncer};

/// Replaces the entry with the same UID, so later steps of one sync see what was written.
pub(super) fn replace(list: &mut [ReplicaSet], rs: &ReplicaSet) {
    if let Some(slot) = list.iter_mut().find(|x| x.metadata.uid == rs.metadata.uid) {
        *slot = rs.clone();
    }
}

impl Syncer<'_, '_> {
    /// `getAllReplicaSetsAndSyncRevision`: (new ReplicaSet, all old ones). With `create`, a
    /// missing new ReplicaSet is created.
    pub(super) fn get_all_replica_sets_and_sync_revision(
        &mut self,
        d: &mut Deployment,
        rs_list: &mut Vec<ReplicaSet>,
        create: bool,
    ) -> Result<(Option<ReplicaSet>, Vec<ReplicaSet>), SyncError> {
        let olds: Vec<ReplicaSet> =
            find_old_replica_sets(d, rs_list).1.into_iter().cloned().collect();
        let new_revision = (max_revision(&olds) + 1).to_string();
        let new_rs = match find_new_replica_set(d, rs_list).cloned() {
            Some(existing) => {
                Some(self.sync_new_rs_revision(d, rs_list, existing, &new_revision, &olds)?)
            }
            None if create => Some(self.create_new_rs(d, rs_list, &olds, &new_revision)?),
            None => None,
        };
        Ok((new_rs, olds))
    }

    /// The existing-new-ReplicaSet half of `getNewReplicaSet`: bring its annotations and
    /// minReadySeconds up to date first; once they are, copy its revision to the Deployment.
    fn sync_new_rs_revision(
        &mut self,
        d: &mut Deployment,
        rs_list: &mut [ReplicaSet],
        existing: ReplicaSet,
        new_revision: &str,
        olds: &[ReplicaSet],
    ) -> Result<ReplicaSet, SyncError> {
        let now = self.ctx.now;
        let mut copy = existing.clone();
        let annotations_updated = set_new_replica_set_annotations(
            d,
            &mut copy,
            new_revision,
            true,
            MAX_REV_HISTORY_CHARS,
        );
        if annotations_updated || copy.spec.min_ready_seconds != d.spec.min_ready_seconds {
            copy.spec.min_ready_seconds = d.spec.min_ready_seconds;
            let updated = self.ctx.store.update(copy, now)?;
            let was = existing.metadata.annotations.get(REVISION);
            let is = updated.metadata.annotations.get(REVISION);
            if let (Some(was), Some(is)) = (was, is) {
                if was != is {
                    let action = DeploymentSaid::Rerevision {
                        name: updated.metadata.name.clone(),
                        revision: is.clone(),
                        was: was.clone(),
                    };
                    self.act(d, words::observed(Some(&existing), olds), action);
                }
            }
            replace(rs_list, &updated);
            return Ok(std::rc::Rc::unwrap_or_clone(updated));
        }
        let rev = copy.metadata.annotations.get(REVISION).cloned().unwrap_or_default();
        let revision_changed = set_deployment_revision(d, &rev);
        let mut needs_update = revision_changed;
        if has_progress_deadline(d) && get_condition(&d.status, PROGRESSING).is_none() {
            let msg = format!("Found new replica set {:?}", copy.metadata.name);
            set_condition(
                &mut d.status,
                new_condition(PROGRESSING, TRUE, FOUND_NEW_REPLICA_SET, msg, now),
            );
            needs_update = true;
        }
        if needs_update {
            self.write_deployment(d, revision_changed)?;
        }
        Ok(copy)
    }

    /// The create half of `getNewReplicaSet`: `<deployment>-<hash>`, labelled and selected by
    /// the hash, sized by `NewRSNewReplicas`. On a name clash with a ReplicaSet that is not
    /// ours with our template, bump `collisionCount` so the next sync computes another hash.
    fn create_new_rs(
        &mut self,
        d: &mut Deployment,
        rs_list: &mut Vec<ReplicaSet>,
        olds: &[ReplicaSet],
        new_revision: &str,
    ) -> Result<ReplicaSet, SyncError> {
        let now = self.ctx.now;
        let mut template = d.spec.template.clone();
        let hash = compute_hash(&template, d.status.collision_count);
        template.metadata.labels.insert(POD_TEMPLATE_HASH.into(), hash.clone());
        let name = format!("{}-{hash}", d.metadata.name);
        let mut new_rs = ReplicaSet {
            api_version: "apps/v1".into(),
            kind: "ReplicaSet".into(),
            metadata: ObjectMeta {
                name: name.clone(),
                namespace: d.metadata.namespace.clone(),
                owner_references: vec![OwnerReference::controller(
                    "apps/v1",
                    "Deployment",
                    &d.metadata,
                )],
                labels: template.metadata.labels.clone(),
                ..Default::default()
            },
            spec: ReplicaSetSpec {
                replicas: 0,
                min_ready_seconds: d.spec.min_ready_seconds,
                selector: d.spec.selector.with_label(POD_TEMPLATE_HASH, &hash),
                template,
            },
            status: Default::default(),
        };
        let all: Vec<&ReplicaSet> = olds.iter().chain(once(&new_rs)).collect();
        let replicas = new_rs_new_replicas(d, &all, &new_rs).map_err(SyncError::Invalid)?;
        new_rs.spec.replicas = replicas;
        set_new_replica_set_annotations(d, &mut new_rs, new_revision, false, MAX_REV_HISTORY_CHARS);

        let observed = words::observed(None, olds);
        let (created, already_exists) = match self.ctx.store.create(new_rs, now, self.ctx.rng) {
            Ok(rs) => (std::rc::Rc::unwrap_or_clone(rs), false),
            Err(err @ ApiError::AlreadyExists { .. }) => {
                let Some(found) =
                    self.ctx.store.get::<ReplicaSet>(&d.metadata.namespace, &name).cloned()
                else {
                    return Err(err.into());
                };
                let ours = found.metadata.controller_ref().is_some_and(|r| r.uid == d.metadata.uid);
                if !(ours && equal_ignore_hash(&d.spec.template, &found.spec.template)) {
                    let count = d.status.collision_count.unwrap_or(0).saturating_add(1);
                    d.status.collision_count = Some(count);
                    // Upstream returns the create error whether or not this write works.
                    let _ = self.ctx.store.update_status(d, now);
                    let action = DeploymentSaid::HashCollision { name, count };
                    self.act(d, observed, action);
                    return Err(err.into());
                }
                (found, true)
            }
            Err(err) => {
                let msg =
                    format!("Failed to create new replica set {name:?}: {}", server_message(&err));
                if has_progress_deadline(d) {
                    set_condition(
                        &mut d.status,
                        new_condition(PROGRESSING, FALSE, FAILED_RS_CREATE, msg.clone(), now),
                    );
                    let _ = self.ctx.store.update_status(d, now);
                }
                self.ctx.event(Kind::Deployment, &d.metadata, "Warning", FAILED_RS_CREATE, msg);
                self.act(d, observed, DeploymentSaid::TryCreateFailed { name });
                return Err(err.into());
            }
        };
        if already_exists {
            self.act(d, observed, DeploymentSaid::UseExisting { name: name.clone() });
        } else {
            if replicas > 0 {
                // pkg/controller/deployment/sync.go getNewReplicaSet, worded since kubernetes#125118.
                let msg = format!("Scaled up replica set {name} from 0 to {replicas}");
                self.ctx.event(Kind::Deployment, &d.metadata, "Normal", "ScalingReplicaSet", msg);
            }
            let action = DeploymentSaid::CreateNewRs {
                name: name.clone(),
                replicas,
                revision: new_revision.to_string(),
            };
            self.act(d, observed, action);
        }
        rs_list.push(created.clone());

        let revision_changed = set_deployment_revision(d, new_revision);
        let mut needs_update = revision_changed;
        if !already_exists && has_progress_deadline(d) {
            let msg = format!("Created new replica set {name:?}");
            set_condition(
                &mut d.status,
                new_condition(PROGRESSING, TRUE, NEW_REPLICA_SET_CREATED, msg, now),
            );
            needs_update = true;
        }
        if needs_update {
            self.write_deployment(d, revision_changed)?;
        }
        Ok(created)
    }

    /// Writes the Deployment's revision annotation (when it changed) and its status.
    /// Upstream does both in one `UpdateStatus`, whose strategy keeps annotations; this store's
    /// status subresource keeps only status, so the annotation goes through a metadata update.
    pub(super) fn write_deployment(
        &mut self,
        d: &Deployment,
        revision_changed: bool,
    ) -> Result<(), SyncError> {
        let now = self.ctx.now;
        if revision_changed {
            let rev = d.metadata.annotations.get(REVISION).cloned().unwrap_or_default();
            self.ctx.store.modify::<Deployment>(
                &d.metadata.namespace,
                &d.metadata.name,
                now,
                |x| {
                    x.metadata.annotations.insert(REVISION.into(), rev);
                },
            )?;
        }
        self.ctx.store.update_status(d, now)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::annotations::REVISION;
    use super::super::hash::{compute_hash, POD_TEMPLATE_HASH};
    use super::super::testkit::Harness;
    use crate::model::{Deployment, ReplicaSet};

    #[test]
    fn the_new_rs_is_named_labelled_and_selected_by_the_template_hash() {
        let mut h = Harness::new();
        let d = h.create_deployment("web", 3);
        h.sync("web");
        let hash = compute_hash(&d.spec.template, None);
        let name = format!("web-{hash}");
        let rs: &ReplicaSet = h.get(&name);
        assert_eq!(rs.metadata.labels.get(POD_TEMPLATE_HASH), Some(&hash));
        assert_eq!(rs.spec.selector.match_labels.get(POD_TEMPLATE_HASH), Some(&hash));
        assert_eq!(rs.spec.template.metadata.labels.get(POD_TEMPLATE_HASH), Some(&hash));
        assert_eq!(rs.spec.replicas, 3);
        assert_eq!(rs.metadata.annotations.get(REVISION).map(String::as_str), Some("1"));
        let d: &Deployment = h.get("web");
        assert_eq!(d.metadata.annotations.get(REVISION).map(String::as_str), Some("1"));
        assert!(h
            .events()
            .contains(&format!("ScalingReplicaSet: Scaled up replica set {name} from 0 to 3")));
    }

    #[test]
    fn a_name_clash_with_a_foreign_rs_bumps_the_collision_count() {
        let mut h = Harness::new();
        let d = h.deployment_object("web", 2);
        let d = h.create(d);
        let squatter_name = format!("web-{}", compute_hash(&d.spec.template, None));
        let mut squatter = h.rs_object(&d, &squatter_name, 0);
        squatter.metadata.owner_references.clear();
        squatter.metadata.labels.insert("app".into(), "squatter".into());
        squatter.spec.selector.match_labels.insert("app".into(), "squatter".into());
        squatter.spec.template.metadata.labels.insert("app".into(), "squatter".into());
        h.create(squatter);
        h.sync("web");
        assert_eq!(h.get::<Deployment>("web").status.collision_count, Some(1));
        assert!(h.decisions().iter().any(|x| x.contains("hash collision")));
        h.advance(100);
        h.sync("web");
        let other = format!("web-{}", compute_hash(&d.spec.template, Some(1)));
        assert_eq!(h.get::<ReplicaSet>(&other).spec.replicas, 2);
    }

    /// `kubectl rollout undo` patches the template back: the old RS becomes the new one and
    /// takes the next revision, remembering its old number.
    #[test]
    fn an_old_template_coming_back_reuses_its_rs_with_the_next_revision() {
        let mut h = Harness::new();
        h.create_deployment("web", 2);
        h.sync("web");
        let first = h.only_rs("web").metadata.name;
        h.set_available(&first, 2);
        h.advance(1000);
        h.modify::<Deployment>("web", |d| {
            d.spec.template.spec.containers[0].image = "nginx:2".into()
        });
        h.sync("web");
        assert_eq!(
            h.get::<Deployment>("web").metadata.annotations.get(REVISION).map(String::as_str),
            Some("2")
        );
        h.modify::<Deployment>("web", |d| {
            d.spec.template.spec.containers[0].image = "nginx:1.25".into()
        });
        h.sync("web");
        h.sync("web");
        let rs: &ReplicaSet = h.get(&first);
        let a = &rs.metadata.annotations;
        assert_eq!(a.get(REVISION).map(String::as_str), Some("3"));
        assert_eq!(
            a.get(super::super::annotations::REVISION_HISTORY).map(String::as_str),
            Some("1")
        );
        assert_eq!(
            h.get::<Deployment>("web").metadata.annotations.get(REVISION).map(String::as_str),
            Some("3")
        );
        assert_eq!(h.rs_names("web").len(), 2, "no third RS");
        assert!(
            h.decisions().iter().any(|x| x.contains("revision 3 (was 1)")),
            "{:#?}",
            h.decisions()
        );
    }
}
