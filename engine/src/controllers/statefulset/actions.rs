//! What the StatefulSet loop writes for one step of a pass: a pod and its claims (created
//! and bound), a deleted pod, the claims' owner references under the retention policy,
//! with the Events upstream records and the decision in words a learner follows.
//!
//! Models pkg/controller/statefulset/stateful_pod_control.go (`CreateStatefulPod`,
//! `DeleteStatefulPod`, `createPersistentVolumeClaims`, `UpdatePodClaimForRetentionPolicy`,
//! `recordPodEvent`, `recordClaimEvent`).

use std::rc::Rc;

use super::controller::owned_pods;
use super::identity;
use super::ordered::{self, Wait};
use super::pods;
use super::revision;
use crate::controllers::said::StatefulSetSaid;
use crate::controllers::Ctx;
use crate::model::*;
use crate::store::{ApiError, DeleteOptions, Store};

/// `CreateStatefulPod`: the claims first, then the pod at the revision its ordinal gets.
/// Returns what blocks the ordinal when a pod the set does not own holds its name.
pub(super) fn create(
    set: &StatefulSet,
    current: &ControllerRevision,
    update: &ControllerRevision,
    ord: i32,
    ctx: &mut Ctx<'_>,
) -> Option<StatefulSetSaid> {
    let s = &set.spec;
    let partition = s.update_strategy.rolling_update.as_ref().map_or(0, |r| r.partition);
    let partition = if s.update_strategy.type_ == "RollingUpdate" { partition } else { 0 };
    let at = ordered::revision_for_ordinal(
        ord,
        s.start_ordinal(),
        partition,
        &current.metadata.name,
        &update.metadata.name,
    );
    let rev = if at == current.metadata.name { current } else { update };
    let pod = pods::new_pod(set, &revision::template_of(set, rev), ord, at);
    let name = pod.metadata.name.clone();
    if let Err(e) = create_claims(set, &pod, ctx) {
        record(ctx, set, "create", &name, Some(&e));
        return None;
    }
    match ctx.store.create(pod, ctx.now, ctx.rng) {
        Ok(_) => {
            record(ctx, set, "create", &name, None);
            let (pod, revision) = (name.clone(), at.to_string());
            let action = if s.service_name.is_empty() {
                StatefulSetSaid::CreateAt { pod, revision }
            } else {
                let (service, namespace) = (s.service_name.clone(), set.metadata.namespace.clone());
                StatefulSetSaid::CreateReachable { pod, revision, service, namespace }
            };
            let observed = StatefulSetSaid::PodMissing { pod: name };
            ctx.decide(Kind::StatefulSet, &set.metadata, replicas(set), observed, action);
        }
        // `CreateStatefulPod` sinks AlreadyExists without an event; the set stays stuck on
        // the ordinal (it adopts no pods here), which the decision feed says once.
        Err(ApiError::AlreadyExists { .. }) => {
            return Some(StatefulSetSaid::NotOwned { pod: name });
        }
        Err(e) => record(ctx, set, "create", &name, Some(&e.to_string())),
    }
    None
}

/// `createPersistentVolumeClaims`: each missing claim is created and bound at once.
fn create_claims(set: &StatefulSet, pod: &Pod, ctx: &mut Ctx<'_>) -> Result<(), String> {
    let mut errs = Vec::new();
    for mut claim in pods::claims_for(set, identity::ordinal(&pod.metadata.name)) {
        let (ns, name) = (claim.metadata.namespace.clone(), claim.metadata.name.clone());
        if ctx.store.get::<PersistentVolumeClaim>(&ns, &name).is_some() {
            continue;
        }
        if let Some(refs) = pods::claim_owners(&claim, set, pod) {
            claim.metadata.owner_references = refs;
        }
        match ctx.store.create(claim, ctx.now, ctx.rng) {
            Ok(created) => {
                bind(&created, ctx);
                claim_event(ctx, set, &name, &pod.metadata.name, None);
            }
            Err(e) => {
                let e = format!("failed to create PVC {name}: {e}");
                claim_event(ctx, set, &name, &pod.metadata.name, Some(&e));
                errs.push(e);
            }
        }
    }
    // `errorutils.NewAggregate`: one error prints bare, several as `[a, b]`.
    match errs.len() {
        0 => Ok(()),
        1 => Err(errs.remove(0)),
        _ => Err(format!("[{}]", errs.join(", "))),
    }
}

