//! The "kubectl support" tables in `docs/kubectl.md` are a claim, and this test holds it to the evidence:
//! every verb and flag it lists as supported appears in a golden transcript
//! (`tests/golden/*.sh`, `examples/lesson.sh`), whose output is checked line by line, and
//! every verb it lists as refused is refused by the command box.

use std::path::{Path, PathBuf};

use kubeloop::kubectl::Mode;
use kubeloop::session::Session;
use kubeloop::world::World;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The rows of the `heading_table`th table of `docs/kubectl.md`, as cells.
fn rows(heading_table: usize) -> Vec<Vec<String>> {
    let section = std::fs::read_to_string(root().join("docs/kubectl.md")).expect("docs/kubectl.md");
    let tables: Vec<Vec<Vec<String>>> = section
        .split("\n\n")
        .filter(|block| block.trim_start().starts_with('|'))
        .map(|block| {
            block
                .lines()
                .skip(2) // header and rule
                .map(|l| {
                    l.trim().trim_matches('|').split(" | ").map(|c| c.trim().to_string()).collect()
                })
                .collect()
        })
        .collect();
    tables.get(heading_table).cloned().unwrap_or_default()
}

/// Backticked spans of a cell, with `\|` (a pipe inside a table cell) unescaped.
fn spans(cell: &str) -> Vec<String> {
    cell.split('`').skip(1).step_by(2).map(|s| s.replace("\\|", "|")).collect()
}

/// What a golden line must contain to show a flag: the flag up to its first placeholder
/// (`--replicas=N` → `--replicas=`, `-l SEL` → `-l `, `--type=json` as written).
fn evidence(flag: &str) -> &str {
    let cut = flag
        .char_indices()
        .find(|&(i, c)| {
            c.is_ascii_uppercase() && i > 0 && b"= /,".contains(&flag.as_bytes()[i - 1])
        })
        .map_or(flag.len(), |(i, _)| i);
    &flag[..cut]
}

fn golden_lines() -> Vec<String> {
    let dir = root().join("engine/tests/golden");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("golden dir")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "sh"))
        .collect();
    files.push(root().join("examples/lesson.sh"));
    files
        .iter()
        .flat_map(|f| {
            // Each command of a `;` or `&&` sequence, or of a pipeline, counts as a line of its own.
            let text = std::fs::read_to_string(f).unwrap();
            text.lines()
                .flat_map(|l| {
                    l.split("; ").flat_map(|c| c.split(" && ")).flat_map(|c| c.split(" | "))
                })
                .map(|c| c.trim().to_string())
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn every_supported_verb_and_flag_is_shown_by_a_golden_transcript() {
    let supported = rows(0);
    assert!(supported.len() > 20, "the supported table has its rows: {}", supported.len());
    let lines = golden_lines();
    let mut missing = Vec::new();
    for row in &supported {
        let Some(verb) = spans(&row[0]).into_iter().next() else { continue };
        let uses: Vec<&String> = lines
            .iter()
            .filter(|l| {
                let l = l.trim_start_matches("timeout 5s ").trim_start_matches("timeout 20s ");
                l.starts_with(&format!("k {verb}")) || l.starts_with(&format!("kubectl {verb}"))
            })
            .collect();
        if uses.is_empty() {
            missing.push(format!("`{verb}`: no golden line runs it"));
            continue;
        }
        for flags in row.get(1).map(|c| spans(c)).unwrap_or_default() {
            for flag in flags.split('|').filter(|f| f.starts_with('-')) {
                // `--type=json` is also shown by `--type json`.
                let shown = evidence(flag);
                let spaced = shown.replacen('=', " ", 1);
                if !uses.iter().any(|l| l.contains(shown) || l.contains(&spaced)) {
                    missing.push(format!("`{verb}` `{flag}`: no golden line contains {shown:?}"));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "docs/kubectl.md claims support the goldens do not show:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_refused_verb_is_refused_with_a_reason() {
    let refused = rows(1);
    assert!(refused.len() >= 5, "the refused table has its rows");
    for row in &refused {
        for verb in spans(&row[0]) {
            let mut s = Session::new(World::new(1), Mode::Script);
            let out = s.run(&format!("k {verb}"));
            assert_ne!(out.status, 0, "`k {verb}` is listed as refused but ran:\n{}", out.text());
            assert!(
                out.text().contains("not supported in kubeloop")
                    || out.text().contains("kubeloop:"),
                "`k {verb}` is refused without saying why:\n{}",
                out.text()
            );
            assert!(
                !row.get(1).is_none_or(|why| why.is_empty()),
                "`{verb}` has no reason in docs/kubectl.md"
            );
        }
    }
}
