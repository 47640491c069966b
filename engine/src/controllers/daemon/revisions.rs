//! A DaemonSet's ControllerRevisions: the patch each one stores, finding the current one
//! (or writing it), and trimming old ones to `revisionHistoryLimit`. Pod adoption of
//! revisions (`ClaimControllerRevisions`) is not modelled: only revisions this DaemonSet
//! controls are read.
//!
//! Models pkg/controller/daemon/update.go (`constructHistory`, `cleanupHistory`,
//! `dedupCurHistories`, `controlledHistories`, `Match`, `getPatch`, `snapshot`) and
//! pkg/controller/daemon/util/daemonset_util.go (`GetTemplateGeneration`).

use std::collections::BTreeSet;

use serde_json::Value;

use crate::controllers::deployment::hash::compute_hash;
use crate::controllers::history::{data_text, template_patch};
use crate::controllers::said::DaemonSetSaid;
use crate::controllers::Ctx;
use crate::model::{ControllerRevision, DaemonSet, Kind, ObjectMeta, Opaque, OwnerReference};
use crate::store::{ApiError, DeleteOptions, Store};

/// `apps.DefaultDaemonSetUniqueLabelKey` (= `ControllerRevisionHashLabelKey`): the hash on
/// a daemon pod and on the revision it was made from.
pub const HASH_LABEL: &str = "controller-revision-hash";
/// `extensions.DaemonSetTemplateGenerationKey`: the template generation a pod was made at.
pub const TEMPLATE_GENERATION_LABEL: &str = "pod-template-generation";
/// `apps.DeprecatedTemplateGeneration`: where apps/v1 keeps `spec.templateGeneration`.
pub const TEMPLATE_GENERATION_ANNOTATION: &str = "deprecated.daemonset.template.generation";

/// `getPatch` for a DaemonSet: its template's patch (`history::template_patch`).
pub fn patch_of(ds: &DaemonSet) -> String {
    template_patch(&ds.spec.template)
}

/// The stored patch as the bytes `Match` compares.
pub fn data_of(cr: &ControllerRevision) -> String {
    cr.data.0.as_deref().map(data_text).unwrap_or_default()
}

/// `Match`: the revision holds exactly this DaemonSet's template.
pub fn matches(ds: &DaemonSet, cr: &ControllerRevision) -> bool {
    data_of(cr) == patch_of(ds)
}

/// `GetTemplateGeneration`: the deprecated annotation, when it parses.
pub fn template_generation(ds: &DaemonSet) -> Option<i64> {
    ds.metadata.annotations.get(TEMPLATE_GENERATION_ANNOTATION)?.parse().ok()
}

/// `controlledHistories`, without adoption: the revisions whose controller is this DaemonSet.
pub fn controlled(store: &Store, ds: &DaemonSet) -> Vec<ControllerRevision> {
    let mut revs: Vec<ControllerRevision> = store
        .dependents_of(&ds.metadata.uid)
        .into_iter()
        .filter(|(k, _)| *k == Kind::ControllerRevision)
        .filter_map(|(_, key)| store.get::<ControllerRevision>(&key.ns, &key.name).cloned())
        .filter(|cr| cr.metadata.controller_ref().is_some_and(|r| r.uid == ds.metadata.uid))
        .collect();
    crate::sort::sort_by(&mut revs, |a, b| a.metadata.name.cmp(&b.metadata.name));
    revs
}

/// What `constructHistory` found: the current revision's hash and the old revisions.
pub struct History {
    pub hash: String,
    pub revision: i64,
    pub old: Vec<ControllerRevision>,
}

