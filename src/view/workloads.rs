//! What the workload kinds add to the graph beyond ownership trees: the objects that head
//! trees, a StatefulSet's claims, a set's ControllerRevisions, and each autoscaler beside
//! what it scales. Read from the store, as the rest of the view is.

use std::collections::{BTreeMap, BTreeSet};

use kubeloop::model::{
    ControllerRevision, CronJob, DaemonSet, Deployment, HorizontalPodAutoscaler, Kind, Object,
    PersistentVolumeClaim, Pod, ReplicationController, StatefulSet,
};
use kubeloop::store::Store;

use super::collect::item_meta;
use super::edges::{Geo, Ref};
use super::memory::Parent;
use super::{ClaimItem, HpaItem, RevisionItem, Tree};
use crate::selection::ObjRef;

/// Every object that heads a tree, kind by kind (a Job heads one only without a CronJob,
/// which `build` decides).
pub(super) fn tops(store: &Store) -> impl Iterator<Item = Object> + '_ {
    fn all<T: kubeloop::store::Tabled>(store: &Store) -> impl Iterator<Item = Object> + '_ {
        store.list::<T>(None, None).map(|o| o.clone().into_object())
    }
    all::<Deployment>(store)
        .chain(all::<DaemonSet>(store))
        .chain(all::<StatefulSet>(store))
        .chain(all::<ReplicationController>(store))
        .chain(all::<CronJob>(store))
}

/// Gives each tree its claims, revisions and autoscalers, and records their owner references
/// for edges. Only the course part's kinds and loops make them (ControllerRevisions of
/// DaemonSets and StatefulSets, claims, HPAs), so in the page's split build this code ships
/// with it (`crate::lazy::course` calls `link`); before it there are none.
pub(super) fn seat(store: &Store, trees: &mut [Tree], refs: &mut Vec<Ref>) {
    if let Some(seat) = linked() {
        seat(store, trees, refs);
    }
}

type Seat = fn(&Store, &mut [Tree], &mut Vec<Ref>);

crate::lazy::seam!(Seat = seat_all);

fn seat_all(store: &Store, trees: &mut [Tree], refs: &mut Vec<Ref>) {
    let by_uid: BTreeMap<String, usize> = trees
        .iter()
        .enumerate()
        .filter(|(_, t)| !t.top.meta.gone && !t.top.meta.vanishing)
        .map(|(i, t)| (t.top.meta.uid.clone(), i))
        .collect();
    for rev in store.list::<ControllerRevision>(None, None) {
        let Some(i) = rev.metadata.controller_ref().and_then(|r| by_uid.get(&r.uid)) else {
            continue;
        };
        owner_refs(&rev.metadata, refs);
        let current = revision_is_current(&trees[*i], rev);
        let meta = item_meta(Kind::ControllerRevision, &rev.metadata);
        trees[*i].revisions.push(RevisionItem { meta, revision: rev.revision, current });
    }
    for t in trees.iter_mut() {
        t.revisions.sort_by_key(|r| r.revision);
    }
    claims(store, trees, &by_uid, refs);
    for h in store.list::<HorizontalPodAutoscaler>(None, None) {
        let r = &h.spec.scale_target_ref;
        let Some(kind) = Kind::from_resource(&r.kind) else { continue };
        let target = ObjRef::new(kind, &h.metadata.namespace, &r.name);
        let home = trees.iter_mut().find(|t| {
            !t.top.meta.gone
                && (t.top.meta.target == target
                    || t.rows.iter().any(|row| row.rs.meta.target == target))
        });
        let Some(tree) = home else { continue };
        tree.autoscalers.push(hpa_item(h, target));
    }
}

/// A DaemonSet's pods carry its update revision's hash; a StatefulSet names it in status.
fn revision_is_current(tree: &Tree, rev: &ControllerRevision) -> bool {
    let hash = rev.metadata.labels.get("controller-revision-hash");
    match tree.top.meta.target.kind {
        Kind::StatefulSet => false,
        _ => hash.is_some_and(|h| rev.metadata.name.ends_with(h.as_str())),
    }
}

