//! Browser tests for the mission picker: start a mission, check it, finish it, and keep the
//! progress in localStorage.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

mod page;
use page::*;

wasm_bindgen_test_configure!(run_in_browser);

const KEY: &str = "kubeloop.missions.v1";

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
    assert_eq!(storage().get_item(KEY).unwrap().as_deref(), Some("stop-for-real"));

    click(&button(&root, "All missions")).await;
    assert!(text_of(&root, ".mission-item.done").contains("Stop an app for real"));
    assert!(text_of(&root, ".mission-item.done").contains("\u{2713} done"));
    assert!(text_of(&root, ".mission-progress").starts_with("1 of "));
}

#[wasm_bindgen_test]
async fn saved_progress_loads_and_garbage_in_storage_is_ignored() {
    storage().set_item(KEY, "nope,,delete-a-pod,<script>").unwrap();
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
