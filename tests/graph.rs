//! Browser tests of the ownership graph, mounted on its own in headless Chromium with a view
//! built from a small simulated cluster.
#![cfg(target_arch = "wasm32")]

use std::cell::RefCell;
use std::rc::Rc;

use kubeloop::kubectl::Mode;
use kubeloop::model::Kind;
use kubeloop::session::Session;
use kubeloop::world::World;
use kubeloop_web::components::graph::{Graph, GraphProps};
use kubeloop_web::selection::ObjRef;
use kubeloop_web::view::camera::{Camera, CameraMsg};
use kubeloop_web::view::{build, LayoutMemory, ViewModel};
use wasm_bindgen_test::*;
use web_sys::{Element, KeyboardEvent, KeyboardEventInit, MouseEvent};
use yew::Callback;

mod page;

use page::{document, view_after};

wasm_bindgen_test_configure!(run_in_browser);

fn web() -> ViewModel {
    view_after(&["k create deployment web --image=nginx:1.27 --replicas=3"])
}

async fn mount(props: GraphProps) -> Element {
    let host = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&host).unwrap();
    yew::Renderer::<Graph>::with_root_and_props(host.clone(), props).render();
    yew::scheduler::flush().await;
    host
}

fn props(view: ViewModel) -> GraphProps {
    GraphProps {
        view: Rc::new(view),
        selected: None,
        on_select: Callback::noop(),
        on_toggle: Callback::noop(),
        camera: Camera::default(),
        on_camera: Callback::noop(),
        acted: None,
        lost: Rc::default(),
        traffic: Rc::default(),
    }
}

fn all(root: &Element, selector: &str) -> Vec<Element> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i))
        .map(wasm_bindgen::JsCast::unchecked_into)
        .collect()
}

fn one(root: &Element, selector: &str) -> Element {
    root.query_selector(selector).unwrap().unwrap_or_else(|| panic!("nothing matches {selector}"))
}

fn text(el: &Element) -> String {
    el.text_content().unwrap_or_default()
}

#[wasm_bindgen_test]
async fn pods_show_their_name_and_kubectl_status_under_their_owners() {
    let view = web();
    let names: Vec<String> = view.pods().map(|p| p.meta.target.name.clone()).collect();
    let rs = view.trees[0].rows[0].rs.meta.target.name.clone();
    let root = mount(props(view)).await;

    one(&root, "[data-kind='Deployment'][data-name='web']");
    one(&root, &format!("[data-kind='ReplicaSet'][data-name='{rs}']"));
    let pods = all(&root, "[data-kind='Pod']");
    assert_eq!(pods.len(), 3);
    for (pod, name) in pods.iter().zip(&names) {
        assert_eq!(pod.get_attribute("data-name").as_deref(), Some(name.as_str()));
        assert_eq!(pod.get_attribute("data-status").as_deref(), Some("Running"));
        assert_eq!(pod.get_attribute("aria-label"), Some(format!("Pod {name}, Running")));
        assert_eq!(pod.get_attribute("tabindex").as_deref(), Some("0"));
        let suffix = text(&one(pod, ".name-suffix"));
        assert_eq!(suffix.len(), 5);
        assert!(name.ends_with(&suffix));
        assert!(text(pod).contains("Running") && text(pod).contains("READY 1/1"));
        assert!(text(pod).contains("node-"));
    }
    let edges = all(&root, "path.edge.controller[data-owner]");
    assert_eq!(edges.len(), 4);
    assert_eq!(all(&root, "path[data-owner='Deployment/web']").len(), 1);
    assert_eq!(
        all(&root, &format!("path[data-owner='ReplicaSet/{rs}'][data-dependent^='Pod/']")).len(),
        3
    );
    let legend = text(&one(&root, ".graph-legend"));
    assert!(legend.contains("controller ref") && legend.contains("other ref"), "{legend}");
    let svg = one(&root, "svg.graph-svg");
    assert!(svg.get_attribute("viewBox").unwrap().starts_with("0 0 1360 "));
}

