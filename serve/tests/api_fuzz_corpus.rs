//! Replays the `api_request` fuzzing corpus (`fuzz/regressions/api_request/*`) through the
//! same body the fuzzer runs (`fuzz/api_harness.rs`): hand-written hostile requests and every
//! input a fuzzing run found a problem with. None may panic, answer a failure without a
//! Status, or leave the cluster unable to answer.

#[path = "../../fuzz/api_harness.rs"]
mod api_harness;

use std::path::Path;

#[test]
fn api_request_regressions() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/regressions/api_request");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 10, "the corpus is missing from {}", dir.display());
    for file in files {
        let data = std::fs::read(&file).unwrap();
        let run = std::panic::catch_unwind(|| api_harness::api_request(&data));
        assert!(run.is_ok(), "{} panicked", file.display());
    }
}
