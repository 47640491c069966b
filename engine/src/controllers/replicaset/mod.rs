//! The ReplicaSet controller: keeps `spec.replicas` active pods matching the selector.
//!
//! Models pkg/controller/replicaset/replica_set.go (`syncReplicaSet`, `manageReplicas`,
//! `getPodsToDelete`), replica_set_utils.go (`calculateStatus`) and
//! pkg/controller/controller_ref_manager.go (adoption and release). Expectations are not
//! modelled: the store is read directly, so there is no stale informer cache to guard against.
//!
//! The same sync runs ReplicationControllers (`rc.rs`), on a ReplicaSet view of each, as
//! pkg/controller/replication/replication_controller.go runs the ReplicaSet controller's code
//! through conversion.go's adapters.

mod claim;
mod flavor;
mod rc;

use crate::clock::Time;
use crate::labels::selector::Selector;
use crate::model::*;
use crate::store::{DeleteOptions, Key, Store, WatchEvent};

use super::said::{ClaimSaid, ReplicaSetSaid};
use super::{key_of, Controller, ControllerName, Ctx, WorkQueue};
use claim::plan;
pub use claim::{recount, tallied, Counts};
pub(crate) use flavor::Flavor;
pub use rc::ReplicationManager;

/// At most this many creates or deletes per sync (`BurstReplicas`).
pub const BURST_REPLICAS: usize = 500;
/// First batch of the slow-start create (`SlowStartInitialBatchSize`).
pub const SLOW_START_INITIAL_BATCH: usize = 1;

#[derive(Default)]
pub struct ReplicaSetController {
    queue: WorkQueue<Key>,
}

impl Controller for ReplicaSetController {
    type Key = Key;

    fn name(&self) -> ControllerName {
        ControllerName::ReplicaSet
    }

    fn queue(&mut self) -> &mut WorkQueue<Key> {
        &mut self.queue
    }

    fn observe(&mut self, event: &WatchEvent, store: &Store) {
        observe(Flavor::ReplicaSet, &mut self.queue, event, store);
    }

    fn resync(&mut self, store: &Store) {
        for key in Flavor::ReplicaSet.keys(store, None) {
            self.queue.add(key);
        }
    }

    fn reconcile(&mut self, key: &Key, ctx: &mut Ctx<'_>) {
        sync(Flavor::ReplicaSet, &mut self.queue, key, ctx);
    }
}

/// The event handlers: an owner's own events, and its pods' (`addPod`, `updatePod`,
/// `deletePod`).
fn observe(flavor: Flavor, queue: &mut WorkQueue<Key>, event: &WatchEvent, store: &Store) {
    let obj = &event.object;
    if obj.kind() == flavor.kind() {
        queue.add(key_of(obj.meta()));
        return;
    }
    let Object::Pod(pod) = obj else { return };
    match pod.metadata.controller_ref() {
        Some(r) if r.kind == flavor.kind().as_str() => {
            queue.add(Key::new(&pod.metadata.namespace, &r.name));
        }
        Some(_) => {}
        // An orphan wakes every owner that could adopt it (`GetPodReplicaSets`).
        None => {
            for (key, selector) in flavor.selectors(store, &pod.metadata.namespace) {
                if selector.matches(&pod.metadata.labels) {
                    queue.add(key);
                }
            }
        }
    }
}

