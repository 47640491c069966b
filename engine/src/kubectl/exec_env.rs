//! The environment `kubectl exec POD -- env` shows: the image's `PATH`, the `HOSTNAME` the
//! runtime sets, the container's `env` from the pod spec in order (with `$(VAR)` references
//! and `fieldRef`s resolved, pkg/kubelet/kubelet_pods.go `makeEnvironmentVariables`), the
//! Service variables the kubelet injects for the Services that existed when the container
//! started (pkg/kubelet/envvars/envvars.go `FromServices`), and the `HOME` runc adds.
//! ConfigMaps and Secrets are read through the API as the kubelet reads them
//! (`model::config_refs`): `envFrom` first, then `env`. Image-specific variables are not
//! modelled.

use std::rc::Rc;

use serde_json::Value;

use crate::api::client;
use crate::clock::Time;
use crate::model::config_refs::{self, ConfigSource};
use crate::model::{ConfigMap, ContainerStatus, Kind, Object, Pod, Secret, Service, API_SERVICE};

use super::Kubectl;

/// The default `PATH` of the Debian, Alpine and busybox images alike.
const IMAGE_PATH: &str = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

pub(super) fn environment(
    s: &mut Kubectl,
    pod: &Pod,
    container: &str,
    status: &ContainerStatus,
    hostname: &str,
) -> Vec<(String, String)> {
    let started = status.state.running.as_ref().and_then(|r| r.started_at).unwrap_or(Time::ZERO);
    let links = pod.spec.enable_service_links.unwrap_or(true);
    // The kubelet reads Services from its informer when it creates the container (here a
    // list of the namespace's, which the server answers in name order); it iterates a map,
    // so real order varies: here Services go by name, each as FromServices lists its
    // variables. Without service links it reads none.
    let listed = match links {
        true => client::list(s.api(), Kind::Service, &pod.metadata.namespace, None, None),
        false => Ok(Vec::new()),
    };
    let mut services: Vec<Rc<Service>> = listed
        .unwrap_or_default()
        .into_iter()
        .filter_map(|o| match o {
            Object::Service(svc) => Some(svc),
            _ => None,
        })
        .collect();
    // `getServiceEnvVarMap`: the API server's Service in default is every pod's, links or
    // not, unless the pod's namespace has a Service of that name of its own.
    if !services.iter().any(|svc| svc.metadata.name == API_SERVICE) {
        if let Ok(Object::Service(svc)) =
            client::get(s.api(), Kind::Service, "default", API_SERVICE)
        {
            let at = services.partition_point(|s| s.metadata.name.as_str() < API_SERVICE);
            services.insert(at, svc);
        }
    }
    services.retain(|svc| svc.metadata.creation_timestamp.is_none_or(|t| t <= started));
    let service_env = from_services(&services.iter().map(Rc::as_ref).collect::<Vec<_>>());
    // The spec's variables, each resolved against those before it and the Services'.
    let spec = pod.spec.containers.iter().find(|c| c.name == container);
    let ns = pod.metadata.namespace.clone();
    let mut src = ThroughApi(s.api());
    let mut spec_env: Vec<(String, String)> =
        spec.and_then(|c| config_refs::env_from(c, &ns, &mut src).ok()).unwrap_or_default();
    let entries =
        spec.and_then(|c| c.env.as_deref()).and_then(Value::as_array).cloned().unwrap_or_default();
    for e in &entries {
        let Some(name) = e.get("name").and_then(Value::as_str) else { continue };
        let value = match e.get("valueFrom") {
            Some(from) => match config_refs::key_ref(from, &ns, &mut src) {
                Ok(Some(v)) => v,
                _ => crate::model::downward::field_ref(pod, from),
            },
            None => {
                let raw = e.get("value").and_then(Value::as_str).unwrap_or_default();
                expand(raw, |var| {
                    spec_env
                        .iter()
                        .rev()
                        .chain(service_env.iter())
                        .find(|(k, _)| k == var)
                        .map(|(_, v)| v.clone())
                })
            }
        };
        spec_env.retain(|(k, _)| k != name);
        spec_env.push((name.to_string(), value));
    }
    let mut env: Vec<(String, String)> =
        vec![("PATH".into(), IMAGE_PATH.into()), ("HOSTNAME".into(), hostname.to_string())];
    // The runtime's WithEnv: a variable already present keeps its place with the new value.
    let set = |env: &mut Vec<(String, String)>, k: &str, v: &str| match env
        .iter_mut()
        .find(|(n, _)| n == k)
    {
        Some(slot) => slot.1 = v.to_string(),
        None => env.push((k.to_string(), v.to_string())),
    };
    for (k, v) in &spec_env {
        set(&mut env, k, v);
    }
    for (k, v) in &service_env {
        if !spec_env.iter().any(|(n, _)| n == k) {
            set(&mut env, k, v);
        }
    }
    if !env.iter().any(|(k, _)| k == "HOME") {
        env.push(("HOME".into(), "/root".into()));
    }
    env
}

