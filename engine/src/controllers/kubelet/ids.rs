//! Identifiers the simulation invents where a runtime or registry would hash real content:
//! container IDs and image digests, deterministic so transcripts are stable.

use std::fmt::Write;

/// 32 bytes of deterministic digest for identifiers the simulation invents (container IDs,
/// image digests): FNV-1a of `seed`, one round per 8 bytes.
pub fn digest(seed: &str) -> [u8; 32] {
    digest_of(&[seed.as_bytes()])
}

/// `digest` of the concatenated parts, without building the string.
pub fn digest_of(parts: &[&[u8]]) -> [u8; 32] {
    let mut out = [0u8; 32];
    for (round, chunk) in out.chunks_mut(8).enumerate() {
        let mut h = 0xcbf2_9ce4_8422_2325u64 ^ round as u64;
        for b in parts.iter().flat_map(|p| p.iter()) {
            h = (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
        chunk.copy_from_slice(&h.to_be_bytes());
    }
    out
}

/// The ID the runtime gives a container: a digest of `<pod uid>/<name>/<restart count>`.
pub fn container_digest(uid: &str, name: &str, restarts: i32) -> [u8; 32] {
    let mut digits = [0u8; 11];
    let mut at = digits.len();
    let mut n = restarts.unsigned_abs();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    if restarts < 0 {
        at -= 1;
        digits[at] = b'-';
    }
    digest_of(&[uid.as_bytes(), b"/", name.as_bytes(), b"/", &digits[at..]])
}

/// The image ID a container runtime reports: the fully qualified repository and a digest
/// (`docker.io/library/nginx@sha256:...` for `nginx:1.27`).
pub fn image_id(image: &str) -> String {
    let repo = match image.split_once('@') {
        Some((repo, _)) => repo,
        None => match image.rsplit_once(':') {
            Some((repo, tag)) if !tag.contains('/') => repo,
            _ => image,
        },
    };
    let qualified = match repo.split_once('/') {
        None => format!("docker.io/library/{repo}"),
        Some((host, _)) if host.contains('.') || host.contains(':') || host == "localhost" => {
            repo.to_string()
        }
        Some(_) => format!("docker.io/{repo}"),
    };
    let mut out = format!("{qualified}@sha256:");
    for b in digest(image) {
        let _ = write!(out, "{b:02x}");
    }
    out
}
