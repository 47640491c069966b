//! The image catalogue: what pulling and running an image does in the simulation. It is a
//! small, fixed, deterministic table, so a lesson can reach every container state on purpose.
//! It owns image-reference parsing and the registry's error wording; it does not track which
//! node has pulled what (that is `Host::images`).
//!
//! | Image (examples)                                        | Pull                          | Runs                                  | On SIGTERM            |
//! |---------------------------------------------------------|-------------------------------|---------------------------------------|-----------------------|
//! | invalid reference (`Nginx`, `nginx:`, `a b`)            | `InvalidImageName`, no retry  |                                       |                       |
//! | any tag containing `doesnotexist` or `nonexistent`      | fails: `not found`            |                                       |                       |
//! | any name or tag containing `sleep` (`busybox:sleep`, `sleeper`) | ok                    | forever                               | ignored: killed at the end of the grace period (exit 137) |
//! | a tag containing `crash`, a name containing `crashloop` (`busybox:crash`) | ok          | 1 s, then exit 1 (`Error`)            | stops in 1 s          |
//! | a name or tag containing `slowstart` (`slowstart`, `nginx:slowstart`) | ok              | forever; HTTP on 80 and 8080: every path 503 for 20 s, then 200 | stops in 1 s (exit 0) |
//! | a name or tag containing `neverready`                   | ok                            | forever; HTTP on 80 and 8080: every path 503, always | stops in 1 s (exit 0) |
//! | a name or tag containing `hangs`                        | ok                            | forever; HTTP on 80 and 8080: 200 for 60 s, then it hangs (probes time out) | stops in 1 s (exit 0) |
//! | `nginx`, `httpd` with a known tag                       | ok                            | forever; HTTP on 80: `/` and `/index.html` 200, other paths 404 | stops in 1 s (exit 0) |
//! | `redis` with a known tag                                | ok                            | forever; its own protocol on 6379 (tcpSocket probes pass, httpGet fails) | stops in 1 s (exit 0) |
//! | `busybox`, `alpine`, `perl` with a known tag            | ok                            | its shell has no command: exit 0 after 0.1 s (`Completed`) | stops at once |
//! | `registry.k8s.io/pause` with a known tag                | ok                            | forever                               | stops at once         |
//! | a catalogue image with another tag (`nginx:banana`)     | fails: `not found`            |                                       |                       |
//! | any other Docker Hub name (`myapp:1.0`, `nosuchimage`, `me/app`) | fails: `pull access denied, repository does not exist or may require authorization` | | |
//! | any other registry (`example.com/app:1.0`)              | fails: `not found`            |                                       |                       |
//!
//! Known tags are `latest`, `stable`, `mainline`, `edge`, versions (`1.27`, `v3.9`, `1.27.3-alpine`),
//! anything with `alpine` in it, and the Debian flavours (`bookworm`, `bullseye`, `perl`, ...).
//! A digest (`nginx@sha256:...`) counts as known. An image with a magic word (`crash`,
//! `sleep`, `slowstart`, `neverready`, `hangs`) always pulls, wherever it claims to come
//! from: the magic words win over the registry rules. Ports, HTTP answers and probe
//! outcomes are in `serving.rs`; what each program logs is in `output.rs`. A `command` or
//! `args` on busybox, alpine, perl, nginx, httpd or redis runs instead of the image's
//! program (`command.rs`, through `container_behaviour`).
//!
//! Error wording is containerd's as the kubelet prints it after `Failed to pull image "x": `.

pub use super::ids::{container_digest, digest, image_id};
pub use super::serving::App;

/// What pulling and running one image does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImageBehaviour {
    /// The reference does not parse: waiting reason `InvalidImageName`, never pulled.
    InvalidName { message: String },
    /// The pull fails with `error`: `ErrImagePull`, then `ImagePullBackOff`, retried with back-off.
    PullFails { error: String },
    /// The image pulls, and its container behaves as the program says.
    Runs(Program),
}

/// How a container of a pullable image behaves once started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Program {
    /// Size the `Pulled` event reports.
    pub size_bytes: u64,
    /// `Some((ms, code))`: the main process exits by itself `ms` after starting, with `code`.
    pub exits: Option<(i64, i32)>,
    /// Time from SIGTERM to a clean exit 0. `None`: SIGTERM is ignored, and only the SIGKILL at
    /// the end of the grace period stops it (exit 137).
    pub stop_ms: Option<i64>,
    /// Which program it is: what it listens on, answers and logs.
    pub app: App,
    /// The command names an executable the image lacks: the runtime fails to start the
    /// container (`StartError`, exit code 128; `command.rs`).
    pub start_error: bool,
}

