//! What the page reads about the visit, in a real browser: `?embed` in the URL (kept when a
//! share link is dropped from it), and the build last seen here, which makes the "updated"
//! notice appear once after a new build and never on a first visit.
#![cfg(target_arch = "wasm32")]

use kubeloop_web::storage::{
    build_id, embed_requested, forget_link, update_notice, BUILD_KEY, UPDATED_NOTICE,
};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn window() -> web_sys::Window {
    web_sys::window().unwrap()
}

fn set_url(url: &str) {
    window().history().unwrap().replace_state_with_url(&JsValue::NULL, "", Some(url)).unwrap();
}

fn storage() -> web_sys::Storage {
    window().local_storage().unwrap().unwrap()
}

#[wasm_bindgen_test]
fn embed_comes_from_the_query_and_survives_forgetting_a_link() {
    let path = window().location().pathname().unwrap();
    set_url(&format!("{path}?embed#z=abc"));
    assert!(embed_requested());
    forget_link();
    assert_eq!(window().location().search().unwrap(), "?embed");
    assert_eq!(window().location().hash().unwrap(), "");
    assert!(embed_requested());
    set_url(&format!("{path}?embed=0"));
    assert!(!embed_requested());
    set_url(&path);
    assert!(!embed_requested());
}

/// Puts a preload link for a module called `name` into the page, as Trunk's index.html has.
fn preload(name: &str) -> web_sys::Element {
    let document = window().document().unwrap();
    let link = document.create_element("link").unwrap();
    link.set_attribute("rel", "preload").unwrap();
    link.set_attribute("href", &format!("./{name}")).unwrap();
    document.head().unwrap().append_child(&link).unwrap();
    link
}

#[wasm_bindgen_test]
fn the_update_notice_shows_once_after_a_new_build_and_never_on_a_first_visit() {
    storage().remove_item(BUILD_KEY).unwrap();
    assert_eq!(update_notice(), None, "no module named: no build id");

    let first = preload("kubeloop-web-1111111111111111_bg.wasm");
    assert_eq!(build_id().as_deref(), Some("kubeloop-web-1111111111111111_bg.wasm"));
    assert_eq!(update_notice(), None, "a first visit is not an update");
    assert_eq!(update_notice(), None, "nor is a reload of the same build");
    first.remove();

    let second = preload("kubeloop-web-2222222222222222_bg.wasm");
    assert_eq!(update_notice().as_deref(), Some(UPDATED_NOTICE));
    assert_eq!(update_notice(), None, "said once");
    assert_eq!(
        storage().get_item(BUILD_KEY).unwrap().as_deref(),
        Some("kubeloop-web-2222222222222222_bg.wasm")
    );
    second.remove();
    storage().remove_item(BUILD_KEY).unwrap();
}
