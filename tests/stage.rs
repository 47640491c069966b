//! End-to-end: the page in every room. At a wide screen, a laptop, a 1024×768 projector, a
//! tablet and a phone it must not overflow sideways, every toolbar action must be reachable
//! (directly or behind More), the command box must take a command, and the graph must fill
//! its panel. Presenter mode on the projector draws pod names big enough for the back row.
//! Screenshots of each room go to `target/e2e/room-*.png`.

#[allow(dead_code)]
mod support;

use std::time::Duration;

use fantoccini::{Client, Locator};
use support::page::*;
use support::Browser;

const ROOMS: [(&str, u32, u32); 5] = [
    ("wide", 1920, 1080),
    ("laptop", 1400, 900),
    ("projector", 1024, 768),
    ("tablet", 768, 1024),
    ("phone", 390, 844),
];

/// Every action of the top bar, by its button text.
const ACTIONS: [&str; 12] = [
    "Pause",
    "Step",
    "Reset",
    "Feed",
    "Missions",
    "Faults",
    "YAML",
    "Nodes",
    "Share",
    "Presenter",
    "SVG",
    "PNG",
];

async fn js(c: &Client, script: &str) -> serde_json::Value {
    c.execute(script, vec![]).await.unwrap_or_else(|e| panic!("{script}: {e}"))
}

/// The actions with no visible, on-screen button, after opening the overflow menu if there
/// is one to open.
async fn unreachable(c: &Client) -> Vec<String> {
    let script = format!(
        "const want = {:?};
         const shown = b => {{ const r = b.getBoundingClientRect();
           return r.width > 0 && r.height > 0 && r.right <= innerWidth + 1 && r.left >= -1 &&
             getComputedStyle(b).visibility !== 'hidden'; }};
         return want.filter(t => ![...document.querySelectorAll('button')]
           .some(b => b.textContent.trim() === t && shown(b)));",
        ACTIONS
    );
    let missing: Vec<String> = serde_json::from_value(js(c, &script).await).unwrap();
    if missing.is_empty() {
        return missing;
    }
    let more = c.find(Locator::Css("button.more")).await.expect("a More button hides the rest");
    more.click().await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let missing = serde_json::from_value(js(c, &script).await).unwrap();
    more.click().await.unwrap();
    missing
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_room_gets_the_whole_page() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=3").await;
    eventually(20, "three Running pods", || async { running_pods(c).await == 3 }).await;
    for (room, w, h) in ROOMS {
        resize(c, w, h).await;
        let overflow = js(c, "return document.documentElement.scrollWidth - innerWidth").await;
        assert!(overflow.as_i64().unwrap() <= 0, "{room}: {overflow} px of sideways overflow");
        assert_eq!(unreachable(c).await, Vec::<String>::new(), "{room}: actions out of reach");

        type_line(c, &format!("k get deploy web -o name # {room}")).await;
        eventually(5, "the command's output", || async {
            log_text(c).await.contains("deployment.apps/web")
        })
        .await;

        // The drawn objects' bounding box against the graph panel.
        let fill = js(
            c,
            "const panel = document.querySelector('.stage').getBoundingClientRect();
             const rs = [...document.querySelectorAll('.stage [data-kind]')]
               .map(e => e.getBoundingClientRect()).filter(r => r.width > 0);
             const l = Math.min(...rs.map(r => r.left)), r = Math.max(...rs.map(r => r.right));
             const t = Math.min(...rs.map(r => r.top)), b = Math.max(...rs.map(r => r.bottom));
             return [(r - l) / panel.width, (b - t) / panel.height];",
        )
        .await;
        let (fw, fh) = (fill[0].as_f64().unwrap(), fill[1].as_f64().unwrap());
        // The tree keeps its shape, so it fits one side of the panel and is centred on the
        // other: one side at least 60% full.
        assert!(fw.max(fh) >= 0.6, "{room}: the graph fills {fw:.2} × {fh:.2} of its panel");
        browser.screenshot(&format!("room-{room}.png")).await;
    }
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn presenter_mode_on_a_projector_draws_pod_names_for_the_back_row() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    resize(c, 1024, 768).await;
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=3").await;
    eventually(20, "three Running pods", || async { running_pods(c).await == 3 }).await;
    c.find(Locator::XPath("//button[text()='Presenter']")).await.unwrap().click().await.unwrap();
    tokio::time::sleep(Duration::from_millis(800)).await;
    // The size a pod's name is drawn at on screen: its font size times the SVG's scale.
    let px = js(
        c,
        "return Math.min(...[...document.querySelectorAll(\"[data-kind='Pod'] text\")]
           .filter(t => t.textContent.includes('web-'))
           .map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a));",
    )
    .await;
    let px = px.as_f64().unwrap();
    assert!(px >= 18.0, "pod names drawn at {px:.1} px");
    browser.screenshot("room-projector-presenter.png").await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_embedded_page_is_the_graph_and_the_command_box_only() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=2").await;
    c.find(Locator::Css("button[title^='a link']")).await.unwrap().click().await.unwrap();
    let field = c.wait().for_element(Locator::Css(".share-link")).await.unwrap();
    let link = field.prop("value").await.unwrap().unwrap();
    // A course page's iframe: the share link's scenario with ?embed.
    let (page, fragment) = link.split_once('#').unwrap();
    resize(c, 800, 500).await;
    c.goto(&format!("{}?embed#{fragment}", page.trim_end_matches('?'))).await.unwrap();
    c.wait().for_element(Locator::Css(".app.embed")).await.expect("the embed view");
    eventually(20, "the shared pods", || async { running_pods(c).await == 2 }).await;
    for chrome in [".topbar", ".timeline", ".side"] {
        assert_eq!(count(c, chrome).await, 0, "no {chrome} in the embed view");
    }
    type_line(c, "k scale deploy web --replicas=3").await;
    eventually(20, "three pods", || async { running_pods(c).await == 3 }).await;
    let overflow = js(c, "return document.documentElement.scrollWidth - innerWidth").await;
    assert!(overflow.as_i64().unwrap() <= 0);
    browser.screenshot("room-embed.png").await;
    browser.close().await;
}
