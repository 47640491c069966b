//! Browser tests of the graph under its camera, on a stage the way the page sets it: the
//! page's stylesheets, a 950 x 640 panel, and a host that keeps the camera and the layout
//! memory and applies what the graph sends, as the root component does.
#![cfg(target_arch = "wasm32")]

use std::cell::RefCell;
use std::rc::Rc;

use kubeloop::kubectl::Mode;
use kubeloop::session::Session;
use kubeloop::world::World;
use kubeloop_web::components::graph::Graph;
use kubeloop_web::selection::ObjRef;
use kubeloop_web::view::camera::{content_of, Camera, CameraMsg};
use kubeloop_web::view::{build, LayoutMemory};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::Element;
use yew::Callback;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

fn all(root: &Element, selector: &str) -> Vec<Element> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length()).filter_map(|i| list.item(i)).map(JsCast::unchecked_into).collect()
}

fn one(root: &Element, selector: &str) -> Element {
    root.query_selector(selector).unwrap().unwrap_or_else(|| panic!("nothing matches {selector}"))
}

/// The page's part: the cluster, the layout memory and the camera.
struct Stage {
    world: World,
    memory: LayoutMemory,
    camera: Camera,
}

#[derive(yew::Properties)]
struct StageProps {
    stage: Rc<RefCell<Stage>>,
    on_select: Callback<ObjRef>,
}

impl PartialEq for StageProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.stage, &other.stage) && self.on_select == other.on_select
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
    let on_select = p.on_select.clone();
    yew::html! {
        <div class="stage" style="width: 950px; height: 640px; display: flex">
            <Graph {view} {camera} {on_camera} selected={None::<ObjRef>} {on_select} />
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
    staged_with(lines, Callback::noop()).await
}

async fn staged_with(lines: &[&str], on_select: Callback<ObjRef>) -> Element {
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
    yew::Renderer::<StageHost>::with_root_and_props(host.clone(), StageProps { stage, on_select })
        .render();
    // Resize, then the layout's reflow for the room, then the refit: a few renders.
    for _ in 0..8 {
        yew::scheduler::flush().await;
        pause().await;
    }
    host
}

