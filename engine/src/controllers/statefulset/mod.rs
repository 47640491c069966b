//! The StatefulSet controller: the loop (`controller.rs`) and its pure parts: pod identity,
//! names and health (`identity.rs`), the decisions of one pass, ordered or parallel, with
//! partitioned rolling updates (`ordered.rs`), the set's ControllerRevisions
//! (`revision.rs`), the pods and claims it makes (`pods.rs`), which pods it owns
//! (`adopt.rs`), the writes of one step (`actions.rs`) and its status (`status.rs`).

pub mod actions;
pub mod adopt;
pub mod controller;
pub mod identity;
pub mod ordered;
pub mod pods;
pub mod revision;
pub mod status;
