//! Replays the fuzzing regression corpus (`fuzz/regressions/TARGET/*`) through the same
//! target bodies the fuzzer runs (`fuzz/harness.rs`): hand-written hostile inputs and every
//! input a fuzzing run found a problem with. None may panic or break the cluster.
#![cfg(not(target_arch = "wasm32"))]

#[path = "../fuzz/harness.rs"]
mod harness;

use std::path::Path;

fn replay(target: &str, body: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions").join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no regressions for {target}");
    for file in files {
        let data = std::fs::read(&file).unwrap();
        let run = std::panic::catch_unwind(|| body(&data));
        assert!(run.is_ok(), "{} panicked", file.display());
    }
}

#[test]
fn command_line_regressions() {
    replay("command_line", harness::command_line);
}

#[test]
fn manifest_regressions() {
    replay("manifest", harness::manifest);
}

#[test]
fn patch_body_regressions() {
    replay("patch_body", harness::patch_body);
}

#[test]
fn go_template_regressions() {
    replay("go_template", harness::go_template);
}

#[test]
fn share_link_regressions() {
    replay("share_link", harness::share_link);
}

#[test]
fn saved_state_regressions() {
    replay("saved_state", harness::saved_state);
}

#[test]
fn mission_file_regressions() {
    replay("mission_file", harness::mission_file);
}

/// Inputs too big to keep as files: a 10 MB paste and a link that inflates past the limit.
#[test]
fn huge_pastes_and_bombs_are_refused_quickly() {
    let paste = "k get pods ".repeat(1_000_000);
    harness::command_line(paste.as_bytes());
    harness::manifest(format!("a: {}\n", "x".repeat(10 << 20)).as_bytes());
    harness::mission_file(format!("name: x\ngoal: {}\n", "x".repeat(10 << 20)).as_bytes());
    let bomb = kubeloop_web::journal::Journal::new(1).encode() + &" ".repeat(8 << 20);
    let packed = miniz_oxide::deflate::compress_to_vec(bomb.as_bytes(), 9);
    use base64::Engine;
    let link = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(packed);
    assert!(kubeloop_web::journal::Journal::decode_link(&link).unwrap_err().contains("unpacks"));
    harness::share_link(link.as_bytes());
}
