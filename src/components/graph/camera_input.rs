//! What moves the graph's camera, turned into `CameraMsg`s: the viewport's size, the wheel,
//! one-finger or mouse drags, two-finger pinches, and the + - 0 keys. It keeps only the
//! gesture in progress (which pointers are down, whether this press became a drag); the
//! camera itself is the page's.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::view::camera::{Camera, CameraKey, CameraMsg, Mode};
use crate::view::Rect;

/// A press that moves less than this many pixels is a tap (it selects), not a drag.
const DRAG_SLOP: f64 = 6.0;
/// Wheel pixels per e-fold of zoom: a mouse notch (100 px) zooms about 1.2 times.
const WHEEL_PX_PER_E: f64 = 550.0;
/// A trackpad pinch arrives as ctrl+wheel with small deltas: more zoom per pixel.
const PINCH_PX_PER_E: f64 = 100.0;

/// The pointers down on the viewport and where they are, in viewport pixels.
#[derive(Default)]
pub struct Gesture {
    down: Pointers,
    /// Where the press started and whether it has become a drag.
    start: Option<(f64, f64)>,
    dragging: bool,
}

/// A pointer's position in the viewport.
fn local(el: &web_sys::Element, x: i32, y: i32) -> (f64, f64) {
    let r = el.get_bounding_client_rect();
    (f64::from(x) - r.left(), f64::from(y) - r.top())
}

/// The pointers down, by pointer id: a list in id order, as a map of them would iterate
/// (a hand has a few fingers; a `BTreeMap` of this one type compiled its own B-tree code).
#[derive(Default)]
struct Pointers(Vec<(i32, (f64, f64))>);

impl Pointers {
    fn insert(&mut self, id: i32, at: (f64, f64)) {
        match self.0.binary_search_by_key(&id, |(i, _)| *i) {
            Ok(i) => self.0[i].1 = at,
            Err(i) => self.0.insert(i, (id, at)),
        }
    }

    fn get(&self, id: i32) -> Option<(f64, f64)> {
        self.0.iter().find(|(i, _)| *i == id).map(|(_, at)| *at)
    }

    fn remove(&mut self, id: i32) {
        self.0.retain(|(i, _)| *i != id);
    }

