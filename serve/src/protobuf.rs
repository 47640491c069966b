//! Protobuf request bodies, as kubectl 1.32 and later send what their typed generators make
//! (`create deployment|job|cronjob|service|namespace`, `autoscale`): read into the JSON the
//! engine takes, so those commands work as against a real API server.
//!
//! The envelope is apimachinery's (pkg/runtime/serializer/protobuf/protobuf.go): the magic
//! `k8s\0`, then a `runtime.Unknown` whose `typeMeta` names the kind and whose `raw` is the
//! object's message. Messages are read through the descriptors of Kubernetes' own
//! generated.proto files (serve/proto/k8s.desc, made by scripts/proto-descriptors from
//! kubernetes/api 10b39a39b and apimachinery eed236ce, a superset of 1.34's fields), with
//! prost-reflect. Field names are the proto names, which go-to-protobuf takes from the Go
//! json tags. The types whose JSON is not their message are turned into their JSON forms
//! (`Time`/`MicroTime` as RFC 3339, `Quantity` as its string, `IntOrString` as the int or
//! the string, `RawExtension`/`FieldsV1` as the JSON they hold), as their MarshalJSON
//! methods print them; `bytes` fields are base64, as encoding/json writes a `[]byte`
//! (a Secret's `data`). The generated marshallers write non-pointer fields even when empty,
//! so empty strings, falses and zero times are left out, as `omitempty` leaves them out of
//! JSON.

use std::sync::OnceLock;

use kubeloop::clock::Time;
use prost_reflect::{DescriptorPool, DynamicMessage, MapKey, ReflectMessage, Value as Proto};
use serde_json::{Map, Value};

/// The content type kubectl's typed clients send.
pub const CONTENT_TYPE: &str = "application/vnd.kubernetes.protobuf";

const MAGIC: &[u8] = b"k8s\0";
const DESCRIPTORS: &[u8] = include_bytes!("../proto/k8s.desc");

fn pool() -> Result<&'static DescriptorPool, String> {
    static POOL: OnceLock<Result<DescriptorPool, String>> = OnceLock::new();
    POOL.get_or_init(|| DescriptorPool::decode(DESCRIPTORS).map_err(|e| e.to_string()))
        .as_ref()
        .map_err(Clone::clone)
}

/// The message of a kind in an API version: `apps/v1` `Deployment` is
/// `k8s.io.api.apps.v1.Deployment`, core `v1` is `k8s.io.api.core.v1`.
fn message_name(api_version: &str, kind: &str) -> String {
    let (group, version) = api_version.split_once('/').unwrap_or(("core", api_version));
    let package = group.split('.').next().unwrap_or(group);
    format!("k8s.io.api.{package}.{version}.{kind}")
}

/// A protobuf body as the JSON object it encodes, or why it cannot be read (the API
/// server's 400 words it as a decoding failure).
pub fn to_json(body: &[u8]) -> Result<Value, String> {
    let pool = pool()?;
    let envelope = body.strip_prefix(MAGIC).ok_or("the body lacks the protobuf envelope")?;
    let unknown_desc = pool
        .get_message_by_name("k8s.io.apimachinery.pkg.runtime.Unknown")
        .ok_or("no runtime.Unknown descriptor")?;
    let unknown = DynamicMessage::decode(unknown_desc, envelope).map_err(|e| e.to_string())?;
    let field = |m: &DynamicMessage, name: &str| m.get_field_by_name(name).map(|v| v.into_owned());
    let type_meta = match field(&unknown, "typeMeta") {
        Some(Proto::Message(m)) => m,
        _ => return Err("the envelope names no type".into()),
    };
    let text = |name: &str| match field(&type_meta, name) {
        Some(Proto::String(s)) => s,
        _ => String::new(),
    };
    let (api_version, kind) = (text("apiVersion"), text("kind"));
    let raw = match field(&unknown, "raw") {
        Some(Proto::Bytes(b)) => b,
        _ => return Err("the envelope holds no object".into()),
    };
    let desc = pool
        .get_message_by_name(&message_name(&api_version, &kind))
        .ok_or_else(|| format!("no kind {kind:?} is registered for version {api_version:?}"))?;
    let object = DynamicMessage::decode(desc, raw.as_ref()).map_err(|e| e.to_string())?;
    let mut json = message_json(&object);
    if let Value::Object(m) = &mut json {
        m.insert("apiVersion".into(), api_version.into());
        m.insert("kind".into(), kind.into());
    }
    Ok(json)
}

fn int_field(m: &DynamicMessage, name: &str) -> i64 {
    match m.get_field_by_name(name).as_deref() {
        Some(Proto::I64(n)) => *n,
        Some(Proto::I32(n)) => i64::from(*n),
        _ => 0,
    }
}

fn raw_json(m: &DynamicMessage, name: &str) -> Value {
    match m.get_field_by_name(name).as_deref() {
        Some(Proto::Bytes(b)) => serde_json::from_slice(b).unwrap_or(Value::Null),
        _ => Value::Null,
    }
}

/// Fields Go embeds with `json:",inline"`: the protobuf nests each under a field of its own,
/// the JSON writes its fields in the parent's place (staging/src/k8s.io/api/networking/v1/
/// types.go `IngressRule`, core/v1 `Volume`, `Probe` and `EphemeralContainer`).
const INLINE: &[(&str, &str)] = &[
    ("k8s.io.api.networking.v1.IngressRule", "ingressRuleValue"),
    ("k8s.io.api.core.v1.Volume", "volumeSource"),
    ("k8s.io.api.core.v1.Probe", "handler"),
    ("k8s.io.api.core.v1.EphemeralContainer", "ephemeralContainerCommon"),
];

