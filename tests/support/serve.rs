//! `kubeloop serve` for the end-to-end tests that need the Kubernetes API at the page's origin
//! (live mode): the server serves the release page and the API together.

// Each test crate includes this module and uses only some of it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// A process that says where it listens in its first line (`PREFIX ADDRESS`); stopped when
/// dropped.
pub struct Announced {
    child: Child,
    /// What follows the prefix.
    pub at: String,
}

impl Announced {
    pub fn start(mut cmd: Command, prefix: &str) -> Announced {
        let mut child = cmd
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{cmd:?} does not start: {e}"));
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
        let at = first
            .trim()
            .strip_prefix(prefix)
            .unwrap_or_else(|| panic!("{cmd:?} said {first:?}"))
            .to_string();
        Announced { child, at }
    }
}

impl Drop for Announced {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `kubeloop serve --port 0` with `flags`; `at` is its URL.
pub fn serve(flags: &[&str]) -> Announced {
    // Where cargo put it: $CARGO_TARGET_DIR when set (as the test's own build honoured it).
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root().join("target"), Into::into);
    let bin = target.join("debug/kubeloop");
    assert!(bin.exists(), "no {}: cargo build -p kubeloop-serve first", bin.display());
    let mut cmd = Command::new(bin);
    cmd.args(["serve", "--port", "0"]).args(flags);
    Announced::start(cmd, "Serving on ")
}
