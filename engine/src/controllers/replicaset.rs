//! The ReplicaSet controller: keeps `spec.replicas` active pods matching the selector.
//!
//! Models pkg/controller/replicaset/replica_set.go (`syncReplicaSet`, `manageReplicas`,
//! `getPodsToDelete`), replica_set_utils.go (`calculateStatus`) and
//! pkg/controller/controller_ref_manager.go (adoption and release). Expectations are not
//! modelled: the store is read directly, so there is no stale informer cache to guard against.

use crate::clock::Time;
use crate::labels::selector::Selector;
use crate::model::*;
use crate::store::{DeleteOptions, Key, Store, WatchEvent};

use super::ranking::{self, Ranked};
use super::{key_of, Controller, ControllerName, Ctx, WorkQueue};

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
        match &event.object {
            Object::ReplicaSet(rs) => self.queue.add(key_of(&rs.metadata)),
            Object::Pod(pod) => match pod.metadata.controller_ref() {
                Some(r) if r.kind == "ReplicaSet" => {
                    self.queue.add(Key::new(&pod.metadata.namespace, &r.name));
                }
                Some(_) => {}
                // An orphan wakes every ReplicaSet that could adopt it (`GetPodReplicaSets`).
                None => {
                    for rs in store.list::<ReplicaSet>(Some(&pod.metadata.namespace), None) {
                        if rs.spec.selector.to_selector().matches(&pod.metadata.labels) {
                            self.queue.add(key_of(&rs.metadata));
                        }
                    }
                }
            },
            _ => {}
        }
    }

    fn resync(&mut self, store: &Store) {
        for rs in store.list::<ReplicaSet>(None, None) {
            self.queue.add(key_of(&rs.metadata));
        }
    }

    fn reconcile(&mut self, key: &Key, ctx: &mut Ctx<'_>) {
        let Some(rs) = ctx.store.get::<ReplicaSet>(&key.ns, &key.name).cloned() else {
            return;
        };
        let selector = rs.spec.selector.to_selector();
        let candidates: Vec<Pod> = ctx
            .store
            .owned_or_orphan_pods(&rs.metadata.uid, &key.ns)
            .into_iter()
            .cloned()
            .collect();
        let active: Vec<&Pod> = candidates.iter().filter(|p| p.is_active()).collect();
        let claimed = claim_pods(&rs, &selector, &active, ctx);
        let terminating = candidates
            .iter()
            .filter(|p| p.metadata.is_deleting() && !is_finished(p))
            .filter(|p| owned_by(p, &rs) && selector.matches(&p.metadata.labels))
            .count();

        let mut manage_err = None;
        if rs.metadata.deletion_timestamp.is_none() {
            manage_err = manage_replicas(&rs, &claimed, ctx);
        }
        let status = calculate_status(&rs, &claimed, terminating, manage_err.as_deref(), ctx.now);
        if status != rs.status || rs.metadata.generation != rs.status.observed_generation {
            let mut next = rs.clone();
            next.status = status.clone();
            let _ = ctx.store.update_status(&next, ctx.now);
        }
        // A pod that just became ready turns available after minReadySeconds: look again then.
        let min_ready = rs.spec.min_ready_seconds;
        if min_ready > 0
            && status.ready_replicas == rs.spec.replicas
            && status.available_replicas != rs.spec.replicas
        {
            self.queue.add_after(key.clone(), ctx.now.plus_secs(i64::from(min_ready)));
        }
    }
}

fn is_finished(p: &Pod) -> bool {
    matches!(p.status.phase, PodPhase::Succeeded | PodPhase::Failed)
}

fn owned_by(p: &Pod, rs: &ReplicaSet) -> bool {
    p.metadata.controller_ref().is_some_and(|r| r.uid == rs.metadata.uid)
}

