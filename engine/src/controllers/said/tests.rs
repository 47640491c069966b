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

/// Every phrase's English, each variant filled several ways, is what `english.txt` recorded
/// before the phrases were said from templates. `KUBELOOP_RECORD_ENGLISH=1` writes the file
/// anew instead, for a phrase whose wording changes on purpose.
#[test]
fn every_phrase_says_the_recorded_english() {
    let said = super::samples::english();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/controllers/said/english.txt");
    if std::env::var_os("KUBELOOP_RECORD_ENGLISH").is_some() {
        std::fs::write(path, &said).expect("english.txt written");
        return;
    }
    let recorded = include_str!("english.txt");
    for (line, (said, recorded)) in said.lines().zip(recorded.lines()).enumerate() {
        assert_eq!(said, recorded, "english.txt line {}", line + 1);
    }
    assert_eq!(said.lines().count(), recorded.lines().count(), "english.txt's length");
}

/// Every template's placeholders name its phrase's fields, so none is said as a raw
/// `{name}`.
#[test]
fn every_template_names_only_its_fields() {
    for (id, said) in Said::samples(0) {
        let phrase = said.phrase().expect("a loop's phrase");
        let mut fields = Vec::new();
        phrase.each_arg(&mut |name, _| fields.push(name));
        for name in template::placeholders(phrase.template()) {
            assert!(fields.contains(&name), "{id}: {{{name}}} is none of its fields");
        }
    }
}

/// Phrases compare as their derived `Debug` reads: the same phrase with the same fields,
/// nested phrases and lists included, is equal, and any difference is not.
#[test]
fn phrases_are_equal_when_their_fields_are() {
    let all: Vec<Vec<(&str, Said)>> = (0..samples::ROUNDS).map(Said::samples).collect();
    let mut compared = 0;
    for round in &all {
        for (i, (_, a)) in round.iter().enumerate() {
            // The same phrase filled every other way, and the next phrase declared.
            let others = all.iter().map(|r| &r[i].1).chain(round.get(i + 1).map(|(_, b)| b));
            for b in others {
                let debug_equal = format!("{a:?}") == format!("{b:?}");
                assert_eq!(a == b, debug_equal, "{a:?} against {b:?}");
                assert!(a == &a.clone());
                compared += 1;
            }
        }
    }
    assert!(compared > 10_000, "{compared} pairs");
}
