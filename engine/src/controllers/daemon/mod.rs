//! The DaemonSet controller's pure parts: which nodes want a daemon pod (`predicates.rs`,
//! with label matching in `affinity.rs`) and the rolling update: its budget and the
//! no-surge pass (`rolling.rs`), and the surge pass (`surge.rs`).
//! The loop itself is not built yet.

pub mod affinity;
pub mod controller;
pub mod predicates;
pub mod rolling;
pub mod surge;
