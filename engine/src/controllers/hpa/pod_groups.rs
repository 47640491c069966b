//! `groupPods`: which of the selected pods count towards a replica calculation, which are
//! left out until a scale-up needs them, which lack samples, and which never count. Pure.
//!
//! Models pkg/controller/podautoscaler/replica_calculator.go groupPods.

use std::collections::BTreeSet;

use super::replica_calculator::{ConditionStatus, Phase, PodInfo, Resource, Samples, Tuning};

/// `groupPods`: which pods count.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Groups {
    pub ready_count: usize,
    /// Pending, or (for CPU) not yet ready or still warming up: left out on the first pass
    /// and counted as 0% on a scale-up.
    pub unready: BTreeSet<String>,
    /// Running without a sample: 100% on a scale-down, 0% on a scale-up.
    pub missing: BTreeSet<String>,
    /// Being deleted or failed: never counted.
    pub ignored: BTreeSet<String>,
}

/// Sorts pods as `groupPods` does. For CPU, a pod within the initialization period counts
/// only once it is ready and a whole metric window has passed since it became ready (its
/// first samples measure start-up work); after the period, only a pod that is unready and
/// has never been ready (its condition last changed within the readiness delay of its start)
/// is left out.
pub fn group_pods(
    pods: &[PodInfo],
    samples: &Samples,
    resource: Resource,
    tuning: &Tuning,
    now_ms: i64,
) -> Groups {
    let mut g = Groups::default();
    for pod in pods {
        if pod.deleting || pod.phase == Phase::Failed {
            g.ignored.insert(pod.name.clone());
            continue;
        }
        if pod.phase == Phase::Pending {
            g.unready.insert(pod.name.clone());
            continue;
        }
        let Some(sample) = samples.get(&pod.name) else {
            g.missing.insert(pod.name.clone());
            continue;
        };
        if resource == Resource::Cpu {
            let unready = match (pod.ready, pod.start_time_ms) {
                (Some(cond), Some(start)) => {
                    if start.saturating_add(tuning.cpu_initialization_period_ms) > now_ms {
                        cond.status == ConditionStatus::False
                            || sample.timestamp_ms
                                < cond.last_transition_ms.saturating_add(sample.window_ms)
                    } else {
                        cond.status == ConditionStatus::False
                            && start.saturating_add(tuning.initial_readiness_delay_ms)
                                > cond.last_transition_ms
                    }
                }
                _ => true,
            };
            if unready {
                g.unready.insert(pod.name.clone());
                continue;
            }
        }
        g.ready_count += 1;
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controllers::hpa::replica_calculator::{MetricSample, ReadyCondition};

    fn pod(status: ConditionStatus, start_ms: i64, transition_ms: i64) -> PodInfo {
        PodInfo {
            name: "p".into(),
            phase: Phase::Running,
            deleting: false,
            start_time_ms: Some(start_ms),
            ready: Some(ReadyCondition { status, last_transition_ms: transition_ms }),
            containers: vec![],
        }
    }

    #[test]
    fn an_unknown_ready_status_is_not_false() {
        // Past the initialization period only a False condition that never turned is left
        // out; Unknown counts, as upstream compares with ConditionFalse.
        let now = 3_600_000;
        let samples: Samples =
            [("p".into(), MetricSample { value_milli: 1, timestamp_ms: now, window_ms: 60_000 })]
                .into();
        let t = Tuning::default();
        let g = group_pods(
            &[pod(ConditionStatus::Unknown, 0, 5_000)],
            &samples,
            Resource::Cpu,
            &t,
            now,
        );
        assert_eq!(g.ready_count, 1);
        let g =
            group_pods(&[pod(ConditionStatus::False, 0, 5_000)], &samples, Resource::Cpu, &t, now);
        assert_eq!((g.ready_count, g.unready.len()), (0, 1));
        // A pod that was ready once and then failed its probe later still counts.
        let g = group_pods(
            &[pod(ConditionStatus::False, 0, 600_000)],
            &samples,
            Resource::Cpu,
            &t,
            now,
        );
        assert_eq!(g.ready_count, 1);
    }
}
