//! Cron schedules for the CronJob loop: parsing as Kubernetes parses `spec.schedule`
//! (robfig/cron v3.0.1 `ParseStandard`), the next activation (`Schedule::next`), time zones
//! for `spec.timeZone` (`zone.rs`), the API server's schedule and time zone validation
//! (`validate.rs`) and the controller's time arithmetic (`cronjob.rs`, from
//! pkg/controller/cronjob/utils.go). Pure functions of their inputs; it owns no objects and
//! runs no loop.
//!
//! Instants here are Unix milliseconds, as Go's `time.Time` counts from the Unix epoch;
//! `cronjob.rs` converts from the engine's `clock::Time`, which counts from 2025-01-01.

mod civil;
pub mod cronjob;
mod duration;
mod parse;
mod spec;
pub mod validate;
mod zone;
mod zone_table;

pub use duration::parse_duration;
pub use parse::parse_standard;
pub use spec::SpecSchedule;
pub use zone::{known_zones, load_location, Zone};

/// A parsed schedule (`cron.Schedule`): a crontab spec, or `@every`'s constant delay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Schedule {
    Spec(SpecSchedule),
    /// `ConstantDelaySchedule`: whole seconds, at least one.
    Every {
        delay_secs: i64,
    },
}

impl Schedule {
    /// `cron.Every`: below a second rounds up to one, otherwise sub-second parts are dropped.
    fn every(nanos: i64) -> Schedule {
        Schedule::Every { delay_secs: (nanos / 1_000_000_000).max(1) }
    }

    /// `Schedule.Next`: the first activation strictly after `after` (Unix ms), or `None` where
    /// robfig returns the zero time. A spec without `TZ=` is read in UTC, the local zone of
    /// kube-controller-manager's image.
    pub fn next(&self, after: i64) -> Option<i64> {
        let secs = after.div_euclid(1000);
        match self {
            Schedule::Spec(spec) => spec.next(secs, &Zone::utc()).map(|t| t * 1000),
            // `t.Add(Delay - t.Nanosecond())`: from the whole second, one delay on.
            Schedule::Every { delay_secs } => {
                secs.checked_add(*delay_secs).and_then(|t| t.checked_mul(1000))
            }
        }
    }
}

#[cfg(test)]
mod parse_tests;
#[cfg(test)]
mod spec_tests;
#[cfg(test)]
mod zone_tests;
