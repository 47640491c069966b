//! Browser tests: the real app mounted in headless Chromium by wasm-bindgen-test.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlInputElement, KeyboardEvent, KeyboardEventInit};

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// Mounts a fresh app into its own host element and waits for the first render.
async fn mount() -> Element {
    let host = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&host).unwrap();
    yew::Renderer::<kubeloop_web::App>::with_root(host.clone()).render();
    yew::scheduler::flush().await;
    host
}

fn text_of(root: &Element, selector: &str) -> String {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no element matches {selector}"))
        .text_content()
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn first_screen_shows_title_graph_and_command_box() {
    let root = mount().await;
    assert_eq!(text_of(&root, "h1.brand"), "kubeloop");
    assert!(root.query_selector("section.graph").unwrap().is_some());
    let input = root
        .query_selector("input[aria-label='kubectl command']")
        .unwrap()
        .expect("the command box is labelled for screen readers");
    assert_eq!(input.get_attribute("type").as_deref(), Some("text"));
}

#[wasm_bindgen_test]
async fn enter_in_the_command_box_echoes_the_command_into_the_log() {
    let root = mount().await;
    let input: HtmlInputElement = root
        .query_selector("input[aria-label='kubectl command']")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    input.set_value("k get pods");
    let init = KeyboardEventInit::new();
    init.set_key("Enter");
    let event = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    input.dispatch_event(&event).unwrap();
    yew::scheduler::flush().await;

    let log = text_of(&root, "[role='log']");
    assert!(log.contains("$ k get pods"), "log was: {log}");
    assert_eq!(input.value(), "", "the input is cleared after Enter");
}
