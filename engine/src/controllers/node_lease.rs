//! The kubelets' node leases: each node's kubelet holds a Lease named like the node in
//! `kube-node-lease`, owned by the Node (so the garbage collector removes it with the node),
//! and renews it every ten seconds while it runs. A silent kubelet (its machine down)
//! renews nothing, so its lease's renew time stands still while the node lifecycle loop marks
//! the node NotReady; a deleted lease is created again at the next renewal.
//!
//! Models staging/src/k8s.io/component-helpers/apimachinery/lease/controller.go (`sync`:
//! `ensureLease` creates a missing lease, `retryUpdateLease` renews with `renewTime` now,
//! every `renewInterval`), with pkg/kubelet/kubelet.go's settings (a 40 s lease, renewed at a
//! quarter of it) and pkg/kubelet/nodelease.go (`setNodeOwnerFunc`: the Node as owner).
//! Its writes are heartbeats, like the node's registration, not decisions: the decision log,
//! step mode and the page's timeline leave them out (`World::has_work_now`).

use super::{Controller, ControllerName, Ctx, Wait};
use crate::controllers::queue::WorkQueue;
use crate::model::*;
use crate::store::{Key, Store, WatchEvent, WatchEventType};

#[derive(Default)]
pub struct NodeLeaseController {
    queue: WorkQueue<Key>,
}

impl Controller for NodeLeaseController {
    type Key = Key;

    fn name(&self) -> ControllerName {
        ControllerName::NodeLease
    }

    fn queue(&mut self) -> &mut WorkQueue<Key> {
        &mut self.queue
    }

    /// A new node's kubelet starts renewing; a deleted lease is noticed at the next renewal,
    /// as the kubelet, which does not watch leases, notices it.
    fn observe(&mut self, event: &WatchEvent, _store: &Store) {
        if let Object::Node(n) = &event.object {
            if event.ty == WatchEventType::Added {
                self.queue.add(Key::new("", &n.metadata.name));
            }
        }
    }

    /// Nodes without a renewal scheduled (after `forget`, the kubelets restarted).
    fn resync(&mut self, store: &Store) {
        for n in store.list::<Node>(None, None) {
            let key = Key::new("", &n.metadata.name);
            if !self.queue.has_delayed(&key) {
                self.queue.add(key);
            }
        }
    }

    fn reconcile(&mut self, key: &Key, ctx: &mut Ctx<'_>) {
        let Some(node) = ctx.store.get_rc::<Node>("", &key.name) else { return };
        let now = ctx.now;
        self.queue.cancel_delayed(key);
        self.queue.add_after_for(
            key.clone(),
            now.plus_millis(NODE_LEASE_RENEW_MS),
            Wait::LeaseRenewal,
        );
        if !ctx.hosts.get(key.name.as_str()).is_some_and(|h| h.up) {
            return;
        }
        let name = &node.metadata.name;
        let lease = ctx.store.get::<Lease>(NODE_LEASE_NAMESPACE, name);
        let due = lease.is_none_or(|l| {
            l.spec.renew_time.is_none_or(|t| now.since(t.0) >= NODE_LEASE_RENEW_MS)
        });
        if due {
            // `ensureLease`, then `retryUpdateLease`: the kubelet's own lease, whole.
            let mut next = node_lease(&node, now);
            if let Some(old) = lease {
                next.metadata.labels = old.metadata.labels.clone();
                next.metadata.annotations = old.metadata.annotations.clone();
                next.spec.acquire_time = old.spec.acquire_time;
                next.spec.lease_transitions = old.spec.lease_transitions;
            }
            ctx.store.put_node_lease(next, now);
        }
    }
}

/// `newLease` with `setNodeOwnerFunc`: held by the node, owned by it, renewed now.
fn node_lease(node: &Node, now: crate::clock::Time) -> Lease {
    let name = node.metadata.name.clone();
    let owner = OwnerReference {
        api_version: "v1".into(),
        kind: "Node".into(),
        name: name.clone(),
        uid: node.metadata.uid.clone(),
        ..Default::default()
    };
    let meta = ObjectMeta {
        name: name.clone(),
        namespace: NODE_LEASE_NAMESPACE.into(),
        owner_references: vec![owner],
        ..Default::default()
    };
    Lease::new(
        meta,
        LeaseSpec {
            holder_identity: Some(name),
            lease_duration_seconds: Some(NODE_LEASE_DURATION_SECS),
            renew_time: Some(MicroTime(now)),
            ..Default::default()
        },
    )
}
