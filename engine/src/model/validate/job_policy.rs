//! Validation of what a Job adds to "run pods to completion": the per-index back-off limit
//! and its cap on failed indexes, the pod failure policy, the success policy and the pod
//! replacement policy. Models pkg/apis/batch/validation/validation.go (`validateJobSpec`'s
//! middle part, `validatePodFailurePolicy`, `validatePodFailurePolicyRule`,
//! `validatePodFailurePolicyRuleOnExitCodes`, `validatePodFailurePolicyRuleOnPodConditions`,
//! `validateSuccessPolicy`, `validateSuccessPolicyRule`, `validatePodReplacementPolicy`,
//! `validateIndexesFormat`, `parseIndexInterval`) with their limits and words. Where the
//! API server prints a struct with Go's `%#v`, the value is shown as JSON, as elsewhere here.

use std::collections::BTreeSet;

use super::non_negative;
use crate::labels::field::{go_quote, BadValue};
use crate::labels::validation::{is_qualified_name, FieldError};
use crate::model::{JobSpec, OnExitCodes, OnPodConditionsPattern, PodFailurePolicyRule};

/// `maxFailedIndexesForIndexedJob`.
const MAX_FAILED_INDEXES: i32 = 100_000;
/// `completionsSoftLimit`, `parallelismLimitForHighCompletions`,
/// `maxFailedIndexesLimitForHighCompletions`.
const COMPLETIONS_SOFT_LIMIT: i32 = 100_000;
const PARALLELISM_LIMIT_HIGH: i32 = 10_000;
const MAX_FAILED_INDEXES_HIGH: i32 = 10_000;
/// `maxPodFailurePolicyRules`, `maxPodFailurePolicyOnExitCodesValues`,
/// `maxPodFailurePolicyOnPodConditionsPatterns`.
const MAX_PFP_RULES: usize = 20;
const MAX_EXIT_CODE_VALUES: usize = 255;
const MAX_CONDITION_PATTERNS: usize = 20;
/// `maxSuccessPolicyRule`, `maxJobSuccessPolicySucceededIndexesLimit`.
const MAX_SUCCESS_RULES: usize = 20;
const MAX_SUCCEEDED_INDEXES_LEN: usize = 64 * 1024;

/// The supported values, sorted as `sets.List` gives them.
const ACTIONS: [&str; 4] = ["Count", "FailIndex", "FailJob", "Ignore"];
const OPERATORS: [&str; 2] = ["In", "NotIn"];
const STATUSES: [&str; 3] = ["False", "True", "Unknown"];

/// `"a", "b"` as `field.NotSupported` lists them.
fn listed(values: &[&str]) -> String {
    values.iter().map(|v| format!("{v:?}")).collect::<Vec<_>>().join(", ")
}

/// `["a" "b"]`: Go's `%q` of a string slice, as the Required details print it.
fn quoted_slice(values: &[&str]) -> String {
    format!("[{}]", values.iter().map(|v| format!("{v:?}")).collect::<Vec<_>>().join(" "))
}

/// `backoffLimitPerIndex` and `maxFailedIndexes`: non-negative, the second needs the first,
/// both need an Indexed Job, and the caps for Jobs with many completions.
pub(super) fn per_index(errs: &mut Vec<FieldError>, path: &str, spec: &JobSpec) {
    if let Some(b) = spec.backoff_limit_per_index {
        non_negative(errs, &format!("{path}.backoffLimitPerIndex"), b);
    }
    if let Some(m) = spec.max_failed_indexes {
        non_negative(errs, &format!("{path}.maxFailedIndexes"), m);
        if spec.backoff_limit_per_index.is_none() {
            errs.push(FieldError::required(
                &format!("{path}.backoffLimitPerIndex"),
                "when maxFailedIndexes is specified",
            ));
        }
    }
}

