//! kubeloop's own resources, `kubeloop.dev/v1`: what the sandbox's commands do to the
//! cluster, as REST resources a client (the command box, or anyone speaking HTTP to
//! `kubeloop serve`) sends requests to. A real cluster has none of these: its machines fail,
//! its controllers stop and its users push traffic without asking an API.
//!
//! - `hosts` (cluster-scoped): the machines behind the Node objects. POST adds one, DELETE
//!   removes it with its Node, PATCH `{"spec":{"up":false}}` fails it (its kubelet stops
//!   reporting) and `true` recovers it.
//! - `settings/cluster`: the loops' timings a user may see or change
//!   (`nodeMonitorGracePeriodSeconds`, read-only; `tolerationSeconds`).
//! - `controllers` (cluster-scoped): each loop, by its short name, and whether it runs;
//!   PATCH `spec.state` (`Running`, `Paused`, `Stopped`). A loop's aliases (`rs`,
//!   `endpointslice-controller`) name it too, and are answered under its name.
//! - `eventdrops` (create only, as a SubjectAccessReview is): POST `{"count":N}` loses the
//!   next N watch events before any informer sees them.
//! - `loads` (namespaced, named `KIND.NAME`): extra CPU each pod of a workload uses; PUT sets
//!   it, `0` removes it.
//! - `servicetraffics` (namespaced, named as their Service): the rate a Service's users send
//!   and what they saw; PATCH `spec.rate`.
//!
//! Requests are answered as the API server answers its own kinds (apiserver
//! pkg/endpoints/handlers): a 2xx with the object or list, otherwise a `metav1.Status` whose
//! message is what the command box prints. Not served: watches, selectors, dry run.

mod controllers;
mod hosts;
pub mod resources;
mod workloads;

pub use controllers::state_name;
pub use hosts::{MAX_PODS_LIMIT, MAX_TOLERATION_SECONDS, SETTINGS_NAME};
pub use workloads::{load_name, LOADABLE, MAX_LOAD_MILLI, MAX_RATE};

use serde_json::{json, Value};

use crate::world::World;

use super::{Reply, Request, Response, Status};

pub use resources::{resource, Resource, Target, API_VERSION, RESOURCES};

#[cfg(kubeloop_split)]
type Serve = fn(&mut World, &Request, &Target) -> Reply;

/// The group's handlers ship with the engine's course part (`crate::parts`): only the
/// sandbox's commands send it requests, and a line running one fetches the part first.
#[cfg(kubeloop_split)]
static LINKED: std::sync::OnceLock<Serve> = std::sync::OnceLock::new();

/// Answers one request to the group (before the course part has arrived, in the page's split
/// build, a 503 that says so).
pub fn serve(world: &mut World, req: &Request, target: &Target) -> Reply {
    #[cfg(kubeloop_split)]
    return match LINKED.get() {
        Some(serve) => serve(world, req, target),
        None => Reply::Done(Response::from(Status::new(
            503,
            "ServiceUnavailable",
            format!(
                "kubeloop: {} is part of {}, which has not been fetched yet",
                target.resource.plural,
                crate::parts::Part::Course.describe()
            ),
        ))),
    };
    #[cfg(not(kubeloop_split))]
    answer(world, req, target)
}

/// Makes the handlers reachable: called from the code that ships with them.
pub(crate) fn link() {
    #[cfg(kubeloop_split)]
    let _ = LINKED.set(answer as Serve);
}

fn answer(world: &mut World, req: &Request, target: &Target) -> Reply {
    let answer = match target.resource.plural {
        "hosts" => hosts::hosts(world, req, target),
        "settings" => hosts::settings(world, req, target),
        "controllers" => controllers::controllers(world, req, target),
        "eventdrops" => controllers::event_drops(world, req, target),
        "loads" => workloads::loads(world, req, target),
        "servicetraffics" => workloads::traffic(world, req, target),
        _ => Err(Status::no_route()),
    };
    Reply::Done(answer.unwrap_or_else(Response::from))
}

/// An object of the group: its kind, metadata and the rest.
fn object(resource: &Resource, name: &str, namespace: Option<&str>, rest: Value) -> Value {
    let mut metadata = json!({});
    if !name.is_empty() {
        metadata["name"] = name.into();
    }
    if let Some(ns) = namespace {
        metadata["namespace"] = ns.into();
    }
    let mut v = json!({ "apiVersion": API_VERSION, "kind": resource.kind, "metadata": metadata });
    if let (Some(obj), Value::Object(fields)) = (v.as_object_mut(), rest) {
        obj.extend(fields);
    }
    v
}

/// A list of the group's objects.
fn list(resource: &Resource, items: Vec<Value>) -> Response {
    Response::ok(json!({
        "apiVersion": API_VERSION,
        "kind": format!("{}List", resource.kind),
        "metadata": {},
        "items": items,
    }))
}

/// `NewNotFound` for one of the group's resources (`controllers.kubeloop.dev "x" not found`).
fn not_found(resource: &Resource, name: &str) -> Status {
    Status {
        code: 404,
        reason: "NotFound",
        message: format!("{}.kubeloop.dev \"{name}\" not found", resource.plural),
        details: Some(json!({ "name": name, "group": "kubeloop.dev", "kind": resource.plural })),
    }
}

/// A body's field as the handlers read a merge patch or an object: `spec.<field>`.
fn spec_field<'a>(body: &'a Value, field: &str) -> Option<&'a Value> {
    body.get("spec").and_then(|s| s.get(field))
}

/// `NewBadRequest` naming the field a body got wrong.
fn bad_field(field: &str, want: &str) -> Status {
    Status::bad_request(format!("{field} must be {want}"))
}

/// A PATCH's document: a merge patch (or a strategic one, the same for these flat
/// objects); a JSON patch is refused as handlers/patch.go refuses an unknown type.
fn patch_document(req: &Request) -> Result<Value, Status> {
    let ct = req.content_type.split(';').next().unwrap_or_default().trim();
    match ct {
        "application/merge-patch+json" | "application/strategic-merge-patch+json" => {
            super::write::patch_body(req)
        }
        other => Err(Status::unsupported_media_type(other)),
    }
}

/// A method the resource does not serve.
fn method_not_allowed() -> Result<Response, Status> {
    Err(Status::method_not_allowed())
}

#[cfg(test)]
mod tests;
