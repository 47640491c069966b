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
    pods: BTreeMap<String, Time>,
    service: Option<Time>,
}

#[derive(Default)]
pub struct TriggerTimeTracker {
    services: BTreeMap<Key, State>,
}

impl TriggerTimeTracker {
    pub fn compute(&mut self, svc: &Service, pods: &[&Pod]) -> Option<Time> {
        let key = Key::new(&svc.metadata.namespace, &svc.metadata.name);
        let known = self.services.contains_key(&key);
        let state = self.services.entry(key).or_default();
        let mut min_changed: Option<Time> = None;
        let mut now_pods = BTreeMap::new();
        for p in pods {
            let Some(t) = p.condition("Ready").and_then(|c| c.last_transition_time) else {
                continue;
            };
            if state.pods.get(&p.metadata.name).is_none_or(|before| t > *before) {
                min_changed = Some(min_changed.map_or(t, |m| m.min(t)));
            }
            now_pods.insert(p.metadata.name.clone(), t);
        }
        let created = svc.metadata.creation_timestamp;
        if let Some(t) = created.filter(|t| state.service.is_none_or(|before| *t > before)) {
            min_changed = Some(min_changed.map_or(t, |m| m.min(t)));
        }
        state.pods = now_pods;
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
