//! Browser tests of the ownership graph, mounted on its own in headless Chromium with a view
//! built from a small simulated cluster.
#![cfg(target_arch = "wasm32")]

use std::cell::RefCell;
use std::rc::Rc;

use kubeloop::kubectl::{Mode, Session};
use kubeloop::model::Kind;
use kubeloop::world::World;
use kubeloop_web::components::graph::{Graph, GraphProps};
use kubeloop_web::selection::ObjRef;
use kubeloop_web::view::camera::{content_of, Camera, CameraMsg};
use kubeloop_web::view::{build, LayoutMemory, ViewModel};
use wasm_bindgen_test::*;
use web_sys::{Element, KeyboardEvent, KeyboardEventInit, MouseEvent};
use yew::Callback;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// The view of a cluster that settled after each of `lines`.
fn view_after(lines: &[&str]) -> ViewModel {
    let mut s = Session::new(World::new(1), Mode::Script);
    for line in lines {
        assert_eq!(s.run(line).status, 0, "{line}");
        s.world.settle();
    }
    build(&s.world, &mut LayoutMemory::new(), 0.0)
}

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
        on_width: Callback::noop(),
        acted: None,
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

/// The page's part, as the root component plays it: it keeps the camera and the layout
/// memory, applies what the graph sends and rebuilds the view for the camera's room.
struct Stage {
    world: World,
    memory: LayoutMemory,
    camera: Camera,
}

#[derive(yew::Properties)]
struct StageProps {
    stage: Rc<RefCell<Stage>>,
}

impl PartialEq for StageProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.stage, &other.stage)
    }
}

#[yew::function_component]
fn StageHost(p: &StageProps) -> yew::Html {
    let redraw = yew::functional::use_force_update();
    let mut st = p.stage.borrow_mut();
    let room = st.camera.layout_room();
    st.memory.set_room(room.w, room.h);
    let Stage { world, memory, camera } = &mut *st;
    let view = Rc::new(build(world, memory, 0.0));
    let camera = *camera;
    let on_camera = {
        let (stage, view) = (p.stage.clone(), view.clone());
        Callback::from(move |m: CameraMsg| {
            let mut st = stage.borrow_mut();
            let panel = st.camera.panel();
            st.camera.apply(m, content_of(&view), panel);
            redraw.force_update();
        })
    };
    yew::html! {
        <div class="stage" style="width: 950px; height: 640px; display: flex">
            <Graph {view} {camera} {on_camera} selected={None::<ObjRef>} on_select={Callback::noop()} />
        </div>
    }
}

/// The page's stylesheets, without motion, so boxes are measured where they come to rest.
fn styled() {
    let style = document().create_element("style").unwrap();
    let css = [include_str!("../static/style.css"), include_str!("../static/graph.css")];
    style.set_text_content(Some(&format!(
        "{}\n{}\n* {{ transition: none !important; animation: none !important; }}",
        css[0], css[1]
    )));
    document().head().unwrap().append_child(&style).unwrap();
}

/// The graph of `lines`' cluster on a 950 x 640 stage, once the camera and layout settled.
async fn staged(lines: &[&str]) -> Element {
    styled();
    let mut s = Session::new(World::new(1), Mode::Script);
    for line in lines {
        assert_eq!(s.run(line).status, 0, "{line}");
        s.world.settle();
    }
    let stage = Rc::new(RefCell::new(Stage {
        world: s.world,
        memory: LayoutMemory::new(),
        camera: Camera::default(),
    }));
    let host = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&host).unwrap();
    yew::Renderer::<StageHost>::with_root_and_props(host.clone(), StageProps { stage }).render();
    // Resize, then the layout's reflow for the room, then the refit: a few renders.
    for _ in 0..8 {
        yew::scheduler::flush().await;
        gloo_timers_sleep().await;
    }
    host
}

async fn gloo_timers_sleep() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 20);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// (left, top, right, bottom) of `el` on screen.
fn edges_of(el: &Element) -> (f64, f64, f64, f64) {
    let r = el.get_bounding_client_rect();
    (r.left(), r.top(), r.right(), r.bottom())
}

