//! The verbs on a resource path (apiserver/pkg/endpoints/installer.go's routes): GET one or a
//! list (or a watch), POST, PUT, PATCH, DELETE one or a collection, and the subresources.

use crate::model::Kind;
use crate::world::World;

use super::path::Resource;
use super::{delete, read, subresources, write, Query, Reply, Request, Response, Status};
use crate::store::ApiError;

pub(super) fn serve(world: &mut World, req: &Request, q: &Query, res: &Resource) -> Reply {
    let kind = res.kind;
    if kind.namespaced() {
        if let Some(ns) = &res.namespace {
            if !world.store.has_namespace(ns) && req.method != "GET" {
                let name = ns.clone();
                return Status::from(ApiError::NotFound { kind: Kind::Namespace, name }).into();
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
        // Namespaces have no DeleteCollection (pkg/registry/core/namespace/storage).
        ("DELETE", None, None) if kind == Kind::Namespace => Status::method_not_allowed().into(),
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
        ("POST", Some(name), Some("token")) if kind == Kind::ServiceAccount => {
            let ns = res.namespace.clone().unwrap_or_default();
            done(super::token::serve(world, req, q, &ns, name))
        }
        ("PUT", Some(name), Some("finalize")) if kind == Kind::Namespace => {
            done(finalize(world, req, name))
        }
        (
            _,
            _,
            Some("status" | "scale" | "binding" | "eviction" | "log" | "finalize" | "token"),
        )
        | (_, _, None) => Status::method_not_allowed().into(),
        _ => Status::no_route().into(),
    }
}

/// `PUT namespaces/NAME/finalize`: the body's `spec.finalizers` replace the stored ones
/// (pkg/registry/core/namespace/strategy.go `finalizeStrategy`), and a terminating
/// namespace left with none goes.
fn finalize(world: &mut World, req: &Request, name: &str) -> Result<Response, Status> {
    let body = write::body(req)?;
    let refused = || {
        Status::bad_request(
            "Namespace in version \"v1\" cannot be handled as a Namespace: spec.finalizers: expected a list of strings",
        )
    };
    let finalizers = match body.pointer("/spec/finalizers") {
        None | Some(serde_json::Value::Null) => Vec::new(),
        Some(serde_json::Value::Array(items)) => items
            .iter()
            .map(|f| f.as_str().map(str::to_string).ok_or_else(refused))
            .collect::<Result<Vec<_>, _>>()?,
        Some(_) => return Err(refused()),
    };
    let now = world.now();
    let ns = world.store.finalize_namespace(name, finalizers, now).map_err(Status::from)?;
    let obj = crate::model::Object::Namespace(ns);
    Ok(Response::ok(crate::kinds::ops(Kind::Namespace).to_value(&obj)))
}
