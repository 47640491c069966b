//! The Job controller (pkg/controller/job): the loop (`controller.rs`), its pod writes
//! (`pods.rs`), its conditions and Events (`status.rs`), its arithmetic and wording
//! (`words.rs`), and the pure parts they use: the
//! pod-failure back-off and the failure conditions (`backoff.rs`) and an Indexed Job's
//! completion indexes (`indexes.rs`).

pub mod backoff;
pub mod controller;
pub mod indexes;
mod pods;
mod status;
mod words;
