//! End-to-end: serve the release `dist/` on 127.0.0.1, drive headless Chromium over WebDriver
//! through the lesson's first scene (create a Deployment, delete a pod by clicking it, watch the
//! replacement appear), and save screenshots under `target/e2e/`.
//!
//! Run through `scripts/test`, which builds `dist/` first and installs chromedriver.

mod support;

use std::time::Duration;

use fantoccini::{Client, Locator};
use support::Browser;

async fn pod_names(c: &Client) -> Vec<String> {
    let mut names = Vec::new();
    for el in c.find_all(Locator::Css("[data-kind='Pod']")).await.unwrap() {
        if let Some(n) = el.attr("data-name").await.unwrap() {
            names.push(n);
        }
    }
    names.sort();
    names
}

async fn running_pods(c: &Client) -> usize {
    c.find_all(Locator::Css("[data-kind='Pod'][data-status='Running']")).await.unwrap().len()
}

/// Polls until `check` holds, up to `secs` of real time.
async fn eventually<F, Fut>(secs: u64, what: &str, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    for _ in 0..secs * 10 {
        if check().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("timed out waiting for {what}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deleting_a_pod_by_clicking_it_brings_a_replacement() {
    let browser = Browser::start().await;
    let c = &browser.client;

    let title = c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    assert_eq!(title.text().await.unwrap(), "kubeloop");
    browser.screenshot("first-screen.png").await;

    let input = c.find(Locator::Css("[aria-label='kubectl command']")).await.expect("command box");
    input
        .send_keys("k create deployment web --image=nginx:1.27 --replicas=3\u{E007}")
        .await
        .unwrap();
    eventually(20, "three Running pods", || async { running_pods(c).await == 3 }).await;
    let log = c.find(Locator::Css("[role='log']")).await.unwrap().text().await.unwrap();
    assert!(log.contains("deployment.apps/web created"), "{log}");
    let before = pod_names(c).await;
    browser.screenshot("three-pods.png").await;

    // Click the first pod, then Delete in the inspector.
    let victim = before[0].clone();
    c.find(Locator::Css(&format!("[data-kind='Pod'][data-name='{victim}']")))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let inspector = c.wait().for_element(Locator::Css("aside.inspector")).await.unwrap();
    assert!(inspector.text().await.unwrap().contains(&victim));
    c.find(Locator::Css("aside.inspector .btn-danger")).await.unwrap().click().await.unwrap();
    let log = c.find(Locator::Css("[role='log']")).await.unwrap().text().await.unwrap();
    assert!(
        log.contains(&format!("$ k delete pod/{victim} --wait=false")),
        "the click shows its command: {log}"
    );

    // A replacement with a new name appears and runs; the victim goes away.
    eventually(30, "a replacement pod", || {
        let before = before.clone();
        async move {
            let now = pod_names(c).await;
            now.iter().any(|n| !before.contains(n))
        }
    })
    .await;
    browser.screenshot("replacement.png").await;
    eventually(30, "three Running pods without the victim", || {
        let victim = victim.clone();
        async move { running_pods(c).await == 3 && !pod_names(c).await.contains(&victim) }
    })
    .await;
    browser.close().await;
}
