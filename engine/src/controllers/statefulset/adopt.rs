//! Which pods a StatefulSet controls: it adopts an orphan that matches its selector and is
//! named as one of its members (`<set>-<n>`), and releases a pod of its own whose labels no
//! longer match.
//!
//! Its orphaned ControllerRevisions that match the selector are adopted too, so a set made
//! again after `delete --cascade=orphan` finds its history and leaves its pods alone.
//!
//! Models pkg/controller/statefulset/stateful_set.go `getPodsForStatefulSet` (the
//! `isMemberOf` filter) and `adoptOrphanRevisions`, and
//! pkg/controller/controller_ref_manager.go `ClaimPods`.

use super::identity;
use super::pods::set_identity;
use crate::controllers::said::{ClaimSaid, StatefulSetSaid};
use crate::controllers::Ctx;
use crate::model::{ControllerRevision, Kind, OwnerReference, Pod, StatefulSet};

/// `ClaimPods` with the member filter: adopt matching orphans, release mismatched pods.
pub(super) fn claim_pods(set: &StatefulSet, ctx: &mut Ctx<'_>) {
    let m = &set.metadata;
    let selector = set.spec.selector.to_selector();
    let id = set_identity(set);
    let (mut adopt, mut release) = (Vec::new(), Vec::new());
    for pod in ctx.store.owned_or_orphan_pods(&m.uid, &m.namespace) {
        let matches = selector.matches(&pod.metadata.labels) && identity::is_member_of(&id, pod);
        match pod.metadata.controller_ref() {
            Some(r) if r.uid == m.uid && !matches => release.push(pod.metadata.name.clone()),
            None if matches && pod.is_active() && !pod.metadata.is_deleting() => {
                adopt.push(pod.metadata.name.clone())
            }
            _ => {}
        }
    }
    for name in release {
        let uid = m.uid.clone();
        let done = ctx.store.modify::<Pod>(&m.namespace, &name, ctx.now, |p| {
            p.metadata.owner_references.retain(|o| o.uid != uid)
        });
        if done.is_ok() {
            ctx.decide(
                Kind::StatefulSet,
                m,
                ClaimSaid::PodsMatching { selector: selector.to_string() },
                ClaimSaid::NoLongerMatches { pod: name.clone() },
                ClaimSaid::ReleasePod { pod: name },
            );
        }
    }
    for name in adopt {
        let owner = OwnerReference::controller("apps/v1", "StatefulSet", m);
        let done = ctx.store.modify::<Pod>(&m.namespace, &name, ctx.now, |p| {
            if p.metadata.controller_ref().is_none() {
                p.metadata.owner_references.push(owner)
            }
        });
        if done.is_ok() {
            let (set, selector) = (m.name.clone(), selector.to_string());
            let want = StatefulSetSaid::OwnMembers { set, selector };
            let observed = ClaimSaid::OrphanMatches { pod: name.clone() };
            ctx.decide(Kind::StatefulSet, m, want, observed, ClaimSaid::AdoptPod { pod: name });
        }
    }
}

/// `adoptOrphanRevisions`: revisions with no controller whose labels match the selector.
pub(super) fn adopt_revisions(set: &StatefulSet, ctx: &mut Ctx<'_>) {
    let m = &set.metadata;
    let selector = set.spec.selector.to_selector();
    let orphans: Vec<String> = (ctx.store.list::<ControllerRevision>(Some(&m.namespace), None))
        .filter(|r| r.metadata.controller_ref().is_none() && selector.matches(&r.metadata.labels))
        .map(|r| r.metadata.name.clone())
        .collect();
    for name in orphans {
        let owner = OwnerReference::controller("apps/v1", "StatefulSet", m);
        let _ = ctx.store.modify::<ControllerRevision>(&m.namespace, &name, ctx.now, |r| {
            r.metadata.owner_references.push(owner)
        });
    }
}
