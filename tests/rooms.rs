//! End-to-end: nothing covers the cluster, in any room. At a 1024×768 and a 1280×720
//! projector in presenter mode, the same 1024×768 projector without it, a wide screen, a
//! portrait tablet, a phone and the 800×500 `?embed` view, with a Deployment of three pods,
//! during a rollout (the budget card shown), one Step into it (the step card beside the
//! rollout), after Pause and Step (the step card shown) and with the inspector open on a pod, it checks what a teacher at the back of the room would
//! look for:
//! - every object of the cluster and the zoom buttons are on top at their centre
//!   (`elementFromPoint` hits the object itself, whatever lets clicks through): no panel,
//!   card or terminal covers one, and Fit leaves none outside the graph. A short projector
//!   holds a whole rollout in a compact form (`src/view/layout_form.rs`), in presenter mode
//!   beside the side column too (the step card, the inspector), in a stacked form; only a
//!   phone with its panel row open, the fit at its floor, leaves what does not fit a pan
//!   away, outside the graph's view, never under a panel;
//! - in presenter mode pod names are drawn at 18 px or more, the terminal shows six lines
//!   or more, wide enough that `k get pods` does not wrap, and the legend's last entry is on
//!   screen; on the 1024×768 projector without presenter mode, pod names keep the size the
//!   stacked form gives them;
//! - the step card is not cut, and its "did" line is on top;
//! - the inspector's Delete button can be reached.
//!
//! On the phone it also opens a mission: the command box stays tappable, and after Close,
//! More → Missions shows the missions at the first tap. Screenshots go to
//! `target/e2e/rooms-*.png`.

#[allow(dead_code)]
mod support;

use std::time::Duration;

use checks::*;
use fantoccini::{Client, Locator};
use support::page::*;
use support::Browser;

#[path = "rooms/checks.rs"]
mod checks;

struct Room {
    name: &'static str,
    w: u32,
    h: u32,
    presenter: bool,
    /// Also the step card and the inspector. The projector without presenter mode is here
    /// for its pod names: its side column's step card, taller than the window and scrolled
    /// in its panel, is a matter for the panels, not the graph.
    panels: bool,
}

impl Room {
    /// How much of the drawing `scene` must show: all of it, in every room and scene, even
    /// at presenter mode's floor (pod names at 18 px) beside its side column, where the graph
    /// takes a stacked form (see `docs/page.md`). Only a phone's panel row leaves the graph
    /// too little height.
    fn fits(&self, scene: &str) -> Fits {
        let side_open =
            matches!(scene, "a rollout, stepped" | "the step card" | "the inspector" | "a mission");
        if self.name == "phone" && side_open {
            Fits::AtFloor
        } else {
            Fits::Whole
        }
    }

    /// The smallest pod names `scene` may draw, in CSS pixels, where the room promises more
    /// than presenter mode's 18: the projector without presenter mode, in the stacked form.
    fn name_floor(&self, scene: &str) -> Option<f64> {
        match (self.name, scene) {
            ("projector-desk", "three pods") => Some(PROJECTOR_DESK_THREE_PX),
            ("projector-desk", "a rollout") => Some(PROJECTOR_DESK_ROLLOUT_PX),
            _ => None,
        }
    }

    /// Whether the step card has the height to show all of itself (a phone scrolls it).
    fn holds_the_step_card(&self) -> bool {
        self.name != "phone"
    }
}

/// Pod names at 1024×768 without presenter mode, in the stacked form: three pods (drawn at
/// 15.8 px), and a rollout (13.1 px).
const PROJECTOR_DESK_THREE_PX: f64 = 15.5;
const PROJECTOR_DESK_ROLLOUT_PX: f64 = 12.8;

const ROOMS: [Room; 6] = [
    Room { name: "projector-presenter", w: 1024, h: 768, presenter: true, panels: true },
    Room { name: "hd-presenter", w: 1280, h: 720, presenter: true, panels: true },
    Room { name: "projector-desk", w: 1024, h: 768, presenter: false, panels: false },
    Room { name: "wide", w: 1920, h: 1080, presenter: false, panels: true },
    Room { name: "tablet", w: 768, h: 1024, presenter: false, panels: true },
    Room { name: "phone", w: 390, h: 844, presenter: false, panels: true },
];

/// Pod names at the size the room promises for `scene`, if it promises one.
async fn names_at_least(c: &Client, room: &Room, scene: &str) {
    if let Some(floor) = room.name_floor(scene) {
        // The camera eases to its fit; on a busy machine it may still be on its way after
        // the fixed pause, so the size is read once it holds still for a moment.
        let mut px = pod_name_px(c).await;
        for _ in 0..30 {
            tokio::time::sleep(Duration::from_millis(200)).await;
            let now = pod_name_px(c).await;
            if (now - px).abs() < 0.05 {
                break;
            }
            px = now;
        }
        eprintln!("{}, {scene}: pod names at {px:.1} px", room.name);
        assert!(px >= floor, "{}, {scene}: pod names drawn at {px:.1} px", room.name);
    }
}

