//! The Job controller's pure parts: the pod-failure back-off and the failure conditions
//! (`backoff.rs`) and an Indexed Job's completion indexes (`indexes.rs`). The loop itself
//! is not built yet.

pub mod backoff;
pub mod controller;
pub mod indexes;
