//! The Kubernetes REST API over the world: what `kubeloop serve` answers, as pure functions
//! from a request to a response, so the HTTP server only carries bytes and the clock.
//!
//! Modelled on the API server's request handling: apiserver/pkg/endpoints/handlers
//! (get.go, create.go, update.go, patch.go, delete.go, watch.go) and
//! apiserver/pkg/endpoints/discovery.

pub mod decisions;
pub mod discovery;
