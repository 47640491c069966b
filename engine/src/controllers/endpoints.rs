//! The legacy Endpoints controller: one `Endpoints` object per Service with a selector,
//! named like it, listing ready pods under `addresses` and the others under
//! `notReadyAddresses`, at most 1,000 of them. Deprecated upstream since 1.33, still run.
//!
//! Models pkg/controller/endpoint/endpoints_controller.go (`syncService`,
//! `podToEndpointAddressForService`, `addEndpointSubset`, `truncateEndpoints`,
//! `checkLeftoverEndpoints`) and pkg/api/v1/endpoints/util.go (`RepackSubsets`, in
//! `repack.rs`). Endpoints have no owner reference: when the Service goes, this loop deletes
//! them itself, and only the ones its label says it manages.

mod repack;

pub use repack::MAX_CAPACITY;

use crate::clock::Time;
use crate::model::*;
use crate::store::{ApiError, DeleteOptions, Key, Store, WatchEvent, WatchEventType};

use super::endpointslice::{
    find_port, hostname_for, observed_pods, selector_text, selects, service_ip_set,
    should_pod_be_in_endpoints, PodMemberships, TriggerTimeTracker, LABEL_HEADLESS,
};
use super::said::EndpointsSaid;
use super::{key_of, Controller, ControllerName, Ctx, WorkQueue};

/// `LabelManagedBy` and `ControllerName` (set since 1.33).
pub const LABEL_ENDPOINTS_MANAGED_BY: &str = "endpoints.kubernetes.io/managed-by";
pub const ENDPOINT_CONTROLLER: &str = "endpoint-controller";
/// `v1.EndpointsOverCapacity` and its value.
pub const OVER_CAPACITY: &str = "endpoints.kubernetes.io/over-capacity";

#[derive(Default)]
pub struct EndpointsController {
    queue: WorkQueue<Key>,
    pods: PodMemberships,
    triggers: TriggerTimeTracker,
}

fn managed(e: &Endpoints) -> bool {
    e.metadata.labels.get(LABEL_ENDPOINTS_MANAGED_BY).map(String::as_str)
        == Some(ENDPOINT_CONTROLLER)
}

impl Controller for EndpointsController {
    type Key = Key;

    fn name(&self) -> ControllerName {
        ControllerName::Endpoints
    }

    fn queue(&mut self) -> &mut WorkQueue<Key> {
        &mut self.queue
    }

    fn observe(&mut self, event: &WatchEvent, store: &Store) {
        match &event.object {
            // A Service that selects no pods (the API server's own) gets nothing from this
            // loop; its creation is not queued, so a cluster's first tick gives the course
            // part's loops no turn (in the page, a turn would fetch the part).
            Object::Service(s) if s.spec.selects_pods() || event.ty != WatchEventType::Added => {
                self.queue.add(key_of(&s.metadata))
            }
            Object::Pod(_) => {
                for key in self.pods.services_for(event, store) {
                    self.queue.add(key);
                }
            }
            // `onEndpointsDelete`: a deleted Endpoints is written again if its Service wants it.
            Object::Endpoints(e) if event.ty == WatchEventType::Deleted => {
                self.queue.add(key_of(&e.metadata))
            }
            _ => {}
        }
    }

    /// Every Service, and (`checkLeftoverEndpoints`) every Endpoints it manages, so one
    /// whose Service went while the loop was down is deleted.
    fn resync(&mut self, store: &Store) {
        self.pods.fill(store);
        for s in store.list::<Service>(None, None).filter(|s| s.spec.selects_pods()) {
            self.queue.add(key_of(&s.metadata));
        }
        for e in store.list::<Endpoints>(None, None).filter(|e| managed(e)) {
            if store.get::<Service>(&e.metadata.namespace, &e.metadata.name).is_none() {
                self.queue.add(key_of(&e.metadata));
            }
        }
    }

