//! `loads` and `servicetraffics`: what a workload's users ask of it. A Load is extra CPU
//! every pod of one object uses, now and later (`world/usage`, which metrics and the
//! autoscaler read); it is named `KIND.NAME` (`deployment.web`) after that object. A
//! ServiceTraffic is a Service's users: the requests per second they send through
//! kube-proxy's rules, and how many were served or failed (`world/traffic.rs`).

use serde_json::{json, Value};

use crate::model::{quantity, Kind, Service};
use crate::store::{ApiError, Key, Store};
use crate::world::World;

use super::{bad_field, list, method_not_allowed, object, patch_document, spec_field, Target};
use crate::api::{Request, Response, Status};

pub use crate::world::usage::MAX_LOAD_MILLI;

/// The most requests per second a Service's users may send: enough to see, little enough
/// that a tick stays cheap.
pub const MAX_RATE: u64 = 1000;

/// The objects whose pods a load reaches (world/usage `Loads::for_pod`), in listing order.
pub const LOADABLE: [Kind; 6] =
    [Kind::Deployment, Kind::ReplicaSet, Kind::StatefulSet, Kind::DaemonSet, Kind::Job, Kind::Pod];

/// A load's name: the object's kind in lower case, a dot, its name.
pub fn load_name(kind: Kind, name: &str) -> String {
    format!("{}.{name}", kind.as_str().to_ascii_lowercase())
}

fn load_target(name: &str) -> Option<(Kind, &str)> {
    let (kind, object) = name.split_once('.')?;
    let kind = LOADABLE.into_iter().find(|k| k.as_str().eq_ignore_ascii_case(kind))?;
    (!object.is_empty()).then_some((kind, object))
}

/// The names of `kind`'s objects in `ns` (or everywhere), with their namespaces.
fn objects(store: &Store, kind: Kind, ns: Option<&str>) -> Vec<(String, String)> {
    let objects = crate::kinds::ops(kind).list(store, ns, None);
    objects.iter().map(|o| (o.meta().namespace.clone(), o.meta().name.clone())).collect()
}

fn load_json(t: &Target, ns: &str, kind: Kind, name: &str, milli: u32) -> Value {
    let spec = json!({
        "target": { "kind": kind.as_str(), "name": name },
        "cpu": format!("{milli}m"),
    });
    object(t.resource, &load_name(kind, name), Some(ns), json!({ "spec": spec }))
}

pub(super) fn loads(w: &mut World, req: &Request, t: &Target) -> Result<Response, Status> {
    let Some(name) = t.name.as_deref() else {
        if req.method != "GET" {
            return method_not_allowed();
        }
        let mut items = Vec::new();
        for kind in LOADABLE {
            for (ns, name) in objects(&w.store, kind, t.namespace.as_deref()) {
                let milli = w.loads().get(kind, &Key::new(&ns, &name));
                if milli > 0 {
                    items.push(load_json(t, &ns, kind, &name, milli));
                }
            }
        }
        return Ok(list(t.resource, items));
    };
    let ns = t.namespace.clone().unwrap_or_default();
    let (kind, object) = load_target(name).ok_or_else(|| {
        Status::bad_request(format!(
            "a load is named KIND.NAME, KIND one of deployment, replicaset, statefulset, daemonset, job or pod, not {name:?}"
        ))
    })?;
    let exists = w.store.get_object(kind, &Key::new(&ns, object)).is_some();
    let missing = || Status::from(ApiError::NotFound { kind, name: object.into() });
    match req.method {
        "GET" if exists => {
            let milli = w.loads().get(kind, &Key::new(&ns, object));
            Ok(Response::ok(load_json(t, &ns, kind, object, milli)))
        }
        "PUT" => {
            let body = crate::api::write::body(req)?;
            let want = format!("a CPU quantity from 0 to {} cores", MAX_LOAD_MILLI / 1000);
            let milli = spec_field(&body, "cpu")
                .and_then(Value::as_str)
                .and_then(|q| quantity::parse(q).ok())
                .filter(|q| !q.is_negative())
                .and_then(|q| u32::try_from(q.milli_value()).ok())
                .filter(|m| *m <= MAX_LOAD_MILLI)
                .ok_or_else(|| bad_field("spec.cpu", &want))?;
            if !exists {
                return Err(missing());
            }
            w.set_load(kind, Key::new(&ns, object), milli);
            Ok(Response::ok(load_json(t, &ns, kind, object, milli)))
        }
        "GET" => Err(missing()),
        _ => method_not_allowed(),
    }
}

fn traffic_json(t: &Target, w: &World, ns: &str, service: &str) -> Value {
    let key = Key::new(ns, service);
    let traffic = w.traffic();
    let mut rest = json!({ "spec": { "rate": traffic.rate(&key) } });
    // No counters until the Service first had a backend and its users arrived.
    if let Some(c) = traffic.counter(&key) {
        rest["status"] = json!({ "served": c.served, "failed": c.failed });
    }
    object(t.resource, service, Some(ns), rest)
}

pub(super) fn traffic(w: &mut World, req: &Request, t: &Target) -> Result<Response, Status> {
    let Some(name) = t.name.as_deref() else {
        if req.method != "GET" {
            return method_not_allowed();
        }
        let services = objects(&w.store, Kind::Service, t.namespace.as_deref());
        let items = services.iter().map(|(ns, name)| traffic_json(t, w, ns, name)).collect();
        return Ok(list(t.resource, items));
    };
    let ns = t.namespace.clone().unwrap_or_default();
    if w.store.get::<Service>(&ns, name).is_none() {
        return Err(Status::not_found(Kind::Service, name));
    }
    match req.method {
        "GET" => Ok(Response::ok(traffic_json(t, w, &ns, name))),
        "PATCH" => {
            let patch = patch_document(req)?;
            let rate = spec_field(&patch, "rate")
                .and_then(Value::as_u64)
                .filter(|r| *r <= MAX_RATE)
                .and_then(|r| u32::try_from(r).ok())
                .ok_or_else(|| bad_field("spec.rate", "0 to 1000 requests per second"))?;
            w.set_traffic_rate(Key::new(&ns, name), rate);
            Ok(Response::ok(traffic_json(t, w, &ns, name)))
        }
        _ => method_not_allowed(),
    }
}
