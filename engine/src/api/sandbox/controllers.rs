//! `controllers` and `eventdrops`: the loops a user may pause, stop and start, and the watch
//! events a user may have lost. A stopped loop forgets its queue and lists everything again
//! when started, as a restarted kube-controller-manager does; a paused one keeps its queue.
//! Lost events model a watch that broke between two lists (client-go tools/cache
//! reflector.go), after which only a resync brings the loops level again.

use serde_json::{json, Value};

use crate::controllers::ControllerName;
use crate::world::{RunState, World};

use super::Target;
use super::{bad_field, list, method_not_allowed, not_found, object, patch_document, spec_field};
use crate::api::{Request, Response, Status};

/// A loop's state as the API spells it.
pub fn state_name(state: RunState) -> &'static str {
    match state {
        RunState::Running => "Running",
        RunState::Paused => "Paused",
        RunState::Stopped => "Stopped",
    }
}

fn state_of(name: &str) -> Option<RunState> {
    match name {
        "Running" => Some(RunState::Running),
        "Paused" => Some(RunState::Paused),
        "Stopped" => Some(RunState::Stopped),
        _ => None,
    }
}

fn controller_json(t: &Target, w: &World, c: ControllerName) -> Value {
    let state = state_name(w.controller_state(c));
    object(t.resource, c.short(), None, json!({ "spec": { "state": state } }))
}

pub(super) fn controllers(w: &mut World, req: &Request, t: &Target) -> Result<Response, Status> {
    let named =
        |name: &str| ControllerName::from_short(name).ok_or_else(|| not_found(t.resource, name));
    match (req.method, t.name.as_deref()) {
        // In the order the loops run in a tick.
        ("GET", None) => {
            let items = ControllerName::ALL.iter().map(|c| controller_json(t, w, *c)).collect();
            Ok(list(t.resource, items))
        }
        ("GET", Some(name)) => Ok(Response::ok(controller_json(t, w, named(name)?))),
        ("PATCH", Some(name)) => {
            let c = named(name)?;
            let patch = patch_document(req)?;
            let state = spec_field(&patch, "state")
                .and_then(Value::as_str)
                .and_then(state_of)
                .ok_or_else(|| bad_field("spec.state", "Running, Paused or Stopped"))?;
            w.set_controller(c, state);
            Ok(Response::ok(controller_json(t, w, c)))
        }
        _ => method_not_allowed(),
    }
}

pub(super) fn event_drops(w: &mut World, req: &Request, t: &Target) -> Result<Response, Status> {
    if (req.method, t.name.as_deref()) != ("POST", None) {
        return method_not_allowed();
    }
    let body = crate::api::write::body(req)?;
    let count = body
        .get("count")
        .and_then(Value::as_u64)
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| bad_field("count", "a number of events from 0 to 4294967295"))?;
    w.drop_events(count);
    let rest = json!({ "count": count, "status": { "pending": w.pending_drops() } });
    Ok(Response::json(201, object(t.resource, "", None, rest)))
}
