//! The in-process transport: the page's and the CLI's kubectl talk to the built-in cluster
//! through the same handlers `kubeloop serve` answers with (`handle`), handing the body over
//! as JSON rather than bytes, so nothing is encoded or parsed on the way.
//!
//! A watch (`?watch=true`) does not block here: the answer is the `WatchEvent`s the stream
//! would carry since the asked resourceVersion, as one JSON array, read through the same
//! `WatchSpec` that `kubeloop serve`'s feed polls after every tick, and a BOOKMARK at the
//! newest version when the client allows them. The caller asks again from the last version
//! it saw, which is how a reflector resumes a watch that ended.

use super::client::{Answer, Api, Call};
use serde_json::Value;

use super::{handle, Reply, Request, Response};
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
            user_agent: super::client::USER_AGENT,
        };
        let response = match handle(self, &req) {
            Reply::Done(response) => response,
            Reply::Watch(mut spec) => {
                let mut events = spec.poll(self);
                match events.as_slice() {
                    // A version the window no longer covers: the stream would carry one
                    // ERROR event with the 410 Expired Status and end; in process the
                    // Status is the answer, with its code.
                    [only] if spec.finished() && only["type"] == "ERROR" => {
                        let status = only["object"].clone();
                        let code = status["code"].as_u64().and_then(|c| u16::try_from(c).ok());
                        Response::json(code.unwrap_or(500), status)
                    }
                    _ => {
                        events.extend(spec.bookmark(self));
                        Response::ok(Value::Array(events))
                    }
                }
            }
        };
        // A pod's log is text (`text/plain`), handed over as a JSON string.
        let body = match response.text {
            Some(text) => Value::String(text),
            None => response.body,
        };
        Answer { code: response.code, body, warnings: response.warnings }
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

    /// The newest resourceVersion of the world.
    fn newest(w: &World) -> String {
        w.store.resource_version().to_string()
    }

    #[test]
    fn a_watch_answers_the_events_since_its_version_then_a_bookmark() {
        let mut w = world();
        let from = newest(&w);
        let cordon = |w: &mut World, node: &str| {
            let body = json!({"spec": {"unschedulable": true}});
            let call = Call::patch(Kind::Node, "", node, PatchType::Strategic, body);
            client::object(w, &call).expect("patched");
        };
        cordon(&mut w, "node-1");
        let after_first = newest(&w);
        cordon(&mut w, "node-2");
        let call = Call::watch(Kind::Node, "", &from);
        assert_eq!(call.method(), "GET");
        assert_eq!(call.path(), "/api/v1/nodes");
        let events = client::watch(&mut w, &call).expect("a watch");
        let seen: Vec<(&str, Option<&str>)> = events
            .iter()
            .map(|e| (e.ty.as_str(), e.object.pointer("/metadata/name").and_then(Value::as_str)))
            .collect();
        assert_eq!(
            seen,
            [("MODIFIED", Some("node-1")), ("MODIFIED", Some("node-2")), ("BOOKMARK", None)]
        );
        assert_eq!(events[2].resource_version(), Some(newest(&w).as_str()));
        // From a later version, only what came after it.
        let events = client::watch(&mut w, &Call::watch(Kind::Node, "", &after_first)).unwrap();
        assert_eq!(events.len(), 2);
        assert_eq!(events[0].object["metadata"]["name"], "node-2");
        let Some(crate::model::Object::Node(n)) = client::event_object(Kind::Node, &events[0])
        else {
            panic!("not a node")
        };
        assert!(n.spec.unschedulable);
    }

    #[test]
    fn a_watch_from_before_a_deletion_still_hears_of_it() {
        let mut w = world();
        let from = newest(&w);
        let mut delete = Call::get(Kind::Node, "", "node-3");
        delete.verb = crate::api::client::Verb::Delete;
        assert_eq!(w.send(&delete).code, 200);
        let events = client::watch(&mut w, &Call::watch(Kind::Node, "", &from)).unwrap();
        let kinds: Vec<&str> = events.iter().map(|e| e.ty.as_str()).collect();
        assert_eq!(kinds.first(), Some(&"DELETED"), "{kinds:?}");
        assert_eq!(events[0].object["metadata"]["name"], "node-3");
    }

    #[test]
    fn a_watch_from_a_version_the_window_no_longer_holds_is_410_gone() {
        let mut w = world();
        w.store.watch.set_capacity(2);
        let from = newest(&w);
        for node in ["node-1", "node-2", "node-3"] {
            let body = json!({"metadata": {"labels": {"seen": "yes"}}});
            let call = Call::patch(Kind::Node, "", node, PatchType::Strategic, body);
            client::object(&mut w, &call).expect("patched");
        }
        let call = Call::watch(Kind::Node, "", &from);
        let answer = w.send(&call);
        assert_eq!(answer.code, 410);
        assert_eq!(answer.body["reason"], "Expired");
        let err = client::watch(&mut w, &call).unwrap_err();
        assert_eq!(err.code, 410);
        assert!(err.message.starts_with("too old resource version: "), "{err}");
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

    /// A collection's DELETE takes what the selector picks and leaves the rest
    /// (`kubectl delete pods -l` sends one DELETE per object; client-go's DeleteCollection
    /// is one request).
    #[test]
    fn a_delete_of_a_collection_takes_what_its_selector_picks() {
        let mut w = world();
        for (name, app) in [("a1", "a"), ("a2", "a"), ("b1", "b")] {
            let pod = json!({
                "apiVersion": "v1", "kind": "Pod",
                "metadata": {"name": name, "labels": {"app": app}},
                "spec": {"containers": [{"name": "c", "image": "nginx:1.27"}]},
            });
            assert_eq!(w.send(&Call::create(Kind::Pod, "default", pod)).code, 201);
        }
        let call = Call::delete_collection(Kind::Pod, "default", json!({"gracePeriodSeconds": 0}))
            .selectors(Some("app=a"), None);
        assert_eq!(
            (call.method(), call.path()),
            ("DELETE", "/api/v1/namespaces/default/pods".into())
        );
        assert_eq!(w.send(&call).code, 200);
        let left = client::list(&mut w, Kind::Pod, "default", None, None).unwrap();
        let names: Vec<&str> = left.iter().map(|o| o.meta().name.as_str()).collect();
        assert_eq!(names, ["b1"]);
    }
}
