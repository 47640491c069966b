//! The StatefulSet loop: keeps pods `<set>-<ordinal>` for the owned ordinals, each with its
//! claims, at the revision its ordinal and the update strategy call for, and reports status.
//! It adopts orphans named as its members that match its selector (`adopt.rs`), releases
//! pods whose labels moved away, and puts back identity labels edited away.
//!
//! Models pkg/controller/statefulset/stateful_set.go (`sync`, the pod and revision event
//! handlers), stateful_set_control.go (`performUpdate`, `updateStatefulSet`,
//! `getStatefulSetRevisions`, `truncateHistory`), stateful_pod_control.go (`CreateStatefulPod`,
//! `DeleteStatefulPod`) and stateful_set_status_updater.go. The pure parts are beside it:
//! `ordered.rs` decides, `revision.rs`, `pods.rs` and `status.rs` build; `actions.rs` writes
//! the pods and claims of one step.

use std::collections::BTreeMap;
use std::rc::Rc;

use super::super::{key_of, Controller, ControllerName, Ctx};
use super::actions::{
    condemn_claims, create, delete, next_wanted, repair_identity, retain_claims, waiting_on,
};
use super::adopt;
use super::identity;
use super::ordered::{self, Member, Pass, Step};
use super::pods;
use super::revision::{self, UpdateRevision, POD_REVISION_LABEL};
use super::status;
use crate::controllers::history;
use crate::controllers::queue::WorkQueue;
use crate::controllers::said::StatefulSetSaid;
use crate::model::*;
use crate::store::{ApiError, DeleteOptions, Key, Store, WatchEvent};

/// The most pods one set may ask for before the loop refuses to lay them out (the same bound
/// `kubectl scale` and `create deployment` put on `--replicas`).
pub const MAX_PODS: i32 = 100_000;

/// Pods created per pass at most (`BurstReplicas`, as the ReplicaSet loop uses).
const BURST: usize = crate::controllers::replicaset::BURST_REPLICAS;

#[derive(Default)]
pub struct StatefulSetController {
    queue: WorkQueue<Key>,
    /// The last wait each set reported, so a set waiting on the same pod over many passes
    /// says so once in the decision feed.
    waits: BTreeMap<Key, StatefulSetSaid>,
}

impl Controller for StatefulSetController {
    type Key = Key;

    fn name(&self) -> ControllerName {
        ControllerName::StatefulSet
    }

    fn queue(&mut self) -> &mut WorkQueue<Key> {
        &mut self.queue
    }

    fn observe(&mut self, event: &WatchEvent, store: &Store) {
        // `addPod`/`updatePod`/`deletePod` and the revision handlers: a change to a pod or
        // revision the set controls wakes the set.
        let owner = |meta: &ObjectMeta| {
            meta.controller_ref()
                .filter(|r| r.kind == "StatefulSet")
                .map(|r| Key::new(&meta.namespace, &r.name))
        };
        match &event.object {
            Object::StatefulSet(o) => self.queue.add(key_of(&o.metadata)),
            Object::Pod(p) => match (owner(&p.metadata), p.metadata.controller_ref()) {
                (Some(k), _) => self.queue.add(k),
                (None, Some(_)) => {}
                // An orphan wakes the sets that could adopt it (`getStatefulSetsForPod`).
                (None, None) => {
                    for set in store.list::<StatefulSet>(Some(&p.metadata.namespace), None) {
                        if set.spec.selector.to_selector().matches(&p.metadata.labels) {
                            self.queue.add(key_of(&set.metadata));
                        }
                    }
                }
            },
            Object::ControllerRevision(r) => {
                if let Some(k) = owner(&r.metadata) {
                    self.queue.add(k);
                }
            }
            _ => {}
        }
    }

    fn resync(&mut self, store: &Store) {
        for o in store.list::<StatefulSet>(None, None) {
            self.queue.add(key_of(&o.metadata));
        }
    }

