//! Frame timing for the page benchmark: how long one timer fire takes from the simulation
//! step to the end of the re-render. Each frame's milliseconds are appended to the JS array
//! `window.kubeloopFrames` (the newest `KEEP`), which a WebDriver script reads with the
//! Performance API's clock; nothing else uses it.

use wasm_bindgen::{JsCast, JsValue};

/// Frames kept in `window.kubeloopFrames`.
const KEEP: u32 = 2_000;

/// Appends one frame's duration, dropping the oldest beyond `KEEP`. When the benchmark has
/// set `window.kubeloopCountDom`, also the page's element count after the render to
/// `window.kubeloopDom` (counting walks the whole document, so only on request).
pub fn record(ms: f64) {
    append("kubeloopFrames", ms);
    let Some(window) = web_sys::window() else { return };
    let asked = js_sys::Reflect::get(&window, &JsValue::from_str("kubeloopCountDom"))
        .is_ok_and(|v| v.is_truthy());
    if let (true, Some(doc)) = (asked, window.document()) {
        append("kubeloopDom", f64::from(doc.get_elements_by_tag_name("*").length()));
    }
}

/// Appends the simulation's share of one frame to `window.kubeloopSim`, so the benchmark can
/// tell stepping from rendering, and how many MB the module's memory grew in that step to
/// `window.kubeloopGrew` (growing a large memory can mean copying it).
pub fn record_sim(ms: f64, grew_bytes: f64) {
    append("kubeloopSim", ms);
    append("kubeloopGrew", grew_bytes / 1e6);
}

/// The module's linear memory, in bytes.
pub fn memory_bytes() -> f64 {
    wasm_bindgen::memory()
        .dyn_into::<js_sys::WebAssembly::Memory>()
        .ok()
        .and_then(|m| m.buffer().dyn_into::<js_sys::ArrayBuffer>().ok())
        .map_or(0.0, |b| f64::from(b.byte_length()))
}

/// Appends the view model's build time in one frame's render (0 when the cached view was
/// reused) to `window.kubeloopBuild`, so a slow render can be told from a slow view build.
pub fn record_build(ms: f64) {
    append("kubeloopBuild", ms);
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
