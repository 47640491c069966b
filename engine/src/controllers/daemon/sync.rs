//! One DaemonSet sync: history, then a pod on every node that should run one and none
//! elsewhere, then the rolling update, then history cleanup and status.
//!
//! Models pkg/controller/daemon/daemon_controller.go (`syncDaemonSet`, `manage`,
//! `syncNodes`, `updateDaemonSetStatus`, `storeDaemonSetStatus`) and the rolling update of
//! pkg/controller/daemon/update.go (`rollingUpdate`, `findUpdatedPodsOnNode`), whose
//! arithmetic is `rolling.rs` and `surge.rs`. Expectations are not modelled: the store is
//! read directly, so there is no stale cache to wait for.

use std::collections::BTreeMap;

use super::backoff::FailedPodBackoff;
use super::pods::{self, is_updated, oldest_first, NodeNeeds};
use super::predicates::{node_should_run_daemon_pod, ShouldRun};
use super::revisions::{self, History};
use super::rolling::UpdateStrategy;
use super::rolling::{old_pods_to_delete, updated_desired_node_counts, DaemonPod, NodePods};
use super::surge::{surge_plan, SurgeNode};
use crate::clock::Time;
use crate::controllers::said::DaemonSetSaid;
use crate::controllers::Ctx;
use crate::model::{DaemonSet, DaemonSetStatus, Kind, Node, Pod};
use crate::store::{ApiError, DeleteOptions};

/// What the sync wants looked at again later: the time a pod turns available.
pub struct Outcome {
    pub recheck_at: Option<Time>,
}

/// `NodeShouldRunDaemonPod` for every node, by name: judged once per sync, as the template
/// does not change within one.
type Eligible = BTreeMap<String, ShouldRun>;

/// `syncDaemonSet`.
pub fn sync(ds: &DaemonSet, backoff: &mut FailedPodBackoff, ctx: &mut Ctx<'_>) -> Outcome {
    let template = &ds.spec.template.spec;
    let nodes: Eligible = ctx
        .store
        .list::<Node>(None, None)
        .map(|n| (n.metadata.name.clone(), node_should_run_daemon_pod(n, template)))
        .collect();
    super::claim::claim_pods(ds, ctx);
    if ds.metadata.is_deleting() {
        let hash = current_hash(ds, ctx);
        return update_status(ds, &nodes, &hash, ctx);
    }
    super::claim::claim_revisions(ds, ctx);
    let history = match revisions::construct_history(ds, ctx) {
        Ok(h) => h,
        // A collision bumped collisionCount; the status write brings the next sync.
        Err(_) => return Outcome { recheck_at: None },
    };
    // The history write may have changed the DaemonSet's status (collisionCount) only.
    let backoff_ends = manage(ds, &nodes, &history, backoff, ctx);
    if ds.spec.update_strategy.type_ == "RollingUpdate" {
        rolling_update(ds, &nodes, &history.hash, ctx);
    }
    let _ = revisions::cleanup_history(ds, history.old, ctx);
    let mut outcome = update_status(ds, &nodes, &history.hash, ctx);
    if let Some(at) = backoff_ends {
        outcome.recheck_at = Some(outcome.recheck_at.map_or(at, |t| t.min(at)));
    }
    outcome
}

/// The hash a deleting DaemonSet's status is judged by: its matching revision, if any.
fn current_hash(ds: &DaemonSet, ctx: &Ctx<'_>) -> String {
    revisions::controlled(ctx.store, ds)
        .iter()
        .find(|cr| revisions::matches(ds, cr))
        .and_then(|cr| cr.metadata.labels.get(revisions::HASH_LABEL).cloned())
        .unwrap_or_default()
}

fn allows_surge(ds: &DaemonSet) -> bool {
    strategy(ds) != UpdateStrategy::OnDelete
        && ds
            .spec
            .update_strategy
            .rolling_update
            .as_ref()
            .is_some_and(|r| r.max_surge.scaled_value(1, true).is_ok_and(|s| s > 0))
}

