//! Page benchmark: frame times (a timer fire's simulation step plus the re-render, recorded
//! by the page in `window.kubeloopFrames`) while a rolling update churns 1,000 pods, and
//! while one churns 5,000 pods in the aggregated view. Prints p50, p95 and the worst frame.
//! A measurement, not a test: run it after `./scripts/dist` with
//! `cargo test -p kubeloop-web --features e2e,bench --test page_bench -- --nocapture`.

// Shared with the end-to-end test, which uses more of it.
#[allow(dead_code)]
mod support;

use std::time::Duration;

use fantoccini::{Client, Locator};
use support::Browser;

async fn type_line(c: &Client, line: &str) {
    let input = c.find(Locator::Css("[aria-label='kubectl command']")).await.expect("command box");
    input.send_keys(&format!("{line}\u{E007}")).await.unwrap();
}

async fn series(c: &Client, name: &str) -> Vec<f64> {
    let v = c.execute(&format!("return window.{name} || []"), vec![]).await.unwrap();
    let mut f: Vec<f64> = serde_json::from_value(v).unwrap_or_default();
    f.sort_by(|a, b| a.total_cmp(b));
    f
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

async fn measure(pods: u32, nodes: u32) {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    c.find(Locator::Css("select[aria-label='speed']"))
        .await
        .unwrap()
        .select_by_value("1")
        .await
        .unwrap();
    type_line(c, &format!("node add {nodes}")).await;
    type_line(c, &format!("k create deployment web --image=nginx:1.27 --replicas={pods}; settle"))
        .await;
    let summarised = !c.find_all(Locator::Css(".aggregate")).await.unwrap().is_empty();
    c.execute("window.kubeloopFrames = []; window.kubeloopSim = []; return 1", vec![])
        .await
        .unwrap();
    type_line(c, "k set image deploy/web nginx=nginx:1.28").await;
    tokio::time::sleep(Duration::from_secs(20)).await;
    let f = series(c, "kubeloopFrames").await;
    let sim = series(c, "kubeloopSim").await;
    println!(
        "page: {pods} pods ({}), rolling update, {} frames: p50 {:.1} ms, p95 {:.1} ms, worst {:.1} ms; \
         of which simulation p50 {:.1} ms, p95 {:.1} ms",
        if summarised { "pods aggregated per ReplicaSet" } else { "every pod drawn" },
        f.len(),
        percentile(&f, 0.5),
        percentile(&f, 0.95),
        f.last().copied().unwrap_or(0.0),
        percentile(&sim, 0.5),
        percentile(&sim, 0.95),
    );
    browser.screenshot(&format!("bench-{pods}.png")).await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn frame_times_during_a_rolling_update() {
    measure(1_000, 12).await;
    measure(5_000, 50).await;
}
