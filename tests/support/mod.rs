//! Test harness for the end-to-end tests: a static file server for `dist/` (which a test can
//! take offline), a chromedriver child process, and a WebDriver session with the flags this
//! sandbox needs, recording the browser's console.

use std::net::{TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder};

pub mod chrome;
pub mod page;
pub mod serve;

pub struct Browser {
    pub client: Client,
    base_url: String,
    driver: Child,
    profile: PathBuf,
    // Read only by the tests that take the server offline.
    #[allow(dead_code)]
    server: Arc<Server>,
    /// The directory served: `dist/` itself, or a copy a test may change.
    dist: PathBuf,
    /// A copy of `dist/` to delete when the browser goes.
    copied: bool,
}

/// What the test can do to the file server while the page runs.
#[derive(Default)]
struct Server {
    /// Every request is dropped unanswered, as if the network were gone.
    offline: AtomicBool,
    /// Requests dropped while offline.
    refused: AtomicUsize,
    /// WebAssembly modules are held unanswered until this is cleared: a slow network.
    hold_wasm: AtomicBool,
}

fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Serves `dir` at `prefix` (`/`, or a subpath such as `/kubeloop/`, as GitHub Pages serves a
/// project) on an ephemeral port from background threads (one per connection, closed after
/// one response) and returns the page's URL. GET only, files only, nothing outside `dir`, and
/// nothing outside `prefix`: an asset asked for by an absolute path is a 404, as it would be
/// on the published site.
fn serve_dist(dir: PathBuf, prefix: &'static str, server: Arc<Server>) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind the dist server");
    let port = listener.local_addr().unwrap().port();
    thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let (dir, server) = (dir.clone(), server.clone());
            thread::spawn(move || respond(stream, &dir, prefix, &server));
        }
    });
    format!("http://127.0.0.1:{port}{prefix}")
}

fn respond(mut stream: TcpStream, dir: &Path, prefix: &str, server: &Server) {
    use std::io::{BufRead, BufReader, Write};
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut request_line = String::new();
    if reader.read_line(&mut request_line).is_err() {
        return;
    }
    // Read the headers (the body of a GET is empty): only Accept-Encoding matters here.
    let mut line = String::new();
    let mut accepts_gzip = false;
    while reader.read_line(&mut line).map(|n| n > 2).unwrap_or(false) {
        let lower = line.to_ascii_lowercase();
        accepts_gzip |= lower.starts_with("accept-encoding:") && lower.contains("gzip");
        line.clear();
    }
    if server.offline.load(Ordering::SeqCst) {
        // Closed without a word: the browser sees a network error, as with no network.
        server.refused.fetch_add(1, Ordering::SeqCst);
        return;
    }
    let target = request_line.split_whitespace().nth(1).unwrap_or("/");
    let path = target.split('?').next().unwrap_or("/");
    while (path.ends_with(".wasm") || path.ends_with(".wasm.xz"))
        && server.hold_wasm.load(Ordering::SeqCst)
    {
        thread::sleep(Duration::from_millis(20));
    }
    let (rel, under_prefix) = match path.strip_prefix(prefix) {
        Some(rel) => (rel, true),
        None => ("", false),
    };
    let rel = if rel.is_empty() { "index.html" } else { rel };
    let path = dir.join(rel);
    let inside = under_prefix && path.canonicalize().map(|p| p.starts_with(dir)).unwrap_or(false);
    // A gzip host, as a static host serves the page: a file's precompressed `NAME.gz` beside
    // it, when the browser takes gzip (only the load benchmark writes them).
    let packed = PathBuf::from(format!("{}.gz", path.display()));
    let (path_read, encoding) = match accepts_gzip && inside && packed.is_file() {
        true => (packed, "Content-Encoding: gzip\r\n"),
        false => (path.clone(), ""),
    };
    let (status, ctype, body) = match std::fs::read(&path_read) {
        Ok(body) if inside => ("200 OK", content_type(&path), body),
        _ => ("404 Not Found", "text/plain", b"not found".to_vec()),
    };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {ctype}\r\n{encoding}Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes()).and_then(|_| stream.write_all(&body));
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript",
        Some("wasm") => "application/wasm",
        Some("xz") => "application/x-xz",
        Some("css") => "text/css",
        Some("png") => "image/png",
        Some("svg") => "image/svg+xml",
        Some("json" | "webmanifest") => "application/json",
        _ => "application/octet-stream",
    }
}

fn wait_for_port(port: u16) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not listen on {port}");
        thread::sleep(Duration::from_millis(50));
    }
}

impl Browser {
    pub async fn start() -> Self {
        Self::start_under("/").await
    }