#[wasm_bindgen_test]
async fn clicking_or_pressing_enter_on_a_pod_selects_it() {
    let view = web();
    let name = view.pods().next().unwrap().meta.target.name.clone();
    let picked = Rc::new(RefCell::new(Vec::new()));
    let sink = picked.clone();
    let mut p = props(view);
    p.on_select = Callback::from(move |r: ObjRef| sink.borrow_mut().push(r));
    let root = mount(p).await;

    let pod = one(&root, &format!("[data-kind='Pod'][data-name='{name}']"));
    pod.dispatch_event(&MouseEvent::new("click").unwrap()).unwrap();
    yew::scheduler::flush().await;
    let init = KeyboardEventInit::new();
    init.set_key("Enter");
    let enter = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    pod.dispatch_event(&enter).unwrap();
    yew::scheduler::flush().await;

    let want = ObjRef::new(Kind::Pod, "default", &name);
    assert_eq!(*picked.borrow(), vec![want.clone(), want]);
}

#[wasm_bindgen_test]
async fn the_panel_reports_its_size_to_the_camera() {
    let sizes = Rc::new(RefCell::new(Vec::new()));
    let sink = sizes.clone();
    let mut p = props(web());
    p.on_camera = Callback::from(move |m: CameraMsg| {
        if let CameraMsg::Resize { w, h } = m {
            sink.borrow_mut().push((w, h));
        }
    });
    let root = mount(p).await;
    // The size comes from a ResizeObserver, which reports before the next paint.
    for _ in 0..10 {
        if !sizes.borrow().is_empty() {
            break;
        }
        let wait = js_sys::Promise::new(&mut |resolve, _| {
            let _ = web_sys::window()
                .unwrap()
                .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 20);
        });
        let _ = wasm_bindgen_futures::JsFuture::from(wait).await;
    }
    let viewport = one(&root, ".graph-viewport");
    let (w, h) = sizes.borrow().first().copied().expect("a Resize after the first render");
    assert_eq!(w, f64::from(viewport.client_width()));
    assert!(w > 0.0 && h > 0.0);
}

#[wasm_bindgen_test]
async fn the_selected_object_wears_a_ring() {
    let view = web();
    let target = view.trees[0].rows[0].rs.meta.target.clone();
    let mut p = props(view);
    p.selected = Some(target.clone());
    let root = mount(p).await;
    let selected = all(&root, ".node.selected");
    assert_eq!(selected.len(), 1);
    assert_eq!(selected[0].get_attribute("data-name"), Some(target.name));
    assert_eq!(selected[0].get_attribute("aria-pressed").as_deref(), Some("true"));
}

#[wasm_bindgen_test]
async fn an_empty_cluster_says_what_to_type() {
    let root = mount(props(ViewModel::default())).await;
    let t = text(&root);
    assert!(t.contains("The cluster is empty"), "{t}");
    assert!(t.contains("k create deployment web --image=nginx:1.27 --replicas=3"), "{t}");
    assert!(root.query_selector("svg").unwrap().is_none());
}

#[wasm_bindgen_test]
async fn orphans_sit_in_their_lane_without_an_edge_to_the_deleted_owner() {
    let view = view_after(&[
        "k create deployment web --image=nginx:1.27 --replicas=2",
        "k delete deployment web --cascade=orphan --wait=false",
    ]);
    let root = mount(props(view)).await;
    assert!(text(&one(&root, ".lane-title")).contains("No owner"));
    assert!(all(&root, "[data-kind='Deployment']").is_empty());
    assert!(all(&root, "path[data-owner^='Deployment/']").is_empty());
    assert_eq!(all(&root, "[data-kind='Pod']").len(), 2);
}

