//! The time of the change that made an endpoint controller write, for the
//! `endpoints.kubernetes.io/last-change-trigger-time` annotation.
//!
//! Models pkg/controller/util/endpoint/trigger_time_tracker.go
//! (`ComputeEndpointLastChangeTriggerTime`): a pod's trigger time is its Ready condition's
//! last transition, a Service's its creation. A Service seen for the first time reports its
//! creation; after that, the earliest trigger time that moved since the previous sync, or
//! none (and the annotation is cleared).

use std::collections::BTreeMap;

use crate::clock::Time;
use crate::model::{Pod, Service};
use crate::store::Key;

#[derive(Default)]
struct State {
    /// Each pod's trigger time, in name order: the store lists pods in name order, so a
    /// sync walks both lists side by side and moves the names it keeps instead of copying.
    pods: Vec<(String, Time)>,
    service: Option<Time>,
}

#[derive(Default)]
pub struct TriggerTimeTracker {
    services: BTreeMap<Key, State>,
}

impl TriggerTimeTracker {
    /// `pods` in name order, as the store lists them.
    pub fn compute(&mut self, svc: &Service, pods: &[&Pod]) -> Option<Time> {
        let key = Key::new(&svc.metadata.namespace, &svc.metadata.name);
        let known = self.services.contains_key(&key);
        let state = self.services.entry(key).or_default();
        let mut min_changed: Option<Time> = None;
        let mut before = std::mem::take(&mut state.pods).into_iter().peekable();
        let mut now = Vec::with_capacity(pods.len());
        for p in pods {
            let Some(t) = p.condition("Ready").and_then(|c| c.last_transition_time) else {
                continue;
            };
            let name = p.metadata.name.as_str();
            while before.next_if(|(n, _)| n.as_str() < name).is_some() {}
            let (name, was) = match before.next_if(|(n, _)| n == name) {
                Some((n, was)) => (n, Some(was)),
                None => (name.to_string(), None),
            };
            if was.is_none_or(|was| t > was) {
                min_changed = Some(min_changed.map_or(t, |m| m.min(t)));
            }
            now.push((name, t));
        }
        state.pods = now;
        let created = svc.metadata.creation_timestamp;
        if let Some(t) = created.filter(|t| state.service.is_none_or(|before| *t > before)) {
            min_changed = Some(min_changed.map_or(t, |m| m.min(t)));
        }
        state.service = created;
        if known {
            min_changed
        } else {
            created
        }
    }

    /// The Service is gone (`DeleteService`).
    pub fn forget(&mut self, key: &Key) {
        self.services.remove(key);
    }

    pub fn clear(&mut self) {
        self.services.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ObjectMeta, PodSpec, ServiceSpec};

    fn pod(name: &str, ready_at: i64) -> Pod {
        let meta = ObjectMeta { name: name.into(), ..Default::default() };
        let mut p = Pod::new(meta, PodSpec::default());
        p.set_condition("Ready", true, Time(ready_at));
        p
    }

    #[test]
    fn a_new_service_reports_its_creation_then_the_earliest_change_since_the_last_sync() {
        let meta = ObjectMeta {
            name: "web".into(),
            creation_timestamp: Some(Time(1_000)),
            ..Default::default()
        };
        let svc = Service::new(meta, ServiceSpec::default());
        let mut t = TriggerTimeTracker::default();
        let (a, b) = (pod("a", 2_000), pod("b", 3_000));
        assert_eq!(t.compute(&svc, &[&a, &b]), Some(Time(1_000)), "first sync: creation");
        assert_eq!(t.compute(&svc, &[&a, &b]), None, "nothing moved");
        let (b2, c) = (pod("b", 5_000), pod("c", 4_000));
        assert_eq!(t.compute(&svc, &[&a, &b2, &c]), Some(Time(4_000)), "the earliest change");
        assert_eq!(t.compute(&svc, &[&b2]), None, "a pod leaving changes no trigger time");
    }
}
