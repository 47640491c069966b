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

type PortId<'a> = (Option<&'a str>, i32, Option<&'a str>, Option<&'a str>);

fn port_id(p: &EndpointsPort) -> PortId<'_> {
    (p.name.as_deref(), p.port, p.protocol.as_deref(), p.app_protocol.as_deref())
}

/// An address's identity (`addressKey`): its IP and its pod's UID.
fn address_id(a: &EndpointAddress) -> (&str, &str) {
    (&a.ip, a.target_ref.as_ref().map(|r| r.uid.as_str()).unwrap_or(""))
}

/// `RepackSubsets`: map each port to the addresses that offer it (ready wins when an
/// address is both), then each set of addresses to the ports it offers. Addresses are
/// numbered in (IP, UID) order, so sets of them are sets of numbers and come out sorted;
/// each address is moved, not copied, into the one subset that usually holds it.
pub fn repack(subsets: Vec<EndpointSubset>) -> Vec<EndpointSubset> {
    // A port of -1 stands for "no ports", so port-less addresses are kept.
    let none = vec![EndpointsPort { port: -1, ..Default::default() }];
    let mut port_lists: Vec<Vec<EndpointsPort>> = Vec::with_capacity(subsets.len());
    let mut entries: Vec<(EndpointAddress, bool, usize)> = Vec::new();
    for ss in subsets {
        let at = port_lists.len();
        port_lists.push(if ss.ports.is_empty() { none.clone() } else { ss.ports });
        entries.extend(ss.addresses.into_iter().map(|a| (a, true, at)));
        entries.extend(ss.not_ready_addresses.into_iter().map(|a| (a, false, at)));
    }
    entries.sort_by(|a, b| address_id(&a.0).cmp(&address_id(&b.0)));
    let mut arena: Vec<Option<EndpointAddress>> = Vec::new();
    let mut by_port: BTreeMap<PortId, BTreeMap<usize, bool>> = BTreeMap::new();
    let mut last: Option<(String, String)> = None;
    for (addr, ready, at) in entries {
        let id = address_id(&addr);
        if last.as_ref().is_none_or(|(ip, uid)| (ip.as_str(), uid.as_str()) != id) {
            last = Some((id.0.to_string(), id.1.to_string()));
            arena.push(Some(addr));
        }
        let k = arena.len() - 1;
        for port in &port_lists[at] {
            let was = by_port.entry(port_id(port)).or_default().entry(k).or_insert(ready);
            *was |= ready;
        }
    }
    let mut by_addresses: BTreeMap<Vec<(usize, bool)>, Vec<PortId>> = BTreeMap::new();
    for (pid, set) in by_port {
        let offered = by_addresses.entry(set.into_iter().collect()).or_default();
        if pid.1 > 0 {
            offered.push(pid);
        }
    }
    let mut uses = vec![0usize; arena.len()];
    for set in by_addresses.keys() {
        set.iter().for_each(|(k, _)| uses[*k] += 1);
    }
    let mut out: Vec<EndpointSubset> = by_addresses
        .into_iter()
        .map(|(set, ports)| {
            let mut ss = EndpointSubset {
                ports: ports
                    .into_iter()
                    .map(|(name, port, protocol, app)| EndpointsPort {
                        name: name.map(str::to_string),
                        port,
                        protocol: protocol.map(str::to_string),
                        app_protocol: app.map(str::to_string),
                    })
                    .collect(),
                ..Default::default()
            };
            for (k, ready) in set {
                uses[k] -= 1;
                let a = if uses[k] == 0 { arena[k].take() } else { arena[k].clone() };
                let a = a.expect("taken only at its last use");
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
        // Addresses already come in (IP, UID) order from `repack`.
        ss.ports.sort_by(|a, b| port_id(a).cmp(&port_id(b)));
    }
    fn first(s: &EndpointSubset) -> Option<(&str, &str)> {
        s.addresses.first().or(s.not_ready_addresses.first()).map(address_id)
    }
    fn ports(s: &EndpointSubset) -> Vec<PortId<'_>> {
        s.ports.iter().map(port_id).collect()
    }
    subsets.sort_by(|a, b| first(a).cmp(&first(b)).then_with(|| ports(a).cmp(&ports(b))));
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
            target_ref: Some(ObjectReference {
                uid: format!("uid-{i}").into(),
                ..Default::default()
            }),
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
