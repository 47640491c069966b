//! The figures a tree's top box and a row's box lead with, as header and value: the page's
//! cards and the exported picture print the same.

use super::{HpaItem, JobFigures, TopFigures};

/// The three figures a top box shows, each a header and a value, and its paused or
/// suspended badge: the leading columns of the kind's `kubectl get` row.
impl TopFigures {
    pub fn columns(&self) -> ([(&'static str, String); 3], Option<&'static str>) {
        match self {
            TopFigures::Deployment { ready, replicas, up_to_date, available, paused } => (
                [
                    ("READY", format!("{ready}/{replicas}")),
                    ("UP-TO-DATE", up_to_date.to_string()),
                    ("AVAILABLE", available.to_string()),
                ],
                paused.then_some("⏸ PAUSED"),
            ),
            TopFigures::DaemonSet { desired, ready, up_to_date, .. } => (
                [
                    ("DESIRED", desired.to_string()),
                    ("READY", ready.to_string()),
                    ("UP-TO-DATE", up_to_date.to_string()),
                ],
                None,
            ),
            TopFigures::StatefulSet { ready, replicas, updated, ordered, .. } => (
                [
                    ("READY", format!("{ready}/{replicas}")),
                    ("UPDATED", updated.to_string()),
                    ("ORDER", if *ordered { "one by one" } else { "parallel" }.to_string()),
                ],
                None,
            ),
            TopFigures::Job(j) => (j.columns(), None),
            TopFigures::CronJob { schedule, suspend, active, .. } => (
                [
                    ("SCHEDULE", schedule.clone()),
                    ("SUSPEND", suspend.to_string()),
                    ("ACTIVE", active.to_string()),
                ],
                suspend.then_some("⏸ SUSPENDED"),
            ),
        }
    }
}

impl JobFigures {
    /// STATUS, COMPLETIONS (as printJob words them) and FAILED.
    pub fn columns(&self) -> [(&'static str, String); 3] {
        let j = self;
        let done = match j.completions {
            Some(c) => format!("{}/{c}", j.succeeded),
            None => format!("{}/1", j.succeeded),
        };
        [("STATUS", j.status.to_string()), ("COMPLETIONS", done), ("FAILED", j.failed.to_string())]
    }
}

impl HpaItem {
    /// `cpu 120% / 50%`, with `?` for a utilisation not measured yet.
    pub fn utilization(&self) -> String {
        match (self.current_utilization, self.target_utilization) {
            (Some(c), Some(t)) => format!("cpu {c}% / {t}%"),
            (None, Some(t)) => format!("cpu ? / {t}%"),
            _ => "cpu ?".to_string(),
        }
    }
}

impl HpaItem {
    /// `2 → 5 replicas`; that its first sync (a sync period after it appeared) is to come;
    /// or, while it cannot compute, the replicas it leaves alone (its status then keeps the
    /// last desired count, 0 before any, as upstream's does).
    pub fn replicas(&self) -> String {
        if !self.synced {
            "first sync within 15 s".to_string()
        } else if self.inactive {
            format!("{} replicas, left as they are", self.current_replicas)
        } else {
            format!("{} → {} replicas", self.current_replicas, self.desired_replicas)
        }
    }
}
