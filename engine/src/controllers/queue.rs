//! A controller work queue: de-duplicating FIFO plus delayed adds, like client-go's
//! rate-limited workqueue (util/workqueue) without the rate limiting.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use crate::clock::Time;

pub struct WorkQueue<K: Ord + Clone> {
    ready: VecDeque<K>,
    queued: BTreeSet<K>,
    delayed: BTreeMap<(Time, u64), K>,
    seq: u64,
}

impl<K: Ord + Clone> Default for WorkQueue<K> {
    fn default() -> Self {
        WorkQueue {
            ready: VecDeque::new(),
            queued: BTreeSet::new(),
            delayed: BTreeMap::new(),
            seq: 0,
        }
    }
}

impl<K: Ord + Clone> WorkQueue<K> {
    /// Adds a key unless it is already waiting.
    pub fn add(&mut self, key: K) {
        if self.queued.insert(key.clone()) {
            self.ready.push_back(key);
        }
    }

    /// Adds a key once `at` is reached.
    pub fn add_after(&mut self, key: K, at: Time) {
        self.seq += 1;
        self.delayed.insert((at, self.seq), key);
    }

    /// Moves delayed keys whose time has come into the ready queue.
    pub fn promote(&mut self, now: Time) {
        while let Some(entry) = self.delayed.first_entry() {
            if entry.key().0 > now {
                break;
            }
            let key = entry.remove();
            self.add(key);
        }
    }

    /// Takes every key that is ready now; keys added while they are processed wait for the
    /// next round.
    pub fn drain(&mut self) -> Vec<K> {
        self.queued.clear();
        self.ready.drain(..).collect()
    }

    pub fn len(&self) -> usize {
        self.ready.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ready.is_empty()
    }

    /// The earliest delayed add, if any.
    pub fn next_delayed(&self) -> Option<Time> {
        self.delayed.keys().next().map(|(t, _)| *t)
    }

    /// Drops the delayed adds of one key, when the check they stood for is no longer needed
    /// (a client-go delaying queue keeps one entry per key; this one keeps them all).
    pub fn cancel_delayed(&mut self, key: &K) {
        self.delayed.retain(|_, k| k != key);
    }

    /// Forgets everything, as a controller process that stops loses its memory.
    pub fn clear(&mut self) {
        self.ready.clear();
        self.queued.clear();
        self.delayed.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_queued_twice_is_processed_once() {
        let mut q = WorkQueue::default();
        q.add("a");
        q.add("b");
        q.add("a");
        assert_eq!(q.drain(), vec!["a", "b"]);
        assert!(q.is_empty());
    }

    #[test]
    fn delayed_keys_wait_for_their_time() {
        let mut q = WorkQueue::default();
        q.add_after("late", Time(500));
        q.promote(Time(400));
        assert!(q.is_empty());
        q.promote(Time(500));
        assert_eq!(q.drain(), vec!["late"]);
        assert_eq!(q.next_delayed(), None);
    }
}
