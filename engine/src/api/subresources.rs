//! The `scale`, `binding` and `log` subresources (`status` shares the object's verbs).
//!
//! Scale is the autoscaling/v1 Scale of a Deployment, ReplicaSet, StatefulSet or
//! ReplicationController, read and
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
        // pkg/registry/core/replicationcontroller/storage/storage.go `scaleFromRC`.
        Kind::ReplicationController => s
            .get::<ReplicationController>(ns, name)
            .map(|r| scale_of(&r.metadata, r.replicas(), r.status.replicas, &r.selector())),
        // No scale subresource: the route does not exist.
        _ => return Err(Status::no_route()),
    };
    found.ok_or_else(|| Status::not_found(kind, name))
}

/// A new Scale written back to its owner: its `spec.replicas`, after the Scale's own
/// decoding and validation (`ValidateScale`), with the Scale's resourceVersion a precondition.
/// With `dry`, the owner's update is judged by the store and nothing is stored, as the
/// apiserver's `?dryRun=All` on the scale subresource (`kubectl scale --dry-run=server`).
fn write_scale(
    world: &mut World,
    kind: Kind,
    ns: &str,
    name: &str,
    scale: &Value,
    current: &Value,
    dry: bool,
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
    if dry {
        return dry_run_scale(world, kind, ns, name, replicas);
    }
    world.store.writer_sub = Some("scale");
    let written = match kind {
        Kind::Deployment => {
            world.modify::<Deployment>(ns, name, |d| d.spec.replicas = replicas).map(drop)
        }
        Kind::ReplicaSet => {
            world.modify::<ReplicaSet>(ns, name, |r| r.spec.replicas = replicas).map(drop)
        }
        Kind::ReplicationController => world
            .modify::<ReplicationController>(ns, name, |r| r.spec.replicas = Some(replicas))
            .map(drop),
        _ => world.modify::<StatefulSet>(ns, name, |s| s.spec.replicas = replicas).map(drop),
    };
    world.store.writer_sub = None;
    written?;
    scale_json(world, kind, ns, name)
}

/// The Scale the owner would have with `replicas`, judged by the store's dry-run update.
fn dry_run_scale(
    world: &mut World,
    kind: Kind,
    ns: &str,
    name: &str,
    replicas: i32,
) -> Result<Value, Status> {
    let now = world.now();
    let store = &mut world.store;
    let missing = || Status::not_found(kind, name);
    let scale = match kind {
        Kind::Deployment => {
            let mut d = store.get::<Deployment>(ns, name).cloned().ok_or_else(missing)?;
            d.spec.replicas = replicas;
            let d = store.update_dry_run(d, now)?;
            scale_of(&d.metadata, d.spec.replicas, d.status.replicas, &d.spec.selector)
        }
        Kind::ReplicaSet => {
            let mut r = store.get::<ReplicaSet>(ns, name).cloned().ok_or_else(missing)?;
            r.spec.replicas = replicas;
            let r = store.update_dry_run(r, now)?;
            scale_of(&r.metadata, r.spec.replicas, r.status.replicas, &r.spec.selector)
        }
        Kind::ReplicationController => {
            let mut r =
                store.get::<ReplicationController>(ns, name).cloned().ok_or_else(missing)?;
            r.spec.replicas = Some(replicas);
            let r = store.update_dry_run(r, now)?;
            scale_of(&r.metadata, r.replicas(), r.status.replicas, &r.selector())
        }
        _ => {
            let mut x = store.get::<StatefulSet>(ns, name).cloned().ok_or_else(missing)?;
            x.spec.replicas = replicas;
            let x = store.update_dry_run(x, now)?;
            scale_of(&x.metadata, x.spec.replicas, x.status.replicas, &x.spec.selector)
        }
    };
    Ok(scale)
}

/// PATCH of a Scale: the patch applied to the Scale, written back (or, with `dry`, only
/// judged). Returns the Scale before and after.
pub fn patch_scale(
    world: &mut World,
    kind: Kind,
    ns: &str,
    name: &str,
    ty: PatchType,
    body: &Value,
    dry: bool,
) -> Result<(Value, Value), Status> {
    let current = scale_json(world, kind, ns, name)?;
    let patched = patch::apply(ty, &current, body).map_err(|e| match e {
        PatchFailure::BadRequest(m) => Status::bad_request(m),
        PatchFailure::DoesNotApply(d) => Status::unprocessable(&d),
    })?;
    let after = write_scale(world, kind, ns, name, &patched, &current, dry)?;
    Ok((current, after))
}

#[allow(clippy::too_many_arguments)]
pub(super) fn scale(
    world: &mut World,
    req: &Request,
    q: &Query,
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
            write_scale(world, kind, &ns, name, &sent, &current, q.dry_run).map(Response::ok)
        }
        "PATCH" => {
            let ty = PatchType::from_content_type(req.content_type)
                .filter(|ty| *ty != PatchType::Apply)
                .ok_or_else(|| Status::unsupported_media_type(req.content_type))?;
            write::non_apply(q)?;
            let body = write::patch_body(req)?;
            let (_, after) = patch_scale(world, kind, &ns, name, ty, &body, q.dry_run)?;
            Ok(Response::ok(after))
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
    let text: String =
        lines[skip..].iter().map(|(t, line)| super::log::stamped(*t, line, q.timestamps)).collect();
    Ok(Response { code: 200, body: Value::Null, warnings: Vec::new(), text: Some(text) })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::api::client::{self, Api, Call, Verb};
    use crate::api::patch::PatchType;
    use crate::model::{Kind, Object};
    use crate::world::World;

    fn world() -> World {
        let mut w = World::new(1);
        let web = json!({
            "apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"},
            "spec": {"replicas": 3, "selector": {"matchLabels": {"app": "web"}},
                "template": {"metadata": {"labels": {"app": "web"}},
                    "spec": {"containers": [{"name": "c", "image": "nginx"}]}}}
        });
        let create = Call {
            verb: Verb::Create,
            name: None,
            body: Some(web),
            ..Call::get(Kind::Deployment, "default", "web")
        };
        assert_eq!(w.send(&create).code, 201);
        w
    }

    fn replicas(w: &mut World) -> i32 {
        match client::get(w, Kind::Deployment, "default", "web") {
            Ok(Object::Deployment(d)) => d.spec.replicas,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_dry_run_of_the_scale_answers_the_new_count_and_stores_nothing() {
        let mut w = world();
        let patch = Call::patch(
            Kind::Deployment,
            "default",
            "web",
            PatchType::Merge,
            json!({"spec": {"replicas": 5}}),
        )
        .sub("scale");
        let answer = w.send(&patch.clone().dry_run(true));
        assert_eq!((answer.code, &answer.body["spec"]["replicas"]), (200, &json!(5)));
        assert_eq!(replicas(&mut w), 3);
        let mut scale = w.send(&Call::get(Kind::Deployment, "default", "web").sub("scale")).body;
        scale["spec"]["replicas"] = json!(-1);
        let put = Call {
            verb: Verb::Update,
            body: Some(scale),
            ..Call::get(Kind::Deployment, "default", "web").sub("scale")
        };
        assert_eq!(w.send(&put.clone().dry_run(true)).code, 422, "validated even when dry");
        assert_eq!(w.send(&patch).code, 200);
        assert_eq!(replicas(&mut w), 5, "without dryRun the write is stored");
    }
}
