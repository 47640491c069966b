//! The graph's words: every phase is named in each language, and counts read as before.

use super::Phase;
use crate::words::{Lang, Words};

#[test]
fn every_phase_has_its_words_in_the_legend_and_the_summaries() {
    let (en, de) = (Words::default(), Words::new(Lang::De));
    for p in Phase::ALL {
        assert_ne!(en.t(p.label_id()), p.label_id(), "{p:?}");
        assert_ne!(de.t(p.label_id()), p.label_id(), "{p:?}");
    }
    assert_eq!(Phase::Unready.label(&en), "Not ready");
    // Kubernetes' own status words read as kubectl prints them, in every language.
    assert_eq!(Phase::Running.label(&de), "Running");
}

#[test]
fn counts_in_the_graphs_sentences_read_as_plain_numbers() {
    // Fluent could group digits ("1,501"); the page has always printed them plain.
    let en = Words::default();
    let text = en.with("graph-summarised", &[("count", 1501usize.into())]);
    assert!(text.starts_with("1501 pods: "), "{text}");
    let de = Words::new(Lang::De);
    assert_eq!(de.with("graph-hpa-left", &[("count", 1.into())]), "1 Replica, bleibt wie es ist");
}
