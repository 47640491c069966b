//! End-to-end: everything beyond the first lesson arrives on first use and works offline
//! after one visit. On the page `kubeloop serve` serves (so live mode has the API at the
//! page's origin), a fresh page runs `explain`, a sandbox command, `create job`, a
//! go-template, `expose`, a mission and live mode, each fetching what it needs once; then, with the server gone and
//! Chromium offline, a reload runs all of them again from the service worker's cache (live
//! mode's code runs and says it cannot reach the server, as it would with any server down).
//!
//! Run through `scripts/test`, which builds `dist/` and `kubeloop serve` first.

#[allow(dead_code)]
mod support;

use fantoccini::{Client, Locator};
use support::chrome::{console_errors, set_offline};
use support::page::*;
use support::serve::{root, serve};
use support::Browser;

/// Types `line` until the log holds `expect` (a line is typed again each second, since what
/// it shows may take the simulated cluster a moment).
async fn until_shown(c: &Client, line: &str, expect: &str) {
    eventually(4, expect, || async {
        type_line(c, line).await;
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        log_text(c).await.contains(expect)
    })
    .await;
}

async fn live_status(c: &Client) -> (String, String) {
    let script = "const s = document.querySelector('.live-status'); \
        return s ? [s.className, s.textContent] : ['', ''];";
    serde_json::from_value(c.execute(script, vec![]).await.unwrap()).unwrap()
}

/// Runs each later part once; `n` keeps the names of the second round apart.
async fn every_later_part(c: &Client, n: u32) {
    until_shown(c, "k explain deployment.spec.minReadySeconds", "FIELD: minReadySeconds").await;
    // The sandbox's commands and the kubeloop.dev/v1 handlers they call.
    until_shown(c, "controller list", "garbage-collector").await;
    type_line(c, &format!("k create job hello{n} --image=busybox -- echo hi")).await;
    until_shown(
        c,
        &format!("k get job hello{n} -o go-template='made={{{{.metadata.name}}}}{{{{\"\\n\"}}}}'"),
        &format!("made=hello{n}"),
    )
    .await;
    type_line(c, &format!("k create deployment web{n} --image=nginx:1.27")).await;
    until_shown(
        c,
        &format!("k expose deploy web{n} --port=80"),
        &format!("service/web{n} exposed"),
    )
    .await;
    // A mission: job-retries sets itself up with `k apply`. After the reload it is the
    // restored session's, replayed.
    if n == 1 {
        click_button(c, "Missions").await;
        c.wait().for_element(Locator::Css(".course-select")).await.expect("the course picker");
        show_course(c, "workloads-and-traffic").await;
        let mission = c.wait().for_element(Locator::Css("[data-mission='job-retries']")).await;
        mission.expect("the missions panel lists job-retries").click().await.unwrap();
    }
    until_shown(c, "k get jobs report", "report ").await;
    let text = log_text(c).await;
    assert!(!text.contains("has not been fetched"), "{text}");
    assert!(!text.contains("could not fetch"), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_later_part_arrives_on_first_use_and_runs_offline_after_one_visit() {
    let served = serve(&["--www", root().join("dist").to_str().unwrap()]);
    let browser = Browser::start().await;
    let c = &browser.client;
    c.goto(&served.at).await.expect("open the served page");
    mounted_and_controlled(c).await;
    let first = fetched_urls(c).await;
    let later = ["-split-course-", "-split-live-", "explain.json"];
    let early: Vec<_> = first.iter().filter(|u| later.iter().any(|l| u.contains(l))).collect();
    assert!(early.is_empty(), "fetched before first use: {early:?}");

    // Live mode, against the server at the page's origin.
    click_button(c, "Connect").await;
    eventually(30, "live mode connected", || async {
        live_status(c).await.1.contains("Connected to Kubernetes v")
    })
    .await;
    // A describe asks the server several times, one request after another.
    type_line(c, "k describe node node-1").await;
    eventually(30, "the node described", || async {
        log_text(c).await.contains("Name:               node-1")
    })
    .await;
    click_button(c, "Disconnect").await;
    every_later_part(c, 1).await;
    let fetched = fetched_urls(c).await;
    for chunk in ["-split-course-", "-split-live-"] {
        let times = fetched.iter().filter(|u| u.contains(chunk)).count();
        assert_eq!(times, 1, "{chunk} fetched once: {fetched:?}");
    }
    assert!(fetched.iter().any(|u| u.ends_with("explain.json")), "{fetched:?}");
    assert_eq!(console_errors(c).await, Vec::<String>::new());
    // Everything the page may fetch is in the cache before the network goes.
    eventually(30, "every part cached", || async {
        let cache = cached(c).await;
        ["-split-course-", "-split-live-", "explain.json"]
            .iter()
            .all(|part| cache.iter().any(|f| f.contains(part)))
    })
    .await;

    drop(served);
    set_offline(c, true).await;
    c.refresh().await.unwrap();
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted offline");
    eventually(20, "the session restored offline", || async {
        log_text(c).await.contains("restored the saved session")
    })
    .await;
    every_later_part(c, 2).await;
    click_button(c, "Connect").await;
    eventually(30, "live mode's code ran and found no server", || async {
        let (class, text) = live_status(c).await;
        (class.contains("reconnecting") || class.contains("error")) && !text.is_empty()
    })
    .await;
    assert!(!log_text(c).await.contains("could not fetch"));
    browser.screenshot("later-parts-offline.png").await;
    browser.close().await;
}
