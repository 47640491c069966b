//! The DaemonSet rolling update's arithmetic: how many nodes may be without an available
//! daemon pod (`maxUnavailable`) or carry two (`maxSurge`), and, when surge is off, which
//! old pods to delete this round. Pure over counts and per-node pod states; no store.
//!
//! Models pkg/controller/daemon/util/daemonset_util.go (`SurgeCount`, `UnavailableCount`)
//! and pkg/controller/daemon/update.go (`updatedDesiredNodeCounts`, and `rollingUpdate`'s
//! `maxSurge == 0` branch); the surge branch is `surge.rs`.

use crate::model::IntOrString;

/// `spec.updateStrategy`, as the API server stores it after defaulting.
#[derive(Clone, Debug, PartialEq)]
pub enum UpdateStrategy {
    OnDelete,
    RollingUpdate { max_unavailable: Option<IntOrString>, max_surge: Option<IntOrString> },
}

impl Default for UpdateStrategy {
    /// pkg/apis/apps/v1/defaults.go `SetDefaults_DaemonSet`: RollingUpdate, maxUnavailable
    /// 1, maxSurge 0.
    fn default() -> Self {
        UpdateStrategy::RollingUpdate {
            max_unavailable: Some(IntOrString::Int(1)),
            max_surge: Some(IntOrString::Int(0)),
        }
    }
}

/// `GetScaledValueFromIntOrPercent` with a nil value, which is an error upstream.
fn scaled(v: Option<&IntOrString>, total: i32) -> Result<i32, String> {
    // intstr.go: `fmt.Errorf("nil value for IntOrString")`.
    v.ok_or_else(|| "nil value for IntOrString".to_string())?.scaled_value(total, true)
}

/// `SurgeCount`: 0 unless rolling with a `maxSurge`; percentages of the nodes that should
/// run the pod, rounded up.
pub fn surge_count(strategy: &UpdateStrategy, number_to_schedule: i32) -> Result<i32, String> {
    match strategy {
        UpdateStrategy::RollingUpdate { max_surge: Some(s), .. } => {
            scaled(Some(s), number_to_schedule)
        }
        _ => Ok(0),
    }
}

/// `UnavailableCount`: 0 unless rolling; percentages rounded *up*, unlike a Deployment's
/// `maxUnavailable` (which rounds down), so "10%" of 5 nodes is 1, not 0.
pub fn unavailable_count(
    strategy: &UpdateStrategy,
    number_to_schedule: i32,
) -> Result<i32, String> {
    match strategy {
        UpdateStrategy::RollingUpdate { max_unavailable, .. } => {
            scaled(max_unavailable.as_ref(), number_to_schedule)
        }
        UpdateStrategy::OnDelete => Ok(0),
    }
}

/// `updatedDesiredNodeCounts`: (maxSurge, maxUnavailable) for `desired` nodes. When both
/// come out 0 on a non-empty set, one node may be unavailable so the update can move.
/// Errors carry update.go's wording.
pub fn updated_desired_node_counts(
    strategy: &UpdateStrategy,
    desired: i32,
) -> Result<(i32, i32), String> {
    let mut unavailable = unavailable_count(strategy, desired)
        .map_err(|e| format!("invalid value for MaxUnavailable: {e}"))?;
    let surge =
        surge_count(strategy, desired).map_err(|e| format!("invalid value for MaxSurge: {e}"))?;
    if desired > 0 && unavailable == 0 && surge == 0 {
        unavailable = 1;
    }
    Ok((surge, unavailable))
}

/// One daemon pod as the rolling update sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct DaemonPod {
    pub name: String,
    /// `podutil.IsPodAvailable` with the set's `minReadySeconds`, judged by the caller.
    pub available: bool,
}

/// What `findUpdatedPodsOnNode` found on one node.
#[derive(Clone, Debug, PartialEq)]
pub enum NodePods {
    /// More than one old or more than one new pod: the manage loop cleans up first.
    Ambiguous,
    Pods {
        old: Option<DaemonPod>,
        new: Option<DaemonPod>,
    },
}