    fn reconcile(&mut self, key: &Key, ctx: &mut Ctx<'_>) {
        let Some(svc) = ctx.store.get_rc::<Service>(&key.ns, &key.name) else {
            self.triggers.forget(key);
            delete_leftover(key, ctx);
            return;
        };
        if !svc.spec.selects_pods() {
            return;
        }
        let selected: Vec<&Pod> = ctx
            .store
            .list::<Pod>(Some(&svc.metadata.namespace), None)
            .filter(|p| selects(&svc.spec.selector, &p.metadata.labels))
            .collect();
        let trigger = self.triggers.compute(&svc, &selected);
        let observed = observed_pods(&selected);
        let subsets = subsets_for(&svc, &selected);
        let current = ctx.store.get_rc::<Endpoints>(&svc.metadata.namespace, &svc.metadata.name);
        drop(selected);
        // The stored object's metadata; its subsets are replaced, so they are not copied.
        let mut next = match &current {
            Some(e) => Endpoints {
                subsets: Vec::new(),
                metadata: e.metadata.clone(),
                ..Endpoints::new(ObjectMeta::default())
            },
            None => Endpoints::new(ObjectMeta {
                name: svc.metadata.name.clone(),
                namespace: svc.metadata.namespace.clone(),
                ..Default::default()
            }),
        };
        if let Some(cur) = &current {
            let mut labels = cur.metadata.labels.clone();
            labels.remove(LABEL_HEADLESS);
            labels.remove(LABEL_ENDPOINTS_MANAGED_BY);
            let over = repack::address_count(&cur.subsets) > MAX_CAPACITY;
            let capacity_ok = !over && !cur.metadata.annotations.contains_key(OVER_CAPACITY);
            if cur.subsets == subsets && labels == svc.metadata.labels && capacity_ok {
                return;
            }
        }
        next.subsets = subsets;
        next.metadata.labels = svc.metadata.labels.clone();
        set_annotations(&mut next, trigger);
        if !service_ip_set(&svc) {
            next.metadata.labels.insert(LABEL_HEADLESS.into(), String::new());
        }
        next.metadata.labels.insert(LABEL_ENDPOINTS_MANAGED_BY.into(), ENDPOINT_CONTROLLER.into());
        let ready: usize = next.subsets.iter().map(|s| s.addresses.len()).sum();
        let not_ready: usize = next.subsets.iter().map(|s| s.not_ready_addresses.len()).sum();
        let (ns, name) = (svc.metadata.namespace.clone(), svc.metadata.name.clone());
        let result = if current.is_none() {
            ctx.store.create(next, ctx.now, ctx.rng).map(|_| Verb::Create)
        } else {
            ctx.store.update(next, ctx.now).map(|_| Verb::Update)
        };
        match result {
            Ok(verb) => ctx.decide(
                Kind::Service,
                &svc.metadata,
                EndpointsSaid::AddressEach { selector: selector_text(&svc) },
                observed,
                verb.said(name, addresses(ready, not_ready)),
            ),
            Err(e) => {
                let (reason, message) = if current.is_none() {
                    (
                        "FailedToCreateEndpoint",
                        format!("Failed to create endpoint for service {ns}/{name}: {e}"),
                    )
                } else {
                    (
                        "FailedToUpdateEndpoint",
                        format!("Failed to update endpoint {ns}/{name}: {e}"),
                    )
                };
                let meta = ObjectMeta { name, namespace: ns, ..Default::default() };
                ctx.event(Kind::Endpoints, &meta, "Warning", reason, message);
                let at = ctx.now.plus_millis(1_000);
                self.queue.add_after_for(key.clone(), at, super::Wait::BackOff);
            }
        }
    }

    fn forget(&mut self) {
        self.queue.clear();
        self.pods.clear();
        self.triggers.clear();
    }
}

/// "2 ready and 1 not-ready address", or "no addresses".
fn addresses(ready: usize, not_ready: usize) -> EndpointsSaid {
    if ready + not_ready == 0 {
        EndpointsSaid::NoAddresses
    } else {
        EndpointsSaid::Addresses { ready, not_ready }
    }
}

/// What a sync did to the Endpoints object.
enum Verb {
    Create,
    Update,
}

impl Verb {
    fn said(self, name: String, addresses: EndpointsSaid) -> EndpointsSaid {
        let addresses = Box::new(addresses.into());
        match self {
            Verb::Create => EndpointsSaid::CreateEndpoints { name, addresses },
            Verb::Update => EndpointsSaid::UpdateEndpoints { name, addresses },
        }
    }
}