async fn set_presenter(c: &Client, on: bool) {
    let is_on = js(c, "return !!document.querySelector('.app.presenter')").await == true;
    if is_on != on {
        click_button(c, "Presenter").await;
        tokio::time::sleep(Duration::from_millis(600)).await;
    }
}

/// Clicks a button that may sit behind the narrow toolbar's More menu.
async fn press(c: &Client, text: &str) {
    let shown = js(
        c,
        &format!(
            "return [...document.querySelectorAll('button')].some(b => b.textContent.trim() === {text:?}
               && b.getBoundingClientRect().width > 0)"
        ),
    )
    .await;
    if shown != true {
        c.find(Locator::Css("button.more")).await.unwrap().click().await.unwrap();
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    click_button(c, text).await;
}

async fn click_fit(c: &Client) {
    c.find(Locator::Css(".zoom-fit")).await.unwrap().click().await.unwrap();
    tokio::time::sleep(Duration::from_millis(500)).await;
}

/// Whether the element `css` is on top at its centre (after scrolling it into its panel's
/// view, as a person would).
async fn reachable(c: &Client, css: &str) -> bool {
    js(
        c,
        &format!(
            "const e = document.querySelector({css:?}); if (!e) return false;
             e.scrollIntoView({{block: 'nearest'}});
             const r = e.getBoundingClientRect();
             const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
             return r.width > 0 && !!hit && (hit === e || e.contains(hit));"
        ),
    )
    .await
        == true
}

/// A rollout caught while old and new pods run side by side, paused there.
async fn rollout(c: &Client, image: &str) {
    type_line(c, &format!("k set image deployment/web nginx={image}")).await;
    eventually(30, "old and new pods side by side", || async {
        js(c, "return document.querySelectorAll('.budget-meter:not(.finished)').length").await != 0
            && count(c, "[data-kind='ReplicaSet']").await >= 2
            && count(c, "[data-kind='Pod']").await >= 4
    })
    .await;
    press(c, "Pause").await;
    tokio::time::sleep(Duration::from_millis(600)).await;
}

async fn finish(c: &Client) {
    press(c, "Play").await;
    type_line(c, "settle").await;
    eventually(30, "the cluster to settle", || async {
        count(c, ".budget-meter:not(.finished)").await == 0 && running_pods(c).await == 3
    })
    .await;
}

