//! Golden transcripts: each `golden/*.sh` script runs from a fresh cluster (seed 1) and its
//! transcript must equal the checked-in `golden/*.out`. A reviewer reads behaviour, not API
//! calls. After an intended change, regenerate with `UPDATE_GOLDEN=1 cargo test --test golden`
//! and read the diff.

use std::path::{Path, PathBuf};

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn check(script: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(script).map_err(|e| format!("{}: {e}", script.display()))?;
    let got = kubeloop::script::run_script(&text, 1);
    let expected_path = script.with_extension("out");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&expected_path, &got).map_err(|e| e.to_string())?;
        return Ok(());
    }
    let expected = std::fs::read_to_string(&expected_path)
        .map_err(|_| format!("{} has no {}", script.display(), expected_path.display()))?;
    if got == expected {
        return Ok(());
    }
    let mut report = format!("{} differs from {}:\n", script.display(), expected_path.display());
    for (i, (g, e)) in got.lines().zip(expected.lines()).enumerate() {
        if g != e {
            report.push_str(&format!(
                "first difference at line {}:\n  expected: {e:?}\n  got:      {g:?}\n",
                i + 1
            ));
            break;
        }
    }
    if got.lines().count() != expected.lines().count() {
        report.push_str(&format!(
            "expected {} lines, got {}\n--- got ---\n{got}",
            expected.lines().count(),
            got.lines().count()
        ));
    }
    Err(report)
}

#[test]
fn golden_transcripts_match() {
    let mut scripts: Vec<PathBuf> = std::fs::read_dir(golden_dir())
        .expect("tests/golden exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "sh"))
        .collect();
    scripts.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/lesson.sh"));
    scripts.sort();
    assert!(scripts.len() > 1, "golden scripts are present");
    let failures: Vec<String> = scripts.iter().filter_map(|s| check(s).err()).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_same_seed_gives_the_same_transcript() {
    let script = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/lesson.sh"),
    )
    .unwrap();
    assert_eq!(kubeloop::script::run_script(&script, 7), kubeloop::script::run_script(&script, 7));
    assert_ne!(kubeloop::script::run_script(&script, 7), kubeloop::script::run_script(&script, 8));
}
