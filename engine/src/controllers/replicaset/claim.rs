//! What one ReplicaSet sync claims and counts: the pods it owns or may adopt, the surplus
//! to delete in upstream's order, and the counts behind its status, read from the store's
//! pod tally when that can answer and from a visit to every pod otherwise.
//!
//! Models pkg/controller/replicaset/replica_set.go (`syncReplicaSet` up to
//! `manageReplicas`, `getPodsToDelete`, `getIndirectlyRelatedPods`), replica_set_utils.go
//! (`calculateStatus`) and pkg/controller/controller_ref_manager.go (`ClaimPods`). The
//! writes (release, adopt, create, delete, status) stay in `mod.rs`.

use crate::clock::Time;
use crate::labels::selector::Selector;
use crate::model::*;
use crate::store::Store;

use super::super::ranking::{self, Ranked};
use super::BURST_REPLICAS;

fn is_finished(p: &Pod) -> bool {
    matches!(p.status.phase, PodPhase::Succeeded | PodPhase::Failed)
}

/// Pod counts behind the status (`calculateStatus`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Counts {
    pub replicas: usize,
    pub fully_labeled: usize,
    pub ready: usize,
    pub available: usize,
    pub terminating: usize,
}

/// What one sync will do, decided from a single read of the store.
pub(super) struct Plan {
    pub(super) selector: Selector,
    pub(super) release: Vec<String>,
    pub(super) adopt: Vec<String>,
    /// Surplus pods to delete, in deletion order.
    pub(super) victims: Vec<String>,
    pub(super) want: usize,
    pub(super) claimed: usize,
    pub(super) counts: Counts,
}

/// `syncReplicaSet` up to the writes: claim (`ClaimPods`), count, and pick victims.
pub(super) fn plan(rs: &ReplicaSet, store: &Store, now: Time) -> Plan {
    let selector = rs.spec.selector.to_selector();
    let want = rs.spec.replicas.max(0) as usize;
    // Most syncs claim what they already own and delete nothing: the store's tally of our
    // pods answers those without a visit to each pod. Debug builds recount to prove it.
    if let Some(counts) = tallied(rs, &selector, store, now) {
        debug_assert_eq!(counts, walk(rs, selector.clone(), store, now).counts);
        let claimed = counts.replicas;
        return Plan {
            selector,
            release: vec![],
            adopt: vec![],
            victims: vec![],
            want,
            claimed,
            counts,
        };
    }
    walk(rs, selector, store, now)
}

/// The counts of a sync that releases, adopts and deletes nothing, from the store's tally of
/// the pods that name us as controller (`Store::pod_tally`), or `None` when the sync must
/// look at each pod: we are being deleted, an orphan in the namespace could be adopted, one
/// of our active pods no longer matches the selector, or we own more than we want.
pub fn tallied(rs: &ReplicaSet, selector: &Selector, store: &Store, now: Time) -> Option<Counts> {
    if rs.metadata.is_deleting() || store.has_orphan_pods(&rs.metadata.namespace) {
        return None;
    }
    let template = &rs.spec.template.metadata.labels;
    let template_matches = selector.matches(template);
    let implied = fully_labeled_by_selector(rs);
    let min_ready = rs.spec.min_ready_seconds;
    let mut c = Counts::default();
    for (labels, g) in store.pod_tally(&rs.metadata.uid) {
        let matches = (template_matches && labels == template) || selector.matches(labels);
        if !matches {
            if g.active > 0 {
                return None;
            }
            continue;
        }
        c.replicas += g.active;
        c.terminating += g.terminating;
        c.ready += g.ready;
        c.available += g.available(min_ready, now);
        if implied || template.iter().all(|(k, v)| labels.get(k) == Some(v)) {
            c.fully_labeled += g.active;
        }
    }
    (c.replicas <= rs.spec.replicas.max(0) as usize).then_some(c)
}

/// The counts a sync finds by visiting every pod it could claim, as `syncReplicaSet` does:
/// what `tallied` must agree with whenever it answers.
pub fn recount(rs: &ReplicaSet, store: &Store, now: Time) -> Counts {
    walk(rs, rs.spec.selector.to_selector(), store, now).counts
}