/// An image reference, split the way the container runtime normalises it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImageRef {
    /// `docker.io`, `registry.k8s.io`, `example.com:5000`.
    pub registry: String,
    /// The repository path inside the registry (`library/nginx`).
    pub path: String,
    /// The tag; `latest` when none was given.
    pub tag: String,
    pub digest: Option<String>,
}

impl ImageRef {
    /// `docker.io/library/nginx:1.27`, as containerd names it in errors.
    pub fn full(&self) -> String {
        match &self.digest {
            Some(d) => format!("{}/{}@{d}", self.registry, self.path),
            None => format!("{}/{}:{}", self.registry, self.path, self.tag),
        }
    }

    /// The last path component (`nginx` for `docker.io/library/nginx`).
    pub fn short_name(&self) -> &str {
        self.path.rsplit('/').next().unwrap_or(&self.path)
    }
}

/// Parses a reference like `reference.ParseNormalizedNamed` does, with its error wording.
pub fn parse_image(image: &str) -> Result<ImageRef, String> {
    let invalid = || "invalid reference format".to_string();
    let (rest, digest) = match image.split_once('@') {
        Some((r, d)) => {
            let hex = d.strip_prefix("sha256:").ok_or_else(invalid)?;
            if hex.len() != 64 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err(invalid());
            }
            (r, Some(d.to_string()))
        }
        None => (image, None),
    };
    // A tag is after the last ':' that follows the last '/' (a ':' before it is a port).
    let slash = rest.rfind('/').map_or(0, |i| i + 1);
    let (name, tag) = match rest[slash..].rfind(':') {
        Some(i) => (&rest[..slash + i], Some(&rest[slash + i + 1..])),
        None => (rest, None),
    };
    if let Some(t) = tag {
        let ok_first = t.bytes().next().is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_');
        let ok_rest = t.bytes().all(|b| b.is_ascii_alphanumeric() || b"_.-".contains(&b));
        if !ok_first || !ok_rest || t.len() > 128 {
            return Err(invalid());
        }
    }
    let mut parts: Vec<&str> = name.split('/').collect();
    let registry = if parts.len() > 1
        && (parts[0].contains('.') || parts[0].contains(':') || parts[0] == "localhost")
    {
        parts.remove(0).to_string()
    } else {
        "docker.io".to_string()
    };
    if parts.iter().any(|p| !valid_component(p)) {
        let path = parts.join("/");
        if !path.is_empty() && path.bytes().any(|b| b.is_ascii_uppercase()) {
            let shown = if registry == "docker.io" && parts.len() == 1 {
                format!("library/{path}")
            } else {
                path
            };
            return Err(format!(
                "invalid reference format: repository name ({shown}) must be lowercase"
            ));
        }
        return Err(invalid());
    }
    let mut path = parts.join("/");
    if registry == "docker.io" && parts.len() == 1 {
        path = format!("library/{path}");
    }
    Ok(ImageRef { registry, path, tag: tag.unwrap_or("latest").to_string(), digest })
}

/// `[a-z0-9]+(?:(?:[._]|__|[-]*)[a-z0-9]+)*`, the reference grammar's path component.
fn valid_component(p: &str) -> bool {
    let b = p.as_bytes();
    let alnum = |c: u8| c.is_ascii_lowercase() || c.is_ascii_digit();
    !b.is_empty()
        && alnum(b[0])
        && alnum(b[b.len() - 1])
        && b.iter().all(|&c| alnum(c) || b"._-".contains(&c))
        && !p.contains("..")
}