fn strategy(ds: &DaemonSet) -> UpdateStrategy {
    match (ds.spec.update_strategy.type_.as_str(), &ds.spec.update_strategy.rolling_update) {
        ("RollingUpdate", Some(r)) => UpdateStrategy::RollingUpdate {
            max_unavailable: Some(r.max_unavailable.clone()),
            max_surge: Some(r.max_surge.clone()),
        },
        ("RollingUpdate", None) => UpdateStrategy::default(),
        _ => UpdateStrategy::OnDelete,
    }
}

/// `manage`: for each node, create the missing daemon pod or delete the ones that should not
/// be there; unscheduled pods meant for a node that is gone are deleted too (the pod GC
/// only collects bound pods).
/// Returns when a node's failed-pod back-off ends, if one is holding a deletion back.
fn manage(
    ds: &DaemonSet,
    nodes: &Eligible,
    history: &History,
    backoff: &mut FailedPodBackoff,
    ctx: &mut Ctx<'_>,
) -> Option<Time> {
    let mut recheck_at = None;
    let owned = pods::owned(ctx.store, ds);
    let by_node = pods::by_node(&owned);
    let surge = allows_surge(ds);
    let mut plan: BTreeMap<String, NodeNeeds> = BTreeMap::new();
    for (node, run) in nodes {
        let here = by_node.get(node).map(Vec::as_slice).unwrap_or(&[]);
        let needs = pods::should_be_on_node(
            here,
            run.should_run,
            run.should_continue_running,
            surge,
            &history.hash,
            ds.spec.min_ready_seconds,
            ctx.now,
        );
        if needs != NodeNeeds::default() {
            plan.insert(node.clone(), needs);
        }
    }
    for (node, here) in &by_node {
        if nodes.contains_key(node) {
            continue;
        }
        let unscheduled = here.iter().filter(|p| p.node().is_none() && !p.metadata.is_deleting());
        let needs = plan.entry(node.clone()).or_default();
        for p in unscheduled {
            needs.delete.push((p.metadata.name.clone(), DaemonSetSaid::NodeGone));
        }
    }
    let generation = revisions::template_generation(ds);
    for (node, needs) in plan {
        for failed in &needs.failed {
            let key = super::backoff::key(&ds.metadata.uid, &node);
            if let Some(delay) = backoff.in_backoff(&key, ctx.now) {
                let at = ctx.now.plus_millis(delay);
                recheck_at = Some(recheck_at.map_or(at, |t: Time| t.min(at)));
                continue;
            }
            backoff.next(&key, ctx.now);
            ctx.event(
                Kind::DaemonSet,
                &ds.metadata,
                "Warning",
                "FailedDaemonPod",
                format!(
                    "Found failed daemon pod {}/{failed} on node {node}, will try to kill it",
                    ds.metadata.namespace
                ),
            );
            let seen = because(failed, DaemonSetSaid::PodFailed);
            delete_pod(ds, failed, seen, DaemonSetSaid::RunningPodOn { node: node.clone() }, ctx);
        }
        for (pod, why) in needs.delete {
            let desired = match why {
                DaemonSetSaid::NodeUnwanted | DaemonSetSaid::NodeGone => {
                    DaemonSetSaid::NoPodOn { node: node.clone() }
                }
                _ => DaemonSetSaid::OnePodOn { node: node.clone() },
            };
            delete_pod(ds, &pod, because(&pod, why), desired, ctx);
        }
        if needs.create {
            create_pod(ds, &node, &history.hash, generation, DaemonSetSaid::NoPodYet, ctx);
        }
    }
    recheck_at
}

/// "web-x: it failed".
fn because(pod: &str, why: DaemonSetSaid) -> DaemonSetSaid {
    DaemonSetSaid::PodBecause { pod: pod.to_string(), why: Box::new(why.into()) }
}

