//! The shape of an Endpoints object's subsets: every address grouped with exactly the ports
//! it offers, sorted, and cut to the object's capacity.
//!
//! Models pkg/api/v1/endpoints/util.go (`RepackSubsets`, `SortSubsets`) and
//! pkg/controller/endpoint/endpoints_controller.go (`truncateEndpoints`). Upstream sorts
//! ports and subsets by a hash of their contents; here by their contents, which is as
//! stable and reads better.

use std::collections::BTreeMap;

use crate::model::{EndpointAddress, EndpointSubset, EndpointsPort};

/// `maxCapacity`: addresses an Endpoints object holds before it is truncated.
pub const MAX_CAPACITY: usize = 1000;

type PortId = (Option<String>, i32, Option<String>, Option<String>);
type AddressId = (String, String);
/// A set of addresses, each with whether it is ready.
type AddressSet = Vec<(AddressId, bool)>;

fn port_id(p: &EndpointsPort) -> PortId {
    (p.name.clone(), p.port, p.protocol.clone(), p.app_protocol.clone())
}

/// An address's identity (`addressKey`): its IP and its pod's UID.
fn address_id(a: &EndpointAddress) -> AddressId {
    (a.ip.clone(), a.target_ref.as_ref().map(|r| r.uid.clone()).unwrap_or_default())
}

/// `RepackSubsets`: map each port to the addresses that offer it (ready wins when an
/// address is both), then each set of addresses to the ports it offers.
pub fn repack(subsets: Vec<EndpointSubset>) -> Vec<EndpointSubset> {
    let mut all: BTreeMap<AddressId, EndpointAddress> = BTreeMap::new();
    // A port of -1 stands for "no ports", so port-less addresses are kept.
    let mut by_port: BTreeMap<PortId, BTreeMap<AddressId, bool>> = BTreeMap::new();
    let mut ports: BTreeMap<PortId, EndpointsPort> = BTreeMap::new();
    let none = EndpointsPort { port: -1, ..Default::default() };
    for ss in &subsets {
        let offered: Vec<&EndpointsPort> =
            if ss.ports.is_empty() { vec![&none] } else { ss.ports.iter().collect() };
        for port in offered {
            let pid = port_id(port);
            ports.entry(pid.clone()).or_insert_with(|| port.clone());
            let set = by_port.entry(pid).or_default();
            let tagged = ss.addresses.iter().map(|a| (a, true));
            for (addr, ready) in tagged.chain(ss.not_ready_addresses.iter().map(|a| (a, false))) {
                let id = address_id(addr);
                all.entry(id.clone()).or_insert_with(|| addr.clone());
                let was = set.entry(id).or_insert(ready);
                *was |= ready;
            }
        }
    }
    let mut by_addresses: BTreeMap<AddressSet, Vec<EndpointsPort>> = BTreeMap::new();
    for (pid, set) in by_port {
        let key: Vec<_> = set.into_iter().collect();
        let offered = by_addresses.entry(key).or_default();
        if pid.1 > 0 {
            offered.push(ports[&pid].clone());
        }
    }
    let mut out: Vec<EndpointSubset> = by_addresses
        .into_iter()
        .map(|(set, ports)| {
            let mut ss = EndpointSubset { ports, ..Default::default() };
            for (id, ready) in set {
                let a = all[&id].clone();
                if ready {
                    ss.addresses.push(a);
                } else {
                    ss.not_ready_addresses.push(a);
                }
            }
            ss
        })
        .collect();
    sort_subsets(&mut out);
    out
}

/// `SortSubsets`: addresses by IP then pod UID, ports and subsets in a fixed order.
fn sort_subsets(subsets: &mut [EndpointSubset]) {
    for ss in subsets.iter_mut() {
        ss.addresses.sort_by_key(address_id);
        ss.not_ready_addresses.sort_by_key(address_id);
        ss.ports.sort_by_key(port_id);
    }
    subsets.sort_by(|a, b| {
        let first = |s: &EndpointSubset| {
            s.addresses.first().or(s.not_ready_addresses.first()).map(address_id)
        };
        first(a).cmp(&first(b)).then_with(|| {
            let p = |s: &EndpointSubset| s.ports.iter().map(port_id).collect::<Vec<_>>();
            p(a).cmp(&p(b))
        })
    });
}