/// `syncReplicaSet`.
fn sync(flavor: Flavor, queue: &mut WorkQueue<Key>, key: &Key, ctx: &mut Ctx<'_>) {
    let Some(rs) = flavor.get(ctx.store, key) else {
        return;
    };
    let kind = flavor.kind();
    // Read first, then write: the plan borrows the store, the writes need it mutably.
    let plan = plan(&rs, ctx.store, ctx.now);
    for name in &plan.release {
        release(&rs, &plan.selector, name, ctx);
    }
    for name in &plan.adopt {
        adopt(flavor, &rs, &plan.selector, name, ctx);
    }
    let (want, have) = (plan.want, plan.claimed);
    // An owner that is being deleted never creates or deletes pods; it only reports.
    let step = if rs.metadata.is_deleting() {
        None
    } else if have < want {
        let (created, err) = slow_start_create(&rs, (want - have).min(BURST_REPLICAS), ctx);
        Some((listed(Step::Create, &created), err))
    } else if !plan.victims.is_empty() {
        let (deleted, err) = delete_pods(&rs, &plan.victims, ctx);
        Some((listed(Step::Delete, &deleted), err))
    } else {
        None
    };
    let mut manage_err = None;
    if let Some((action, err)) = step {
        let desired = ReplicaSetSaid::Replicas { count: want };
        let observed = ReplicaSetSaid::ActivePods { count: have };
        ctx.decide(kind, &rs.metadata, desired, observed, action);
        manage_err = err;
    }
    let status = status_from(&rs, &plan.counts, manage_err.as_deref(), ctx.now);
    if status != rs.status || rs.metadata.generation != rs.status.observed_generation {
        flavor.write_status(ctx.store, key, ctx.now, status.clone());
    }
    // A pod that just became ready turns available after minReadySeconds: look again then.
    let min_ready = rs.spec.min_ready_seconds;
    if min_ready > 0
        && status.ready_replicas == rs.spec.replicas
        && status.available_replicas != rs.spec.replicas
    {
        queue.add_after_for(
            key.clone(),
            ctx.now.plus_secs(i64::from(min_ready)),
            crate::controllers::Wait::MinReady,
        );
    }
}

/// Release: strip our controller reference from a pod whose labels no longer match.
fn release(rs: &ReplicaSet, selector: &Selector, name: &str, ctx: &mut Ctx<'_>) {
    let uid = rs.metadata.uid.clone();
    let released = ctx.store.modify::<Pod>(&rs.metadata.namespace, name, ctx.now, |p| {
        p.metadata.owner_references.retain(|o| o.uid != uid)
    });
    if released.is_ok() {
        ctx.decide(
            Flavor::of(rs).kind(),
            &rs.metadata,
            ClaimSaid::PodsMatching { selector: selector.to_string() },
            ClaimSaid::NoLongerMatches { pod: name.to_string() },
            ClaimSaid::ReleasePod { pod: name.to_string() },
        );
    }
}

/// Adopt: add a controller reference to a matching orphan, after a live re-read of ourselves
/// (`RecheckDeletionTimestamp`) and of the pod (it may have been claimed meanwhile).
fn adopt(flavor: Flavor, rs: &ReplicaSet, selector: &Selector, name: &str, ctx: &mut Ctx<'_>) {
    let live_ok = ctx
        .store
        .meta_of(flavor.kind(), &key_of(&rs.metadata))
        .is_some_and(|live| live.uid == rs.metadata.uid && !live.is_deleting());
    if !live_ok {
        return;
    }
    let owner = flavor.owner_of(&rs.metadata);
    let adopted = ctx.store.modify::<Pod>(&rs.metadata.namespace, name, ctx.now, |p| {
        if p.metadata.controller_ref().is_none() && !p.metadata.is_deleting() {
            p.metadata.owner_references.push(owner)
        }
    });
    if adopted.is_ok() {
        ctx.decide(
            flavor.kind(),
            &rs.metadata,
            ClaimSaid::OwnEveryPod { selector: selector.to_string() },
            ClaimSaid::OrphanMatches { pod: name.to_string() },
            ClaimSaid::AdoptPod { pod: name.to_string() },
        );
    }
}

/// What one sync did to pods.
#[derive(Clone, Copy)]
enum Step {
    Create,
    Delete,
}

/// "create 2 pods: a, b" and the like, for the decision log.
fn listed(step: Step, names: &[String]) -> ReplicaSetSaid {
    use ReplicaSetSaid::*;
    let count = names.len();
    let pods = names.join(", ");
    match (step, count) {
        (Step::Create, 0) => CreateFailed,
        (Step::Create, 1..=4) => CreatePods { count, pods },
        (Step::Create, _) => CreateMany { count },
        (Step::Delete, 0) => DeleteFailed,
        (Step::Delete, 1..=4) => DeletePods { count, pods },
        (Step::Delete, _) => DeleteMany { count },
    }
}

