//! The Missions panel's course picker and its loader: a teacher's mission or course file,
//! pasted, dropped or chosen, handed to the page as text (`Msg::Import`, which loads it as
//! `k mission load -f -`). It only shows and reports; reading the file is the engine's.

use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::components::transfer::read_into;
use crate::words::use_words;

/// One course in the picker.
#[derive(Clone, Debug, PartialEq)]
pub struct CourseOption {
    pub name: String,
    /// The course's own title; `None` for the loaded missions' course, named by the page.
    pub title: Option<String>,
}

#[derive(Properties, PartialEq)]
pub struct PickerProps {
    pub courses: Vec<CourseOption>,
    pub shown: String,
    pub about: String,
    pub on_show: Callback<String>,
}

/// Which course the panel lists, and what it teaches. A button per course rather than a
/// select: a select cannot wrap its text, and a course's title, in German or as a teacher
/// wrote it, may be longer than a projector's side column is wide.
#[component]
pub fn CoursePicker(props: &PickerProps) -> Html {
    let w = use_words();
    html! {
        <div class="course-picker">
            <div class="course-select" role="group" aria-label={w.t("course-select-label")}>
                <span class="course-label">{ w.t("course-label") }</span>
                { for props.courses.iter().map(|c| {
                    let title = c.title.clone().unwrap_or_else(|| w.t("course-loaded"));
                    let shown = c.name == props.shown;
                    let name = c.name.clone();
                    let onclick = props.on_show.reform(move |_: MouseEvent| name.clone());
                    html! {
                        <button type="button" class={classes!("course-choice", shown.then_some("active"))}
                            data-course={c.name.clone()} aria-pressed={shown.to_string()} {onclick}>{ title }</button>
                    }
                }) }
            </div>
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
    let w = use_words();
    let draft = use_state(String::new);
    let dragging = use_state(|| false);
    let problem = use_state(|| None::<String>);
    let read_file = {
        let (draft, problem, w) = (draft.clone(), problem.clone(), w.clone());
        Callback::from(move |file: web_sys::File| {
            read_into(file, draft.clone(), problem.clone(), w.clone())
        })
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
        let (dragging, problem, w) = (dragging.clone(), problem.clone(), w.clone());
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            dragging.set(false);
            match e.data_transfer().and_then(|d| d.files()).and_then(|f| f.get(0)) {
                Some(file) => read_file.emit(file),
                None => problem.set(Some(w.t("mission-load-no-file"))),
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
            <summary>{ w.t("mission-load-summary") }</summary>
            <div class={classes!("drop-zone", dragging.then_some("dragging"))}
                ondragover={on_dragover} ondragleave={on_dragleave} ondrop={on_drop}>
                <textarea class="mission-draft" aria-label={w.t("mission-load-draft-label")}
                    placeholder={w.t("mission-load-placeholder")}
                    value={(*draft).clone()} oninput={on_input} />
                <div class="insp-row">
                    <button type="button" class="btn btn-primary" onclick={load}>{ w.t("mission-load") }</button>
                    <label class="btn file-choose">
                        { w.t("mission-load-choose") }
                        <input type="file" accept=".yaml,.yml,text/yaml" class="visually-hidden"
                            aria-label={w.t("mission-load-choose-label")} onchange={on_choose} />
                    </label>
                </div>
                if let Some(p) = &*problem {
                    <p class="insp-error" role="alert">{ p }</p>
                }
            </div>
            <p class="insp-hint">{ w.t("mission-load-format-hint") }</p>
        </details>
    }
}
