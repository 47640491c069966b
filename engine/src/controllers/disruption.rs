//! The disruption loop: keeps each PodDisruptionBudget's status true to its pods, so the
//! eviction subresource can answer from it alone. For a budget it counts the pods it covers,
//! how many of them are healthy (Ready, not being deleted, not just granted an eviction),
//! how many must be (`desiredHealthy`, from minAvailable or maxUnavailable over the pods'
//! controllers' scale), and writes `disruptionsAllowed` as their difference, never below 0.
//!
//! Models pkg/controller/disruption/disruption.go: `trySync`, `getExpectedPodCount`,
//! `getExpectedScale` with its finders (ReplicaSets, Deployments through their ReplicaSets,
//! StatefulSets; a kind without a scale subresource is an error), `countHealthyPods`,
//! `buildDisruptedPodMap` with its two-minute `DeletionTimeout` and recheck, `failSafe` and
//! `updatePdbStatus`. A pod enqueues the first budget that covers it (`getPdbForPod`).

use std::collections::BTreeMap;

use super::said::{DisruptionSaid, Said};
use super::{key_of, Controller, ControllerName, Ctx, Wait};
use crate::clock::Time;
use crate::controllers::queue::WorkQueue;
use crate::model::{
    Deployment, IntOrString, Kind, Object, Pod, PodDisruptionBudget, ReplicaSet, StatefulSet,
};
use crate::store::{Key, Store, WatchEvent};

/// `DeletionTimeout`: how long an eviction the API server granted may take to show up as a
/// deleting pod before the budget counts the pod as healthy again.
pub const DELETION_TIMEOUT_MS: i64 = 2 * 60 * 1000;

#[derive(Default)]
pub struct DisruptionController {
    queue: WorkQueue<Key>,
}

/// The budgets in `ns` (`None`: everywhere). Informers run in the page's first load, so
/// they read the later kinds through the store's run-time lookups, whose table code ships
/// with the course part (`store/lookup.rs`).
fn budgets(store: &Store, ns: Option<&str>) -> Vec<Object> {
    let everything = crate::labels::selector::Selector::everything();
    store.objects(Kind::PodDisruptionBudget, ns, &everything)
}

/// The first budget in the pod's namespace that covers it, by name (`getPdbForPod`).
fn budget_for(store: &Store, pod: &Pod) -> Option<Key> {
    budgets(store, Some(&pod.metadata.namespace)).into_iter().find_map(|o| match o {
        Object::PodDisruptionBudget(b) if b.covers(&pod.metadata.labels) => {
            Some(key_of(&b.metadata))
        }
        _ => None,
    })
}

impl Controller for DisruptionController {
    type Key = Key;

    fn name(&self) -> ControllerName {
        ControllerName::Disruption
    }

    fn queue(&mut self) -> &mut WorkQueue<Key> {
        &mut self.queue
    }

    fn observe(&mut self, event: &WatchEvent, store: &Store) {
        match &event.object {
            Object::PodDisruptionBudget(b) => self.queue.add(key_of(&b.metadata)),
            Object::Pod(p) => {
                if let Some(key) = budget_for(store, p) {
                    self.queue.add(key);
                }
            }
            _ => {}
        }
    }

    fn resync(&mut self, store: &Store) {
        for b in budgets(store, None) {
            self.queue.add(key_of(b.meta()));
        }
    }

