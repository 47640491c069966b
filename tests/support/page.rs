//! Driving the page over WebDriver the way a person would: type a command line, read the
//! log, count what the graph shows, wait until something holds.

// Each test crate includes this module and uses only some of it.
#![allow(dead_code)]

use std::time::Duration;

use fantoccini::{Client, Locator};

/// The pods on the graph, read in one script so a box removed meanwhile cannot go stale.
pub async fn pod_names(c: &Client) -> Vec<String> {
    let names = c
        .execute(
            "return [...document.querySelectorAll(\"[data-kind='Pod']\")] \
             .map(e => e.getAttribute('data-name'))",
            vec![],
        )
        .await
        .unwrap();
    let mut names: Vec<String> = serde_json::from_value(names).unwrap_or_default();
    names.sort();
    names
}

/// Resizes the window until the page's viewport is `w` × `h` (the window frame may differ).
pub async fn resize(c: &Client, w: u32, h: u32) {
    c.set_window_size(w, h).await.unwrap();
    let inner = c.execute("return [innerWidth, innerHeight]", vec![]).await.unwrap();
    let (iw, ih) = (inner[0].as_u64().unwrap() as u32, inner[1].as_u64().unwrap() as u32);
    if (iw, ih) != (w, h) {
        c.set_window_size(w + (w - iw.min(w)), h + (h - ih.min(h))).await.unwrap();
    }
    tokio::time::sleep(Duration::from_millis(600)).await;
}

pub async fn type_line(c: &Client, line: &str) {
    let input = c.find(Locator::Css("#command-input")).await.expect("command box");
    input.send_keys(&format!("{line}\u{E007}")).await.unwrap();
}

pub async fn log_text(c: &Client) -> String {
    c.find(Locator::Css("[role='log']")).await.unwrap().text().await.unwrap()
}

pub async fn count(c: &Client, css: &str) -> usize {
    c.find_all(Locator::Css(css)).await.unwrap().len()
}

pub async fn running_pods(c: &Client) -> usize {
    c.find_all(Locator::Css("[data-kind='Pod'][data-status='Running']")).await.unwrap().len()
}

/// Polls until `check` holds, up to `secs` of real time.
pub async fn eventually<F, Fut>(secs: u64, what: &str, mut check: F)
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

/// Every URL the page has loaded: the document and each resource it fetched.
pub async fn fetched_urls(c: &Client) -> Vec<String> {
    let fetched = c
        .execute(
            "return performance.getEntriesByType('resource').map(e => e.name) \
             .concat(performance.getEntriesByType('navigation').map(e => e.name))",
            vec![],
        )
        .await
        .unwrap();
    serde_json::from_value(fetched).unwrap()
}

/// Clicks the button whose text is `text`, as a person would find it by its label.
pub async fn click_button(c: &Client, text: &str) {
    let script = format!(
        "const b = [...document.querySelectorAll('button')].find(b => b.textContent.trim() === {text:?});
         if (b) {{ b.click(); }} return !!b;"
    );
    let found = c.execute(&script, vec![]).await.unwrap();
    assert_eq!(found, serde_json::json!(true), "no button reads {text}");
}

/// Waits for the page, then for the service worker to control it.
pub async fn mounted_and_controlled(c: &Client) {
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    eventually(30, "the service worker to control the page", || async {
        let controlled = c.execute("return !!navigator.serviceWorker.controller", vec![]).await;
        controlled.ok().and_then(|v| v.as_bool()) == Some(true)
    })
    .await;
}

/// The names of the files in the service worker's cache.
pub async fn cached(c: &Client) -> Vec<String> {
    let script = "const done = arguments[0]; \
        caches.open('kubeloop-v1').then(c => c.keys()) \
          .then(ks => done(ks.map(k => new URL(k.url).pathname.split('/').pop())));";
    serde_json::from_value(c.execute_async(script, vec![]).await.unwrap()).unwrap()
}

/// Whether the first element `css` selects is what a click at its centre would hit: nothing
/// covers it (`elementFromPoint`, not only bounding boxes).
pub async fn on_top(c: &Client, css: &str) -> bool {
    let hit = c
        .execute(
            "const e = document.querySelector(arguments[0]), r = e.getBoundingClientRect();
             const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
             return !!hit && e.contains(hit);",
            vec![serde_json::json!(css)],
        )
        .await
        .unwrap();
    hit == serde_json::json!(true)
}

/// Starts mission `name` from the Missions panel, once its button is there (in the release
/// build the missions come with the course part).
pub async fn start_mission(c: &Client, name: &str) {
    let button = Locator::Css(&format!("[data-mission='{name}']"));
    c.wait().for_element(button).await.expect("the mission's button").click().await.unwrap();
}

/// Shows the course `name` in the Missions panel, as choosing it in the picker does (once the
/// picker is there: in the release build it comes with the course part).
pub async fn show_course(c: &Client, name: &str) {
    let picker = Locator::Css(".course-choice");
    c.wait().for_element(picker).await.expect("the course picker");
    let shown = c
        .execute(
            "const b = document.querySelector(`.course-choice[data-course='${arguments[0]}']`);
             if (!b) return false; b.click(); return true",
            vec![serde_json::json!(name)],
        )
        .await
        .unwrap();
    assert_eq!(shown, serde_json::json!(true), "no course picker");
}
