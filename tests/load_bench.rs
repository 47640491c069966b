//! Benchmark, not a test: how long a student waits, and how much the page pulls over the
//! network, before `k get pods` first answers. Headless Chromium with a fresh profile (a cold
//! cache, no service worker) loads the release `dist/` from a gzip host (each file
//! precompressed with `gzip -9`, served with `Content-Encoding: gzip`) through Chrome
//! DevTools' "Fast 3G" emulation, with the CPU at full speed and slowed 4× (a school laptop).
//!
//! ```sh
//! ./scripts/dist && cargo test -p kubeloop-web --features e2e,bench --test load_bench -- --nocapture
//! ```
//!
//! Prints one line per run and the medians, and writes them to `target/e2e/load-times.txt`.
//! The clock is the page's own (`performance.now()`, from navigation start), read by a
//! 50 ms poll, so a figure can be up to one poll late.

#[allow(dead_code)]
mod support;

use std::process::Command;
use std::time::Duration;

use fantoccini::{Client, Locator};
use support::chrome::cdp;
use support::Browser;

/// Chrome DevTools' Fast 3G preset (front_end/core/sdk/NetworkManager.ts): 562.5 ms of
/// latency, 1.44 Mbit/s down (180,000 B/s), 675 kbit/s up.
const LATENCY_MS: f64 = 562.5;
const DOWN_BYTES_PER_S: f64 = 180_000.0;
const UP_BYTES_PER_S: f64 = 84_375.0;
const RUNS: usize = 3;

struct Load {
    /// From navigation start until the answer to `k get pods` is on screen.
    answered_ms: f64,
    /// Bytes over the wire (the response sizes Chromium saw, headers included) until then.
    bytes: u64,
}

fn gzip_every_file(dir: &std::path::Path) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if entry.file_type().unwrap().is_dir() {
            gzip_every_file(&path);
        } else {
            let ok = Command::new("gzip").args(["-9", "-k", "-f", "-n"]).arg(&path).status();
            assert!(ok.map(|s| s.success()).unwrap_or(false), "gzip {}", path.display());
        }
    }
}

/// The log's text after the last echo of `k get pods`, once something follows it.
async fn answer(c: &Client) -> Option<f64> {
    let got = c
        .execute(
            "const log = document.querySelector(\"[role='log']\");
             if (!log) return null;
             const text = log.innerText; const at = text.lastIndexOf('get pods');
             if (at < 0) return null;
             const after = text.slice(at + 'get pods'.length).trim();
             return after.length > 0 ? performance.now() : null;",
            vec![],
        )
        .await
        .ok()?;
    got.as_f64()
}

async fn bytes_until(c: &Client, ms: f64) -> u64 {
    let script = format!(
        "return performance.getEntriesByType('navigation')
           .concat(performance.getEntriesByType('resource'))
           .filter(e => e.responseEnd <= {ms})
           .reduce((sum, e) => sum + e.transferSize, 0)"
    );
    c.execute(&script, vec![]).await.unwrap().as_u64().unwrap_or(0)
}

async fn one_load(cpu_slowdown: f64) -> Load {
    let browser = Browser::start_cold_copy().await;
    gzip_every_file(browser.dist_dir());
    let c = &browser.client;
    cdp(c, "Network.enable", serde_json::json!({})).await;
    let conditions = serde_json::json!({
        "offline": false, "latency": LATENCY_MS,
        "downloadThroughput": DOWN_BYTES_PER_S, "uploadThroughput": UP_BYTES_PER_S,
    });
    cdp(c, "Network.emulateNetworkConditions", conditions).await;
    cdp(c, "Emulation.setCPUThrottlingRate", serde_json::json!({ "rate": cpu_slowdown })).await;
    // Open the page without waiting for its load event, as a person starts typing at once.
    let url = browser.page_url().to_string();
    c.execute("location.href = arguments[0]; return true;", vec![serde_json::json!(url)])
        .await
        .unwrap();
    let mut typed = false;
    for _ in 0..1200 {
        if !typed {
            if let Ok(input) = c.find(Locator::Css("[aria-label='kubectl command']")).await {
                typed = input.send_keys("k get pods\u{E007}").await.is_ok();
            }
        } else if let Some(ms) = answer(c).await {
            let bytes = bytes_until(c, ms).await;
            browser.close().await;
            return Load { answered_ms: ms, bytes };
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("`k get pods` did not answer within a minute");
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

#[tokio::test(flavor = "multi_thread")]
async fn time_until_the_command_box_answers_on_fast_3g() {
    let mut report = String::new();
    for (label, slowdown) in [("fast 3G", 1.0), ("fast 3G, CPU 4x slower", 4.0)] {
        let (mut times, mut bytes) = (vec![], vec![]);
        for run in 1..=RUNS {
            let load = one_load(slowdown).await;
            println!(
                "{label}, run {run}: answered at {:.0} ms, {} bytes over the wire",
                load.answered_ms, load.bytes
            );
            times.push(load.answered_ms);
            bytes.push(load.bytes as f64);
        }
        let line = format!(
            "{label}: median {:.2} s until `k get pods` answers, {:.0} bytes over the wire ({RUNS} runs)\n",
            median(times) / 1000.0,
            median(bytes)
        );
        print!("{line}");
        report.push_str(&line);
    }
    std::fs::create_dir_all("target/e2e").unwrap();
    std::fs::write("target/e2e/load-times.txt", report).unwrap();
}
