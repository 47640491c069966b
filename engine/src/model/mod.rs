//! The API object model: Kubernetes-shaped objects with `metadata`, `spec` and `status`.
//!
//! Field names follow the real API (serde camelCase) so `-o yaml` and `apply -f` round-trip
//! real manifests. Only fields the simulation uses are modelled; unknown fields in manifests
//! are refused by the loader rather than silently dropped.

mod deployment;
mod event;
mod kind;
mod meta;
mod node;
mod object;
mod pod;
mod pod_defaults;
mod pod_parts;
mod pod_status;
mod replicaset;
pub mod validate;

pub use deployment::*;
pub use event::*;
pub use kind::*;
pub use meta::*;
pub use node::*;
pub use object::*;
pub use pod::*;
pub use replicaset::*;
