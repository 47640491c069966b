//! The disruption loop's phrases: how many of a budget's pods must stay healthy, how many
//! are, and the evictions it allows (controllers/disruption.rs).

use super::{phrases, Said};

phrases! {
    pub enum DisruptionSaid = "disruption" {
        /// `bound` says where the number comes from (`MaxUnavailable`, `MinAvailable`,
        /// `NoBound`).
        KeepHealthy { pods: i32, bound: Box<Said> } =>
            "keep {pods} pod{pods|/s} healthy ({bound})";
        MaxUnavailable { max: String, expected: i32 } => "maxUnavailable {max} of {expected}";
        MinAvailable { min: String } => "minAvailable {min}";
        NoBound => "no bound";
        Healthy { healthy: i32, pods: usize } => "{healthy} of {pods} healthy";
        AllowEvictions { allowed: i32 } => "allow {allowed} eviction{allowed|/s}";
        AllowNone => "allow no eviction: drains wait";
        CountExpected => "count the pods the budget expects";
        /// The pods' controller has no scale to count (`getScaleController`); `resource` as
        /// `daemonsets.apps`.
        NoScale { resource: String } => "{resource} does not implement the scale subresource";
        NoControllers { pod: String } => "found no controllers for pod {pod:?}";
        FailSafe => "allow no eviction (fail safe)";
    }
}
