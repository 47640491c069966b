//! End-to-end: a teacher's own missions on the release page, loaded each of the four ways:
//! `k mission load -f -` in the command box, pasted into the Missions panel, `?mission=PATH`
//! for a file served beside the page, and a share link that carries what was loaded. The
//! mission is completed through the command box, and the course's progress survives a
//! reload. Screenshots of the panel go to `target/e2e/course-*.png`.
//!
//! Run through `scripts/test`, which builds `dist/` with `scripts/dist` first.

#[allow(dead_code)]
mod support;

use fantoccini::{Client, Locator};
use support::chrome::console_errors;
use support::page::*;
use support::Browser;

const MINE: &str = "name: scale-to-two
title: Two web pods
goal: The Deployment web runs one pod. Make it run two.
hints:
  - \"k scale deploy web --replicas=2\"
setup: |
  k create deployment web --image=nginx:1.27
solution: |
  k scale deploy web --replicas=2
checks:
  - kind: pods
    selector: app=web
    count: 2
    explain: two web pods run
";

/// A course of a built-in mission and the authored one.
fn course() -> String {
    let inline: String = MINE.lines().map(|l| format!("    {l}\n")).collect();
    format!("name: week-one\ntitle: Week one\nmissions:\n  - delete-a-pod\n  -\n{inline}")
}

async fn mission_titles(c: &Client) -> Vec<String> {
    let v = c
        .execute(
            "return [...document.querySelectorAll('.mission-start')].map(b => b.textContent)",
            vec![],
        )
        .await
        .unwrap();
    serde_json::from_value(v).unwrap()
}

async fn progress(c: &Client) -> String {
    c.find(Locator::Css(".mission-progress")).await.unwrap().text().await.unwrap()
}

/// Starts the authored mission, solves it by typing, and checks it.
async fn solve(c: &Client) {
    start_mission(c, "scale-to-two").await;
    eventually(20, "the mission's pod", || async { running_pods(c).await == 1 }).await;
    type_line(c, "k scale deploy web --replicas=2").await;
    eventually(20, "two Running pods", || async { running_pods(c).await == 2 }).await;
    click_button(c, "Check my work").await;
    eventually(20, "a pass", || async {
        let v = c.find(Locator::Css(".verdict")).await;
        match v {
            Ok(v) => v.text().await.unwrap_or_default().starts_with("PASS"),
            Err(_) => false,
        }
    })
    .await;
    click_button(c, "All missions").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_course_loaded_four_ways_is_completed_by_typing_and_its_progress_survives_a_reload() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");

    // 1. The command box: a heredoc.
    type_line(c, &format!("k mission load -f - <<EOF\n{MINE}EOF")).await;
    eventually(30, "the loaded mission in the Missions panel", || async {
        mission_titles(c).await == ["Two web pods"]
    })
    .await;
    assert!(log_text(c).await.contains("mission \"scale-to-two\" loaded: Two web pods"));
    solve(c).await;
    assert!(progress(c).await.starts_with("1 of 1 done"), "{}", progress(c).await);

    // A typo is refused with its place, in the terminal.
    type_line(
        c,
        &format!("k mission load -f - <<EOF\n{}EOF", MINE.replace("count: 2", "count: two")),
    )
    .await;
    eventually(10, "the error with its line and column", || async {
        log_text(c).await.contains("line 13, column 12: checks[0].count: invalid type")
    })
    .await;

    // 2. Pasted into the panel's loader.
    c.execute(
        "document.querySelector('.mission-load').open = true;
         const t = document.querySelector('.mission-draft');
         t.value = arguments[0]; t.dispatchEvent(new Event('input', { bubbles: true })); return 1",
        vec![serde_json::json!(course())],
    )
    .await
    .unwrap();
    click_button(c, "Load").await;
    eventually(20, "the course in order", || async {
        mission_titles(c).await == ["Delete a pod and watch it come back", "Two web pods"]
    })
    .await;
    assert!(progress(c).await.starts_with("0 of 2 done"), "progress is per course");
    solve(c).await;
    assert!(progress(c).await.starts_with("1 of 2 done"), "{}", progress(c).await);
    for (w, h) in [(390, 844), (1024, 768), (1400, 900)] {
        resize(c, w, h).await;
        browser.screenshot(&format!("course-{w}x{h}.png")).await;
        assert!(on_top(c, ".course-select").await, "the course picker is covered at {w}x{h}");
    }

    // The progress survives a reload, and the course comes back with the session.
    c.refresh().await.unwrap();
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted again");
    click_button(c, "Missions").await;
    eventually(20, "the course back after the reload", || async {
        c.execute("return document.querySelector('.course-choice.active')?.dataset.course", vec![])
            .await
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            == Some("week-one".into())
    })
    .await;
    assert!(progress(c).await.starts_with("1 of 2 done"), "{}", progress(c).await);

    // 3. A share link carries the loaded course to a browser that never saw it.
    c.find(Locator::Css("button[title^='a link']")).await.unwrap().click().await.unwrap();
    let field = c.wait().for_element(Locator::Css(".share-link")).await.expect("the share bar");
    let link = field.prop("value").await.unwrap().expect("the link is in the bar");

    assert_eq!(console_errors(c).await, Vec::<String>::new());
    browser.close().await;

    let fresh = Browser::start().await;
    let c = &fresh.client;
    c.goto(&link).await.unwrap();
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted from the link");
    click_button(c, "Missions").await;
    eventually(20, "the linked course", || async {
        mission_titles(c).await == ["Delete a pod and watch it come back", "Two web pods"]
    })
    .await;
    fresh.close().await;

    // 4. `?mission=PATH`: a file the teacher put beside the page, in a fresh profile.
    let again = Browser::start_cold_copy().await;
    std::fs::write(again.dist_dir().join("week-one.yaml"), course()).unwrap();
    let c = &again.client;
    c.goto(&format!("{}?mission=week-one.yaml", again.page_url())).await.unwrap();
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    eventually(30, "the fetched course in the Missions panel", || async {
        mission_titles(c).await == ["Delete a pod and watch it come back", "Two web pods"]
    })
    .await;
    solve(c).await;
    assert!(progress(c).await.starts_with("1 of 2 done"), "{}", progress(c).await);
    assert_eq!(console_errors(c).await, Vec::<String>::new());
    again.close().await;
}
