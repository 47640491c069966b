//! The parts of `kubectl set env` that read ConfigMaps and Secrets (kubectl/pkg/cmd/set/
//! set_env.go `RunEnv`, env/env_resolve.go): `--from`, which adds a key reference per key
//! named as `keyToEnvName` names it, and `--list`'s lines, which `--resolve` turns into the
//! values the references resolve to.

use serde_json::{json, Value};

use super::set_env::{entry_name, entry_value};
use super::{Kubectl, KubectlError, Output};

/// `--from`: the object is read as the builder reads it (one GET), and each key of its
/// `data` becomes a variable whose value is a reference to that key.
pub(super) fn references(
    s: &mut Kubectl,
    from: &str,
    keys: &[String],
    ns: &str,
    out: &mut Output,
) -> Result<Vec<Value>, KubectlError> {
    let sel = super::resource::select(&[from.to_string()], false)?;
    let mut found = Vec::new();
    for (kind, names) in &sel.items {
        if names.is_empty() {
            return Err(KubectlError::Usage(
                "resource(s) were provided, but no name was specified".into(),
            ));
        }
        for name in names {
            let (selector, data_keys): (&str, Vec<String>) =
                match crate::api::client::get(s.api(), *kind, ns, name)? {
                    crate::model::Object::ConfigMap(c) => {
                        ("configMapKeyRef", c.data.keys().cloned().collect())
                    }
                    crate::model::Object::Secret(x) => {
                        ("secretKeyRef", x.data.keys().cloned().collect())
                    }
                    _ => {
                        return Err(KubectlError::Usage(
                            "unsupported resource specified in --from".into(),
                        ))
                    }
                };
            for key in data_keys.iter().filter(|k| keys.is_empty() || keys.contains(k)) {
                let env_name: String = key
                    .chars()
                    .map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' })
                    .collect::<String>()
                    .to_uppercase();
                if env_name != *key {
                    out.err(format!("Warning: key {key} transferred to {env_name}\n"));
                }
                found.push(json!({
                    "name": env_name,
                    "valueFrom": { selector: { "name": name, "key": key } },
                }));
            }
        }
    }
    Ok(found)
}

/// One `--list` line: `NAME=VALUE`, or the reference a `valueFrom` names
/// (env.go `GetEnvVarRefString`).
pub(super) fn list_line(s: &mut Kubectl, e: &Value, resolve: bool, ns: &str) -> String {
    let name = entry_name(e);
    let Some(from) = e.get("valueFrom") else {
        return format!("{name}={}\n", entry_value(e));
    };
    // `--resolve`: a key reference's value, read as the kubelet would read it.
    if resolve {
        let mut src = super::exec_env::ThroughApi(s.api());
        if let Ok(Some(v)) = crate::model::config_refs::key_ref(from, ns, &mut src) {
            return format!("{name}={v}\n");
        }
    }
    let key = |sel: &str, field: &str| {
        from.get(sel)
            .and_then(|v| v.get(field))
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    let reference = if from.get("configMapKeyRef").is_some() {
        format!(
            "configmap {}, key {}",
            key("configMapKeyRef", "name"),
            key("configMapKeyRef", "key")
        )
    } else if from.get("secretKeyRef").is_some() {
        format!("secret {}, key {}", key("secretKeyRef", "name"), key("secretKeyRef", "key"))
    } else if from.get("fieldRef").is_some() {
        format!("field path {}", key("fieldRef", "fieldPath"))
    } else if from.get("resourceFieldRef").is_some() {
        let r = key("resourceFieldRef", "resource");
        let c = key("resourceFieldRef", "containerName");
        if c.is_empty() {
            format!("resource {r}")
        } else {
            format!("resource {r}, container {c}")
        }
    } else {
        "invalid valueFrom".to_string()
    };
    format!("# {name} from {reference}\n")
}
