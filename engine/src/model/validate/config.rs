//! ConfigMap and Secret validation (pkg/apis/core/validation/validation.go
//! `ValidateConfigMap`, `ValidateConfigMapUpdate`, `ValidateSecret`, `ValidateSecretUpdate`),
//! with the API server's wording. Go ranges over maps in no order; here keys go in order.

use std::collections::BTreeMap;

use crate::labels::validation::{is_config_map_key, FieldError};
use crate::model::config::{secret_type, Bytes, MAX_CONFIG_SIZE};
use crate::model::{ConfigMap, Secret};

const IMMUTABLE_SET: &str = "field is immutable when `immutable` is set";

pub fn config_map(c: &ConfigMap) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let mut total = 0;
    for (key, value) in &c.data {
        for m in is_config_map_key(key) {
            errs.push(FieldError::invalid(&format!("data[{key}]"), key, &m));
        }
        if c.binary_data.contains_key(key) {
            let detail = "duplicate of key present in binaryData";
            errs.push(FieldError::invalid(&format!("data[{key}]"), key, detail));
        }
        total += value.len();
    }
    for (key, value) in &c.binary_data {
        for m in is_config_map_key(key) {
            errs.push(FieldError::invalid(&format!("binaryData[{key}]"), key, &m));
        }
        total += value.0.len();
    }
    if total > MAX_CONFIG_SIZE {
        // The path is the empty one: the error is about the whole object.
        errs.push(FieldError::too_long("<nil>", MAX_CONFIG_SIZE));
    }
    errs
}

pub fn config_map_update(new: &ConfigMap, old: &ConfigMap) -> Vec<FieldError> {
    let mut errs = Vec::new();
    if old.immutable == Some(true) {
        if new.immutable != Some(true) {
            errs.push(FieldError::forbidden("immutable", IMMUTABLE_SET));
        }
        if new.data != old.data {
            errs.push(FieldError::forbidden("data", IMMUTABLE_SET));
        }
        if new.binary_data != old.binary_data {
            errs.push(FieldError::forbidden("binaryData", IMMUTABLE_SET));
        }
    }
    errs
}

pub fn secret(s: &Secret) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let mut total = 0;
    for (key, value) in &s.data {
        for m in is_config_map_key(key) {
            errs.push(FieldError::invalid(&format!("data[{key}]"), key, &m));
        }
        total += value.0.len();
    }
    if total > MAX_CONFIG_SIZE {
        errs.push(FieldError::too_long("data", MAX_CONFIG_SIZE));
    }
    let need = |errs: &mut Vec<FieldError>, key: &str| {
        if !s.data.contains_key(key) {
            errs.push(FieldError::required(&format!("data[{key}]"), ""));
        }
    };
    match s.type_.as_str() {
        secret_type::SERVICE_ACCOUNT_TOKEN => {
            let key = "kubernetes.io/service-account.name";
            if s.metadata.annotations.get(key).is_none_or(String::is_empty) {
                errs.push(FieldError::required(&format!("metadata.annotations[{key}]"), ""));
            }
        }
        secret_type::DOCKERCFG => well_formed_json(&mut errs, &s.data, ".dockercfg"),
        secret_type::DOCKER_CONFIG_JSON => {
            well_formed_json(&mut errs, &s.data, ".dockerconfigjson")
        }
        // Upstream builds these two paths from `field.NewPath("data[%s]")`, literally.
        secret_type::BASIC_AUTH
            if !s.data.contains_key("username") && !s.data.contains_key("password") =>
        {
            errs.push(FieldError::required("data[%s][username]", ""));
            errs.push(FieldError::required("data[%s][password]", ""));
        }
        secret_type::SSH_AUTH if s.data.get("ssh-privatekey").is_none_or(|v| v.0.is_empty()) => {
            errs.push(FieldError::required("data[%s][ssh-privatekey]", ""));
        }
        secret_type::TLS => {
            need(&mut errs, "tls.crt");
            need(&mut errs, "tls.key");
        }
        _ => {}
    }
    errs
}

/// The key must be there and hold a JSON object.
fn well_formed_json(errs: &mut Vec<FieldError>, data: &BTreeMap<String, Bytes>, key: &str) {
    let field = format!("data[{key}]");
    let Some(value) = data.get(key) else {
        errs.push(FieldError::required(&field, ""));
        return;
    };
    if let Some(detail) = not_a_json_object(&value.0) {
        errs.push(FieldError::invalid(&field, "<secret contents redacted>", &detail));
    }
}

/// What encoding/json's `Unmarshal` into a `map[string]interface{}` says of `bytes`, or
/// `None` when they hold an object: the first error's wording, for the common cases.
fn not_a_json_object(bytes: &[u8]) -> Option<String> {
    match serde_json::from_slice::<serde_json::Value>(bytes) {
        Ok(serde_json::Value::Object(_)) => None,
        Ok(v) => {
            let go = match v {
                serde_json::Value::Array(_) => "array",
                serde_json::Value::String(_) => "string",
                serde_json::Value::Number(_) => "number",
                serde_json::Value::Bool(_) => "bool",
                _ => return None, // null leaves the map nil, without error
            };
            Some(format!(
                "json: cannot unmarshal {go} into Go value of type map[string]interface {{}}"
            ))
        }
        Err(e) if e.is_eof() => Some("unexpected end of JSON input".into()),
        Err(_) => {
            let first = bytes.iter().copied().find(|b| !b.is_ascii_whitespace()).unwrap_or(b' ');
            Some(format!("invalid character {:?} looking for beginning of value", first as char))
        }
    }
}

pub fn secret_update(new: &Secret, old: &Secret) -> Vec<FieldError> {
    let mut errs = Vec::new();
    if new.type_ != old.type_ {
        errs.push(FieldError::invalid("type", new.type_.as_str(), "field is immutable"));
    }
    if old.immutable == Some(true) {
        if new.immutable != Some(true) {
            errs.push(FieldError::forbidden("immutable", IMMUTABLE_SET));
        }
        if new.data != old.data {
            errs.push(FieldError::forbidden("data", IMMUTABLE_SET));
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::labels::validation::aggregate;

    #[test]
    fn keys_follow_is_config_map_key() {
        let mut c = ConfigMap::default();
        c.data.insert("good.key".into(), "1".into());
        c.data.insert("bad key".into(), "2".into());
        c.data.insert("..hidden".into(), "3".into());
        assert_eq!(
            aggregate(&config_map(&c)),
            "[data[..hidden]: Invalid value: \"..hidden\": must not start with '..', \
             data[bad key]: Invalid value: \"bad key\": a valid config key must consist of \
             alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or \
             'key-name', regex used for validation is '[-._a-zA-Z0-9]+')]"
        );
    }

    #[test]
    fn a_tls_secret_needs_its_certificate_and_key() {
        let s = Secret { type_: secret_type::TLS.into(), ..Default::default() };
        assert_eq!(
            aggregate(&secret(&s)),
            "[data[tls.crt]: Required value, data[tls.key]: Required value]"
        );
    }

    #[test]
    fn an_immutable_config_map_keeps_its_data() {
        let mut old = ConfigMap { immutable: Some(true), ..Default::default() };
        old.data.insert("a".into(), "1".into());
        let mut new = old.clone();
        new.data.insert("a".into(), "2".into());
        assert_eq!(
            aggregate(&config_map_update(&new, &old)),
            "data: Forbidden: field is immutable when `immutable` is set"
        );
    }
}