#[wasm_bindgen_test]
async fn a_big_replicaset_is_one_block_that_expands_on_click() {
    let view = view_after(&["k create deployment big --image=nginx:1.27 --replicas=61"]);
    let key = view.trees[0].rows[0].pods.key.clone();
    let toggled = Rc::new(RefCell::new(Vec::new()));
    let sink = toggled.clone();
    let mut p = props(view);
    p.on_toggle = Callback::from(move |k: String| sink.borrow_mut().push(k));
    let root = mount(p).await;

    assert!(all(&root, "[data-kind='Pod']").is_empty());
    let block = one(&root, ".aggregate");
    assert!(text(&block).contains("61 Running"), "{}", text(&block));
    block.dispatch_event(&MouseEvent::new("click").unwrap()).unwrap();
    yew::scheduler::flush().await;
    assert_eq!(*toggled.borrow(), vec![key]);
}

#[wasm_bindgen_test]
async fn a_long_name_is_drawn_whole_and_squeezed_to_its_box() {
    let name = "a-long-deployment-name-for-the-back-row";
    let view =
        view_after(&[&format!("k create deployment {name} --image=nginx:1.27 --replicas=1")]);
    let root = mount(props(view)).await;
    let pod = all(&root, "[data-kind='Pod']").remove(0);
    let pod_name = pod.get_attribute("data-name").unwrap();
    let text = pod.query_selector(".t-podname").unwrap().unwrap();
    assert_eq!(text.text_content().unwrap(), pod_name, "every character of the pod's name");
    assert!(text.get_attribute("textLength").is_some(), "squeezed into the box, not cut");
    let rs = all(&root, "[data-kind='ReplicaSet'] .t-strong").remove(0);
    assert!(rs.text_content().unwrap().starts_with(name), "the ReplicaSet's whole name");
    let deploy = all(&root, "[data-kind='Deployment'] .t-title").remove(0);
    assert_eq!(deploy.text_content().unwrap(), name);
}

#[wasm_bindgen_test]
async fn a_deployment_deleted_in_the_background_is_a_labelled_ghost_over_its_dependents() {
    let mut s = Session::new(World::new(1), Mode::Script);
    s.run("k create deployment web --image=nginx:1.27 --replicas=2");
    s.world.settle();
    s.run("k delete deployment web --wait=false");
    let root = mount(props(build(&s.world, &mut LayoutMemory::new(), 0.0))).await;
    let ghost = all(&root, "[data-kind='Deployment']").remove(0);
    let text = ghost.text_content().unwrap();
    assert!(text.contains("DELETED"), "{text}");
    assert!(text.contains("background: dependents are being collected"), "{text}");
    assert!(all(&root, ".lane").is_empty(), "its ReplicaSet is not drawn as an orphan");
}

#[wasm_bindgen_test]
async fn a_service_is_a_box_with_dotted_edges_to_its_ready_pods_and_a_counter() {
    let view = view_after(&[
        "k create deployment web --image=nginx:1.27 --replicas=3",
        "k expose deployment web --port=80",
        "sleep 3s",
    ]);
    let root = mount(props(view)).await;
    let svc = one(&root, "[data-kind='Service']");
    assert_eq!(svc.get_attribute("data-name").as_deref(), Some("web"));
    let shown = text(&svc);
    assert!(shown.contains("SERVICE") && shown.contains("ClusterIP"), "{shown}");
    assert!(shown.contains("endpoints: 3 of 3 pods ready"), "{shown}");
    let edges = all(&root, ".selects.ready");
    assert_eq!(edges.len(), 3, "one dotted edge per ready pod");
    assert!(edges
        .iter()
        .all(|e| e.get_attribute("data-service").as_deref() == Some("Service/web")));
    // Without the page's traffic overlay the counter reads as not yet known.
    let counter = one(&svc, ".svc-counter");
    assert_eq!(counter.get_attribute("data-served").as_deref(), Some("–"));
}
