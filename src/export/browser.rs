//! The browser's half of exporting: an SVG drawn onto a canvas and read back as a PNG, and a
//! file handed to the user through an `<a download>` click, the way the YAML export
//! (`components/transfer.rs`) downloads. Both go through `data:` URLs, which the page's
//! Content-Security-Policy already allows for images (`img-src 'self' data:`); blob URLs it
//! does not.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlElement, HtmlImageElement};

/// The largest side a canvas is given. Chromium refuses canvases over 32,767 pixels a side
/// and some browsers far less; a tall cluster is drawn smaller rather than not at all.
const MAX_SIDE: f64 = 16_384.0;

/// `svg` (of `width` × `height` CSS pixels) rendered at `scale`, as a `data:image/png` URL,
/// with the pixel size it got. The image is decoded before it is drawn, so a picture the
/// browser cannot read is an error, never a blank PNG.
pub async fn png_data_url(
    svg: &str,
    width: f64,
    height: f64,
    scale: f64,
) -> Result<(String, u32, u32), String> {
    let scale = scale.min(MAX_SIDE / width.max(1.0)).min(MAX_SIDE / height.max(1.0));
    let (w, h) = ((width * scale).round().max(1.0), (height * scale).round().max(1.0));
    let document = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
    let image = HtmlImageElement::new().map_err(|_| "cannot make an image")?;
    // Asking for the drawing size makes the SVG rasterise sharp at that size.
    image.set_width(w as u32);
    image.set_height(h as u32);
    image.set_src(&svg_data_url(svg));
    JsFuture::from(image.decode()).await.map_err(|_| "the picture could not be decoded")?;
    let canvas: HtmlCanvasElement = document
        .create_element("canvas")
        .ok()
        .and_then(|c| c.dyn_into().ok())
        .ok_or("cannot make a canvas")?;
    canvas.set_width(w as u32);
    canvas.set_height(h as u32);
    let context: CanvasRenderingContext2d = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into().ok())
        .ok_or("the canvas has no 2d context")?;
    context
        .draw_image_with_html_image_element_and_dw_and_dh(&image, 0.0, 0.0, w, h)
        .map_err(|_| "the picture could not be drawn")?;
    let url = canvas.to_data_url_with_type("image/png").map_err(|_| "the canvas cannot be read")?;
    Ok((url, w as u32, h as u32))
}

/// An SVG document as a `data:` URL.
pub fn svg_data_url(svg: &str) -> String {
    let encoded: String = js_sys::encode_uri_component(svg).into();
    format!("data:image/svg+xml;charset=utf-8,{encoded}")
}

/// Offers `href` to the user as a file called `file_name`: a temporary `<a download>`
/// clicked, as if the user had clicked a download link.
pub fn download(file_name: &str, href: &str) -> Result<(), String> {
    let document = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
    let body = document.body().ok_or("no body")?;
    let link: HtmlElement = document
        .create_element("a")
        .ok()
        .and_then(|a| a.dyn_into().ok())
        .ok_or("cannot make a link")?;
    link.set_attribute("href", href).map_err(|_| "bad link")?;
    link.set_attribute("download", file_name).map_err(|_| "bad file name")?;
    link.set_class_name("export-download");
    link.set_hidden(true);
    // In the document while clicked, so the click bubbles as any other link's does.
    body.append_child(&link).map_err(|_| "cannot add the link")?;
    link.click();
    link.remove();
    Ok(())
}
