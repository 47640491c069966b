//! The API object model: Kubernetes-shaped objects with `metadata`, `spec` and `status`.
//!
//! Field names are the real API's json tags (serde camelCase, renamed where upstream's tags
//! are not camelCase) so `-o yaml` and `apply -f` round-trip real objects. Fields the
//! simulation does not interpret are kept, by name, as `Opaque` values; unknown fields are
//! refused by the loader rather than silently dropped.

mod config;
pub mod config_refs;
mod controller_revision;
mod daemonset;
mod deployment;
pub mod downward;
mod endpoints;
mod event;
mod hpa;
mod job;
mod job_policy;
mod kind;
mod lease;
mod limits;
mod meta;
mod namespace;
mod node;
mod node_registration;
mod object;
mod pdb;
mod quota;
#[cfg(kubeloop_split)]
pub use object::LATER_ENCODER;
mod ingress;
mod pod;
mod pod_defaults;
mod pod_parts;
mod pod_status;
mod priority_class;
mod probe;
mod probe_validate;
mod pvc;
pub mod quantity;
pub mod registry;
mod replicaset;
mod replication_controller;
mod resources_validate;
mod service;
mod service_account;
mod statefulset;
pub mod validate;

pub use config::*;
pub use controller_revision::*;
pub use daemonset::*;
pub use deployment::*;
pub use endpoints::*;
pub use event::*;
pub use hpa::*;
pub use ingress::*;
pub use job::*;
pub use job_policy::*;
pub use kind::*;
pub use lease::*;
pub use limits::*;
pub use meta::*;
pub use namespace::*;
pub use node::*;
pub use node_registration::*;
pub use object::*;
pub use pdb::*;
pub use pod::*;
pub use priority_class::*;
pub use probe::*;
pub use pvc::*;
pub use quota::*;
pub use replicaset::*;
pub use replication_controller::*;
pub use service::*;
pub use service_account::*;
pub use statefulset::*;
