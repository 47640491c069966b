//! The DaemonSet rolling update with `maxSurge > 0`: a new pod starts beside the old one,
//! and the old one goes once the new one is available, so a node is never without an
//! available daemon pod. Pure over per-node pod states.
//!
//! Models pkg/controller/daemon/update.go `rollingUpdate`'s surge branch. Upstream walks a
//! Go map; here nodes are taken in the order given (the caller sorts them by name).

use super::rolling::NodePods;

/// One node as the surge update sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct SurgeNode {
    pub name: String,
    /// `NodeShouldRunDaemonPod`'s first answer for this node now.
    pub should_run: bool,
    pub pods: NodePods,
}

/// What one surge pass does: pods to delete and nodes to start a new pod on.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SurgePlan {
    pub delete: Vec<String>,
    pub create_on: Vec<String>,
}

/// The surge pass for `max_surge` extra pods over `desired` nodes.
///
/// - A node whose new pod is available loses its old pod; one whose new pod is not yet
///   available is a surge in flight, as is an ambiguous node.
/// - An unavailable old pod is replaced at once (a new pod on its node), or simply deleted
///   when the node no longer wants a daemon pod.
/// - Available old pods get a new pod beside them while surge room remains.
/// - Available old pods on nodes that no longer want one are deleted only as far as the
///   available count exceeds `desired`, so moving the set between nodes keeps it up.
pub fn surge_plan(nodes: &[SurgeNode], max_surge: i32, desired: i32) -> SurgePlan {
    let mut plan = SurgePlan::default();
    let mut should_not_run = Vec::new();
    let mut candidates = Vec::new();
    let mut surging = 0;
    let mut available = 0;
    for node in nodes {
        let (old, new) = match &node.pods {
            NodePods::Ambiguous => {
                surging += 1;
                continue;
            }
            NodePods::Pods { old, new } => (old, new),
        };
        // Availability counts every node, including the ones being left.
        if old.as_ref().or(new.as_ref()).is_some_and(|p| p.available) {
            available += 1;
        }
        match (old, new) {
            (None, _) => {}
            (Some(old), None) if !old.available => {
                if node.should_run {
                    plan.create_on.push(node.name.clone());
                } else {
                    plan.delete.push(old.name.clone());
                }
            }
            (Some(old), None) => {
                if !node.should_run {
                    should_not_run.push(old.name.clone());
                } else if surging < max_surge {
                    candidates.push(node.name.clone());
                }
            }
            (Some(old), Some(new)) => {
                if new.available {
                    plan.delete.push(old.name.clone());
                } else {
                    surging += 1;
                }
            }
        }
    }
    let deletable = (available - desired).clamp(0, should_not_run.len() as i32) as usize;
    plan.delete.extend(should_not_run.into_iter().take(deletable));
    let room = (max_surge - surging).clamp(0, candidates.len() as i32) as usize;
    plan.create_on.extend(candidates.into_iter().take(room));
    plan
}

#[cfg(test)]
mod tests {
    use super::super::rolling::DaemonPod;
    use super::*;

    fn pod(name: &str, available: bool) -> Option<DaemonPod> {
        Some(DaemonPod { name: name.into(), available })
    }
    fn node(name: &str, old: Option<DaemonPod>, new: Option<DaemonPod>) -> SurgeNode {
        SurgeNode { name: name.into(), should_run: true, pods: NodePods::Pods { old, new } }
    }
    fn leaving(mut n: SurgeNode) -> SurgeNode {
        n.should_run = false;
        n
    }
    fn plan(delete: &[&str], create_on: &[&str]) -> SurgePlan {
        SurgePlan {
            delete: delete.iter().map(|s| s.to_string()).collect(),
            create_on: create_on.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn new_pods_start_beside_old_ones_up_to_max_surge() {
        let nodes = [node("n1", pod("a", true), None), node("n2", pod("b", true), None)];
        assert_eq!(surge_plan(&nodes, 1, 2), plan(&[], &["n1"]));
        assert_eq!(surge_plan(&nodes, 2, 2), plan(&[], &["n1", "n2"]));
    }

    #[test]
    fn an_available_new_pod_retires_the_old_one_and_a_pending_one_uses_surge() {
        let nodes = [
            node("n1", pod("a", true), pod("a2", true)),
            node("n2", pod("b", true), pod("b2", false)),
            node("n3", pod("c", true), None),
        ];
        assert_eq!(surge_plan(&nodes, 1, 3), plan(&["a"], &[]));
        assert_eq!(surge_plan(&nodes, 2, 3), plan(&["a"], &["n3"]));
    }

    #[test]
    fn an_unavailable_old_pod_is_replaced_regardless_of_surge() {
        let nodes = [
            node("n1", pod("a", false), None),
            SurgeNode { name: "n2".into(), should_run: true, pods: NodePods::Ambiguous },
        ];
        assert_eq!(surge_plan(&nodes, 1, 2), plan(&[], &["n1"]));
        assert_eq!(
            surge_plan(&[leaving(node("n1", pod("a", false), None))], 1, 0),
            plan(&["a"], &[])
        );
    }

    // A pod on a node the set no longer wants goes only once another pod is available to
    // stand in for it.
    #[test]
    fn pods_on_left_nodes_go_only_past_the_desired_count() {
        let gone = leaving(node("old-node", pod("a", true), None));
        let waiting = node("new-node", None, pod("b", false));
        assert_eq!(surge_plan(&[gone.clone(), waiting], 1, 1), plan(&[], &[]));
        let ready = node("new-node", None, pod("b", true));
        assert_eq!(surge_plan(&[gone, ready], 1, 1), plan(&["a"], &[]));
    }
}
