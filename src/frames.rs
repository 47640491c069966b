//! Frame timing for the page benchmark: how long one timer fire takes from the simulation
//! step to the end of the re-render. Each frame's milliseconds are appended to the JS array
//! `window.kubeloopFrames` (the newest `KEEP`), which a WebDriver script reads with the
//! Performance API's clock; nothing else uses it.

use wasm_bindgen::{JsCast, JsValue};

/// Frames kept in `window.kubeloopFrames`.
const KEEP: u32 = 2_000;

/// Appends one frame's duration, dropping the oldest beyond `KEEP`; with the breakdown
/// asked for, also the page's element count after the render to `window.kubeloopDom`.
pub fn record(ms: f64) {
    append("kubeloopFrames", ms);
    let doc = breakdown_asked().then(|| web_sys::window()?.document()).flatten();
    if let Some(doc) = doc {
        append("kubeloopDom", f64::from(doc.get_elements_by_tag_name("*").length()));
    }
}

/// Appends the simulation's share of one frame to `window.kubeloopSim`, so the benchmark can
/// tell stepping from rendering; given the memory mark taken before the step, also how many
/// MB the module's memory grew in it to `window.kubeloopGrew` (growing a large memory can
/// mean copying it).
pub fn record_sim(ms: f64, mark: Option<f64>) {
    append("kubeloopSim", ms);
    if let Some(before) = mark {
        append("kubeloopGrew", (memory_bytes() - before) / 1e6);
    }
}

/// The module's memory before a step, when the benchmark asked for the breakdown.
pub fn memory_mark() -> Option<f64> {
    breakdown_asked().then(memory_bytes)
}

/// Appends the view model's build time in one frame's render (0 when the cached view was
/// reused) to `window.kubeloopBuild` when the breakdown is asked for, so a slow render can
/// be told from a slow view build.
pub fn record_build(ms: f64) {
    if breakdown_asked() {
        append("kubeloopBuild", ms);
    }
}

/// Whether the benchmark set `window.kubeloopBreakdown`: the breakdown's series cost a
/// memory query and a walk of the whole document per frame, so a normal page skips them.
fn breakdown_asked() -> bool {
    web_sys::window().is_some_and(|w| {
        js_sys::Reflect::get(&w, &JsValue::from_str("kubeloopBreakdown"))
            .is_ok_and(|v| v.is_truthy())
    })
}

/// The module's linear memory, in bytes.
fn memory_bytes() -> f64 {
    wasm_bindgen::memory()
        .dyn_into::<js_sys::WebAssembly::Memory>()
        .ok()
        .and_then(|m| m.buffer().dyn_into::<js_sys::ArrayBuffer>().ok())
        .map_or(0.0, |b| f64::from(b.byte_length()))
}

fn append(name: &str, ms: f64) {
    let Some(window) = web_sys::window() else { return };
    let key = JsValue::from_str(name);
    let frames = match js_sys::Reflect::get(&window, &key) {
        // The array itself, not `Array::from` (which copies).
        Ok(v) if js_sys::Array::is_array(&v) => v.unchecked_into::<js_sys::Array>(),
        _ => {
            let a = js_sys::Array::new();
            let _ = js_sys::Reflect::set(&window, &key, &a);
            a
        }
    };
    frames.push(&JsValue::from_f64(ms));
    if frames.length() > KEEP {
        frames.shift();
    }
}
