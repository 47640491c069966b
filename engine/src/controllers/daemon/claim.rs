//! A DaemonSet claims what it selects: orphan pods and ControllerRevisions matching its
//! selector are adopted (after a live re-read of the DaemonSet, which must not be going
//! away), and owned pods whose labels moved away are released. So a DaemonSet deleted with
//! `--cascade=orphan` and created again takes its old pods back instead of doubling them.
//!
//! Models pkg/controller/controller_ref_manager.go (`ClaimPods`,
//! `ClaimControllerRevisions`, `AdoptPod`, `ReleasePod`) as daemon_controller.go
//! `getDaemonPods` and update.go `controlledHistories` call it.

use crate::controllers::said::ClaimSaid;
use crate::controllers::Ctx;
use crate::model::{ControllerRevision, DaemonSet, Kind, OwnerReference, Pod};

/// `RecheckDeletionTimestamp`: the live DaemonSet is this one and not being deleted.
fn can_adopt(ds: &DaemonSet, ctx: &Ctx<'_>) -> bool {
    ctx.store
        .get::<DaemonSet>(&ds.metadata.namespace, &ds.metadata.name)
        .is_some_and(|live| live.metadata.uid == ds.metadata.uid && !live.metadata.is_deleting())
}

/// Adopts matching orphan pods and releases owned pods that no longer match.
pub fn claim_pods(ds: &DaemonSet, ctx: &mut Ctx<'_>) {
    let selector = ds.spec.selector.to_selector();
    let uid = ds.metadata.uid.clone();
    let ns = ds.metadata.namespace.clone();
    let (mut adopt, mut release) = (Vec::new(), Vec::new());
    for p in ctx.store.owned_or_orphan_pods(&uid, &ns) {
        let matches = selector.matches(&p.metadata.labels);
        match p.metadata.controller_ref().map(|r| r.uid == uid) {
            None if matches && !p.metadata.is_deleting() => adopt.push(p.metadata.name.clone()),
            Some(true) if !matches => release.push(p.metadata.name.clone()),
            _ => {}
        }
    }
    if !adopt.is_empty() && can_adopt(ds, ctx) {
        let owner = OwnerReference::controller("apps/v1", "DaemonSet", &ds.metadata);
        for name in adopt {
            let adopted = ctx.store.modify::<Pod>(&ns, &name, ctx.now, |p| {
                if p.metadata.controller_ref().is_none() {
                    p.metadata.owner_references.push(owner.clone());
                }
            });
            if adopted.is_ok() {
                ctx.decide(
                    Kind::DaemonSet,
                    &ds.metadata,
                    ClaimSaid::OwnEveryPod { selector: selector.to_string() },
                    ClaimSaid::OrphanMatches { pod: name.clone() },
                    ClaimSaid::AdoptPod { pod: name },
                );
            }
        }
    }
    if ds.metadata.is_deleting() {
        return;
    }
    for name in release {
        let released = ctx.store.modify::<Pod>(&ns, &name, ctx.now, |p| {
            p.metadata.owner_references.retain(|o| o.uid != uid)
        });
        if released.is_ok() {
            ctx.decide(
                Kind::DaemonSet,
                &ds.metadata,
                ClaimSaid::PodsMatching { selector: selector.to_string() },
                ClaimSaid::NoLongerMatches { pod: name.clone() },
                ClaimSaid::ReleasePod { pod: name },
            );
        }
    }
}

/// Adopts the namespace's orphan ControllerRevisions that match the selector.
pub fn claim_revisions(ds: &DaemonSet, ctx: &mut Ctx<'_>) {
    let selector = ds.spec.selector.to_selector();
    let ns = ds.metadata.namespace.clone();
    let orphans: Vec<String> = ctx
        .store
        .list::<ControllerRevision>(Some(&ns), Some(&selector))
        .filter(|cr| cr.metadata.controller_ref().is_none() && !cr.metadata.is_deleting())
        .map(|cr| cr.metadata.name.clone())
        .collect();
    if orphans.is_empty() || !can_adopt(ds, ctx) {
        return;
    }
    let owner = OwnerReference::controller("apps/v1", "DaemonSet", &ds.metadata);
    for name in orphans {
        let _ = ctx.store.modify::<ControllerRevision>(&ns, &name, ctx.now, |cr| {
            if cr.metadata.controller_ref().is_none() {
                cr.metadata.owner_references.push(owner.clone());
            }
        });
    }
}
