//! Pod status as the API server returns it: the json tags of core/v1 `PodStatus`,
//! `PodCondition`, `ContainerStatus` and `ContainerState*`
//! (staging/src/k8s.io/api/core/v1/types.go). `podIP`, `hostIP`, `podIPs`, `hostIPs`,
//! `imageID` and `containerID` are spelled as Go spells them, not as camelCase would.
//!
//! Go structs that are not pointers print even when empty (`lastState: {}`), and a zero
//! `metav1.Time` prints as `null` (`lastProbeTime: null`); the fields below keep both.

use std::fmt::Write;
use std::rc::Rc;

use compact_str::CompactString;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use crate::clock::Time;

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

/// `status.qosClass`, which the API server sets once at create (pkg/apis/core/helper/qos).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum QosClass {
    Guaranteed,
    Burstable,
    BestEffort,
}

impl QosClass {
    pub fn as_str(self) -> &'static str {
        match self {
            QosClass::Guaranteed => "Guaranteed",
            QosClass::Burstable => "Burstable",
            QosClass::BestEffort => "BestEffort",
        }
    }
}

fn is_zero(n: &i64) -> bool {
    *n == 0
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PodStatus {
    #[serde(default, skip_serializing_if = "is_zero")]
    pub observed_generation: i64,
    #[serde(default)]
    pub phase: PodPhase,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<PodCondition>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nominated_node_name: Option<String>,
    #[serde(rename = "hostIP", default, skip_serializing_if = "Option::is_none")]
    pub host_ip: Option<String>,
    #[serde(rename = "hostIPs", default, skip_serializing_if = "IpList::is_empty")]
    pub host_ips: IpList,
    #[serde(rename = "podIP", default, skip_serializing_if = "Option::is_none")]
    pub pod_ip: Option<String>,
    #[serde(rename = "podIPs", default, skip_serializing_if = "IpList::is_empty")]
    pub pod_ips: IpList,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_time: Option<Time>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub init_container_statuses: Option<Box<Value>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub container_statuses: Vec<ContainerStatus>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub qos_class: Option<QosClass>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ephemeral_container_statuses: Option<Box<Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resize: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_claim_statuses: Option<Box<Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extended_resource_claim_status: Option<Box<Value>>,
}

/// `podIPs` / `hostIPs`: a list of `{ip: ...}`. Single-stack clusters have one address,
/// kept inline (an IPv4 address fits a `CompactString`), so a status write allocates
/// nothing for it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IpList {
    first: Option<CompactString>,
    rest: Vec<CompactString>,
}

impl IpList {
    pub fn one(ip: &str) -> Self {
        IpList { first: Some(ip.into()), rest: Vec::new() }
    }
    pub fn is_empty(&self) -> bool {
        self.first.is_none()
    }
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.first.iter().chain(&self.rest).map(CompactString::as_str)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct IpEntry<S> {
    ip: S,
}

impl Serialize for IpList {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter().map(|ip| IpEntry { ip }))
    }
}

impl<'de> Deserialize<'de> for IpList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let mut all = Vec::<IpEntry<CompactString>>::deserialize(d)?.into_iter().map(|e| e.ip);
        let first = all.next();
        Ok(IpList { first, rest: all.collect() })
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PodCondition {
    /// Type and status are short words read on every pod of every ReplicaSet sync (`Ready`
    /// is `True`?): kept inline rather than as separate heap strings, which at 100,000 pods
    /// each cost a cache miss.
    #[serde(rename = "type")]
    pub type_: CompactString,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub observed_generation: i64,
    pub status: CompactString,
    /// A `metav1.Time` struct in Go, printed as `null` when zero.
    #[serde(default)]
    pub last_probe_time: Option<Time>,
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
    /// A struct in Go: always printed.
    #[serde(default)]
    pub state: ContainerState,
    /// A struct in Go: `lastState: {}` when the container never stopped.
    #[serde(default)]
    pub last_state: ContainerState,
    pub ready: bool,
    pub restart_count: i32,
    pub image: String,
    /// Always printed (no `omitempty`): `imageID: ""` until the image is pulled. Shared
    /// with the kubelet's runtime, so a status write copies a pointer.
    #[serde(rename = "imageID", default, with = "image_id")]
    pub image_id: Option<Rc<str>>,
    #[serde(rename = "containerID", default, skip_serializing_if = "Option::is_none")]
    pub container_id: Option<ContainerId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allocated_resources: Option<Box<Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resources: Option<Box<Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub volume_mounts: Option<Box<Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user: Option<Box<Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allocated_resources_status: Option<Box<Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop_signal: Option<String>,
}

/// `containerID`: `<runtime>://<id>`. The simulated runtime's IDs are 32 bytes printed as
/// 64 hex digits, kept inline; any other form is kept as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ContainerId {
    Containerd([u8; 32]),
    Other(String),
}

const CONTAINERD: &str = "containerd://";

impl std::fmt::Display for ContainerId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ContainerId::Containerd(bytes) => {
                f.write_str(CONTAINERD)?;
                bytes.iter().try_for_each(|b| write!(f, "{b:02x}"))
            }
            ContainerId::Other(s) => f.write_str(s),
        }
    }
}

impl Serialize for ContainerId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut text = String::with_capacity(CONTAINERD.len() + 64);
        let _ = write!(text, "{self}");
        s.serialize_str(&text)
    }
}

impl<'de> Deserialize<'de> for ContainerId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        let hex = text
            .strip_prefix(CONTAINERD)
            .filter(|h| h.len() == 64 && h.bytes().all(|c| matches!(c, b'0'..=b'9' | b'a'..=b'f')));
        Ok(match hex {
            Some(h) => {
                let mut bytes = [0u8; 32];
                for (i, b) in bytes.iter_mut().enumerate() {
                    *b = u8::from_str_radix(&h[2 * i..2 * i + 2], 16).unwrap_or(0);
                }
                ContainerId::Containerd(bytes)
            }
            None => ContainerId::Other(text),
        })
    }
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
    pub message: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started_at: Option<Time>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finished_at: Option<Time>,
    #[serde(rename = "containerID", default, skip_serializing_if = "Option::is_none")]
    pub container_id: Option<ContainerId>,
}

mod image_id {
    use std::rc::Rc;

    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &Option<Rc<str>>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(v.as_deref().unwrap_or(""))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Rc<str>>, D::Error> {
        let text = String::deserialize(d)?;
        Ok((!text.is_empty()).then(|| Rc::from(text)))
    }
}
