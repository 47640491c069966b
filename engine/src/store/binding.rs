//! The `pods/binding` subresource: the scheduler's one write that puts a pod on a node.
//!
//! Models pkg/registry/core/pod/storage/storage.go `BindingREST.assignPod`: nodeName and the
//! PodScheduled condition change together, so watchers see a single MODIFIED event.

use crate::clock::Time;
use crate::model::{Kind, Pod, PodCondition};

use super::{ApiError, Key, Store, WatchEventType};

impl Store {
    pub fn bind_pod(
        &mut self,
        ns: &str,
        name: &str,
        node: &str,
        now: Time,
    ) -> Result<Pod, ApiError> {
        let key = Key::new(ns, name);
        let Some(mut pod) = self.pods.get(&key).cloned() else {
            return Err(ApiError::NotFound { kind: Kind::Pod, name: name.into() });
        };
        let conflict =
            |message: String| ApiError::Conflict { kind: Kind::Pod, name: name.into(), message };
        if pod.metadata.is_deleting() {
            return Err(conflict(format!(
                "pod {name} is being deleted, cannot be assigned to a host"
            )));
        }
        if let Some(current) = pod.node() {
            return Err(conflict(format!("pod {name} is already assigned to node \"{current}\"")));
        }
        pod.spec.node_name = Some(node.to_string());
        let generation = pod.metadata.generation;
        match pod.status.conditions.iter_mut().find(|c| c.type_ == "PodScheduled") {
            Some(c) => {
                if c.status != "True" {
                    c.last_transition_time = Some(now);
                }
                c.status = "True".into();
                c.reason = None;
                c.message = None;
                c.observed_generation = generation;
            }
            // CalculatePodConditionObservedGeneration: the pod's generation (1.34).
            None => pod.status.conditions.push(PodCondition {
                type_: "PodScheduled".into(),
                status: "True".into(),
                last_transition_time: Some(now),
                observed_generation: generation,
                ..Default::default()
            }),
        }
        pod.metadata.resource_version = self.next_rv().to_string();
        self.store(pod.clone(), WatchEventType::Modified, now);
        Ok(pod)
    }
}
