//! End-to-end: the page's live mode against `kubeloop serve`. The server serves the release
//! page and the Kubernetes API from one origin; the page opened with `?live` lists and
//! watches it, a Deployment created in the command box arrives through the watch, a pod
//! deleted by clicking it goes, and the Deployment's replacement arrives the same way.
//! Screenshots go to `target/e2e/live-*.png` at each room size. A second test puts the real
//! `kubectl proxy --www=dist --www-prefix=/kubeloop/` in front of the server, as README tells
//! a learner to run it against a real cluster: the page under the prefix, the API beside it.

#[allow(dead_code)]
mod support;

use std::process::Command;
use std::time::Duration;

use fantoccini::{Client, Locator};
use support::page::*;
use support::serve::{root, serve, Announced};
use support::Browser;

/// `kubectl proxy --www=dist --www-prefix=/kubeloop/` in front of a cluster (here
/// `kubeloop serve`, through the kubeconfig it wrote), as README tells a learner to run it
/// against a real one; `at` is its address.
fn proxy(kubeconfig: &std::path::Path) -> Announced {
    // The machine image's kubectl, or the one scripts/ensure-tools downloaded.
    let kubectl = ["/usr/lib/google-cloud-sdk/bin/kubectl.1.33", "tools/kubectl/kubectl.1.33"]
        .into_iter()
        .map(|p| root().join(p))
        .find(|p| p.is_file())
        .unwrap_or_else(|| "kubectl".into());
    let mut cmd = Command::new(kubectl);
    cmd.arg("proxy")
        .arg("--port=0")
        .arg(format!("--www={}", root().join("dist").display()))
        .arg("--www-prefix=/kubeloop/")
        .env("KUBECONFIG", kubeconfig);
    Announced::start(cmd, "Starting to serve on ")
}

async fn status(c: &Client) -> String {
    match c.find(Locator::Css(".live-status .live-text")).await {
        Ok(e) => e.text().await.unwrap_or_default(),
        Err(_) => String::new(),
    }
}

