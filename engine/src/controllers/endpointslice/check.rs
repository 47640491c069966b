//! What holds once the endpoint loops have caught up (after `settle`), not after every
//! tick: the ready endpoints of each Service's slices and Endpoints are its Ready pods. Tests
//! check it; it reads the store with this loop's own predicates, so it lives with the loop
//! rather than among the store's invariants.

use crate::model::*;
use crate::store::Store;

use super::{selects, should_pod_be_in_endpoints};

/// What holds once the endpoint controllers have caught up (after `settle`), not after
/// every tick: for each Service with a selector (that does not publish not-ready
/// addresses), every ready endpoint in its managed slices and every address in its
/// Endpoints is a pod that exists, has that IP and is Ready; and every Ready pod it
/// selects is a ready endpoint exactly once.
pub fn check_endpoints(store: &Store) -> Result<(), String> {
    for svc in store.list::<Service>(None, None) {
        let ns = svc.metadata.namespace.as_str();
        let name = svc.metadata.name.as_str();
        if !svc.spec.selects_pods() || svc.spec.publish_not_ready_addresses {
            continue;
        }
        let real = |what: &str, ip: &str, target: Option<&ObjectReference>| {
            let pod = target.and_then(|t| store.get::<Pod>(ns, &t.name));
            match pod {
                Some(p) if p.status.pod_ips.iter().any(|i| i == ip) && p.is_ready() => Ok(()),
                Some(p) => Err(format!(
                    "service {name}: {what} {ip} is pod {} with IPs {:?}, ready {}",
                    p.metadata.name,
                    p.status.pod_ips.iter().collect::<Vec<_>>(),
                    p.is_ready()
                )),
                None => Err(format!("service {name}: {what} {ip} is no pod ({target:?})")),
            }
        };
        let mut ready_names = std::collections::BTreeMap::<&str, usize>::new();
        let slices = store.list::<EndpointSlice>(Some(ns), None).filter(|s| {
            s.service_name() == Some(name)
                && s.metadata.labels.get(LABEL_MANAGED_BY).map(String::as_str)
                    == Some(MANAGED_BY_CONTROLLER)
        });
        for ep in slices.flat_map(|s| s.endpoints()).filter(|e| e.conditions.is_ready()) {
            for ip in &ep.addresses {
                real("ready endpoint", ip, ep.target_ref.as_ref())?;
            }
            if let Some(t) = &ep.target_ref {
                *ready_names.entry(t.name.as_str()).or_default() += 1;
            }
        }
        if let Some(e) = store.get::<Endpoints>(ns, name) {
            for a in e.subsets.iter().flat_map(|s| &s.addresses) {
                real("ready address", &a.ip, a.target_ref.as_ref())?;
            }
        }
        let wanted = store.list::<Pod>(Some(ns), None).filter(|p| {
            selects(&svc.spec.selector, &p.metadata.labels)
                && should_pod_be_in_endpoints(p, false)
                && p.is_ready()
        });
        for p in wanted {
            let n = ready_names.get(p.metadata.name.as_str()).copied().unwrap_or(0);
            if n != 1 {
                return Err(format!(
                    "service {name}: ready pod {} is {n} ready endpoints",
                    p.metadata.name
                ));
            }
        }
    }
    Ok(())
}
