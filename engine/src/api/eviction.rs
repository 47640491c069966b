//! `POST pods/NAME/eviction`: the Eviction subresource that `kubectl drain` uses. The pod is
//! deleted with the Eviction's delete options, and the answer is a `Success` Status with 201.
//! There are no PodDisruptionBudgets yet, so no eviction is refused for one.
//!
//! Discovery lists it as `pods/eviction` with the policy/v1 `Eviction` kind, and the
//! OpenAPI documents `kubeloop serve` publishes carry its path and schema, so a real
//! kubectl's drain finds it as on a real cluster (drain.go `CheckEvictionSupport` reads that
//! entry's group and version) and POSTs evictions rather than deleting the pods.
//!
//! Models pkg/registry/core/pod/storage/eviction.go (`EvictionREST.Create`): the name in the
//! body must be the URL's, the Eviction's delete options are honoured (grace period,
//! preconditions, dry run, the request's `dryRun` joined in as `propagateDryRun` does), a
//! pod already being deleted is deleted again (a no-op), and a missing pod is NotFound.

use serde_json::{json, Value};

use crate::model::Kind;
use crate::world::World;

use super::path::Resource;
use super::{delete, write, Query, Request, Response, Status};

pub(super) fn evict(
    world: &mut World,
    req: &Request,
    q: &Query,
    res: &Resource,
    name: &str,
) -> Result<Response, Status> {
    let body = write::body(req)?;
    let sent = body.pointer("/metadata/name").and_then(Value::as_str).unwrap_or(name);
    if sent != name {
        return Err(Status::bad_request("name in URL does not match name in Eviction object"));
    }
    // propagateDryRun: the request's `dryRun` (a CreateOptions field; its other parameters
    // are no delete options) joins the Eviction's own, so `kubectl drain --dry-run=server`
    // deletes nothing.
    let create = Query { dry_run: q.dry_run, ..Query::default() };
    let options = body.get("deleteOptions").filter(|v| v.is_object());
    let (opts, rv, dry) = delete::options_of(options, &create)?;
    let ns = res.namespace.clone().unwrap_or_default();
    delete::delete_one(world, Kind::Pod, res, &ns, name, &opts, rv.as_deref(), dry)?;
    Ok(Response::json(
        201,
        json!({ "kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Success", "code": 201 }),
    ))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::api::client::{Api, Call, Verb};
    use crate::model::{Kind, Pod};
    use crate::world::World;

    /// A cluster with one bare pod, `solo`, created through the API.
    fn cluster() -> World {
        let mut w = World::new(1);
        let mut call = Call::list(Kind::Pod, "default");
        call.verb = Verb::Create;
        call.body = Some(json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "solo"},
            "spec": {"containers": [{"name": "c", "image": "nginx"}]}}));
        assert_eq!(w.send(&call).code, 201);
        w
    }

    fn eviction(name: &str, body: serde_json::Value) -> Call {
        let mut call = Call::get(Kind::Pod, "default", name).sub("eviction");
        call.verb = Verb::Create;
        call.body = Some(body);
        call
    }

    #[test]
    fn an_eviction_deletes_the_pod_and_answers_success() {
        let mut w = cluster();
        let body = json!({"apiVersion": "policy/v1", "kind": "Eviction",
            "metadata": {"name": "solo", "namespace": "default"},
            "deleteOptions": {"gracePeriodSeconds": 0}});
        let answer = w.send(&eviction("solo", body));
        assert_eq!((answer.code, answer.body["status"].clone()), (201, json!("Success")));
        assert!(w.store.get::<Pod>("default", "solo").is_none(), "gone at once with grace 0");
    }

    #[test]
    fn a_dry_run_eviction_answers_success_and_keeps_the_pod() {
        // `drain --dry-run=server` sets the Eviction's deleteOptions.dryRun; a request's
        // `?dryRun=All` counts the same (propagateDryRun).
        let mut w = cluster();
        let body = json!({"apiVersion": "policy/v1", "kind": "Eviction",
            "metadata": {"name": "solo", "namespace": "default"},
            "deleteOptions": {"dryRun": ["All"], "gracePeriodSeconds": 0}});
        assert_eq!(w.send(&eviction("solo", body)).code, 201);
        let body = json!({"apiVersion": "policy/v1", "kind": "Eviction",
            "metadata": {"name": "solo", "namespace": "default"}});
        assert_eq!(w.send(&eviction("solo", body).dry_run(true)).code, 201);
        assert!(w.store.get::<Pod>("default", "solo").is_some_and(|p| !p.metadata.is_deleting()));
    }

    #[test]
    fn a_stale_resource_version_precondition_is_a_conflict() {
        let mut w = cluster();
        let body = json!({"apiVersion": "policy/v1", "kind": "Eviction",
            "metadata": {"name": "solo", "namespace": "default"},
            "deleteOptions": {"preconditions": {"resourceVersion": "1"}}});
        let answer = w.send(&eviction("solo", body));
        assert_eq!((answer.code, answer.body["reason"].clone()), (409, json!("Conflict")));
        assert!(w.store.get::<Pod>("default", "solo").is_some());
    }

    #[test]
    fn a_wrong_name_and_a_missing_pod_are_refused_as_the_api_server_does() {
        let mut w = cluster();
        let answer = w.send(&eviction("solo", json!({"metadata": {"name": "other"}})));
        assert_eq!(answer.code, 400);
        assert_eq!(answer.body["message"], "name in URL does not match name in Eviction object");
        let answer = w.send(&eviction("ghost", json!({"metadata": {"name": "ghost"}})));
        assert_eq!((answer.code, answer.body["reason"].clone()), (404, json!("NotFound")));
    }
}
