//! Test harness for the end-to-end tests: a static file server for `dist/`, a chromedriver
//! child process, and a WebDriver session with the flags this sandbox needs.

use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder};

pub struct Browser {
    pub client: Client,
    driver: Child,
    profile: PathBuf,
}

fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Serves `dir` on an ephemeral port from a background thread and returns the base URL.
fn serve_dist(dir: PathBuf) -> String {
    let server = tiny_http::Server::http("127.0.0.1:0").expect("bind the dist server");
    let port = server.server_addr().to_ip().unwrap().port();
    thread::spawn(move || {
        for request in server.incoming_requests() {
            let rel = request.url().split('?').next().unwrap_or("/").trim_start_matches('/');
            let rel = if rel.is_empty() { "index.html" } else { rel };
            let path = dir.join(rel);
            let inside = path.canonicalize().map(|p| p.starts_with(&dir)).unwrap_or(false);
            let response = match std::fs::read(&path) {
                Ok(body) if inside => {
                    let ctype = content_type(&path);
                    let header = tiny_http::Header::from_bytes("Content-Type", ctype).unwrap();
                    tiny_http::Response::from_data(body).with_header(header).boxed()
                }
                _ => tiny_http::Response::from_string("not found").with_status_code(404).boxed(),
            };
            let _ = request.respond(response);
        }
    });
    format!("http://127.0.0.1:{port}/")
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript",
        Some("wasm") => "application/wasm",
        Some("css") => "text/css",
        Some("png") => "image/png",
        Some("svg") => "image/svg+xml",
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
        let dist = workspace_root().join("dist");
        assert!(
            dist.join("index.html").exists(),
            "no dist/index.html: build the release page first (scripts/test does this)"
        );
        let base_url = serve_dist(dist.canonicalize().unwrap());

        let driver_bin = std::env::var("CHROMEDRIVER").unwrap_or("/usr/bin/chromedriver".into());
        let port = free_port();
        let driver = Command::new(&driver_bin)
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
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    "--window-size=1400,900",
                    format!("--user-data-dir={}", profile.display()),
                ]
            }),
        );
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let client = ClientBuilder::new(connector)
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .expect("start a WebDriver session");
        client.goto(&base_url).await.expect("open the page");
        Browser { client, driver, profile }
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

    pub async fn close(mut self) {
        let _ = self.client.clone().close().await;
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}
