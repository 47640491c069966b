//! Test-only instances of every phrase, their fields filled by type, so the English of every
//! variant can be checked against `english.txt` (recorded from the `write!`-per-variant
//! wording this module had before its templates) and the comparison checked against the
//! derived `Debug`.
//!
//! Each round fills the numbers differently (1, 3, 0, then alternating by field so a phrase
//! whose plural follows one of two counts shows which one), and the last rounds put capitals,
//! quotes and a typed phrase where the names and nested phrases go.

use super::{NodeSaid, Said};

/// How many differently filled instances each variant has.
pub const ROUNDS: usize = 7;

/// A field's value for a round; `index` counts the variant's fields from 1.
pub trait Sample {
    fn sample(name: &str, round: usize, index: usize) -> Self;
}

fn number(round: usize, index: usize) -> i64 {
    match round {
        0 => 1,
        1 => 3,
        2 => 0,
        3 => (index % 2) as i64,
        4 => ((index + 1) % 2) as i64,
        _ => 2,
    }
}

fn text(name: &str, round: usize) -> String {
    if round == 5 {
        format!("{} \"Ä\\é\"", name.to_uppercase())
    } else {
        name.to_string()
    }
}

macro_rules! number_sample {
    ($($t:ty),*) => {$(
        impl Sample for $t {
            fn sample(_: &str, round: usize, index: usize) -> Self {
                number(round, index) as $t
            }
        }
    )*};
}
number_sample!(i32, i64, u32, u64, usize);

impl Sample for String {
    fn sample(name: &str, round: usize, _: usize) -> Self {
        text(name, round)
    }
}

impl Sample for Box<Said> {
    fn sample(name: &str, round: usize, index: usize) -> Self {
        Box::new(if round == 6 {
            NodeSaid::Evict { pods: index }.into()
        } else {
            Said::Cluster(text(name, round))
        })
    }
}

impl Sample for Vec<Said> {
    fn sample(name: &str, round: usize, index: usize) -> Self {
        let len = if round == 6 { 2 } else { number(round, index) as usize };
        (0..len)
            .map(|i| match round {
                6 => NodeSaid::PodsStill { pods: i + 1 }.into(),
                _ => Said::Cluster(format!("{}{i}", text(name, round))),
            })
            .collect()
    }
}

/// Every sample's English, one `id: English` line per distinct wording of each phrase, in
/// the order the phrases are declared.
pub fn english() -> String {
    let mut ids: Vec<&str> = Vec::new();
    let mut said: std::collections::HashMap<&str, Vec<String>> = Default::default();
    for round in 0..ROUNDS {
        for (id, phrase) in Said::samples(round) {
            let wordings = said.entry(id).or_insert_with(|| {
                ids.push(id);
                Vec::new()
            });
            let english = phrase.to_string();
            if !wordings.contains(&english) {
                wordings.push(english);
            }
        }
    }
    let mut out = String::new();
    for id in ids {
        for english in &said[id] {
            out.push_str(&format!("{id}: {english}\n"));
        }
    }
    out
}