/// The kubelet's ConfigMap and Secret managers, here GETs through the API.
pub(super) struct ThroughApi<'a>(pub(super) &'a mut dyn client::Api);

impl ConfigSource for ThroughApi<'_> {
    fn config_map(&mut self, ns: &str, name: &str) -> Option<Rc<ConfigMap>> {
        match client::get(self.0, Kind::ConfigMap, ns, name) {
            Ok(Object::ConfigMap(c)) => Some(c),
            _ => None,
        }
    }
    fn secret(&mut self, ns: &str, name: &str) -> Option<Rc<Secret>> {
        match client::get(self.0, Kind::Secret, ns, name) {
            Ok(Object::Secret(s)) => Some(s),
            _ => None,
        }
    }
}

/// envvars.go `FromServices`: host and first port, named ports, then Docker-style links.
fn from_services(services: &[&Service]) -> Vec<(String, String)> {
    let mut env = Vec::new();
    for svc in services {
        let Some(ip) = svc.spec.cluster_ip.as_deref().filter(|ip| !ip.is_empty() && *ip != "None")
        else {
            continue;
        };
        let Some(first) = svc.spec.ports.first() else { continue };
        let prefix = svc.metadata.name.replace('-', "_").to_uppercase();
        env.push((format!("{prefix}_SERVICE_HOST"), ip.to_string()));
        env.push((format!("{prefix}_SERVICE_PORT"), first.port.to_string()));
        for p in &svc.spec.ports {
            if let Some(n) = p.name.as_deref().filter(|n| !n.is_empty()) {
                let var = format!("{prefix}_SERVICE_PORT_{}", n.replace('-', "_").to_uppercase());
                env.push((var, p.port.to_string()));
            }
        }
        for (i, p) in svc.spec.ports.iter().enumerate() {
            let proto = p.protocol.as_deref().unwrap_or("TCP");
            let lower = proto.to_lowercase();
            let host_port = format!("{ip}:{}", p.port);
            if i == 0 {
                env.push((format!("{prefix}_PORT"), format!("{lower}://{host_port}")));
            }
            let pp = format!("{prefix}_PORT_{}_{}", p.port, proto.to_uppercase());
            env.push((pp.clone(), format!("{lower}://{host_port}")));
            env.push((format!("{pp}_PROTO"), lower));
            env.push((format!("{pp}_PORT"), p.port.to_string()));
            env.push((format!("{pp}_ADDR"), ip.to_string()));
        }
    }
    env
}

/// third_party/forked/golang/expansion `Expand`: `$(VAR)` from `lookup` (left as written
/// when undefined), `$$` as `$`.
fn expand(input: &str, lookup: impl Fn(&str) -> Option<String>) -> String {
    let mut out = String::new();
    let mut rest = input;
    while let Some(i) = rest.find('$') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        if let Some(tail) = after.strip_prefix('$') {
            out.push('$');
            rest = tail;
        } else if let Some((name, tail)) = after.strip_prefix('(').and_then(|a| a.split_once(')')) {
            match lookup(name) {
                Some(v) => out.push_str(&v),
                None => out.push_str(&format!("$({name})")),
            }
            rest = tail;
        } else {
            out.push('$');
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::expand;

    #[test]
    fn references_expand_and_double_dollars_escape() {
        let lookup = |v: &str| (v == "A").then(|| "1".to_string());
        assert_eq!(expand("x$(A)y", lookup), "x1y");
        assert_eq!(expand("$(B)", lookup), "$(B)");
        assert_eq!(expand("$$(A)", lookup), "$(A)");
        assert_eq!(expand("cost $5", lookup), "cost $5");
    }
}
