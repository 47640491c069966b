//! What a pod reads from ConfigMaps and Secrets, and the errors that stop it, as the kubelet
//! reports them. Models pkg/kubelet/kubelet_pods.go `makeEnvironmentVariables` (`envFrom`
//! first, then each `valueFrom` key reference; a missing object or key stops the container
//! unless the reference is `optional`) and the volume plugins' `SetUpAt`
//! (pkg/volume/configmap/configmap.go and pkg/volume/secret/secret.go, with `MakePayload`'s
//! check of `items`). The kubelet and `kubectl exec ... env` both read through here: one
//! from the store, the other through the API.

use std::rc::Rc;

use serde_json::Value;

use super::{ConfigMap, Container, Pod, Secret};

/// Where the objects come from.
pub trait ConfigSource {
    fn config_map(&mut self, ns: &str, name: &str) -> Option<Rc<ConfigMap>>;
    fn secret(&mut self, ns: &str, name: &str) -> Option<Rc<Secret>>;
}

fn optional(reference: &Value) -> bool {
    reference.get("optional").and_then(Value::as_bool).unwrap_or(false)
}

fn name_of<'a>(reference: &'a Value, field: &str) -> &'a str {
    reference.get(field).and_then(Value::as_str).unwrap_or_default()
}

/// The variables `envFrom` gives the container, in order, each with its prefix; or the
/// error that keeps the container from being created.
pub fn env_from(
    c: &Container,
    ns: &str,
    src: &mut dyn ConfigSource,
) -> Result<Vec<(String, String)>, String> {
    let mut found = Vec::new();
    let sources = c.env_from.as_deref().and_then(Value::as_array).cloned().unwrap_or_default();
    for s in &sources {
        let prefix = s.get("prefix").and_then(Value::as_str).unwrap_or_default();
        if let Some(r) = s.get("configMapRef") {
            let name = name_of(r, "name");
            match src.config_map(ns, name) {
                Some(cm) => {
                    found.extend(cm.data.iter().map(|(k, v)| (format!("{prefix}{k}"), v.clone())))
                }
                None if optional(r) => {}
                None => return Err(format!("configmap {name:?} not found")),
            }
        } else if let Some(r) = s.get("secretRef") {
            let name = name_of(r, "name");
            match src.secret(ns, name) {
                Some(sec) => {
                    found.extend(sec.data.iter().map(|(k, v)| (format!("{prefix}{k}"), v.lossy())))
                }
                None if optional(r) => {}
                None => return Err(format!("secret {name:?} not found")),
            }
        }
    }
    Ok(found)
}

/// A `valueFrom` that names a ConfigMap's or Secret's key: its value, `None` for an optional
/// reference to something absent (or a `valueFrom` of another kind), or the error.
pub fn key_ref(
    from: &Value,
    ns: &str,
    src: &mut dyn ConfigSource,
) -> Result<Option<String>, String> {
    if let Some(r) = from.get("configMapKeyRef") {
        let (name, key) = (name_of(r, "name"), name_of(r, "key"));
        let Some(cm) = src.config_map(ns, name) else {
            return if optional(r) {
                Ok(None)
            } else {
                Err(format!("configmap {name:?} not found"))
            };
        };
        // Only `data`: a key of `binaryData` is not an environment value.
        return match cm.data.get(key) {
            Some(v) => Ok(Some(v.clone())),
            None if optional(r) => Ok(None),
            None => Err(format!("couldn't find key {key} in ConfigMap {ns}/{name}")),
        };
    }
    if let Some(r) = from.get("secretKeyRef") {
        let (name, key) = (name_of(r, "name"), name_of(r, "key"));
        let Some(sec) = src.secret(ns, name) else {
            return if optional(r) { Ok(None) } else { Err(format!("secret {name:?} not found")) };
        };
        return match sec.data.get(key) {
            Some(v) => Ok(Some(v.lossy())),
            None if optional(r) => Ok(None),
            None => Err(format!("couldn't find key {key} in Secret {ns}/{name}")),
        };
    }
    Ok(None)
}