    /// Like `start`, with the page served from `prefix` instead of the root.
    pub async fn start_under(prefix: &'static str) -> Self {
        Self::launch(prefix, false).await
    }

    async fn launch(prefix: &'static str, copy: bool) -> Self {
        let browser = Self::launch_blank(prefix, copy).await;
        browser.client.goto(&browser.base_url).await.expect("open the page");
        browser
    }

    /// A browser with a fresh profile that has not opened the page yet.
    async fn launch_blank(prefix: &'static str, copy: bool) -> Self {
        let built = workspace_root().join("dist");
        assert!(
            built.join("index.html").exists(),
            "no dist/index.html: build the release page first (scripts/test does this)"
        );
        let dist = if copy {
            let to = std::env::temp_dir().join(format!("kubeloop-e2e-dist-{}", free_port()));
            copy_dir(&built, &to);
            to
        } else {
            built
        };
        let dist = dist.canonicalize().unwrap();
        let server = Arc::new(Server::default());
        let base_url = serve_dist(dist.clone(), prefix, server.clone());

        let driver_bin = std::env::var("CHROMEDRIVER").unwrap_or("/usr/bin/chromedriver".into());
        let port = free_port();
        // Its own process group, so Drop can stop chromedriver and every Chromium it started
        // even when a test panics half-way.
        let driver = Command::new(&driver_bin)
            .process_group(0)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {driver_bin}: {e}"));
        wait_for_port(port);

        let profile = std::env::temp_dir().join(format!("kubeloop-e2e-{port}"));
        let chrome = std::env::var("CHROME").unwrap_or("/usr/bin/chromium".into());
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            serde_json::json!({
                "binary": chrome,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--disable-dev-shm-usage",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    "--window-size=1400,900",
                    format!("--user-data-dir={}", profile.display()),
                ]
            }),
        );
        // The console, for `chrome::console_errors`.
        caps.insert("goog:loggingPrefs".into(), serde_json::json!({ "browser": "ALL" }));
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let client = ClientBuilder::new(connector)
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .expect("start a WebDriver session");
        Browser { client, driver, profile, base_url, server, dist, copied: copy }
    }

    /// Where the page is served from: `http://127.0.0.1:PORT` plus the prefix, if any (no
    /// trailing slash).
    pub fn origin(&self) -> String {
        self.base_url.trim_end_matches('/').to_string()
    }

    /// Saves a PNG under `target/e2e/` so a person can look at what the test saw.
    pub async fn screenshot(&self, name: &str) -> PathBuf {
        let png = self.client.screenshot().await.expect("take a screenshot");
        assert!(png.starts_with(b"\x89PNG"), "the screenshot is a PNG");
        let dir = workspace_root().join("target/e2e");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, png).unwrap();
        path
    }

    pub async fn close(self) {
        let _ = self.client.clone().close().await;
        // Drop stops the processes.
    }
}

// Used by the offline test; each test crate includes this module and uses only some of it.
#[allow(dead_code)]
impl Browser {
    /// Like `start_under`, serving a copy of `dist/` that the test may change (`dist_dir`),
    /// as a new release would.
    pub async fn start_with_copy(prefix: &'static str) -> Self {
        Self::launch(prefix, true).await
    }

    /// Like `start_with_copy`, with nothing opened yet: a cold cache for the first visit.
    pub async fn start_cold_copy() -> Self {
        Self::launch_blank("/", true).await
    }

    /// The page's URL, to open it with `client.goto`.
    pub fn page_url(&self) -> &str {
        &self.base_url
    }

    /// The directory the page is served from (a copy, with `start_with_copy`).
    pub fn dist_dir(&self) -> &Path {
        &self.dist
    }

    /// Takes the file server off the network (every request fails) or back on.
    pub fn set_server_online(&self, online: bool) {
        self.server.offline.store(!online, Ordering::SeqCst);
    }

    /// How many requests reached the server while it was offline (and failed).
    pub fn refused_requests(&self) -> usize {
        self.server.refused.load(Ordering::SeqCst)
    }

    /// Holds every request for a module (`.wasm`, or `.wasm.xz` as the release page packs it)
    /// unanswered (`true`) or lets them through, as a slow network would: the page and its
    /// frame arrive, the engine does not.
    pub fn hold_wasm(&self, hold: bool) {
        self.server.hold_wasm.store(hold, Ordering::SeqCst);
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let group = format!("-{}", self.driver.id());
        let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
        // Chromium detaches from chromedriver's group; its profile path names it.
        let _ = Command::new("pkill")
            .args(["-KILL", "-f", &self.profile.display().to_string()])
            .status();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
        if self.copied {
            let _ = std::fs::remove_dir_all(&self.dist);
        }
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}
