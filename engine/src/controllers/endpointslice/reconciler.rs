//! The placement of endpoints into slices: which slices to create, update and delete so a
//! Service's slices hold exactly its desired endpoints, changing as few slices as it can.
//!
//! Models staging/src/k8s.io/endpointslice/reconciler.go (`reconcileByAddressType`,
//! `reconcileByPortMapping`, the placeholder slice, and `finalize`'s turning of a create
//! plus a delete into an update) and utils.go (`getSliceToFill`). Upstream pops endpoints
//! from a hash set in no particular order; here they come out in pod order, so a seed
//! replays the same slices. Only the IPv4 address type exists in the sandbox.

use std::collections::BTreeMap;
use std::rc::Rc;

use crate::model::*;

use super::desired::{self, PortKey};

/// `maxEndpointsPerSlice`, kube-controller-manager's `--max-endpoints-per-slice` default.
pub const MAX_ENDPOINTS_PER_SLICE: usize = 100;

/// The writes one sync makes.
#[derive(Default)]
pub struct Plan {
    pub create: Vec<EndpointSlice>,
    pub update: Vec<EndpointSlice>,
    pub delete: Vec<Rc<EndpointSlice>>,
}

impl Plan {
    pub fn is_empty(&self) -> bool {
        self.create.is_empty() && self.update.is_empty() && self.delete.is_empty()
    }
}

/// The pods still to be placed, by name: endpoints are built only for pods that go into a
/// slice they are not already in, so a sync that changes nothing allocates next to nothing.
type Desired<'a> = BTreeMap<&'a str, &'a Pod>;

/// `reconcileByAddressType` for IPv4, then `finalize`'s create-to-update conversion.
pub fn plan(svc: &Service, pods: &[&Pod], existing: &[Rc<EndpointSlice>], max: usize) -> Plan {
    let mut plan = Plan::default();
    let mut by_ports: BTreeMap<PortKey, Vec<Rc<EndpointSlice>>> = BTreeMap::new();
    for slice in existing {
        // A slice of another address type, or of an older Service of the same name, goes.
        if slice.address_type == "IPv4" && desired::owned_by(slice, svc) {
            let key = desired::port_key(slice.ports.as_deref().unwrap_or_default());
            by_ports.entry(key).or_default().push(Rc::clone(slice));
        } else {
            plan.delete.push(Rc::clone(slice));
        }
    }
    let mut wanted: BTreeMap<PortKey, (Vec<EndpointPort>, Desired)> = BTreeMap::new();
    // Numeric target ports resolve alike for every pod: work them out once.
    let numeric = svc.spec.ports.iter().all(|p| matches!(p.target_port, Some(IntOrString::Int(_))));
    let shared = pods.first().filter(|_| numeric).map(|p| desired::endpoint_ports(svc, p));
    let shared_key = shared.as_deref().map(desired::port_key);
    for pod in pods {
        let (ports, key) = match (&shared, &shared_key) {
            (Some(ports), Some(key)) => (ports.clone(), key.clone()),
            _ => {
                let ports = desired::endpoint_ports(svc, pod);
                let key = desired::port_key(&ports);
                (ports, key)
            }
        };
        let entry = wanted.entry(key).or_insert_with(|| (ports, Desired::new()));
        if desired::has_address(pod) {
            entry.1.insert(&pod.metadata.name, pod);
        }
    }
    for (key, (ports, set)) in wanted.iter_mut() {
        let slices = by_ports.get(key).map(Vec::as_slice).unwrap_or_default();
        by_port_mapping(svc, slices, std::mem::take(set), ports, max, &mut plan);
    }
    for (key, slices) in &by_ports {
        if !wanted.contains_key(key) {
            plan.delete.extend(slices.iter().cloned());
        }
    }
    // With nothing left to hold, a Service keeps one empty placeholder slice.
    if existing.len() == plan.delete.len() && plan.create.is_empty() {
        let placeholder = desired::new_slice(svc, &[]);
        match plan.delete.as_slice() {
            [only] if is_placeholder_of(only, &placeholder) => plan.delete.clear(),
            _ => plan.create.push(placeholder),
        }
    }
    finalize(svc, &mut plan);
    plan
}

/// `placeholderSliceCompare`: same namespace, labels, owners, ports and no endpoints.
fn is_placeholder_of(slice: &EndpointSlice, placeholder: &EndpointSlice) -> bool {
    slice.metadata.namespace == placeholder.metadata.namespace
        && slice.metadata.labels == placeholder.metadata.labels
        && slice.metadata.owner_references == placeholder.metadata.owner_references
        && slice.address_type == placeholder.address_type
        && slice.endpoints().is_empty()
        && slice.ports.as_deref().unwrap_or_default().is_empty()
}

/// `finalize`: a slice about to be deleted is reused for a slice about to be created.
fn finalize(svc: &Service, plan: &mut Plan) {
    let mut i = 0;
    while i < plan.delete.len() && !plan.create.is_empty() {
        let doomed = &plan.delete[i];
        if doomed.address_type == "IPv4" && desired::owned_by(doomed, svc) {
            let mut slice = plan.create.pop().expect("checked non-empty");
            slice.metadata.name = doomed.metadata.name.clone();
            plan.update.push(slice);
            plan.delete.remove(i);
        } else {
            i += 1;
        }
    }
}

