//! End-to-end: serve the release `dist/` on 127.0.0.1, drive headless Chromium over WebDriver
//! through the lesson's scenes, and save screenshots at key moments under `target/e2e/`:
//! create a Deployment; delete a pod by clicking it; scale its ReplicaSet by hand; orphan and
//! re-adopt; stream a watch; reload and open a share link in a fresh profile; scrub back in
//! time and fork; complete a mission.
//!
//! Run through `scripts/test`, which builds `dist/` first and installs chromedriver.

mod support;

use std::time::Duration;

use fantoccini::{Client, Locator};
use support::page::*;
use support::Browser;

/// Opens the page and creates the lesson's Deployment, waiting for 3 Running pods.
async fn with_web() -> Browser {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=3").await;
    eventually(20, "three Running pods", || async { running_pods(c).await == 3 }).await;
    browser
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deleting_a_pod_by_clicking_it_brings_a_replacement() {
    let browser = Browser::start().await;
    let c = &browser.client;

    let title = c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    assert_eq!(title.text().await.unwrap(), "kubeloop");
    // Time to interactive: navigation start to the first render with the timer running.
    let body =
        c.find(Locator::Css("body[data-interactive-ms]")).await.expect("the app marks readiness");
    let tti: f64 = body.attr("data-interactive-ms").await.unwrap().unwrap().parse().unwrap();
    assert!(tti > 0.0);
    std::fs::create_dir_all("target/e2e").unwrap();
    std::fs::write("target/e2e/time-to-interactive.txt", format!("{tti:.1} ms\n")).unwrap();
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replicaset_scaled_by_hand_goes_back() {
    let browser = with_web().await;
    let c = &browser.client;
    assert_eq!(count(c, "[data-kind='Deployment']").await, 1);
    assert_eq!(count(c, "[data-kind='ReplicaSet']").await, 1);
    let rs = c
        .find(Locator::Css("[data-kind='ReplicaSet']"))
        .await
        .unwrap()
        .attr("data-name")
        .await
        .unwrap()
        .unwrap();
    let pods = pod_names(c).await;
    type_line(c, &format!("k scale rs/{rs} --replicas=5")).await;
    eventually(10, "the scale to be echoed", || async {
        log_text(c).await.contains(&format!("replicaset.apps/{rs} scaled"))
    })
    .await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    type_line(c, &format!("k get rs {rs} -o jsonpath='{{.spec.replicas}}{{\"\\n\"}}'")).await;
    eventually(10, "the ReplicaSet back at 3", || async {
        log_text(c).await.lines().last().map(str::trim) == Some("3")
    })
    .await;
    assert_eq!(pod_names(c).await, pods, "the Deployment won before any pod was made");
    browser.screenshot("scaled-back.png").await;
    // The fault switches: stop the replicaset loop from the page, and see it in the log.
    c.find(Locator::Css("button[title^='stop loops']")).await.unwrap().click().await.unwrap();
    // The switches come with the course part, fetched on the panel's first opening.
    let row = Locator::Css("[aria-label='fault switches'] .fault-row");
    c.wait().for_element(row).await.expect("the fault switches");
    let panel = c.find(Locator::Css("[aria-label='fault switches']")).await.unwrap();
    assert!(panel.text().await.unwrap().contains("replicaset"));
    browser.screenshot("faults.png").await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn orphaned_pods_are_adopted_by_a_recreated_deployment() {
    let browser = with_web().await;
    let c = &browser.client;
    let rs = c
        .find(Locator::Css("[data-kind='ReplicaSet']"))
        .await
        .unwrap()
        .attr("data-name")
        .await
        .unwrap()
        .unwrap();
    let pods = pod_names(c).await;
    let edge = format!("[data-owner='Deployment/web'][data-dependent='ReplicaSet/{rs}']");
    assert_eq!(count(c, &edge).await, 1, "the Deployment owns the ReplicaSet");

    type_line(c, "k delete deploy web --cascade=orphan").await;
    eventually(10, "the Deployment gone", || async {
        count(c, "[data-kind='Deployment']").await == 0 && count(c, &edge).await == 0
    })
    .await;
    assert_eq!(pod_names(c).await, pods, "the orphans keep running");
    assert_eq!(running_pods(c).await, 3);
    browser.screenshot("orphans.png").await;

    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=3").await;
    eventually(10, "the ReplicaSet adopted again", || async { count(c, &edge).await == 1 }).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(pod_names(c).await, pods, "adopted: the same pods, no new ones");
    browser.screenshot("adopted.png").await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watch_streams_rows_until_stopped() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    type_line(
        c,
        "k create deployment web --image=nginx:1.27 --replicas=2; k get pods -l app=web -w",
    )
    .await;
    eventually(20, "watch rows for Running pods", || async {
        let log = log_text(c).await;
        log.contains("ContainerCreating") && log.matches(" Running ").count() >= 2
    })
    .await;
    browser.screenshot("watch.png").await;
    c.find(Locator::Css(".stop-button"))
        .await
        .expect("a Stop button while watching")
        .click()
        .await
        .unwrap();
    eventually(5, "the watch to stop", || async { log_text(c).await.trim_end().ends_with("^C") })
        .await;
    assert_eq!(count(c, ".stop-button").await, 0);
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reload_keeps_the_cluster_and_a_share_link_rebuilds_it_in_a_fresh_profile() {
    let browser = with_web().await;
    let c = &browser.client;
    let pods = pod_names(c).await;

    // A reload replays the saved session: the same pods, by name.
    c.refresh().await.unwrap();
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted again");
    eventually(10, "the restored pods", || async { running_pods(c).await == 3 }).await;
    assert_eq!(pod_names(c).await, pods);
    assert!(log_text(c).await.contains("restored the saved session"));

    // A share link carries the session on its own: open it in a second browser with its own,
    // empty profile.
    c.find(Locator::Css("button[title^='a link']")).await.unwrap().click().await.unwrap();
    let field = c.wait().for_element(Locator::Css(".share-link")).await.expect("the share bar");
    let link = field.prop("value").await.unwrap().expect("the link is in the bar");
    assert!(link.contains("#z="), "{link}");
    assert!(!log_text(c).await.contains("#z="), "the link stays out of the terminal");
    browser.close().await;
    let fresh = Browser::start().await;
    let c = &fresh.client;
    c.goto(&link).await.unwrap();
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted from the link");
    eventually(10, "the shared pods", || async { running_pods(c).await == 3 }).await;
    assert_eq!(pod_names(c).await, pods);
    assert!(log_text(c).await.contains("restored the shared session in the link"));
    fresh.screenshot("restored-from-link.png").await;
    fresh.close().await;
}

/// Sets the time scrubber to `ms` as a drag would, firing its input event.
async fn scrub_to(c: &Client, ms: i64) {
    c.execute(
        "const s = document.querySelector('.scrubber'); s.value = String(arguments[0]); \
         s.dispatchEvent(new Event('input', { bubbles: true })); return 1",
        vec![serde_json::json!(ms)],
    )
    .await
    .unwrap();
}

async fn scrubber_max(c: &Client) -> i64 {
    let max = c.find(Locator::Css(".scrubber")).await.unwrap().attr("max").await.unwrap();
    max.and_then(|m| m.parse().ok()).expect("the scrubber has a max")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_time_scrubber_brings_back_an_earlier_graph_and_can_fork_from_it() {
    let browser = with_web().await;
    let c = &browser.client;
    let three = pod_names(c).await;
    let before_scale = scrubber_max(c).await;
    type_line(c, "k scale deploy/web --replicas=1").await;
    eventually(30, "one pod left", || async { pod_names(c).await.len() == 1 }).await;
    let one = pod_names(c).await;

    scrub_to(c, before_scale).await;
    eventually(5, "the earlier graph", || async { pod_names(c).await == three }).await;
    assert_eq!(running_pods(c).await, 3);
    assert_eq!(count(c, ".timeline.in-past").await, 1);
    browser.screenshot("time-travel.png").await;

    // Reads answer about the moment shown; writes wait until the class is back in the
    // present or forks.
    type_line(c, "k get pods --no-headers | wc -l").await;
    eventually(5, "the earlier moment's three pods", || async {
        log_text(c).await.lines().any(|l| l.trim() == "3")
    })
    .await;
    type_line(c, "k scale deploy/web --replicas=2").await;
    assert!(log_text(c).await.contains("this is an earlier moment"));

    c.find(Locator::XPath("//button[text()='Back to now']")).await.unwrap().click().await.unwrap();
    eventually(5, "the live graph", || async { pod_names(c).await == one }).await;
    assert_eq!(count(c, ".timeline.in-past").await, 0);

    scrub_to(c, before_scale).await;
    eventually(5, "the earlier graph again", || async { pod_names(c).await == three }).await;
    c.find(Locator::XPath("//button[text()='Carry on from here']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    // "N later input(s) dropped", in the singular or the plural.
    let log = log_text(c).await;
    assert!(log.contains("later input") && log.contains(" dropped)"), "{log}");
    assert_eq!(pod_names(c).await, three);
    assert_eq!(count(c, ".timeline.in-past").await, 0);
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mission_is_completed_in_the_browser() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    c.find(Locator::XPath("//button[text()='Missions']")).await.unwrap().click().await.unwrap();
    start_mission(c, "delete-a-pod").await;
    eventually(20, "the mission's pods", || async { running_pods(c).await >= 1 }).await;
    let check = Locator::XPath("//button[text()='Check my work']");
    c.find(check).await.unwrap().click().await.unwrap();
    // The first check waits for the part that holds the missions' probes.
    let verdict = Locator::Css(".verdict");
    let verdict = c.wait().for_element(verdict).await.unwrap().text().await.unwrap();
    assert!(verdict.starts_with("FAIL"), "{verdict}");

    let before = pod_names(c).await;
    type_line(c, &format!("k delete pod {}", before[0])).await;
    eventually(40, "a replacement with a new name", || async {
        let now = pod_names(c).await;
        now.len() == before.len() && !now.contains(&before[0]) && running_pods(c).await == now.len()
    })
    .await;
    c.find(check).await.unwrap().click().await.unwrap();
    let verdict = c.find(Locator::Css(".verdict")).await.unwrap().text().await.unwrap();
    assert!(verdict.starts_with("PASS"), "{verdict}");
    browser.screenshot("mission-passed.png").await;

    // The P key switches to presenter mode for the projector.
    c.execute(
        "document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'p', bubbles: true })); \
         return 1",
        vec![],
    )
    .await
    .unwrap();
    assert_eq!(count(c, ".app.presenter").await, 1);
    browser.screenshot("presenter.png").await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn step_mode_shows_one_loop_acting_at_a_time() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    c.find(Locator::XPath("//button[text()='Pause']")).await.unwrap().click().await.unwrap();
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=3").await;
    let step = Locator::XPath("//button[text()='Step']");
    c.find(step).await.unwrap().click().await.unwrap();
    let card = c.find(Locator::Css(".step-card")).await.unwrap().text().await.unwrap();
    assert!(card.contains("deployment acted on deployment/web"), "{card}");
    c.find(step).await.unwrap().click().await.unwrap();
    let card = c.find(Locator::Css(".step-card")).await.unwrap().text().await.unwrap();
    assert!(card.contains("replicaset acted on replicaset/web-"), "{card}");
    assert_eq!(count(c, "[data-kind='Pod']").await, 3);
    assert_eq!(count(c, ".acted").await, 1);
    browser.screenshot("step-mode.png").await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_ships_a_csp_and_fetches_nothing_but_its_own_assets() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted under its CSP");
    let policy = c
        .find(Locator::Css("meta[http-equiv='Content-Security-Policy']"))
        .await
        .expect("a Content-Security-Policy")
        .attr("content")
        .await
        .unwrap()
        .unwrap_or_default();
    assert!(policy.contains("default-src 'none'"), "{policy}");
    assert!(policy.contains("connect-src 'self'"), "{policy}");
    c.execute(
        "window.cspViolations = []; document.addEventListener('securitypolicyviolation', \
         e => window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI)); return 1",
        vec![],
    )
    .await
    .unwrap();

    // Use the page: commands, the graph, the inspector, the panels, a share link, a reload.
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=2").await;
    eventually(20, "two Running pods", || async { running_pods(c).await == 2 }).await;
    c.find(Locator::Css("[data-kind='Deployment']")).await.unwrap().click().await.unwrap();
    c.find(Locator::Css(".insp-history summary")).await.unwrap().click().await.unwrap();
    let show = "const h = document.querySelector('.insp-history'); \
                h.closest('.inspector').scrollTop = h.offsetTop; return 1";
    c.execute(show, vec![]).await.unwrap();
    browser.screenshot("inspector-history.png").await;
    c.find(Locator::Css("[data-kind='Pod']")).await.unwrap().click().await.unwrap();
    for panel in ["YAML", "Faults", "Missions", "Nodes", "Share", "Presenter"] {
        c.find(Locator::XPath(&format!("//button[text()='{panel}']")))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        if panel == "YAML" {
            // The export's code comes with the export chunk, fetched on first opening.
            let yaml = c.wait().for_element(Locator::Css(".export-yaml")).await.unwrap();
            let text = yaml.prop("value").await.unwrap().unwrap_or_default();
            assert!(text.contains("kind: Deployment"), "{text}");
            browser.screenshot("yaml-panel.png").await;
        }
    }
    // `explain` fetches its docs from beside the page on first use, once, under the policy.
    let explained = |n: usize| async move {
        log_text(c).await.matches("FIELD: replicas <integer>").count() == n
    };
    type_line(c, "k explain deploy.spec.replicas").await;
    eventually(20, "explain's docs fetched and printed", || explained(1)).await;
    type_line(c, "k explain deploy.spec.replicas").await;
    eventually(10, "a second explain from the docs in hand", || explained(2)).await;
    let docs = fetched_urls(c).await.into_iter().filter(|u| u.ends_with("/explain.json")).count();
    assert_eq!(docs, 1, "the docs are fetched once");

    // The page records each frame's step-plus-render time for the page benchmark.
    let frames = c.execute("return window.kubeloopFrames || []", vec![]).await.unwrap();
    let frames: Vec<f64> = serde_json::from_value(frames).unwrap();
    assert!(frames.len() >= 5, "frames recorded: {frames:?}");
    assert!(frames.iter().all(|ms| (0.0..10_000.0).contains(ms)), "{frames:?}");
    let violations = c.execute("return window.cspViolations", vec![]).await.unwrap();
    assert_eq!(violations, serde_json::json!([]), "the policy blocked something the page does");

    let origin = browser.origin();
    let urls = fetched_urls(c).await;
    assert!(urls.len() >= 3, "the page, its script and its wasm at least: {urls:?}");
    for url in &urls {
        assert!(url.starts_with(&origin), "{url} is not from {origin}");
    }
    browser.close().await;
}
