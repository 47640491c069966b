//! Chromedriver's own commands, which WebDriver does not define and fantoccini does not wrap:
//! the browser's console log, and network emulation.

// Each test crate includes this module and uses only some of it.
#![allow(dead_code)]

use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::Client;

/// A POST to `/session/{id}/{path}` with a JSON body.
#[derive(Debug)]
struct Post {
    path: &'static str,
    body: serde_json::Value,
}

impl WebDriverCompatibleCommand for Post {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!("session/{}/{}", session_id.unwrap_or_default(), self.path))
    }

    fn method_and_body(&self, _url: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(self.body.to_string()))
    }
}

/// One console entry: its level (`SEVERE`, `WARNING`, `INFO`) and text. Chromium reports a
/// failed load (404, refused by the Content-Security-Policy) as `SEVERE` with its URL.
#[derive(Debug, Clone)]
pub struct LogEntry {
    pub level: String,
    pub message: String,
}

/// The console entries since the last call (chromedriver hands each entry out once).
pub async fn console(c: &Client) -> Vec<LogEntry> {
    let got = c
        .issue_cmd(Post { path: "se/log", body: serde_json::json!({ "type": "browser" }) })
        .await
        .expect("read the browser's console");
    got.as_array()
        .into_iter()
        .flatten()
        .map(|e| LogEntry {
            level: e["level"].as_str().unwrap_or_default().to_string(),
            message: e["message"].as_str().unwrap_or_default().to_string(),
        })
        .collect()
}

/// The errors among the console entries since the last call.
pub async fn console_errors(c: &Client) -> Vec<String> {
    console(c).await.into_iter().filter(|e| e.level == "SEVERE").map(|e| e.message).collect()
}

/// Chromium's network emulation for the page: `offline` makes its requests fail and
/// `navigator.onLine` false. (A service worker's own fetches may not be emulated: take the
/// server away as well to be sure nothing is served from the network.)
pub async fn set_offline(c: &Client, offline: bool) {
    let conditions = serde_json::json!({ "network_conditions": {
        "offline": offline, "latency": 0, "download_throughput": -1, "upload_throughput": -1
    }});
    c.issue_cmd(Post { path: "chromium/network_conditions", body: conditions })
        .await
        .expect("set the network conditions");
}

/// A Chrome DevTools Protocol command (`Network.setBlockedURLs`, ...) through chromedriver.
pub async fn cdp(c: &Client, cmd: &str, params: serde_json::Value) -> serde_json::Value {
    let body = serde_json::json!({ "cmd": cmd, "params": params });
    c.issue_cmd(Post { path: "goog/cdp/execute", body })
        .await
        .unwrap_or_else(|e| panic!("{cmd}: {e}"))
}
