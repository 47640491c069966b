//! The three patch algorithms the API server applies (apiserver pkg/endpoints/handlers/patch.go)
//! and kubectl computes with: JSON patch, JSON merge patch and strategic merge patch, each a
//! pure function of a document and a patch.

pub mod json;
pub mod merge;
pub mod strategic;
