//! The Job controller (pkg/controller/job): the loop (`controller.rs`), what one sync reads
//! (`seen.rs`) and writes to pods (`manage.rs`, `pods.rs`), its conditions and Events
//! (`status.rs`), its arithmetic and wording (`words.rs`), and the pure parts they use: the
//! pod-failure back-off and the failure conditions (`backoff.rs`), an Indexed Job's
//! completion indexes (`indexes.rs`), the pod failure policy (`failure_policy.rs`), the
//! success policy (`success_policy.rs`) and the per-index back-off (`per_index.rs`).

pub mod backoff;
pub mod controller;
pub mod failure_policy;
pub mod indexes;
mod manage;
pub mod per_index;
mod pods;
mod seen;
mod status;
pub mod success_policy;
mod words;
