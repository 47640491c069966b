//! The published page: GitHub Pages serves a project from a subpath (`/REPO/`), so the same
//! release `dist/` that the end-to-end tests load from the root is loaded here from
//! `/kubeloop/`, with everything outside that subpath answering 404 as it would there. The
//! page must load every asset from under the subpath, run, and make share links that open
//! under the subpath too.
//!
//! Run through `scripts/test`, which builds `dist/` (with relative asset paths) first.

// Shared with the end-to-end test, which uses more of it.
#[allow(dead_code)]
mod support;

use fantoccini::Locator;
use support::page::*;
use support::Browser;

const SUBPATH: &str = "/kubeloop/";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_runs_and_shares_from_a_project_subpath() {
    let browser = Browser::start_under(SUBPATH).await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted from a subpath");
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=2").await;
    eventually(20, "two Running pods", || async { running_pods(c).await == 2 }).await;
    let pods = pod_names(c).await;

    // Every request the page made stayed under the subpath: a root-relative asset path
    // would have been a 404 above, and the app would not have mounted.
    let base = format!("{}/", browser.origin());
    assert!(base.ends_with(SUBPATH), "{base}");
    let urls = fetched_urls(c).await;
    assert!(urls.len() >= 3, "the page, its script and its wasm at least: {urls:?}");
    for url in &urls {
        assert!(url.starts_with(&base), "{url} is not under {base}");
    }

    // A share link points back under the subpath, and opening it in a fresh profile rebuilds
    // the same cluster there.
    c.find(Locator::Css("button[title^='a link']")).await.unwrap().click().await.unwrap();
    let field = c.wait().for_element(Locator::Css(".share-link")).await.expect("the share bar");
    let link = field.prop("value").await.unwrap().expect("a share link");
    assert!(link.starts_with(&base), "{link} is not under {base}");
    browser.close().await;

    let fresh = Browser::start_under(SUBPATH).await;
    let c = &fresh.client;
    c.goto(&link).await.unwrap();
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted from the link");
    eventually(10, "the shared pods", || async { running_pods(c).await == 2 }).await;
    assert_eq!(pod_names(c).await, pods);
    assert!(log_text(c).await.contains("restored the shared session in the link"));
    fresh.screenshot("published-subpath.png").await;
    fresh.close().await;
}
