//! One object followed through the API as kubectl's waits follow it: a LIST narrowed to its
//! name, then WATCHes from the list's resourceVersion (client-go tools/watch `UntilWithSync`
//! over a `cache.ListWatch` whose options carry a `metadata.name` field selector, as wait.go
//! and rollout_status.go build it). It does not know what is waited for: each poll says what
//! the object is now, and the wait judges.
//!
//! A version the server's window no longer holds (410 Expired) lists again, as the
//! reflector relists. A transport that cannot answer a watch at all (live mode's, whose
//! requests are fetches that must end) gets a LIST at every poll instead.

use crate::api::client::{self, Api, Call, Refusal};
use crate::model::{Kind, Object};

/// An object a wait follows, as last seen.
pub struct Observed {
    kind: Kind,
    namespace: String,
    name: String,
    /// Where the next watch resumes; `None` until the first list.
    version: Option<String>,
    /// The object as last seen; `None` when there is no such object.
    last: Option<Object>,
    /// The transport refused a watch: list at every poll.
    polling: bool,
}

impl Observed {
    pub fn new(kind: Kind, namespace: &str, name: &str) -> Observed {
        Observed {
            kind,
            namespace: namespace.to_string(),
            name: name.to_string(),
            version: None,
            last: None,
            polling: false,
        }
    }

    fn field_selector(&self) -> String {
        format!("metadata.name={}", self.name)
    }

    /// The object as it is after what the server reported since the last poll.
    pub fn poll(&mut self, api: &mut dyn Api) -> Result<Option<&Object>, Refusal> {
        match self.version.clone() {
            Some(version) if !self.polling => match self.watch(api, &version) {
                Ok(()) => {}
                Err(r) if r.code == 410 => self.list(api)?,
                Err(_) => {
                    self.polling = true;
                    self.list(api)?;
                }
            },
            _ => self.list(api)?,
        }
        Ok(self.last.as_ref())
    }

    fn list(&mut self, api: &mut dyn Api) -> Result<(), Refusal> {
        let fields = self.field_selector();
        let call = Call::list(self.kind, &self.namespace).selectors(None, Some(&fields));
        let (mut objects, version) = client::list_at(api, &call)?;
        self.last = (!objects.is_empty()).then(|| objects.swap_remove(0));
        self.version = Some(version).filter(|v| !v.is_empty());
        Ok(())
    }

    fn watch(&mut self, api: &mut dyn Api, version: &str) -> Result<(), Refusal> {
        let fields = self.field_selector();
        let call = Call::watch(self.kind, &self.namespace, version).selectors(None, Some(&fields));
        for event in client::watch(api, &call)? {
            match event.ty.as_str() {
                "DELETED" => self.last = None,
                "ADDED" | "MODIFIED" => {
                    if let Some(obj) = client::event_object(self.kind, &event) {
                        self.last = Some(obj);
                    }
                }
                _ => {}
            }
            if let Some(v) = event.resource_version() {
                self.version = Some(v.to_string());
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Session;

    #[test]
    fn a_followed_object_is_listed_then_watched_until_it_is_gone() {
        let mut s = Session::script(2);
        assert_eq!(s.run("k run solo --image=nginx:1.27").status, 0);
        let mut seen = Observed::new(Kind::Pod, "default", "solo");
        let first = seen.poll(s.api()).unwrap().map(|o| o.meta().resource_version.clone());
        assert!(first.is_some(), "the list finds the pod");
        s.run("settle");
        let later = seen.poll(s.api()).unwrap().map(|o| o.meta().resource_version.clone());
        assert!(later.is_some() && later != first, "the watch brings the pod's changes");
        assert!(!seen.polling, "the in-process server answers watches");
        s.run("k delete pod solo --wait=false");
        s.run("settle");
        assert!(seen.poll(s.api()).unwrap().is_none(), "the DELETED event ends it");
    }

    #[test]
    fn through_a_transport_that_holds_no_watch_it_lists_at_each_poll() {
        use crate::api::replay::{Replay, PENDING};
        let mut server = Session::script(2);
        assert_eq!(server.run("k run solo --image=nginx:1.27").status, 0);
        let mut replay = Replay::default();
        let mut seen = Observed::new(Kind::Pod, "default", "solo");
        let answer = |replay: &mut Replay, server: &mut Session| {
            let call = replay.wanted().cloned().expect("a request waits");
            replay.answer(server.api().send(&call));
        };
        assert_eq!(seen.poll(&mut replay).err().map(|r| r.code), Some(PENDING));
        answer(&mut replay, &mut server);
        replay.rewind();
        assert!(seen.poll(&mut replay).unwrap().is_some(), "the list's answer");
        // The watch is refused without being asked; the poll lists instead.
        assert_eq!(seen.poll(&mut replay).err().map(|r| r.code), Some(PENDING));
        assert!(seen.polling);
        answer(&mut replay, &mut server);
        assert!(seen.poll(&mut replay).unwrap().is_some());
        assert_eq!(replay.answered(), 2, "two lists, and no watch reached the server");
    }
}