/// What a dynamic provisioner and the PV binder would do: a volume named after the claim's
/// UID, the request as capacity, and phase Bound, with the binder's annotations
/// (pkg/controller/volume/persistentvolume/pv_controller.go `annBindCompleted`,
/// `annBoundByController`).
fn bind(claim: &PersistentVolumeClaim, ctx: &mut Ctx<'_>) {
    let (ns, name) = (&claim.metadata.namespace, &claim.metadata.name);
    let volume = format!("pvc-{}", claim.metadata.uid);
    let Ok(bound) = ctx.store.modify::<PersistentVolumeClaim>(ns, name, ctx.now, |c| {
        c.spec.volume_name = volume;
        c.metadata.annotations.insert("pv.kubernetes.io/bind-completed".into(), "yes".into());
        c.metadata.annotations.insert("pv.kubernetes.io/bound-by-controller".into(), "yes".into());
    }) else {
        return;
    };
    let _ = ctx.store.modify_status::<PersistentVolumeClaim>(ns, name, ctx.now, |c| {
        c.status.phase = "Bound".into();
        c.status.access_modes = bound.spec.access_modes.clone();
        c.status.capacity = bound.spec.resources.requests.clone();
    });
}

/// `recordPodEvent`.
fn record(ctx: &mut Ctx<'_>, set: &StatefulSet, verb: &str, pod: &str, err: Option<&str>) {
    let title = title(verb);
    let set_name = &set.metadata.name;
    match err {
        None => ctx.event(
            Kind::StatefulSet,
            &set.metadata,
            "Normal",
            &format!("Successful{title}"),
            format!("{verb} Pod {pod} in StatefulSet {set_name} successful"),
        ),
        Some(e) => ctx.event(
            Kind::StatefulSet,
            &set.metadata,
            "Warning",
            &format!("Failed{title}"),
            format!("{verb} Pod {pod} in StatefulSet {set_name} failed error: {e}"),
        ),
    }
}

/// `recordClaimEvent` (the verb is always "create" here).
fn claim_event(ctx: &mut Ctx<'_>, set: &StatefulSet, claim: &str, pod: &str, err: Option<&str>) {
    let set_name = &set.metadata.name;
    match err {
        None => ctx.event(
            Kind::StatefulSet,
            &set.metadata,
            "Normal",
            "SuccessfulCreate",
            format!("create Claim {claim} Pod {pod} in StatefulSet {set_name} success"),
        ),
        Some(e) => ctx.event(
            Kind::StatefulSet,
            &set.metadata,
            "Warning",
            "FailedCreate",
            format!(
                "create Claim {claim} for Pod {pod} in StatefulSet {set_name} failed error: {e}"
            ),
        ),
    }
}

/// `strings.Title` of a one-word verb.
fn title(verb: &str) -> String {
    let mut c = verb.chars();
    c.next().map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
}

/// `DeleteStatefulPod`, with the decision that led to it.
pub(super) fn delete(
    set: &StatefulSet,
    ord: i32,
    observed: StatefulSetSaid,
    action: StatefulSetSaid,
    ctx: &mut Ctx<'_>,
) {
    let name = identity::pod_name(&set.metadata.name, ord);
    let ns = set.metadata.namespace.clone();
    match ctx.store.delete::<Pod>(&ns, &name, &DeleteOptions::default(), ctx.now) {
        Ok(_) => {
            record(ctx, set, "delete", &name, None);
            ctx.decide(Kind::StatefulSet, &set.metadata, replicas(set), observed, action);
        }
        Err(ApiError::NotFound { .. }) => {}
        Err(e) => record(ctx, set, "delete", &name, Some(&e.to_string())),
    }
}

/// Before a condemned pod goes, its claims learn whether to go with it (whenScaled).
pub(super) fn condemn_claims(set: &StatefulSet, members: &[Rc<Pod>], ord: i32, ctx: &mut Ctx<'_>) {
    if let Some(pod) = members.iter().find(|p| identity::ordinal(&p.metadata.name) == ord) {
        update_claim_owners(set, pod, ctx);
    }
}

