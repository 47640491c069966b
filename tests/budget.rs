//! End-to-end: the rollout budget meter during a real rollout on a phone, a 1024×768
//! projector (also in presenter mode) and a wide screen. It must show the resolved limits,
//! stay inside the page, take its own room under the graph (never over it), sit above the
//! feed on the projector (whose stage has no height to spare), and fold to one line on a
//! phone and in presenter mode on a short projector. Screenshots go to
//! `target/e2e/budget-*.png`.

#[allow(dead_code)]
mod support;

use std::time::Duration;

use fantoccini::{Client, Locator};
use support::page::*;
use support::Browser;

const ROOMS: [(&str, u32, u32, bool); 4] = [
    ("phone", 390, 844, false),
    ("projector", 1024, 768, false),
    ("projector-presenter", 1024, 768, true),
    ("wide", 1920, 1080, false),
];

async fn js(c: &Client, script: &str) -> serde_json::Value {
    c.execute(script, vec![]).await.unwrap_or_else(|e| panic!("{script}: {e}"))
}

/// Clicks the button reading `text`, even one behind the narrow toolbar's More menu.
/// Old and new replicas as the meter prints them (from its one-line summary).
async fn old_new(c: &Client) -> Option<(i32, i32)> {
    let line =
        js(c, "const e = document.querySelector('.budget-compact'); return e ? e.textContent : ''")
            .await;
    let line = line.as_str().unwrap_or_default().to_string();
    // "web 3 old → 2 new · pods 5 ≤ 5 · available 4 ≥ 3"
    let mut words = line.split_whitespace().skip(1);
    let old = words.next()?.parse().ok()?;
    let new = words.nth(2)?.parse().ok()?;
    Some((old, new))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_budget_meter_is_legible_in_every_room_during_a_rollout() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=4").await;
    eventually(30, "four Running pods", || async { running_pods(c).await == 4 }).await;
    for (i, (room, w, h, presenter)) in ROOMS.into_iter().enumerate() {
        resize(c, w, h).await;
        if presenter {
            click_button(c, "Presenter").await;
            tokio::time::sleep(Duration::from_millis(800)).await;
        }
        // A fresh rollout per room, caught when old and new pods run side by side.
        type_line(c, &format!("k set image deployment/web nginx=nginx:1.{}", 30 + i)).await;
        eventually(30, "old and new pods side by side", || async {
            old_new(c).await.is_some_and(|(old, new)| old > 0 && new > 0)
        })
        .await;
        click_button(c, "Pause").await;
        tokio::time::sleep(Duration::from_millis(400)).await;
        browser.screenshot(&format!("budget-{room}.png")).await;

        let (old, new) = old_new(c).await.expect("the meter shows the rollout");
        assert!(old + new <= 5, "{room}: {old} old + {new} new is above max 5");
        let geometry = js(
            c,
            "const el = [...document.querySelectorAll('.budget')].find(e => e.getBoundingClientRect().height > 0);
             const card = el.getBoundingClientRect();
             const box = el.closest('.stage, .side').getBoundingClientRect();
             const stage = document.querySelector('.stage').getBoundingClientRect();
             const cx = stage.left + stage.width / 2, cy = stage.top + stage.height / 2;
             const graph = document.querySelector('.stage > .graph').getBoundingClientRect();
             const covers = card.top < graph.bottom - 1 && card.bottom > graph.top + 1
               && card.left < graph.right - 1 && card.right > graph.left + 1;
             const size = parseFloat(getComputedStyle(el.querySelector('.budget-meter')).fontSize);
             const shown = s => { const e = el.querySelector(s); return !!e && e.getBoundingClientRect().height > 0; };
             return [card.left >= box.left - 1 && card.right <= box.right + 1 && card.bottom <= box.bottom + 1,
                     covers, size, card.height, shown('.budget-bar'), shown('.budget-compact'),
                     (el.querySelector('.budget-bound.max') || {}).textContent,
                     (el.querySelector('.budget-bound.min') || {}).textContent,
                     !!el.closest('.side')];",
        )
        .await;
        let g = geometry.as_array().unwrap();
        assert_eq!(g[0], true, "{room}: the card stays inside its column");
        // On the projector the stage has no corner to spare: the card sits above the feed,
        // except in presenter mode, whose stage spans the width.
        assert_eq!(g[8], room == "projector", "{room}: the card is in the side column");
        assert_eq!(g[1], false, "{room}: the card covers the graph");
        let size = g[2].as_f64().unwrap();
        assert!(size >= 13.0, "{room}: the meter's text is {size}px");
        let (height, bars, line) = (g[3].as_f64().unwrap(), g[4] == true, g[5] == true);
        assert_eq!((g[6].as_str(), g[7].as_str()), (Some("5"), Some("3")), "{room}");
        if room == "phone" || room == "projector-presenter" {
            assert!(line && !bars, "{room}: one line, no bars");
            assert!(height < 42.0, "{room}: the line is {height}px tall");
        } else {
            assert!(bars && !line, "{room}: bars, not the phone's line");
        }
        if presenter {
            assert!(size >= 18.0, "{room}: presenter type is {size}px");
            click_button(c, "Presenter").await;
        }
        // Finish this rollout so the next room starts from one old ReplicaSet.
        click_button(c, "Play").await;
        type_line(c, "settle").await;
        eventually(30, "the rollout to finish", || async {
            count(c, ".budget-meter:not(.finished)").await == 0
        })
        .await;
    }
    browser.close().await;
}