/// `PodControllerRefManager.ClaimPods`: keep matching pods we own, release non-matching ones,
/// adopt matching orphans. Returns the claimed pods, freshest state.
fn claim_pods(
    rs: &ReplicaSet,
    selector: &Selector,
    active: &[&Pod],
    ctx: &mut Ctx<'_>,
) -> Vec<Pod> {
    let deleting = rs.metadata.is_deleting();
    let mut claimed = Vec::new();
    let mut can_adopt: Option<bool> = None;
    for pod in active {
        let matches = selector.matches(&pod.metadata.labels);
        match pod.metadata.controller_ref() {
            Some(r) if r.uid != rs.metadata.uid => {}
            Some(_) if matches => claimed.push((*pod).clone()),
            Some(_) => {
                if deleting {
                    continue;
                }
                let uid = rs.metadata.uid.clone();
                let released = ctx.store.modify::<Pod>(
                    &pod.metadata.namespace,
                    &pod.metadata.name,
                    ctx.now,
                    |p| p.metadata.owner_references.retain(|o| o.uid != uid),
                );
                if released.is_ok() {
                    ctx.decide(
                        Kind::ReplicaSet,
                        &rs.metadata,
                        format!("pods matching {selector}"),
                        format!("pod {} no longer matches", pod.metadata.name),
                        format!("release pod {}", pod.metadata.name),
                    );
                }
            }
            None => {
                if deleting || !matches || pod.metadata.is_deleting() {
                    continue;
                }
                // `RecheckDeletionTimestamp`: a live read of the owner before the first adoption.
                let ok = *can_adopt.get_or_insert_with(|| {
                    ctx.store
                        .get::<ReplicaSet>(&rs.metadata.namespace, &rs.metadata.name)
                        .is_some_and(|live| {
                            live.metadata.uid == rs.metadata.uid && !live.metadata.is_deleting()
                        })
                });
                if !ok {
                    continue;
                }
                let owner = OwnerReference::controller("apps/v1", "ReplicaSet", &rs.metadata);
                let adopted = ctx.store.modify::<Pod>(
                    &pod.metadata.namespace,
                    &pod.metadata.name,
                    ctx.now,
                    |p| {
                        if p.metadata.controller_ref().is_none() {
                            p.metadata.owner_references.push(owner)
                        }
                    },
                );
                if let Ok(p) = adopted {
                    ctx.decide(
                        Kind::ReplicaSet,
                        &rs.metadata,
                        format!("own every pod matching {selector}"),
                        format!("orphan pod {} matches", p.metadata.name),
                        format!("adopt pod {}", p.metadata.name),
                    );
                    claimed.push(p);
                }
            }
        }
    }
    claimed
}

/// `manageReplicas`: create or delete pods to close the gap, bounded per sync. Returns the
/// error message of a failed create or delete, for the ReplicaFailure condition.
fn manage_replicas(rs: &ReplicaSet, claimed: &[Pod], ctx: &mut Ctx<'_>) -> Option<String> {
    let want = rs.spec.replicas.max(0) as usize;
    let have = claimed.len();
    let desired = format!("{want} replica{}", plural(want));
    let observed = format!("{have} active pod{}", plural(have));
    if have < want {
        let n = (want - have).min(BURST_REPLICAS);
        let (created, err) = slow_start_create(rs, n, ctx);
        let action = match created.as_slice() {
            [] => "create failed".to_string(),
            [one] => format!("create 1 pod: {one}"),
            many if many.len() <= 4 => format!("create {} pods: {}", many.len(), many.join(", ")),
            many => format!("create {} pods", many.len()),
        };
        ctx.decide(Kind::ReplicaSet, &rs.metadata, desired, observed, action);
        return err;
    }
    if have > want {
        let n = (have - want).min(BURST_REPLICAS);
        let victims = pods_to_delete(rs, claimed, n, ctx.store, ctx.now);
        let mut names = Vec::new();
        let mut err = None;
        for pod in victims {
            match ctx.store.delete::<Pod>(
                &pod.metadata.namespace,
                &pod.metadata.name,
                &DeleteOptions::default(),
                ctx.now,
            ) {
                Ok(_) => {
                    ctx.event(
                        Kind::ReplicaSet,
                        &rs.metadata,
                        "Normal",
                        "SuccessfulDelete",
                        format!("Deleted pod: {}", pod.metadata.name),
                    );
                    names.push(pod.metadata.name.clone());
                }
                Err(crate::store::ApiError::NotFound { .. }) => {}
                Err(e) => err = Some(e.to_string()),
            }
        }
        let action = match names.as_slice() {
            [one] => format!("delete 1 pod: {one}"),
            many if many.len() <= 4 => format!("delete {} pods: {}", many.len(), many.join(", ")),
            many => format!("delete {} pods", many.len()),
        };
        ctx.decide(Kind::ReplicaSet, &rs.metadata, desired, observed, action);
        return err;
    }
    None
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
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
                        Kind::ReplicaSet,
                        &rs.metadata,
                        "Normal",
                        "SuccessfulCreate",
                        format!("Created pod: {}", p.metadata.name),
                    );
                    created.push(p.metadata.name);
                }
                Err(e) => {
                    ctx.event(
                        Kind::ReplicaSet,
                        &rs.metadata,
                        "Warning",
                        "FailedCreate",
                        format!("Error creating: {e}"),
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
/// reference to the ReplicaSet, and `generateName` `<rs>-`.
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
        owner_references: vec![OwnerReference::controller("apps/v1", "ReplicaSet", &rs.metadata)],
        ..Default::default()
    };
    Pod::new(meta, t.spec.clone())
}

