//! Placeholder while this loop is being written.

use crate::controllers::{Controller, ControllerName, Ctx, WorkQueue};
use crate::store::{Key, Store, WatchEvent};

#[derive(Default)]
pub struct NodeLifecycle {
    queue: WorkQueue<Key>,
}

impl Controller for NodeLifecycle {
    type Key = Key;
    fn name(&self) -> ControllerName {
        ControllerName::NodeLifecycle
    }
    fn queue(&mut self) -> &mut WorkQueue<Key> {
        &mut self.queue
    }
    fn observe(&mut self, _event: &WatchEvent, _store: &Store) {}
    fn resync(&mut self, _store: &Store) {}
    fn reconcile(&mut self, _key: &Key, _ctx: &mut Ctx<'_>) {}
}

/// A Ready node object as a freshly joined kubelet registers it.
pub fn new_node(name: &str, index: u32, max_pods: u32, now: crate::clock::Time) -> crate::model::Node {
    use crate::model::*;
    let mut n = Node::default();
    n.api_version = "v1".into();
    n.kind = "Node".into();
    n.metadata.name = name.into();
    n.status.capacity.insert("pods".into(), max_pods.to_string());
    n.status.conditions.push(NodeCondition {
        type_: "Ready".into(),
        status: "True".into(),
        last_heartbeat_time: Some(now),
        last_transition_time: Some(now),
        reason: "KubeletReady".into(),
        message: "kubelet is posting ready status".into(),
    });
    n.status.addresses.push(NodeAddress { type_: "InternalIP".into(), address: format!("10.0.0.{}", 10 + index) });
    n
}
