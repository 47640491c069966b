//! A controller work queue: de-duplicating FIFO plus delayed adds, like client-go's
//! rate-limited workqueue (util/workqueue) without the rate limiting. Each delayed add says
//! what it waits for, so step mode can name the next timer; client-go's `AddAfter` has no
//! such label, and nothing but that description reads it.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fmt;

use crate::clock::Time;

/// What a delayed add (or the world's resync) waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wait {
    /// A re-check the loop asked for, with no more specific reason.
    Recheck,
    /// A retry after a failure: a kubelet crash-loop or image-pull back-off, a scheduling or
    /// sync back-off.
    BackOff,
    ImagePull,
    ContainerStart,
    /// A container whose process exits by itself after a while.
    ContainerExit,
    /// The kubelet looks at an exited container again to decide on a restart.
    RestartCheck,
    /// A pod's graceful-deletion deadline (SIGTERM, then SIGKILL).
    GracePeriod,
    /// The kubelet removes a stopped pod's sandbox, then the pod.
    Cleanup,
    /// `minReadySeconds` before a ready pod counts as available.
    MinReady,
    /// A Deployment's `progressDeadlineSeconds` check.
    ProgressDeadline,
    /// `--node-monitor-grace-period`: a silent node is marked NotReady after it.
    NodeMonitorGrace,
    /// `tolerationSeconds` of a NoExecute taint: its pods are evicted after it.
    Eviction,
    /// Every informer re-lists what it watches (`resync`).
    Resync,
    /// The kubelet's next startup, liveness or readiness probe of a container.
    StartupProbe,
    LivenessProbe,
    ReadinessProbe,
    /// A CronJob's next scheduled time.
    Schedule,
    /// A loop that re-reads its object every period whatever happens (the autoscaler's
    /// `--horizontal-pod-autoscaler-sync-period`).
    SyncPeriod,
    /// A kubelet renews its node's Lease (a quarter of the lease's duration).
    LeaseRenewal,
}

impl Wait {
    /// A timer that recurs for as long as its object exists: it is future work, but not
    /// unfinished work, so `World::settle` does not wait for it.
    pub fn recurs(self) -> bool {
        matches!(self, Wait::Schedule | Wait::SyncPeriod | Wait::LeaseRenewal)
    }
}

impl Wait {
    pub const ALL: [Wait; 19] = [
        Wait::Recheck,
        Wait::BackOff,
        Wait::ImagePull,
        Wait::ContainerStart,
        Wait::ContainerExit,
        Wait::RestartCheck,
        Wait::GracePeriod,
        Wait::Cleanup,
        Wait::MinReady,
        Wait::ProgressDeadline,
        Wait::NodeMonitorGrace,
        Wait::Eviction,
        Wait::Resync,
        Wait::StartupProbe,
        Wait::LivenessProbe,
        Wait::ReadinessProbe,
        Wait::Schedule,
        Wait::SyncPeriod,
        Wait::LeaseRenewal,
    ];
}

impl fmt::Display for Wait {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wait::Recheck => "re-check",
            Wait::BackOff => "back-off",
            Wait::ImagePull => "image pull",
            Wait::ContainerStart => "container start",
            Wait::ContainerExit => "container exit",
            Wait::RestartCheck => "restart check",
            Wait::GracePeriod => "graceful-deletion deadline",
            Wait::Cleanup => "pod clean-up",
            Wait::MinReady => "minReadySeconds",
            Wait::ProgressDeadline => "progress deadline check",
            Wait::NodeMonitorGrace => "node monitor grace period",
            Wait::Eviction => "taint eviction (tolerationSeconds)",
            Wait::Resync => "informer resync",
            Wait::StartupProbe => "startup probe",
            Wait::LivenessProbe => "liveness probe",
            Wait::ReadinessProbe => "readiness probe",
            Wait::Schedule => "scheduled time",
            Wait::SyncPeriod => "sync period",
            Wait::LeaseRenewal => "lease renewal",
        })
    }
}

pub struct WorkQueue<K: Ord + Clone> {
    ready: VecDeque<K>,
    queued: BTreeSet<K>,
    delayed: BTreeMap<(Time, u64), (K, Wait)>,
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
        self.add_after_for(key, at, Wait::Recheck);
    }

    /// `add_after`, saying what the key waits for.
    pub fn add_after_for(&mut self, key: K, at: Time, why: Wait) {
        self.seq += 1;
        self.delayed.insert((at, self.seq), (key, why));
    }

    /// Moves delayed keys whose time has come into the ready queue.
    pub fn promote(&mut self, now: Time) {
        while let Some(entry) = self.delayed.first_entry() {
            if entry.key().0 > now {
                break;
            }
            let (key, _) = entry.remove();
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

    /// Whether a delayed add that is not a recurring timer falls due by `deadline`.
    pub fn unfinished_by(&self, deadline: Time) -> bool {
        let due = self.delayed.range(..=(deadline, u64::MAX));
        due.into_iter().any(|(_, (_, why))| !why.recurs())
    }

    /// Whether `key` has a delayed add waiting.
    pub fn has_delayed(&self, key: &K) -> bool {
        self.delayed.values().any(|(k, _)| k == key)
    }

    /// The earliest delayed add with its key and what it waits for.
    pub fn next_timer(&self) -> Option<(Time, &K, Wait)> {
        self.delayed.iter().next().map(|((t, _), (k, why))| (*t, k, *why))
    }

    /// Drops the delayed adds of one key, when the check they stood for is no longer needed
    /// (a client-go delaying queue keeps one entry per key; this one keeps them all).
    pub fn cancel_delayed(&mut self, key: &K) {
        self.delayed.retain(|_, (k, _)| k != key);
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
    fn recurring_timers_are_future_work_but_not_unfinished_work() {
        let mut q = WorkQueue::default();
        q.add_after_for("cron", Time(60_000), Wait::Schedule);
        q.add_after_for("hpa", Time(15_000), Wait::SyncPeriod);
        assert_eq!(q.next_delayed(), Some(Time(15_000)));
        assert!(!q.unfinished_by(Time(i64::MAX)), "settle does not wait for a schedule");
        q.add_after_for("pod", Time(90_000), Wait::GracePeriod);
        assert!(q.unfinished_by(Time(90_000)) && !q.unfinished_by(Time(89_999)));
    }

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

    #[test]
    fn the_next_timer_is_the_earliest_delayed_add_with_its_reason() {
        let mut q = WorkQueue::default();
        q.add_after_for("slow", Time(900), Wait::BackOff);
        q.add_after("soon", Time(300));
        assert_eq!(q.next_timer(), Some((Time(300), &"soon", Wait::Recheck)));
        q.promote(Time(300));
        assert_eq!(q.next_timer(), Some((Time(900), &"slow", Wait::BackOff)));
        assert_eq!(Wait::BackOff.to_string(), "back-off");
    }
}
