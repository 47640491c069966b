//! Two buttons that download the graph as a picture: SVG for slides that scale, PNG (twice the
//! size on screen) for tools that only take bitmaps. The picture is built from the view
//! model (`export::svg`), never from the page's DOM.

use std::rc::Rc;

use yew::prelude::*;

use crate::export;
use crate::view::ViewModel;

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
    let busy = use_state(|| false);
    let problem = use_state(|| None::<String>);
    let picture = {
        let (view, title, sim_ms) = (props.view.clone(), props.title.clone(), props.sim_ms);
        move || export::svg(&view, &title, sim_ms)
    };
    let on_svg = {
        let (picture, problem, sim_ms) = (picture.clone(), problem.clone(), props.sim_ms);
        Callback::from(move |_: MouseEvent| {
            let href = export::svg_data_url(&picture().svg);
            problem.set(export::download(&export::file_name(sim_ms, "svg"), &href).err());
        })
    };
    let on_png = {
        let (busy, problem, sim_ms) = (busy.clone(), problem.clone(), props.sim_ms);
        Callback::from(move |_: MouseEvent| {
            let p = picture();
            let (busy, problem) = (busy.clone(), problem.clone());
            busy.set(true);
            wasm_bindgen_futures::spawn_local(async move {
                let made = export::png_data_url(&p.svg, p.width, p.height, PNG_SCALE).await;
                let done = made.and_then(|(href, _, _)| {
                    export::download(&export::file_name(sim_ms, "png"), &href)
                });
                problem.set(done.err().map(|e| format!("error: no PNG: {e}")));
                busy.set(false);
            });
        })
    };
    html! {
        <div class="export-buttons" role="group" aria-label="download the graph as a picture">
            <button type="button" class={props.button_class.clone()} onclick={on_svg}
                title="Download the graph as an SVG picture, with its title and time: sharp at any size, for slides and handouts">
                { "SVG" }
            </button>
            <button type="button" class={props.button_class.clone()} onclick={on_png} disabled={*busy}
                title="Download the graph as a PNG picture at twice its size on screen, for tools that take only bitmaps">
                { if *busy { "PNG…" } else { "PNG" } }
            </button>
            if let Some(p) = &*problem {
                <span class="editor-error" role="alert">{ p }</span>
            }
        </div>
    }
}
