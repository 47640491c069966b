//! End-to-end smoke test: serve the release `dist/` on 127.0.0.1, drive headless Chromium over
//! WebDriver, check that the app mounted, and save a screenshot under `target/e2e/`.
//!
//! Run through `scripts/test`, which builds `dist/` first and installs chromedriver.

mod support;

use fantoccini::Locator;
use support::Browser;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn release_page_mounts_and_accepts_a_command() {
    let browser = Browser::start().await;
    let c = &browser.client;

    let title = c
        .wait()
        .for_element(Locator::Css("h1.brand"))
        .await
        .expect("the app mounted within the wait timeout");
    assert_eq!(title.text().await.unwrap(), "kubeloop");
    c.find(Locator::Css("section.graph")).await.expect("graph area");

    let input =
        c.find(Locator::Css("input[aria-label='kubectl command']")).await.expect("command box");
    input.send_keys("k get pods\u{E007}").await.unwrap();
    let log = c.find(Locator::Css("[role='log']")).await.unwrap();
    assert!(log.text().await.unwrap().contains("$ k get pods"));

    browser.screenshot("first-screen.png").await;
    browser.close().await;
}
