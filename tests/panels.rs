//! Browser tests for the inspector, the nodes panel and the YAML editor, mounted on their own
//! with snapshots of a real simulated cluster.
#![cfg(target_arch = "wasm32")]

use std::cell::RefCell;
use std::rc::Rc;

use kubeloop::kubectl::Mode;
use kubeloop::model::{Kind, Pod, ReplicaSet};
use kubeloop::session::Session;
use kubeloop::world::World;
use kubeloop_web::components::editor::{EditorProps, YamlEditor};
use kubeloop_web::components::inspector::{Inspector, InspectorProps};
use kubeloop_web::components::nodes::{node_views, NodesPanel, NodesProps};
use kubeloop_web::inspect::{inspect, Inspected};
use kubeloop_web::selection::{Action, Cascade, ObjRef};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{
    Element, Event, HtmlElement, HtmlInputElement, HtmlTextAreaElement, KeyboardEvent,
    KeyboardEventInit,
};
use yew::{AppHandle, Callback, Renderer};

wasm_bindgen_test_configure!(run_in_browser);

fn host() -> Element {
    let doc = web_sys::window().unwrap().document().unwrap();
    let host = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&host).unwrap();
    host
}

fn session(script: &str) -> Session {
    let mut s = Session::new(World::new(1), Mode::Script);
    let out = s.run(script);
    assert_eq!(out.status, 0, "{}", out.text());
    s
}

fn first_name<T: kubeloop::store::Tabled>(s: &Session) -> String {
    s.world.store.list::<T>(Some("default"), None).next().unwrap().meta().name.clone()
}

/// What a recorded callback has been called with so far.
type Seen<T> = Rc<RefCell<Vec<T>>>;

/// Records what a callback was called with.
fn recorder<T: 'static>() -> (Seen<T>, Callback<T>) {
    let seen = Rc::new(RefCell::new(Vec::new()));
    let cb = {
        let seen = seen.clone();
        Callback::from(move |x| seen.borrow_mut().push(x))
    };
    (seen, cb)
}

struct Mounted {
    root: Element,
    actions: Seen<Action>,
    selected: Seen<ObjRef>,
    closed: Seen<()>,
}

async fn mount_inspector(inspected: Inspected) -> Mounted {
    let root = host();
    let (actions, on_action) = recorder();
    let (selected, on_select) = recorder();
    let (closed, on_close) = recorder();
    let props =
        InspectorProps { inspected: Some(Rc::new(inspected)), on_action, on_select, on_close };
    Renderer::<Inspector>::with_root_and_props(root.clone(), props).render();
    yew::scheduler::flush().await;
    Mounted { root, actions, selected, closed }
}

fn all(root: &Element, selector: &str) -> Vec<Element> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length()).filter_map(|i| list.item(i)?.dyn_into::<Element>().ok()).collect()
}

fn one<T: JsCast>(root: &Element, selector: &str) -> T {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no element matches {selector}"))
        .dyn_into()
        .unwrap()
}

/// The button whose text (trimmed) starts with `text`.
fn button(root: &Element, text: &str) -> HtmlElement {
    all(root, "button")
        .into_iter()
        .find(|b| b.text_content().unwrap_or_default().trim().starts_with(text))
        .unwrap_or_else(|| panic!("no button {text:?}"))
        .dyn_into()
        .unwrap()
}

fn has_button(root: &Element, text: &str) -> bool {
    all(root, "button")
        .iter()
        .any(|b| b.text_content().unwrap_or_default().trim().starts_with(text))
}

async fn click(el: &HtmlElement) {
    el.click();
    yew::scheduler::flush().await;
}

async fn type_into(el: &Element, value: &str) {
    if let Some(input) = el.dyn_ref::<HtmlInputElement>() {
        input.set_value(value);
    } else {
        el.dyn_ref::<HtmlTextAreaElement>().unwrap().set_value(value);
    }
    el.dispatch_event(&Event::new("input").unwrap()).unwrap();
    yew::scheduler::flush().await;
}

async fn key(el: &Element, key: &str, ctrl: bool) {
    let init = KeyboardEventInit::new();
    init.set_key(key);
    init.set_ctrl_key(ctrl);
    init.set_bubbles(true);
    el.dispatch_event(&KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap())
        .unwrap();
    yew::scheduler::flush().await;
}

fn deployment() -> Inspected {
    let s = session("k create deployment web --image=nginx:1.27 --replicas=2; settle");
    inspect(&s.world, &ObjRef::new(Kind::Deployment, "default", "web")).unwrap()
}

fn web() -> ObjRef {
    ObjRef::new(Kind::Deployment, "default", "web")
}