    fn len(&self) -> usize {
        self.0.len()
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

fn centre_and_spread(points: &Pointers) -> Option<((f64, f64), f64)> {
    let mut it = points.0.iter().map(|(_, at)| at);
    let (a, b) = (it.next()?, it.next()?);
    let c = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    Some((c, (a.0 - b.0).hypot(a.1 - b.1)))
}

/// The listeners the viewport element wears.
pub struct Handlers {
    pub onwheel: Callback<WheelEvent>,
    pub onpointerdown: Callback<PointerEvent>,
    pub onpointermove: Callback<PointerEvent>,
    pub onpointerup: Callback<PointerEvent>,
    pub onkeydown: Callback<KeyboardEvent>,
}

/// Wheel, drag, pinch and arrow-key handlers for the viewport `viewport` (+ - 0 anywhere are
/// the page's keys, `Page::update`). Reports the viewport's size after each render and
/// on window resize, and asks for a refit when the drawing changed under a fitting camera.
#[hook]
pub fn use_camera_input(
    viewport: &NodeRef,
    camera: Camera,
    content: Rect,
    on_camera: &Callback<CameraMsg>,
    mounted: bool,
) -> Handlers {
    let gesture = use_mut_ref(Gesture::default);
    let current = use_mut_ref(Callback::noop);
    *current.borrow_mut() = on_camera.clone();
    use_viewport_size(viewport, camera, content, on_camera, mounted);

    let emit = {
        let current = current.clone();
        move |m: CameraMsg| current.borrow().emit(m)
    };
    let onwheel = {
        let (viewport, emit) = (viewport.clone(), emit.clone());
        Callback::from(move |e: WheelEvent| {
            let Some(el) = viewport.cast::<web_sys::Element>() else { return };
            e.prevent_default();
            // Line mode (Firefox's mouse wheel) counts lines, not pixels.
            let unit = if e.delta_mode() == 1 { 16.0 } else { 1.0 };
            let (dx, dy) = (e.delta_x() * unit, e.delta_y() * unit);
            if !e.ctrl_key() && (e.shift_key() || dx.abs() > dy.abs()) {
                // A sideways scroll (trackpad, or shift+wheel) pans.
                let (dx, dy) = if e.shift_key() && dx == 0.0 { (dy, 0.0) } else { (dx, dy) };
                emit(CameraMsg::Pan { dx: -dx, dy: -dy });
                return;
            }
            let per_e = if e.ctrl_key() { PINCH_PX_PER_E } else { WHEEL_PX_PER_E };
            let (x, y) = local(&el, e.client_x(), e.client_y());
            emit(CameraMsg::ZoomAt { x, y, factor: (-dy / per_e).exp() });
        })
    };
    let onpointerdown = {
        let (viewport, gesture) = (viewport.clone(), gesture.clone());
        Callback::from(move |e: PointerEvent| {
            let Some(el) = viewport.cast::<web_sys::Element>() else { return };
            if e.pointer_type() == "mouse" && e.button() != 0 {
                return;
            }
            let p = local(&el, e.client_x(), e.client_y());
            let mut g = gesture.borrow_mut();
            g.down.insert(e.pointer_id(), p);
            if g.down.len() == 1 {
                g.start = Some(p);
                g.dragging = false;
            } else {
                // A second finger: a pinch, never a tap.
                g.dragging = true;
            }
        })
    };
    let onpointermove = {
        let (viewport, gesture, emit) = (viewport.clone(), gesture.clone(), emit.clone());
        Callback::from(move |e: PointerEvent| {
            let Some(el) = viewport.cast::<web_sys::Element>() else { return };
            let mut g = gesture.borrow_mut();
            let Some(old) = g.down.get(e.pointer_id()) else { return };
            let p = local(&el, e.client_x(), e.client_y());
            let before = centre_and_spread(&g.down);
            g.down.insert(e.pointer_id(), p);
            if let (Some((c0, s0)), Some((c1, s1))) = (before, centre_and_spread(&g.down)) {
                drop(g);
                emit(CameraMsg::Pan { dx: c1.0 - c0.0, dy: c1.1 - c0.1 });
                if s0 > 0.0 && s1 > 0.0 {
                    emit(CameraMsg::ZoomAt { x: c1.0, y: c1.1, factor: s1 / s0 });
                }
                return;
            }
            if !g.dragging {
                let Some(s) = g.start else { return };
                if (p.0 - s.0).hypot(p.1 - s.1) < DRAG_SLOP {
                    return;
                }
                g.dragging = true;
                // From here on the drag is ours, even off the viewport.
                let _ = el.set_pointer_capture(e.pointer_id());
            }
            drop(g);
            emit(CameraMsg::Pan { dx: p.0 - old.0, dy: p.1 - old.1 });
        })
    };
    let onpointerup = {
        let gesture = gesture.clone();
        Callback::from(move |e: PointerEvent| {
            let mut g = gesture.borrow_mut();
            g.down.remove(e.pointer_id());
            if g.down.is_empty() {
                g.start = None;
            }
        })
    };
    let onkeydown = Callback::from(move |e: KeyboardEvent| {
        // Arrows pan only while the graph itself has focus (not a box in it: those are
        // buttons, and the page's arrow keys stay the page's).
        let on_viewport = e.target() == e.current_target();
        let arrow =
            matches!(e.key().as_str(), "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown");
        if let (true, true, Some(key)) = (on_viewport, arrow, CameraKey::from_key(&e.key())) {
            e.prevent_default();
            emit(CameraMsg::Key(key));
        }
    });
    use_suppress_click_after_drag(viewport, gesture, mounted);
    Handlers { onwheel, onpointerdown, onpointermove, onpointerup, onkeydown }
}

/// A drag that ends over a box must not select it: the click that follows is stopped on
/// its way down, at the window, before the page's own listener (which Yew keeps at its root,
/// also capturing) hands it to the box.
#[hook]
fn use_suppress_click_after_drag(viewport: &NodeRef, gesture: Rc<RefCell<Gesture>>, mounted: bool) {
    let viewport = viewport.clone();
    // Re-attached when the viewport comes (an empty cluster draws none).
    use_effect_with(mounted, move |_| {
        let closure = Closure::<dyn Fn(web_sys::Event)>::new(move |e: web_sys::Event| {
            let Some(el) = viewport.cast::<web_sys::Element>() else { return };
            let target = e.target().and_then(|t| t.dyn_into::<web_sys::Node>().ok());
            if !el.contains(target.as_ref()) {
                return;
            }
            let mut g = gesture.borrow_mut();
            if g.dragging && g.down.is_empty() {
                e.stop_propagation();
                e.prevent_default();
                g.dragging = false;
            }
        });
        let window = web_sys::window();
        if let Some(w) = &window {
            let _ = w.add_event_listener_with_callback_and_bool(
                "click",
                closure.as_ref().unchecked_ref(),
                true,
            );
        }
        move || {
            if let Some(w) = window {
                let _ = w.remove_event_listener_with_callback_and_bool(
                    "click",
                    closure.as_ref().unchecked_ref(),
                    true,
                );
            }
        }
    });
}

/// Reports the viewport's size (`Resize`) when it changes, from a `ResizeObserver`: reading
/// the size after every render would force a layout in every frame of a rollout. Also asks
/// for a `Refit` when a fitting camera no longer fits the drawing as it should.
#[hook]
fn use_viewport_size(
    viewport: &NodeRef,
    camera: Camera,
    content: Rect,
    on_camera: &Callback<CameraMsg>,
    mounted: bool,
) {
    let current = use_mut_ref(Callback::noop);
    *current.borrow_mut() = on_camera.clone();
    {
        let current = current.clone();
        use_effect(move || {
            // A fitting camera follows the drawing; emitted only when it would move, so
            // the page's re-render settles.
            if camera.mode == Mode::Fit && camera.panel().w > 0.0 {
                let mut next = camera;
                next.apply(CameraMsg::Refit, content, camera.panel());
                if next != camera {
                    current.borrow().emit(CameraMsg::Refit);
                }
            }
        });
    }
    let viewport = viewport.clone();
    // Observed from the first render that draws the viewport (an empty cluster has none);
    // effects run after the DOM is committed, so the element is there.
    use_effect_with(mounted, move |_| {
        let observed = viewport.cast::<web_sys::Element>().and_then(|el| {
            let closure = Closure::<dyn Fn(js_sys::Array)>::new(move |entries: js_sys::Array| {
                let Some(entry) = entries.get(0).dyn_into::<web_sys::ResizeObserverEntry>().ok()
                else {
                    return;
                };
                let r = entry.content_rect();
                let (w, h) = (r.width().round(), r.height().round());
                if w > 0.0 && h > 0.0 {
                    current.borrow().emit(CameraMsg::Resize { w, h });
                }
            });
            let observer = web_sys::ResizeObserver::new(closure.as_ref().unchecked_ref()).ok()?;
            observer.observe(&el);
            Some((observer, closure))
        });
        move || {
            if let Some((observer, _closure)) = observed {
                observer.disconnect();
            }
        }
    });
}
