//! The event recorder: `k get events` rows and the Events section of `describe`.
//!
//! Repeats of the same reason and message for the same object are folded into one Event
//! with a count, as client-go's EventCorrelator does (tools/record/events_cache.go).

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

use crate::clock::Time;
use crate::model::*;
use crate::rng::SimRng;

use super::{Key, Store};

/// Events live for an hour, the API server's default `--event-ttl`.
pub const EVENT_TTL_MS: i64 = 60 * 60 * 1000;

/// At most this many Events are kept; a new one beyond it deletes the oldest. The API server
/// has only the TTL, but a browser tab has less room than etcd: a 100,000-pod rollout writes
/// about 600,000 Events within the hour. An hour of a lesson's churn stays well under it.
pub const MAX_EVENTS: usize = 20_000;

pub struct EventSpec<'a> {
    pub type_: &'a str,
    pub reason: &'a str,
    pub message: String,
    pub component: &'a str,
    pub host: &'a str,
}

impl Store {
    pub fn record_event(
        &mut self,
        kind: Kind,
        involved: &ObjectMeta,
        spec: EventSpec<'_>,
        now: Time,
        rng: &mut SimRng,
    ) {
        let ns = if involved.namespace.is_empty() { "default" } else { &involved.namespace };
        // NamespaceLifecycle refuses the Event in a namespace being emptied (or gone), and the
        // recorder drops a refused Event.
        if !self.accepts_content(ns) {
            return;
        }
        // The correlator's key is the involved object, reason, message and source; a hash of
        // them finds the Event to fold into, and the Event itself confirms it (a collision
        // just starts a new Event).
        let signature = {
            let mut h = DefaultHasher::new();
            (&involved.uid, spec.reason, &spec.message, spec.component).hash(&mut h);
            h.finish()
        };
        let folds_into = |e: &&Rc<Event>| {
            e.involved_object.uid == involved.uid
                && e.reason == spec.reason
                && e.message == spec.message
                && e.source.component == spec.component
        };
        let same = self.event_signatures.get(&signature).and_then(|k| self.events.get_rc(k));
        if let Some(ev) = same.filter(folds_into) {
            let mut ev = Event::clone(ev);
            ev.count = ev.count.saturating_add(1);
            ev.last_timestamp = now;
            let _ = self.update(ev, now);
            return;
        }
        // Real event names are `<object>.<unix nanoseconds in hex>`; a per-store sequence in
        // the sub-millisecond digits keeps names unique and in creation order.
        self.event_seq = (self.event_seq + 1) % 1_000_000;
        let nanos = (now.millis() + 1_735_689_600_000) as u64 * 1_000_000 + self.event_seq;
        let ev = Event {
            api_version: "v1".into(),
            kind: "Event".into(),
            metadata: ObjectMeta {
                name: format!("{}.{nanos:x}", involved.name),
                namespace: ns.to_string(),
                ..Default::default()
            },
            involved_object: ObjectReference {
                kind: kind.as_str().into(),
                namespace: involved.namespace.as_str().into(),
                name: involved.name.as_str().into(),
                uid: involved.uid.as_str().into(),
                api_version: kind.api_version().into(),
                // `ref.GetReference` copies the version the recorder saw; repeats keep it.
                resource_version: involved.resource_version.as_str().into(),
                ..Default::default()
            },
            reason: spec.reason.into(),
            message: spec.message,
            type_: spec.type_.into(),
            count: 1,
            first_timestamp: now,
            last_timestamp: now,
            source: EventSource { component: spec.component.into(), host: spec.host.into() },
            // client-go's tools/record makeEvent: the reporting fields repeat the source.
            reporting_component: spec.component.into(),
            reporting_instance: spec.host.into(),
            ..Default::default()
        };
        if let Ok(created) = self.create(ev, now, rng) {
            let key = Key::new(ns, &created.metadata.name);
            self.event_signatures.insert(signature, key.clone());
            self.event_order.push_back((key, signature));
            while self.events.len() > MAX_EVENTS {
                let Some((oldest, sig)) = self.event_order.pop_front() else { break };
                if self.remove::<Event>(&oldest, now).is_some()
                    && self.event_signatures.get(&sig) == Some(&oldest)
                {
                    self.event_signatures.remove(&sig);
                }
            }
        }
    }

    /// Drops events whose last occurrence is older than the TTL.
    pub fn expire_events(&mut self, now: Time) {
        let expired: Vec<Key> = self
            .events
            .iter()
            .filter(|(_, e)| now.since(e.last_timestamp) > EVENT_TTL_MS)
            .map(|(k, _)| k.clone())
            .collect();
        if expired.is_empty() {
            return;
        }
        for key in expired {
            self.remove::<Event>(&key, now);
        }
        let events = &self.events;
        self.event_signatures.retain(|_, k| events.get(k).is_some());
        self.event_order.retain(|(k, _)| events.get(k).is_some());
    }

    /// Events about one object, ordered by their last occurrence as `describe` lists them
    /// (kubectl/pkg/describe `SortableEvents`), ties in creation order.
    pub fn events_for(&self, uid: &str) -> Vec<&Event> {
        let mut out: Vec<&Event> =
            self.events.iter().map(|(_, e)| e).filter(|e| e.involved_object.uid == uid).collect();
        crate::sort::sort_by_key(&mut out, |e| (e.last_timestamp, e.metadata.name.clone()));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(store: &mut Store, rng: &mut SimRng, reason: &str, at: i64) {
        let involved = ObjectMeta {
            name: "web".into(),
            namespace: "default".into(),
            uid: "u-1".into(),
            ..Default::default()
        };
        let spec = EventSpec {
            type_: "Normal",
            reason,
            message: format!("{reason} happened"),
            component: "test",
            host: "",
        };
        store.record_event(Kind::Pod, &involved, spec, Time::ZERO.plus_millis(at), rng);
    }

    #[test]
    fn past_the_cap_the_oldest_events_go_and_a_repeat_of_one_starts_afresh() {
        let (mut store, mut rng) = (Store::new(), SimRng::new(1));
        for i in 0..MAX_EVENTS + 5 {
            record(&mut store, &mut rng, &format!("R{i}"), i as i64);
        }
        assert_eq!(store.count::<Event>(), MAX_EVENTS);
        let reasons: Vec<&str> =
            store.events_for("u-1").iter().map(|e| e.reason.as_str()).collect();
        assert_eq!(reasons.first(), Some(&"R5"), "R0 to R4 were the oldest");
        // R0's signature went with it: it is recorded as a new Event, not counted as a repeat.
        record(&mut store, &mut rng, "R0", 1_000_000);
        let r0: Vec<i32> =
            store.events_for("u-1").iter().filter(|e| e.reason == "R0").map(|e| e.count).collect();
        assert_eq!(r0, [1]);
        assert_eq!(store.count::<Event>(), MAX_EVENTS);
        // A repeat of a kept Event is folded into it, as before.
        record(&mut store, &mut rng, "R7", 1_000_001);
        let r7 = store.events_for("u-1").into_iter().find(|e| e.reason == "R7").map(|e| e.count);
        assert_eq!(r7, Some(2));
    }
}
