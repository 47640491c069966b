//! The phrases' ids and arguments, and their English.

use super::*;

#[test]
fn every_phrase_has_a_distinct_id_and_named_arguments() {
    let mut seen = std::collections::BTreeSet::new();
    for (id, args) in Said::messages() {
        assert!(id.starts_with("said-"), "{id}");
        assert!(seen.insert(id), "{id} is declared twice");
        let mut names: Vec<_> = args.to_vec();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), args.len(), "{id} names an argument twice");
    }
}

/// A probe's result says how many in a row only past the first, with its kind in lower case.
#[test]
fn a_probe_result_counts_its_runs_past_the_first() {
    let failed = |runs| KubeletSaid::ProbeFailed {
        probe: "Readiness".into(),
        container: "web".into(),
        runs,
    };
    assert_eq!(failed(1).to_string(), "readiness probe of web failed");
    assert_eq!(failed(3).to_string(), "readiness probe of web failed 3 times in a row");
}
