//! Shared helpers for the browser tests that mount the whole page.

// Each test crate includes this module and uses only some of it.
#![allow(dead_code)]

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlTextAreaElement, KeyboardEvent, KeyboardEventInit};

pub fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// The graph's view of a cluster that settled after each of `lines` (seed 1).
pub fn view_after(lines: &[&str]) -> kubeloop_web::view::ViewModel {
    let mut s = kubeloop::session::Session::new(
        kubeloop::world::World::new(1),
        kubeloop::kubectl::Mode::Script,
    );
    for line in lines {
        assert_eq!(s.run(line).status, 0, "{line}");
        s.world.settle();
    }
    kubeloop_web::view::build(&s.world, &mut kubeloop_web::view::LayoutMemory::new(), 0.0)
}

pub fn storage() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().expect("localStorage")
}

/// Mounts a fresh app into its own host element and waits for the first render. Each mount
/// starts from a fresh cluster: no session saved by an earlier test.
pub async fn mount() -> Element {
    storage().remove_item(kubeloop_web::storage::SESSION_KEY).unwrap();
    mount_keeping_storage().await
}

/// Mounts the app without clearing what earlier mounts saved (a reload).
pub async fn mount_keeping_storage() -> Element {
    let host = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&host).unwrap();
    yew::Renderer::<kubeloop_web::App>::with_root(host.clone()).render();
    yew::scheduler::flush().await;
    host
}

pub fn text_of(root: &Element, selector: &str) -> String {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no element matches {selector}"))
        .text_content()
        .unwrap_or_default()
}

/// Types a line into the command box and presses Enter.
pub async fn type_command(root: &Element, line: &str) {
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

pub async fn click(el: &HtmlElement) {
    el.click();
    yew::scheduler::flush().await;
}

/// The one element `selector` matches, as the element type the caller needs.
pub fn one<T: JsCast>(root: &Element, selector: &str) -> T {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no element matches {selector}"))
        .dyn_into()
        .unwrap_or_else(|_| panic!("{selector} is not the element type asked for"))
}

/// The first button whose text is `label`.
pub fn button(root: &Element, label: &str) -> HtmlElement {
    let buttons = root.query_selector_all("button").unwrap();
    (0..buttons.length())
        .filter_map(|i| buttons.item(i))
        .find(|b| b.text_content().unwrap_or_default().trim() == label)
        .unwrap_or_else(|| panic!("no button reads {label}"))
        .dyn_into()
        .unwrap()
}