#[wasm_bindgen_test]
async fn the_graph_fills_its_panel_on_both_axes() {
    let root = staged(&["k create deployment web --image=nginx:1.27 --replicas=3"]).await;
    let panel = edges_of(&one(&root, ".graph-viewport"));
    let boxes: Vec<_> = all(&root, ".node .box").iter().map(edges_of).collect();
    assert_eq!(boxes.len(), 5, "a Deployment, a ReplicaSet, 3 pods");
    let l = boxes.iter().map(|b| b.0).fold(f64::INFINITY, f64::min);
    let t = boxes.iter().map(|b| b.1).fold(f64::INFINITY, f64::min);
    let r = boxes.iter().map(|b| b.2).fold(f64::NEG_INFINITY, f64::max);
    let b = boxes.iter().map(|b| b.3).fold(f64::NEG_INFINITY, f64::max);
    let (pw, ph) = (panel.2 - panel.0, panel.3 - panel.1);
    let used = ((r - l) / pw, (b - t) / ph);
    assert!(used.0 * used.1 >= 0.6, "the boxes use {used:?} of a {pw}x{ph} panel");
    assert!(used.0 >= 0.6 && used.1 >= 0.6, "both axes: {used:?}");
    assert!(l >= panel.0 && t >= panel.1 && r <= panel.2 && b <= panel.3, "and all of it shows");
}

/// The end points of SVG path data made of absolute M, H, V, Q and C commands.
fn path_ends(d: &str) -> ((f64, f64), (f64, f64)) {
    let mut nums = Vec::new();
    let (mut start, mut at) = (None, (0.0, 0.0));
    let mut cmd = ' ';
    let flush = |cmd: char, nums: &mut Vec<f64>, at: &mut (f64, f64)| {
        match cmd {
            'M' | 'Q' | 'C' if nums.len() >= 2 => {
                *at = (nums[nums.len() - 2], nums[nums.len() - 1])
            }
            'H' if !nums.is_empty() => at.0 = nums[nums.len() - 1],
            'V' if !nums.is_empty() => at.1 = nums[nums.len() - 1],
            _ => {}
        }
        nums.clear();
    };
    let spaced: String = d
        .chars()
        .flat_map(|c| if c.is_ascii_alphabetic() { vec![' ', c, ' '] } else { vec![c] })
        .collect();
    for token in spaced.split_whitespace() {
        if let Ok(n) = token.parse::<f64>() {
            nums.push(n);
            continue;
        }
        flush(cmd, &mut nums, &mut at);
        start = start.or(Some(at)).filter(|_| cmd != ' ');
        cmd = token.chars().next().unwrap();
    }
    flush(cmd, &mut nums, &mut at);
    (start.unwrap_or(at), at)
}

/// A box's rectangle in drawing units, from its translate and its `.box` size.
fn drawn_rect(node: &Element) -> (f64, f64, f64, f64) {
    let style = node.get_attribute("style").unwrap();
    let nums: Vec<f64> = style
        .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
        .filter_map(|t| t.parse().ok())
        .collect();
    let b = one(node, ".box");
    let size = |a: &str| b.get_attribute(a).unwrap().parse::<f64>().unwrap();
    (nums[0], nums[1], nums[0] + size("width"), nums[1] + size("height"))
}

fn touches(p: (f64, f64), r: (f64, f64, f64, f64)) -> bool {
    let inside = p.0 >= r.0 - 1.0 && p.0 <= r.2 + 1.0 && p.1 >= r.1 - 1.0 && p.1 <= r.3 + 1.0;
    let on_edge = (p.0 - r.0).abs() <= 1.0
        || (p.0 - r.2).abs() <= 1.0
        || (p.1 - r.1).abs() <= 1.0
        || (p.1 - r.3).abs() <= 1.0;
    inside && on_edge
}

