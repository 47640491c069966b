//! The Missions panel's course picker and its loader: a teacher's mission or course file,
//! pasted, dropped or chosen, handed to the page as text (`Msg::Import`, which loads it as
//! `k mission load -f -`). It only shows and reports; reading the file is the engine's.

use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::components::transfer::read_into;

/// One course in the picker.
#[derive(Clone, Debug, PartialEq)]
pub struct CourseOption {
    pub name: String,
    pub title: String,
}

#[derive(Properties, PartialEq)]
pub struct PickerProps {
    pub courses: Vec<CourseOption>,
    pub shown: String,
    pub about: String,
    pub on_show: Callback<String>,
}

/// Which course the panel lists, and what it teaches.
#[component]
pub fn CoursePicker(props: &PickerProps) -> Html {
    let on_change = props.on_show.reform(|e: Event| {
        e.target()
            .and_then(|t| t.dyn_into::<HtmlSelectElement>().ok())
            .map(|s| s.value())
            .unwrap_or_default()
    });
    html! {
        <div class="course-picker">
            <label class="course-label">
                { "Course " }
                <select class="course-select" aria-label="course" onchange={on_change}>
                    { for props.courses.iter().map(|c| html! {
                        <option value={c.name.clone()} selected={c.name == props.shown}>{ &c.title }</option>
                    }) }
                </select>
            </label>
            if !props.about.is_empty() {
                <p class="course-about">{ &props.about }</p>
            }
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct LoaderProps {
    /// The file's text, to load.
    pub on_load: Callback<String>,
}

/// "Your own mission or course": paste it, drop it, or choose it.
#[component]
pub fn MissionLoader(props: &LoaderProps) -> Html {
    let draft = use_state(String::new);
    let dragging = use_state(|| false);
    let problem = use_state(|| None::<String>);
    let read_file = {
        let (draft, problem) = (draft.clone(), problem.clone());
        Callback::from(move |file: web_sys::File| read_into(file, draft.clone(), problem.clone()))
    };
    let on_input = {
        let draft = draft.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(t) = e.target().and_then(|t| t.dyn_into::<HtmlTextAreaElement>().ok()) {
                draft.set(t.value());
            }
        })
    };
    let on_choose = {
        let read_file = read_file.clone();
        Callback::from(move |e: Event| {
            let input = e.target().and_then(|t| t.dyn_into::<HtmlInputElement>().ok());
            if let Some(file) = input.and_then(|i| i.files()).and_then(|f| f.get(0)) {
                read_file.emit(file);
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
        let (dragging, problem) = (dragging.clone(), problem.clone());
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            dragging.set(false);
            match e.data_transfer().and_then(|d| d.files()).and_then(|f| f.get(0)) {
                Some(file) => read_file.emit(file),
                None => problem.set(Some("error: drop a mission or course file here".into())),
            }
        })
    };
    let load = {
        let (draft, on_load) = (draft.clone(), props.on_load.clone());
        Callback::from(move |_: MouseEvent| {
            if !draft.trim().is_empty() {
                on_load.emit((*draft).clone());
            }
        })
    };
    html! {
        <details class="mission-load">
            <summary>{ "Your own mission or course" }</summary>
            <div class={classes!("drop-zone", dragging.then_some("dragging"))}
                ondragover={on_dragover} ondragleave={on_dragleave} ondrop={on_drop}>
                <textarea class="mission-draft" aria-label="mission or course file"
                    placeholder="Paste a mission or course file (YAML), or drop one here"
                    value={(*draft).clone()} oninput={on_input} />
                <div class="insp-row">
                    <button type="button" class="btn btn-primary" onclick={load}>{ "Load" }</button>
                    <label class="btn file-choose">
                        { "Choose a file\u{2026}" }
                        <input type="file" accept=".yaml,.yml,text/yaml" class="visually-hidden"
                            aria-label="choose a mission or course file" onchange={on_choose} />
                    </label>
                </div>
                if let Some(p) = &*problem {
                    <p class="insp-error" role="alert">{ p }</p>
                }
            </div>
            <p class="insp-hint">{ "The format: docs/missions.md. Errors name the line and column." }</p>
        </details>
    }
}
