//! Import and export: the cluster's objects as clean YAML for `kubectl apply -f` on a real
//! cluster (the engine's `export`), and YAML pasted or dropped here applied with
//! `k apply -f -`, through the command log like a typed command.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

use crate::words::{use_words, Words};

/// Largest file a drop reads; a manifest is kilobytes, so this only stops accidents.
pub const MAX_DROP_BYTES: f64 = 1024.0 * 1024.0;

#[derive(Properties, PartialEq)]
pub struct TransferProps {
    /// `export -A` of the cluster on show; `None` while its code is on its way.
    pub exported: Option<Rc<String>>,
    /// Why fetching that code failed.
    #[prop_or_default]
    pub fetch_failed: Option<String>,
    /// YAML to apply.
    pub on_import: Callback<String>,
    pub on_close: Callback<()>,
}

/// A `data:` URL that downloads `text` as a YAML file.
pub fn download_href(text: &str) -> String {
    let encoded: String = js_sys::encode_uri_component(text).into();
    format!("data:application/yaml;charset=utf-8,{encoded}")
}

/// Reads a dropped or chosen file into `draft`, or says in `problem`, in `w`'s words, why it
/// was not read.
pub fn read_into(
    file: web_sys::File,
    draft: UseStateHandle<String>,
    problem: UseStateHandle<Option<String>>,
    w: Words,
) {
    if file.size() > MAX_DROP_BYTES {
        // As text, so the byte counts print as they always have (`1048576`).
        let args = [
            ("file", file.name().into()),
            ("size", file.size().to_string().into()),
            ("max", MAX_DROP_BYTES.to_string().into()),
        ];
        problem.set(Some(w.with("transfer-too-big", &args)));
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        match wasm_bindgen_futures::JsFuture::from(file.text()).await {
            Ok(text) => {
                problem.set(None);
                draft.set(text.as_string().unwrap_or_default());
            }
            Err(_) => {
                problem.set(Some(w.with("transfer-unreadable", &[("file", file.name().into())])))
            }
        }
    });
}

#[component]
pub fn TransferPanel(props: &TransferProps) -> Html {
    let w = use_words();
    let draft = use_state(String::new);
    let dragging = use_state(|| false);
    let problem = use_state(|| None::<String>);
    let on_input = {
        let draft = draft.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(t) = e.target().and_then(|t| t.dyn_into::<HtmlTextAreaElement>().ok()) {
                draft.set(t.value());
            }
        })
    };
    let on_dragover = {
        let dragging = dragging.clone();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            dragging.set(true);
        })
    };
    let on_dragleave = {
        let dragging = dragging.clone();
        Callback::from(move |_: DragEvent| dragging.set(false))
    };
    let on_drop = {
        let (draft, dragging, problem) = (draft.clone(), dragging.clone(), problem.clone());
        let w = w.clone();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            dragging.set(false);
            let file = e.data_transfer().and_then(|d| d.files()).and_then(|f| f.get(0));
            match file {
                Some(file) => read_into(file, draft.clone(), problem.clone(), w.clone()),
                None => problem.set(Some(w.t("transfer-drop-file"))),
            }
        })
    };
    let apply = {
        let (draft, on_import) = (draft.clone(), props.on_import.clone());
        Callback::from(move |_: MouseEvent| {
            if !draft.trim().is_empty() {
                on_import.emit((*draft).clone());
            }
        })
    };
    let close = props.on_close.reform(|_: MouseEvent| ());
    let exported = props.exported.as_deref().map_or("", String::as_str);
    html! {
        <section class="faults transfer" aria-label={w.t("transfer-label")}>
            <div class="faults-head">
                <h2 class="panel-title">{ w.t("panel-yaml") }</h2>
                <button type="button" class="btn" onclick={close}>{ w.t("transfer-back") }</button>
            </div>
            <h3>{ w.t("transfer-export") }</h3>
            <p class="faults-intro">
                { w.t("transfer-export-intro") }
            </p>
            if props.exported.is_none() {
                <p class="insp-none" role="status">{
                    match &props.fetch_failed {
                        Some(why) => w.with("transfer-fetch-failed", &[("why", why.as_str().into())]),
                        None => w.t("transfer-fetching"),
                    }
                }</p>
            } else if exported.is_empty() {
                <p class="insp-none">{ w.t("transfer-empty") }</p>
            } else {
                <textarea class="export-yaml" readonly=true aria-label={w.t("transfer-exported-label")} value={exported.to_string()} />
                <div class="insp-row">
                    <a class="btn" download="kubeloop-export.yaml" href={download_href(exported)}>{ w.t("transfer-download") }</a>
                    <span class="insp-hint">{ w.t("transfer-then") }</span>
                </div>
            }
            <h3>{ w.t("transfer-import") }</h3>
            <div class={classes!("drop-zone", dragging.then_some("dragging"))}
                ondragover={on_dragover} ondragleave={on_dragleave} ondrop={on_drop}>
                <textarea class="import-yaml" aria-label={w.t("transfer-import-label")} spellcheck="false"
                    placeholder={w.t("transfer-import-placeholder")}
                    value={(*draft).clone()} oninput={on_input} />
            </div>
            if let Some(p) = &*problem {
                <p class="editor-error" role="alert">{ p }</p>
            }
            <div class="insp-row">
                <button type="button" class="btn" onclick={apply} disabled={draft.trim().is_empty()}>
                    { w.t("transfer-apply") }
                </button>
                <span class="insp-hint">{ w.t("transfer-apply-hint") }</span>
            </div>
        </section>
    }
}
