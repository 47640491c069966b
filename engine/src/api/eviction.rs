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
//! body must be the URL's, the delete options' grace period is honoured, a pod already being
//! deleted is deleted again (a no-op), and a missing pod is NotFound.

use serde_json::{json, Value};

use crate::model::Pod;
use crate::store::DeleteOptions;
use crate::world::World;

use super::path::Resource;
use super::{write, Request, Response, Status};

pub(super) fn evict(
    world: &mut World,
    req: &Request,
    res: &Resource,
    name: &str,
) -> Result<Response, Status> {
    let body = write::body(req)?;
    let sent = body.pointer("/metadata/name").and_then(Value::as_str).unwrap_or(name);
    if sent != name {
        return Err(Status::bad_request("name in URL does not match name in Eviction object"));
    }
    let grace = body.pointer("/deleteOptions/gracePeriodSeconds").and_then(Value::as_i64);
    let ns = res.namespace.clone().unwrap_or_default();
    let opts = DeleteOptions { grace_period_seconds: grace, ..Default::default() };
    world.delete::<Pod>(&ns, name, &opts)?;
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
    fn a_wrong_name_and_a_missing_pod_are_refused_as_the_api_server_does() {
        let mut w = cluster();
        let answer = w.send(&eviction("solo", json!({"metadata": {"name": "other"}})));
        assert_eq!(answer.code, 400);
        assert_eq!(answer.body["message"], "name in URL does not match name in Eviction object");
        let answer = w.send(&eviction("ghost", json!({"metadata": {"name": "ghost"}})));
        assert_eq!((answer.code, answer.body["reason"].clone()), (404, json!("NotFound")));
    }
}