fn message_json(m: &DynamicMessage) -> Value {
    let string = |name: &str| match m.get_field_by_name(name).as_deref() {
        Some(Proto::String(s)) => Value::String(s.clone()),
        _ => Value::String(String::new()),
    };
    match m.descriptor().full_name() {
        // Go's zero time marshals as null.
        "k8s.io.apimachinery.pkg.apis.meta.v1.Time" if int_field(m, "seconds") == 0 => Value::Null,
        "k8s.io.apimachinery.pkg.apis.meta.v1.Time" => {
            Value::String(Time::from_unix_millis(int_field(m, "seconds") * 1000).to_string())
        }
        "k8s.io.apimachinery.pkg.apis.meta.v1.MicroTime" => {
            let seconds = Time::from_unix_millis(int_field(m, "seconds") * 1000).to_string();
            let micros = int_field(m, "nanos") / 1000;
            Value::String(seconds.replace('Z', &format!(".{micros:06}Z")))
        }
        "k8s.io.apimachinery.pkg.api.resource.Quantity" => string("string"),
        "k8s.io.apimachinery.pkg.util.intstr.IntOrString" => match int_field(m, "type") {
            0 => Value::from(int_field(m, "intVal")),
            _ => string("strVal"),
        },
        "k8s.io.apimachinery.pkg.runtime.RawExtension" => raw_json(m, "raw"),
        "k8s.io.apimachinery.pkg.apis.meta.v1.FieldsV1" => raw_json(m, "Raw"),
        "k8s.io.apimachinery.pkg.apis.meta.v1.Duration" => {
            Value::String(format!("{}s", int_field(m, "duration") / 1_000_000_000))
        }
        _ => {
            let mut out = Map::new();
            for (field, value) in m.fields() {
                // The generated marshallers write every non-pointer field, set or not; an
                // empty string, a false or a zero time is what `omitempty` (or null) would
                // have left out of the JSON, and the API server defaults it the same way.
                // (An explicit false in an optional pointer field is lost with them; no
                // generator of kubectl's sets one.)
                let inline = INLINE.contains(&(m.descriptor().full_name(), field.name()));
                match value_json(value) {
                    Value::Object(fields) if inline => out.extend(fields),
                    Value::Null | Value::Bool(false) => {}
                    Value::String(s) if s.is_empty() => {}
                    v => {
                        out.insert(field.name().to_string(), v);
                    }
                }
            }
            Value::Object(out)
        }
    }
}

fn value_json(v: &Proto) -> Value {
    match v {
        Proto::Bool(b) => Value::Bool(*b),
        Proto::I32(n) => Value::from(*n),
        Proto::I64(n) => Value::from(*n),
        Proto::U32(n) => Value::from(*n),
        Proto::U64(n) => Value::from(*n),
        Proto::F32(n) => Value::from(f64::from(*n)),
        Proto::F64(n) => Value::from(*n),
        Proto::String(s) => Value::String(s.clone()),
        Proto::Bytes(b) => {
            use base64::Engine as _;
            Value::String(base64::engine::general_purpose::STANDARD.encode(b))
        }
        Proto::EnumNumber(n) => Value::from(*n),
        Proto::Message(m) => message_json(m),
        Proto::List(items) => Value::Array(items.iter().map(value_json).collect()),
        Proto::Map(entries) => {
            let mut out = Map::new();
            for (k, v) in entries {
                let key = match k {
                    MapKey::String(s) => s.clone(),
                    MapKey::Bool(b) => b.to_string(),
                    MapKey::I32(n) => n.to_string(),
                    MapKey::I64(n) => n.to_string(),
                    MapKey::U32(n) => n.to_string(),
                    MapKey::U64(n) => n.to_string(),
                };
                out.insert(key, value_json(v));
            }
            Value::Object(out)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_descriptors_hold_every_kind_the_api_serves() {
        let pool = pool().unwrap();
        for kind in kubeloop::model::Kind::ALL {
            let name = message_name(kind.api_version(), kind.as_str());
            assert!(pool.get_message_by_name(&name).is_some(), "{name}");
        }
        assert!(pool.get_message_by_name(&message_name("v1", "Namespace")).is_some());
        assert!(pool
            .get_message_by_name(&message_name("autoscaling/v1", "HorizontalPodAutoscaler"))
            .is_some());
    }

    #[test]
    fn an_inline_embedding_is_written_in_its_parents_place() {
        use prost_reflect::prost::Message as _;
        let pool = pool().unwrap();
        let rule = pool.get_message_by_name("k8s.io.api.networking.v1.IngressRule").unwrap();
        let value = pool.get_message_by_name("k8s.io.api.networking.v1.IngressRuleValue").unwrap();
        let http =
            pool.get_message_by_name("k8s.io.api.networking.v1.HTTPIngressRuleValue").unwrap();
        let mut m = DynamicMessage::new(rule);
        m.set_field_by_name("host", Proto::String("shop.example.com".into()));
        let mut v = DynamicMessage::new(value);
        v.set_field_by_name("http", Proto::Message(DynamicMessage::new(http)));
        m.set_field_by_name("ingressRuleValue", Proto::Message(v));
        let round = DynamicMessage::decode(m.descriptor(), m.encode_to_vec().as_slice()).unwrap();
        assert_eq!(
            message_json(&round),
            serde_json::json!({ "host": "shop.example.com", "http": {} })
        );
    }

    #[test]
    fn what_is_not_a_protobuf_object_is_refused_in_words() {
        assert!(to_json(b"{}").unwrap_err().contains("envelope"));
        assert!(to_json(b"k8s\0\xff\xff").is_err());
    }
}
