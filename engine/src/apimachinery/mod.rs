//! What the API server and its clients share below both, as pure functions over JSON that know
//! no kind: the patch algorithms, strict decoding, and Go's key order for unstructured
//! objects. Nothing here reads the store, the world or kubectl.
//!
//! Laid out as upstream lays it out in k8s.io/apimachinery (pkg/util/strategicpatch,
//! pkg/util/jsonmergepatch, pkg/runtime/serializer/json's strict mode), so the server
//! (`crate::api`) and kubectl (`crate::kubectl`) call one copy.

pub mod fieldset;
pub mod patch;
pub mod strict;
pub mod structured_merge;
pub mod unstructured;
