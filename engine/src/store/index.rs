//! Secondary indexes kept in step with every write, so controllers and the garbage collector
//! find owners, dependents and a node's pods without scanning every object.

use std::collections::{BTreeMap, BTreeSet};

use crate::model::{Kind, Object, ObjectMeta};

use super::tally::{self, PodState, Tallies};
use super::Key;

#[derive(Debug, Default, PartialEq)]
pub struct Indexes {
    /// uid -> the object that has it.
    pub by_uid: BTreeMap<UidKey, (Kind, Key)>,
    /// owner uid -> objects whose ownerReferences name it (owners may no longer exist), each
    /// with its current state (shared with the table), so a ReplicaSet's sync reads its pods
    /// without a lookup per pod.
    pub dependents: BTreeMap<UidKey, BTreeMap<(Kind, Key), Object>>,
    /// node name -> pods bound to it.
    pub pods_by_node: BTreeMap<String, BTreeSet<Key>>,
    /// node name -> pods bound to it that still occupy it (not Succeeded or Failed).
    pub node_load: BTreeMap<String, usize>,
    /// Every Node object as (load, name): the scheduler walks it from the emptiest node and
    /// binds to the first that passes the filters, instead of scoring every node per pod.
    pub nodes_by_load: BTreeSet<(usize, String)>,
    /// Objects with no controller reference, the candidates for adoption.
    pub orphans: BTreeSet<(Kind, Key)>,
    /// node name -> the IPs its pods have, with how many pods have each, so the kubelet finds
    /// a free address without reading every pod on the node.
    pub ips_by_node: BTreeMap<String, BTreeMap<String, usize>>,
    /// controller UID -> counts of its pods by label map (`tally.rs`).
    pub tallies: Tallies,
}

/// A UID as an index key. Every UID the store assigns is a lowercase UUID, kept as its 128
/// bits: compared in registers, where text keys cost a pointer chase and a `memcmp` at each
/// step of a search through tens of thousands of objects. Anything else (a UID typed into a
/// manifest's ownerReference) stays text.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum UidKey {
    Uuid(u128),
    Text(Box<str>),
}

impl UidKey {
    pub fn of(uid: &str) -> UidKey {
        parse_uuid(uid).map_or_else(|| UidKey::Text(uid.into()), UidKey::Uuid)
    }
}

/// The 128 bits of a UUID in its canonical lowercase form (8-4-4-4-12 hex digits), the only
/// spelling that maps to them, so two UIDs share a key only if they are the same text.
fn parse_uuid(s: &str) -> Option<u128> {
    let b = s.as_bytes();
    if b.len() != 36 {
        return None;
    }
    let mut v: u128 = 0;
    for (i, &c) in b.iter().enumerate() {
        if matches!(i, 8 | 13 | 18 | 23) {
            if c != b'-' {
                return None;
            }
            continue;
        }
        let digit = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            _ => return None,
        };
        v = v << 4 | u128::from(digit);
    }
    Some(v)
}

/// Where a pod sits: its node, whether it still takes a place there, and its IP. Other kinds
/// have none of these.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Placement<'a> {
    pub node: Option<&'a str>,
    pub occupies: bool,
    pub ip: Option<&'a str>,
    /// What the pod adds to its controller's tally.
    pub state: Option<PodState>,
}

impl Placement<'_> {
    /// Whether the node, load and IP indexes see the same pod.
    fn same_place(&self, other: &Placement<'_>) -> bool {
        self.node == other.node && self.occupies == other.occupies && self.ip == other.ip
    }
}

