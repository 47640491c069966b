//! End-to-end: details of a teacher's walk through the page, each seen as a student sees it.
//! The page's frame is in the served HTML and shows before the wasm runs (and goes when the
//! app mounts); the command box is safe from a phone keyboard's capitals and smart
//! punctuation; a deleted workload leaves the graph once its pods are collected; a pod's
//! STATUS stays inside its box; a ReplicaSet scaled by hand shows the size its Deployment set
//! back, while playing; `kubectl explain` offline says its docs are not available offline.
//! Screenshots go to `target/e2e/walkthrough-*.png`.

#[allow(dead_code)]
mod support;

use fantoccini::{Client, Locator};
use support::chrome::cdp;
use support::page::*;
use support::Browser;

async fn js(c: &Client, script: &str) -> serde_json::Value {
    c.execute(script, vec![]).await.unwrap_or_else(|e| panic!("{script}: {e}"))
}

/// The loading frame as the page shows it: its title and progress line when it is in the
/// document and drawn, else `None`.
async fn frame(c: &Client) -> Option<(String, String)> {
    let got = js(
        c,
        "const f = document.getElementById('loading');
         if (!f || f.getBoundingClientRect().height < 100) return null;
         return [f.querySelector('h1').textContent, f.querySelector('.loading-line').textContent];",
    )
    .await;
    serde_json::from_value(got).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_frame_shows_before_the_wasm_runs_and_goes_when_the_app_mounts() {
    let html = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/dist/index.html"))
        .expect("dist/index.html");
    assert!(html.contains("id=\"loading\"") || html.contains("id=loading"), "frame in the HTML");
    // The frame's words in other languages are a JSON data block, which never runs.
    let tags: Vec<&str> =
        html.split("<script").skip(1).map(|t| t.split('>').next().unwrap_or("")).collect();
    let data = tags.iter().filter(|t| t.contains("application/json")).count();
    assert_eq!(data, 1, "the frame's words");
    let scripts = tags.len() - data;
    assert_eq!(scripts, 2, "no script but Trunk's loader and the frame's");

    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    assert_eq!(frame(c).await, None, "the app replaced the frame");
    assert_eq!(count(c, "#loading").await, 0);

    // The wasm never arrives: the page still shows its frame, not white.
    cdp(c, "Network.enable", serde_json::json!({})).await;
    cdp(c, "Network.setBlockedURLs", serde_json::json!({ "urls": ["*.wasm", "*.wasm.xz"] })).await;
    cdp(c, "Network.setCacheDisabled", serde_json::json!({ "cacheDisabled": true })).await;
    // A fresh profile load, so no service worker answers for the network.
    js(c, "for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister(); return 1").await;
    c.goto(&format!("{}/", browser.origin())).await.unwrap();
    let (title, line) = frame(c).await.expect("the frame is drawn while the wasm loads");
    assert_eq!(title, "kubeloop");
    assert!(line.starts_with("Loading"), "{line}");
    assert_eq!(count(c, "h1.brand").await, 0, "the app has not mounted");
    browser.screenshot("walkthrough-loading.png").await;

    cdp(c, "Network.setBlockedURLs", serde_json::json!({ "urls": [] })).await;
    c.refresh().await.unwrap();
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    assert_eq!(frame(c).await, None, "gone once the app is there");
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_keyboard_neither_capitalises_nor_curls_a_command() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    let attrs = js(
        c,
        "const b = document.getElementById('command-input');
         return ['autocapitalize', 'autocorrect', 'spellcheck'].map(a => b.getAttribute(a));",
    )
    .await;
    assert_eq!(attrs, serde_json::json!(["off", "off", "false"]));

    type_line(c, "K create deployment web —image=nginx:1.27 —replicas=2").await;
    eventually(20, "two Running pods", || async { running_pods(c).await == 2 }).await;
    type_line(c, "K get deploy web —no-headers -o custom-columns=“N:.metadata.name”").await;
    eventually(5, "the get's answer", || async { log_text(c).await.contains("\nweb") }).await;
    let log = log_text(c).await;
    assert!(!log.contains("command not found"), "{log}");
    assert_eq!(log.matches("smart punctuation").count(), 1, "said once: {log}");
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_job_leaves_the_graph_once_its_pod_is_collected() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    type_line(c, "k create job once --image=nginx:1.27").await;
    eventually(20, "the Job's Running pod", || async { running_pods(c).await == 1 }).await;
    assert_eq!(count(c, "[data-kind='Job']").await, 1);
    type_line(c, "k delete job once").await;
    eventually(30, "the Job and its pod gone from the graph", || async {
        count(c, "[data-kind='Job'], [data-kind='Pod']").await == 0
    })
    .await;
    browser.screenshot("walkthrough-job-deleted.png").await;
    browser.close().await;
}

/// Text of the graph's boxes that runs past its box's right edge, or column headings that
/// run into the next, as "kind/name: text".
async fn overflowing_text(c: &Client) -> Vec<String> {
    let got = js(
        c,
        "const out = [];
         for (const g of document.querySelectorAll('.graph-svg g.node')) {
           const box = g.querySelector('rect.box'); if (!box) continue;
           const w = box.width.baseVal.value;
           for (const t of g.querySelectorAll('.shape > text')) {
             const b = t.getBBox();
             if (b.width > 0 && b.x + b.width > w + 0.5)
               out.push(g.dataset.kind + '/' + g.dataset.name + ': ' + t.textContent);
           }
         }
         // Column headings on one line must not run into each other.
         for (const g of document.querySelectorAll('.graph-svg g.node')) {
           const heads = [...g.querySelectorAll('.shape > text.t-label')].map(t => [t.getBBox(), t.textContent])
             .filter(([b]) => b.width > 0).sort((a, b) => a[0].x - b[0].x);
           for (let i = 1; i < heads.length; i++)
             if (heads[i][0].y === heads[i - 1][0].y && heads[i - 1][0].x + heads[i - 1][0].width > heads[i][0].x)
               out.push(g.dataset.kind + '/' + g.dataset.name + ': ' + heads[i - 1][1] + heads[i][1]);
         }
         return out;",
    )
    .await;
    serde_json::from_value(got).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn long_statuses_and_finalizers_stay_inside_their_boxes_on_desk_and_projector() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    type_line(c, "k create deployment bad --image=nginx:doesnotexist --replicas=2").await;
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=1").await;
    type_line(c, "k create cronjob tick --image=busybox --schedule='* * * * *'").await;
    type_line(c, "k create job first --from=cronjob/tick").await;
    type_line(
        c,
        "k patch deploy web -p '{\"metadata\":{\"finalizers\":[\"example.com/hold\",\"example.com/another-hold\"]}}'",
    )
    .await;
    eventually(30, "pods that cannot pull their image", || async {
        let log = js(
            c,
            "return [...document.querySelectorAll('[data-kind=Pod]')].map(p => p.dataset.status)",
        )
        .await;
        log.as_array().is_some_and(|a| {
            a.iter().filter(|s| s.as_str().is_some_and(|s| s.len() > 15)).count() == 2
        })
    })
    .await;
    // ContainerCreating, the longest status of all, lasts a moment: paused, one Step at a
    // time until a pod shows it.
    click_button(c, "Pause").await;
    type_line(c, "k create deployment slow --image=nginx:1.27 --replicas=1").await;
    let creating = "return [...document.querySelectorAll('[data-kind=Pod]')]
        .some(p => p.dataset.status === 'ContainerCreating')";
    for _ in 0..40 {
        if js(c, creating).await == serde_json::json!(true) {
            break;
        }
        click_button(c, "Step").await;
        tokio::time::sleep(std::time::Duration::from_millis(150)).await;
    }
    assert_eq!(js(c, creating).await, serde_json::json!(true), "a pod in ContainerCreating");
    assert_eq!(overflowing_text(c).await, Vec::<String>::new(), "at the desk");
    click_button(c, "Presenter").await;
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    assert_eq!(overflowing_text(c).await, Vec::<String>::new(), "in presenter mode");
    browser.screenshot("walkthrough-long-status.png").await;
    // The squeeze is what holds it: without it, ContainerCreating runs over the box's edge.
    // The same for a Job row's COMPLETIONS heading and its neighbour, which the desk's forms
    // draw (presenter mode's stacked form draws a Job as a one-line strip without headings).
    click_button(c, "Presenter").await;
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    js(c, "document.querySelectorAll('.t-status[textLength], .t-label[textLength]').forEach(t => t.removeAttribute('textLength')); return 1").await;
    let unsqueezed = overflowing_text(c).await;
    assert!(unsqueezed.iter().any(|t| t.ends_with("ContainerCreating")), "{unsqueezed:?}");
    assert!(unsqueezed.iter().any(|t| t.contains("COMPLETIONS")), "{unsqueezed:?}");
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replicaset_scaled_by_hand_while_playing_shows_the_size_set_back() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=3").await;
    eventually(30, "three Running pods", || async { running_pods(c).await == 3 }).await;
    type_line(c, "k scale $(k get rs -o name) --replicas=5").await;
    let card = "const rs = document.querySelector(\"[data-kind='ReplicaSet']\");
        return rs ? [...rs.querySelectorAll('text')].map(t => t.textContent.trim()) : []";
    eventually(3, "the card's 5 → 3 and the loop that set it back", || async {
        let texts = js(c, card).await;
        let texts: Vec<String> = serde_json::from_value(texts).unwrap_or_default();
        texts.iter().any(|t| t == "5 \u{2192} 3") && texts.iter().any(|t| t == "\u{21a9} deploy")
    })
    .await;
    let apart = "const rs = document.querySelector(\"[data-kind='ReplicaSet']\");
        const kind = rs.querySelector('.t-kind').getBBox();
        const badge = rs.querySelector('.badge-scaled-back').getBBox();
        return [kind.x, kind.width, badge.x, badge.width]";
    browser.screenshot("walkthrough-scaled-back.png").await;
    let b: Vec<f64> = serde_json::from_value(js(c, apart).await).unwrap();
    assert!(b[0] + b[1] < b[2], "the badge clears REPLICASET: {b:?}");
    assert_eq!(running_pods(c).await, 3, "the Deployment's size holds");
    // A few seconds later the card reads as before.
    eventually(10, "the card back to its own figures", || async {
        let texts: Vec<String> = serde_json::from_value(js(c, card).await).unwrap_or_default();
        !texts.is_empty() && !texts.iter().any(|t| t.contains('\u{2192}'))
    })
    .await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn explain_offline_says_the_docs_are_not_available_offline() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    support::chrome::set_offline(c, true).await;
    browser.set_server_online(false);
    // The network went before the service worker had the docs: had it fetched them already
    // (it does once the page is idle), they are taken back out, and it cannot fetch them now.
    let dropped = "const done = arguments[0]; caches.open('kubeloop-v1') \
        .then(c => c.delete(new URL('explain.json', location.href))).then(() => done(true), () => done(false));";
    assert_eq!(c.execute_async(dropped, vec![]).await.unwrap(), serde_json::json!(true));
    type_line(c, "k explain pods").await;
    eventually(10, "the offline note", || async {
        log_text(c).await.contains("not available offline")
    })
    .await;
    let log = log_text(c).await;
    assert!(!log.contains("are not loaded"), "one plain reason, not two: {log}");
    support::chrome::set_offline(c, false).await;
    browser.set_server_online(true);
    type_line(c, "k explain pods.spec.hostname").await;
    eventually(10, "the docs once online", || async {
        log_text(c).await.contains("FIELD: hostname <string>")
    })
    .await;
    browser.close().await;
}
