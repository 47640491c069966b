//! Pods and pod templates: the spec side. Status is in `pod_status.rs`, the volume,
//! toleration and resource shapes in `pod_parts.rs`, and what the API server fills in on
//! create in `pod_defaults.rs`.
//!
//! Field names are the json tags of core/v1 `PodSpec` and `Container`
//! (staging/src/k8s.io/api/core/v1/types.go), spelled out where camelCase would get an
//! acronym wrong (`hostPID`, `setHostnameAsFQDN`). Fields the engine does not interpret are
//! named here and hold their JSON as it came (`serde_json::Value`), so a real pod survives a
//! round trip while `deny_unknown_fields` still refuses a typo, as strict field validation
//! does. Server-defaulted strings are `CompactString`s: the defaults are `&'static str`s
//! (`CompactString::const_new`), so a defaulted pod copies them without allocating.

use std::rc::Rc;

use compact_str::CompactString;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::meta::ObjectMeta;
pub use super::pod_defaults::*;
pub use super::pod_parts::*;
pub use super::pod_status::*;
use super::probe::Probe;
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
    pub spec: SharedPodSpec,
    #[serde(default)]
    pub status: PodStatus,
}

/// A value shared by the copies of an object until one of them writes it: reads deref,
/// and a write copies it first when it is shared (`Rc::make_mut`), so a change never
/// reaches another copy. Serialized as the value itself.
#[derive(Clone, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct OnWrite<T>(Rc<T>);

/// A pod's spec, shared by the copies of one pod: a status write copies a pointer instead
/// of the containers, and the versions of a pod that the watch log holds share one spec.
/// The scheduler's bind, which sets `nodeName`, is the one write most pods' specs see.
pub type SharedPodSpec = OnWrite<PodSpec>;

/// A spec's containers, shared by the copies of a spec: the bind copies the spec (the
/// watch log keeps the version before `nodeName`), but not the containers, most of its size.
pub type Containers = OnWrite<Vec<Container>>;

impl<T> std::ops::Deref for OnWrite<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Clone> std::ops::DerefMut for OnWrite<T> {
    fn deref_mut(&mut self) -> &mut T {
        Rc::make_mut(&mut self.0)
    }
}

impl<T: PartialEq> PartialEq for OnWrite<T> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0) || self.0 == other.0
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for OnWrite<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<T> From<T> for OnWrite<T> {
    fn from(value: T) -> Self {
        OnWrite(Rc::new(value))
    }
}

impl<T: Clone> OnWrite<T> {
    /// The value itself, copied only if another copy shares it.
    pub fn into_inner(self) -> T {
        Rc::unwrap_or_clone(self.0)
    }
}

impl<T> FromIterator<T> for OnWrite<Vec<T>> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        OnWrite(Rc::new(iter.into_iter().collect()))
    }
}

impl<'a, T> IntoIterator for &'a OnWrite<Vec<T>> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<'a, T: Clone> IntoIterator for &'a mut OnWrite<Vec<T>> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        Rc::make_mut(&mut self.0).iter_mut()
    }
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

type Str = Option<CompactString>;
/// JSON the engine keeps but never reads, boxed so an absent field costs a pointer.
type Json = Option<Box<Value>>;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PodSpec {
    #[serde(default, skip_serializing_if = "Shared::is_absent")]
    pub volumes: Shared<Volume>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub init_containers: Json,
    #[serde(default)]
    pub containers: Containers,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ephemeral_containers: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restart_policy: Str,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub termination_grace_period_seconds: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active_deadline_seconds: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dns_policy: Str,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_selector: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub service_account_name: Str,
    /// `DeprecatedServiceAccount`: the v1 conversion copies `serviceAccountName` here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub service_account: Str,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub automount_service_account_token: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_network: Option<bool>,
    #[serde(rename = "hostPID", default, skip_serializing_if = "Option::is_none")]
    pub host_pid: Option<bool>,
    #[serde(rename = "hostIPC", default, skip_serializing_if = "Option::is_none")]
    pub host_ipc: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub share_process_namespace: Option<bool>,
    /// Shared: every defaulted pod holds the same `{}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub security_context: Option<Rc<Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image_pull_secrets: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hostname: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subdomain: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub affinity: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scheduler_name: Str,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tolerations: Option<Tolerations>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_aliases: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priority_class_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priority: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dns_config: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub readiness_gates: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runtime_class_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enable_service_links: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preemption_policy: Str,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overhead: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub topology_spread_constraints: Json,
    #[serde(rename = "setHostnameAsFQDN", default, skip_serializing_if = "Option::is_none")]
    pub set_hostname_as_fqdn: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub os: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_users: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scheduling_gates: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_claims: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resources: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hostname_override: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Container {
    pub name: String,
    #[serde(default)]
    pub image: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub args: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub working_dir: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<ContainerPort>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub env_from: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub env: Json,
    /// A struct in Go without a pointer, so `omitempty` never drops it: `resources: {}`.
    #[serde(default)]
    pub resources: Resources,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resize_policy: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restart_policy: Str,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restart_policy_rules: Json,
    #[serde(default, skip_serializing_if = "Shared::is_absent")]
    pub volume_mounts: Shared<VolumeMount>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub volume_devices: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub liveness_probe: Option<Box<Probe>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub readiness_probe: Option<Box<Probe>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub startup_probe: Option<Box<Probe>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lifecycle: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub termination_message_path: Str,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub termination_message_policy: Str,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image_pull_policy: Str,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub security_context: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stdin: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stdin_once: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tty: Option<bool>,
}

impl Container {
    /// A container with only a name and an image, as `kubectl create` and `run` build one.
    pub fn new(name: impl Into<String>, image: impl Into<String>) -> Self {
        Container { name: name.into(), image: image.into(), ..Default::default() }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ContainerPort {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_port: Option<i32>,
    pub container_port: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Str,
    #[serde(rename = "hostIP", default, skip_serializing_if = "Option::is_none")]
    pub host_ip: Option<String>,
}

impl Pod {
    pub fn new(metadata: ObjectMeta, spec: PodSpec) -> Self {
        Pod {
            api_version: pod_api_version(),
            kind: pod_kind(),
            metadata,
            spec: spec.into(),
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
    /// Stamps the pod's generation on it (pkg/api/v1/pod/util.go
    /// `CalculatePodConditionObservedGeneration`, PodObservedGenerationTracking is on in 1.34).
    pub fn set_condition(&mut self, type_: &str, status: bool, now: Time) {
        let status = if status { "True" } else { "False" };
        let generation = self.metadata.generation;
        match self.status.conditions.iter_mut().find(|c| c.type_ == type_) {
            Some(c) if c.status == status => c.observed_generation = generation,
            Some(c) => {
                c.status = status.into();
                c.last_transition_time = Some(now);
                c.observed_generation = generation;
            }
            None => self.status.conditions.push(PodCondition {
                type_: type_.into(),
                status: status.into(),
                last_transition_time: Some(now),
                observed_generation: generation,
                ..Default::default()
            }),
        }
    }
}
