//! End-to-end: a Service's users through a rollout, read off the Service box's counter on
//! the release page. A rolling update with readiness probes and `maxUnavailable: 0` never
//! leaves the users without a ready endpoint, so none of their requests fail; a Recreate
//! rollout stops every old pod before a new one is ready, and they notice. Screenshots of a
//! rollout with traffic go to `target/e2e/traffic-*.png` at each room size.

#[allow(dead_code)]
mod support;

use std::time::Duration;

use fantoccini::{Client, Locator};
use support::page::*;
use support::Browser;

async fn js(c: &Client, script: &str) -> serde_json::Value {
    c.execute(script, vec![]).await.unwrap_or_else(|e| panic!("{script}: {e}"))
}

/// The Service box's counter: (served, failed).
async fn counter(c: &Client) -> (u64, u64) {
    let v = js(
        c,
        "const g = document.querySelector('.svc-counter'); \
         return g ? [g.getAttribute('data-served'), g.getAttribute('data-failed')] : ['-', '-']",
    )
    .await;
    let n = |i: usize| v[i].as_str().and_then(|s| s.parse().ok()).unwrap_or(0);
    (n(0), n(1))
}

/// A Deployment `web` of four nginx pods with `strategy`, typed as a heredoc.
async fn deploy(c: &Client, strategy: &str) {
    let manifest = format!(
        "k apply -f - <<EOF\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n\
         spec:\n  replicas: 4\n  selector:\n    matchLabels:\n      app: web\n\
         {strategy}  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n\
         \x20     containers:\n      - name: nginx\n        image: nginx:1.27\n\
         \x20       readinessProbe:\n          httpGet:\n            path: /\n            port: 80\n\
         \x20         periodSeconds: 1\nEOF"
    );
    type_line(c, &manifest).await;
    eventually(30, "four Running pods", || async { running_pods(c).await == 4 }).await;
    type_line(c, "k expose deployment web --port=80").await;
    eventually(20, "users served", || async { counter(c).await.0 >= 20 }).await;
}

async fn roll_out(c: &Client) {
    type_line(c, "k set image deploy/web nginx=nginx:1.28").await;
    type_line(c, "k rollout status deploy/web").await;
    eventually(60, "the rollout to finish", || async {
        log_text(c).await.contains("deployment \"web\" successfully rolled out")
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rolling_update_with_readiness_and_no_unavailable_pods_fails_no_request() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    deploy(c, "  strategy:\n    rollingUpdate:\n      maxUnavailable: 0\n      maxSurge: 1\n")
        .await;
    assert_eq!(count(c, "[data-kind='Service']").await, 1, "the Service is drawn");
    assert_eq!(count(c, ".selects.ready").await, 4, "a dotted selects edge to each ready pod");
    let (before, _) = counter(c).await;
    roll_out(c).await;
    let (served, failed) = counter(c).await;
    assert!(served > before + 20, "users kept being served: {before} then {served}");
    assert_eq!(failed, 0, "no request failed during the rollout");
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_recreate_rollout_leaves_the_users_without_endpoints() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    deploy(c, "  strategy:\n    type: Recreate\n").await;
    assert_eq!(counter(c).await.1, 0, "nothing failed before the rollout");
    roll_out(c).await;
    let (_, failed) = counter(c).await;
    assert!(failed > 0, "a Recreate rollout drops requests");
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn traffic_through_a_rollout_is_drawn_in_every_room() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    deploy(c, "").await;
    type_line(c, "k set image deploy/web nginx=nginx:1.28").await;
    for (room, w, h) in
        [("wide", 1920, 1080), ("projector", 1024, 768), ("tablet", 768, 1024), ("phone", 390, 844)]
    {
        resize(c, w, h).await;
        // The camera refits to the new panel.
        tokio::time::sleep(Duration::from_millis(400)).await;
        let shown = js(
            c,
            "const r = document.querySelector(\"[data-kind='Service']\").getBoundingClientRect(); \
             return r.width > 0 && r.height > 0",
        )
        .await;
        assert_eq!(shown, serde_json::json!(true), "{room}: the Service box is on screen");
        browser.screenshot(&format!("traffic-{room}.png")).await;
    }
    browser.close().await;
}
