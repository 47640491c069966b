//! The failed-pod back-off: a daemon pod that failed is deleted (and so replaced) at once
//! the first time on its node, then only after 1 s, 2 s, 4 s, ... up to 15 min, so a pod
//! that fails as soon as it starts does not make the controller spin.
//!
//! Models k8s.io/client-go/util/flowcontrol/backoff.go (`Next`, `IsInBackOffSinceUpdate`,
//! `Get`, `hasExpired`) as daemon_controller.go's `failedPodsBackoff` uses it, keyed by
//! `failedPodsBackoffKey` (the DaemonSet's UID and the node). Without jitter: the engine
//! draws no randomness for timings it does not show.

use std::collections::BTreeMap;

use crate::clock::Time;

const INITIAL_MS: i64 = 1_000;
const MAX_MS: i64 = 15 * 60_000;

struct Entry {
    backoff_ms: i64,
    last_update: Time,
}

#[derive(Default)]
pub struct FailedPodBackoff {
    entries: BTreeMap<String, Entry>,
}

/// `failedPodsBackoffKey`.
pub fn key(ds_uid: &str, node: &str) -> String {
    format!("{ds_uid}/{node}")
}

/// `hasExpired`: quiet for more than twice the longest back-off.
fn expired(now: Time, last: Time) -> bool {
    now.since(last) > 2 * MAX_MS
}

impl FailedPodBackoff {
    /// `IsInBackOffSinceUpdate`: `Some(backoff)` (what `Get` returns, the delay before the
    /// next look) while the last failure is more recent than the current back-off.
    pub fn in_backoff(&self, key: &str, now: Time) -> Option<i64> {
        let e = self.entries.get(key)?;
        (!expired(now, e.last_update) && now.since(e.last_update) < e.backoff_ms)
            .then_some(e.backoff_ms)
    }

    /// `Next`: start at 1 s, or double up to 15 min.
    pub fn next(&mut self, key: &str, now: Time) {
        let backoff_ms = match self.entries.get(key) {
            Some(e) if !expired(now, e.last_update) => (e.backoff_ms * 2).min(MAX_MS),
            _ => INITIAL_MS,
        };
        self.entries.insert(key.to_string(), Entry { backoff_ms, last_update: now });
    }

    pub fn clear(&mut self) {
        self.entries.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_back_off_doubles_up_to_fifteen_minutes_and_resets_after_quiet() {
        let mut b = FailedPodBackoff::default();
        let t = Time::from_secs(100);
        assert_eq!(b.in_backoff("k", t), None);
        b.next("k", t);
        assert_eq!(b.in_backoff("k", t.plus_millis(999)), Some(1_000));
        assert_eq!(b.in_backoff("k", t.plus_millis(1_000)), None);
        b.next("k", t.plus_millis(1_000));
        assert_eq!(b.in_backoff("k", t.plus_millis(2_000)), Some(2_000));
        for _ in 0..20 {
            b.next("k", t.plus_millis(2_000));
        }
        assert_eq!(b.in_backoff("k", t.plus_millis(2_001)), Some(MAX_MS));
        // Quiet for more than twice the maximum: the next failure starts over.
        let later = t.plus_millis(2_000 + 2 * MAX_MS + 1);
        assert_eq!(b.in_backoff("k", later), None);
        b.next("k", later);
        assert_eq!(b.in_backoff("k", later), Some(INITIAL_MS));
    }
}
