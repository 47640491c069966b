//! Frame timing for the page benchmark: how long one timer fire takes from the simulation
//! step to the end of the re-render. Each frame's milliseconds are appended to the JS array
//! `window.kubeloopFrames` (the newest `KEEP`), which a WebDriver script reads with the
//! Performance API's clock; nothing else uses it.

use wasm_bindgen::{JsCast, JsValue};

/// Frames kept in `window.kubeloopFrames`.
const KEEP: u32 = 2_000;

/// Appends one frame's duration, dropping the oldest beyond `KEEP`.
pub fn record(ms: f64) {
    append("kubeloopFrames", ms);
}

/// Appends the simulation's share of one frame to `window.kubeloopSim`, so the benchmark can
/// tell stepping from rendering.
pub fn record_sim(ms: f64) {
    append("kubeloopSim", ms);
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
