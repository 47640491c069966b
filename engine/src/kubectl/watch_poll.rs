//! A watch where the transport serves none (live mode's fetches, which must end): the list
//! again at each poll, its changes since the last turned into the events a watch would
//! have carried. A change and its undoing between two polls are not seen, and an object is
//! only as fresh as the last list; the stream a server holds open has neither limit.

use std::collections::BTreeMap;

use crate::api::client::{self, Api, Call, Refusal};
use crate::model::Object;

/// What the last list held, by namespace and name, with each object's resourceVersion.
#[derive(Default)]
pub struct Polled {
    known: BTreeMap<(String, String), Object>,
    /// The first list only sets what is known: what came before it was printed already.
    listed: bool,
}

impl Polled {
    /// Lists with `watch`'s selectors and returns what changed since the last list, as
    /// (event type, object) in the list's order, deletions last.
    pub fn poll(
        &mut self,
        api: &mut dyn Api,
        watch: &Call,
    ) -> Result<Vec<(&'static str, Object)>, Refusal> {
        let mut list = Call::list(watch.kind, watch.namespace.as_deref().unwrap_or(""));
        list.query = watch.query.iter().filter(|(k, _)| k.ends_with("Selector")).cloned().collect();
        let (objects, _) = client::list_at(api, &list)?;
        let mut events = Vec::new();
        let mut now = BTreeMap::new();
        for obj in objects {
            let m = obj.meta();
            let key = (m.namespace.clone(), m.name.clone());
            let ty = match self.known.remove(&key) {
                None => Some("ADDED"),
                Some(old) if old.meta().resource_version != m.resource_version => Some("MODIFIED"),
                Some(_) => None,
            };
            if let Some(ty) = ty.filter(|_| self.listed) {
                events.push((ty, obj.clone()));
            }
            now.insert(key, obj);
        }
        if self.listed {
            events.extend(std::mem::take(&mut self.known).into_values().map(|o| ("DELETED", o)));
        }
        self.known = now;
        self.listed = true;
        Ok(events)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Kind;
    use crate::session::Session;

    #[test]
    fn each_list_after_the_first_says_what_was_added_changed_and_deleted() {
        let mut s = Session::script(3);
        s.run("k run a --image=nginx:1.27; k run b --image=nginx:1.27");
        let watch = Call::watch(Kind::Pod, "default", "0");
        let mut polled = Polled::default();
        assert!(polled.poll(s.api(), &watch).unwrap().is_empty(), "the first list is known");
        s.run("k label pod a seen=yes; k delete pod b --grace-period=0 --force; k run c --image=nginx:1.27");
        let seen: Vec<(&str, String)> = polled
            .poll(s.api(), &watch)
            .unwrap()
            .into_iter()
            .map(|(ty, o)| (ty, o.meta().name.clone()))
            .collect();
        let want = [("MODIFIED", "a"), ("ADDED", "c"), ("DELETED", "b")];
        assert_eq!(seen, want.map(|(t, n)| (t, n.to_string())));
    }
}