/// The first reason `makeEnvironmentVariables` refuses container `c`: `envFrom`, then each
/// `env` entry's key reference.
pub fn env_error(c: &Container, ns: &str, src: &mut dyn ConfigSource) -> Option<String> {
    if let Err(e) = env_from(c, ns, src) {
        return Some(e);
    }
    let entries = c.env.as_deref().and_then(Value::as_array).cloned().unwrap_or_default();
    entries.iter().filter_map(|e| e.get("valueFrom")).find_map(|f| key_ref(f, ns, src).err())
}

/// The first ConfigMap or Secret volume of `pod` the kubelet cannot set up, as the message
/// of its `FailedMount` event.
pub fn unmountable(pod: &Pod, src: &mut dyn ConfigSource) -> Option<String> {
    let ns = pod.metadata.namespace.as_str();
    for v in pod.spec.volumes.iter() {
        let failed = if let Some(r) = v.config_map.as_deref() {
            let name = name_of(r, "name");
            match src.config_map(ns, name) {
                None if optional(r) => None,
                None => Some(format!("configmap {name:?} not found")),
                Some(cm) => {
                    missing_item(r, |k| cm.data.contains_key(k) || cm.binary_data.contains_key(k))
                        .map(|k| format!("configmap references non-existent config key: {k}"))
                }
            }
        } else if let Some(r) = v.secret.as_deref() {
            let name = name_of(r, "secretName");
            match src.secret(ns, name) {
                None if optional(r) => None,
                None => Some(format!("secret {name:?} not found")),
                Some(sec) => missing_item(r, |k| sec.data.contains_key(k))
                    .map(|k| format!("references non-existent secret key: {k}")),
            }
        } else {
            None
        };
        if let Some(e) = failed {
            return Some(format!(
                "MountVolume.SetUp failed for volume {:?} : {e}",
                v.name.as_str()
            ));
        }
    }
    None
}

/// `MakePayload`: the first of the volume's `items` whose key is not there, unless optional.
fn missing_item(r: &Value, has: impl Fn(&str) -> bool) -> Option<String> {
    if optional(r) {
        return None;
    }
    let items = r.get("items").and_then(Value::as_array)?;
    items.iter().map(|i| name_of(i, "key")).find(|k| !has(k)).map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    struct Fixed(BTreeMap<String, Rc<ConfigMap>>);

    impl ConfigSource for Fixed {
        fn config_map(&mut self, _: &str, name: &str) -> Option<Rc<ConfigMap>> {
            self.0.get(name).cloned()
        }
        fn secret(&mut self, _: &str, _: &str) -> Option<Rc<Secret>> {
            None
        }
    }

    fn container(env: Value, env_from: Value) -> Container {
        let mut c = Container::new("app", "busybox");
        c.env = Some(Box::new(env));
        c.env_from = Some(Box::new(env_from));
        c
    }

    #[test]
    fn references_resolve_or_stop_the_container_in_the_kubelets_words() {
        let mut cm = ConfigMap::default();
        cm.data.insert("mode".into(), "fast".into());
        let mut src = Fixed(BTreeMap::from([("app".to_string(), Rc::new(cm))]));
        let from = serde_json::json!([{"configMapRef": {"name": "app"}, "prefix": "APP_"}]);
        let ok = container(
            serde_json::json!([{"name": "M", "valueFrom": {"configMapKeyRef": {"name": "app", "key": "mode"}}}]),
            from.clone(),
        );
        assert_eq!(env_error(&ok, "default", &mut src), None);
        assert_eq!(
            env_from(&ok, "default", &mut src).unwrap(),
            [("APP_mode".into(), "fast".into())]
        );
        let no_key = container(
            serde_json::json!([{"name": "M", "valueFrom": {"configMapKeyRef": {"name": "app", "key": "size"}}}]),
            Value::Null,
        );
        assert_eq!(
            env_error(&no_key, "default", &mut src).as_deref(),
            Some("couldn't find key size in ConfigMap default/app")
        );
        let absent = container(Value::Null, serde_json::json!([{"secretRef": {"name": "db"}}]));
        assert_eq!(
            env_error(&absent, "default", &mut src).as_deref(),
            Some("secret \"db\" not found")
        );
        let optional = container(
            Value::Null,
            serde_json::json!([{"secretRef": {"name": "db", "optional": true}}]),
        );
        assert_eq!(env_error(&optional, "default", &mut src), None);
    }
}
