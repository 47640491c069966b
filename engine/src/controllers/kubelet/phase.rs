//! A pod's phase from its containers' states, and whether its restart policy restarts a
//! container that exited (pkg/kubelet/kubelet_pods.go `getPhase`,
//! kuberuntime_manager.go `ShouldContainerBeRestarted`).

use crate::model::ContainerStatus;

/// `ShouldContainerBeRestarted` for a container that exited with `code`.
pub fn should_restart(policy: Option<&str>, code: i32) -> bool {
    match policy.unwrap_or("Always") {
        "Never" => false,
        "OnFailure" => code != 0,
        _ => true,
    }
}

/// `getPhase` (pkg/kubelet/kubelet_pods.go) for a pod without init containers.
pub fn phase_of(policy: Option<&str>, statuses: &[ContainerStatus]) -> crate::model::PodPhase {
    use crate::model::PodPhase;
    let (mut running, mut waiting, mut stopped, mut succeeded) = (0, 0, 0, 0);
    for s in statuses {
        if s.state.running.is_some() {
            running += 1;
        } else if let Some(t) = &s.state.terminated {
            stopped += 1;
            if t.exit_code == 0 {
                succeeded += 1;
            }
        } else if s.last_state.terminated.is_some() {
            stopped += 1;
        } else {
            waiting += 1;
        }
    }
    let policy = policy.unwrap_or("Always");
    if waiting > 0 || statuses.is_empty() {
        PodPhase::Pending
    } else if running > 0 || policy == "Always" {
        PodPhase::Running
    } else if stopped == succeeded {
        PodPhase::Succeeded
    } else if policy == "Never" {
        PodPhase::Failed
    } else {
        PodPhase::Running
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Time;
    use crate::model::{ContainerState, StateTerminated};

    #[test]
    fn phase_follows_get_phase() {
        use crate::model::PodPhase;
        let st = |state: ContainerState, last: ContainerState| ContainerStatus {
            state,
            last_state: last,
            ..Default::default()
        };
        let crashed = ContainerState {
            terminated: Some(StateTerminated { exit_code: 1, ..Default::default() }),
            ..Default::default()
        };
        let creating = ContainerState::waiting("ContainerCreating", None);
        let backoff = ContainerState::waiting("CrashLoopBackOff", None);
        assert_eq!(phase_of(None, &[st(creating, Default::default())]), PodPhase::Pending);
        assert_eq!(phase_of(None, &[st(backoff, crashed.clone())]), PodPhase::Running);
        assert_eq!(phase_of(Some("Never"), &[st(crashed, Default::default())]), PodPhase::Failed);
        assert_eq!(
            phase_of(None, &[st(ContainerState::running(Time::ZERO), Default::default())]),
            PodPhase::Running
        );
    }
}