#[wasm_bindgen_test]
async fn the_inspector_puts_desired_next_to_observed() {
    let m = mount_inspector(deployment()).await;
    let heads: Vec<String> =
        all(&m.root, "thead th").iter().map(|h| h.text_content().unwrap()).collect();
    assert_eq!(heads, ["Field", "Desired (spec)", "Observed (status)"]);
    let replicas = all(&m.root, "tbody tr")
        .into_iter()
        .find(|r| r.query_selector("th").unwrap().unwrap().text_content().unwrap() == "Replicas")
        .expect("a Replicas row");
    let cells: Vec<String> =
        all(&replicas, "td").iter().map(|c| c.text_content().unwrap()).collect();
    assert_eq!(cells[0], "2");
    assert!(cells[1].ends_with('2') && cells[1].contains("matches"), "{cells:?}");
    for b in ["Delete", "Edit YAML", "Set image", "− Scale down", "+ Scale up"] {
        assert!(has_button(&m.root, b), "no {b} button");
    }
    assert!(!has_button(&m.root, "Edit labels"), "labels are edited on pods");
    let radios = all(&m.root, "input[type='radio']");
    assert_eq!(radios.len(), 3);
    assert!(
        radios[0].dyn_ref::<HtmlInputElement>().unwrap().checked(),
        "background is the default"
    );
}

#[wasm_bindgen_test]
async fn delete_with_orphan_selected_asks_for_an_orphan_cascade() {
    let m = mount_inspector(deployment()).await;
    click(&one(&m.root, "input[value='orphan']")).await;
    assert!(m.root.text_content().unwrap().contains("k delete deploy/web --cascade=orphan"));
    click(&button(&m.root, "Delete")).await;
    assert_eq!(*m.actions.borrow(), [Action::Delete { target: web(), cascade: Cascade::Orphan }]);
}

#[wasm_bindgen_test]
async fn scale_buttons_ask_for_one_more_or_one_less() {
    let m = mount_inspector(deployment()).await;
    click(&one(&m.root, "button[aria-label='Scale up']")).await;
    click(&one(&m.root, "button[aria-label='Scale down']")).await;
    let want = [
        Action::Scale { target: web(), replicas: 3 },
        Action::Scale { target: web(), replicas: 1 },
    ];
    assert_eq!(*m.actions.borrow(), want);
}

#[wasm_bindgen_test]
async fn set_image_offers_the_lesson_images() {
    let m = mount_inspector(deployment()).await;
    click(&button(&m.root, "nginx:doesnotexist")).await;
    click(&one(&m.root, ".image-setter .btn-primary")).await;
    let want = Action::SetImage {
        target: web(),
        container: "nginx".into(),
        image: "nginx:doesnotexist".into(),
    };
    assert_eq!(*m.actions.borrow(), [want]);
}

#[wasm_bindgen_test]
async fn an_owner_link_selects_the_owner_and_close_closes() {
    let s = session("k create deployment web --image=nginx:1.27 --replicas=1; settle");
    let pod = ObjRef::new(Kind::Pod, "default", &first_name::<Pod>(&s));
    let m = mount_inspector(inspect(&s.world, &pod).unwrap()).await;
    let rs = first_name::<ReplicaSet>(&s);
    click(&button(&m.root, &format!("Controlled by ReplicaSet/{rs}"))).await;
    assert_eq!(*m.selected.borrow(), [ObjRef::new(Kind::ReplicaSet, "default", &rs)]);
    click(&one(&m.root, "button[aria-label='Close inspector']")).await;
    assert_eq!(m.closed.borrow().len(), 1);
}

#[wasm_bindgen_test]
async fn editing_a_pods_labels_sends_the_whole_new_set() {
    let s = session("k create deployment web --image=nginx:1.27 --replicas=1; settle");
    let pod = ObjRef::new(Kind::Pod, "default", &first_name::<Pod>(&s));
    let i = inspect(&s.world, &pod).unwrap();
    let hash = i.labels.iter().find(|(k, _)| k == "pod-template-hash").unwrap().1.clone();
    let m = mount_inspector(i).await;
    click(&button(&m.root, "Edit labels")).await;
    assert!(m
        .root
        .text_content()
        .unwrap()
        .contains("Change app= to see the ReplicaSet release this pod"));
    type_into(&one(&m.root, "input[aria-label='label 1 value']"), "debug").await;
    click(&button(&m.root, "+ Add label")).await;
    type_into(&one(&m.root, "input[aria-label='label 3 key']"), "tier").await;
    type_into(&one(&m.root, "input[aria-label='label 3 value']"), "front").await;
    click(&button(&m.root, "Save labels")).await;
    let labels = [("app", "debug"), ("pod-template-hash", hash.as_str()), ("tier", "front")]
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .into();
    assert_eq!(*m.actions.borrow(), [Action::SetLabels { target: pod, labels }]);
    assert!(has_button(&m.root, "Edit labels"), "the editor closes after saving");
}