/// What the image does; see the table at the top of this module.
pub fn image_behaviour(image: &str) -> ImageBehaviour {
    let r = match parse_image(image) {
        Ok(r) => r,
        Err(e) => {
            return ImageBehaviour::InvalidName {
                message: format!("Failed to apply default image tag {image:?}: couldn't parse image name {image:?}: {e}"),
            }
        }
    };
    let tag = r.tag.as_str();
    if tag.contains("doesnotexist") || tag.contains("nonexistent") {
        return ImageBehaviour::PullFails { error: not_found(&r) };
    }
    let word = |w: &str| r.path.contains(w) || tag.contains(w);
    for (w, app) in
        [("slowstart", App::SlowStart), ("neverready", App::NeverReady), ("hangs", App::Hangs)]
    {
        if word(w) {
            let stop_ms = Some(1_000);
            return ImageBehaviour::Runs(Program {
                size_bytes: 8_412_337,
                exits: None,
                stop_ms,
                app,
                start_error: false,
            });
        }
    }
    if word("sleep") {
        return ImageBehaviour::Runs(Program {
            size_bytes: 2_156_241,
            exits: None,
            stop_ms: None,
            app: App::Sleep,
            start_error: false,
        });
    }
    if r.path.contains("crashloop") || tag.contains("crash") {
        return ImageBehaviour::Runs(Program {
            size_bytes: 2_156_241,
            exits: Some((1_000, 1)),
            stop_ms: Some(1_000),
            app: App::Crash,
            start_error: false,
        });
    }
    let alpine = tag.contains("alpine");
    let program = match (r.registry.as_str(), r.path.as_str()) {
        ("docker.io", "library/nginx") => {
            Some(serving(if alpine { 20_984_244 } else { 72_195_292 }, 1_000, App::Nginx))
        }
        ("docker.io", "library/httpd") => {
            Some(serving(if alpine { 22_345_161 } else { 58_312_483 }, 1_000, App::Httpd))
        }
        ("docker.io", "library/redis") => {
            Some(serving(if alpine { 17_238_614 } else { 45_093_124 }, 1_000, App::Redis))
        }
        ("docker.io", "library/busybox") => Some(exiting(2_156_241)),
        ("docker.io", "library/alpine") => Some(exiting(3_653_068)),
        // Its default command, `perl5 -de0`, has no terminal to debug on and exits.
        ("docker.io", "library/perl") => {
            Some(exiting(if alpine { 19_213_846 } else { 335_231_479 }))
        }
        ("registry.k8s.io", "pause") => Some(serving(320_368, 0, App::Pause)),
        _ => None,
    };
    match program {
        Some(p) if r.digest.is_some() || known_tag(tag) => ImageBehaviour::Runs(p),
        Some(_) => ImageBehaviour::PullFails { error: not_found(&r) },
        None if r.registry == "docker.io" => ImageBehaviour::PullFails { error: access_denied(&r) },
        None => ImageBehaviour::PullFails { error: not_found(&r) },
    }
}

fn serving(size_bytes: u64, stop_ms: i64, app: App) -> Program {
    Program { size_bytes, exits: None, stop_ms: Some(stop_ms), app, start_error: false }
}

/// busybox and alpine run `sh` with no command: it exits at once, successfully.
fn exiting(size_bytes: u64) -> Program {
    Program {
        size_bytes,
        exits: Some((100, 0)),
        stop_ms: Some(0),
        app: App::Shell,
        start_error: false,
    }
}

fn known_tag(tag: &str) -> bool {
    const WORDS: [&str; 10] = [
        "latest", "stable", "mainline", "edge", "perl", "bookworm", "bullseye", "musl", "glibc",
        "uclibc",
    ];
    let b = tag.as_bytes();
    WORDS.iter().any(|w| tag == *w || tag.ends_with(&format!("-{w}")))
        || tag.contains("alpine")
        || b[0].is_ascii_digit()
        || (b[0] == b'v' && b.get(1).is_some_and(u8::is_ascii_digit))
}

fn not_found(r: &ImageRef) -> String {
    let full = r.full();
    format!(
        "rpc error: code = NotFound desc = failed to pull and unpack image \"{full}\": failed to resolve reference \"{full}\": {full}: not found"
    )
}