impl Indexes {
    pub fn on_write(
        &mut self,
        kind: Kind,
        key: &Key,
        old: Option<(&ObjectMeta, Placement<'_>)>,
        new: Option<(&ObjectMeta, Placement<'_>, &Object)>,
    ) {
        // Events own nothing, and the collector resolves an owner reference to an Event by
        // name (`Store::owner_meta`): leaving the recorder's flood out of the UID index keeps
        // its cost off every Event written and expired.
        if kind == Kind::Event {
            return;
        }
        if kind == Kind::Pod {
            tally::on_pod_write(
                &mut self.tallies,
                old.and_then(|(m, p)| Some((m, p.state?))),
                new.and_then(|(m, p, _)| Some((m, p.state?))),
            );
        }
        // Most writes are status updates that move nothing the indexes hold: only the
        // dependents' copies need the new state.
        if let (Some((a, pa)), Some((b, pb, obj))) = (old, new) {
            if a.uid == b.uid && a.owner_references == b.owner_references && pa.same_place(&pb) {
                for r in &b.owner_references {
                    let slot = self
                        .dependents
                        .get_mut(&UidKey::of(&r.uid))
                        .and_then(|m| m.get_mut(&(kind, key.clone())));
                    if let Some(slot) = slot {
                        *slot = obj.clone();
                    }
                }
                return;
            }
        }
        if let Some((m, Placement { node, occupies, ip, .. })) = old {
            if kind == Kind::Node {
                let load = self.node_load.get(&m.name).copied().unwrap_or(0);
                self.nodes_by_load.remove(&(load, m.name.clone()));
            }
            self.by_uid.remove(&UidKey::of(&m.uid));
            self.orphans.remove(&(kind, key.clone()));
            for r in &m.owner_references {
                let owner = UidKey::of(&r.uid);
                if let Some(set) = self.dependents.get_mut(&owner) {
                    set.remove(&(kind, key.clone()));
                    if set.is_empty() {
                        self.dependents.remove(&owner);
                    }
                }
            }
            if let Some(node) = node {
                if occupies {
                    if let Some(n) = self.node_load.get_mut(node) {
                        *n -= 1;
                        let now = *n;
                        if now == 0 {
                            self.node_load.remove(node);
                        }
                        self.move_node(node, now + 1, now);
                    }
                }
                if let Some(set) = self.pods_by_node.get_mut(node) {
                    set.remove(key);
                    if set.is_empty() {
                        self.pods_by_node.remove(node);
                    }
                }
                if let (Some(ip), Some(ips)) = (ip, self.ips_by_node.get_mut(node)) {
                    if let Some(n) = ips.get_mut(ip) {
                        *n -= 1;
                        if *n == 0 {
                            ips.remove(ip);
                        }
                    }
                    if ips.is_empty() {
                        self.ips_by_node.remove(node);
                    }
                }
            }
        }
        if let Some((m, Placement { node, occupies, ip, .. }, obj)) = new {
            if kind == Kind::Node {
                let load = self.node_load.get(&m.name).copied().unwrap_or(0);
                self.nodes_by_load.insert((load, m.name.clone()));
            }
            self.by_uid.insert(UidKey::of(&m.uid), (kind, key.clone()));
            if m.controller_ref().is_none() && matches!(kind, Kind::Pod | Kind::ReplicaSet) {
                self.orphans.insert((kind, key.clone()));
            }
            for r in &m.owner_references {
                self.dependents
                    .entry(UidKey::of(&r.uid))
                    .or_default()
                    .insert((kind, key.clone()), obj.clone());
            }
            if let Some(node) = node {
                if occupies {
                    let n = self.node_load.entry(node.to_string()).or_default();
                    *n += 1;
                    let now = *n;
                    self.move_node(node, now - 1, now);
                }
                self.pods_by_node.entry(node.to_string()).or_default().insert(key.clone());
                if let Some(ip) = ip {
                    *self
                        .ips_by_node
                        .entry(node.to_string())
                        .or_default()
                        .entry(ip.to_string())
                        .or_default() += 1;
                }
            }
        }
    }

    /// Moves a node's entry in `nodes_by_load` after its load changed; a name with no Node
    /// object (a pod bound to a node that is gone) has no entry and gets none.
    fn move_node(&mut self, node: &str, from: usize, to: usize) {
        if self.nodes_by_load.remove(&(from, node.to_string())) {
            self.nodes_by_load.insert((to, node.to_string()));
        }
    }
}

#[cfg(test)]
mod uid_tests {
    use super::*;
    use crate::rng::SimRng;

    #[test]
    fn assigned_uids_pack_into_bits_and_other_spellings_stay_text() {
        let uid = SimRng::new(7).uid();
        assert!(matches!(UidKey::of(&uid), UidKey::Uuid(_)), "{uid}");
        // The same digits in capitals, or without a hyphen, are other UIDs to the API server.
        let upper = uid.to_uppercase();
        assert_eq!(UidKey::of(&upper), UidKey::Text(upper.clone().into()));
        assert_ne!(UidKey::of(&upper), UidKey::of(&uid));
        let bare = uid.replace('-', "");
        assert_eq!(UidKey::of(&bare), UidKey::Text(bare.clone().into()));
        assert_eq!(UidKey::of("u-1"), UidKey::Text("u-1".into()));
        let other = SimRng::new(8).uid();
        assert_ne!(UidKey::of(&other), UidKey::of(&uid));
    }
}
