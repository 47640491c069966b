//! PodDisruptionBudgets (policy/v1): how many of a set of pods must stay healthy while
//! something evicts them on purpose (`kubectl drain`). The disruption controller
//! (controllers/disruption.rs) keeps the status; the eviction subresource (api/eviction.rs)
//! reads it and spends it.
//!
//! Modelled on staging/src/k8s.io/api/policy/v1/types.go and the `DisruptionAllowed`
//! condition of staging/src/k8s.io/component-helpers/apps/poddisruptionbudget/helpers.go.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::meta::{LabelSelector, ObjectMeta};
use super::IntOrString;
use crate::clock::Time;

fn policy_v1() -> String {
    "policy/v1".into()
}
fn pdb_kind() -> String {
    "PodDisruptionBudget".into()
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PodDisruptionBudget {
    #[serde(default = "policy_v1")]
    pub api_version: String,
    #[serde(default = "pdb_kind")]
    pub kind: String,
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: PdbSpec,
    #[serde(default)]
    pub status: PdbStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PdbSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_available: Option<IntOrString>,
    /// A nil selector matches no pods; an empty one matches every pod in the namespace
    /// (policy/v1; v1beta1 read an empty one as none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<LabelSelector>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_unavailable: Option<IntOrString>,
    /// `IfHealthyBudget` (the API's reading when unset) or `AlwaysAllow`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unhealthy_pod_eviction_policy: Option<String>,
}

/// The four counts have no `omitempty` in upstream's types, so a zero is written out.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PdbStatus {
    #[serde(default, skip_serializing_if = "is_zero64")]
    pub observed_generation: i64,
    /// Pods an eviction was granted for that the controller has not yet seen go, with when.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub disrupted_pods: BTreeMap<String, Time>,
    #[serde(default)]
    pub disruptions_allowed: i32,
    #[serde(default)]
    pub current_healthy: i32,
    #[serde(default)]
    pub desired_healthy: i32,
    #[serde(default)]
    pub expected_pods: i32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<MetaCondition>,
}

fn is_zero64(v: &i64) -> bool {
    *v == 0
}

/// `metav1.Condition`: the condition shape of the newer APIs, whose message is always written.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MetaCondition {
    #[serde(rename = "type")]
    pub type_: String,
    pub status: String,
    #[serde(default, skip_serializing_if = "is_zero64")]
    pub observed_generation: i64,
    #[serde(default)]
    pub last_transition_time: Time,
    #[serde(default)]
    pub reason: String,
    #[serde(default)]
    pub message: String,
}

/// `policy.DisruptionAllowedCondition` and its reasons.
pub const DISRUPTION_ALLOWED: &str = "DisruptionAllowed";
pub const SUFFICIENT_PODS: &str = "SufficientPods";
pub const INSUFFICIENT_PODS: &str = "InsufficientPods";
/// `policy.AlwaysAllow`: an unready pod may be evicted whatever the budget says.
pub const ALWAYS_ALLOW: &str = "AlwaysAllow";

impl PodDisruptionBudget {
    /// The pods it covers are these labels' (`LabelSelectorAsSelector`); a nil selector and
    /// an invalid one cover none.
    pub fn covers(&self, labels: &super::Labels) -> bool {
        match self.spec.selector.as_ref().map(LabelSelector::try_to_selector) {
            Some(Ok(s)) => s.matches(labels),
            _ => false,
        }
    }

    /// helpers.go `UpdateDisruptionAllowedCondition`: True with SufficientPods while a
    /// disruption is allowed, False with InsufficientPods otherwise; the transition time moves
    /// only when the status does (`apimeta.SetStatusCondition`).
    pub fn set_allowed_condition(&mut self, now: Time) {
        let (status, reason) = if self.status.disruptions_allowed > 0 {
            ("True", SUFFICIENT_PODS)
        } else {
            ("False", INSUFFICIENT_PODS)
        };
        let observed = self.status.observed_generation;
        let conditions = &mut self.status.conditions;
        match conditions.iter_mut().find(|c| c.type_ == DISRUPTION_ALLOWED) {
            Some(c) => {
                if c.status != status {
                    c.last_transition_time = now;
                }
                c.status = status.into();
                c.reason = reason.into();
                c.message.clear();
                c.observed_generation = observed;
            }
            None => conditions.push(MetaCondition {
                type_: DISRUPTION_ALLOWED.into(),
                status: status.into(),
                observed_generation: observed,
                last_transition_time: now,
                reason: reason.into(),
                message: String::new(),
            }),
        }
    }

    /// helpers.go `ConditionsAreUpToDate`.
    pub fn conditions_up_to_date(&self) -> bool {
        let Some(c) = self.status.conditions.iter().find(|c| c.type_ == DISRUPTION_ALLOWED) else {
            return false;
        };
        if self.status.observed_generation != self.metadata.generation {
            return false;
        }
        if self.status.disruptions_allowed > 0 {
            c.status == "True" && c.reason == SUFFICIENT_PODS
        } else {
            c.status == "False" && c.reason == INSUFFICIENT_PODS
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_budget_reads_and_writes_the_apis_json() {
        let v = json!({"apiVersion": "policy/v1", "kind": "PodDisruptionBudget",
            "metadata": {"name": "web"},
            "spec": {"minAvailable": "50%", "selector": {"matchLabels": {"app": "web"}}}});
        let pdb: PodDisruptionBudget = serde_json::from_value(v).expect("a budget");
        assert_eq!(pdb.spec.min_available, Some(IntOrString::Str("50%".into())));
        let back = serde_json::to_value(&pdb).expect("json");
        // The counts are written even when zero, as upstream has no omitempty on them.
        assert_eq!(
            back["status"],
            json!({"disruptionsAllowed": 0, "currentHealthy": 0, "desiredHealthy": 0,
                "expectedPods": 0})
        );
        let labels = crate::model::Labels::from(BTreeMap::from([("app".into(), "web".into())]));
        assert!(pdb.covers(&labels));
        assert!(!PodDisruptionBudget::default().covers(&labels), "a nil selector covers none");
    }

    #[test]
    fn the_condition_follows_the_allowed_count_and_keeps_its_time_while_unchanged() {
        let mut pdb = PodDisruptionBudget::default();
        pdb.set_allowed_condition(Time::from_secs(5));
        assert_eq!(pdb.status.conditions[0].reason, INSUFFICIENT_PODS);
        assert!(pdb.conditions_up_to_date());
        pdb.status.disruptions_allowed = 1;
        assert!(!pdb.conditions_up_to_date());
        pdb.set_allowed_condition(Time::from_secs(9));
        pdb.set_allowed_condition(Time::from_secs(12));
        let c = &pdb.status.conditions[0];
        assert_eq!((c.status.as_str(), c.reason.as_str()), ("True", SUFFICIENT_PODS));
        assert_eq!(c.last_transition_time, Time::from_secs(9));
    }
}