/// `constructHistory`: split the revisions into the one matching the template and the old
/// ones; write the current one if missing, keep the newest of duplicates (relabelling their
/// pods), and renumber it past the old ones (an undo makes an old template current again).
pub fn construct_history(ds: &DaemonSet, ctx: &mut Ctx<'_>) -> Result<History, String> {
    let mut current = Vec::new();
    let mut old = Vec::new();
    for mut cr in controlled(ctx.store, ds) {
        // Add the unique label if missing, using the name (no worry about collisions).
        if !cr.metadata.labels.contains_key(HASH_LABEL) {
            let name = cr.metadata.name.clone();
            let ns = cr.metadata.namespace.clone();
            cr = (*ctx
                .store
                .modify::<ControllerRevision>(&ns, &name, ctx.now, |c| {
                    c.metadata.labels.insert(HASH_LABEL.into(), name.clone());
                })
                .map_err(|e| e.to_string())?)
            .clone();
        }
        if matches(ds, &cr) {
            current.push(cr);
        } else {
            old.push(cr);
        }
    }
    let next = old.iter().map(|r| r.revision).max().unwrap_or(0) + 1;
    let cur = if current.is_empty() {
        snapshot(ds, next, ctx)?
    } else {
        let keep = dedup_current(ds, current, ctx)?;
        if keep.revision < next {
            let (ns, name) = (keep.metadata.namespace.clone(), keep.metadata.name.clone());
            (*ctx
                .store
                .modify::<ControllerRevision>(&ns, &name, ctx.now, |c| c.revision = next)
                .map_err(|e| e.to_string())?)
            .clone()
        } else {
            keep
        }
    };
    let hash = cur.metadata.labels.get(HASH_LABEL).cloned().unwrap_or_default();
    Ok(History { hash, revision: cur.revision, old })
}

/// `dedupCurHistories`: keep the highest revision; pods labelled with another duplicate's
/// hash get the kept one's, then the duplicate goes.
fn dedup_current(
    ds: &DaemonSet,
    mut current: Vec<ControllerRevision>,
    ctx: &mut Ctx<'_>,
) -> Result<ControllerRevision, String> {
    if current.len() == 1 {
        return Ok(current.remove(0));
    }
    let keep_at = current.iter().enumerate().fold(0, |best, (i, c)| {
        if c.revision >= current[best].revision {
            i
        } else {
            best
        }
    });
    let keep = current.remove(keep_at);
    let keep_hash = keep.metadata.labels.get(HASH_LABEL).cloned().unwrap_or_default();
    let ns = ds.metadata.namespace.clone();
    for dup in current {
        let pods: Vec<String> = super::pods::owned(ctx.store, ds)
            .into_iter()
            .filter(|p| p.metadata.labels.get(HASH_LABEL) != Some(&keep_hash))
            .map(|p| p.metadata.name.clone())
            .collect();
        for pod in pods {
            ctx.store
                .modify::<crate::model::Pod>(&ns, &pod, ctx.now, |p| {
                    p.metadata.labels.insert(HASH_LABEL.into(), keep_hash.clone());
                })
                .map_err(|e| e.to_string())?;
        }
        delete_revision(ctx, &ns, &dup.metadata.name)?;
    }
    Ok(keep)
}

/// `snapshot`: the revision `<ds>-<ComputeHash(template)>` with the template's labels plus
/// the hash, the DaemonSet's annotations and a controller reference. A name taken by a
/// different template is a hash collision: `collisionCount` goes up and the next sync
/// tries again under a new name.
fn snapshot(
    ds: &DaemonSet,
    revision: i64,
    ctx: &mut Ctx<'_>,
) -> Result<ControllerRevision, String> {
    let hash = compute_hash(&ds.spec.template, ds.status.collision_count);
    let name = format!("{}-{hash}", ds.metadata.name);
    let mut labels = ds.spec.template.metadata.labels.clone();
    labels.insert(HASH_LABEL.into(), hash.clone());
    let patch: Value = serde_json::from_str(&patch_of(ds)).map_err(|e| e.to_string())?;
    let cr = ControllerRevision {
        api_version: "apps/v1".into(),
        kind: "ControllerRevision".into(),
        metadata: ObjectMeta {
            name: name.clone(),
            namespace: ds.metadata.namespace.clone(),
            labels,
            annotations: ds.metadata.annotations.clone(),
            owner_references: vec![OwnerReference::controller(
                "apps/v1",
                "DaemonSet",
                &ds.metadata,
            )],
            ..Default::default()
        },
        data: Opaque(Some(Box::new(patch))),
        revision,
    };
    match ctx.store.create(cr, ctx.now, ctx.rng) {
        Ok(created) => {
            ctx.decide(
                Kind::DaemonSet,
                &ds.metadata,
                DaemonSetSaid::WantRevision,
                DaemonSetSaid::NoRevisionMatches,
                DaemonSetSaid::CreateRevision { revision, name: name.clone() },
            );
            Ok((*created).clone())
        }
        Err(ApiError::AlreadyExists { .. }) => {
            let existing = ctx.store.get::<ControllerRevision>(&ds.metadata.namespace, &name);
            if let Some(existing) = existing.filter(|e| matches(ds, e)) {
                return Ok(existing.clone());
            }
            let (ns, ds_name) = (ds.metadata.namespace.clone(), ds.metadata.name.clone());
            ctx.store
                .modify_status::<DaemonSet>(&ns, &ds_name, ctx.now, |d| {
                    *d.status.collision_count.get_or_insert(0) += 1;
                })
                .map_err(|e| e.to_string())?;
            Err(format!("controllerrevisions.apps \"{name}\" already exists"))
        }
        Err(e) => Err(e.to_string()),
    }
}