async fn pause() {
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
async fn the_wheel_zooms_and_fit_fits_again() {
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
    viewport.dispatch_event(wheel.unchecked_ref()).unwrap();
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

    // The fit button; the 0 key is the page's (`Page::update`), tested natively.
    one(&root, ".zoom-fit").unchecked_ref::<web_sys::HtmlElement>().click();
    for _ in 0..3 {
        yew::scheduler::flush().await;
    }
    let fitted = pod();
    assert!((fitted.0 - before.0).abs() < 1.0 && (fitted.2 - before.2).abs() < 1.0);
    assert_eq!(one(&root, ".zoom-fit").get_attribute("aria-pressed").as_deref(), Some("true"));
}

/// A pointer event made the way a script makes one (this web-sys build has no
/// PointerEventInit), at (`x`, `y`) on the page.
fn pointer(kind: &str, x: f64, y: f64) -> web_sys::Event {
    finger(kind, 7, x, y, "mouse")
}

fn finger(kind: &str, id: i32, x: f64, y: f64, device: &str) -> web_sys::Event {
    let dict = js_sys::Object::new();
    let set = |k: &str, v: wasm_bindgen::JsValue| js_sys::Reflect::set(&dict, &k.into(), &v);
    for (k, v) in [("clientX", x), ("clientY", y), ("pointerId", f64::from(id)), ("button", 0.0)] {
        set(k, v.into()).unwrap();
    }
    set("pointerType", device.into()).unwrap();
    set("bubbles", true.into()).unwrap();
    let window = web_sys::window().unwrap();
    let ctor: js_sys::Function =
        js_sys::Reflect::get(&window, &"PointerEvent".into()).unwrap().into();
    let args = js_sys::Array::of2(&kind.into(), &dict);
    js_sys::Reflect::construct(&ctor, &args).unwrap().unchecked_into()
}

#[wasm_bindgen_test]
async fn a_tap_selects_and_a_drag_pans_without_selecting() {
    let picked = Rc::new(RefCell::new(Vec::new()));
    let sink = picked.clone();
    let root = staged_with(
        &["k create deployment web --image=nginx:1.27 --replicas=3"],
        Callback::from(move |r: ObjRef| sink.borrow_mut().push(r.name)),
    )
    .await;
    let pod = || all(&root, "[data-kind='Pod']")[0].clone();
    let name = pod().get_attribute("data-name").unwrap();
    let at = edges_of(&one(&pod(), ".box"));
    let (x, y) = (at.0 + 20.0, at.1 + 20.0);

    // A tap: down and up in place, then the click.
    pod().dispatch_event(&pointer("pointerdown", x, y)).unwrap();
    pod().dispatch_event(&pointer("pointerup", x, y)).unwrap();
    pod().dispatch_event(&web_sys::MouseEvent::new("click").unwrap()).unwrap();
    yew::scheduler::flush().await;
    assert_eq!(*picked.borrow(), vec![name.clone()]);

    // A drag of 80 px to the right that ends over the same pod.
    pod().dispatch_event(&pointer("pointerdown", x, y)).unwrap();
    for step in 1..=4 {
        let dx = 20.0 * f64::from(step);
        pod().dispatch_event(&pointer("pointermove", x + dx, y)).unwrap();
        yew::scheduler::flush().await;
    }
    pod().dispatch_event(&pointer("pointerup", x + 80.0, y)).unwrap();
    pod().dispatch_event(&web_sys::MouseEvent::new("click").unwrap()).unwrap();
    yew::scheduler::flush().await;
    let moved = edges_of(&one(&pod(), ".box"));
    assert!(
        (moved.0 - at.0 - 80.0).abs() < 2.0,
        "the drawing followed the drag: {at:?} -> {moved:?}"
    );
    assert_eq!(*picked.borrow(), vec![name], "the drag's click selected nothing");
    assert_eq!(one(&root, ".zoom-fit").get_attribute("aria-pressed").as_deref(), Some("false"));
}

#[wasm_bindgen_test]
async fn two_fingers_spreading_apart_zoom_in_between_them() {
    let root = staged(&["k create deployment web --image=nginx:1.27 --replicas=3"]).await;
    let viewport = one(&root, ".graph-viewport");
    let pod = || edges_of(&all(&root, "[data-kind='Pod'] .box")[0]);
    let before = pod();
    let (cx, cy) = ((before.0 + before.2) / 2.0, (before.1 + before.3) / 2.0);
    viewport.dispatch_event(&finger("pointerdown", 1, cx - 40.0, cy, "touch")).unwrap();
    viewport.dispatch_event(&finger("pointerdown", 2, cx + 40.0, cy, "touch")).unwrap();
    for step in 1..=4 {
        let d = 40.0 + 10.0 * f64::from(step);
        viewport.dispatch_event(&finger("pointermove", 1, cx - d, cy, "touch")).unwrap();
        viewport.dispatch_event(&finger("pointermove", 2, cx + d, cy, "touch")).unwrap();
        yew::scheduler::flush().await;
    }
    viewport.dispatch_event(&finger("pointerup", 1, cx - 80.0, cy, "touch")).unwrap();
    viewport.dispatch_event(&finger("pointerup", 2, cx + 80.0, cy, "touch")).unwrap();
    yew::scheduler::flush().await;
    let after = pod();
    // The fingers went from 80 px apart to 160: the pod under them doubled, about its centre.
    let ratio = (after.2 - after.0) / (before.2 - before.0);
    assert!((ratio - 2.0).abs() < 0.05, "{ratio}");
    let centre = ((after.0 + after.2) / 2.0, (after.1 + after.3) / 2.0);
    assert!((centre.0 - cx).abs() < 2.0 && (centre.1 - cy).abs() < 2.0, "{centre:?}");
}
