//! DELETE of one object and of a collection, with DeleteOptions from the body or the query
//! (apiserver handlers/delete.go `DeleteResource`, `DeleteCollection`; registry store.go
//! `Delete` with its preconditions; apimachinery validation `ValidateDeleteOptions`).

use serde_json::{json, Value};

use crate::model::Kind;
use crate::store::Key;
use crate::store::{ApiError, DeleteOptions, DeleteOutcome, Propagation};
use crate::world::World;

use super::path::Resource;
use super::write::{answer, body};
use super::{read, status, Query, Request, Response, Status};

/// DeleteOptions from the body (if any) and the query.
fn delete_options(
    req: &Request,
    q: &Query,
) -> Result<(DeleteOptions, Option<String>, bool), Status> {
    if !req.body.is_empty() || req.json.is_some() {
        options_of(Some(&body(req)?), q)
    } else {
        options_of(None, q)
    }
}

/// DeleteOptions from a `metav1.DeleteOptions` object (a DELETE's body, an Eviction's
/// `deleteOptions`) over those of the query: the options, the resourceVersion precondition
/// and whether it is a dry run.
pub(super) fn options_of(
    sent: Option<&Value>,
    q: &Query,
) -> Result<(DeleteOptions, Option<String>, bool), Status> {
    let mut propagation = q.propagation_policy.clone();
    let mut grace = q.grace_period_seconds;
    let mut uid = None;
    let mut rv = None;
    let mut dry = q.dry_run;
    let mut orphan = q.orphan_dependents;
    if let Some(v) = sent {
        let text = |p: &str| v.pointer(p).and_then(Value::as_str).map(str::to_string);
        propagation = text("/propagationPolicy").or(propagation);
        grace = v.get("gracePeriodSeconds").and_then(Value::as_i64).or(grace);
        uid = text("/preconditions/uid");
        rv = text("/preconditions/resourceVersion");
        orphan = v.get("orphanDependents").and_then(Value::as_bool).or(orphan);
        dry |=
            v.get("dryRun").and_then(Value::as_array).is_some_and(|a| a.iter().any(|x| x == "All"));
    }
    let propagation = match (propagation.as_deref(), orphan) {
        (Some(_), Some(_)) => {
            return Err(ApiError::Invalid {
                kind: Kind::Pod,
                name: String::new(),
                errors: vec![crate::labels::validation::FieldError::invalid(
                    "propagationPolicy",
                    "",
                    "orphanDependents and deletionPropagation cannot be both set",
                )],
            }
            .into())
        }
        (Some("Background"), _) => Some(Propagation::Background),
        (Some("Foreground"), _) => Some(Propagation::Foreground),
        (Some("Orphan"), _) | (None, Some(true)) => Some(Propagation::Orphan),
        (None, Some(false)) => Some(Propagation::Background),
        (None, None) => None,
        (Some(other), _) => {
            return Err(Status::bad_request(format!(
                "propagationPolicy: Unsupported value: \"{other}\": supported values: \"Foreground\", \"Background\", \"Orphan\""
            )))
        }
    };
    if grace.is_some_and(|g| g < 0) {
        return Err(Status::bad_request(
            "gracePeriodSeconds: Invalid value: must be greater than or equal to 0",
        ));
    }
    let opts = DeleteOptions { propagation, grace_period_seconds: grace, precondition_uid: uid };
    Ok((opts, rv, dry))
}

pub(super) fn delete(
    world: &mut World,
    req: &Request,
    q: &Query,
    kind: Kind,
    res: &Resource,
    name: &str,
) -> Result<Response, Status> {
    let (opts, rv, dry) = delete_options(req, q)?;
    let ns = res.namespace.clone().unwrap_or_default();
    let mut answer = delete_one(world, kind, res, &ns, name, &opts, rv.as_deref(), dry)?;
    // handlers/delete.go: an object still there is 202 Accepted only when the request set
    // `orphanDependents: false`; a graceful, finalizing or terminating delete is 200.
    let sent = if req.body.is_empty() && req.json.is_none() { None } else { body(req).ok() };
    let orphan = sent
        .as_ref()
        .and_then(|v| v.get("orphanDependents"))
        .and_then(Value::as_bool)
        .or(q.orphan_dependents);
    if answer.code == 202 && orphan != Some(false) {
        answer.code = 200;
    }
    Ok(answer)
}

#[allow(clippy::too_many_arguments)]
pub(super) fn delete_one(
    world: &mut World,
    kind: Kind,
    res: &Resource,
    ns: &str,
    name: &str,
    opts: &DeleteOptions,
    rv: Option<&str>,
    dry: bool,
) -> Result<Response, Status> {
    let current = read::one(world, kind, ns, name).ok_or_else(|| Status::not_found(kind, name))?;
    if let Some(rv) = rv.filter(|rv| *rv != current.meta().resource_version) {
        let message = format!(
            "Precondition failed: ResourceVersion in precondition: {rv}, ResourceVersion in object meta: {}",
            current.meta().resource_version
        );
        return Err(ApiError::Conflict { kind, name: name.into(), message }.into());
    }
    if dry {
        crate::kinds::ops(kind).delete_dry_run(&world.store, &Key::new(ns, name))?;
        return Ok(answer(200, current, res, Vec::new()));
    }
    let now = world.now();
    let outcome =
        crate::kinds::ops(kind).delete(&mut world.store, &Key::new(ns, name), opts, now)?;
    Ok(match (outcome, read::one(world, kind, ns, name)) {
        // Still there: being deleted gracefully or waiting on finalizers (202 Accepted, which
        // `delete` makes 200 unless the request asked otherwise).
        (DeleteOutcome::Deleting, Some(obj)) => answer(202, obj, res, Vec::new()),
        // Their storage sets `ReturnDeletedObject` (pkg/registry/core/pod/storage,
        // service/storage, serviceaccount/storage): the answer is the object as it was.
        _ if matches!(kind, Kind::Pod | Kind::Service | Kind::ServiceAccount) => {
            answer(200, current, res, Vec::new())
        }
        _ => Response::ok(status::success(kind, name, &current.meta().uid)),
    })
}

pub(super) fn delete_collection(
    world: &mut World,
    req: &Request,
    q: &Query,
    kind: Kind,
    res: &Resource,
) -> Result<Response, Status> {
    let (opts, _, dry) = delete_options(req, q)?;
    let list = read::list(world, &Request::default(), q, kind, res)?;
    let mut deleted = Vec::new();
    for item in list.body["items"].as_array().cloned().unwrap_or_default() {
        let name = item.pointer("/metadata/name").and_then(Value::as_str).unwrap_or_default();
        let ns = item.pointer("/metadata/namespace").and_then(Value::as_str).unwrap_or_default();
        match delete_one(world, kind, res, ns, name, &opts, None, dry) {
            Ok(_) => deleted.push(item),
            // Gone meanwhile (a cascade took it): nothing to do.
            Err(s) if s.code == 404 => {}
            Err(s) => return Err(s),
        }
    }
    Ok(Response::ok(json!({
        "kind": format!("{}List", kind.as_str()),
        "apiVersion": res.api_version,
        "metadata": { "resourceVersion": world.store.resource_version().to_string() },
        "items": deleted,
    })))
}
