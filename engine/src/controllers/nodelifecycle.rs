//! The node lifecycle controller: watches for machines that stop reporting, marks their
//! nodes NotReady and taints them, marks their pods not ready, evicts the pods once the
//! default toleration runs out, and undoes the marks when the machine reports again. It
//! also keeps the cordon taint in step with `spec.unschedulable`, and plays the pod GC for
//! pods bound to nodes that no longer exist.
//!
//! It does not stop containers (that is the kubelet, which a silent node does not have) and
//! does not post heartbeats into the Node object: the machine's `Host::last_heartbeat` is
//! the kubelet's lease. It also posts the Ready=True status a recovered kubelet would.
//!
//! Models pkg/controller/nodelifecycle/node_lifecycle_controller.go (`monitorNodeHealth`,
//! `doNoScheduleTaintingPass`, `doNoExecuteTaintingPass`), pkg/controller/util/node
//! `MarkPodsNotReady`, pkg/controller/tainteviction/taint_eviction.go and
//! pkg/controller/podgc/gc_controller.go `gcOrphaned`.

use crate::clock::Time;
use crate::controllers::said::NodeSaid;
use crate::controllers::{Controller, ControllerName, Ctx, WorkQueue};
use crate::model::{Kind, Node, Object, Pod, PodCondition, Taint};
use crate::store::{DeleteOptions, Key, Store, WatchEvent, WatchEventType};

pub const TAINT_UNREACHABLE: &str = "node.kubernetes.io/unreachable";
pub const TAINT_NOT_READY: &str = "node.kubernetes.io/not-ready";
pub const TAINT_UNSCHEDULABLE: &str = "node.kubernetes.io/unschedulable";

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

    fn observe(&mut self, event: &WatchEvent, store: &Store) {
        match &event.object {
            Object::Node(n) => self.queue.add(Key::new("", &n.metadata.name)),
            // A pod on a missing or unreachable node needs marking, evicting or collecting.
            Object::Pod(p) if event.ty != WatchEventType::Deleted => {
                if let Some(node) = p.node() {
                    if store.get::<Node>("", node).is_none_or(|n| !n.is_ready()) {
                        self.queue.add(Key::new("", node));
                    }
                }
            }
            _ => {}
        }
    }

    fn resync(&mut self, store: &Store) {
        for n in store.list::<Node>(None, None) {
            self.queue.add(Key::new("", &n.metadata.name));
        }
        // Pods bound to a node that is gone: one look per node name, not per pod.
        for node in store.nodes_with_pods() {
            if store.get::<Node>("", node).is_none() {
                self.queue.add(Key::new("", node));
            }
        }
    }

    fn reconcile(&mut self, key: &Key, ctx: &mut Ctx<'_>) {
        match ctx.store.get::<Node>("", &key.name).cloned() {
            Some(node) => self.sync_node(key, node, ctx),
            None => collect_orphans(&key.name, ctx),
        }
    }
}

impl NodeLifecycle {
    fn sync_node(&mut self, key: &Key, node: Node, ctx: &mut Ctx<'_>) {
        let now = ctx.now;
        let name = node.metadata.name.clone();
        let (up, heartbeat) = match ctx.hosts.get(&name) {
            Some(h) => (h.up, h.last_heartbeat),
            None => (false, node.metadata.creation_timestamp.unwrap_or(now)),
        };
        // Some(true): unreachable; Some(false): reachable; None: silent, but not for long yet.
        let unreachable = if up {
            Some(false)
        } else {
            let deadline = heartbeat.plus_millis(ctx.config.node_monitor_grace_ms);
            if now < deadline {
                self.queue.add_after_for(
                    key.clone(),
                    deadline,
                    crate::controllers::Wait::NodeMonitorGrace,
                );
                None
            } else {
                Some(true)
            }
        };
        let taints = desired_taints(&node, unreachable, now);
        if taints != node.spec.taints {
            let _ = ctx.store.modify::<Node>("", &name, now, |n| n.spec.taints = taints.clone());
        }
        let was_ready = ready_status(&node).to_string();
        match unreachable {
            Some(true) if was_ready != "Unknown" => {
                mark_ready(ctx, &name, "Unknown", heartbeat);
                let silent = now.since(heartbeat) / 1000;
                record_status_change(ctx, &node, "NodeNotReady");
                ctx.decide(
                    Kind::Node,
                    &node.metadata,
                    NodeSaid::HeartbeatEvery { seconds: ctx.config.node_monitor_grace_ms / 1000 },
                    NodeSaid::NoHeartbeat { seconds: silent },
                    NodeSaid::MarkUnknown,
                );
            }
            Some(false) if was_ready != "True" => {
                mark_ready(ctx, &name, "True", now);
                record_status_change(ctx, &node, "NodeReady");
                ctx.decide(
                    Kind::Node,
                    &node.metadata,
                    NodeSaid::NodeReady,
                    NodeSaid::Reporting,
                    NodeSaid::MarkReady,
                );
            }
            _ => {}
        }
        if let Some(since) = taints
            .iter()
            .find(|t| t.key == TAINT_UNREACHABLE && t.effect == "NoExecute")
            .map(|t| t.time_added.unwrap_or(now))
        {
            mark_pods_not_ready(ctx, &name);
            let evict_at = since.plus_secs(ctx.config.toleration_seconds);
            if now >= evict_at {
                evict_pods(ctx, &node);
            } else {
                self.queue.add_after_for(key.clone(), evict_at, crate::controllers::Wait::Eviction);
            }
        }
    }
}

