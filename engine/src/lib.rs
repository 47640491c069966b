//! kubeloop's engine: a deterministic, browser-free simulation of Kubernetes reconcile loops.
//!
//! It owns the object model, the clock, the seeded randomness, the store, the controllers,
//! kubectl and the script runner. It deliberately knows nothing about browsers, timers or
//! wall-clock time: time is an input.

pub mod api;
pub mod apimachinery;
pub mod clock;
pub mod controllers;
pub mod cron;
pub mod duration;
pub mod gofmt;
pub mod kinds;
pub mod kubectl;
pub mod labels;
pub mod mission;
pub mod model;
pub mod parts;
pub mod rng;
pub mod script;
pub mod session;
pub mod sort;
pub mod store;
pub mod world;