#[wasm_bindgen_test]
async fn each_pod_hangs_by_a_visible_edge_from_its_own_replicaset() {
    let root = staged(&[
        "k create deployment web --image=nginx:1.27 --replicas=3",
        "k create deployment api --image=nginx:1.27 --replicas=2",
    ])
    .await;
    let pods = all(&root, "[data-kind='Pod']");
    assert_eq!(pods.len(), 5);
    for pod in &pods {
        let name = pod.get_attribute("data-name").unwrap();
        let rs_name = name.rsplit_once('-').unwrap().0;
        let rs = one(&root, &format!("[data-kind='ReplicaSet'][data-name='{rs_name}']"));
        let edges = all(&root, &format!("path.edge[data-dependent='Pod/{name}']"));
        assert_eq!(edges.len(), 1, "{name} has one owner edge");
        let e = &edges[0];
        assert_eq!(e.get_attribute("data-owner"), Some(format!("ReplicaSet/{rs_name}")));
        let (from, to) = path_ends(&e.get_attribute("d").unwrap());
        assert!(touches(from, drawn_rect(&rs)), "{name}'s edge leaves its ReplicaSet: {from:?}");
        assert!(touches(to, drawn_rect(pod)), "{name}'s edge reaches it: {to:?}");
        for other in all(&root, "[data-kind='ReplicaSet']") {
            if other.get_attribute("data-name").as_deref() != Some(rs_name) {
                assert!(!touches(from, drawn_rect(&other)), "{name}'s edge is not another's");
            }
        }
    }
    // However the camera scales the drawing, edges are at least 1.5 px wide on screen.
    let svg = one(&root, "svg.graph-svg");
    let width: f64 =
        svg.get_attribute("style").unwrap().trim_start_matches("--edge-w:").parse().unwrap();
    let camera = one(&root, "g.camera").get_attribute("style").unwrap();
    let scale: f64 = camera.rsplit("scale(").next().unwrap().trim_end_matches(')').parse().unwrap();
    assert!(width * scale >= 1.5, "{width} units at {scale}");
}

#[wasm_bindgen_test]
async fn the_wheel_zooms_and_zero_fits_again() {
    let root = staged(&["k create deployment web --image=nginx:1.27 --replicas=3"]).await;
    let pod = || edges_of(&all(&root, "[data-kind='Pod'] .box")[0]);
    let before = pod();
    let viewport = one(&root, ".graph-viewport");
    // A wheel turned towards the screen over the first pod's corner (the web-sys build here
    // has no WheelEventInit, so the event is made the way a script would make it).
    let dict = js_sys::Object::new();
    for (k, v) in [("deltaY", -300.0), ("clientX", before.0 + 5.0), ("clientY", before.1 + 5.0)] {
        js_sys::Reflect::set(&dict, &k.into(), &v.into()).unwrap();
    }
    for k in ["bubbles", "cancelable"] {
        js_sys::Reflect::set(&dict, &k.into(), &true.into()).unwrap();
    }
    let window = web_sys::window().unwrap();
    let ctor: js_sys::Function =
        js_sys::Reflect::get(&window, &"WheelEvent".into()).unwrap().into();
    let args = js_sys::Array::of2(&"wheel".into(), &dict);
    let wheel = js_sys::Reflect::construct(&ctor, &args).unwrap();
    viewport.dispatch_event(wasm_bindgen::JsCast::unchecked_ref(&wheel)).unwrap();
    for _ in 0..3 {
        yew::scheduler::flush().await;
    }
    let zoomed = pod();
    assert!((zoomed.2 - zoomed.0) > (before.2 - before.0) * 1.3, "{before:?} -> {zoomed:?}");
    assert!(
        (zoomed.0 - before.0).abs() < 6.0 && (zoomed.1 - before.1).abs() < 6.0,
        "the point under the pointer stays"
    );
    assert_eq!(one(&root, ".zoom-fit").get_attribute("aria-pressed").as_deref(), Some("false"));

    let init = KeyboardEventInit::new();
    init.set_key("0");
    init.set_bubbles(true);
    let zero = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    document().body().unwrap().dispatch_event(&zero).unwrap();
    for _ in 0..3 {
        yew::scheduler::flush().await;
    }
    let fitted = pod();
    assert!((fitted.0 - before.0).abs() < 1.0 && (fitted.2 - before.2).abs() < 1.0);
    assert_eq!(one(&root, ".zoom-fit").get_attribute("aria-pressed").as_deref(), Some("true"));
}

#[wasm_bindgen_test]
async fn the_panel_reports_its_width_for_the_layout() {
    let widths = Rc::new(RefCell::new(Vec::new()));
    let sink = widths.clone();
    let mut p = props(web());
    p.on_width = Callback::from(move |w: f64| sink.borrow_mut().push(w));
    let root = mount(p).await;
    let section = one(&root, "section.graph");
    assert_eq!(*widths.borrow(), vec![f64::from(section.client_width())]);
    assert!(widths.borrow()[0] > 0.0);
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
    assert!(text(&one(&root, ".lane-title")).contains("Orphans (no owner)"));
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