#[wasm_bindgen_test]
async fn object_text_is_shown_as_text_never_as_html() {
    let attack = "<img src=x onerror=alert(1)>";
    let mut i = deployment();
    i.labels.push(("note".into(), attack.into()));
    i.annotations.push(("note".into(), attack.into()));
    i.rows[0].observed = attack.into();
    let m = mount_inspector(i).await;
    assert!(
        m.root.query_selector("img").unwrap().is_none(),
        "no element was created from object text"
    );
    let chips: Vec<String> =
        all(&m.root, ".chip").iter().map(|c| c.text_content().unwrap()).collect();
    assert!(chips.contains(&format!("note={attack}")), "{chips:?}");
}

fn editor_props(error: Option<&str>, initial: &str) -> (EditorProps, Seen<String>, Seen<()>) {
    let (saved, on_save) = recorder();
    let (cancelled, on_cancel) = recorder();
    let props = EditorProps {
        target: web(),
        initial: initial.into(),
        error: error.map(String::from),
        on_save,
        on_cancel,
    };
    (props, saved, cancelled)
}

#[wasm_bindgen_test]
async fn the_yaml_editor_keeps_the_text_when_a_save_is_refused() {
    let root = host();
    let (props, _, _) = editor_props(None, "spec:\n  replicas: 2\n");
    let mut app: AppHandle<YamlEditor> =
        Renderer::with_root_and_props(root.clone(), props).render();
    yew::scheduler::flush().await;
    let area: HtmlTextAreaElement = one(&root, "textarea[aria-label='YAML editor']");
    assert_eq!(area.value(), "spec:\n  replicas: 2\n");
    assert!(root.query_selector("[role='alert']").unwrap().is_none());

    type_into(&area, "spec:\n  replicas: two\n").await;
    let error = "error: deployments.apps \"web\" is invalid";
    let (props, _, _) = editor_props(Some(error), "spec:\n  replicas: 3\n");
    app.update(props);
    yew::scheduler::flush().await;
    assert_eq!(area.value(), "spec:\n  replicas: two\n", "the user's text survives the refusal");
    let alert: Element = one(&root, "[role='alert']");
    assert!(alert.text_content().unwrap().contains(error));
}

#[wasm_bindgen_test]
async fn ctrl_enter_saves_and_cancel_cancels() {
    let root = host();
    let (props, saved, cancelled) = editor_props(None, "a: 1\n");
    Renderer::<YamlEditor>::with_root_and_props(root.clone(), props).render();
    yew::scheduler::flush().await;
    let area: Element = one(&root, "textarea");
    type_into(&area, "a: 2\n").await;
    key(&area, "Enter", true).await;
    assert_eq!(*saved.borrow(), ["a: 2\n"]);
    // Escape is the page's key (its reducer closes the editor first); the dialog leaves it be.
    key(&area, "Escape", false).await;
    assert_eq!(cancelled.borrow().len(), 0);
    click(&button(&root, "Cancel")).await;
    assert_eq!(cancelled.borrow().len(), 1);
    click(&button(&root, "Save")).await;
    assert_eq!(saved.borrow().len(), 2);
}

#[wasm_bindgen_test]
async fn the_nodes_panel_shows_which_pod_sits_where() {
    let s =
        session("k create deployment web --image=nginx:1.27 --replicas=2; settle; k cordon node-3");
    let root = host();
    let (selected, on_select) = recorder();
    let props = NodesProps { nodes: Rc::new(node_views(&s.world)), on_select };
    Renderer::<NodesPanel>::with_root_and_props(root.clone(), props).render();
    yew::scheduler::flush().await;
    let status: Vec<String> =
        all(&root, "[data-node]").iter().map(|n| n.get_attribute("data-status").unwrap()).collect();
    assert_eq!(status, ["Ready", "Ready", "Ready,SchedulingDisabled"]);
    let cordoned = &all(&root, "[data-node]")[2];
    assert!(
        cordoned.text_content().unwrap().contains("Ready,SchedulingDisabled"),
        "status as text too"
    );
    let pods = all(&root, "[data-pod]");
    assert_eq!(pods.len(), 2);
    assert!(pods.iter().all(|p| p.get_attribute("data-status").as_deref() == Some("Running")));
    let name = pods[0].get_attribute("data-pod").unwrap();
    click(pods[0].dyn_ref::<HtmlElement>().unwrap()).await;
    assert_eq!(*selected.borrow(), [ObjRef::new(Kind::Pod, "default", &name)]);
}

#[wasm_bindgen_test]
async fn an_object_being_deleted_says_what_it_waits_for() {
    let s = session(
        "k create deployment web --image=nginx:1.27; settle; controller stop garbage-collector; \
         k delete deploy web --cascade=foreground --wait=false; sleep 5s",
    );
    let m = mount_inspector(inspect(&s.world, &web()).unwrap()).await;
    let notice: Element = one(&m.root, ".insp-deleting[role='status']");
    let text = notice.text_content().unwrap();
    assert!(text.contains("Being deleted: asked 5s ago."), "{text}");
    assert!(text.contains("foregroundDeletion"), "{text}");
}
