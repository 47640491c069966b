//! Whether a DaemonSet wants its pod on a node, and whether a pod already there may stay:
//! node name, node selector and required affinity (`affinity.rs`), then taints against the
//! pod's tolerations plus the ones the controller adds to every daemon pod. Resources and
//! host ports are deliberately not checked: since 1.12 the scheduler places daemon pods and
//! judges those (TestNodeShouldRunDaemonPod's "InsufficientResourceError" and
//! "ErrPodNotFitsHostPorts" cases expect the pod to run).
//!
//! Models pkg/controller/daemon/daemon_controller.go (`NodeShouldRunDaemonPod`, `predicates`,
//! `NewPod`), pkg/controller/daemon/util/daemonset_util.go (`AddOrUpdateDaemonPodTolerations`),
//! pkg/apis/core/v1/helper/helpers.go (`AddOrUpdateTolerationInPodSpec`) and
//! component-helpers/scheduling/corev1/helpers.go (`FindMatchingUntoleratedTaint`,
//! `Toleration.ToleratesTaint`).

use super::affinity::required_node_affinity_matches;
use crate::controllers::nodelifecycle::TAINT_UNSCHEDULABLE;
use crate::model::{Node, PodSpec, Taint, Toleration, TAINT_NOT_READY, TAINT_UNREACHABLE};

/// core/v1 well_known_taints.go: the taints the node lifecycle controller sets from
/// conditions (TaintNodesByCondition), which kubeloop's model does not set yet.
pub const TAINT_DISK_PRESSURE: &str = "node.kubernetes.io/disk-pressure";
pub const TAINT_MEMORY_PRESSURE: &str = "node.kubernetes.io/memory-pressure";
pub const TAINT_PID_PRESSURE: &str = "node.kubernetes.io/pid-pressure";
pub const TAINT_NETWORK_UNAVAILABLE: &str = "node.kubernetes.io/network-unavailable";

pub const NO_SCHEDULE: &str = "NoSchedule";
pub const NO_EXECUTE: &str = "NoExecute";

/// The two answers of `NodeShouldRunDaemonPod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShouldRun {
    /// A daemon pod should be created on the node if it has none.
    pub should_run: bool,
    /// A daemon pod already on the node should be kept.
    pub should_continue_running: bool,
}

/// `Toleration.ToleratesTaint`: an empty effect or key matches any; `Exists` ignores the
/// value, `Equal` (or no operator) compares it; any other operator tolerates nothing.
pub fn tolerates_taint(t: &Toleration, taint: &Taint) -> bool {
    if !t.effect().is_empty() && t.effect() != taint.effect {
        return false;
    }
    if !t.key().is_empty() && t.key() != taint.key {
        return false;
    }
    match t.operator.as_deref().unwrap_or("") {
        "" | "Equal" => t.value.as_deref().unwrap_or("") == taint.value,
        "Exists" => true,
        _ => false,
    }
}

/// `FindMatchingUntoleratedTaint`: the first taint passing `filter` that no toleration
/// tolerates.
pub fn find_matching_untolerated_taint<'a>(
    taints: &'a [Taint],
    tolerations: &[Toleration],
    filter: impl Fn(&Taint) -> bool,
) -> Option<&'a Taint> {
    taints
        .iter()
        .filter(|t| filter(t))
        .find(|t| !tolerations.iter().any(|tol| tolerates_taint(tol, t)))
}

fn exists(key: &str, effect: &str) -> Toleration {
    Toleration {
        key: Some(key.into()),
        operator: Some("Exists".into()),
        effect: Some(effect.into()),
        ..Default::default()
    }
}

/// Go compares strings, where unset and `""` are the same value.
fn norm(s: &Option<String>) -> &str {
    s.as_deref().unwrap_or("")
}

