//! A mirror of a real API server's objects, for the page's live mode: objects are put and
//! removed exactly as the server sent them (uid, resourceVersion, timestamps kept), through
//! the store's own table-and-index write, so the graph, the inspector and `kubectl get` read
//! them with the same code as the built-in cluster. It never validates, defaults or decides:
//! the server already did. A mirror world's loops never run; its clock is set, not stepped.
//! Its objects keep the server's resourceVersions, so `Store::check_invariants`'s "no newer
//! than the store's" does not hold here (that check runs only when a world steps).
//! Models client-go's reflector feeding an informer store (tools/cache/reflector.go
//! `syncWith`, `watchHandler`).

mod decode;

pub(crate) use decode::pruned;
pub use decode::{decode, Decoded};

use super::World;
use crate::clock::Time;
use crate::model::{Kind, Object};
use crate::store::{Key, Tabled, WatchEventType};

impl World {
    /// An empty world to mirror a cluster into: no nodes, and nothing queued that a step
    /// could act on (the page never steps it).
    pub fn mirror() -> World {
        World::empty(0)
    }

    /// Sets the clock to the wall time, so ages and `describe`'s times read as the server's
    /// timestamps do. Only a mirror is given the wall time: the built-in world steps.
    pub fn set_mirror_clock(&mut self, now: Time) {
        self.now = now;
    }

    /// Stores `obj` as sent (ADDED if new, MODIFIED otherwise), unless the stored copy has
    /// the same resourceVersion. Its namespace is made known, as a listed object proves it
    /// exists. Returns whether anything changed.
    pub fn mirror_put(&mut self, obj: Object) -> bool {
        self.put(obj, false)
    }

    /// Puts back an object as it was before a local write changed it, whatever version the
    /// stored copy has (the page runs a command against the mirror, sends what it wrote to
    /// the server, and waits for the server's answer to come back through the watch).
    pub fn mirror_restore(&mut self, obj: Object) {
        self.put(obj, true);
    }

    fn put(&mut self, obj: Object, force: bool) -> bool {
        let now = self.now;
        crate::kinds::ops(obj.kind()).put(&mut self.store, &obj, force, now)
    }

    /// Removes an object the server deleted. Returns whether it was stored.
    pub fn mirror_remove(&mut self, kind: Kind, ns: &str, name: &str) -> bool {
        let now = self.now;
        crate::kinds::ops(kind).remove(&mut self.store, &Key::new(ns, name), now)
    }

    /// A re-list: the listed objects replace every stored object of `kind` (in `ns`, or all
    /// namespaces), as the reflector's `Replace` does after a "410 Gone".
    pub fn mirror_replace(&mut self, kind: Kind, ns: Option<&str>, objects: Vec<Object>) {
        let keep: std::collections::BTreeSet<Key> =
            objects.iter().map(|o| Key::of(o.meta(), kind)).collect();
        for key in self.mirror_keys(kind, ns) {
            if !keep.contains(&key) {
                self.mirror_remove(kind, &key.ns, &key.name);
            }
        }
        for obj in objects.into_iter().filter(|o| o.kind() == kind) {
            self.mirror_put(obj);
        }
    }

    /// The keys of the stored objects of `kind`, in one namespace or all.
    pub fn mirror_keys(&self, kind: Kind, ns: Option<&str>) -> Vec<Key> {
        let objects = crate::kinds::ops(kind).list(&self.store, ns, None);
        objects.iter().map(|o| Key::of(o.meta(), kind)).collect()
    }
}

/// Puts a server's object into the mirror's store as it is (`force`: even at the same
/// resourceVersion); whether anything changed (`kinds::KindOps::put`).
pub(crate) fn put_into<T: Tabled>(
    store: &mut crate::store::Store,
    obj: T,
    force: bool,
    now: Time,
) -> bool {
    let key = Key::of(obj.meta(), T::KIND);
    if T::KIND.namespaced() && !store.has_namespace(&key.ns) {
        // The server's Namespace itself comes with its own kind's list.
        store.ensure_namespace(&key.ns, now);
    }
    let old = T::table(store).get(&key);
    if !force && old.is_some_and(|o| o.meta().resource_version == obj.meta().resource_version) {
        return false;
    }
    let ty = if old.is_some() { WatchEventType::Modified } else { WatchEventType::Added };
    // The mirror's own watch log keeps increasing versions for the page's readers; the
    // object keeps the server's resourceVersion.
    store.next_rv();
    store.store(obj, ty, now);
    true
}

#[cfg(test)]
mod tests;