/// The Indexed-only checks on `maxFailedIndexes` (after the completions and parallelism
/// checks in `validateJobSpec`).
pub(super) fn indexed_limits(errs: &mut Vec<FieldError>, path: &str, spec: &JobSpec) {
    let max_failed = format!("{path}.maxFailedIndexes");
    if let (Some(c), Some(m)) = (spec.completions, spec.max_failed_indexes) {
        if m > c {
            errs.push(FieldError::invalid(
                &max_failed,
                m,
                "must be less than or equal to completions",
            ));
        }
    }
    if let Some(m) = spec.max_failed_indexes.filter(|m| *m > MAX_FAILED_INDEXES) {
        errs.push(FieldError::invalid(
            &max_failed,
            m,
            &format!("must be less than or equal to {MAX_FAILED_INDEXES}"),
        ));
    }
    let high = spec.completions.is_some_and(|c| c > COMPLETIONS_SOFT_LIMIT);
    if high && spec.backoff_limit_per_index.is_some() {
        let tail = format!(
            "when completions are above {COMPLETIONS_SOFT_LIMIT} and used with backoff limit per index"
        );
        if spec.max_failed_indexes.is_none() {
            errs.push(FieldError::required(
                &max_failed,
                &format!("must be specified when completions is above {COMPLETIONS_SOFT_LIMIT}"),
            ));
        }
        if let Some(p) = spec.parallelism.filter(|p| *p > PARALLELISM_LIMIT_HIGH) {
            errs.push(FieldError::invalid(
                &format!("{path}.parallelism"),
                p,
                &format!("must be less than or equal to {PARALLELISM_LIMIT_HIGH} {tail}"),
            ));
        }
        if let Some(m) = spec.max_failed_indexes.filter(|m| *m > MAX_FAILED_INDEXES_HIGH) {
            errs.push(FieldError::invalid(
                &max_failed,
                m,
                &format!("must be less than or equal to {MAX_FAILED_INDEXES_HIGH} {tail}"),
            ));
        }
    }
}

/// The NonIndexed refusals of the per-index fields.
pub(super) fn non_indexed(errs: &mut Vec<FieldError>, path: &str, spec: &JobSpec) {
    if let Some(b) = spec.backoff_limit_per_index {
        let field = format!("{path}.backoffLimitPerIndex");
        errs.push(FieldError::invalid(&field, b, "requires indexed completion mode"));
    }
    if let Some(m) = spec.max_failed_indexes {
        let field = format!("{path}.maxFailedIndexes");
        errs.push(FieldError::invalid(&field, m, "requires indexed completion mode"));
    }
}

/// `validatePodFailurePolicy`: at most 20 rules, each valid against the template's
/// container names.
pub(super) fn pod_failure_policy(errs: &mut Vec<FieldError>, path: &str, spec: &JobSpec) {
    let Some(policy) = &spec.pod_failure_policy else { return };
    let rules = format!("{path}.rules");
    if policy.rules.len() > MAX_PFP_RULES {
        errs.push(FieldError::too_many(&rules, policy.rules.len(), MAX_PFP_RULES));
    }
    let t = &spec.template.spec;
    // Init containers are kept as JSON here; their names are read from it.
    let init = t.init_containers.iter().filter_map(|c| c.get("name").and_then(|n| n.as_str()));
    let names: BTreeSet<&str> = t.containers.iter().map(|c| c.name.as_str()).chain(init).collect();
    for (i, rule) in policy.rules.iter().enumerate() {
        pod_failure_policy_rule(errs, &format!("{rules}[{i}]"), spec, rule, &names);
    }
}

fn pod_failure_policy_rule(
    errs: &mut Vec<FieldError>,
    path: &str,
    spec: &JobSpec,
    rule: &PodFailurePolicyRule,
    names: &BTreeSet<&str>,
) {
    let action = format!("{path}.action");
    match rule.action.as_str() {
        "" => errs.push(FieldError::required(
            &action,
            &format!("valid values: {}", quoted_slice(&ACTIONS)),
        )),
        "FailIndex" if spec.backoff_limit_per_index.is_none() => errs.push(FieldError::invalid(
            &action,
            "FailIndex",
            "requires the backoffLimitPerIndex to be set",
        )),
        a if ACTIONS.contains(&a) => {}
        a => errs.push(FieldError::unsupported(&action, a, &listed(&ACTIONS))),
    }
    if let Some(codes) = &rule.on_exit_codes {
        on_exit_codes(errs, &format!("{path}.onExitCodes"), codes, names);
    }
    if !rule.on_pod_conditions.is_empty() {
        on_pod_conditions(errs, &format!("{path}.onPodConditions"), &rule.on_pod_conditions);
    }
    match (rule.on_exit_codes.is_some(), rule.on_pod_conditions.is_empty()) {
        (true, false) => errs.push(FieldError::invalid(
            path,
            BadValue::Omit,
            "specifying both OnExitCodes and OnPodConditions is not supported",
        )),
        (false, true) => errs.push(FieldError::invalid(
            path,
            BadValue::Omit,
            "specifying one of OnExitCodes and OnPodConditions is required",
        )),
        _ => {}
    }
}