/// `RecordNodeStatusChange`: the node event that says what its status is now.
fn record_status_change(ctx: &mut Ctx<'_>, node: &Node, status: &str) {
    let message = format!("Node {} status is now: {status}", node.metadata.name);
    ctx.event(Kind::Node, &node.metadata, "Normal", status, message);
}

fn ready_status(node: &Node) -> &str {
    node.status
        .conditions
        .iter()
        .find(|c| c.type_ == "Ready")
        .map_or("Unknown", |c| c.status.as_str())
}

/// The node's taints with the controller-owned ones set as they should be.
fn desired_taints(node: &Node, unreachable: Option<bool>, now: Time) -> Vec<Taint> {
    let mut taints = node.spec.taints.clone();
    let ensure = |taints: &mut Vec<Taint>, key: &str, effect: &str| {
        if !taints.iter().any(|t| t.key == key && t.effect == effect) {
            taints.push(Taint {
                key: key.into(),
                effect: effect.into(),
                time_added: Some(now),
                ..Default::default()
            });
        }
    };
    if node.spec.unschedulable {
        ensure(&mut taints, TAINT_UNSCHEDULABLE, "NoSchedule");
    } else {
        taints.retain(|t| t.key != TAINT_UNSCHEDULABLE);
    }
    match unreachable {
        Some(true) => {
            taints.retain(|t| t.key != TAINT_NOT_READY);
            ensure(&mut taints, TAINT_UNREACHABLE, "NoSchedule");
            ensure(&mut taints, TAINT_UNREACHABLE, "NoExecute");
        }
        Some(false) => taints.retain(|t| t.key != TAINT_UNREACHABLE && t.key != TAINT_NOT_READY),
        None => {}
    }
    taints
}

/// Sets the node's conditions. `Unknown`: the kubelet went silent, so, as
/// `tryUpdateNodeHealth` does, Ready and the three pressure conditions become Unknown; their
/// heartbeat is the machine's last one, since this kubelet does not post heartbeats into the
/// Node object. `True`: the kubelet is back and posts its healthy conditions
/// (pkg/kubelet/nodestatus/setters.go), each with a new transition time only if its status
/// changed.
fn mark_ready(ctx: &mut Ctx<'_>, name: &str, status: &str, heartbeat: Time) {
    let now = ctx.now;
    let _ = ctx.store.modify_status::<Node>("", name, now, |n| {
        let wanted = if status == "True" {
            crate::model::healthy_conditions(heartbeat)
        } else {
            ["Ready", "MemoryPressure", "DiskPressure", "PIDPressure"]
                .iter()
                .map(|t| crate::model::NodeCondition {
                    type_: (*t).into(),
                    status: "Unknown".into(),
                    last_heartbeat_time: Some(heartbeat),
                    last_transition_time: Some(now),
                    reason: "NodeStatusUnknown".into(),
                    message: "Kubelet stopped posting node status.".into(),
                })
                .collect()
        };
        for mut cond in wanted {
            match n.status.conditions.iter_mut().find(|c| c.type_ == cond.type_) {
                Some(c) if c.status == cond.status => {
                    c.last_heartbeat_time = cond.last_heartbeat_time;
                }
                Some(c) => {
                    cond.last_transition_time = Some(now);
                    *c = cond;
                }
                None => n.status.conditions.push(cond),
            }
        }
    });
}

