//! End-to-end: the classroom flow, each test one of a teacher's or a student's stories from a
//! real class, driven through the release page over WebDriver. Screenshots of each fixed
//! state go to `target/e2e/class-*.png`.

#[allow(dead_code)]
mod support;

use std::time::Duration;

use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::key::Key;
use fantoccini::{Client, Locator};
use support::page::*;
use support::Browser;

async fn js(c: &Client, script: &str) -> serde_json::Value {
    c.execute(script, vec![]).await.unwrap_or_else(|e| panic!("{script}: {e}"))
}

/// What has the keyboard: the element's aria-label, class or tag.
async fn focused(c: &Client) -> String {
    let v = js(
        c,
        "const e = document.activeElement; return e.getAttribute('aria-label') || e.className || e.tagName",
    )
    .await;
    v.as_str().unwrap_or_default().to_string()
}

async fn press(c: &Client, keys: &str) {
    c.active_element().await.unwrap().send_keys(keys).await.unwrap();
    tokio::time::sleep(Duration::from_millis(150)).await;
}

async fn button(c: &Client, text: &str) -> fantoccini::elements::Element {
    // Waits: a panel's buttons may come with a part fetched on first opening.
    c.wait()
        .for_element(Locator::XPath(&format!("//button[normalize-space()='{text}']")))
        .await
        .unwrap_or_else(|_| panic!("a {text} button"))
}