/// `syncNodes`' create half, one pod: `SuccessfulCreate` or `FailedCreate`, as
/// controller_utils.go `createPods` records them.
fn create_pod(
    ds: &DaemonSet,
    node: &str,
    hash: &str,
    generation: Option<i64>,
    seen: DaemonSetSaid,
    ctx: &mut Ctx<'_>,
) {
    let pod = pods::pod_for_node(ds, node, hash, generation);
    let desired = DaemonSetSaid::PodOn { node: node.to_string() };
    match ctx.store.create(pod, ctx.now, ctx.rng) {
        Ok(p) => {
            let name = p.metadata.name.clone();
            ctx.event(
                Kind::DaemonSet,
                &ds.metadata,
                "Normal",
                "SuccessfulCreate",
                format!("Created pod: {name}"),
            );
            let action = DaemonSetSaid::CreatePod { pod: name };
            ctx.decide(Kind::DaemonSet, &ds.metadata, desired, seen, action);
        }
        Err(e) => {
            ctx.event(
                Kind::DaemonSet,
                &ds.metadata,
                "Warning",
                "FailedCreate",
                format!("Error creating: {}", e.status_message()),
            );
            ctx.decide(Kind::DaemonSet, &ds.metadata, desired, seen, DaemonSetSaid::CreateFailed);
        }
    }
}

/// `syncNodes`' delete half, one pod: `SuccessfulDelete` or `FailedDelete`.
fn delete_pod(
    ds: &DaemonSet,
    pod: &str,
    seen: DaemonSetSaid,
    desired: DaemonSetSaid,
    ctx: &mut Ctx<'_>,
) {
    let ns = ds.metadata.namespace.clone();
    match ctx.store.delete::<Pod>(&ns, pod, &DeleteOptions::default(), ctx.now) {
        Ok(_) => {
            ctx.event(
                Kind::DaemonSet,
                &ds.metadata,
                "Normal",
                "SuccessfulDelete",
                format!("Deleted pod: {pod}"),
            );
            let action = DaemonSetSaid::DeletePod { pod: pod.to_string() };
            ctx.decide(Kind::DaemonSet, &ds.metadata, desired, seen, action);
        }
        Err(ApiError::NotFound { .. }) => {}
        Err(e) => ctx.event(
            Kind::DaemonSet,
            &ds.metadata,
            "Warning",
            "FailedDelete",
            format!("Error deleting: {e}"),
        ),
    }
}

/// `findUpdatedPodsOnNode`: the node's live pods split into at most one new and one old.
fn node_pods(ds: &DaemonSet, here: &[&Pod], hash: &str, now: Time) -> NodePods {
    let generation = revisions::template_generation(ds);
    let (mut new, mut old) = (None, None);
    for p in here.iter().filter(|p| !p.metadata.is_deleting()) {
        let slot = if is_updated(p, hash, generation) { &mut new } else { &mut old };
        if slot.is_some() {
            return NodePods::Ambiguous;
        }
        *slot = Some(DaemonPod {
            name: p.metadata.name.clone(),
            available: p.is_available(ds.spec.min_ready_seconds, now),
        });
    }
    NodePods::Pods { old, new }
}

