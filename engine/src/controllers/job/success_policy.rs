//! Whether an Indexed Job's succeeded indexes meet its success policy: a rule holds when all
//! of its `succeededIndexes` succeeded, or `succeededCount` of them (of all indexes, without
//! a list). The first rule that holds gives the SuccessCriteriaMet condition's message. Pure.
//!
//! Models pkg/controller/job/success_policy.go (`matchSuccessPolicy`,
//! `matchSucceededIndexesRule`).

use super::indexes::Intervals;
use crate::model::SuccessPolicy;

/// `batch.JobReasonSuccessPolicy`.
pub const SUCCESS_POLICY_REASON: &str = "SuccessPolicy";

/// `matchSuccessPolicy`: the message ("Matched rules at index 1") when a rule holds.
pub fn match_success_policy(
    policy: Option<&SuccessPolicy>,
    completions: i64,
    succeeded: &Intervals,
) -> Option<String> {
    let policy = policy?;
    if succeeded.0.is_empty() {
        return None;
    }
    for (index, rule) in policy.rules.iter().enumerate() {
        let met = match (&rule.succeeded_indexes, rule.succeeded_count) {
            (Some(ix), count) => {
                let required = Intervals::parse(ix, completions);
                // A list that does not parse is passed over.
                !required.0.is_empty() && indexes_rule_met(&required, succeeded, count)
            }
            (None, Some(count)) => succeeded.total() >= i64::from(count),
            (None, None) => false,
        };
        if met {
            return Some(format!("Matched rules at index {index}"));
        }
    }
    None
}

/// `matchSucceededIndexesRule`: how many required indexes succeeded, walking both lists once.
fn indexes_rule_met(required: &Intervals, succeeded: &Intervals, count: Option<i32>) -> bool {
    let (mut r, mut s, mut contains) = (0, 0, 0i64);
    while r < required.0.len() && s < succeeded.0.len() {
        let (a, b) = (required.0[r], succeeded.0[s]);
        let overlap = a.last.min(b.last) - a.first.max(b.first) + 1;
        if overlap > 0 {
            contains += overlap;
        }
        if b.last < a.last {
            s += 1;
        } else if b.last > a.last {
            r += 1;
        } else {
            s += 1;
            r += 1;
        }
    }
    contains == required.total() || count.is_some_and(|c| contains >= i64::from(c))
}

#[cfg(test)]
mod tests {
    //! Cases after pkg/controller/job/success_policy_test.go `TestMatchSuccessPolicy`.
    use super::*;
    use crate::model::SuccessPolicyRule;

    fn policy(rules: &[(Option<&str>, Option<i32>)]) -> SuccessPolicy {
        SuccessPolicy {
            rules: rules
                .iter()
                .map(|(ix, c)| SuccessPolicyRule {
                    succeeded_indexes: ix.map(String::from),
                    succeeded_count: *c,
                })
                .collect(),
        }
    }

    fn done(s: &str) -> Intervals {
        Intervals::parse(s, 10)
    }

    #[test]
    fn all_listed_indexes_must_succeed_without_a_count() {
        let p = policy(&[(Some("0,2-4"), None)]);
        assert_eq!(match_success_policy(Some(&p), 10, &done("0,2,3")), None);
        assert_eq!(
            match_success_policy(Some(&p), 10, &done("0-4,7")).as_deref(),
            Some("Matched rules at index 0")
        );
    }

    #[test]
    fn a_count_within_the_listed_indexes_is_enough() {
        let p = policy(&[(Some("5-9"), Some(2)), (Some("0-1"), Some(2))]);
        assert_eq!(match_success_policy(Some(&p), 10, &done("0,6")), None);
        assert_eq!(
            match_success_policy(Some(&p), 10, &done("0-1,6")).as_deref(),
            Some("Matched rules at index 1")
        );
        assert_eq!(
            match_success_policy(Some(&p), 10, &done("6-7")).as_deref(),
            Some("Matched rules at index 0")
        );
    }

    #[test]
    fn a_bare_count_counts_any_index_and_nothing_matches_before_a_success() {
        let p = policy(&[(None, Some(3))]);
        assert_eq!(match_success_policy(Some(&p), 10, &done("")), None);
        assert_eq!(match_success_policy(Some(&p), 10, &done("1,8")), None);
        assert!(match_success_policy(Some(&p), 10, &done("1,5,8")).is_some());
        assert_eq!(match_success_policy(None, 10, &done("0-9")), None);
    }

    #[test]
    fn an_unparsable_index_list_is_passed_over() {
        let p = policy(&[(Some("x"), None), (None, Some(1))]);
        assert_eq!(
            match_success_policy(Some(&p), 10, &done("3")).as_deref(),
            Some("Matched rules at index 1")
        );
    }
}