fn delete_pods(
    rs: &ReplicaSet,
    victims: &[String],
    ctx: &mut Ctx<'_>,
) -> (Vec<String>, Option<String>) {
    let mut names = Vec::new();
    let mut err = None;
    for name in victims {
        match ctx.store.delete::<Pod>(
            &rs.metadata.namespace,
            name,
            &DeleteOptions::default(),
            ctx.now,
        ) {
            Ok(_) => {
                ctx.event(
                    Flavor::of(rs).kind(),
                    &rs.metadata,
                    "Normal",
                    "SuccessfulDelete",
                    format!("Deleted pod: {name}"),
                );
                names.push(name.clone());
            }
            Err(crate::store::ApiError::NotFound { .. }) => {}
            Err(e) => err = Some(e.to_string()),
        }
    }
    (names, err)
}

/// `slowStartBatch`: batches of 1, 2, 4, ... so a failing create (a bad template, a missing
/// namespace) fails once instead of hundreds of times.
fn slow_start_create(
    rs: &ReplicaSet,
    count: usize,
    ctx: &mut Ctx<'_>,
) -> (Vec<String>, Option<String>) {
    let mut created = Vec::new();
    let mut remaining = count;
    let mut batch = SLOW_START_INITIAL_BATCH.min(count);
    while batch > 0 {
        let mut failed = None;
        for _ in 0..batch {
            match ctx.store.create(pod_from_template(rs), ctx.now, ctx.rng) {
                Ok(p) => {
                    ctx.event(
                        Flavor::of(rs).kind(),
                        &rs.metadata,
                        "Normal",
                        "SuccessfulCreate",
                        format!("Created pod: {}", p.metadata.name),
                    );
                    created.push(p.metadata.name.clone());
                }
                Err(e) => {
                    ctx.event(
                        Flavor::of(rs).kind(),
                        &rs.metadata,
                        "Warning",
                        "FailedCreate",
                        format!("Error creating: {}", e.status_message()),
                    );
                    failed = Some(e.to_string());
                }
            }
        }
        if failed.is_some() {
            return (created, failed);
        }
        remaining -= batch;
        batch = (2 * batch).min(remaining);
    }
    (created, None)
}

/// `GetPodFromTemplate`: labels, annotations and spec from the template, a controller
/// reference to the owner (a ReplicaSet or ReplicationController), and `generateName` `<rs>-`.
pub fn pod_from_template(rs: &ReplicaSet) -> Pod {
    let t = &rs.spec.template;
    let prefix = format!("{}-", rs.metadata.name);
    let generate_name = if crate::labels::validation::is_dns1123_subdomain(
        &prefix[..prefix.len() - 1],
    )
    .is_empty()
    {
        prefix
    } else {
        rs.metadata.name.clone()
    };
    let meta = ObjectMeta {
        generate_name,
        namespace: rs.metadata.namespace.clone(),
        labels: t.metadata.labels.clone(),
        annotations: t.metadata.annotations.clone(),
        finalizers: t.metadata.finalizers.clone(),
        owner_references: vec![Flavor::of(rs).owner_of(&rs.metadata)],
        ..Default::default()
    };
    Pod::new(meta, t.spec.clone())
}

/// `calculateStatus`, from the counts of one sync.
fn status_from(
    rs: &ReplicaSet,
    c: &Counts,
    manage_err: Option<&str>,
    now: Time,
) -> ReplicaSetStatus {
    let mut conditions = rs.status.conditions.clone();
    let has_failure = conditions.iter().any(|c| c.type_ == "ReplicaFailure");
    match manage_err {
        Some(msg) if !has_failure => {
            let want = rs.spec.replicas.max(0) as usize;
            conditions.push(Condition {
                type_: "ReplicaFailure".into(),
                status: "True".into(),
                last_transition_time: Some(now),
                reason: if c.replicas < want { "FailedCreate" } else { "FailedDelete" }.into(),
                message: msg.into(),
                ..Default::default()
            });
        }
        None => conditions.retain(|c| c.type_ != "ReplicaFailure"),
        _ => {}
    }
    ReplicaSetStatus {
        replicas: c.replicas as i32,
        fully_labeled_replicas: c.fully_labeled as i32,
        ready_replicas: c.ready as i32,
        available_replicas: c.available as i32,
        terminating_replicas: crate::model::TERMINATING_REPLICAS_GATE
            .then_some(c.terminating as i32),
        observed_generation: rs.metadata.generation,
        conditions,
    }
}