/// The trigger time (cleared when there is none) and the capacity annotation.
fn set_annotations(e: &mut Endpoints, trigger: Option<Time>) {
    let notes = &mut e.metadata.annotations;
    match trigger {
        Some(t) => {
            notes.insert(LAST_CHANGE_TRIGGER_TIME.into(), t.to_string());
        }
        None => {
            notes.remove(LAST_CHANGE_TRIGGER_TIME);
        }
    }
    if repack::truncate(&mut e.subsets) {
        e.metadata.annotations.insert(OVER_CAPACITY.into(), "truncated".into());
    } else {
        e.metadata.annotations.remove(OVER_CAPACITY);
    }
}

/// The Service is gone: its Endpoints go too, if this loop wrote them.
fn delete_leftover(key: &Key, ctx: &mut Ctx<'_>) {
    let Some(e) = ctx.store.get_rc::<Endpoints>(&key.ns, &key.name) else { return };
    if !managed(&e) {
        return;
    }
    let opts = DeleteOptions::default();
    match ctx.store.delete::<Endpoints>(&key.ns, &key.name, &opts, ctx.now) {
        Ok(_) | Err(ApiError::NotFound { .. }) => ctx.decide(
            Kind::Endpoints,
            &e.metadata,
            EndpointsSaid::OnlyForServices,
            EndpointsSaid::ServiceGone { service: key.name.to_string() },
            EndpointsSaid::DeleteEndpoints { name: key.name.to_string() },
        ),
        Err(_) => {}
    }
}

/// The subsets `syncService` builds: per pod that belongs in Endpoints, one subset per
/// Service port it resolves, ready or not, then repacked.
fn subsets_for(svc: &Service, pods: &[&Pod]) -> Vec<EndpointSubset> {
    let publish = svc.spec.publish_not_ready_addresses;
    let mut subsets = Vec::new();
    for pod in pods.iter().filter(|p| should_pod_be_in_endpoints(p, publish)) {
        let Some(ip) = pod.status.pod_ips.iter().next().or(pod.status.pod_ip.as_deref()) else {
            continue;
        };
        let mut addr = EndpointAddress {
            ip: ip.to_string(),
            hostname: hostname_for(pod, svc),
            node_name: Some(pod.spec.node_name.clone().unwrap_or_default()),
            target_ref: Some(ObjectReference {
                kind: "Pod".into(),
                namespace: pod.metadata.namespace.as_str().into(),
                name: pod.metadata.name.as_str().into(),
                uid: pod.metadata.uid.as_str().into(),
                ..Default::default()
            }),
        };
        let ready = publish || pod.is_ready();
        let mut ports: Vec<Vec<EndpointsPort>> = Vec::new();
        if svc.spec.ports.is_empty() {
            // A headless Service may have no ports; its addresses still count.
            if svc.spec.headless() {
                ports.push(Vec::new());
            }
        }
        for sp in &svc.spec.ports {
            let Some(port) = find_port(pod, sp) else { continue };
            ports.push(vec![EndpointsPort {
                name: Some(sp.name().to_string()).filter(|n| !n.is_empty()),
                port,
                protocol: Some(sp.protocol().to_string()),
                app_protocol: sp.app_protocol.clone(),
            }]);
        }
        // `addEndpointSubset`: one subset per port; the address is moved into the last.
        let n = ports.len();
        for (i, ports) in ports.into_iter().enumerate() {
            let a = if i + 1 == n { std::mem::take(&mut addr) } else { addr.clone() };
            let (addresses, not_ready_addresses) =
                if ready { (vec![a], vec![]) } else { (vec![], vec![a]) };
            subsets.push(EndpointSubset { addresses, not_ready_addresses, ports });
        }
    }
    repack::repack(subsets)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_action_counts_addresses_with_the_noun_after_the_last_count() {
        let said = |ready, not_ready| Verb::Update.said("web".into(), addresses(ready, not_ready));
        assert_eq!(said(0, 0).to_string(), "update endpoints web with no addresses");
        assert_eq!(
            said(1, 0).to_string(),
            "update endpoints web with 1 ready and 0 not-ready address"
        );
        assert_eq!(
            said(3, 1).to_string(),
            "update endpoints web with 3 ready and 1 not-ready address"
        );
        assert_eq!(
            said(1, 2).to_string(),
            "update endpoints web with 1 ready and 2 not-ready addresses"
        );
    }
}