/// `MarkPodsNotReady`: Ready=False on every pod of the node that still claims to be ready.
fn mark_pods_not_ready(ctx: &mut Ctx<'_>, node: &str) {
    let now = ctx.now;
    for key in ctx.store.pods_on_node(node) {
        let Some(pod) = ctx.store.get::<Pod>(&key.ns, &key.name).filter(|p| p.is_ready()).cloned()
        else {
            continue;
        };
        let _ = ctx.store.modify_status::<Pod>(&key.ns, &key.name, now, |p| {
            p.set_condition("Ready", false, now)
        });
        ctx.event(Kind::Pod, &pod.metadata, "Warning", "NodeNotReady", "Node is not ready".into());
    }
}

/// The taint eviction controller: the default toleration for the unreachable NoExecute
/// taint has run out, so every pod still on the node is deleted with its own grace period,
/// except pods that tolerate the node's NoExecute taints forever (no `tolerationSeconds`),
/// as a DaemonSet's pods do (taint_eviction.go `processPodOnNode`: "Pod tolerates all
/// NoExecute taints").
fn evict_pods(ctx: &mut Ctx<'_>, node: &Node) {
    let now = ctx.now;
    let no_execute: Vec<&Taint> =
        node.spec.taints.iter().filter(|t| t.effect == "NoExecute").collect();
    let forever = |p: &Pod| {
        let tolerations = p.spec.tolerations.as_deref().unwrap_or(&[]);
        !no_execute.is_empty()
            && no_execute.iter().all(|t| {
                tolerations.iter().any(|tol| {
                    tol.toleration_seconds.is_none()
                        && crate::controllers::daemon::predicates::tolerates_taint(tol, t)
                })
            })
    };
    let pods: Vec<Pod> = ctx
        .store
        .pods_on_node(&node.metadata.name)
        .iter()
        .filter_map(|k| ctx.store.get::<Pod>(&k.ns, &k.name))
        .filter(|p| p.metadata.deletion_timestamp.is_none() && !forever(p))
        .cloned()
        .collect();
    if pods.is_empty() {
        return;
    }
    ctx.decide(
        Kind::Node,
        &node.metadata,
        NodeSaid::NoPodsAfter { seconds: ctx.config.toleration_seconds },
        NodeSaid::PodsStill { pods: pods.len() },
        NodeSaid::Evict { pods: pods.len() },
    );
    for pod in pods {
        let (ns, name) = (pod.metadata.namespace.clone(), pod.metadata.name.clone());
        let _ = ctx.store.modify_status::<Pod>(&ns, &name, now, |p| {
            p.status.conditions.retain(|c| c.type_ != "DisruptionTarget");
            p.status.conditions.push(PodCondition {
                type_: "DisruptionTarget".into(),
                status: "True".into(),
                last_transition_time: Some(now),
                reason: Some("DeletionByTaintManager".into()),
                message: Some("Taint manager: deleting due to NoExecute taint".into()),
                observed_generation: p.metadata.generation,
                ..Default::default()
            });
        });
        ctx.event(
            Kind::Pod,
            &pod.metadata,
            "Normal",
            "TaintManagerEviction",
            format!("Marking for deletion Pod {ns}/{name}"),
        );
        let opts = DeleteOptions {
            precondition_uid: Some(pod.metadata.uid.clone()),
            ..Default::default()
        };
        let _ = ctx.store.delete::<Pod>(&ns, &name, &opts, now);
    }
}

/// Pod GC: pods bound to a node that no longer exists are deleted at once (grace 0).
fn collect_orphans(node: &str, ctx: &mut Ctx<'_>) {
    let now = ctx.now;
    for key in ctx.store.pods_on_node(node) {
        let Some(pod) = ctx.store.get::<Pod>(&key.ns, &key.name).cloned() else { continue };
        ctx.decide(
            Kind::Pod,
            &pod.metadata,
            NodeSaid::OnExistingNodes,
            NodeSaid::BoundToGone { node: node.to_string() },
            NodeSaid::ForceDelete,
        );
        let opts = DeleteOptions {
            grace_period_seconds: Some(0),
            precondition_uid: Some(pod.metadata.uid.clone()),
            ..Default::default()
        };
        let _ = ctx.store.delete::<Pod>(&key.ns, &key.name, &opts, now);
    }
}

/// A Ready node object as a freshly joined kubelet registers it (`Node::registered`).
pub fn new_node(name: &str, index: u32, max_pods: u32, now: Time) -> Node {
    Node::registered(name, index, max_pods, now)
}

#[cfg(test)]
#[path = "nodelifecycle_tests.rs"]
mod tests;