/// `rollingUpdate` with `maxSurge == 0`: the old pods to delete this round, in node order.
///
/// A node with no pod, both pods, or an ambiguous set counts as unavailable, as does a node
/// whose new pod is not yet available. An old pod that is itself unavailable is always
/// replaced (deleting it costs nothing) and counts as unavailable; available old pods are
/// deleted only while the unavailable count leaves room under `max_unavailable`.
///
/// Upstream walks a Go map, so its choice among candidates is random; here it is the
/// order of `nodes`, which the caller gives sorted by node name.
pub fn old_pods_to_delete(nodes: &[NodePods], max_unavailable: i32) -> Vec<String> {
    let mut unavailable = 0;
    let mut replace_now = Vec::new();
    let mut candidates = Vec::new();
    for node in nodes {
        match node {
            NodePods::Ambiguous
            | NodePods::Pods { old: None, new: None }
            | NodePods::Pods { old: Some(_), new: Some(_) } => unavailable += 1,
            NodePods::Pods { old: None, new: Some(new) } => {
                if !new.available {
                    unavailable += 1;
                }
            }
            NodePods::Pods { old: Some(old), new: None } => {
                if !old.available {
                    replace_now.push(old.name.clone());
                    unavailable += 1;
                } else if unavailable < max_unavailable {
                    candidates.push(old.name.clone());
                }
            }
        }
    }
    let room = (max_unavailable - unavailable).clamp(0, candidates.len() as i32) as usize;
    replace_now.extend(candidates.into_iter().take(room));
    replace_now
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rolling(unavailable: Option<IntOrString>, surge: Option<IntOrString>) -> UpdateStrategy {
        UpdateStrategy::RollingUpdate { max_unavailable: unavailable, max_surge: surge }
    }
    fn int(i: i32) -> Option<IntOrString> {
        Some(IntOrString::Int(i))
    }
    fn pct(s: &str) -> Option<IntOrString> {
        Some(IntOrString::Str(s.into()))
    }

    // update_test.go TestGetUnavailableNumbers (its `newUpdateUnavailable` and
    // `newUpdateSurge` strategies; `desiredNumberScheduled` is the node count here).
    #[test]
    fn counts_scale_percentages_up_against_desired_nodes() {
        let unavailable = |v| rolling(v, None);
        let surge = |v| rolling(int(0), v);
        let cases = [
            ("No nodes", unavailable(int(0)), 0, (0, 0)),
            ("Two nodes with ready pods", unavailable(int(1)), 2, (0, 1)),
            ("Two nodes, one node without pods", unavailable(int(0)), 2, (0, 1)),
            ("Two nodes, one node without pods, surge", surge(int(0)), 2, (0, 1)),
            ("Two nodes with pods, MaxUnavailable in percents", unavailable(pct("50%")), 2, (0, 1)),
            (
                "Two nodes with pods, MaxUnavailable in percents, surge",
                surge(pct("50%")),
                2,
                (1, 0),
            ),
            ("Two nodes with pods, MaxUnavailable is 100%, surge", surge(pct("100%")), 2, (2, 0)),
            (
                "Two nodes with pods, MaxUnavailable in percents, pod terminating",
                unavailable(pct("50%")),
                3,
                (0, 2),
            ),
            ("the API server's default", UpdateStrategy::default(), 5, (0, 1)),
            ("10% of 5 rounds up", unavailable(pct("10%")), 5, (0, 1)),
            ("OnDelete still defaults to one", UpdateStrategy::OnDelete, 4, (0, 1)),
        ];
        for (name, strategy, desired, want) in cases {
            assert_eq!(updated_desired_node_counts(&strategy, desired), Ok(want), "{name}");
        }
    }

    #[test]
    fn bad_values_are_errors_with_update_go_wording() {
        assert_eq!(
            updated_desired_node_counts(&rolling(pct("abc%"), int(0)), 3),
            Err("invalid value for MaxUnavailable: invalid value for IntOrString: invalid value \"abc%\"".into())
        );
        assert_eq!(
            updated_desired_node_counts(&rolling(None, int(0)), 3),
            Err("invalid value for MaxUnavailable: nil value for IntOrString".into())
        );
        assert!(updated_desired_node_counts(&rolling(int(1), pct("x")), 3)
            .is_err_and(|e| e.starts_with("invalid value for MaxSurge: ")));
    }

    fn pod(name: &str, available: bool) -> Option<DaemonPod> {
        Some(DaemonPod { name: name.into(), available })
    }
    fn old(name: &str, available: bool) -> NodePods {
        NodePods::Pods { old: pod(name, available), new: None }
    }
    fn new(name: &str, available: bool) -> NodePods {
        NodePods::Pods { old: None, new: pod(name, available) }
    }

    #[test]
    fn with_no_surge_old_pods_go_one_budget_at_a_time() {
        let nodes = [old("a", true), old("b", true), old("c", true)];
        assert_eq!(old_pods_to_delete(&nodes, 1), ["a"]);
        assert_eq!(old_pods_to_delete(&nodes, 2), ["a", "b"]);
        assert_eq!(old_pods_to_delete(&nodes, 5), ["a", "b", "c"]);
    }

    #[test]
    fn an_unavailable_new_pod_uses_the_budget() {
        let nodes = [new("a2", false), old("b", true), old("c", true)];
        assert!(old_pods_to_delete(&nodes, 1).is_empty());
        let nodes = [new("a2", true), old("b", true), old("c", true)];
        assert_eq!(old_pods_to_delete(&nodes, 1), ["b"]);
    }

    #[test]
    fn unavailable_old_pods_are_replaced_regardless_of_budget() {
        let nodes = [
            NodePods::Ambiguous,
            NodePods::Pods { old: None, new: None },
            old("b", false),
            old("c", true),
        ];
        assert_eq!(old_pods_to_delete(&nodes, 1), ["b"]);
    }

    // An unavailable old pod spends budget too, so a later available one waits.
    #[test]
    fn replacing_an_unavailable_old_pod_uses_the_budget() {
        assert_eq!(old_pods_to_delete(&[old("a", false), old("b", true)], 1), ["a"]);
        assert_eq!(old_pods_to_delete(&[old("a", false), old("b", true)], 2), ["a", "b"]);
    }

    // Once the budget is spent, later available old pods are not even candidates, but an
    // earlier candidate stays one (the count is checked as the walk goes).
    #[test]
    fn candidates_are_taken_only_while_there_is_room() {
        let nodes = [old("a", true), new("b2", false), new("c2", false), old("d", true)];
        assert!(old_pods_to_delete(&nodes, 2).is_empty());
        assert_eq!(old_pods_to_delete(&nodes, 3), ["a"]);
    }
}
