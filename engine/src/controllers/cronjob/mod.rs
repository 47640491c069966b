//! The CronJob controller (pkg/controller/cronjob/cronjob_controllerv2.go), on the schedules
//! of `crate::cron`.

pub mod controller;
