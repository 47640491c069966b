//! The `scale` subresource of `kubectl patch --subresource scale`: the autoscaling/v1 Scale
//! the API server shows for a Deployment or ReplicaSet (apps registry
//! pkg/registry/apps/deployment/storage/storage.go `ScaleREST`, `scaleFromDeployment`), patched
//! like any object, with its `spec.replicas` written back to the owner.

use serde_json::{json, Value};

use crate::labels::validation::go_quote;
use crate::model::*;
use crate::store::ApiError;

use super::super::get::get_named;
use super::super::manifest::Undecodable;
use super::super::{KubectlError, Session};
use super::{apply_patch, Patched, Request};

/// The `scale` subresource: an autoscaling/v1 Scale built from a Deployment or ReplicaSet,
/// patched, and its `spec.replicas` written back (apps registry `ScaleREST.Update`).
pub(super) fn patch_scale(
    s: &mut Session,
    kind: Kind,
    req: &Request,
) -> Result<(Patched, bool), KubectlError> {
    let read = |s: &Session| match get_named(&s.world.store, kind, req.ns, req.name) {
        Some(Object::Deployment(d)) => {
            Some(scale_of(&d.metadata, d.spec.replicas, d.status.replicas, &d.spec.selector))
        }
        Some(Object::ReplicaSet(r)) => {
            Some(scale_of(&r.metadata, r.spec.replicas, r.status.replicas, &r.spec.selector))
        }
        _ => None,
    };
    let Some(scale) = read(s) else {
        return Err(KubectlError::Plain(
            "Error from server (NotFound): the server could not find the requested resource".into(),
        ));
    };
    let patched = apply_patch(req.ty, &scale, req.body)?;
    let replicas = match patched.pointer("/spec/replicas") {
        None | Some(Value::Null) => 0,
        Some(v) => match v.as_i64().and_then(|n| i32::try_from(n).ok()) {
            Some(n) => n,
            None => {
                let detail = format!(
                    "json: cannot unmarshal {} into Go struct field ScaleSpec.spec.replicas of type int32",
                    if v.is_number() { format!("number {v}") } else { go_kind(v).into() }
                );
                let message = Undecodable { kind: "Scale".into(), detail }.to_string();
                return Err(ApiError::BadRequest { message }.into());
            }
        },
    };
    if replicas < 0 {
        return Err(KubectlError::Plain(format!(
            "The Scale {} is invalid: spec.replicas: Invalid value: {replicas}: must be greater than or equal to 0",
            go_quote(req.name)
        )));
    }
    let before = scale["metadata"]["resourceVersion"].clone();
    match kind {
        Kind::Deployment => {
            s.world.modify::<Deployment>(req.ns, req.name, |d| d.spec.replicas = replicas)?;
        }
        _ => {
            s.world.modify::<ReplicaSet>(req.ns, req.name, |r| r.spec.replicas = replicas)?;
        }
    }
    let after = read(s).unwrap_or(scale);
    let changed = after["metadata"]["resourceVersion"] != before;
    Ok((Patched::Scale(after), changed))
}

fn go_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "bool",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn scale_of(meta: &ObjectMeta, replicas: i32, current: i32, selector: &LabelSelector) -> Value {
    let m = serde_json::to_value(meta).unwrap_or(Value::Null);
    let mut status = json!({ "replicas": current });
    if !selector.is_empty() {
        status["selector"] = Value::String(selector.format());
    }
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