async fn step_card(c: &Client, room: &Room, browser: &Browser) {
    let (whole, room) = (room.holds_the_step_card(), room.name);
    press(c, "Pause").await;
    type_line(c, "k scale deploy web --replicas=4").await;
    press(c, "Step").await;
    c.wait().for_element(Locator::Css(".step-card")).await.expect("the step card");
    tokio::time::sleep(Duration::from_millis(600)).await;
    browser.screenshot(&format!("rooms-{room}-step.png")).await;
    let card = js(
        c,
        "const card = document.querySelector('.step-card');
         const r = card.getBoundingClientRect();
         const inside = [...document.querySelectorAll('.side, .side-feed, .side-top')]
           .filter(p => p.contains(card)).every(p => { const q = p.getBoundingClientRect();
             return r.top >= q.top - 1 && r.bottom <= q.bottom + 1; });
         return [card.scrollHeight <= card.clientHeight + 1, inside, r.bottom <= innerHeight];",
    )
    .await;
    assert_eq!(card, serde_json::json!([true, whole, true]), "{room}: the step card is cut");
    assert!(reachable(c, ".step-card .step-action").await, "{room}: the 'did' line is hidden");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nothing_covers_the_cluster_in_any_room() {
    let browser = Browser::start().await;
    let c = &browser.client;
    for (i, room) in ROOMS.iter().enumerate() {
        let name = room.name;
        // Each room starts from a fresh cluster (the last room's rollout left an old
        // ReplicaSet behind) and a fresh page.
        js(c, "localStorage.clear()").await;
        c.goto(&browser.origin()).await.unwrap();
        c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
        resize(c, room.w, room.h).await;
        set_presenter(c, room.presenter).await;
        type_line(c, "k create deployment web --image=nginx:1.27 --replicas=3").await;
        eventually(20, "three Running pods", || async { running_pods(c).await == 3 }).await;
        click_fit(c).await;
        browser.screenshot(&format!("rooms-{name}.png")).await;
        nothing_covered(c, name, "three pods", room.fits("three pods")).await;
        names_at_least(c, room, "three pods").await;
        if room.presenter {
            legend_whole(c, name).await;
            presenter_type(c, name).await;
            browser.screenshot(&format!("rooms-{name}-get-pods.png")).await;
            nothing_covered(c, name, "after k get pods", room.fits("after k get pods")).await;
        }

        rollout(c, &format!("nginx:1.{}", 30 + i)).await;
        browser.screenshot(&format!("rooms-{name}-rollout.png")).await;
        nothing_covered(c, name, "a rollout", room.fits("a rollout")).await;
        names_at_least(c, room, "a rollout").await;
        if room.panels {
            // Paused mid-rollout, one Step: the step card opens the side column, and the
            // graph beside it still shows both ReplicaSets and every pod.
            press(c, "Step").await;
            c.wait().for_element(Locator::Css(".step-card")).await.expect("the step card");
            tokio::time::sleep(Duration::from_millis(600)).await;
            browser.screenshot(&format!("rooms-{name}-rollout-step.png")).await;
            let scene = "a rollout, stepped";
            nothing_covered(c, name, scene, room.fits(scene)).await;
            assert!(count(c, "[data-kind='ReplicaSet']").await >= 2, "{name}: {scene}");
        }
        finish(c).await;
        if !room.panels {
            continue;
        }

        step_card(c, room, &browser).await;
        nothing_covered(c, name, "the step card", room.fits("the step card")).await;
        type_line(c, "k scale deploy web --replicas=3").await;
        finish(c).await;

        // A person clicks the pod they see.
        let seen = js(
            c,
            "return [...document.querySelectorAll(\"[data-kind='Pod']\")].find(p => {
               const r = p.getBoundingClientRect();
               const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
               return hit && p.contains(hit); }).getAttribute('data-name')",
        )
        .await;
        let css = format!("[data-kind='Pod'][data-name='{}']", seen.as_str().unwrap());
        c.find(Locator::Css(&css)).await.unwrap().click().await.unwrap();
        c.wait().for_element(Locator::Css(".inspector .insp-actions")).await.expect("inspector");
        tokio::time::sleep(Duration::from_millis(600)).await;
        let tall = js(c, "return document.querySelector('.inspector').getBoundingClientRect().height / innerHeight").await;
        let tall = tall.as_f64().unwrap();
        assert!(tall >= 0.3, "{name}: the inspector is {:.0}% of the height", tall * 100.0);
        browser.screenshot(&format!("rooms-{name}-inspector.png")).await;
        nothing_covered(c, name, "the inspector", room.fits("the inspector")).await;
        assert!(reachable(c, ".inspector .btn-danger").await, "{name}: Delete is out of reach");
        c.find(Locator::Css("button[aria-label='Close inspector']"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        // Clicking the pod opened the side column; one Close gives the graph its room back
        // rather than leaving the feed there.
        tokio::time::sleep(Duration::from_millis(300)).await;
        let still = js(
            c,
            "return document.querySelector('main.workspace').classList.contains('side-open')",
        )
        .await;
        assert_eq!(
            still,
            serde_json::json!(false),
            "{name}: the side column outlives the inspector"
        );
        if name == "phone" {
            a_mission_on_the_phone(&browser).await;
        }
    }
    set_presenter(c, false).await;
    browser.close().await;
}

async fn a_mission_on_the_phone(browser: &Browser) {
    let c = &browser.client;
    press(c, "Missions").await;
    start_mission(c, "stop-for-real").await;
    eventually(20, "the mission's pods", || async { running_pods(c).await == 3 }).await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert!(
        reachable(c, "[aria-label='kubectl command']").await,
        "phone: the command box is covered while a mission is open"
    );
    browser.screenshot("rooms-phone-mission.png").await;
    nothing_covered(c, "phone", "a mission", ROOMS[5].fits("a mission")).await;
    type_line(c, "k get deploy web -o name").await;
    eventually(5, "the command's answer", || async {
        log_text(c).await.contains("deployment.apps/web")
    })
    .await;
    click_button(c, "Close").await;
    tokio::time::sleep(Duration::from_millis(400)).await;
    press(c, "Missions").await;
    tokio::time::sleep(Duration::from_millis(400)).await;
    let side = js(c, "return document.querySelector('.side').getAttribute('aria-label')").await;
    assert_eq!(side, "Missions", "phone: More → Missions shows the missions at the first tap");
    click_button(c, "Close").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nothing_covers_the_cluster_in_an_embedded_view() {
    let browser = Browser::start().await;
    let c = &browser.client;
    resize(c, 800, 500).await;
    c.goto(&format!("{}/?embed", browser.origin())).await.unwrap();
    c.wait().for_element(Locator::Css(".app.embed")).await.expect("the embed view");
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=3").await;
    eventually(20, "three Running pods", || async { running_pods(c).await == 3 }).await;
    click_fit(c).await;
    browser.screenshot("rooms-embed.png").await;
    nothing_covered(c, "embed", "three pods", Fits::Whole).await;
    // No Pause button here: an image that cannot be pulled holds the rollout half-way.
    type_line(c, "k set image deployment/web nginx=nginx:doesnotexist").await;
    eventually(30, "the budget card, two ReplicaSets and the new pod", || async {
        count(c, ".budget-meter:not(.finished)").await != 0
            && count(c, "[data-kind='ReplicaSet']").await == 2
            && count(c, "[data-kind='Pod']").await == 4
    })
    .await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    browser.screenshot("rooms-embed-rollout.png").await;
    nothing_covered(c, "embed", "a rollout", Fits::Whole).await;
    browser.close().await;
}
