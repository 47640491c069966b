//! The DaemonSet controller: one pod per eligible node, rolled out to a new template with
//! `maxUnavailable`/`maxSurge` or on delete, and the ControllerRevisions that let a rollout
//! be undone.
//!
//! The loop (`controller.rs`) runs one sync per DaemonSet (`sync.rs`): claiming pods and
//! revisions (`claim.rs`), history (`revisions.rs`), the pods each node needs (`pods.rs`,
//! with the failed-pod back-off in `backoff.rs`), the rolling update, status. Its
//! pure parts: which nodes want a daemon pod (`predicates.rs`, with label matching in
//! `affinity.rs`) and the rolling update's budget and no-surge pass (`rolling.rs`) and its
//! surge pass (`surge.rs`).

pub mod affinity;
pub mod backoff;
pub mod claim;
pub mod controller;
pub mod pods;
pub mod predicates;
pub mod revisions;
pub mod rolling;
pub mod surge;
pub mod sync;
