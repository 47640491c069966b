//! The in-process transport: the page's and the CLI's kubectl talk to the built-in cluster
//! through the same handlers `kubeloop serve` answers with (`handle`), handing the body over
//! as JSON rather than bytes, so nothing is encoded or parsed on the way.

use super::client::{Answer, Api, Call};
use super::{handle, Reply, Request, Status};
use crate::world::World;

impl Api for World {
    fn send(&mut self, call: &Call) -> Answer {
        let path = call.path();
        let req = Request {
            method: call.method(),
            path: &path,
            query: call.query.clone(),
            accept: call.accept(),
            content_type: call.content_type(),
            body: &[],
            json: call.body.as_ref(),
        };
        let response = match handle(self, &req) {
            Reply::Done(response) => response,
            // No call a client builds asks for a watch stream (`?watch=true`).
            Reply::Watch(_) => Status::bad_request("watch is not served in process").into(),
        };
        Answer { code: response.code, body: response.body, warnings: response.warnings }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::api::client::{self, Refusal};
    use crate::api::patch::PatchType;
    use crate::model::Kind;

    fn world() -> World {
        World::new(1)
    }

    #[test]
    fn a_patch_in_process_writes_and_answers_the_object() {
        let mut w = world();
        let call = Call::patch(
            Kind::Node,
            "",
            "node-1",
            PatchType::Strategic,
            json!({"spec": {"unschedulable": true}}),
        );
        assert_eq!(call.path(), "/api/v1/nodes/node-1");
        let Ok(crate::model::Object::Node(n)) = client::object(&mut w, &call) else {
            panic!("not a node")
        };
        assert!(n.spec.unschedulable);
        let Ok(crate::model::Object::Node(n)) = client::get(&mut w, Kind::Node, "", "node-1")
        else {
            panic!("not a node")
        };
        assert!(n.spec.unschedulable, "the write is stored");
    }

    #[test]
    fn a_refusal_reads_as_kubectl_prints_it() {
        let mut w = world();
        let err = client::get(&mut w, Kind::Deployment, "default", "web").unwrap_err();
        assert_eq!(
            err.to_string(),
            "Error from server (NotFound): deployments.apps \"web\" not found"
        );
        assert!(err.is_not_found());
        let bare = Refusal::of(&Answer { code: 500, body: json!({}), warnings: vec![] });
        assert_eq!(
            bare.to_string(),
            "Error from server: the server responded with the status code 500 but did not return more information"
        );
    }
}
