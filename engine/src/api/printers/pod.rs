//! The cells of a pod row: READY, STATUS, RESTARTS, AGE and the `-o wide` extras.
//!
//! Models pkg/printers/internalversion/printers.go `printPod`. The model has no init
//! containers, nominated node or readiness gates, so the init-container walk never sets
//! `initializing` (the app-container walk always runs) and those wide cells print `<none>`.

use crate::clock::Time;
use crate::model::{Pod, PodPhase};

use super::since;

/// The computed cells of one pod row, besides its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PodCells {
    pub ready: String,
    pub status: String,
    pub restarts: String,
    pub age: String,
}

/// `printPod`'s READY, STATUS, RESTARTS and AGE.
pub fn pod_cells(pod: &Pod, now: Time) -> PodCells {
    let status = &pod.status;
    let total = pod.spec.containers.len();
    let mut ready = 0;
    let mut reason = match status.reason.as_deref() {
        Some(r) if !r.is_empty() => r.to_string(),
        _ => status.phase.as_str().to_string(),
    };
    // A pod held back by scheduling gates says so whatever its phase.
    if status
        .conditions
        .iter()
        .any(|c| c.type_ == "PodScheduled" && c.reason.as_deref() == Some("SchedulingGated"))
    {
        reason = "SchedulingGated".into();
    }

    // Containers are walked from last to first, so the first container's state wins.
    let mut restarts: i64 = 0;
    let mut last_restart: Option<Time> = None;
    let mut has_running = false;
    for c in status.container_statuses.iter().rev() {
        restarts += i64::from(c.restart_count);
        if let Some(finished) = c.last_state.terminated.as_ref().and_then(|t| t.finished_at) {
            last_restart = Some(last_restart.map_or(finished, |l| l.max(finished)));
        }
        let state = &c.state;
        let waiting =
            state.waiting.as_ref().and_then(|w| w.reason.as_deref()).filter(|r| !r.is_empty());
        if let Some(r) = waiting {
            reason = r.to_string();
        } else if let Some(t) = &state.terminated {
            reason = match t.reason.as_deref() {
                Some(r) if !r.is_empty() => r.to_string(),
                _ => match t.signal.unwrap_or(0) {
                    0 => format!("ExitCode:{}", t.exit_code),
                    signal => format!("Signal:{signal}"),
                },
            };
        } else if c.ready && state.running.is_some() {
            has_running = true;
            ready += 1;
        }
    }
    // A container that exited 0 next to one still running: the pod is not "Completed".
    if reason == "Completed" && has_running {
        reason = if pod.is_ready() { "Running" } else { "NotReady" }.into();
    }

    if pod.metadata.deletion_timestamp.is_some() {
        let terminal = matches!(status.phase, PodPhase::Succeeded | PodPhase::Failed);
        if status.reason.as_deref() == Some("NodeLost") {
            reason = "Unknown".into();
        } else if !terminal {
            reason = "Terminating".into();
        }
    }

    let restarts = match last_restart {
        Some(t) if restarts != 0 => format!("{restarts} ({} ago)", since(Some(t), now)),
        _ => restarts.to_string(),
    };
    PodCells {
        ready: format!("{ready}/{total}"),
        status: reason,
        restarts,
        age: since(pod.metadata.creation_timestamp, now),
    }
}