    fn reconcile(&mut self, key: &Key, ctx: &mut Ctx<'_>) {
        let Some(pdb) = ctx.store.get_rc::<PodDisruptionBudget>(&key.ns, &key.name) else {
            return;
        };
        let pods: Vec<std::rc::Rc<Pod>> = ctx
            .store
            .list_rc::<Pod>(Some(&key.ns))
            .into_iter()
            .filter(|p| pdb.covers(&p.metadata.labels))
            .collect();
        // Upstream records these Events on every sync and the recorder's spam filter thins
        // them out; here they come with the status writes, so a budget that stays as it is
        // adds nothing, and a resync still changes nothing once the loops have settled.
        let (expected, desired) = match expected_pod_count(ctx.store, &pdb, &pods) {
            Ok(counts) => counts,
            Err(err) => {
                if fail_safe(ctx, &pdb, &err) {
                    let message = format!("Failed to calculate the number of expected pods: {err}");
                    ctx.event(
                        Kind::PodDisruptionBudget,
                        &pdb.metadata,
                        "Warning",
                        "CalculateExpectedPodCountFailed",
                        message,
                    );
                }
                return;
            }
        };
        let (disrupted, recheck) = disrupted_pods(&pdb, &pods, ctx.now);
        let healthy = pods
            .iter()
            .filter(|p| !p.metadata.is_deleting())
            .filter(|p| !disrupted.contains_key(&p.metadata.name))
            .filter(|p| p.is_ready())
            .count();
        let healthy = i32::try_from(healthy).unwrap_or(i32::MAX);
        let changed = update_status(ctx, &pdb, healthy, desired, expected, disrupted);
        if let Some(at) = recheck {
            self.queue.add_after_for(key.clone(), at, Wait::Recheck);
        }
        if changed.is_some() && pods.is_empty() {
            let message = "No matching pods found".to_string();
            ctx.event(Kind::PodDisruptionBudget, &pdb.metadata, "Normal", "NoPods", message);
        }
        if let Some(allowed) = changed {
            let bound = match (&pdb.spec.min_available, &pdb.spec.max_unavailable) {
                (_, Some(max)) => DisruptionSaid::MaxUnavailable { max: max.to_string(), expected },
                (Some(min), None) => DisruptionSaid::MinAvailable { min: min.to_string() },
                (None, None) => DisruptionSaid::NoBound,
            };
            let action = if allowed > 0 {
                DisruptionSaid::AllowEvictions { allowed }
            } else {
                DisruptionSaid::AllowNone
            };
            ctx.decide(
                Kind::PodDisruptionBudget,
                &pdb.metadata,
                DisruptionSaid::KeepHealthy { pods: desired, bound: Box::new(bound.into()) },
                DisruptionSaid::Healthy { healthy, pods: pods.len() },
                action,
            );
        }
    }
}

/// `getExpectedPodCount`: the pods expected and how many must be healthy. An integer
/// minAvailable counts the pods there are; a percentage or maxUnavailable counts the scale
/// of their controllers.
fn expected_pod_count(
    store: &Store,
    pdb: &PodDisruptionBudget,
    pods: &[std::rc::Rc<Pod>],
) -> Result<(i32, i32), Said> {
    let count = |n: usize| i32::try_from(n).unwrap_or(i32::MAX);
    if let Some(max) = &pdb.spec.max_unavailable {
        let expected = expected_scale(store, pods)?;
        let max = max.scaled_value(expected, true).map_err(Said::Cluster)?;
        return Ok((expected, (expected - max).max(0)));
    }
    match &pdb.spec.min_available {
        Some(IntOrString::Int(min)) => Ok((count(pods.len()), *min)),
        Some(min) => {
            let expected = expected_scale(store, pods)?;
            let min = min.scaled_value(expected, true).map_err(Said::Cluster)?;
            Ok((expected, min))
        }
        None => Ok((0, 0)),
    }
}

/// `getExpectedScale`: the sum of the scales of the pods' controllers, each counted once. A
/// pod without a controller adds nothing (upstream only warns of it in an Event).
fn expected_scale(store: &Store, pods: &[std::rc::Rc<Pod>]) -> Result<i32, Said> {
    let mut scales: BTreeMap<String, i32> = BTreeMap::new();
    for pod in pods {
        let Some(owner) = pod.metadata.controller_ref() else { continue };
        if scales.contains_key(&owner.uid) {
            continue;
        }
        let ns = pod.metadata.namespace.as_str();
        let group = owner.api_version.rsplit_once('/').map_or("", |(g, _)| g);
        let found = match (owner.kind.as_str(), group) {
            ("ReplicaSet", "apps") => store
                .get::<ReplicaSet>(ns, &owner.name)
                .filter(|rs| rs.metadata.uid == owner.uid)
                .map(|rs| {
                    // getPodDeployment first: a Deployment's ReplicaSet counts as the Deployment.
                    match rs.metadata.controller_ref().filter(|r| r.kind == "Deployment") {
                        Some(d) => store
                            .get::<Deployment>(ns, &d.name)
                            .filter(|dep| dep.metadata.uid == d.uid)
                            .map(|dep| (dep.metadata.uid.clone(), dep.spec.replicas)),
                        None => Some((rs.metadata.uid.clone(), rs.spec.replicas)),
                    }
                }),
            ("StatefulSet", "apps") => store
                .get::<StatefulSet>(ns, &owner.name)
                .filter(|s| s.metadata.uid == owner.uid)
                .map(|s| Some((s.metadata.uid.clone(), s.spec.replicas))),
            // getScaleController: a kind the finders do not know needs a scale subresource.
            (kind, _) => {
                let resource = Kind::from_resource(kind).map_or_else(
                    || kind.to_lowercase() + "s",
                    |k| match k.group() {
                        "" => k.plural().to_string(),
                        g => format!("{}.{g}", k.plural()),
                    },
                );
                return Err(DisruptionSaid::NoScale { resource }.into());
            }
        };
        match found.flatten() {
            Some((uid, scale)) => {
                scales.insert(uid, scale);
            }
            None => {
                let pod = pod.metadata.name.clone();
                return Err(DisruptionSaid::NoControllers { pod }.into());
            }
        }
    }
    Ok(scales.values().sum())
}

