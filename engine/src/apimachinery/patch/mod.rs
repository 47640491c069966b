//! The three patch algorithms the API server applies (apiserver pkg/endpoints/handlers/patch.go)
//! and kubectl computes with: JSON patch, JSON merge patch and strategic merge patch, each
//! applied as a pure function of a document and a patch. The two kubectl creates from an
//! object and its changed copy are pure functions of two documents: `merge::create` (`label`,
//! `annotate`) and `strategic::create_two_way` (`set`, `cordon`, `rollout pause|resume`); `apply` sends
//! `strategic::create_three_way`'s patch of the previous apply, the manifest and the object.

pub mod json;
pub mod merge;
pub mod strategic;