/// `-o wide` cells: IP, NODE, NOMINATED NODE, READINESS GATES; empty values print `<none>`.
pub fn pod_wide_cells(pod: &Pod) -> Vec<String> {
    let or_none = |v: Option<&str>| v.filter(|s| !s.is_empty()).unwrap_or("<none>").to_string();
    vec![
        or_none(pod.status.pod_ip.as_deref()),
        or_none(pod.node()),
        "<none>".into(),
        "<none>".into(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::*;

    const NOW: Time = Time(1_000_000_000);
    const SEC: i64 = 1000;
    const DAY: i64 = 86_400 * SEC;

    fn running() -> ContainerState {
        ContainerState::running(Time::ZERO)
    }

    fn waiting(reason: &str) -> ContainerState {
        ContainerState::waiting(reason, None)
    }

    fn terminated(reason: &str, exit_code: i32) -> ContainerState {
        ContainerState {
            terminated: Some(StateTerminated {
                exit_code,
                reason: Some(reason.into()),
                ..Default::default()
            }),
            ..Default::default()
        }
    }

    /// A container status; `finished_ago` sets lastState.terminated.finishedAt that long ago.
    fn cs(
        ready: bool,
        restarts: i32,
        state: ContainerState,
        finished_ago: Option<i64>,
    ) -> ContainerStatus {
        let last_state = ContainerState {
            terminated: finished_ago.map(|ago| StateTerminated {
                finished_at: Some(Time(NOW.0 - ago)),
                ..Default::default()
            }),
            ..Default::default()
        };
        ContainerStatus {
            name: String::new(),
            image: String::new(),
            ready,
            restart_count: restarts,
            started: None,
            state,
            last_state,
            ..Default::default()
        }
    }

    /// A pod without creationTimestamp (AGE `<unknown>`), as TestPrintPod builds them.
    fn pod(containers: usize, phase: PodPhase, statuses: Vec<ContainerStatus>) -> Pod {
        let mut p =
            Pod::new(ObjectMeta { name: "test1".into(), ..Default::default() }, PodSpec::default());
        p.spec.containers = (0..containers)
            .map(|i| Container { name: format!("c{i}"), ..Default::default() })
            .collect();
        p.status.phase = phase;
        p.status.container_statuses = statuses;
        p
    }

    fn cells(p: &Pod) -> (String, String, String) {
        let c = pod_cells(p, NOW);
        assert_eq!(c.age, "<unknown>");
        (c.ready, c.status, c.restarts)
    }

    fn want(ready: &str, status: &str, restarts: &str) -> (String, String, String) {
        (ready.into(), status.into(), restarts.into())
    }

    // The TestPrintPod vectors (printers_test.go) without init containers. The test's phase
    // "podPhase" is not a phase the model can hold, so Pending stands in for it.
    #[test]
    fn print_pod_vectors_match_printers_test() {
        let p = pod(
            2,
            PodPhase::Pending,
            vec![cs(true, 3, running(), None), cs(false, 3, Default::default(), None)],
        );
        assert_eq!(cells(&p), want("1/2", "Pending", "6"));

        let p = pod(
            2,
            PodPhase::Pending,
            vec![
                cs(true, 3, running(), None),
                cs(false, 3, waiting("ContainerWaitingReason"), None),
            ],
        );
        assert_eq!(cells(&p), want("1/2", "ContainerWaitingReason", "6"));

        let p = pod(
            2,
            PodPhase::Pending,
            vec![
                cs(false, 3, waiting("ContainerWaitingReason"), None),
                cs(false, 3, terminated("ContainerTerminatedReason", 2), None),
            ],
        );
        assert_eq!(cells(&p), want("0/2", "ContainerWaitingReason", "6"));

        let mut p = pod(
            2,
            PodPhase::Pending,
            vec![cs(true, 3, running(), None), cs(true, 3, Default::default(), None)],
        );
        assert_eq!(cells(&p), want("1/2", "Pending", "6"));
        p.status.reason = Some("podReason".into());
        assert_eq!(cells(&p), want("1/2", "podReason", "6"));

        let mut p = pod(
            2,
            PodPhase::Running,
            vec![cs(true, 3, terminated("Completed", 0), None), cs(true, 3, running(), None)],
        );
        assert_eq!(cells(&p), want("1/2", "NotReady", "6"));
        p.set_condition("Ready", true, Time::ZERO);
        assert_eq!(cells(&p), want("1/2", "Running", "6"));

        let p = pod(1, PodPhase::Running, vec![cs(true, 3, running(), Some(5 * DAY))]);
        assert_eq!(cells(&p), want("1/1", "Running", "3 (5d ago)"));

        let p = pod(
            2,
            PodPhase::Running,
            vec![cs(true, 0, running(), None), cs(true, 3, running(), Some(10 * DAY))],
        );
        assert_eq!(cells(&p), want("2/2", "Running", "3 (10d ago)"));

        let p = pod(
            2,
            PodPhase::Running,
            vec![cs(true, 6, running(), Some(5 * DAY)), cs(true, 3, running(), Some(20 * DAY))],
        );
        assert_eq!(cells(&p), want("2/2", "Running", "9 (5d ago)"));
    }

    #[test]
    fn scheduling_gated_pods_say_so() {
        let mut p = pod(2, PodPhase::Pending, vec![]);
        p.status.conditions.push(PodCondition {
            type_: "PodScheduled".into(),
            status: "False".into(),
            reason: Some("SchedulingGated".into()),
            ..Default::default()
        });
        assert_eq!(cells(&p), want("0/2", "SchedulingGated", "0"));
    }

    #[test]
    fn finished_pods_show_their_container_reason_even_while_deleted() {
        let mut p =
            pod(1, PodPhase::Succeeded, vec![cs(false, 0, terminated("Completed", 0), None)]);
        assert_eq!(cells(&p), want("0/1", "Completed", "0"));
        p.metadata.deletion_timestamp = Some(NOW);
        assert_eq!(cells(&p), want("0/1", "Completed", "0"));
        let p = pod(1, PodPhase::Failed, vec![cs(false, 0, terminated("Error", 1), None)]);
        assert_eq!(cells(&p), want("0/1", "Error", "0"));
    }

    #[test]
    fn deleted_live_pods_are_terminating_unless_their_node_is_lost() {
        for phase in [PodPhase::Running, PodPhase::Pending] {
            let mut p = pod(1, phase, vec![]);
            p.metadata.deletion_timestamp = Some(NOW);
            assert_eq!(cells(&p), want("0/1", "Terminating", "0"));
            p.status.reason = Some("NodeLost".into());
            assert_eq!(cells(&p).1, "Unknown");
        }
    }

    #[test]
    fn terminated_without_reason_shows_signal_or_exit_code() {
        let mut state = terminated("", 137);
        let p = pod(1, PodPhase::Running, vec![cs(false, 0, state.clone(), None)]);
        assert_eq!(cells(&p).1, "ExitCode:137");
        state.terminated.as_mut().unwrap().signal = Some(9);
        let p = pod(1, PodPhase::Running, vec![cs(false, 0, state, None)]);
        assert_eq!(cells(&p).1, "Signal:9");
    }

    // TestPrintPodConditions: with no container reason, STATUS is the phase.
    #[test]
    fn status_falls_back_to_the_phase() {
        for phase in [PodPhase::Running, PodPhase::Succeeded, PodPhase::Failed] {
            assert_eq!(cells(&pod(1, phase, vec![])).1, phase.as_str());
        }
    }

    #[test]
    fn age_and_restart_times_use_human_durations() {
        let mut p = pod(1, PodPhase::Running, vec![cs(true, 1, running(), Some(70 * SEC))]);
        p.metadata.creation_timestamp = Some(Time(NOW.0 - 190 * SEC));
        let c = pod_cells(&p, NOW);
        assert_eq!((c.restarts.as_str(), c.age.as_str()), ("1 (70s ago)", "3m10s"));
    }

    // TestPrintPodwide.
    #[test]
    fn wide_cells_print_none_for_missing_values() {
        let mut p = pod(1, PodPhase::Running, vec![]);
        assert_eq!(pod_wide_cells(&p), ["<none>", "<none>", "<none>", "<none>"]);
        p.status.pod_ip = Some("1.1.1.1".into());
        p.spec.node_name = Some("test1".into());
        assert_eq!(pod_wide_cells(&p), ["1.1.1.1", "test1", "<none>", "<none>"]);
    }
}
