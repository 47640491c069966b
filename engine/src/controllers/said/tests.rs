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
