//! ConfigMaps and Secrets (v1): configuration a pod reads through `env`, `envFrom` and
//! volumes. Modelled on staging/src/k8s.io/api/core/v1/types.go (`ConfigMap`, `Secret`) and
//! the API server's conversion of a Secret's write-only `stringData` into `data`
//! (pkg/apis/core/v1/conversion.go `Convert_v1_Secret_To_core_Secret`).

use std::collections::BTreeMap;

use base64::Engine as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::meta::ObjectMeta;

/// The most a ConfigMap's or Secret's values may hold together (pkg/apis/core/types.go
/// `MaxSecretSize`, 1 MiB).
pub const MAX_CONFIG_SIZE: usize = 1024 * 1024;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConfigMap {
    #[serde(default = "v1")]
    pub api_version: String,
    #[serde(default = "config_map_kind")]
    pub kind: String,
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub immutable: Option<bool>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub data: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub binary_data: BTreeMap<String, Bytes>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Secret {
    #[serde(default = "v1")]
    pub api_version: String,
    #[serde(default = "secret_kind")]
    pub kind: String,
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub immutable: Option<bool>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub data: BTreeMap<String, Bytes>,
    /// Write-only: the API server merges it into `data` (over what `data` has for the same
    /// key) and never returns it.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub string_data: BTreeMap<String, String>,
    #[serde(default, rename = "type", skip_serializing_if = "String::is_empty")]
    pub type_: String,
}

fn v1() -> String {
    "v1".into()
}
fn config_map_kind() -> String {
    "ConfigMap".into()
}
fn secret_kind() -> String {
    "Secret".into()
}

/// The Secret types the API server knows (pkg/apis/core/types.go `SecretType*`).
pub mod secret_type {
    pub const OPAQUE: &str = "Opaque";
    pub const SERVICE_ACCOUNT_TOKEN: &str = "kubernetes.io/service-account-token";
    pub const DOCKERCFG: &str = "kubernetes.io/dockercfg";
    pub const DOCKER_CONFIG_JSON: &str = "kubernetes.io/dockerconfigjson";
    pub const BASIC_AUTH: &str = "kubernetes.io/basic-auth";
    pub const SSH_AUTH: &str = "kubernetes.io/ssh-auth";
    pub const TLS: &str = "kubernetes.io/tls";
}

impl Secret {
    /// `SetDefaults_Secret` and the conversion of `stringData`: what every create and update
    /// body goes through before it is validated.
    pub fn normalize(&mut self) {
        if self.type_.is_empty() {
            self.type_ = secret_type::OPAQUE.into();
        }
        for (k, v) in std::mem::take(&mut self.string_data) {
            self.data.insert(k, Bytes(v.into_bytes()));
        }
    }
}

impl ConfigMap {
    /// How many keys it holds, as `kubectl get` counts them (printers.go `printConfigMap`:
    /// `len(Data) + len(BinaryData)`).
    pub fn key_count(&self) -> usize {
        self.data.len() + self.binary_data.len()
    }
}

/// A Go `[]byte`: base64 (standard alphabet, padded) in JSON.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bytes(pub Vec<u8>);

impl Bytes {
    /// The bytes as text, with what is not UTF-8 replaced, as a shell would print them.
    pub fn lossy(&self) -> String {
        String::from_utf8_lossy(&self.0).into_owned()
    }
}

impl Serialize for Bytes {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&base64::engine::general_purpose::STANDARD.encode(&self.0))
    }
}

impl<'de> Deserialize<'de> for Bytes {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        decode_base64(&text).map(Bytes).map_err(serde::de::Error::custom)
    }
}

/// encoding/base64's `StdEncoding.DecodeString`, as encoding/json reads a `[]byte`: line
/// breaks are skipped, and the error names the first byte it could not read.
pub fn decode_base64(text: &str) -> Result<Vec<u8>, String> {
    let kept: String = text.chars().filter(|c| *c != '\r' && *c != '\n').collect();
    base64::engine::general_purpose::STANDARD.decode(kept.as_bytes()).map_err(|e| {
        let at = match e {
            base64::DecodeError::InvalidByte(at, _)
            | base64::DecodeError::InvalidLastSymbol(at, _) => at,
            base64::DecodeError::InvalidLength(_) | base64::DecodeError::InvalidPadding => {
                kept.len() - kept.len() % 4
            }
        };
        format!("illegal base64 data at input byte {at}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secret_data_is_base64_and_string_data_folds_into_it() {
        let mut s: Secret = serde_json::from_value(serde_json::json!({
            "metadata": {"name": "db"},
            "data": {"user": "YWRtaW4="},
            "stringData": {"password": "s3cret", "user": "root"}
        }))
        .unwrap();
        s.normalize();
        assert_eq!(s.type_, "Opaque");
        assert!(s.string_data.is_empty());
        let json = serde_json::to_value(&s).unwrap();
        assert_eq!(json["data"]["password"], "czNjcmV0");
        // stringData wins over data for the same key.
        assert_eq!(json["data"]["user"], "cm9vdA==");
        assert!(json.get("stringData").is_none());
    }

    #[test]
    fn bad_base64_is_refused_with_go_words() {
        assert_eq!(decode_base64("YWR!").unwrap_err(), "illegal base64 data at input byte 3");
        assert_eq!(decode_base64("YWRtaW4").unwrap_err(), "illegal base64 data at input byte 4");
        assert_eq!(decode_base64("YWRt\naW4=").unwrap(), b"admin");
    }

    #[test]
    fn config_map_counts_text_and_binary_keys() {
        let mut c = ConfigMap::default();
        c.data.insert("a".into(), "1".into());
        c.binary_data.insert("b".into(), Bytes(vec![0xff, 0]));
        assert_eq!(c.key_count(), 2);
        assert_eq!(c.binary_data["b"].lossy(), "\u{fffd}\u{0}");
    }
}