/// A StatefulSet's claims: those named `<template>-<set>-<ordinal>` for one of its claim
/// templates, whether or not a pod uses them now.
fn claims(
    store: &Store,
    trees: &mut [Tree],
    by_uid: &BTreeMap<String, usize>,
    refs: &mut Vec<Ref>,
) {
    // Read only when some set has claim templates: the build runs on every store change.
    let any_claims =
        store.list::<StatefulSet>(None, None).any(|s| !s.spec.volume_claim_templates.is_empty());
    let in_use: BTreeSet<(String, String)> = if !any_claims {
        BTreeSet::new()
    } else {
        store
            .list::<Pod>(None, None)
            .filter(|p| p.metadata.deletion_timestamp.is_none())
            .flat_map(|p| {
                let ns = &p.metadata.namespace;
                p.spec
                    .volumes
                    .iter()
                    .filter_map(move |v| Some((ns.clone(), v.claim_name()?.to_string())))
            })
            .collect()
    };
    for sts in store.list::<StatefulSet>(None, None) {
        let Some(i) = by_uid.get(&sts.metadata.uid) else { continue };
        let prefixes: Vec<String> = sts
            .spec
            .volume_claim_templates
            .iter()
            .map(|t| format!("{}-{}-", t.metadata.name, sts.metadata.name))
            .collect();
        if prefixes.is_empty() {
            continue;
        }
        let ns = sts.metadata.namespace.as_str();
        for c in store.list::<PersistentVolumeClaim>(Some(ns), None) {
            let name = &c.metadata.name;
            let ordinal = prefixes.iter().find_map(|p| name.strip_prefix(p.as_str()));
            if !ordinal.is_some_and(|o| !o.is_empty() && o.bytes().all(|b| b.is_ascii_digit())) {
                continue;
            }
            owner_refs(&c.metadata, refs);
            trees[*i].claims.push(ClaimItem {
                meta: item_meta(Kind::PersistentVolumeClaim, &c.metadata),
                phase: c.status.phase.clone(),
                request: c.spec.resources.requests.get("storage").cloned().unwrap_or_default(),
                in_use: in_use.contains(&(ns.to_string(), name.clone())),
            });
        }
    }
}

fn hpa_item(h: &HorizontalPodAutoscaler, target: ObjRef) -> HpaItem {
    let cpu =
        h.spec.metrics.iter().position(|m| m.resource.as_ref().is_some_and(|r| r.name == "cpu"));
    let target_utilization =
        cpu.and_then(|i| h.spec.metrics[i].resource.as_ref()?.target.average_utilization);
    let current_utilization = h.status.current_metrics.iter().find_map(|m| {
        let r = m.resource.as_ref().filter(|r| r.name == "cpu")?;
        r.current.average_utilization
    });
    let inactive =
        h.status.conditions.iter().any(|c| c.type_ == "ScalingActive" && c.status == "False");
    HpaItem {
        meta: item_meta(Kind::HorizontalPodAutoscaler, &h.metadata),
        target,
        current_utilization,
        target_utilization,
        current_replicas: h.status.current_replicas,
        desired_replicas: h.status.desired_replicas,
        min: h.spec.min_replicas.unwrap_or(1),
        max: h.spec.max_replicas,
        inactive,
        synced: !h.status.conditions.is_empty(),
        arc: String::new(),
    }
}

fn owner_refs(m: &kubeloop::model::ObjectMeta, refs: &mut Vec<Ref>) {
    for r in &m.owner_references {
        refs.push(Ref {
            owner: r.uid.clone(),
            dependent: m.uid.clone(),
            controller: r.controller == Some(true),
        });
    }
}

/// Claims and revisions as edges see them: hung off their tree's spine.
pub(super) fn geo(trees: &[Tree], geo: &mut BTreeMap<String, Geo>) {
    for t in trees {
        let parent = Parent::Tree(t.top.meta.uid.clone());
        let metas = t.claims.iter().map(|c| &c.meta).chain(t.revisions.iter().map(|r| &r.meta));
        for m in metas {
            let g = Geo {
                rect: m.rect,
                parent: parent.clone(),
                name: m.kind_name(),
                deleting: m.deleting,
                live: true,
            };
            geo.insert(m.uid.clone(), g);
        }
    }
}