    fn reconcile(&mut self, key: &Key, ctx: &mut Ctx<'_>) {
        let Some(set) = ctx.store.get_rc::<StatefulSet>(&key.ns, &key.name) else {
            self.waits.remove(key);
            return;
        };
        // `sync`: a set being deleted is left to the garbage collector.
        if set.metadata.is_deleting() {
            return;
        }
        // A pass lays out every owned ordinal, so a count no browser tab could hold is
        // refused here rather than allocated.
        if set.spec.replicas > MAX_PODS {
            let observed = StatefulSetSaid::SpecReplicas { replicas: set.spec.replicas };
            if self.waits.get(key) != Some(&observed) {
                let want = StatefulSetSaid::AtMostPods { max: MAX_PODS };
                let action = StatefulSetSaid::RefuseReplicas;
                ctx.decide(Kind::StatefulSet, &set.metadata, want, observed.clone(), action);
                self.waits.insert(key.clone(), observed);
            }
            return;
        }
        adopt::adopt_revisions(&set, ctx);
        adopt::claim_pods(&set, ctx);
        let Some((current, update, collisions)) = revisions(&set, ctx) else { return };
        repair_identity(&set, &owned_pods(ctx.store, &set), ctx);
        let members = owned_pods(ctx.store, &set);
        let steps =
            ordered::plan(&pass(&set, &update.metadata.name), &summaries(&set, &members, ctx));
        let mut waited = None;
        let (mut creates, mut deferred) = (0, false);
        for step in steps {
            match step {
                // Parallel creates every missing pod in one pass upstream; here a pass stops
                // at a burst, as the ReplicaSet's does, and the next pass goes on.
                Step::Create(_) if creates == BURST => deferred = true,
                Step::Create(ord) => {
                    creates += 1;
                    if let Some(blocked) = create(&set, &current, &update, ord, ctx) {
                        let want = identity::pod_name(&set.metadata.name, ord);
                        waited = Some((StatefulSetSaid::NextPod { pod: want }, blocked));
                    }
                }
                Step::Recreate(ord) => {
                    let pod = identity::pod_name(&set.metadata.name, ord);
                    let why = StatefulSetSaid::PodFailed { pod };
                    delete(&set, ord, why, StatefulSetSaid::DeleteToRecreate, ctx)
                }
                Step::Condemn(ord) => {
                    condemn_claims(&set, &members, ord, ctx);
                    let pod = identity::pod_name(&set.metadata.name, ord);
                    let why = StatefulSetSaid::PastLastOrdinal { pod: pod.clone() };
                    delete(&set, ord, why, StatefulSetSaid::DeleteHighestFirst { pod }, ctx)
                }
                Step::Update(ord) => {
                    let pod = identity::pod_name(&set.metadata.name, ord);
                    let why = StatefulSetSaid::OldRevision { pod: pod.clone() };
                    let revision = update.metadata.name.clone();
                    delete(&set, ord, why, StatefulSetSaid::DeleteToUpdate { pod, revision }, ctx)
                }
                Step::WaitFor(ord, wait) => {
                    waited = Some((next_wanted(&set, ctx.store), waiting_on(&set, ord, wait)))
                }
            }
        }
        if deferred {
            self.queue.add_after_for(key.clone(), ctx.now, crate::controllers::Wait::Recheck);
        }
        match waited {
            Some((want, observed)) if self.waits.get(key) != Some(&observed) => {
                let action = StatefulSetSaid::Wait;
                ctx.decide(Kind::StatefulSet, &set.metadata, want, observed.clone(), action);
                self.waits.insert(key.clone(), observed);
            }
            Some(_) => {}
            None => {
                self.waits.remove(key);
            }
        }
        retain_claims(&set, ctx);
        let members = owned_pods(ctx.store, &set);
        let refs: Vec<&Pod> = members.iter().map(|p| p.as_ref()).collect();
        let next = status::compute(
            &set,
            &refs,
            &current.metadata.name,
            &update.metadata.name,
            collisions,
            ctx.now,
        );
        if next != set.status {
            let _ = ctx.store.modify_status::<StatefulSet>(&key.ns, &key.name, ctx.now, |s| {
                s.status = next.clone();
            });
        }
        truncate_history(&set, &refs, &next, ctx);
        // A pod that just became ready turns available after minReadySeconds: look again then.
        let min_ready = set.spec.min_ready_seconds;
        if min_ready > 0 && next.ready_replicas != next.available_replicas {
            self.queue.add_after_for(
                key.clone(),
                ctx.now.plus_secs(i64::from(min_ready)),
                crate::controllers::Wait::MinReady,
            );
        }
    }

    fn forget(&mut self) {
        self.queue.clear();
        self.waits.clear();
    }
}

/// The set's side of `ordered::plan`.
fn pass<'a>(set: &StatefulSet, update: &'a str) -> Pass<'a> {
    let s = &set.spec;
    let rolling = (s.update_strategy.type_ == "RollingUpdate")
        .then(|| s.update_strategy.rolling_update.as_ref().map_or(0, |r| r.partition));
    Pass {
        start: s.start_ordinal(),
        replicas: s.replicas,
        ordered: s.pod_management_policy != "Parallel",
        rolling_partition: rolling,
        update_revision: update,
    }
}

/// Pods the set controls, by controller reference (`getPodsForStatefulSet` after claiming),
/// in ordinal order.
pub(super) fn owned_pods(store: &Store, set: &StatefulSet) -> Vec<Rc<Pod>> {
    let uid = &set.metadata.uid;
    let mut pods: Vec<Rc<Pod>> = store
        .list_rc::<Pod>(Some(&set.metadata.namespace))
        .into_iter()
        .filter(|p| p.metadata.controller_ref().is_some_and(|r| &r.uid == uid))
        .collect();
    crate::sort::sort_by_key(&mut pods, |p| identity::ordinal(&p.metadata.name));
    pods
}

