//! The browser's side of the explain docs: one same-origin fetch of the asset Trunk copies
//! beside the page (the CSP's `connect-src 'self'` allows nothing else). The reducer decides
//! when to fetch and what to do with the answer (`page/explain.rs`); this only fetches.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// The asset's text, or a short reason it could not be had (offline, a 404, a bad body).
pub async fn fetch(url: &str) -> Result<String, String> {
    let window = web_sys::window().ok_or("no window")?;
    let response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(|e| e.as_string().unwrap_or_else(|| "the request failed".into()))?;
    let response: web_sys::Response =
        response.dyn_into().map_err(|_| "the answer was not an HTTP response".to_string())?;
    if !response.ok() {
        return Err(format!("HTTP {}", response.status()));
    }
    let body = response.text().map_err(|_| "the body could not be read".to_string())?;
    let text = JsFuture::from(body).await.map_err(|_| "the body could not be read".to_string())?;
    text.as_string().ok_or_else(|| "the body was not text".into())
}
