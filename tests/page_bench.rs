//! Page benchmark: frame times (a timer fire's simulation step plus the re-render, recorded
//! by the page in `window.kubeloopFrames`) while a rolling update churns 1,000 pods, and
//! while one churns 5,000 pods in the aggregated view. Prints p50, p95 and the worst frame.
//! The zoom variant turns the wheel over the graph twenty times a second through the
//! 1,000-pod update and also prints each zoom's latency, from the wheel event to the second
//! animation frame after it (the re-render painted).
//! A measurement, not a test: run it after `./scripts/dist` with
//! `cargo test -p kubeloop-web --features e2e,bench --test page_bench -- --nocapture`.

// Shared with the end-to-end test, which uses more of it.
#[allow(dead_code)]
mod support;

use std::time::Duration;

use fantoccini::{Client, Locator};
use support::page::type_line;
use support::Browser;

/// A recorded series in the order the frames happened.
async fn recorded(c: &Client, name: &str) -> Vec<f64> {
    let v = c.execute(&format!("return window.{name} || []"), vec![]).await.unwrap();
    serde_json::from_value(v).unwrap_or_default()
}

fn sorted(mut f: Vec<f64>) -> Vec<f64> {
    f.sort_by(|a, b| a.total_cmp(b));
    f
}

/// The slowest frames as "total (simulation)": which part a hitch is made of. Both series get
/// one entry per timer fire, so equal indexes are the same frame.
fn worst_frames(frames: &[f64], parts: [&[f64]; 4], n: usize) -> String {
    let mut order: Vec<usize> = (0..frames.len()).collect();
    order.sort_by(|&a, &b| frames[b].total_cmp(&frames[a]));
    let at = |s: &[f64], i: usize| s.get(i).copied().unwrap_or(f64::NAN);
    let [sim, build, grew, dom] = parts;
    let shown: Vec<String> = order
        .iter()
        .take(n)
        .map(|&i| {
            format!(
                "#{i} {:.0} ms ({:.0} sim, {:.0} view build, memory grew {:.0} MB; \
                 {:+.0} elements to {:.0})",
                frames[i],
                at(sim, i),
                at(build, i),
                at(grew, i),
                i.checked_sub(1).map_or(f64::NAN, |j| at(dom, i) - at(dom, j)),
                at(dom, i)
            )
        })
        .collect();
    shown.join(", ")
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Turns the wheel over the graph's centre every 50 ms, in and out in turn, and records each
/// turn's latency to the paint after it in `window.kubeloopZoom`.
const WHEEL_SCRIPT: &str = "
    window.kubeloopZoom = [];
    let n = 0;
    window.kubeloopWheel = setInterval(() => {
        const v = document.querySelector('.graph-viewport');
        if (!v) return;
        const r = v.getBoundingClientRect();
        const t0 = performance.now();
        v.dispatchEvent(new WheelEvent('wheel', { deltaY: (n++ % 8 < 4) ? -120 : 120,
            clientX: r.left + r.width / 2, clientY: r.top + r.height / 2,
            bubbles: true, cancelable: true }));
        requestAnimationFrame(() => requestAnimationFrame(() =>
            window.kubeloopZoom.push(performance.now() - t0)));
    }, 50);
    return 1";

async fn measure(pods: u32, nodes: u32, zooming: bool) {
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
    c.execute(
        "window.kubeloopFrames = []; window.kubeloopSim = []; window.kubeloopBuild = []; \
         window.kubeloopGrew = []; \
         window.kubeloopDom = []; window.kubeloopBreakdown = true; return 1",
        vec![],
    )
    .await
    .unwrap();
    if zooming {
        c.execute(WHEEL_SCRIPT, vec![]).await.unwrap();
    }
    type_line(c, "k set image deploy/web nginx=nginx:1.28").await;
    tokio::time::sleep(Duration::from_secs(20)).await;
    let zoom = if zooming {
        c.execute("clearInterval(window.kubeloopWheel); return 1", vec![]).await.unwrap();
        let z = sorted(recorded(c, "kubeloopZoom").await);
        format!(
            "; while zooming with the wheel ({} turns: to the paint p50 {:.1} ms, p95 {:.1} ms, worst {:.1} ms)",
            z.len(),
            percentile(&z, 0.5),
            percentile(&z, 0.95),
            z.last().copied().unwrap_or(0.0)
        )
    } else {
        String::new()
    };
    let (f, sim) = (recorded(c, "kubeloopFrames").await, recorded(c, "kubeloopSim").await);
    let build = recorded(c, "kubeloopBuild").await;
    let grew = recorded(c, "kubeloopGrew").await;
    let dom = recorded(c, "kubeloopDom").await;
    let slowest = worst_frames(&f, [&sim, &build, &grew, &dom], 4);
    let (f, sim) = (sorted(f), sorted(sim));
    println!(
        "page: {pods} pods ({}), rolling update, {} frames: p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms, \
         {} over 50 ms, worst {:.1} ms; of which simulation p50 {:.1} ms, p95 {:.1} ms{zoom}; slowest: {slowest}",
        if summarised { "pods aggregated per ReplicaSet" } else { "every pod drawn" },
        f.len(),
        percentile(&f, 0.5),
        percentile(&f, 0.95),
        percentile(&f, 0.99),
        f.iter().filter(|ms| **ms > 50.0).count(),
        f.last().copied().unwrap_or(0.0),
        percentile(&sim, 0.5),
        percentile(&sim, 0.95),
    );
    let zoomed = if zooming { "-zoom" } else { "" };
    browser.screenshot(&format!("bench-{pods}{zoomed}.png")).await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn frame_times_during_a_rolling_update() {
    measure(1_000, 12, false).await;
    measure(5_000, 50, false).await;
}

/// The classroom's size: every pod drawn as a card, the most the page animates at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn frame_times_during_a_60_replica_rollout() {
    measure(60, 3, false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn frame_times_while_zooming_during_a_rolling_update() {
    measure(1_000, 12, true).await;
}
