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
        let Some(rs) = ctx.store.get_rc::<ReplicaSet>(&key.ns, &key.name) else {
            return;
        };
        // Read first, then write: the plan borrows the store, the writes need it mutably.
        let plan = plan(&rs, ctx.store, ctx.now);
        for name in &plan.release {
            release(&rs, &plan.selector, name, ctx);
        }
        for name in &plan.adopt {
            adopt(&rs, &plan.selector, name, ctx);
        }
        let mut manage_err = None;
        let (want, have) = (plan.want, plan.claimed);
        let desired = format!("{want} replica{}", plural(want));
        let observed = format!("{have} active pod{}", plural(have));
        // A ReplicaSet that is being deleted never creates or deletes pods; it only reports.
        if rs.metadata.is_deleting() {
        } else if have < want {
            let (created, err) = slow_start_create(&rs, (want - have).min(BURST_REPLICAS), ctx);
            ctx.decide(
                Kind::ReplicaSet,
                &rs.metadata,
                desired,
                observed,
                listed("create", &created, "create failed"),
            );
            manage_err = err;
        } else if !plan.victims.is_empty() {
            let (deleted, err) = delete_pods(&rs, &plan.victims, ctx);
            ctx.decide(
                Kind::ReplicaSet,
                &rs.metadata,
                desired,
                observed,
                listed("delete", &deleted, "delete failed"),
            );
            manage_err = err;
        }
        let status = status_from(&rs, &plan.counts, manage_err.as_deref(), ctx.now);
        if status != rs.status || rs.metadata.generation != rs.status.observed_generation {
            let (ns, name) = (&rs.metadata.namespace, &rs.metadata.name);
            let _ = ctx.store.modify_status::<ReplicaSet>(ns, name, ctx.now, |next| {
                next.status = status.clone();
            });
        }
        // A pod that just became ready turns available after minReadySeconds: look again then.
        let min_ready = rs.spec.min_ready_seconds;
        if min_ready > 0
            && status.ready_replicas == rs.spec.replicas
            && status.available_replicas != rs.spec.replicas
        {
            self.queue.add_after_for(
                key.clone(),
                ctx.now.plus_secs(i64::from(min_ready)),
                crate::controllers::Wait::MinReady,
            );
        }
    }
}

fn is_finished(p: &Pod) -> bool {
    matches!(p.status.phase, PodPhase::Succeeded | PodPhase::Failed)
}

/// Pod counts behind the status (`calculateStatus`).
#[derive(Default)]
pub struct Counts {
    pub replicas: usize,
    pub fully_labeled: usize,
    pub ready: usize,
    pub available: usize,
    pub terminating: usize,
}

/// What one sync will do, decided from a single read of the store.
struct Plan {
    selector: Selector,
    release: Vec<String>,
    adopt: Vec<String>,
    /// Surplus pods to delete, in deletion order.
    victims: Vec<String>,
    want: usize,
    claimed: usize,
    counts: Counts,
}

/// `syncReplicaSet` up to the writes: claim (`ClaimPods`), count, and pick victims.
fn plan(rs: &ReplicaSet, store: &Store, now: Time) -> Plan {
    let selector = rs.spec.selector.to_selector();
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

fn count(rs: &ReplicaSet, claimed: &[&Pod], terminating: usize, now: Time) -> Counts {
    let template = &rs.spec.template.metadata.labels;
    // Claimed pods match the selector; when the selector is exactly the template's labels
    // (what a Deployment writes), every claimed pod is fully labeled without a second look.
    let selector = &rs.spec.selector;
    let implied = selector.match_expressions.is_empty()
        && template.iter().all(|(k, v)| selector.match_labels.get(k) == Some(v));
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

/// Release: strip our controller reference from a pod whose labels no longer match.
fn release(rs: &ReplicaSet, selector: &Selector, name: &str, ctx: &mut Ctx<'_>) {
    let uid = rs.metadata.uid.clone();
    let released = ctx.store.modify::<Pod>(&rs.metadata.namespace, name, ctx.now, |p| {
        p.metadata.owner_references.retain(|o| o.uid != uid)
    });
    if released.is_ok() {
        ctx.decide(
            Kind::ReplicaSet,
            &rs.metadata,
            format!("pods matching {selector}"),
            format!("pod {name} no longer matches"),
            format!("release pod {name}"),
        );
    }
}

/// Adopt: add a controller reference to a matching orphan, after a live re-read of ourselves
/// (`RecheckDeletionTimestamp`) and of the pod (it may have been claimed meanwhile).
fn adopt(rs: &ReplicaSet, selector: &Selector, name: &str, ctx: &mut Ctx<'_>) {
    let live_ok = ctx
        .store
        .get::<ReplicaSet>(&rs.metadata.namespace, &rs.metadata.name)
        .is_some_and(|live| live.metadata.uid == rs.metadata.uid && !live.metadata.is_deleting());
    if !live_ok {
        return;
    }
    let owner = OwnerReference::controller("apps/v1", "ReplicaSet", &rs.metadata);
    let adopted = ctx.store.modify::<Pod>(&rs.metadata.namespace, name, ctx.now, |p| {
        if p.metadata.controller_ref().is_none() && !p.metadata.is_deleting() {
            p.metadata.owner_references.push(owner)
        }
    });
    if adopted.is_ok() {
        ctx.decide(
            Kind::ReplicaSet,
            &rs.metadata,
            format!("own every pod matching {selector}"),
            format!("orphan pod {name} matches"),
            format!("adopt pod {name}"),
        );
    }
}

/// "create 2 pods: a, b" and the like, for the decision log.
fn listed(verb: &str, names: &[String], failed: &str) -> String {
    match names {
        [] => failed.to_string(),
        [one] => format!("{verb} 1 pod: {one}"),
        many if many.len() <= 4 => format!("{verb} {} pods: {}", many.len(), many.join(", ")),
        many => format!("{verb} {} pods", many.len()),
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
                    Kind::ReplicaSet,
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
                    created.push(p.metadata.name.clone());
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
    for (kind, key) in store.dependents_of(&owner.uid) {
        if kind != Kind::ReplicaSet {
            continue;
        }
        let Some(sibling) = store.get::<ReplicaSet>(&key.ns, &key.name) else { continue };
        for (k, pkey) in store.dependents_of(&sibling.metadata.uid) {
            if k == Kind::Pod {
                if let Some(p) = store.get::<Pod>(&pkey.ns, &pkey.name).filter(|p| p.is_active()) {
                    f(p);
                }
            }
        }
    }
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