/// `Toleration.MatchToleration`: same key, operator, value and effect (the seconds are
/// what an update may change).
fn same_toleration(a: &Toleration, b: &Toleration) -> bool {
    norm(&a.key) == norm(&b.key)
        && norm(&a.operator) == norm(&b.operator)
        && norm(&a.value) == norm(&b.value)
        && norm(&a.effect) == norm(&b.effect)
}

/// `AddOrUpdateTolerationInPodSpec`: replace every toleration matching `toleration` by it
/// (so a user's `tolerationSeconds` on the same toleration is dropped), or append it.
fn add_or_update_toleration(spec: &mut PodSpec, toleration: Toleration) {
    let current: &[Toleration] = spec.tolerations.as_deref().unwrap_or(&[]);
    let identical = |t: &Toleration| {
        same_toleration(t, &toleration) && t.toleration_seconds == toleration.toleration_seconds
    };
    if current.iter().any(identical) {
        return;
    }
    let mut updated = false;
    let mut list: Vec<Toleration> = current
        .iter()
        .map(|t| {
            if same_toleration(t, &toleration) {
                updated = true;
                toleration.clone()
            } else {
                t.clone()
            }
        })
        .collect();
    if !updated {
        list.push(toleration);
    }
    spec.tolerations = Some(list.into());
}

/// `AddOrUpdateDaemonPodTolerations`: daemon pods survive not-ready and unreachable nodes
/// (NoExecute, no `tolerationSeconds`, so forever) and schedule despite pressure and
/// cordoning (NoSchedule); host-network pods also despite an unavailable pod network.
pub fn add_or_update_daemon_pod_tolerations(spec: &mut PodSpec) {
    add_or_update_toleration(spec, exists(TAINT_NOT_READY, NO_EXECUTE));
    add_or_update_toleration(spec, exists(TAINT_UNREACHABLE, NO_EXECUTE));
    for key in [TAINT_DISK_PRESSURE, TAINT_MEMORY_PRESSURE, TAINT_PID_PRESSURE, TAINT_UNSCHEDULABLE]
    {
        add_or_update_toleration(spec, exists(key, NO_SCHEDULE));
    }
    if spec.host_network == Some(true) {
        add_or_update_toleration(spec, exists(TAINT_NETWORK_UNAVAILABLE, NO_SCHEDULE));
    }
}

/// `NodeShouldRunDaemonPod`, given the DaemonSet's pod template spec.
///
/// A template naming another node runs nowhere else. Otherwise the pod `NewPod` would
/// build (the template with the daemon tolerations) must pass the node selector and
/// required affinity, or it neither runs nor stays. An untolerated NoSchedule or NoExecute
/// taint stops a new pod; a pod already there stays unless a NoExecute taint is
/// untolerated. PreferNoSchedule never matters.
pub fn node_should_run_daemon_pod(node: &Node, template: &PodSpec) -> ShouldRun {
    let never = ShouldRun { should_run: false, should_continue_running: false };
    if template.node_name.as_deref().is_some_and(|n| !n.is_empty() && n != node.metadata.name) {
        return never;
    }
    let mut pod = template.clone();
    pod.node_name = Some(node.metadata.name.clone());
    add_or_update_daemon_pod_tolerations(&mut pod);
    if !required_node_affinity_matches(&pod, node) {
        return never;
    }
    let tolerations = pod.tolerations.as_deref().unwrap_or(&[]);
    let taints = &node.spec.taints;
    let blocks_new = |t: &Taint| t.effect == NO_EXECUTE || t.effect == NO_SCHEDULE;
    if find_matching_untolerated_taint(taints, tolerations, blocks_new).is_none() {
        return ShouldRun { should_run: true, should_continue_running: true };
    }
    let evicts = |t: &Taint| t.effect == NO_EXECUTE;
    ShouldRun {
        should_run: false,
        should_continue_running: find_matching_untolerated_taint(taints, tolerations, evicts)
            .is_none(),
    }
}

#[cfg(test)]
#[path = "predicates_tests.rs"]
mod tests;
