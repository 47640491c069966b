//! The HorizontalPodAutoscaler's decision arithmetic, as pure functions the loop will call:
//! how many replicas the metrics ask for (`replica_calculator`), how the `behavior` rules and
//! the min/max bounds shape that into the size to set (`behavior`, or `without_behavior` for
//! an HPA that sets none), and the upstream wording of its conditions and events
//! (`conditions`). Nothing here reads the store or a clock: the loop hands in pods, metric
//! samples, its remembered recommendations and scale events, and `now` in milliseconds.
//!
//! Models pkg/controller/podautoscaler/ (replica_calculator.go, horizontal.go,
//! metrics/utilization.go) and pkg/apis/autoscaling/v2/defaults.go.

pub mod behavior;
pub mod conditions;
pub mod controller;
pub mod metrics;
mod narrate;
pub mod pod_groups;
pub mod replica_calculator;
pub mod sync;
pub mod target;
pub mod without_behavior;

#[cfg(test)]
mod behavior_tests;
#[cfg(test)]
mod replica_calculator_tests;
#[cfg(test)]
mod stabilization_tests;