async fn web_pods(c: &Client) -> Vec<String> {
    pod_names(c).await.into_iter().filter(|n| n.starts_with("web-")).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_mode_mirrors_kubeloop_serve_and_a_clicked_delete_is_replaced_through_the_watch() {
    let served = serve(&["--www", root().join("dist").to_str().unwrap()]);
    let browser = Browser::start().await;
    let c = &browser.client;
    c.goto(&format!("{}?live", served.at)).await.expect("open the served page");
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    eventually(30, "the status line says live", || async {
        let s = status(c).await;
        s.contains("Connected to Kubernetes v") && s.ends_with("\u{b7} live")
    })
    .await;
    assert_eq!(count(c, ".playback").await, 0, "the simulation's clock controls are put away");
    // Live mode's requests are carried out by a chunk of its own, fetched once it was needed.
    let live_chunks = fetched_urls(c).await.into_iter().filter(|u| u.contains("-split-live-"));
    assert_eq!(live_chunks.count(), 1, "live mode's chunk fetched once");

    type_line(c, "kubectl create deployment web --image=nginx:1.27 --replicas=3").await;
    eventually(20, "the server's answer in the log", || async {
        log_text(c).await.contains("deployment.apps/web created")
    })
    .await;
    eventually(60, "three web pods Running, through the watch", || async {
        count(c, "[data-kind='Pod'][data-status='Running']").await == 3
            && web_pods(c).await.len() == 3
    })
    .await;
    assert_eq!(count(c, "[data-kind='Deployment'][data-name='web']").await, 1);
    let before = web_pods(c).await;

    // Delete one pod by clicking it: the DELETE goes to the server, the pod goes when the
    // watch says so, and the ReplicaSet's replacement arrives the same way.
    let victim = before[0].clone();
    c.find(Locator::Css(&format!("[data-kind='Pod'][data-name='{victim}']")))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    c.wait().for_element(Locator::Css("aside.inspector")).await.unwrap();
    c.find(Locator::Css("aside.inspector .btn-danger")).await.unwrap().click().await.unwrap();
    eventually(20, "the server took the delete", || async {
        log_text(c).await.contains(&format!("pod \"{victim}\" deleted"))
    })
    .await;
    eventually(60, "the pod gone and a replacement Running", || async {
        let now = web_pods(c).await;
        !now.contains(&victim)
            && now.len() == 3
            && count(c, "[data-kind='Pod'][data-status='Running']").await == 3
    })
    .await;
    let c_feed = c.find(Locator::Css(".live-feed")).await.unwrap().text().await.unwrap();
    assert!(c_feed.contains("SuccessfulCreate"), "the ReplicaSet's Events in the feed: {c_feed}");

    // A command only the simulation has is refused with its reason.
    type_line(c, "node add").await;
    eventually(10, "the refusal", || async {
        log_text(c).await.contains("kubeloop: live mode does not run `node`")
    })
    .await;

    let rooms = [
        ("wide", 1920, 1080),
        ("projector", 1024, 768),
        ("tablet", 768, 1024),
        ("phone", 390, 844),
    ];
    for (room, w, h) in rooms {
        resize(c, w, h).await;
        tokio::time::sleep(Duration::from_millis(400)).await;
        browser.screenshot(&format!("live-{room}.png")).await;
    }

    // A reload, now under the service worker: the API is not its to answer (a watch never
    // ends, so caching one would hold it forever), and the page connects again.
    resize(c, 1400, 900).await;
    eventually(20, "the service worker in control", || async {
        c.execute("return !!navigator.serviceWorker.controller", vec![]).await.unwrap()
            == serde_json::json!(true)
    })
    .await;
    c.refresh().await.unwrap();
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted again");
    eventually(30, "live again with the three pods", || async {
        status(c).await.ends_with("\u{b7} live") && web_pods(c).await.len() == 3
    })
    .await;
    type_line(c, "kubectl scale deployment web --replicas=2").await;
    eventually(30, "the scale through the watch", || async { web_pods(c).await.len() == 2 }).await;

    // Disconnect: the built-in cluster is back, and with it the clock controls.
    click_button(c, "Disconnect").await;
    eventually(10, "the built-in cluster back", || async {
        count(c, ".playback").await == 1 && count(c, ".live-status").await == 0
    })
    .await;
    browser.close().await;
    drop(served);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_mode_works_through_kubectl_proxy_with_the_page_under_a_prefix() {
    let dir = std::env::temp_dir().join(format!("kubeloop-live-proxy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kubeconfig = dir.join("kubeconfig");
    let served = serve(&["--kubeconfig", kubeconfig.to_str().unwrap()]);
    let proxy = proxy(&kubeconfig);
    let browser = Browser::start().await;
    let c = &browser.client;
    c.goto(&format!("http://{}/kubeloop/?live", proxy.at))
        .await
        .expect("open the page through the proxy");
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    eventually(30, "the status line says live", || async {
        status(c).await.ends_with("\u{b7} live")
    })
    .await;
    type_line(c, "kubectl create deployment web --image=nginx:1.27 --replicas=2").await;
    eventually(60, "two web pods Running, through the proxied watch", || async {
        count(c, "[data-kind='Pod'][data-status='Running']").await == 2
            && web_pods(c).await.len() == 2
    })
    .await;
    // kubectl's verbs reach the server as kubectl sends them, one request at a time: a set
    // image right after a scale is a strategic merge patch, which cannot conflict; an uncordon
    // right after a cordon reads the node fresh; undo is rollback.go's JSON patch.
    let answered = |line: &'static str, want: &'static str| async move {
        type_line(c, line).await;
        eventually(30, want, || async { log_text(c).await.contains(want) }).await;
    };
    answered("kubectl scale deployment web --replicas=3", "deployment.apps/web scaled").await;
    answered(
        "kubectl set image deployment/web nginx=nginx:1.28",
        "deployment.apps/web image updated",
    )
    .await;
    answered("kubectl cordon node-1 && kubectl uncordon node-1", "node/node-1 uncordoned").await;
    answered("kubectl rollout undo deployment/web", "deployment.apps/web rolled back").await;
    let log = log_text(c).await;
    assert!(log.contains("node/node-1 cordoned"), "{log}");
    for wrong in ["Conflict", "already uncordoned", "Error from server"] {
        assert!(!log.contains(wrong), "live mode said {wrong:?}:\n{log}");
    }
    eventually(90, "the undone rollout settles on three nginx:1.27 pods", || async {
        count(c, "[data-kind='Pod'][data-status='Running']").await == 3
            && web_pods(c).await.len() == 3
    })
    .await;
    resize(c, 1024, 768).await;
    tokio::time::sleep(Duration::from_millis(400)).await;
    browser.screenshot("live-proxy-projector.png").await;
    // Presenter mode on the projector, as a class would see the real cluster.
    click_button(c, "Presenter").await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(web_pods(c).await.len(), 3, "the pods are still drawn in presenter mode");
    browser.screenshot("live-proxy-presenter.png").await;
    browser.close().await;
    drop(proxy);
    drop(served);
    let _ = std::fs::remove_dir_all(&dir);
}