pub fn address_count(subsets: &[EndpointSubset]) -> usize {
    subsets.iter().map(|s| s.addresses.len() + s.not_ready_addresses.len()).sum()
}

/// `truncateEndpoints`: over capacity, keep ready addresses first, each subset keeping its
/// share (rounded up) of what fits. Returns whether anything was cut.
pub fn truncate(subsets: &mut [EndpointSubset]) -> bool {
    let ready: usize = subsets.iter().map(|s| s.addresses.len()).sum();
    let not_ready: usize = subsets.iter().map(|s| s.not_ready_addresses.len()).sum();
    if ready + not_ready <= MAX_CAPACITY {
        return false;
    }
    let cut_ready = ready > MAX_CAPACITY;
    let (max, total) =
        if cut_ready { (MAX_CAPACITY, ready) } else { (MAX_CAPACITY - ready, not_ready) };
    let mut room = max;
    for ss in subsets.iter_mut() {
        let n = if cut_ready { ss.addresses.len() } else { ss.not_ready_addresses.len() };
        let share = ((n as f64 / total as f64) * max as f64).ceil() as usize;
        let take = share.min(room);
        if cut_ready {
            ss.addresses.truncate(take);
            ss.not_ready_addresses.clear();
            room -= ss.addresses.len();
        } else {
            ss.not_ready_addresses.truncate(take);
            room -= ss.not_ready_addresses.len();
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ObjectReference;

    fn addr(i: usize) -> EndpointAddress {
        EndpointAddress {
            ip: format!("10.244.{}.{}", i / 200, i % 200 + 2),
            target_ref: Some(ObjectReference { uid: format!("uid-{i}"), ..Default::default() }),
            ..Default::default()
        }
    }

    fn port(n: i32) -> EndpointsPort {
        EndpointsPort { port: n, protocol: Some("TCP".into()), ..Default::default() }
    }

    fn one(i: usize, ready: bool, ports: Vec<EndpointsPort>) -> EndpointSubset {
        let (a, n) = if ready { (vec![addr(i)], vec![]) } else { (vec![], vec![addr(i)]) };
        EndpointSubset { addresses: a, not_ready_addresses: n, ports }
    }

    #[test]
    fn ports_offered_by_the_same_addresses_share_one_sorted_subset() {
        let subsets = vec![
            one(3, true, vec![port(80)]),
            one(1, false, vec![port(80), port(8080)]),
            one(2, true, vec![port(80)]),
            one(2, true, vec![port(443)]),
            one(3, true, vec![port(8080)]),
        ];
        let out = repack(subsets);
        assert_eq!(out.len(), 3, "{out:?}");
        // Port 80 is offered by 1 (not ready), 2 and 3; 443 by 2 alone; 8080 by 1 and 3.
        let http = out.iter().find(|s| s.ports == vec![port(80)]).expect("80");
        assert_eq!(http.addresses, vec![addr(2), addr(3)]);
        assert_eq!(http.not_ready_addresses, vec![addr(1)]);
        let tls = out.iter().find(|s| s.ports == vec![port(443)]).expect("443");
        assert_eq!(tls.addresses, vec![addr(2)]);
        assert_eq!(out[0].not_ready_addresses, vec![addr(1)], "subsets in address order");
    }

    #[test]
    fn over_capacity_keeps_ready_addresses_first() {
        let mut subsets = vec![EndpointSubset {
            addresses: (0..900).map(addr).collect(),
            not_ready_addresses: (900..1200).map(addr).collect(),
            ports: vec![port(80)],
        }];
        assert!(truncate(&mut subsets));
        assert_eq!(subsets[0].addresses.len(), 900);
        assert_eq!(subsets[0].not_ready_addresses.len(), 100);
        let mut small = vec![one(1, true, vec![port(80)])];
        assert!(!truncate(&mut small));
    }
}