/// The sync's plan from a visit to each pod it could claim.
fn walk(rs: &ReplicaSet, selector: Selector, store: &Store, now: Time) -> Plan {
    let deleting = rs.metadata.is_deleting();
    let uid = rs.metadata.uid.as_str();
    let candidates = store.owned_or_orphan_pods(uid, &rs.metadata.namespace);
    let mut claimed: Vec<&Pod> = Vec::new();
    let (mut release, mut adopt) = (Vec::new(), Vec::new());
    let mut terminating = 0;
    // Pods made from the template share its label map (`Labels`): when the template matches,
    // such a pod does too, and the equality is a pointer comparison instead of the selector
    // run on each of thousands of pods every sync.
    let template = &rs.spec.template.metadata.labels;
    let template_matches = selector.matches(template);
    for pod in &candidates {
        let labels = &pod.metadata.labels;
        let matches = (template_matches && labels == template) || selector.matches(labels);
        let ours = pod.metadata.controller_ref().map(|r| r.uid == uid);
        if !pod.is_active() {
            terminating += usize::from(
                ours == Some(true) && matches && pod.metadata.is_deleting() && !is_finished(pod),
            );
            continue;
        }
        match ours {
            Some(false) => {}
            Some(true) if matches => claimed.push(pod),
            // Ours, but its labels moved away: release it (not while we are being deleted).
            Some(true) if !deleting => release.push(pod.metadata.name.clone()),
            Some(true) => {}
            // An orphan that matches: adopt it, unless we are being deleted.
            None if matches && !deleting => {
                adopt.push(pod.metadata.name.clone());
                claimed.push(pod);
            }
            None => {}
        }
    }
    let want = rs.spec.replicas.max(0) as usize;
    let mut victims = Vec::new();
    if !deleting && claimed.len() > want {
        let n = (claimed.len() - want).min(BURST_REPLICAS);
        victims = pods_to_delete(rs, &claimed, n, store, now)
            .iter()
            .map(|p| p.metadata.name.clone())
            .collect();
    }
    let counts = count(rs, &claimed, terminating, now);
    Plan { selector, release, adopt, victims, want, claimed: claimed.len(), counts }
}

/// Claimed pods match the selector; when the selector is exactly the template's labels
/// (what a Deployment writes), every claimed pod is fully labeled without a second look.
fn fully_labeled_by_selector(rs: &ReplicaSet) -> bool {
    let template = &rs.spec.template.metadata.labels;
    let selector = &rs.spec.selector;
    selector.match_expressions.is_empty()
        && template.iter().all(|(k, v)| selector.match_labels.get(k) == Some(v))
}

fn count(rs: &ReplicaSet, claimed: &[&Pod], terminating: usize, now: Time) -> Counts {
    let template = &rs.spec.template.metadata.labels;
    let implied = fully_labeled_by_selector(rs);
    let mut counts = Counts { replicas: claimed.len(), terminating, ..Default::default() };
    for p in claimed {
        if implied || template.iter().all(|(k, v)| p.metadata.labels.get(k) == Some(v)) {
            counts.fully_labeled += 1;
        }
        if p.is_ready() {
            counts.ready += 1;
            if p.is_available(rs.spec.min_ready_seconds, now) {
                counts.available += 1;
            }
        }
    }
    counts
}

/// `getPodsToDelete`: rank by crowding among sibling ReplicaSets' pods, then sort. When
/// every pod goes, the input order is kept, as upstream does.
fn pods_to_delete<'a>(
    rs: &ReplicaSet,
    claimed: &[&'a Pod],
    n: usize,
    store: &Store,
    now: Time,
) -> Vec<&'a Pod> {
    if n >= claimed.len() {
        return claimed.to_vec();
    }
    let mut per_node: std::collections::BTreeMap<String, usize> = Default::default();
    for_each_related_pod(rs, claimed, store, |p| {
        *per_node.entry(p.node().unwrap_or("").to_string()).or_default() += 1
    });
    let ranked: Vec<Ranked<'a>> = claimed
        .iter()
        .map(|pod| Ranked {
            pod,
            rank: per_node.get(pod.node().unwrap_or("")).copied().unwrap_or(0),
        })
        .collect();
    let sorted = ranking::sort_by_less(ranked, &|a, b| ranking::less(a, b, now));
    sorted.into_iter().take(n).map(|r| r.pod).collect()
}

/// Visits the active pods of every ReplicaSet with the same controller as this one
/// (`getIndirectlyRelatedPods`), or just ours for a bare ReplicaSet.
fn for_each_related_pod(rs: &ReplicaSet, claimed: &[&Pod], store: &Store, mut f: impl FnMut(&Pod)) {
    let Some(owner) = rs.metadata.controller_ref() else {
        claimed.iter().for_each(|p| f(p));
        return;
    };
    let own = super::Flavor::of(rs).kind();
    for (kind, key) in store.dependents_of(&owner.uid) {
        if kind != own {
            continue;
        }
        let Some(sibling) = store.meta_of(own, &key) else { continue };
        for (k, pkey) in store.dependents_of(&sibling.uid) {
            if k == Kind::Pod {
                if let Some(p) = store.get::<Pod>(&pkey.ns, &pkey.name).filter(|p| p.is_active()) {
                    f(p);
                }
            }
        }
    }
}