fn access_denied(r: &ImageRef) -> String {
    let full = r.full();
    format!(
        "rpc error: code = Unknown desc = failed to pull and unpack image \"{full}\": failed to resolve reference \"{full}\": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed"
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_container_digest_is_the_digest_of_its_seed_text() {
        for n in [0, 7, 10, 2_147_483_647, -3] {
            assert_eq!(container_digest("u", "c", n), digest(&format!("u/c/{n}")), "{n}");
        }
    }

    use super::*;

    fn runs(image: &str) -> Program {
        match image_behaviour(image) {
            ImageBehaviour::Runs(p) => p,
            other => panic!("{image}: {other:?}"),
        }
    }

    #[test]
    fn catalogue_images_with_known_tags_pull_and_serve() {
        for image in [
            "nginx",
            "nginx:1.27",
            "nginx:1.27-alpine",
            "httpd:2.4",
            "redis:alpine",
            "docker.io/library/nginx:latest",
        ] {
            let p = runs(image);
            assert_eq!((p.exits, p.stop_ms), (None, Some(1_000)), "{image}");
        }
        assert_eq!(runs("registry.k8s.io/pause:3.10").stop_ms, Some(0));
        assert_eq!(runs("nginx:1.27").size_bytes, 72_195_292);
    }

    #[test]
    fn the_probe_teaching_images_pull_from_anywhere_and_serve() {
        for (image, app) in [
            ("slowstart", App::SlowStart),
            ("example.com/team/slowstart:v2", App::SlowStart),
            ("neverready:1", App::NeverReady),
            ("nginx:hangs", App::Hangs),
        ] {
            let p = runs(image);
            assert_eq!((p.app, p.exits, p.stop_ms), (app, None, Some(1_000)), "{image}");
        }
        assert_eq!(runs("busybox:crash").app, App::Crash);
        assert_eq!(runs("redis:7.4").app, App::Redis);
    }

    #[test]
    fn busybox_without_a_command_completes_at_once() {
        assert_eq!(runs("busybox").exits, Some((100, 0)));
        assert_eq!(runs("alpine:3.20").exits, Some((100, 0)));
    }

    #[test]
    fn magic_words_choose_crash_and_sleep() {
        assert_eq!(runs("busybox:crash").exits, Some((1_000, 1)));
        assert_eq!(runs("example.com/crashloop:1").exits, Some((1_000, 1)));
        assert_eq!(runs("busybox:sleep").stop_ms, None);
        assert_eq!(runs("sleeper").stop_ms, None);
    }

    #[test]
    fn missing_tags_and_repositories_fail_with_containerd_wording() {
        let ImageBehaviour::PullFails { error } = image_behaviour("nginx:doesnotexist") else {
            panic!()
        };
        assert_eq!(
            error,
            "rpc error: code = NotFound desc = failed to pull and unpack image \"docker.io/library/nginx:doesnotexist\": failed to resolve reference \"docker.io/library/nginx:doesnotexist\": docker.io/library/nginx:doesnotexist: not found"
        );
        let ImageBehaviour::PullFails { error } = image_behaviour("myapp:1.0") else { panic!() };
        assert!(error.contains("\"docker.io/library/myapp:1.0\": pull access denied, repository does not exist or may require authorization"), "{error}");
        for image in
            ["nosuchimage", "nginx:banana", "example.com/app:1.0", "busybox:nonexistent-sleep"]
        {
            assert!(matches!(image_behaviour(image), ImageBehaviour::PullFails { .. }), "{image}");
        }
    }

    #[test]
    fn invalid_references_are_refused_before_any_pull() {
        let ImageBehaviour::InvalidName { message } = image_behaviour("Nginx") else { panic!() };
        assert_eq!(
            message,
            "Failed to apply default image tag \"Nginx\": couldn't parse image name \"Nginx\": invalid reference format: repository name (library/Nginx) must be lowercase"
        );
        for image in ["nginx:", "a b", "nginx@sha256:xyz", "-x"] {
            assert!(
                matches!(image_behaviour(image), ImageBehaviour::InvalidName { .. }),
                "{image}"
            );
        }
    }

    #[test]
    fn references_normalise_like_containerd() {
        let r = parse_image("localhost:5000/team/app").unwrap();
        assert_eq!(r.full(), "localhost:5000/team/app:latest");
        assert_eq!(parse_image("nginx").unwrap().full(), "docker.io/library/nginx:latest");
        assert_eq!(parse_image("bitnami/redis:7").unwrap().short_name(), "redis");
    }

    #[test]
    fn durations_print_like_go() {
        use crate::gofmt::go_duration;
        assert_eq!(go_duration(890), "890ms");
        assert_eq!(go_duration(1_200), "1.2s");
        assert_eq!(go_duration(2_000), "2s");
        assert_eq!(go_duration(63_500), "1m3.5s");
        assert_eq!(go_duration(600_000), "10m0s");
        assert_eq!(go_duration(3_723_000), "1h2m3s");
    }
}