fn on_pod_conditions(errs: &mut Vec<FieldError>, path: &str, patterns: &[OnPodConditionsPattern]) {
    if patterns.len() > MAX_CONDITION_PATTERNS {
        errs.push(FieldError::too_many(path, patterns.len(), MAX_CONDITION_PATTERNS));
    }
    for (j, p) in patterns.iter().enumerate() {
        let type_path = format!("{path}[{j}].type");
        errs.extend(
            is_qualified_name(&p.type_)
                .iter()
                .map(|m| FieldError::invalid(&type_path, p.type_.as_str(), m)),
        );
        let status = format!("{path}[{j}].status");
        match p.status.as_str() {
            "" => errs.push(FieldError::required(
                &status,
                &format!("valid values: {}", quoted_slice(&STATUSES)),
            )),
            s if STATUSES.contains(&s) => {}
            s => errs.push(FieldError::unsupported(&status, s, &listed(&STATUSES))),
        }
    }
}

fn on_exit_codes(
    errs: &mut Vec<FieldError>,
    path: &str,
    codes: &OnExitCodes,
    names: &BTreeSet<&str>,
) {
    let operator = format!("{path}.operator");
    match codes.operator.as_str() {
        "" => errs.push(FieldError::required(
            &operator,
            &format!("valid values: {}", quoted_slice(&OPERATORS)),
        )),
        o if OPERATORS.contains(&o) => {}
        o => errs.push(FieldError::unsupported(&operator, o, &listed(&OPERATORS))),
    }
    if let Some(name) = codes.container_name.as_deref().filter(|n| !names.contains(n)) {
        errs.push(FieldError::invalid(
            &format!("{path}.containerName"),
            name,
            "must be one of the container or initContainer names in the pod template",
        ));
    }
    let values = format!("{path}.values");
    if codes.values.is_empty() {
        // An omitted list is Go's nil slice, which marshals as null.
        errs.push(FieldError::invalid(
            &values,
            BadValue::Json(serde_json::Value::Null),
            "at least one value is required",
        ));
    } else if codes.values.len() > MAX_EXIT_CODE_VALUES {
        errs.push(FieldError::too_many(&values, codes.values.len(), MAX_EXIT_CODE_VALUES));
    }
    let mut seen = BTreeSet::new();
    let mut ordered = true;
    for (j, &v) in codes.values.iter().enumerate() {
        let at = format!("{values}[{j}]");
        if codes.operator == "In" && v == 0 {
            errs.push(FieldError::invalid(&at, v, "must not be 0 for the In operator"));
        }
        if !seen.insert(v) {
            errs.push(FieldError::duplicate(&at, v));
        }
        if j > 0 && codes.values[j - 1] > v {
            ordered = false;
        }
    }
    if !ordered {
        errs.push(FieldError::invalid(&values, BadValue::json(&codes.values), "must be ordered"));
    }
}

