//! Pod grid slots: each pod keeps its place in its group's grid across builds, newcomers
//! fill the holes, and holes close after a while. Part of `LayoutMemory`.

use std::collections::{BTreeMap, BTreeSet};

use kubeloop::sort::{btree_map, btree_set};

use super::{LayoutMemory, COMPACT_MS};

#[derive(Clone, Debug, Default)]
pub(super) struct Slots {
    pub(super) slots: Vec<Option<String>>,
    pub(super) holes_since: Option<f64>,
}

impl LayoutMemory {
    /// Gives each member of a pod group its slot: the one it had, or else the first free one,
    /// newcomers taken in creation order (`(creation ms, name)`). Holes left by members that
    /// went are filled by newcomers, or closed after `COMPACT_MS`. Returns UID -> slot.
    pub(in crate::view) fn place(
        &mut self,
        key: &str,
        members: &[((i64, &str), &str)],
        now: f64,
    ) -> BTreeMap<String, usize> {
        let group = self.slots.entry(key.to_string()).or_default();
        let present: BTreeSet<&str> = btree_set(members.iter().map(|(_, uid)| *uid));
        for slot in group.slots.iter_mut() {
            if slot.as_deref().is_some_and(|uid| !present.contains(uid)) {
                *slot = None;
            }
        }
        let placed: BTreeSet<String> = btree_set(group.slots.iter().flatten().cloned());
        let mut newcomers: Vec<_> =
            members.iter().filter(|(_, uid)| !placed.contains(*uid)).collect();
        kubeloop::sort::sort(&mut newcomers);
        let mut free = 0;
        for (_, uid) in newcomers {
            while free < group.slots.len() && group.slots[free].is_some() {
                free += 1;
            }
            if free == group.slots.len() {
                group.slots.push(None);
            }
            group.slots[free] = Some(uid.to_string());
        }
        while group.slots.last().is_some_and(Option::is_none) {
            group.slots.pop();
        }
        if group.slots.iter().any(Option::is_none) {
            let since = *group.holes_since.get_or_insert(now);
            if now - since >= COMPACT_MS {
                group.slots.retain(Option::is_some);
                group.holes_since = None;
            }
        } else {
            group.holes_since = None;
        }
        btree_map(
            group
                .slots
                .iter()
                .enumerate()
                .filter_map(|(i, s)| s.as_ref().map(|uid| (uid.clone(), i))),
        )
    }

    /// Keeps slot memory only for the groups drawn pod by pod this time.
    pub(in crate::view) fn retain_slots(&mut self, groups: &BTreeSet<&str>) {
        self.slots.retain(|key, _| groups.contains(key.as_str()));
    }
}
