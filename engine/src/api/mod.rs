//! The Kubernetes REST API over the world: what `kubeloop serve` answers, as pure functions
//! from a request to a response, so the HTTP server only carries bytes, keeps time and streams
//! watches.
//!
//! Modelled on the API server's request handling: apiserver/pkg/endpoints/handlers
//! (get.go, create.go, update.go, patch.go, delete.go, watch.go, rest.go), request info from
//! apiserver/pkg/endpoints/request/requestinfo.go, and the registries' REST storage
//! (apiserver/pkg/registry/generic/registry/store.go).

mod answer;
pub(crate) mod apply;
pub mod client;
pub mod conversion;
pub mod decisions;
pub mod decode;
mod delete;
pub mod discovery;
pub(crate) mod eviction;
pub mod fields;
pub mod local;
pub mod log;
pub mod metrics;
mod objects;
pub mod patch;
mod path;
pub mod printers;
pub mod query;
mod read;
pub mod replay;
pub mod sandbox;
pub mod status;
pub mod subresources;
pub mod table;
pub(crate) mod token;
pub mod watch;
pub(crate) mod write;

use serde_json::Value;

use crate::world::World;

pub use path::{Resource, Route};

/// Whether `path` names something the API serves (a kind, a subresource, a namespace), as
/// the API server's mux decides before any handler reads the body.
pub fn serves(path: &str) -> bool {
    path::route(path).is_ok()
}
pub use query::Query;
pub use status::Status;
pub use watch::WatchSpec;

/// One HTTP request as the engine needs it: the query already split and percent-decoded by
/// the HTTP layer.
#[derive(Clone, Debug, Default)]
pub struct Request<'a> {
    pub method: &'a str,
    pub path: &'a str,
    pub query: Vec<(String, String)>,
    /// The `Accept` header, empty when absent.
    pub accept: &'a str,
    /// The `Content-Type` header, empty when absent.
    pub content_type: &'a str,
    pub body: &'a [u8],
    /// The body already as JSON, from an in-process client: read instead of `body`.
    pub json: Option<&'a Value>,
    /// The `User-Agent` header, empty when absent: a write without `fieldManager` is
    /// recorded under its first word (`kubectl/v1.34.1 ...` writes as `kubectl`).
    pub user_agent: &'a str,
}

/// A finished answer: status code, JSON body, and `Warning` headers (unknown fields under
/// `fieldValidation=Warn`).
#[derive(Clone, Debug, PartialEq)]
pub struct Response {
    pub code: u16,
    pub body: Value,
    pub warnings: Vec<String>,
    /// `text/plain` for a pod's log, otherwise JSON.
    pub text: Option<String>,
}

impl Response {
    pub fn json(code: u16, body: Value) -> Response {
        Response { code, body, warnings: Vec::new(), text: None }
    }

    pub fn ok(body: Value) -> Response {
        Response::json(200, body)
    }
}

/// What the server does next: answer, or start streaming a watch.
#[derive(Debug)]
pub enum Reply {
    Done(Response),
    Watch(WatchSpec),
}

impl From<Status> for Reply {
    fn from(s: Status) -> Reply {
        Reply::Done(s.into())
    }
}

/// Answers one request against the world. Never panics on what the client sent: anything it
/// cannot serve is a `Status`.
pub fn handle(world: &mut World, req: &Request) -> Reply {
    let route = match path::route(req.path) {
        Ok(route) => route,
        Err(status) => return status.into(),
    };
    let query = match Query::parse(&req.query) {
        Ok(q) => q,
        Err(status) => return status.into(),
    };
    // buildmanagerinfo.go: the `fieldManager` the request names, else its User-Agent's first
    // word; what the write stores records it in `metadata.managedFields`.
    let named = req.query.iter().find(|(k, _)| k == "fieldManager").map(|(_, v)| v.as_str());
    let agent = req.user_agent.split('/').next().unwrap_or_default();
    let manager = named.unwrap_or(agent);
    world.store.writer = (req.method != "GET" && !manager.is_empty()).then(|| manager.into());
    let reply = route_to(world, req, &query, route);
    world.store.writer = None;
    reply
}

fn route_to(world: &mut World, req: &Request, query: &Query, route: Route) -> Reply {
    match route {
        Route::Resource(res) => objects::serve(world, req, query, &res),
        Route::Decisions => decision_list(world, req, query),
        Route::Sandbox(target) => sandbox::serve(world, req, &target),
        Route::Metrics(target) => metrics::serve(world, req, query, &target),
    }
}

fn decision_list(world: &World, req: &Request, query: &Query) -> Reply {
    if req.method != "GET" {
        return Status::method_not_allowed().into();
    }
    if query.watch {
        return Reply::Watch(WatchSpec::decisions(query, world.decisions.total()));
    }
    let start = world.decisions.total() - world.decisions.len() as u64;
    let items: Vec<Value> = world
        .decisions
        .iter()
        .enumerate()
        .map(|(i, d)| decisions::to_json(d, start + i as u64 + 1))
        .collect();
    Reply::Done(Response::ok(serde_json::json!({
        "apiVersion": decisions::API_VERSION,
        "kind": "DecisionList",
        "metadata": { "resourceVersion": world.decisions.total().to_string() },
        "items": items,
    })))
}

#[cfg(test)]
mod tests;

#[cfg(test)]
#[path = "loop_fields_tests.rs"]
mod loop_fields_tests;
