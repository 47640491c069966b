//! Pods and pod templates.

use compact_str::CompactString;
use serde::{Deserialize, Serialize};

use super::meta::ObjectMeta;
use crate::clock::Time;

/// Default `terminationGracePeriodSeconds` (core/v1 types.go: "Defaults to 30 seconds").
pub const DEFAULT_GRACE_SECONDS: i64 = 30;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Pod {
    #[serde(default = "pod_api_version")]
    pub api_version: String,
    #[serde(default = "pod_kind")]
    pub kind: String,
    pub metadata: ObjectMeta,
    pub spec: PodSpec,
    #[serde(default)]
    pub status: PodStatus,
}

fn pod_api_version() -> String {
    "v1".into()
}
fn pod_kind() -> String {
    "Pod".into()
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PodTemplateSpec {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: PodSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PodSpec {
    #[serde(default)]
    pub containers: Vec<Container>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub termination_grace_period_seconds: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restart_policy: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Container {
    pub name: String,
    #[serde(default)]
    pub image: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<ContainerPort>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ContainerPort {
    pub container_port: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<String>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum PodPhase {
    #[default]
    Pending,
    Running,
    Succeeded,
    Failed,
    Unknown,
}

impl PodPhase {
    pub fn as_str(self) -> &'static str {
        match self {
            PodPhase::Pending => "Pending",
            PodPhase::Running => "Running",
            PodPhase::Succeeded => "Succeeded",
            PodPhase::Failed => "Failed",
            PodPhase::Unknown => "Unknown",
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PodStatus {
    #[serde(default)]
    pub phase: PodPhase,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<PodCondition>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_ip: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pod_ip: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_time: Option<Time>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub container_statuses: Vec<ContainerStatus>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PodCondition {
    /// Type and status are short words read on every pod of every ReplicaSet sync (`Ready`
    /// is `True`?): kept inline rather than as separate heap strings, which at 100,000 pods
    /// each cost a cache miss.
    #[serde(rename = "type")]
    pub type_: CompactString,
    pub status: CompactString,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_transition_time: Option<Time>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ContainerStatus {
    pub name: String,
    pub image: String,
    pub ready: bool,
    pub restart_count: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started: Option<bool>,
    #[serde(default)]
    pub state: ContainerState,
    #[serde(default, skip_serializing_if = "ContainerState::is_empty")]
    pub last_state: ContainerState,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ContainerState {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub waiting: Option<StateWaiting>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub running: Option<StateRunning>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terminated: Option<StateTerminated>,
}

impl ContainerState {
    pub fn is_empty(&self) -> bool {
        self.waiting.is_none() && self.running.is_none() && self.terminated.is_none()
    }

    pub fn waiting(reason: &str, message: Option<String>) -> Self {
        ContainerState {
            waiting: Some(StateWaiting { reason: Some(reason.into()), message }),
            ..Default::default()
        }
    }

    pub fn running(started_at: Time) -> Self {
        ContainerState {
            running: Some(StateRunning { started_at: Some(started_at) }),
            ..Default::default()
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StateWaiting {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StateRunning {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started_at: Option<Time>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StateTerminated {
    pub exit_code: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signal: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started_at: Option<Time>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finished_at: Option<Time>,
}

impl Pod {
    pub fn new(metadata: ObjectMeta, spec: PodSpec) -> Self {
        Pod {
            api_version: pod_api_version(),
            kind: pod_kind(),
            metadata,
            spec,
            status: PodStatus::default(),
        }
    }

    pub fn node(&self) -> Option<&str> {
        self.spec.node_name.as_deref().filter(|n| !n.is_empty())
    }

    /// `podutil.IsPodReady`: the Ready condition is True.
    pub fn is_ready(&self) -> bool {
        self.condition("Ready").is_some_and(|c| c.status == "True")
    }

    pub fn condition(&self, type_: &str) -> Option<&PodCondition> {
        self.status.conditions.iter().find(|c| c.type_ == type_)
    }

    /// `lastTransitionTime` of Ready=True, the "ready since" used by the deletion ranking.
    pub fn ready_since(&self) -> Option<Time> {
        self.condition("Ready").filter(|c| c.status == "True").and_then(|c| c.last_transition_time)
    }

    /// `controller.IsPodActive`: not finished and not being deleted.
    pub fn is_active(&self) -> bool {
        !matches!(self.status.phase, PodPhase::Succeeded | PodPhase::Failed)
            && self.metadata.deletion_timestamp.is_none()
    }

    /// `podutil.IsPodAvailable`: ready for at least `min_ready_seconds`.
    pub fn is_available(&self, min_ready_seconds: i32, now: Time) -> bool {
        if !self.is_ready() {
            return false;
        }
        if min_ready_seconds <= 0 {
            return true;
        }
        match self.ready_since() {
            Some(t) => t.plus_secs(i64::from(min_ready_seconds)) < now,
            None => false,
        }
    }

    /// Highest container `restartCount`, as the ranking compares it.
    pub fn max_restarts(&self) -> i32 {
        self.status.container_statuses.iter().map(|c| c.restart_count).max().unwrap_or(0)
    }

    /// Sets or replaces a condition, keeping `lastTransitionTime` when the status is unchanged.
    pub fn set_condition(&mut self, type_: &str, status: bool, now: Time) {
        let status = if status { "True" } else { "False" };
        match self.status.conditions.iter_mut().find(|c| c.type_ == type_) {
            Some(c) if c.status == status => {}
            Some(c) => {
                c.status = status.into();
                c.last_transition_time = Some(now);
            }
            None => self.status.conditions.push(PodCondition {
                type_: type_.into(),
                status: status.into(),
                last_transition_time: Some(now),
                reason: None,
                message: None,
            }),
        }
    }
}
