//! Browser tests for names and keys in narrow panels, with the real panel stylesheet: a pod
//! name, a label key or a condition reason is shown whole, wraps at sensible points, and is
//! never cut (no ellipsis, no text scrolled out of its box).
#![cfg(target_arch = "wasm32")]

use std::rc::Rc;

use kubeloop::kubectl::Mode;
use kubeloop::model::{Kind, Pod};
use kubeloop::session::Session;
use kubeloop::world::World;
use kubeloop_web::components::inspector::{Inspector, InspectorProps};
use kubeloop_web::components::nodes::{node_views, NodesPanel, NodesProps};
use kubeloop_web::inspect::inspect;
use kubeloop_web::selection::ObjRef;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement, HtmlInputElement};
use yew::{Callback, Renderer};

wasm_bindgen_test_configure!(run_in_browser);

/// A host `width` pixels wide, on a page that has the panels' stylesheet.
fn narrow_host(width: u32) -> Element {
    let doc = web_sys::window().unwrap().document().unwrap();
    if doc.get_element_by_id("panels-css").is_none() {
        let style = doc.create_element("style").unwrap();
        style.set_id("panels-css");
        style.set_text_content(Some(include_str!("../static/panels.css")));
        doc.head().unwrap().append_child(&style).unwrap();
    }
    let host = doc.create_element("div").unwrap();
    host.set_attribute("style", &format!("width: {width}px")).unwrap();
    doc.body().unwrap().append_child(&host).unwrap();
    host
}

fn session(script: &str) -> Session {
    let mut s = Session::new(World::new(1), Mode::Script);
    let out = s.run(script);
    assert_eq!(out.status, 0, "{}", out.text());
    s
}

fn all(root: &Element, selector: &str) -> Vec<Element> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length()).filter_map(|i| list.item(i)?.dyn_into::<Element>().ok()).collect()
}

/// Nothing inside `el` is clipped or scrolled out of sight.
fn assert_fits(el: &Element, what: &str) {
    assert!(el.client_width() > 0, "{what} is laid out");
    assert!(
        el.scroll_width() <= el.client_width(),
        "{what} is cut: {} px of text in {} px",
        el.scroll_width(),
        el.client_width()
    );
}

const LONG: &str = "checkout-frontend-payments";

#[wasm_bindgen_test]
async fn the_nodes_panel_shows_each_long_pod_name_whole() {
    let s = session(&format!("k create deployment {LONG} --image=nginx:1.27 --replicas=2; settle"));
    let names: Vec<String> =
        s.world.store.list::<Pod>(Some("default"), None).map(|p| p.metadata.name.clone()).collect();
    let root = narrow_host(220);
    let props = NodesProps { nodes: Rc::new(node_views(&s.world)), on_select: Callback::noop() };
    Renderer::<NodesPanel>::with_root_and_props(root.clone(), props).render();
    yew::scheduler::flush().await;
    let shown = all(&root, ".pod-chip-name");
    assert_eq!(shown.len(), names.len());
    for el in &shown {
        let text = el.text_content().unwrap();
        assert!(names.contains(&text), "{text:?} is not a whole pod name of {names:?}");
        assert_fits(el, &text);
    }
    for chip in all(&root, ".pod-chip") {
        assert_fits(&chip, "a pod chip");
    }
}

#[wasm_bindgen_test]
async fn the_label_editor_shows_long_keys_whole_and_reasons_wrap_between_words() {
    let s = session("k create deployment web --image=nginx:1.27 --replicas=1; settle");
    let pod =
        s.world.store.list::<Pod>(Some("default"), None).next().unwrap().metadata.name.clone();
    let mut i = inspect(&s.world, &ObjRef::new(Kind::Pod, "default", &pod)).unwrap();
    i.labels.push(("app.kubernetes.io/managed-by".into(), "kubeloop".into()));
    let root = narrow_host(300);
    let props = InspectorProps {
        inspected: Some(Rc::new(i)),
        on_action: Callback::noop(),
        on_select: Callback::noop(),
        on_close: Callback::noop(),
    };
    Renderer::<Inspector>::with_root_and_props(root.clone(), props).render();
    yew::scheduler::flush().await;
    let open = all(&root, "button")
        .into_iter()
        .find(|b| b.text_content().unwrap_or_default().trim() == "Edit labels")
        .expect("an Edit labels button");
    open.dyn_ref::<HtmlElement>().unwrap().click();
    yew::scheduler::flush().await;
    let keys: Vec<HtmlInputElement> =
        all(&root, "input.label-key").into_iter().map(|e| e.dyn_into().unwrap()).collect();
    let values: Vec<String> = keys.iter().map(HtmlInputElement::value).collect();
    assert_eq!(values, ["app", "pod-template-hash", "app.kubernetes.io/managed-by"]);
    for key in &keys {
        assert_fits(key, &key.value());
    }

    // A Deployment's condition reason wraps where its words meet, not mid-word.
    let s = session("k create deployment web --image=nginx:1.27 --replicas=1; settle");
    let i = inspect(&s.world, &ObjRef::new(Kind::Deployment, "default", "web")).unwrap();
    let root = narrow_host(300);
    let props = InspectorProps {
        inspected: Some(Rc::new(i)),
        on_action: Callback::noop(),
        on_select: Callback::noop(),
        on_close: Callback::noop(),
    };
    Renderer::<Inspector>::with_root_and_props(root.clone(), props).render();
    yew::scheduler::flush().await;
    let cell = all(&root, ".insp-compare td")
        .into_iter()
        .find(|td| td.text_content().unwrap().contains("NewReplicaSetAvailable"))
        .expect("a cell with the Progressing reason");
    assert!(
        cell.inner_html().contains("New<wbr>Replica<wbr>Set<wbr>Available"),
        "{}",
        cell.inner_html()
    );
}