/// `successPolicy`: only for an Indexed Job; then at least one rule, at most 20, each valid.
pub(super) fn success_policy(errs: &mut Vec<FieldError>, path: &str, spec: &JobSpec) {
    let Some(policy) = &spec.success_policy else { return };
    if !spec.is_indexed() {
        errs.push(FieldError::invalid(
            path,
            BadValue::json(policy),
            "requires indexed completion mode",
        ));
        return;
    }
    let rules = format!("{path}.rules");
    if policy.rules.is_empty() {
        errs.push(FieldError::required(
            &rules,
            "at least one rules must be specified when the successPolicy is specified",
        ));
    }
    if policy.rules.len() > MAX_SUCCESS_RULES {
        errs.push(FieldError::too_many(&rules, policy.rules.len(), MAX_SUCCESS_RULES));
    }
    // Upstream reads `*spec.Completions` here; an Indexed Job without completions has
    // already been refused, so its rules are not looked at (rather than dereferencing nil).
    let Some(completions) = spec.completions else { return };
    for (i, rule) in policy.rules.iter().enumerate() {
        let at = format!("{rules}[{i}]");
        if rule.succeeded_count.is_none() && rule.succeeded_indexes.is_none() {
            errs.push(FieldError::required(
                &at,
                "at least one of succeededCount or succeededIndexes must be specified",
            ));
        }
        let mut total = 0;
        if let Some(ix) = &rule.succeeded_indexes {
            let field = format!("{at}.succeededIndexes");
            if ix.len() > MAX_SUCCEEDED_INDEXES_LEN {
                errs.push(FieldError::too_long(&field, MAX_SUCCEEDED_INDEXES_LEN));
            }
            match indexes_format(ix, completions) {
                Ok(n) => total = n,
                Err(e) => errs.push(FieldError::invalid(
                    &field,
                    ix.as_str(),
                    &format!("error parsing succeededIndexes: {e}"),
                )),
            }
        }
        if let Some(count) = rule.succeeded_count {
            let field = format!("{at}.succeededCount");
            non_negative(errs, &field, count);
            if count > completions {
                errs.push(FieldError::invalid(
                    &field,
                    count,
                    &format!(
                        "must be less than or equal to {completions} (the number of specified completions)"
                    ),
                ));
            }
            if rule.succeeded_indexes.is_some() && count > total {
                errs.push(FieldError::invalid(
                    &field,
                    count,
                    &format!("must be less than or equal to {total} (the number of indexes in the specified succeededIndexes field)"),
                ));
            }
        }
    }
}

/// `validatePodReplacementPolicy`: with a pod failure policy only Failed.
pub(super) fn pod_replacement_policy(errs: &mut Vec<FieldError>, path: &str, spec: &JobSpec) {
    let Some(p) = spec.pod_replacement_policy.as_deref() else { return };
    if spec.pod_failure_policy.is_some() {
        if p != "Failed" {
            errs.push(FieldError::unsupported(path, p, "\"Failed\""));
        }
    } else if p != "Failed" && p != "TerminatingOrFailed" {
        errs.push(FieldError::unsupported(path, p, "\"Failed\", \"TerminatingOrFailed\""));
    }
}

/// `validateIndexesFormat`: comma-separated indexes or `a-b` ranges below `completions`,
/// strictly increasing; the number of indexes they hold.
pub fn indexes_format(s: &str, completions: i32) -> Result<i32, String> {
    if s.is_empty() {
        return Ok(0);
    }
    let mut last: Option<i64> = None;
    let mut total: i64 = 0;
    for part in s.split(',') {
        let (x, y) = index_interval(part, completions)?;
        if let Some(l) = last.filter(|l| *l >= x) {
            return Err(format!("non-increasing order, previous: {l}, current: {x}"));
        }
        total += y - x + 1;
        last = Some(y);
    }
    Ok(total.clamp(0, i64::from(i32::MAX)) as i32)
}

/// `parseIndexInterval`. Go's `strconv.Atoi` takes an optional sign, so `+3` is 3; a
/// leading `-` splits the interval instead.
fn index_interval(part: &str, completions: i32) -> Result<(i64, i64), String> {
    let limits: Vec<&str> = part.split('-').collect();
    if limits.len() > 2 {
        return Err(format!("the fragment {} violates the requirement that an index interval can have at most two parts separated by '-'", go_quote(part)));
    }
    let atoi = |s: &str| -> Result<i64, String> {
        s.parse::<i64>()
            .map_err(|_| format!("cannot convert string to integer for index: {}", go_quote(s)))
    };
    let x = atoi(limits[0])?;
    if x >= i64::from(completions) {
        return Err(format!("too large index: {}", go_quote(limits[0])));
    }
    let Some(second) = limits.get(1) else { return Ok((x, x)) };
    let y = atoi(second)?;
    if y >= i64::from(completions) {
        return Err(format!("too large index: {}", go_quote(second)));
    }
    if x >= y {
        return Err(format!("non-increasing order, previous: {x}, current: {y}"));
    }
    Ok((x, y))
}

#[cfg(test)]
#[path = "job_policy_tests.rs"]
mod tests;