async fn mounted() -> Browser {
    let browser = Browser::start().await;
    browser.client.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    browser
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_student_types_before_clicking_anything_and_the_command_box_takes_it() {
    let browser = mounted().await;
    let c = &browser.client;
    assert_eq!(focused(c).await, "kubectl command", "the command box has focus on load");
    press(c, "k get pods\u{E007}").await;
    assert_eq!(count(c, ".app.presenter").await, 0, "the p of pods typed, not presenter mode");
    assert!(log_text(c).await.contains("$ k get pods"));
    // Tab leaves an empty box; with text it completes, and Shift+Tab always leaves.
    press(c, "\u{E004}").await;
    assert_ne!(focused(c).await, "kubectl command", "Tab left the empty command box");
    let input = c.find(Locator::Css("[aria-label='kubectl command']")).await.unwrap();
    input.click().await.unwrap();
    press(c, "k descr\u{E004}").await;
    assert_eq!(focused(c).await, "kubectl command", "Tab completed instead of leaving");
    assert_eq!(input.prop("value").await.unwrap().as_deref(), Some("k describe "));
    press(c, &format!("{}{}", Key::Shift, Key::Tab)).await;
    assert_ne!(focused(c).await, "kubectl command", "Shift+Tab left");
    // Outside a text field, P is still presenter mode.
    js(c, "document.activeElement.blur(); return 1").await;
    press(c, "p").await;
    assert_eq!(count(c, ".app.presenter").await, 1);
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reset_then_undo_brings_the_teachers_scene_back() {
    let browser = mounted().await;
    let c = &browser.client;
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=3").await;
    eventually(20, "three Running pods", || async { running_pods(c).await == 3 }).await;
    let scene = pod_names(c).await;
    c.find(Locator::Css(".reset-form button[type='submit']")).await.unwrap().click().await.unwrap();
    eventually(5, "a fresh cluster", || async { pod_names(c).await.is_empty() }).await;
    let offer = c.find(Locator::Css(".undo-offer")).await.expect("Reset offers Undo");
    browser.screenshot("class-reset-offers-undo.png").await;
    offer.find(Locator::XPath(".//button[text()='Undo']")).await.unwrap().click().await.unwrap();
    eventually(10, "the scene back", || async { pod_names(c).await == scene }).await;
    assert_eq!(count(c, ".undo-offer").await, 0);
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mission_started_over_a_scene_gives_it_back_when_left() {
    let browser = mounted().await;
    let c = &browser.client;
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=2").await;
    eventually(20, "two Running pods", || async { running_pods(c).await == 2 }).await;
    let scene = pod_names(c).await;
    button(c, "Missions").await.click().await.unwrap();
    start_mission(c, "delete-a-pod").await;
    eventually(10, "the mission's cluster", || async { pod_names(c).await != scene }).await;
    c.find(Locator::XPath("//section[contains(@class,'missions')]//button[text()='All missions']"))
        .await
        .expect("the button that leaves the mission")
        .click()
        .await
        .unwrap();
    eventually(10, "the scene back", || async { pod_names(c).await == scene }).await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn escape_closes_the_inspector_and_enter_on_a_feed_card_keeps_its_focus() {
    let browser = mounted().await;
    let c = &browser.client;
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=2").await;
    eventually(20, "two Running pods", || async { running_pods(c).await == 2 }).await;
    let card = c.find(Locator::Css(".feed-entry")).await.expect("a feed card");
    card.send_keys("\u{E007}").await.unwrap();
    c.wait().for_element(Locator::Css("aside.inspector")).await.expect("the inspector opened");
    assert_eq!(focused(c).await, "feed-entry", "focus stays on the card");
    browser.screenshot("class-feed-enter.png").await;
    press(c, &Key::Escape.to_string()).await;
    assert_eq!(count(c, "aside.inspector").await, 0, "Escape closed it");
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_faults_open_the_feed_that_explains_them_stays_in_sight() {
    let browser = mounted().await;
    let c = &browser.client;
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=2").await;
    button(c, "Faults").await.click().await.unwrap();
    // The switches come with the course part, fetched on the panel's first opening.
    c.wait().for_element(Locator::Css("[aria-label='fault switches'] .fault-row")).await.unwrap();
    let feed = c.find(Locator::Css("[aria-label='controller decisions']")).await.unwrap();
    assert!(feed.is_displayed().await.unwrap(), "the feed is visible under the Faults panel");
    browser.screenshot("class-faults-and-feed.png").await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dragging_the_timeline_keeps_the_track_under_the_pointer() {
    let browser = mounted().await;
    let c = &browser.client;
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=2").await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    let track = "const r = document.querySelector('.scrubber').getBoundingClientRect();
                 return [r.left, r.width, document.querySelector('.timeline').offsetHeight];";
    let before = js(c, track).await;
    let scrubber = c.find(Locator::Css(".scrubber")).await.unwrap();
    let width = before[1].as_f64().unwrap() as i64;
    let drag = MouseActions::new("mouse".into())
        .then(PointerAction::MoveToElement {
            element: scrubber.clone(),
            duration: None,
            x: (width / 2 - 4) as f64,
            y: 0.0,
        })
        .then(PointerAction::Down { button: MOUSE_BUTTON_LEFT })
        .then(PointerAction::MoveBy { duration: None, x: -(width / 4) as f64, y: 0.0 });
    c.perform_actions(drag).await.unwrap();
    let during = js(c, track).await;
    assert_eq!(before, during, "the track did not move or resize while dragged");
    assert_eq!(count(c, ".timeline.in-past").await, 1, "the drag shows the past");
    browser.screenshot("class-timeline-drag.png").await;
    c.perform_actions(
        MouseActions::new("mouse".into()).then(PointerAction::Up { button: MOUSE_BUTTON_LEFT }),
    )
    .await
    .unwrap();
    browser.close().await;
}

async fn clock(c: &Client) -> String {
    c.find(Locator::Css(".clock")).await.unwrap().text().await.unwrap()
}

/// Live Deployments on the graph (not a deleted ghost).
async fn live_deployments(c: &Client) -> usize {
    count(c, "[data-kind='Deployment']:not(.gone):not(.vanishing)").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn paused_a_foreground_delete_waits_and_each_step_shows_one_loop_acting() {
    let browser = mounted().await;
    let c = &browser.client;
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=3").await;
    eventually(20, "three Running pods", || async { running_pods(c).await == 3 }).await;
    button(c, "Pause").await.click().await.unwrap();
    let paused_at = clock(c).await;
    type_line(c, "k delete deploy web --cascade=foreground").await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(clock(c).await, paused_at, "typing the delete did not move the clock");
    assert_eq!(count(c, ".waiting-line").await, 1, "the delete says it is waiting");
    assert_eq!((live_deployments(c).await, running_pods(c).await), (1, 3));
    browser.screenshot("class-paused-delete-waits.png").await;
    let mut steps = 0;
    while count(c, ".waiting-line").await == 1 {
        steps += 1;
        assert!(steps < 80, "the delete finished within 80 steps");
        button(c, "Step").await.click().await.unwrap();
        let card = c.find(Locator::Css(".step-card")).await.unwrap().text().await.unwrap();
        assert!(card.contains(" acted on ") || card.contains("Nothing to do"), "{card}");
        if card.contains("Nothing to do") {
            // A grace period is running: the card offers to jump to its end.
            c.find(Locator::Css(".step-jump")).await.unwrap().click().await.unwrap();
        }
        // Foreground order: the Deployment goes only after its pods.
        if live_deployments(c).await == 0 {
            assert_eq!(count(c, "[data-kind='Pod']:not(.vanishing)").await, 0);
        }
    }
    assert!(steps > 3, "it took several loops' actions, one per Step ({steps})");
    assert_eq!(live_deployments(c).await, 0);
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn step_on_a_quiet_cluster_leaves_time_alone_and_names_the_next_timer() {
    let browser = mounted().await;
    let c = &browser.client;
    type_line(c, "k run crash --image=busybox:crash").await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    button(c, "Pause").await.click().await.unwrap();
    let mut card = String::new();
    for _ in 0..40 {
        button(c, "Step").await.click().await.unwrap();
        card = c.find(Locator::Css(".step-card")).await.unwrap().text().await.unwrap();
        if card.contains("Nothing to do") {
            break;
        }
    }
    assert!(card.contains("Nothing to do"), "{card}");
    assert!(card.contains("crash"), "the next timer names its pod: {card}");
    let before = clock(c).await;
    button(c, "Step").await.click().await.unwrap();
    assert_eq!(clock(c).await, before, "a quiet Step does not jump");
    browser.screenshot("class-quiet-step.png").await;
    c.find(Locator::Css(".step-jump")).await.expect("a Jump button").click().await.unwrap();
    assert_ne!(clock(c).await, before, "Jump runs to the timer");
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lost_watch_events_say_when_the_informer_will_notice() {
    let browser = mounted().await;
    let c = &browser.client;
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=2").await;
    eventually(20, "two Running pods", || async { running_pods(c).await == 2 }).await;
    button(c, "Faults").await.click().await.unwrap();
    button(c, "Lose the next 5 watch events").await.click().await.unwrap();
    let victim = pod_names(c).await[0].clone();
    type_line(c, &format!("k delete pod {victim} --wait=false")).await;
    eventually(10, "a lost-event decision in the feed", || async {
        let feed = c.find(Locator::Css("[aria-label='controller decisions']")).await.unwrap();
        let text = feed.text().await.unwrap();
        text.contains("lost the watch event") && text.contains("next resync")
    })
    .await;
    let badge = c.find(Locator::Css(".lost-badge")).await.expect("a countdown on the object");
    let first = badge.text().await.unwrap();
    assert!(first.contains("notices in"), "{first}");
    browser.screenshot("class-lost-events.png").await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_student_checks_before_acting_and_nothing_passes_and_the_verdict_is_in_view() {
    let browser = mounted().await;
    let c = &browser.client;
    button(c, "Missions").await.click().await.unwrap();
    start_mission(c, "delete-a-pod").await;
    // The goal reads as prose: the YAML's hard line breaks are gone.
    let goal = c.find(Locator::Css(".mission-goal p")).await.unwrap().text().await.unwrap();
    assert!(!goal.trim().contains('\n'), "{goal:?}");
    button(c, "Check my work").await.click().await.unwrap();
    let verdict = c.wait().for_element(Locator::Css(".verdict")).await.unwrap();
    let text = verdict.text().await.unwrap();
    assert!(
        text.contains("FAIL") && !text.contains("PASS"),
        "nothing passes before acting: {text}"
    );
    assert!(!text.contains('!') && !text.contains("{."), "no internal selectors: {text}");
    let in_view = js(
        c,
        "const r = document.querySelector('.verdict').getBoundingClientRect();
         const p = document.querySelector('.verdict').closest('.side-top, .side').getBoundingClientRect();
         return r.top >= p.top - 1 && r.top < p.bottom;",
    )
    .await;
    assert_eq!(in_view, serde_json::json!(true), "the verdict is scrolled into view");
    browser.screenshot("class-mission-not-yet.png").await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_edit_is_refused_in_kubectl_edits_words_in_the_editor_and_the_log() {
    let browser = mounted().await;
    let c = &browser.client;
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=2").await;
    type_line(c, "k edit deploy web").await;
    let area = c.wait().for_element(Locator::Css(".yaml-editor textarea")).await.unwrap();
    let yaml = area.prop("value").await.unwrap().unwrap();
    let bad = yaml.replacen("replicas: 2", "replicas: three", 1);
    js(c, "document.querySelector('.yaml-editor textarea').value = ''; return 1").await;
    area.send_keys(&bad).await.unwrap();
    button(c, "Save").await.click().await.unwrap();
    let error = c.wait().for_element(Locator::Css(".yaml-editor-error")).await.unwrap();
    let said = error.text().await.unwrap();
    assert!(said.contains("cannot unmarshal string into Go struct field"), "{said}");
    assert!(!said.contains("invalid type") && !said.contains("error when creating"), "{said}");
    assert!(log_text(c).await.contains("cannot unmarshal string"), "the log has it too");
    browser.screenshot("class-edit-refused.png").await;
    button(c, "Cancel").await.click().await.unwrap();
    assert!(log_text(c).await.contains("Edit cancelled, no valid changes were saved."));
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_in_the_inspector_and_the_nodes_panel_are_never_cut() {
    let browser = mounted().await;
    let c = &browser.client;
    type_line(c, "k create deployment a-rather-long-web-frontend --image=nginx:1.27 --replicas=2")
        .await;
    eventually(20, "two Running pods", || async { running_pods(c).await == 2 }).await;
    let pod = pod_names(c).await[0].clone();
    c.find(Locator::Css(&format!("[data-kind='Pod'][data-name='{pod}']")))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let inspector = c.wait().for_element(Locator::Css("aside.inspector")).await.unwrap();
    let text = inspector.text().await.unwrap().replace(['\n', '\u{200b}'], "");
    assert!(text.contains(&pod), "the inspector shows {pod} whole");
    browser.screenshot("class-inspector-long-name.png").await;
    button(c, "Nodes").await.click().await.unwrap();
    let nodes = c.wait().for_element(Locator::Css(".nodes-panel")).await.unwrap();
    let text = nodes.text().await.unwrap().replace(['\n', '\u{200b}'], "");
    assert!(text.contains(&pod) && !text.contains('…'), "the Nodes panel shows {pod} whole");
    browser.screenshot("class-nodes-long-name.png").await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_background_delete_leaves_a_labelled_ghost_not_an_orphan() {
    let browser = mounted().await;
    let c = &browser.client;
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=2").await;
    eventually(20, "two Running pods", || async { running_pods(c).await == 2 }).await;
    button(c, "Pause").await.click().await.unwrap();
    type_line(c, "k delete deploy web --cascade=background").await;
    let ghost = c.wait().for_element(Locator::Css("[data-kind='Deployment'].gone")).await.unwrap();
    let text = ghost.text().await.unwrap();
    assert!(text.contains("DELETED"), "{text}");
    assert!(text.contains("background: dependents are being collected"), "{text}");
    assert_eq!(count(c, ".lane").await, 0, "its ReplicaSet is not in the orphans lane");
    browser.screenshot("class-background-ghost.png").await;
    browser.close().await;
}
