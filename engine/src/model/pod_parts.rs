//! The pieces of a pod spec the admission plugins add or kubectl describes: volumes, volume
//! mounts, tolerations and container resources. json tags are core/v1's
//! (staging/src/k8s.io/api/core/v1/types.go `Volume`, `VolumeSource`, `VolumeMount`,
//! `Toleration`, `ResourceRequirements`); sources the engine never reads hold their JSON.

use std::rc::Rc;

use compact_str::CompactString;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// JSON the engine keeps but never reads, boxed so an absent field costs a pointer.
type Json = Option<Box<Value>>;

/// One `spec.volumes[]` entry: a name and exactly one source (validation's business; the
/// engine mounts nothing). `projected` is shared: every pod's service-account volume holds
/// the same source, so it is one allocation per world, not per pod.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Volume {
    pub name: CompactString,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_path: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub empty_dir: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gce_persistent_disk: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aws_elastic_block_store: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub git_repo: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nfs: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub iscsi: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub glusterfs: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub persistent_volume_claim: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rbd: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flex_volume: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cinder: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cephfs: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flocker: Json,
    #[serde(rename = "downwardAPI", default, skip_serializing_if = "Option::is_none")]
    pub downward_api: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fc: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub azure_file: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config_map: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vsphere_volume: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quobyte: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub azure_disk: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub photon_persistent_disk: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub projected: Option<Rc<Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub portworx_volume: Json,
    #[serde(rename = "scaleIO", default, skip_serializing_if = "Option::is_none")]
    pub scale_io: Json,
    #[serde(rename = "storageos", default, skip_serializing_if = "Option::is_none")]
    pub storage_os: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub csi: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ephemeral: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Json,
}

impl Volume {
    /// The claim a `persistentVolumeClaim` volume names (`claimName`).
    pub fn claim_name(&self) -> Option<&str> {
        self.persistent_volume_claim.as_deref()?.get("claimName")?.as_str()
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VolumeMount {
    pub name: CompactString,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_only: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recursive_read_only: Option<String>,
    pub mount_path: CompactString,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sub_path: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mount_propagation: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sub_path_expr: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Toleration {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub operator: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toleration_seconds: Option<i64>,
}

impl Toleration {
    /// `key`, or `""` when unset (an empty key with `Exists` tolerates every taint).
    pub fn key(&self) -> &str {
        self.key.as_deref().unwrap_or("")
    }
    pub fn effect(&self) -> &str {
        self.effect.as_deref().unwrap_or("")
    }
}

/// `spec.tolerations`, shared: the admission plugin gives every pod that brings none the
/// same two, so copying a pod copies a pointer.
pub type Tolerations = Rc<[Toleration]>;

/// `resources`: requests, limits and claims, kept as written (quantities are not parsed).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Resources {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limits: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requests: Json,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claims: Json,
}

impl Resources {
    /// The quantity named `resource` (`cpu`, `memory`) under requests or limits, as written.
    pub fn get<'a>(list: &'a Json, resource: &str) -> Option<&'a Value> {
        list.as_ref()?.get(resource)
    }
}

/// A list copies of an object share: `spec.volumes` and a container's `volumeMounts`. A
/// status write copies the whole pod, so these are pointer copies rather than new
/// allocations; adding an entry builds a new list (`push`). An absent list is `None` and
/// costs nothing; an empty one written as `[]` stays `[]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Shared<T>(Option<Rc<[T]>>);

impl<T> Default for Shared<T> {
    fn default() -> Self {
        Shared(None)
    }
}

impl<T: Clone> Shared<T> {
    /// Whether the list was never written (not even as `[]`).
    pub fn is_absent(&self) -> bool {
        self.0.is_none()
    }

    pub fn push(&mut self, item: T) {
        let mut list = self.to_vec();
        list.push(item);
        self.0 = Some(list.into());
    }
}

impl<T> std::ops::Deref for Shared<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.0.as_deref().unwrap_or(&[])
    }
}

impl<T> From<Vec<T>> for Shared<T> {
    fn from(list: Vec<T>) -> Self {
        Shared(Some(list.into()))
    }
}

impl<T: Serialize> Serialize for Shared<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Shared<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Vec::<T>::deserialize(d)?.into())
    }
}
