//! Where the real kubectl binaries are: the machine image's (Google Cloud CLI's kubectl
//! package, /usr/lib/google-cloud-sdk/bin/kubectl.1.NN), else the release binaries
//! scripts/ensure-tools downloads into tools/kubectl/ on machines without them.

use std::path::PathBuf;

/// The releases the interop tests run.
pub const VERSIONS: [&str; 7] = ["1.27", "1.28", "1.29", "1.30", "1.31", "1.32", "1.33"];

const IMAGE_DIR: &str = "/usr/lib/google-cloud-sdk/bin";

/// The `kubectl.1.NN` binary for `version`, if this machine has one.
pub fn binary(version: &str) -> Option<PathBuf> {
    let tools = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tools/kubectl");
    [PathBuf::from(IMAGE_DIR), tools]
        .into_iter()
        .map(|dir| dir.join(format!("kubectl.{version}")))
        .find(|p| p.is_file())
}

/// Where `binary` looks, for messages.
pub fn places() -> String {
    format!("{IMAGE_DIR} or tools/kubectl (scripts/ensure-tools --browser)")
}
