//! Browser tests for the mission picker: start a mission, check it, finish it, and keep the
//! progress in localStorage, per course.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

mod page;
use page::*;

wasm_bindgen_test_configure!(run_in_browser);

const KEY: &str = "kubeloop.progress.v1";
const OLD_KEY: &str = "kubeloop.missions.v1";

#[wasm_bindgen_test]
async fn a_mission_fails_with_reasons_then_passes_and_is_remembered() {
    storage().remove_item(KEY).unwrap();
    let root = mount().await;
    click(&button(&root, "Missions")).await;
    assert!(text_of(&root, ".mission-progress").starts_with("0 of "));
    click(&one(&root, "[data-mission='stop-for-real']")).await;
    assert!(text_of(&root, ".mission-goal").contains("no web pod may run"));
    assert!(text_of(&root, "[aria-label='command box']").contains("$ reset --seed 1"));

    // Predict first: answer, then reveal.
    let input: web_sys::HtmlInputElement = root
        .query_selector("[aria-label='your prediction']")
        .unwrap()
        .expect("a prediction box")
        .dyn_into()
        .unwrap();
    input.set_value("0");
    click(&button(&root, "Reveal")).await;
    assert!(text_of(&root, ".predict-answer").contains("Answer: 3"));

    click(&button(&root, "Show a hint")).await;
    assert_eq!(root.query_selector_all(".mission-hints li").unwrap().length(), 1);

    click(&button(&root, "Check my work")).await;
    let verdict = text_of(&root, ".verdict");
    assert!(verdict.starts_with("FAIL"), "{verdict}");
    assert!(verdict.contains("found 3 pods matching app=web"), "{verdict}");

    type_command(&root, "k scale deploy/web --replicas=0").await;
    type_command(&root, "settle").await;
    click(&button(&root, "Check my work")).await;
    let verdict = text_of(&root, ".verdict");
    assert!(verdict.starts_with("PASS"), "{verdict}");
    assert_eq!(
        storage().get_item(KEY).unwrap().as_deref(),
        Some("reconciliation-loop/stop-for-real")
    );

    click(&button(&root, "All missions")).await;
    assert!(text_of(&root, ".mission-item.done").contains("Stop an app for real"));
    assert!(text_of(&root, ".mission-item.done").contains("\u{2713} done"));
    assert!(text_of(&root, ".mission-progress").starts_with("1 of "));
}

#[wasm_bindgen_test]
async fn saved_progress_loads_and_garbage_in_storage_is_ignored() {
    // The first format's names count in the course that holds them.
    storage().remove_item(KEY).unwrap();
    storage().set_item(OLD_KEY, "nope,,delete-a-pod,<script>").unwrap();
    let root = mount().await;
    click(&button(&root, "Missions")).await;
    assert_eq!(root.query_selector_all(".mission-item.done").unwrap().length(), 1);
    storage().remove_item(OLD_KEY).unwrap();
    storage().set_item(KEY, "nope,,reconciliation-loop/delete-a-pod,<script>/x").unwrap();
    let root = mount().await;
    click(&button(&root, "Missions")).await;
    assert_eq!(root.query_selector_all(".mission-item.done").unwrap().length(), 1);
    assert!(text_of(&root, ".mission-item.done").contains("Delete a pod"));
    storage().set_item(KEY, "\u{0}{\"v\":2}").unwrap();
    let root = mount().await;
    click(&button(&root, "Missions")).await;
    assert_eq!(root.query_selector_all(".mission-item.done").unwrap().length(), 0);
    storage().remove_item(KEY).unwrap();
}

#[wasm_bindgen_test]
async fn the_goal_reads_as_one_paragraph_and_a_check_brings_the_verdict_into_view() {
    storage().remove_item(KEY).unwrap();
    let root = mount().await;
    click(&button(&root, "Missions")).await;
    click(&one(&root, "[data-mission='stop-for-real']")).await;
    let paragraphs = root.query_selector_all(".mission-goal p").unwrap();
    assert_eq!(paragraphs.length(), 1);
    assert_eq!(
        paragraphs.item(0).unwrap().text_content().unwrap(),
        "The web app must stop: no web pod may run. Deleting the pods will not do it. \
         Stop it in a way the loops agree with."
    );

    // Push the page far down so the verdict would land out of sight, then check.
    let spacer = document().create_element("div").unwrap();
    spacer.set_attribute("style", "height: 4000px").unwrap();
    root.insert_before(&spacer, root.first_child().as_ref()).unwrap();
    let window = web_sys::window().unwrap();
    window.scroll_to_with_x_and_y(0.0, 0.0);
    click(&button(&root, "Check my work")).await;
    let verdict: web_sys::Element = one(&root, ".verdict");
    let rect = verdict.get_bounding_client_rect();
    let height = window.inner_height().unwrap().as_f64().unwrap();
    assert!(rect.top() >= 0.0 && rect.top() < height, "the verdict is in view: {}", rect.top());
    // Checking again scrolls to it again, even when the verdict reads the same.
    window.scroll_to_with_x_and_y(0.0, 0.0);
    click(&button(&root, "Check my work")).await;
    let top = one::<web_sys::Element>(&root, ".verdict").get_bounding_client_rect().top();
    assert!(top >= 0.0 && top < height, "in view after a second check: {top}");
    root.remove();
}
