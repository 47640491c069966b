//! Deployments (apps/v1), with the API server's defaults.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::meta::{LabelSelector, ObjectMeta};
use super::pod::PodTemplateSpec;
use super::replicaset::{apps_v1, is_zero32, is_zero64, one, Condition};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Deployment {
    #[serde(default = "apps_v1")]
    pub api_version: String,
    #[serde(default = "deploy_kind")]
    pub kind: String,
    pub metadata: ObjectMeta,
    pub spec: DeploymentSpec,
    #[serde(default)]
    pub status: DeploymentStatus,
}

fn deploy_kind() -> String {
    "Deployment".into()
}

/// Defaults from pkg/apis/apps/v1/defaults.go `SetDefaults_Deployment`.
pub const DEFAULT_REVISION_HISTORY_LIMIT: i32 = 10;
pub const DEFAULT_PROGRESS_DEADLINE_SECONDS: i32 = 600;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DeploymentSpec {
    #[serde(default = "one")]
    pub replicas: i32,
    pub selector: LabelSelector,
    #[serde(default)]
    pub template: PodTemplateSpec,
    #[serde(default)]
    pub strategy: DeploymentStrategy,
    #[serde(default, skip_serializing_if = "is_zero32")]
    pub min_ready_seconds: i32,
    #[serde(default = "default_history")]
    pub revision_history_limit: i32,
    #[serde(default, skip_serializing_if = "is_false")]
    pub paused: bool,
    #[serde(default = "default_deadline")]
    pub progress_deadline_seconds: i32,
}

fn default_history() -> i32 {
    DEFAULT_REVISION_HISTORY_LIMIT
}
fn default_deadline() -> i32 {
    DEFAULT_PROGRESS_DEADLINE_SECONDS
}
fn is_false(b: &bool) -> bool {
    !*b
}

impl Default for DeploymentSpec {
    fn default() -> Self {
        DeploymentSpec {
            replicas: 1,
            selector: LabelSelector::default(),
            template: PodTemplateSpec::default(),
            strategy: DeploymentStrategy::default(),
            min_ready_seconds: 0,
            revision_history_limit: DEFAULT_REVISION_HISTORY_LIMIT,
            paused: false,
            progress_deadline_seconds: DEFAULT_PROGRESS_DEADLINE_SECONDS,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DeploymentStrategy {
    #[serde(rename = "type", default = "rolling")]
    pub type_: StrategyType,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rolling_update: Option<RollingUpdate>,
}

fn rolling() -> StrategyType {
    StrategyType::RollingUpdate
}

impl Default for DeploymentStrategy {
    fn default() -> Self {
        DeploymentStrategy {
            type_: StrategyType::RollingUpdate,
            rolling_update: Some(RollingUpdate::default()),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StrategyType {
    RollingUpdate,
    Recreate,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RollingUpdate {
    #[serde(default = "quarter")]
    pub max_unavailable: IntOrString,
    #[serde(default = "quarter")]
    pub max_surge: IntOrString,
}

fn quarter() -> IntOrString {
    IntOrString::Str("25%".into())
}

impl Default for RollingUpdate {
    fn default() -> Self {
        RollingUpdate { max_unavailable: quarter(), max_surge: quarter() }
    }
}

/// `intstr.IntOrString`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum IntOrString {
    Int(i32),
    Str(String),
}

impl fmt::Display for IntOrString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IntOrString::Int(i) => write!(f, "{i}"),
            IntOrString::Str(s) => f.write_str(s),
        }
    }
}

impl IntOrString {
    /// `intstr.GetScaledValueFromIntOrPercent`: ints as-is, "N%" scaled and rounded up or down.
    pub fn scaled_value(&self, total: i32, round_up: bool) -> Result<i32, String> {
        match self {
            IntOrString::Int(i) => Ok(*i),
            IntOrString::Str(s) => {
                let digits = s
                    .strip_suffix('%')
                    .ok_or_else(|| "invalid type: string is not a percentage".to_string())?;
                let pct: i64 = digits
                    .parse()
                    .map_err(|_| format!("invalid value for IntOrString: invalid value {s:?}"))?;
                let product = pct * i64::from(total);
                let v =
                    if round_up { (product + 99).div_euclid(100) } else { product.div_euclid(100) };
                i32::try_from(v).map_err(|_| format!("invalid value for IntOrString: {s:?}"))
            }
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DeploymentStatus {
    #[serde(default, skip_serializing_if = "is_zero64")]
    pub observed_generation: i64,
    #[serde(default, skip_serializing_if = "is_zero32")]
    pub replicas: i32,
    #[serde(default, skip_serializing_if = "is_zero32")]
    pub updated_replicas: i32,
    #[serde(default, skip_serializing_if = "is_zero32")]
    pub ready_replicas: i32,
    #[serde(default, skip_serializing_if = "is_zero32")]
    pub available_replicas: i32,
    #[serde(default, skip_serializing_if = "is_zero32")]
    pub unavailable_replicas: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terminating_replicas: Option<i32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub collision_count: Option<i32>,
}

impl Deployment {
    pub fn condition(&self, type_: &str) -> Option<&Condition> {
        self.status.conditions.iter().find(|c| c.type_ == type_)
    }

    pub fn is_rolling(&self) -> bool {
        self.spec.strategy.type_ == StrategyType::RollingUpdate
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Vectors from intstr_test.go TestGetIntFromIntOrPercent.
    #[test]
    fn percentages_scale_with_the_requested_rounding() {
        assert_eq!(IntOrString::Int(123).scaled_value(0, true), Ok(123));
        let ninety = IntOrString::Str("90%".into());
        assert_eq!(ninety.scaled_value(100, true), Ok(90));
        assert_eq!(ninety.scaled_value(95, true), Ok(86));
        assert_eq!(ninety.scaled_value(95, false), Ok(85));
        for bad in ["%", "90#", "#%", "90"] {
            assert!(IntOrString::Str(bad.into()).scaled_value(100, true).is_err(), "{bad}");
        }
    }
}