/// `buildDisruptedPodMap`: the granted evictions still expected to happen, and when the
/// earliest of them times out.
fn disrupted_pods(
    pdb: &PodDisruptionBudget,
    pods: &[std::rc::Rc<Pod>],
    now: Time,
) -> (BTreeMap<String, Time>, Option<Time>) {
    let mut kept = BTreeMap::new();
    let mut recheck: Option<Time> = None;
    for pod in pods.iter().filter(|p| !p.metadata.is_deleting()) {
        let Some(at) = pdb.status.disrupted_pods.get(&pod.metadata.name) else { continue };
        let expected = at.plus_millis(DELETION_TIMEOUT_MS);
        if expected >= now {
            recheck = Some(recheck.map_or(expected, |r| r.min(expected)));
            kept.insert(pod.metadata.name.clone(), *at);
        }
    }
    (kept, recheck)
}

/// `updatePdbStatus`: writes the counts when anything differs; returns the disruptions
/// allowed when it wrote.
fn update_status(
    ctx: &mut Ctx<'_>,
    pdb: &PodDisruptionBudget,
    healthy: i32,
    desired: i32,
    expected: i32,
    disrupted: BTreeMap<String, Time>,
) -> Option<i32> {
    // A budget whose pods are not expected yet allows nothing, so a new one is safe before
    // this loop first counts its pods.
    let allowed = if expected <= 0 { 0 } else { (healthy - desired).max(0) };
    let s = &pdb.status;
    if s.current_healthy == healthy
        && s.desired_healthy == desired
        && s.expected_pods == expected
        && s.disruptions_allowed == allowed
        && s.disrupted_pods == disrupted
        && s.observed_generation == pdb.metadata.generation
        && pdb.conditions_up_to_date()
    {
        return None;
    }
    let mut next = pdb.clone();
    next.status.current_healthy = healthy;
    next.status.desired_healthy = desired;
    next.status.expected_pods = expected;
    next.status.disruptions_allowed = allowed;
    next.status.disrupted_pods = disrupted;
    next.status.observed_generation = pdb.metadata.generation;
    next.set_allowed_condition(ctx.now);
    ctx.store.update_status(&next, ctx.now).ok().map(|_| allowed)
}

/// `failSafe`: no disruption is allowed, and the condition says why (in English, as the
/// API shows it). Whether it wrote.
fn fail_safe(ctx: &mut Ctx<'_>, pdb: &PodDisruptionBudget, err: &Said) -> bool {
    let mut next = pdb.clone();
    next.status.disruptions_allowed = 0;
    let observed = next.status.observed_generation;
    let conditions = &mut next.status.conditions;
    conditions.retain(|c| c.type_ != crate::model::DISRUPTION_ALLOWED);
    let since = pdb
        .status
        .conditions
        .iter()
        .find(|c| c.type_ == crate::model::DISRUPTION_ALLOWED && c.status == "False")
        .map_or(ctx.now, |c| c.last_transition_time);
    conditions.push(crate::model::MetaCondition {
        type_: crate::model::DISRUPTION_ALLOWED.into(),
        status: "False".into(),
        observed_generation: observed,
        last_transition_time: since,
        reason: "SyncFailed".into(),
        message: err.to_string(),
    });
    if pdb.status == next.status || ctx.store.update_status(&next, ctx.now).is_err() {
        return false;
    }
    ctx.decide(
        Kind::PodDisruptionBudget,
        &pdb.metadata,
        DisruptionSaid::CountExpected,
        err.clone(),
        DisruptionSaid::FailSafe,
    );
    true
}

#[cfg(test)]
#[path = "disruption_tests.rs"]
mod tests;
