//! The DaemonSet controller's pure parts: which nodes want a daemon pod (`predicates.rs`,
//! with label matching in `affinity.rs`) and the rolling-update budget (`rolling.rs`).
//! The loop itself is not built yet.

pub mod affinity;
pub mod predicates;
pub mod rolling;
