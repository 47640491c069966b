//! Checks shared by the property and fault-injection tests.

use kubeloop::model::*;
use kubeloop::world::World;

/// What a cluster converges to once faults stop and `settle()` returns: one controller per
/// object and none dangling, nothing stuck deleting, every ReplicaSet owning exactly its
/// replicas with a status that says so, every Deployment on its current template with
/// matching status.
pub fn converged(w: &World) -> Result<(), String> {
    let store = &w.store;
    let uids: std::collections::BTreeSet<String> = store
        .list::<Pod>(None, None)
        .map(|p| p.metadata.uid.clone())
        .chain(store.list::<ReplicaSet>(None, None).map(|r| r.metadata.uid.clone()))
        .chain(store.list::<Deployment>(None, None).map(|d| d.metadata.uid.clone()))
        .collect();
    let metas: Vec<(&str, &ObjectMeta)> = store
        .list::<Pod>(None, None)
        .map(|p| ("pod", &p.metadata))
        .chain(store.list::<ReplicaSet>(None, None).map(|r| ("rs", &r.metadata)))
        .chain(store.list::<Deployment>(None, None).map(|d| ("deploy", &d.metadata)))
        .collect();
    for (kind, m) in &metas {
        if m.owner_references.iter().filter(|r| r.is_controller()).count() > 1 {
            return Err(format!("{kind}/{} has two controllers", m.name));
        }
        if let Some(r) = m.controller_ref() {
            if !uids.contains(&r.uid) {
                return Err(format!(
                    "{kind}/{} has a dangling controller ref to {}",
                    m.name, r.name
                ));
            }
        }
        if m.is_deleting() {
            return Err(format!("{kind}/{} is stuck deleting", m.name));
        }
    }
    for rs in store.list::<ReplicaSet>(None, None) {
        let owned: Vec<&Pod> = store
            .list::<Pod>(Some(&rs.metadata.namespace), None)
            .filter(|p| {
                p.is_active()
                    && p.metadata.controller_ref().is_some_and(|r| r.uid == rs.metadata.uid)
            })
            .collect();
        if owned.len() as i32 != rs.spec.replicas {
            return Err(format!(
                "rs/{} wants {} but owns {}",
                rs.metadata.name,
                rs.spec.replicas,
                owned.len()
            ));
        }
        if rs.status.replicas != rs.spec.replicas || rs.status.ready_replicas != rs.spec.replicas {
            return Err(format!(
                "rs/{} status {:?} disagrees with its pods",
                rs.metadata.name, rs.status
            ));
        }
    }
    for d in store.list::<Deployment>(None, None) {
        if upstream_scaling_stall(w, d) {
            continue;
        }
        let image = &d.spec.template.spec.containers[0].image;
        let mut total = 0;
        for rs in store.list::<ReplicaSet>(Some("default"), None) {
            if rs.metadata.controller_ref().is_some_and(|r| r.uid == d.metadata.uid) {
                total += rs.spec.replicas;
                if rs.spec.replicas > 0 && rs.spec.template.spec.containers[0].image != *image {
                    return Err(format!(
                        "deploy/{} still runs {} pods of an old template",
                        d.metadata.name, rs.spec.replicas
                    ));
                }
            }
        }
        if total != d.spec.replicas {
            return Err(format!(
                "deploy/{} wants {} but has {}",
                d.metadata.name, d.spec.replicas, total
            ));
        }
        let st = &d.status;
        if st.replicas != d.spec.replicas
            || st.available_replicas != d.spec.replicas
            || st.updated_replicas != d.spec.replicas
        {
            return Err(format!("deploy/{} status {:?} disagrees", d.metadata.name, st));
        }
    }
    Ok(())
}

/// kubernetes/kubernetes#138036 (open in 2026): when a Deployment's only active ReplicaSet
/// already has the Deployment's replica count but a stale desired-replicas annotation,
/// `isScalingEvent` is true on every sync and `scale` returns early without fixing the
/// annotation, so the rollout never starts. The engine keeps upstream's behaviour, so a
/// settled cluster may hold a Deployment in that state, as a real one would.
pub fn upstream_scaling_stall(w: &World, d: &Deployment) -> bool {
    let active: Vec<&ReplicaSet> = w
        .store
        .list::<ReplicaSet>(Some(&d.metadata.namespace), None)
        .filter(|rs| {
            rs.spec.replicas > 0
                && rs.metadata.controller_ref().is_some_and(|r| r.uid == d.metadata.uid)
        })
        .collect();
    let [only] = active.as_slice() else { return false };
    let desired = only.metadata.annotations.get("deployment.kubernetes.io/desired-replicas");
    only.spec.replicas == d.spec.replicas
        && desired.and_then(|v| v.parse::<i32>().ok()).is_some_and(|n| n != d.spec.replicas)
}

/// Once settled, the endpoint controllers have caught up: every ready endpoint of a Service
/// is a pod that exists, has that IP and is Ready, and every Ready pod a Service selects is
/// one of its ready endpoints (`controllers::endpointslice::check_endpoints`); and each
/// Service with a selector has at least one slice.
// Each test binary compiles this module; `fault_injection.rs` makes no Services.
#[allow(dead_code)]
pub fn endpoints_converged(w: &World) -> Result<(), String> {
    kubeloop::controllers::endpointslice::check_endpoints(&w.store)?;
    for svc in w.store.list::<Service>(None, None).filter(|s| s.spec.selects_pods()) {
        let name = svc.metadata.name.as_str();
        let slices = w
            .store
            .list::<EndpointSlice>(Some(&svc.metadata.namespace), None)
            .filter(|s| s.service_name() == Some(name) && !s.metadata.is_deleting())
            .count();
        if slices == 0 {
            return Err(format!("service {name} has no EndpointSlice"));
        }
    }
    Ok(())
}
