//! client-go's `flowcontrol.Backoff` as the kubelet uses it for crash-loop and image-pull
//! back-off (pkg/kubelet/kuberuntime/kuberuntime_manager.go `doBackOff`).

use crate::clock::Time;

/// Crash-loop and image-pull back-off start at 10 s (kubelet `backOffPeriod`).
pub const BACKOFF_INITIAL_MS: i64 = 10_000;
/// ... and double up to `MaxContainerBackOff` / `MaxImageBackOff`, 300 s.
pub const BACKOFF_MAX_MS: i64 = 300_000;
/// One entry of client-go's `flowcontrol.Backoff`: the current period and when it last grew.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backoff {
    pub period_ms: i64,
    pub updated: Time,
}

impl Backoff {
    /// `Backoff.Next`: start at 10 s, double up to 300 s; an entry untouched for twice the
    /// maximum (measured from `event`) starts over.
    pub fn next(prev: Option<Backoff>, event: Time, now: Time) -> Backoff {
        let period_ms = match prev {
            Some(b) if !b.expired(event) => (b.period_ms * 2).min(BACKOFF_MAX_MS),
            _ => BACKOFF_INITIAL_MS,
        };
        Backoff { period_ms, updated: now }
    }

    fn expired(&self, event: Time) -> bool {
        event.since(self.updated) > 2 * BACKOFF_MAX_MS
    }

    /// `Backoff.IsInBackOffSince`: whether `now` is still within the period counted from `event`.
    pub fn active_since(prev: Option<Backoff>, event: Time, now: Time) -> bool {
        prev.is_some_and(|b| !b.expired(event) && now.since(event) < b.period_ms)
    }

    /// The entry a container with `restarts` restarts has, as `Next` was called once per crash
    /// that led to a restart: 10 s after the first, 20 s after the second, and so on.
    pub fn after_restarts(restarts: i32, now: Time) -> Option<Backoff> {
        (restarts > 0).then(|| {
            let doublings = (restarts - 1).min(10) as u32;
            Backoff {
                period_ms: (BACKOFF_INITIAL_MS << doublings).min(BACKOFF_MAX_MS),
                updated: now,
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_to_the_cap_and_restarts_after_a_quiet_spell() {
        let mut b = None;
        let mut periods = Vec::new();
        for i in 0..8 {
            let b2 = Backoff::next(b, Time::from_secs(i), Time::from_secs(i));
            periods.push(b2.period_ms / 1000);
            b = Some(b2);
        }
        assert_eq!(periods, vec![10, 20, 40, 80, 160, 300, 300, 300]);
        assert_eq!(Backoff::next(b, Time::from_secs(700), Time::from_secs(700)).period_ms, 10_000);
    }

    #[test]
    fn restart_count_rebuilds_the_same_backoff() {
        assert_eq!(Backoff::after_restarts(0, Time::ZERO), None);
        let periods: Vec<i64> = (1..=7)
            .map(|r| Backoff::after_restarts(r, Time::ZERO).unwrap().period_ms / 1000)
            .collect();
        assert_eq!(periods, vec![10, 20, 40, 80, 160, 300, 300]);
    }
}
