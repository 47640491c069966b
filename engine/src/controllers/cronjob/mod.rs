//! The CronJob controller (pkg/controller/cronjob/cronjob_controllerv2.go), on the schedules
//! of `crate::cron`: the loop and its Job creation (`controller.rs`), and the history limits
//! and Job deletion (`history.rs`).

pub mod controller;
mod history;
