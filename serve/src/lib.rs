//! `kubeloop serve`: the engine on the wall clock behind the Kubernetes REST API, with the
//! page on the same origin. The engine answers every request (`kubeloop::api`); this crate
//! carries bytes, keeps time and streams watches.

pub mod openapi;
