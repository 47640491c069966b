//! The `k edit` YAML editor: a modal with the object's YAML in a textarea, Save and Cancel.
//!
//! It owns the text being edited and nothing else: applying it (and wording a refusal the
//! way kubectl does) is the caller's job. A refusal comes back as `error` while the text
//! stays exactly as the user left it.

use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

use crate::selection::ObjRef;
use crate::words::use_words;

#[derive(Properties, PartialEq)]
pub struct EditorProps {
    pub target: ObjRef,
    /// The YAML to start from; read when the editor opens or its target changes.
    pub initial: String,
    /// Why the last save was refused, in kubectl's words.
    #[prop_or_default]
    pub error: Option<String>,
    pub on_save: Callback<String>,
    pub on_cancel: Callback<()>,
}

#[component]
pub fn YamlEditor(props: &EditorProps) -> Html {
    let w = use_words();
    let text = use_state(|| props.initial.clone());
    let area = use_node_ref();

    // A new target starts from its own YAML; a new `initial` for the same target (the world
    // moved on while the user typed) must not overwrite what they wrote.
    {
        let text = text.clone();
        let initial = props.initial.clone();
        use_effect_with(props.target.clone(), move |_| text.set(initial));
    }
    {
        let area = area.clone();
        use_effect_with((), move |_| {
            // Start at the top, where apiVersion, metadata and spec are, not at the status.
            if let Some(el) = area.cast::<HtmlTextAreaElement>() {
                let _ = el.set_selection_range(0, 0);
                el.set_scroll_top(0);
                let _ = el.focus();
            }
        });
    }

    // The textarea is the source of truth at save time, so nothing typed is ever lost to a
    // render that has not happened yet.
    let current = {
        let area = area.clone();
        let text = text.clone();
        move || area.cast::<HtmlTextAreaElement>().map_or_else(|| (*text).clone(), |el| el.value())
    };
    let oninput = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            let el: HtmlTextAreaElement = e.target_unchecked_into();
            text.set(el.value());
        })
    };
    let save = {
        let on_save = props.on_save.clone();
        let current = current.clone();
        Callback::from(move |_: MouseEvent| on_save.emit(current()))
    };
    let cancel = props.on_cancel.reform(|_: MouseEvent| ());
    let onkeydown = {
        let on_save = props.on_save.clone();
        Callback::from(move |e: KeyboardEvent| {
            // Escape is the page's (`Page::update`, `Msg::Key`): it closes the editor first.
            if e.key() == "Enter" && (e.ctrl_key() || e.meta_key()) {
                e.prevent_default();
                on_save.emit(current());
            }
        })
    };

    let title = format!("k edit {}{}", props.target.arg(), props.target.ns_flag());
    html! {
        <div class="modal-backdrop">
            <div class="yaml-editor" role="dialog" aria-modal="true" aria-labelledby="yaml-editor-title"
                {onkeydown}>
                <h2 id="yaml-editor-title" class="yaml-editor-title"><code>{ title }</code></h2>
                <p class="yaml-editor-hint">
                    { format!("{} ", w.t("editor-hint-before")) }
                    <code>{ "kubectl edit" }</code>
                    { format!(" {}", w.t("editor-hint-after")) }
                </p>
                if let Some(error) = &props.error {
                    <div class="yaml-editor-error" role="alert">
                        <span class="status-icon" aria-hidden="true">{ "✕" }</span>
                        <pre>{ error.clone() }</pre>
                    </div>
                }
                <textarea
                    ref={area}
                    class="yaml-editor-text"
                    aria-label={w.t("editor-label")}
                    spellcheck="false"
                    autocomplete="off"
                    rows="22"
                    value={(*text).clone()}
                    {oninput}
                />
                <div class="yaml-editor-buttons">
                    <button type="button" class="btn btn-primary" onclick={save}>{ w.t("editor-save") }</button>
                    <button type="button" class="btn" onclick={cancel}>{ w.t("editor-cancel") }</button>
                </div>
            </div>
        </div>
    }
}