/// A copy of the slice without its endpoints, which the caller replaces.
fn without_endpoints(slice: &EndpointSlice) -> EndpointSlice {
    EndpointSlice {
        api_version: slice.api_version.clone(),
        kind: slice.kind.clone(),
        metadata: slice.metadata.clone(),
        address_type: slice.address_type.clone(),
        endpoints: None,
        ports: slice.ports.clone(),
    }
}

fn set_endpoints(slice: &mut EndpointSlice, eps: Vec<Endpoint>) {
    slice.endpoints = (!eps.is_empty()).then_some(eps);
}

/// `reconcileByPortMapping`: keep desired endpoints where they are, update the slices that
/// changed, fill those first, then the unchanged slice closest to full, then new slices.
fn by_port_mapping(
    svc: &Service,
    existing: &[Rc<EndpointSlice>],
    mut want: Desired<'_>,
    ports: &[EndpointPort],
    max: usize,
    plan: &mut Plan,
) {
    let mut changed: BTreeMap<String, EndpointSlice> = BTreeMap::new();
    let mut unchanged: BTreeMap<String, Rc<EndpointSlice>> = BTreeMap::new();
    // 1. Drop endpoints no longer desired and refresh those that changed.
    for slice in existing {
        // Per endpoint: the pod it still stands for, and whether it is up to date.
        let mut verdicts: Vec<Option<(&Pod, bool)>> = Vec::with_capacity(slice.endpoints().len());
        for ep in slice.endpoints() {
            let name = ep.target_ref.as_ref().map(|r| r.name.as_str()).unwrap_or("");
            let found = want.get(name).copied().filter(|pod| desired::same_id(ep, pod, svc));
            if found.is_some() {
                want.remove(name);
            }
            verdicts.push(found.map(|pod| (pod, desired::equal_beyond_id(ep, pod, svc))));
        }
        let (labels, labels_changed) = desired::slice_labels(&slice.metadata.labels, svc);
        let kept = verdicts.iter().flatten().count();
        let updated = verdicts.iter().flatten().any(|(_, same)| !same);
        if updated || kept != slice.endpoints().len() {
            if kept == 0 {
                plan.delete.push(Rc::clone(slice));
            } else {
                let eps = slice
                    .endpoints()
                    .iter()
                    .zip(&verdicts)
                    .filter_map(|(ep, v)| match v {
                        Some((_, true)) => Some(ep.clone()),
                        Some((pod, false)) => Some(desired::pod_to_endpoint(pod, svc)),
                        None => None,
                    })
                    .collect();
                let mut next = without_endpoints(slice);
                set_endpoints(&mut next, eps);
                next.metadata.labels = labels;
                changed.insert(next.metadata.name.clone(), next);
            }
        } else if labels_changed {
            let mut next = (**slice).clone();
            next.metadata.labels = labels;
            changed.insert(next.metadata.name.clone(), next);
        } else {
            unchanged.insert(slice.metadata.name.clone(), Rc::clone(slice));
        }
    }
    // 2. Fill the slices being updated anyway, fullest first.
    if !want.is_empty() && !changed.is_empty() {
        let mut order: Vec<(usize, String)> =
            changed.values().map(|s| (s.endpoints().len(), s.metadata.name.clone())).collect();
        order.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        for (_, name) in order {
            let slice = changed.get_mut(&name).expect("listed above");
            fill(svc, slice, &mut want, max);
        }
    }
    // 3. What is left goes into the unchanged slice it fits best, or into new slices.
    while !want.is_empty() {
        let target = if want.len() < max {
            slice_to_fill(unchanged.values(), want.len(), max)
        } else {
            None
        };
        let mut slice = match target {
            Some(name) => (*unchanged.remove(&name).expect("found above")).clone(),
            None => desired::new_slice(svc, ports),
        };
        fill(svc, &mut slice, &mut want, max);
        if slice.metadata.name.is_empty() {
            plan.create.push(slice);
        } else {
            changed.insert(slice.metadata.name.clone(), slice);
        }
    }
    plan.update.extend(changed.into_values());
}

fn fill(svc: &Service, slice: &mut EndpointSlice, want: &mut Desired, max: usize) {
    let mut eps = slice.endpoints.take().unwrap_or_default();
    while eps.len() < max {
        let Some((_, pod)) = want.pop_first() else { break };
        eps.push(desired::pod_to_endpoint(pod, svc));
    }
    set_endpoints(slice, eps);
}

/// `getSliceToFill`: the slice that comes closest to full with `n` more endpoints.
fn slice_to_fill<'a>(
    slices: impl Iterator<Item = &'a Rc<EndpointSlice>>,
    n: usize,
    max: usize,
) -> Option<String> {
    let mut best: Option<(usize, &str)> = None;
    for s in slices {
        let total = n + s.endpoints().len();
        if total > max {
            continue;
        }
        let diff = max - total;
        if best.is_none_or(|(d, _)| diff < d) {
            best = Some((diff, &s.metadata.name));
            if diff == 0 {
                break;
            }
        }
    }
    best.map(|(_, name)| name.to_string())
}
