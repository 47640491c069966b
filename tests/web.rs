//! Browser tests: the real app mounted in headless Chromium by wasm-bindgen-test.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlTextAreaElement, KeyboardEvent, KeyboardEventInit};

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

async fn type_command(root: &Element, line: &str) {
    let input: HtmlTextAreaElement =
        root.query_selector("[aria-label='kubectl command']").unwrap().unwrap().dyn_into().unwrap();
    input.set_value(line);
    let init = KeyboardEventInit::new();
    init.set_key("Enter");
    let event = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    input.dispatch_event(&event).unwrap();
    yew::scheduler::flush().await;
    assert_eq!(input.value(), "", "the input is cleared after Enter");
}

#[wasm_bindgen_test]
async fn first_screen_shows_title_graph_and_command_box() {
    let root = mount().await;
    assert_eq!(text_of(&root, "h1.brand"), "kubeloop");
    assert!(text_of(&root, "section.graph").contains("The cluster is empty"));
    let input = root
        .query_selector("[aria-label='kubectl command']")
        .unwrap()
        .expect("labelled command box");
    assert_eq!(input.tag_name(), "TEXTAREA");
    assert!(
        text_of(&root, "[aria-label='controller decisions']").contains("What the loops just did")
    );
}

#[wasm_bindgen_test]
async fn a_typed_command_runs_against_the_cluster_and_draws_the_deployment() {
    let root = mount().await;
    type_command(&root, "k create deployment web --image=nginx:1.27 --replicas=2").await;
    let log = text_of(&root, "[role='log']");
    assert!(log.contains("$ k create deployment web --image=nginx:1.27 --replicas=2"), "{log}");
    assert!(log.contains("deployment.apps/web created"), "{log}");
    let card = root.query_selector("[data-kind='Deployment'][data-name='web']").unwrap();
    assert!(card.is_some(), "the Deployment is drawn at once");
    type_command(&root, "k get pods nope").await;
    assert!(text_of(&root, "[role='log']")
        .contains("Error from server (NotFound): pods \"nope\" not found"));
}
