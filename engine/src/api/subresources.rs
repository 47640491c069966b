//! The `scale`, `binding` and `log` subresources (`status` shares the object's verbs).
//!
//! Scale is the autoscaling/v1 Scale of a Deployment, ReplicaSet or StatefulSet, read and
//! written through its owner (pkg/registry/apps/*/storage/storage.go `ScaleREST`,
//! `scaleFromDeployment`); `kubectl patch --subresource scale` uses the same code. Binding is
//! the scheduler's write (pkg/registry/core/pod/storage `BindingREST`), log the kubelet's
//! container log (pkg/registry/core/pod/rest/log.go).

use serde_json::{json, Value};

use crate::labels::validation::FieldError;
use crate::model::*;
use crate::store::ApiError;
use crate::world::World;

use super::patch::{self, PatchFailure, PatchType};
use super::path::Resource;
use super::{write, Query, Request, Response, Status};

fn scale_of(meta: &ObjectMeta, replicas: i32, current: i32, selector: &LabelSelector) -> Value {
    let m = serde_json::to_value(meta).unwrap_or(Value::Null);
    let mut status = json!({ "replicas": current });
    if !selector.is_empty() {
        status["selector"] = Value::String(selector.format());
    }
    // Keys in Go's map order, as kubectl prints what it received.
    json!({
        "apiVersion": "autoscaling/v1",
        "kind": "Scale",
        "metadata": {
            "creationTimestamp": m["creationTimestamp"],
            "name": meta.name,
            "namespace": meta.namespace,
            "resourceVersion": meta.resource_version,
            "uid": meta.uid,
        },
        "spec": { "replicas": replicas },
        "status": status,
    })
}

/// The Scale of an object, for the kinds that have the subresource.
pub fn scale_json(world: &World, kind: Kind, ns: &str, name: &str) -> Result<Value, Status> {
    let s = &world.store;
    let found = match kind {
        Kind::Deployment => s
            .get::<Deployment>(ns, name)
            .map(|d| scale_of(&d.metadata, d.spec.replicas, d.status.replicas, &d.spec.selector)),
        Kind::ReplicaSet => s
            .get::<ReplicaSet>(ns, name)
            .map(|r| scale_of(&r.metadata, r.spec.replicas, r.status.replicas, &r.spec.selector)),
        Kind::StatefulSet => s.get::<StatefulSet>(ns, name).map(|st| {
            scale_of(&st.metadata, st.spec.replicas, st.status.replicas, &st.spec.selector)
        }),
        // No scale subresource: the route does not exist.
        _ => return Err(Status::no_route()),
    };
    found.ok_or_else(|| Status::not_found(kind, name))
}

/// A new Scale written back to its owner: its `spec.replicas`, after the Scale's own
/// decoding and validation (`ValidateScale`), with the Scale's resourceVersion a precondition.
fn write_scale(
    world: &mut World,
    kind: Kind,
    ns: &str,
    name: &str,
    scale: &Value,
    current: &Value,
) -> Result<Value, Status> {
    let replicas = match scale.pointer("/spec/replicas") {
        None | Some(Value::Null) => 0,
        Some(v) => match v.as_i64().and_then(|n| i32::try_from(n).ok()) {
            Some(n) => n,
            None => {
                let found = if v.is_number() {
                    format!("number {v}")
                } else {
                    crate::gofmt::json_kind(v).into()
                };
                let detail = format!("json: cannot unmarshal {found} into Go struct field ScaleSpec.spec.replicas of type int32");
                return Err(Status::bad_request(format!(
                    "Scale in version \"v1\" cannot be handled as a Scale: {detail}"
                )));
            }
        },
    };
    if replicas < 0 {
        let e =
            FieldError::invalid("spec.replicas", replicas, "must be greater than or equal to 0");
        return Err(Status::invalid("Scale", "autoscaling", name, &[e]));
    }
    let sent =
        scale.pointer("/metadata/resourceVersion").and_then(Value::as_str).unwrap_or_default();
    let now_rv =
        current.pointer("/metadata/resourceVersion").and_then(Value::as_str).unwrap_or_default();
    if !sent.is_empty() && sent != now_rv {
        let message = "the object has been modified; please apply your changes to the latest version and try again".into();
        return Err(ApiError::Conflict { kind, name: name.into(), message }.into());
    }
    match kind {
        Kind::Deployment => {
            world.modify::<Deployment>(ns, name, |d| d.spec.replicas = replicas).map(drop)
        }
        Kind::ReplicaSet => {
            world.modify::<ReplicaSet>(ns, name, |r| r.spec.replicas = replicas).map(drop)
        }
        _ => world.modify::<StatefulSet>(ns, name, |s| s.spec.replicas = replicas).map(drop),
    }?;
    scale_json(world, kind, ns, name)
}

