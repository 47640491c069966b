//! A `kubeloop serve` process for tests that drive it with real clients.

#[allow(dead_code)]
pub mod kubectl;

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

/// The server process; killed when dropped.
pub struct Server {
    child: Child,
    pub url: String,
}

impl Server {
    /// `kubeloop serve --port 0` with extra flags; waits for its first line.
    pub fn start(flags: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kubeloop"))
            .arg("serve")
            .args(["--port", "0"])
            .args(flags)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("kubeloop serve starts");
        let mut line = String::new();
        let stdout = child.stdout.take().expect("stdout");
        BufReader::new(stdout).read_line(&mut line).expect("the first line");
        let url = line
            .trim()
            .strip_prefix("Serving on ")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .trim_end_matches('/')
            .to_string();
        Server { child, url }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The repository root.
#[allow(dead_code)]
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}
