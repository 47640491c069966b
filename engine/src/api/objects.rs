//! The verbs on a resource path (apiserver/pkg/endpoints/installer.go's routes): GET one or a
//! list (or a watch), POST, PUT, PATCH, DELETE one or a collection, and the subresources;
//! and the Namespaces, which the store keeps as names.

use serde_json::{json, Value};

use crate::model::Kind;
use crate::world::World;

use super::path::{Resource, Target};
use super::{delete, read, subresources, write, Query, Reply, Request, Response, Status};

pub(super) fn serve(world: &mut World, req: &Request, q: &Query, res: &Resource) -> Reply {
    let kind = match res.target {
        Target::Namespace => return Reply::Done(namespaces(world, req, res)),
        Target::Kind(kind) => kind,
    };
    if kind.namespaced() {
        if let Some(ns) = &res.namespace {
            if !world.store.has_namespace(ns) && req.method != "GET" {
                return Status::from(crate::store::ApiError::NamespaceNotFound {
                    name: ns.clone(),
                })
                .into();
            }
        }
    }
    let done = |r: Result<Response, Status>| Reply::Done(r.unwrap_or_else(Response::from));
    match (req.method, res.name.as_deref(), res.sub.as_deref()) {
        ("GET", None, None) if q.watch => match read::watch(world, req, q, kind, res) {
            Ok(spec) => Reply::Watch(spec),
            Err(s) => s.into(),
        },
        ("GET", None, None) => done(read::list(world, req, q, kind, res)),
        ("GET", Some(name), None | Some("status")) => done(read::get(world, req, kind, res, name)),
        ("POST", None, None) => done(write::create(world, req, q, kind, res)),
        ("PUT", Some(name), None | Some("status")) => {
            done(write::update(world, req, q, kind, res, name))
        }
        ("PATCH", Some(name), None | Some("status")) => {
            done(write::patch(world, req, q, kind, res, name))
        }
        ("DELETE", Some(name), None) => done(delete::delete(world, req, q, kind, res, name)),
        ("DELETE", None, None) => done(delete::delete_collection(world, req, q, kind, res)),
        (m, Some(name), Some("scale")) => {
            done(subresources::scale(world, req, q, m, kind, res, name))
        }
        ("POST", Some(name), Some("binding")) if kind == Kind::Pod => {
            done(subresources::binding(world, req, res, name))
        }
        ("POST", Some(name), Some("eviction")) if kind == Kind::Pod => {
            done(super::eviction::evict(world, req, q, res, name))
        }
        ("GET", Some(name), Some("log")) if kind == Kind::Pod => {
            done(subresources::log(world, q, res, name))
        }
        (_, _, Some("status" | "scale" | "binding" | "eviction" | "log")) | (_, _, None) => {
            Status::method_not_allowed().into()
        }
        _ => Status::no_route().into(),
    }
}

fn namespace_json(name: &str) -> Value {
    json!({
        "kind": "Namespace",
        "apiVersion": "v1",
        "metadata": { "name": name, "labels": { "kubernetes.io/metadata.name": name } },
        "spec": { "finalizers": ["kubernetes"] },
        "status": { "phase": "Active" },
    })
}

/// Namespaces: listed, read and created; the store cannot delete one.
fn namespaces(world: &mut World, req: &Request, res: &Resource) -> Response {
    let rv = world.store.resource_version().to_string();
    match (req.method, res.name.as_deref()) {
        ("GET", None) => {
            let items: Vec<Value> = world.store.namespaces().map(namespace_json).collect();
            Response::ok(json!({
                "kind": "NamespaceList", "apiVersion": "v1",
                "metadata": { "resourceVersion": rv }, "items": items,
            }))
        }
        ("GET", Some(name)) if world.store.has_namespace(name) => {
            Response::ok(namespace_json(name))
        }
        ("GET", Some(name)) => {
            Status::from(crate::store::ApiError::NamespaceNotFound { name: name.into() }).into()
        }
        ("POST", None) => {
            let body = match write::body(req) {
                Ok(v) => v,
                Err(status) => return status.into(),
            };
            let name = body.pointer("/metadata/name").and_then(Value::as_str).unwrap_or_default();
            let dry_run = super::query::Query::parse(&req.query).is_ok_and(|q| q.dry_run);
            let created = if dry_run {
                world.store.create_namespace_dry_run(name)
            } else {
                world.store.create_namespace(name)
            };
            match created {
                Ok(()) => Response::json(201, namespace_json(name)),
                Err(e) => Status::from(e).into(),
            }
        }
        _ => Status::method_not_allowed().into(),
    }
}
