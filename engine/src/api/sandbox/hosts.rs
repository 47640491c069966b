//! `hosts` and `settings/cluster`: the sandbox's machines and the loops' node timings. A
//! host is the kubelet's side of a Node: POST adds a machine and its Node (named node-N
//! after the highest index), DELETE removes both, and PATCH `spec.up` stops or restarts its
//! kubelet's reports, which the node lifecycle loop then notices as a real one does
//! (pkg/controller/nodelifecycle/node_lifecycle_controller.go, after the grace period).

use serde_json::{json, Value};

use crate::controllers::Host;
use crate::model::{Kind, DEFAULT_MAX_PODS};
use crate::world::World;

use super::{bad_field, method_not_allowed, not_found, object, patch_document, spec_field};
use super::{list, Target};
use crate::api::{Request, Response, Status};

/// The most pods a new host takes, and the longest toleration, as the command box accepts.
pub const MAX_PODS_LIMIT: u64 = 10_000;
pub const MAX_TOLERATION_SECONDS: i64 = 86_400;

/// The only `settings` object.
pub const SETTINGS_NAME: &str = "cluster";

fn host_json(target: &Target, name: &str, host: &Host) -> Value {
    let rest = json!({
        "spec": { "up": host.up },
        "status": { "lastHeartbeatTime": host.last_heartbeat.to_string() },
    });
    object(target.resource, name, None, rest)
}

pub(super) fn hosts(w: &mut World, req: &Request, t: &Target) -> Result<Response, Status> {
    let found = |w: &World, name: &str| {
        let host = w.hosts.get(name).ok_or_else(|| Status::not_found(Kind::Node, name))?;
        Ok::<Value, Status>(host_json(t, name, host))
    };
    match (req.method, t.name.as_deref()) {
        ("GET", None) => {
            let items = w.hosts.iter().map(|(name, h)| host_json(t, name, h)).collect();
            Ok(list(t.resource, items))
        }
        ("GET", Some(name)) => found(w, name).map(Response::ok),
        ("POST", None) => {
            let body = crate::api::write::body(req)?;
            let max_pods = match spec_field(&body, "maxPods") {
                None => DEFAULT_MAX_PODS,
                Some(v) => v
                    .as_u64()
                    .filter(|n| (1..=MAX_PODS_LIMIT).contains(n))
                    .and_then(|n| u32::try_from(n).ok())
                    .ok_or_else(|| bad_field("spec.maxPods", "1 to 10000"))?,
            };
            let added = w.add_nodes(1, max_pods);
            let name = added.first().ok_or_else(|| Status::internal("no node could be added"))?;
            Ok(Response::json(201, found(w, name)?))
        }
        ("DELETE", Some(name)) => {
            // The host as it was, answered as the API server answers a DELETE with the
            // object; a Node the sandbox has no machine for goes all the same.
            let before =
                found(w, name).unwrap_or_else(|_| object(t.resource, name, None, json!({})));
            w.remove_node(name)?;
            Ok(Response::ok(before))
        }
        ("PATCH", Some(name)) => {
            let patch = patch_document(req)?;
            let up = spec_field(&patch, "up")
                .and_then(Value::as_bool)
                .ok_or_else(|| bad_field("spec.up", "true or false"))?;
            if up {
                w.recover_node(name)?;
            } else {
                w.fail_node(name)?;
            }
            found(w, name).map(Response::ok)
        }
        _ => method_not_allowed(),
    }
}

fn settings_json(t: &Target, w: &World) -> Value {
    let spec = json!({
        "nodeMonitorGracePeriodSeconds": w.config.node_monitor_grace_ms / 1000,
        "tolerationSeconds": w.config.toleration_seconds,
    });
    object(t.resource, SETTINGS_NAME, None, json!({ "spec": spec }))
}

pub(super) fn settings(w: &mut World, req: &Request, t: &Target) -> Result<Response, Status> {
    let Some(name) = t.name.as_deref() else { return method_not_allowed() };
    if name != SETTINGS_NAME {
        return Err(not_found(t.resource, name));
    }
    match req.method {
        "GET" => Ok(Response::ok(settings_json(t, w))),
        "PATCH" => {
            let patch = patch_document(req)?;
            if spec_field(&patch, "nodeMonitorGracePeriodSeconds").is_some() {
                return Err(Status::bad_request(
                    "spec.nodeMonitorGracePeriodSeconds cannot be changed",
                ));
            }
            if let Some(v) = spec_field(&patch, "tolerationSeconds") {
                let secs = v
                    .as_i64()
                    .filter(|n| (0..=MAX_TOLERATION_SECONDS).contains(n))
                    .ok_or_else(|| bad_field("spec.tolerationSeconds", "0 to 86400"))?;
                w.config.toleration_seconds = secs;
            }
            Ok(Response::ok(settings_json(t, w)))
        }
        _ => method_not_allowed(),
    }
}