/// PATCH of a Scale: the patch applied to the Scale, written back. Returns the Scale before
/// and after.
pub fn patch_scale(
    world: &mut World,
    kind: Kind,
    ns: &str,
    name: &str,
    ty: PatchType,
    body: &Value,
) -> Result<(Value, Value), Status> {
    let current = scale_json(world, kind, ns, name)?;
    let patched = patch::apply(ty, &current, body).map_err(|e| match e {
        PatchFailure::BadRequest(m) => Status::bad_request(m),
        PatchFailure::DoesNotApply(d) => Status::unprocessable(&d),
    })?;
    let after = write_scale(world, kind, ns, name, &patched, &current)?;
    Ok((current, after))
}

#[allow(clippy::too_many_arguments)]
pub(super) fn scale(
    world: &mut World,
    req: &Request,
    _q: &Query,
    method: &str,
    kind: Kind,
    res: &Resource,
    name: &str,
) -> Result<Response, Status> {
    let ns = res.namespace.clone().unwrap_or_default();
    match method {
        "GET" => scale_json(world, kind, &ns, name).map(Response::ok),
        "PUT" => {
            let current = scale_json(world, kind, &ns, name)?;
            let sent = write::body(req)?;
            write_scale(world, kind, &ns, name, &sent, &current).map(Response::ok)
        }
        "PATCH" => {
            let ty = PatchType::from_content_type(req.content_type)
                .ok_or_else(|| Status::unsupported_media_type(req.content_type))?;
            let body = write::patch_body(req)?;
            patch_scale(world, kind, &ns, name, ty, &body).map(|(_, after)| Response::ok(after))
        }
        _ => Err(Status::method_not_allowed()),
    }
}

pub(super) fn binding(
    world: &mut World,
    req: &Request,
    res: &Resource,
    name: &str,
) -> Result<Response, Status> {
    let v = write::body(req)?;
    let node = v.pointer("/target/name").and_then(Value::as_str).unwrap_or_default().to_string();
    if node.is_empty() {
        let e = FieldError::required("target.name", "");
        return Err(Status::invalid("Binding", "", name, &[e]));
    }
    let ns = res.namespace.clone().unwrap_or_default();
    let now = world.now();
    world.store.bind_pod(&ns, name, &node, now)?;
    Ok(Response::json(
        201,
        json!({
            "kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Success", "code": 201,
        }),
    ))
}

pub(super) fn log(
    world: &World,
    q: &Query,
    res: &Resource,
    name: &str,
) -> Result<Response, Status> {
    let ns = res.namespace.clone().unwrap_or_default();
    let lines = super::log::pod_log(world, &ns, name, q.container.as_deref(), q.previous)?;
    let skip = match q.tail_lines {
        Some(n) if n >= 0 => lines.len().saturating_sub(n as usize),
        _ => 0,
    };
    let text: String = lines[skip..]
        .iter()
        .map(|(t, line)| format!("{}\n", super::log::stamped(*t, line, q.timestamps)))
        .collect();
    Ok(Response { code: 200, body: Value::Null, warnings: Vec::new(), text: Some(text) })
}