fn delete_revision(ctx: &mut Ctx<'_>, ns: &str, name: &str) -> Result<(), String> {
    match ctx.store.delete::<ControllerRevision>(ns, name, &DeleteOptions::default(), ctx.now) {
        Ok(_) | Err(ApiError::NotFound { .. }) => Ok(()),
        Err(e) => Err(e.to_string()),
    }
}

/// `cleanupHistory`: beyond `revisionHistoryLimit` old revisions, delete the oldest whose
/// hash no live pod carries.
pub fn cleanup_history(
    ds: &DaemonSet,
    mut old: Vec<ControllerRevision>,
    ctx: &mut Ctx<'_>,
) -> Result<(), String> {
    let mut to_kill = old.len() as i64 - i64::from(ds.spec.revision_history_limit.max(0));
    if to_kill <= 0 {
        return Ok(());
    }
    let live: BTreeSet<String> = super::pods::owned(ctx.store, ds)
        .iter()
        .filter_map(|p| p.metadata.labels.get(HASH_LABEL).cloned())
        .collect();
    crate::sort::sort_by(&mut old, |a, b| a.revision.cmp(&b.revision));
    for cr in old {
        if to_kill <= 0 {
            break;
        }
        if cr.metadata.labels.get(HASH_LABEL).is_some_and(|h| live.contains(h)) {
            continue;
        }
        delete_revision(ctx, &cr.metadata.namespace, &cr.metadata.name)?;
        to_kill -= 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ds() -> DaemonSet {
        let yaml = "metadata: {name: agent}\nspec:\n  selector: {matchLabels: {app: agent}}\n  template:\n    metadata: {labels: {app: agent}}\n    spec: {containers: [{name: agent, image: busybox}]}\n";
        serde_yaml_ng::from_str(yaml).expect("a DaemonSet")
    }

    // update.go getPatch: the template under spec, "$patch":"replace" inside it, keys in
    // Go's sorted order, and the zero creationTimestamp written as null.
    #[test]
    fn the_patch_replaces_the_whole_template() {
        assert_eq!(
            patch_of(&ds()),
            r#"{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null,"labels":{"app":"agent"}},"spec":{"containers":[{"image":"busybox","name":"agent","resources":{}}]}}}}"#
        );
    }

    #[test]
    fn a_revision_matches_only_the_template_it_holds() {
        let d = ds();
        let cr = ControllerRevision {
            data: Opaque(Some(Box::new(serde_json::from_str(&patch_of(&d)).unwrap()))),
            ..Default::default()
        };
        assert!(matches(&d, &cr));
        let mut changed = d.clone();
        changed.spec.template.spec.containers[0].image = "busybox:1.37".into();
        assert!(!matches(&changed, &cr));
        // Fields outside the template are no part of a revision.
        let mut scaled = d;
        scaled.spec.min_ready_seconds = 5;
        assert!(matches(&scaled, &cr));
    }

    #[test]
    fn the_template_generation_comes_from_the_deprecated_annotation() {
        let mut d = ds();
        assert_eq!(template_generation(&d), None);
        d.metadata.annotations.insert(TEMPLATE_GENERATION_ANNOTATION.into(), "3".into());
        assert_eq!(template_generation(&d), Some(3));
        d.metadata.annotations.insert(TEMPLATE_GENERATION_ANNOTATION.into(), "x".into());
        assert_eq!(template_generation(&d), None);
    }
}
