//! The StatefulSet controller's pure parts: pod identity, names and health (`identity.rs`)
//! and the decisions of one pass, ordered or parallel, with partitioned rolling updates
//! (`ordered.rs`). The loop itself is not built yet.

pub mod controller;
pub mod identity;
pub mod ordered;