fn summaries(set: &StatefulSet, pods: &[Rc<Pod>], ctx: &Ctx<'_>) -> Vec<Member> {
    let id = pods::set_identity(set);
    pods.iter()
        .filter(|p| identity::is_member_of(&id, p))
        .map(|p| Member {
            ordinal: identity::ordinal(&p.metadata.name),
            finished: matches!(p.status.phase, PodPhase::Succeeded | PodPhase::Failed),
            terminating: p.metadata.is_deleting(),
            running_and_ready: identity::is_running_and_ready(p),
            available: identity::is_running_and_available(p, set.spec.min_ready_seconds, ctx.now),
            revision: p.metadata.labels.get(POD_REVISION_LABEL).cloned().unwrap_or_default(),
        })
        .collect()
}

/// `getStatefulSetRevisions` with its writes: the current revision (from status, or the
/// update revision for a new set), the update revision, and the collision count.
fn revisions(
    set: &StatefulSet,
    ctx: &mut Ctx<'_>,
) -> Option<(Rc<ControllerRevision>, Rc<ControllerRevision>, i32)> {
    let ns = &set.metadata.namespace;
    let owned: Vec<Rc<ControllerRevision>> = ctx
        .store
        .list_rc::<ControllerRevision>(Some(ns))
        .into_iter()
        .filter(|r| r.metadata.controller_ref().is_some_and(|o| o.uid == set.metadata.uid))
        .collect();
    let mut plain: Vec<history::Revision> =
        owned.iter().map(|r| revision::as_revision(r)).collect();
    history::sort_controller_revisions(&mut plain);
    let mut collisions = set.status.collision_count.unwrap_or(0);
    let update = match revision::update_revision(set, &plain, collisions) {
        UpdateRevision::Unchanged(name) => ctx.store.get_rc::<ControllerRevision>(ns, &name)?,
        UpdateRevision::Renumber { name, revision } => {
            let r = ctx
                .store
                .modify::<ControllerRevision>(ns, &name, ctx.now, |r| r.revision = revision);
            ctx.decide(
                Kind::StatefulSet,
                &set.metadata,
                StatefulSetSaid::EarlierTemplate,
                StatefulSetSaid::RevisionHolds { name: name.clone() },
                StatefulSetSaid::Renumber { name: name.clone(), revision },
            );
            r.ok()?
        }
        UpdateRevision::Create(cr) => create_revision(set, *cr, &mut collisions, ctx)?,
    };
    let current = (owned.iter())
        .find(|r| r.metadata.name == set.status.current_revision)
        .cloned()
        .unwrap_or_else(|| update.clone());
    Some((current, update, collisions))
}

/// `CreateControllerRevision`: a name taken by a revision with other data is a hash
/// collision; count it and hash again.
fn create_revision(
    set: &StatefulSet,
    mut cr: ControllerRevision,
    collisions: &mut i32,
    ctx: &mut Ctx<'_>,
) -> Option<Rc<ControllerRevision>> {
    let ns = set.metadata.namespace.clone();
    loop {
        match ctx.store.create(cr.clone(), ctx.now, ctx.rng) {
            Ok(created) => {
                ctx.decide(
                    Kind::StatefulSet,
                    &set.metadata,
                    StatefulSetSaid::WantRevision,
                    if created.revision == 1 {
                        StatefulSetSaid::NoRevisionYet
                    } else {
                        StatefulSetSaid::TemplateChanged
                    },
                    StatefulSetSaid::CreateRevision {
                        name: created.metadata.name.clone(),
                        revision: created.revision,
                    },
                );
                return Some(created);
            }
            Err(ApiError::AlreadyExists { .. }) => {
                let existing = ctx.store.get_rc::<ControllerRevision>(&ns, &cr.metadata.name)?;
                let ours =
                    existing.metadata.controller_ref().is_some_and(|r| r.uid == set.metadata.uid);
                if ours && existing.data == cr.data {
                    return Some(existing);
                }
                *collisions += 1;
                cr = revision::new_revision(set, cr.revision, *collisions);
            }
            Err(_) => return None,
        }
    }
}

/// `truncateHistory`, after the status is written.
fn truncate_history(set: &StatefulSet, pods: &[&Pod], s: &StatefulSetStatus, ctx: &mut Ctx<'_>) {
    let ns = &set.metadata.namespace;
    let mut owned: Vec<history::Revision> = (ctx.store.list::<ControllerRevision>(Some(ns), None))
        .filter(|r| r.metadata.controller_ref().is_some_and(|o| o.uid == set.metadata.uid))
        .map(revision::as_revision)
        .collect();
    history::sort_controller_revisions(&mut owned);
    let limit = set.spec.revision_history_limit;
    let doomed =
        revision::to_truncate(&owned, pods, &s.current_revision, &s.update_revision, limit);
    for name in doomed {
        let _ =
            ctx.store.delete::<ControllerRevision>(ns, &name, &DeleteOptions::default(), ctx.now);
    }
}