/// `rollingUpdate`: old pods go as the budget allows (`rolling.rs`), or with surge a new
/// pod starts beside each old one first (`surge.rs`). The manage pass creates the
/// replacements once the old pods are gone.
fn rolling_update(ds: &DaemonSet, nodes: &Eligible, hash: &str, ctx: &mut Ctx<'_>) {
    let owned = pods::owned(ctx.store, ds);
    let by_node = pods::by_node(&owned);
    let desired = nodes.values().filter(|run| run.should_run).count() as i32;
    let Ok((max_surge, max_unavailable)) = updated_desired_node_counts(&strategy(ds), desired)
    else {
        return;
    };
    let now = ctx.now;
    let node_of: BTreeMap<String, String> = by_node
        .iter()
        .flat_map(|(n, ps)| ps.iter().map(move |p| (p.metadata.name.clone(), n.clone())))
        .collect();
    if max_surge == 0 {
        let states: Vec<NodePods> =
            by_node.values().map(|here| node_pods(ds, here, hash, now)).collect();
        let victims = old_pods_to_delete(&states, max_unavailable);
        for pod in victims {
            let node = node_of.get(&pod).cloned().unwrap_or_default();
            let seen = DaemonSetSaid::OldTemplate { pod: pod.clone(), max_unavailable };
            delete_pod(ds, &pod, seen, DaemonSetSaid::UpToDatePodOn { node }, ctx);
        }
        return;
    }
    let surge_nodes: Vec<SurgeNode> = by_node
        .iter()
        .map(|(name, here)| SurgeNode {
            name: name.clone(),
            should_run: nodes.get(name).is_some_and(|run| run.should_run),
            pods: node_pods(ds, here, hash, now),
        })
        .collect();
    let plan = surge_plan(&surge_nodes, max_surge, desired);
    let generation = revisions::template_generation(ds);
    for node in &plan.create_on {
        let seen = DaemonSetSaid::SurgeRoom { node: node.clone(), max_surge };
        create_pod(ds, node, hash, generation, seen, ctx);
    }
    for pod in plan.delete {
        let node = node_of.get(&pod).cloned().unwrap_or_default();
        let seen = DaemonSetSaid::OldTemplateReplaced { pod: pod.clone() };
        delete_pod(ds, &pod, seen, DaemonSetSaid::UpToDatePodOn { node }, ctx);
    }
}

/// `updateDaemonSetStatus`: counts over the nodes, judging each node by its oldest pod.
fn status_of(
    ds: &DaemonSet,
    nodes: &Eligible,
    by_node: &BTreeMap<String, Vec<&Pod>>,
    hash: &str,
    now: Time,
) -> DaemonSetStatus {
    let generation = revisions::template_generation(ds);
    let mut st = DaemonSetStatus {
        observed_generation: ds.metadata.generation,
        collision_count: ds.status.collision_count,
        conditions: ds.status.conditions.clone(),
        ..Default::default()
    };
    for (node, run) in nodes {
        let here = by_node.get(node).filter(|v| !v.is_empty());
        if !run.should_run {
            st.number_misscheduled += i32::from(here.is_some());
            continue;
        }
        st.desired_number_scheduled += 1;
        let Some(here) = here else { continue };
        st.current_number_scheduled += 1;
        let mut sorted = here.clone();
        crate::sort::sort_by(&mut sorted, oldest_first);
        let pod = sorted[0];
        if pod.is_ready() {
            st.number_ready += 1;
            if pod.is_available(ds.spec.min_ready_seconds, now) {
                st.number_available += 1;
            }
        }
        if is_updated(pod, hash, generation) {
            st.updated_number_scheduled += 1;
        }
    }
    st.number_unavailable = st.desired_number_scheduled - st.number_available;
    st
}

/// Writes the status when it changed; asks for a look once a ready pod turns available.
fn update_status(ds: &DaemonSet, nodes: &Eligible, hash: &str, ctx: &mut Ctx<'_>) -> Outcome {
    let owned = pods::owned(ctx.store, ds);
    let by_node = pods::by_node(&owned);
    let st = status_of(ds, nodes, &by_node, hash, ctx.now);
    let recheck_at = (ds.spec.min_ready_seconds > 0 && st.number_ready != st.number_available)
        .then(|| ctx.now.plus_secs(i64::from(ds.spec.min_ready_seconds)));
    let (ns, name) = (ds.metadata.namespace.clone(), ds.metadata.name.clone());
    // Re-read: the history pass may have bumped collisionCount since `ds` was read.
    let _ = ctx.store.modify_status::<DaemonSet>(&ns, &name, ctx.now, |d| {
        let collision_count = d.status.collision_count;
        d.status = DaemonSetStatus { collision_count, ..st };
    });
    Outcome { recheck_at }
}