/// `getPodsToDelete`: rank by crowding among sibling ReplicaSets' pods, then sort. When
/// every pod goes, the input order is kept, as upstream does.
fn pods_to_delete<'a>(
    rs: &ReplicaSet,
    claimed: &'a [Pod],
    n: usize,
    store: &Store,
    now: Time,
) -> Vec<&'a Pod> {
    if n >= claimed.len() {
        return claimed.iter().collect();
    }
    let related = related_pods(rs, claimed, store);
    let mut per_node: std::collections::BTreeMap<&str, usize> = Default::default();
    for p in &related {
        *per_node.entry(p.node().unwrap_or("")).or_default() += 1;
    }
    let ranked: Vec<Ranked<'_>> = claimed
        .iter()
        .map(|pod| Ranked {
            pod,
            rank: per_node.get(pod.node().unwrap_or("")).copied().unwrap_or(0),
        })
        .collect();
    let sorted = ranking::sort_by_less(ranked, &|a, b| ranking::less(a, b, now));
    sorted.into_iter().take(n).map(|r| r.pod).collect()
}

/// Active pods of every ReplicaSet with the same controller as this one (`getIndirectlyRelatedPods`).
fn related_pods<'a>(rs: &ReplicaSet, claimed: &'a [Pod], store: &'a Store) -> Vec<&'a Pod> {
    let Some(owner) = rs.metadata.controller_ref() else {
        return claimed.iter().collect();
    };
    let mut out = Vec::new();
    for (kind, key) in store.dependents_of(&owner.uid) {
        if kind != Kind::ReplicaSet {
            continue;
        }
        let Some(sibling) = store.get::<ReplicaSet>(&key.ns, &key.name) else { continue };
        for (k, pkey) in store.dependents_of(&sibling.metadata.uid) {
            if k == Kind::Pod {
                if let Some(p) = store.get::<Pod>(&pkey.ns, &pkey.name).filter(|p| p.is_active()) {
                    out.push(p);
                }
            }
        }
    }
    out
}

/// `calculateStatus`.
pub fn calculate_status(
    rs: &ReplicaSet,
    claimed: &[Pod],
    terminating: usize,
    manage_err: Option<&str>,
    now: Time,
) -> ReplicaSetStatus {
    let template = &rs.spec.template.metadata.labels;
    let fully = claimed
        .iter()
        .filter(|p| template.iter().all(|(k, v)| p.metadata.labels.get(k) == Some(v)))
        .count();
    let ready = claimed.iter().filter(|p| p.is_ready()).count();
    let available =
        claimed.iter().filter(|p| p.is_available(rs.spec.min_ready_seconds, now)).count();
    let mut conditions = rs.status.conditions.clone();
    let has_failure = conditions.iter().any(|c| c.type_ == "ReplicaFailure");
    match manage_err {
        Some(msg) if !has_failure => {
            let want = rs.spec.replicas.max(0) as usize;
            conditions.push(Condition {
                type_: "ReplicaFailure".into(),
                status: "True".into(),
                last_transition_time: Some(now),
                reason: if claimed.len() < want { "FailedCreate" } else { "FailedDelete" }.into(),
                message: msg.into(),
                ..Default::default()
            });
        }
        None => conditions.retain(|c| c.type_ != "ReplicaFailure"),
        _ => {}
    }
    ReplicaSetStatus {
        replicas: claimed.len() as i32,
        fully_labeled_replicas: fully as i32,
        ready_replicas: ready as i32,
        available_replicas: available as i32,
        terminating_replicas: Some(terminating as i32),
        observed_generation: rs.metadata.generation,
        conditions,
    }
}
