//! Two buttons that download the graph as a picture: SVG for slides that scale, PNG (twice the
//! size on screen) for tools that only take bitmaps. The picture is built from the view
//! model (`export::svg`), never from the page's DOM. The code that draws it is a chunk of its
//! own (`lazy::svg_picture`), fetched on the first click: meanwhile the buttons say so.

use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};

use yew::prelude::*;

use crate::export::{self, Picture};
use crate::lazy;
use crate::view::ViewModel;
use crate::words::{use_words, Words};

/// Whether the picture's code has arrived: until then, making a picture starts by fetching it.
static FETCHED: AtomicBool = AtomicBool::new(false);

/// How many pixels a PNG gets per CSS pixel: sharp on a projector and in print.
pub const PNG_SCALE: f64 = 2.0;

#[derive(Properties, PartialEq)]
pub struct ExportProps {
    pub view: Rc<ViewModel>,
    /// The picture's title, e.g. `export::title(scene, &view)`.
    pub title: AttrValue,
    /// The simulated time to print on the picture, as the page's clock shows it.
    pub sim_ms: i64,
    /// The buttons' class: the toolbar's `speed` unless the menu they sit in wants another.
    #[prop_or_else(|| AttrValue::from("speed"))]
    pub button_class: AttrValue,
}

#[component]
pub fn ExportButtons(props: &ExportProps) -> Html {
    let w = use_words();
    // What is being made, while it is: "SVG" or "PNG".
    let busy = use_state(|| None::<&'static str>);
    let problem = use_state(|| None::<String>);
    let make = |kind: &'static str| {
        let (view, title, sim_ms) = (props.view.clone(), props.title.clone(), props.sim_ms);
        let (busy, problem, w) = (busy.clone(), problem.clone(), w.clone());
        Callback::from(move |_: MouseEvent| {
            let (view, title, w) = (view.clone(), title.clone(), w.clone());
            let (busy, problem) = (busy.clone(), problem.clone());
            busy.set(Some(kind));
            problem.set(None);
            wasm_bindgen_futures::spawn_local(async move {
                let picture = lazy::svg_picture(&view, &title, sim_ms, &w).await;
                let done = match picture {
                    Ok(p) => {
                        FETCHED.store(true, Ordering::Relaxed);
                        save(kind, &p, sim_ms).await
                    }
                    Err(e) => Err(e.to_string()),
                };
                problem.set(done.err().map(|e| failed(&w, kind, e)));
                busy.set(None);
            });
        })
    };
    let (on_svg, on_png) = (make("SVG"), make("PNG"));
    let label = |kind: &'static str| {
        if *busy == Some(kind) {
            format!("{kind}…")
        } else {
            kind.to_string()
        }
    };
    html! {
        <div class="export-buttons" role="group" aria-label={w.t("export-label")}>
            <button type="button" class={props.button_class.clone()} onclick={on_svg} disabled={busy.is_some()}
                title={w.t("export-svg-hint")}>
                { label("SVG") }
            </button>
            <button type="button" class={props.button_class.clone()} onclick={on_png} disabled={busy.is_some()}
                title={w.t("export-png-hint")}>
                { label("PNG") }
            </button>
            if busy.is_some() {
                <span class="export-status" role="status">{
                    if FETCHED.load(Ordering::Relaxed) {
                        w.t("export-making")
                    } else {
                        w.t("export-fetching")
                    }
                }</span>
            }
            if let Some(p) = &*problem {
                <span class="editor-error" role="alert">{ p }</span>
            }
        </div>
    }
}

/// Why no picture was made, after `error:` as kubectl would put it.
fn failed(w: &Words, kind: &str, why: String) -> String {
    w.with("export-failed", &[("kind", kind.into()), ("why", why.into())])
}

/// Downloads the picture as `kind`: the SVG as it is, or drawn into a PNG.
async fn save(kind: &str, p: &Picture, sim_ms: i64) -> Result<(), String> {
    if kind == "SVG" {
        return export::download(&export::file_name(sim_ms, "svg"), &export::svg_data_url(&p.svg));
    }
    let (href, _, _) = export::png_data_url(&p.svg, p.width, p.height, PNG_SCALE).await?;
    export::download(&export::file_name(sim_ms, "png"), &href)
}
