//! What the describers read, through the API: describe.go's describers each hold a client
//! and GET the object, then list what it relates to (owned pods and ReplicaSets with the
//! owner's selector, a node's pods by `spec.nodeName`, a Service's EndpointSlices) and search
//! its events (`client.Events(ns).Search`: a list by `involvedObject.uid`).

use std::rc::Rc;

use crate::api::client::{self, Api};
use crate::labels::selector::Selector;
use crate::model::{Event, Kind, Object, Resource};

pub struct Reader<'a> {
    api: &'a mut dyn Api,
}

impl<'a> Reader<'a> {
    pub fn new(api: &'a mut dyn Api) -> Reader<'a> {
        Reader { api }
    }

    /// The object, or `None` when the server has none (or refuses).
    pub fn object(&mut self, kind: Kind, ns: &str, name: &str) -> Option<Object> {
        client::get(self.api, kind, ns, name).ok()
    }

    pub fn get<T: Resource>(&mut self, ns: &str, name: &str) -> Option<Rc<T>> {
        let o = self.object(T::KIND, ns, name)?;
        T::from_object(&o).map(|t| Rc::new(t.clone()))
    }

    /// The objects of a kind in `ns` (every namespace when `None`) matching `selector`, and
    /// `fields` when given, in the server's order.
    pub fn list<T: Resource>(
        &mut self,
        ns: Option<&str>,
        selector: Option<&Selector>,
        fields: Option<&str>,
    ) -> Vec<Rc<T>> {
        let labels = selector.map(|s| s.to_string());
        let ns = ns.unwrap_or_default();
        let Ok(found) = client::list(self.api, T::KIND, ns, labels.as_deref(), fields) else {
            return Vec::new();
        };
        found.iter().filter_map(|o| T::from_object(o).map(|t| Rc::new(t.clone()))).collect()
    }

    /// The events about the object with `uid`, oldest last occurrence first (then by name).
    pub fn events_for(&mut self, uid: &str) -> Vec<Rc<Event>> {
        let fields = format!("involvedObject.uid={uid}");
        let mut events = self.list::<Event>(None, None, Some(&fields));
        crate::sort::sort_by_key(&mut events, |e| (e.last_timestamp, e.metadata.name.clone()));
        events
    }
}