/// `processReplica`'s repair (`UpdateStatefulPod`): a pod of the set whose identity was
/// edited away (its pod-name or pod-index label, its hostname or subdomain) gets it back.
pub(super) fn repair_identity(set: &StatefulSet, members: &[Rc<Pod>], ctx: &mut Ctx<'_>) {
    let id = pods::set_identity(set);
    let range = identity::owned_ordinals(Some(set.spec.start_ordinal()), set.spec.replicas);
    for pod in members {
        let name = &pod.metadata.name;
        let in_range = range.contains(&identity::ordinal(name));
        let index_ok = pod.metadata.labels.get(identity::POD_INDEX_LABEL)
            == Some(&identity::ordinal(name).to_string());
        if !in_range
            || pod.metadata.is_deleting()
            || (identity::identity_matches(&id, pod) && index_ok)
        {
            continue;
        }
        let mut fixed = (**pod).clone();
        identity::update_identity(&id, &mut fixed);
        match ctx.store.update(fixed, ctx.now) {
            Ok(_) => {
                record(ctx, set, "update", name, None);
                ctx.decide(
                    Kind::StatefulSet,
                    &set.metadata,
                    StatefulSetSaid::WantIdentity,
                    StatefulSetSaid::LostIdentity { pod: name.clone() },
                    StatefulSetSaid::RestoreIdentity { pod: name.clone() },
                );
            }
            Err(e) => record(ctx, set, "update", name, Some(&e.to_string())),
        }
    }
}

/// `UpdatePodClaimForRetentionPolicy` for every pod the set has: the claims' owner
/// references follow the retention policy, which may change at any time.
pub(super) fn retain_claims(set: &StatefulSet, ctx: &mut Ctx<'_>) {
    if set.spec.volume_claim_templates.is_empty() {
        return;
    }
    for pod in owned_pods(ctx.store, set) {
        if !pod.metadata.is_deleting() {
            update_claim_owners(set, &pod, ctx);
        }
    }
}

fn update_claim_owners(set: &StatefulSet, pod: &Pod, ctx: &mut Ctx<'_>) {
    for claim in pods::claims_for(set, identity::ordinal(&pod.metadata.name)) {
        let (ns, name) = (&claim.metadata.namespace, &claim.metadata.name);
        let Some(stored) = ctx.store.get::<PersistentVolumeClaim>(ns, name) else { continue };
        if let Some(refs) = pods::claim_owners(stored, set, pod) {
            let _ = ctx.store.modify::<PersistentVolumeClaim>(ns, name, ctx.now, |c| {
                c.metadata.owner_references = refs
            });
        }
    }
}

/// "3 replicas (web-0..web-2)".
pub(super) fn replicas(set: &StatefulSet) -> StatefulSetSaid {
    let range = identity::owned_ordinals(Some(set.spec.start_ordinal()), set.spec.replicas);
    let pod = |ord| identity::pod_name(&set.metadata.name, ord);
    match (range.start, range.end - 1) {
        _ if range.is_empty() => StatefulSetSaid::Replicas { replicas: set.spec.replicas },
        (a, b) if a == b => {
            StatefulSetSaid::ReplicasOne { replicas: set.spec.replicas, pod: pod(a) }
        }
        (a, b) => StatefulSetSaid::ReplicasRange {
            replicas: set.spec.replicas,
            first: pod(a),
            last: pod(b),
        },
    }
}

/// The first owned ordinal without a pod, for "want web-2": what the set waits to do.
pub(super) fn next_wanted(set: &StatefulSet, store: &Store) -> StatefulSetSaid {
    let ns = &set.metadata.namespace;
    let range = identity::owned_ordinals(Some(set.spec.start_ordinal()), set.spec.replicas);
    for ord in range {
        let name = identity::pod_name(&set.metadata.name, ord);
        if store.get::<Pod>(ns, &name).is_none() {
            return StatefulSetSaid::NextPod { pod: name };
        }
    }
    replicas(set)
}

/// "see web-1 not Running and Ready yet".
pub(super) fn waiting_on(set: &StatefulSet, ord: i32, wait: Wait) -> StatefulSetSaid {
    let pod = identity::pod_name(&set.metadata.name, ord);
    match wait {
        Wait::Terminating => StatefulSetSaid::StillTerminating { pod },
        Wait::RunningAndReady => StatefulSetSaid::NotRunningReady { pod },
        Wait::Available => {
            StatefulSetSaid::NotAvailable { pod, min_ready_seconds: set.spec.min_ready_seconds }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_desired_size_names_the_ordinals_it_owns() {
        let mut set = StatefulSet::default();
        set.metadata.name = "web".into();
        let said = |set: &StatefulSet| replicas(set).to_string();
        set.spec.replicas = 0;
        assert_eq!(said(&set), "0 replicas");
        set.spec.replicas = 1;
        assert_eq!(said(&set), "1 replica (web-0)");
        set.spec.replicas = 3;
        assert_eq!(said(&set), "3 replicas (web-0..web-2)");
        set.spec.min_ready_seconds = 5;
        assert_eq!(
            waiting_on(&set, 1, Wait::Available).to_string(),
            "web-1 not Available yet (minReadySeconds 5)"
        );
    }
}
