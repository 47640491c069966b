//! The ordered log of watch events every write appends to. Informers read it by cursor; a
//! bounded ring keeps long sessions from growing without limit.

use std::collections::VecDeque;
use std::fmt;

use crate::clock::Time;
use crate::model::Object;

use super::FieldManager;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WatchEventType {
    Added,
    Modified,
    Deleted,
}

impl fmt::Display for WatchEventType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WatchEventType::Added => "ADDED",
            WatchEventType::Modified => "MODIFIED",
            WatchEventType::Deleted => "DELETED",
        })
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct WatchEvent {
    /// resourceVersion after the write.
    pub rv: u64,
    pub at: Time,
    pub ty: WatchEventType,
    /// The object as it was written (for DELETED, its last state).
    pub object: Object,
    /// Who wrote it: a loop's manager, or `None` for the user (kubectl and the sandbox). The real API
    /// server keeps the same fact per field in `metadata.managedFields[].manager`.
    pub by: Option<FieldManager>,
}

/// Keeps the newest `capacity` events. Sequence numbers keep counting, so a reader that fell
/// behind the ring can tell how many it missed.
pub struct WatchLog {
    events: VecDeque<WatchEvent>,
    /// Sequence number of `events[0]`.
    first_seq: u64,
    capacity: usize,
}

pub const DEFAULT_WATCH_CAPACITY: usize = 50_000;

impl Default for WatchLog {
    fn default() -> Self {
        WatchLog { events: VecDeque::new(), first_seq: 0, capacity: DEFAULT_WATCH_CAPACITY }
    }
}

impl WatchLog {
    /// A log that keeps the newest `capacity` events (at least one).
    pub fn with_capacity(capacity: usize) -> Self {
        WatchLog { capacity: capacity.max(1), ..WatchLog::default() }
    }

    /// Changes how many events the ring keeps from now on (at least one). Sequence numbers
    /// and the events already held stay, so informers' cursors stay valid; a smaller ring
    /// sheds its oldest events as the next ones arrive.
    pub fn set_capacity(&mut self, capacity: usize) {
        self.capacity = capacity.max(1);
    }

    pub fn push(&mut self, e: WatchEvent) {
        debug_assert!(
            self.events.back().is_none_or(|last| last.rv <= e.rv),
            "watch events must carry increasing resourceVersions"
        );
        while self.events.len() >= self.capacity {
            self.events.pop_front();
            self.first_seq += 1;
        }
        // A full buffer doubles; the doubling that would pass the ring's capacity grows it
        // to exactly that instead (50,000 events, not 65,536 slots: 0.9 MB).
        if self.events.len() == self.events.capacity() && self.events.len() * 2 > self.capacity {
            self.events.reserve_exact(self.capacity - self.events.len());
        }
        self.events.push_back(e);
    }

    /// The sequence number of the oldest event still in the ring.
    pub fn first(&self) -> u64 {
        self.first_seq
    }

    /// The sequence number the next event will get.
    pub fn end(&self) -> u64 {
        self.first_seq + self.events.len() as u64
    }

    /// Events from sequence number `from` on (those still in the ring).
    pub fn since(&self, from: u64) -> impl Iterator<Item = &WatchEvent> {
        let skip = from.saturating_sub(self.first_seq).min(self.events.len() as u64) as usize;
        self.events.iter().skip(skip)
    }

    /// Events written after resourceVersion `rv` (those still in the ring): where a watch
    /// from `rv` starts.
    pub fn after_rv(&self, rv: u64) -> impl Iterator<Item = &WatchEvent> {
        let skip = self.events.partition_point(|e| e.rv <= rv);
        self.events.iter().skip(skip)
    }

    /// Whether the events after `rv` are all still in the ring (the ring has dropped none
    /// newer than `rv`); a watch from an older version is answered 410 Gone.
    pub fn covers(&self, rv: u64) -> bool {
        self.first_seq == 0 || self.events.front().is_some_and(|e| e.rv <= rv + 1)
    }

    /// The resourceVersion of the oldest event the ring still holds.
    pub fn oldest_rv(&self) -> Option<u64> {
        self.events.front().map(|e| e.rv)
    }

    pub fn len(&self) -> usize {
        self.events.len()
    }

    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Pod;

    fn event(rv: u64) -> WatchEvent {
        WatchEvent {
            rv,
            at: Time::ZERO,
            ty: WatchEventType::Added,
            object: Object::Pod(Pod::default().into()),
            by: None,
        }
    }

    #[test]
    fn a_smaller_capacity_sheds_the_oldest_events_as_new_ones_arrive() {
        let mut log = WatchLog::default();
        for rv in 1..=10 {
            log.push(event(rv));
        }
        log.set_capacity(4);
        // Nothing held is lost until the next write, so readers' cursors stay valid.
        assert_eq!((log.len(), log.first(), log.end()), (10, 0, 10));
        assert!(log.covers(1));
        log.push(event(11));
        assert_eq!((log.len(), log.first(), log.end()), (4, 7, 11));
        assert_eq!(log.oldest_rv(), Some(8));
        assert!(!log.covers(1) && log.covers(7));
        assert_eq!(log.after_rv(9).map(|e| e.rv).collect::<Vec<_>>(), [10, 11]);
    }
}
