//! `POST pods/NAME/eviction`: the Eviction subresource that `kubectl drain` uses. A pod that a
//! PodDisruptionBudget covers is deleted only if the budget allows one more disruption, which
//! the eviction then spends (the budget's status counts it down and names the pod in
//! `disruptedPods` until the disruption loop sees it go); otherwise the answer is 429
//! TooManyRequests, which drain retries. The answer to an eviction that goes through is a
//! `Success` Status with 201.
//!
//! Discovery lists it as `pods/eviction` with the policy/v1 `Eviction` kind, and the
//! OpenAPI documents `kubeloop serve` publishes carry its path and schema, so a real
//! kubectl's drain finds it as on a real cluster (drain.go `CheckEvictionSupport` reads that
//! entry's group and version) and POSTs evictions rather than deleting the pods.
//!
//! Models pkg/registry/core/pod/storage/eviction.go (`EvictionREST.Create`, `canIgnorePDB`,
//! `checkAndDecrement`, `getPodDisruptionBudgets`): the name in the body must be the URL's,
//! the Eviction's delete options are honoured (grace period, preconditions, dry run, the
//! request's `dryRun` joined in as `propagateDryRun` does), a pod that is pending, finished or
//! already being deleted needs no budget, an unready pod may go while its budget is met (or
//! always, with `unhealthyPodEvictionPolicy: AlwaysAllow`), and a missing pod is NotFound.

use serde_json::{json, Value};

use crate::model::{Kind, Pod, PodDisruptionBudget, PodPhase, ALWAYS_ALLOW};
use crate::world::World;

use super::path::Resource;
use super::{delete, write, Query, Request, Response, Status};

pub(super) fn evict(
    world: &mut World,
    req: &Request,
    q: &Query,
    res: &Resource,
    name: &str,
) -> Result<Response, Status> {
    let body = write::body(req)?;
    let sent = body.pointer("/metadata/name").and_then(Value::as_str).unwrap_or(name);
    if sent != name {
        return Err(Status::bad_request("name in URL does not match name in Eviction object"));
    }
    // propagateDryRun: the request's `dryRun` (a CreateOptions field; its other parameters
    // are no delete options) joins the Eviction's own, so `kubectl drain --dry-run=server`
    // deletes nothing.
    let create = Query { dry_run: q.dry_run, ..Query::default() };
    let options = body.get("deleteOptions").filter(|v| v.is_object());
    let (opts, rv, dry) = delete::options_of(options, &create)?;
    let ns = res.namespace.clone().unwrap_or_default();
    let pod =
        world.store.get_rc::<Pod>(&ns, name).ok_or_else(|| Status::not_found(Kind::Pod, name))?;
    if !can_ignore_budget(&pod) {
        budget_verdict(world, &pod, dry)?;
    }
    delete::delete_one(world, Kind::Pod, res, &ns, name, &opts, rv.as_deref(), dry)?;
    Ok(Response::json(
        201,
        json!({ "kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Success", "code": 201 }),
    ))
}

/// `canIgnorePDB`: a pod that is finished, pending or already going disrupts nothing more.
fn can_ignore_budget(pod: &Pod) -> bool {
    matches!(pod.status.phase, PodPhase::Succeeded | PodPhase::Failed | PodPhase::Pending)
        || pod.metadata.is_deleting()
}

/// `check_budget`, reached through the course part in the page's split build, since only
/// its commands make a PodDisruptionBudget: before it arrives no budget guards any pod.
fn budget_verdict(world: &mut World, pod: &Pod, dry: bool) -> Result<(), Status> {
    #[cfg(kubeloop_split)]
    return match LATER_BUDGETS.get() {
        Some(check) => check(world, pod, dry),
        None => Ok(()),
    };
    #[cfg(not(kubeloop_split))]
    check_budget(world, pod, dry)
}

/// Set by the course part in the split build (`crate::kinds::link`).
#[cfg(kubeloop_split)]
pub static LATER_BUDGETS: std::sync::OnceLock<Verdict> = std::sync::OnceLock::new();

/// A budget's verdict on an eviction: the world, the pod, whether it is a dry run.
#[cfg(kubeloop_split)]
type Verdict = fn(&mut World, &Pod, bool) -> Result<(), Status>;

/// The budget's verdict on evicting `pod`, spending one disruption when it allows it (not on
/// a dry run, which changes nothing).
pub(crate) fn check_budget(world: &mut World, pod: &Pod, dry: bool) -> Result<(), Status> {
    // getPodDisruptionBudgets: a budget whose selector is empty covers no pod here.
    let ns = pod.metadata.namespace.as_str();
    let budgets: Vec<PodDisruptionBudget> = world
        .store
        .list::<PodDisruptionBudget>(Some(ns), None)
        .filter(|b| b.spec.selector.as_ref().is_some_and(|s| !s.is_empty()))
        .filter(|b| b.covers(&pod.metadata.labels))
        .cloned()
        .collect();
    let budget = match budgets.as_slice() {
        [] => return Ok(()),
        [one] => one,
        _ => {
            return Err(Status::failure(
                500,
                "This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.",
            ))
        }
    };
    let s = &budget.status;
    if !pod.is_ready() {
        let always = budget.spec.unhealthy_pod_eviction_policy.as_deref() == Some(ALWAYS_ALLOW);
        // An unready pod is not counted healthy, so it may go while the budget is met.
        if always || (s.current_healthy >= s.desired_healthy && s.desired_healthy > 0) {
            return Ok(());
        }
    }
    let name = &budget.metadata.name;
    if s.observed_generation < budget.metadata.generation {
        let cause = format!("The disruption budget {name} is still being processed by the server.");
        return Err(Status::disruption_budget(cause, 10));
    }
    if s.disruptions_allowed < 0 {
        return Err(Status::forbidden_budget(name, "pdb disruptions allowed is negative"));
    }
    if s.disruptions_allowed == 0 {
        let cause = format!(
            "The disruption budget {name} needs {} healthy pods and has {} currently",
            s.desired_healthy, s.current_healthy
        );
        return Err(Status::disruption_budget(cause, 0));
    }
    if dry {
        return Ok(());
    }
    let now = world.now();
    let mut next = budget.clone();
    next.status.disruptions_allowed -= 1;
    if next.status.disruptions_allowed == 0 {
        next.set_allowed_condition(now);
    }
    next.status.disrupted_pods.insert(pod.metadata.name.clone(), now);
    world.store.update_status(&next, now).map_err(Status::from)?;
    Ok(())
}

#[cfg(test)]
#[path = "eviction_tests.rs"]
mod tests;
