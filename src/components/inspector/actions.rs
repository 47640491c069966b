//! The inspector's buttons: delete with a cascade choice, scale, edit a pod's labels, set a
//! Deployment's image. Each only builds an `Action`; the session owner runs it as the kubectl
//! command a user would type.

use std::collections::BTreeMap;
use std::rc::Rc;

use kubeloop::model::Kind;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::selection::{Action, Cascade, ObjRef};

/// Images a lesson reaches for: a rollout, a stalled rollout, a crash loop.
pub const IMAGE_SUGGESTIONS: [&str; 4] =
    ["nginx:1.27", "nginx:1.28", "nginx:doesnotexist", "busybox:crash"];

#[derive(Properties, PartialEq)]
pub struct DeleteProps {
    pub target: ObjRef,
    pub on_action: Callback<Action>,
}

/// The three cascades, each with one line in plain words for this kind's dependents.
fn cascades(kind: Kind) -> [(Cascade, &'static str, String); 3] {
    let deps = if kind == Kind::Deployment { "its ReplicaSets and their pods" } else { "its pods" };
    [
        (
            Cascade::Background,
            "background",
            format!("Delete the {kind} now; the garbage collector then deletes {deps}."),
        ),
        (
            Cascade::Foreground,
            "foreground",
            format!("Keep the {kind}, marked deleting, until {deps} are gone; then delete it."),
        ),
        (Cascade::Orphan, "orphan", format!("Delete only the {kind}; {deps} stay, with no owner.")),
    ]
}

#[component]
pub fn DeleteControl(props: &DeleteProps) -> Html {
    let cascade = use_state(|| Cascade::Background);
    let target = &props.target;
    let owns =
        matches!(target.kind, Kind::Deployment | Kind::ReplicaSet | Kind::ReplicationController);
    let action = Action::Delete { target: target.clone(), cascade: *cascade };
    let command = action.command(&BTreeMap::new());
    let onclick = {
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(action.clone()))
    };
    html! {
        <div class="insp-delete">
            if owns {
                <fieldset class="cascade">
                    <legend>{ "When deleting, cascade:" }</legend>
                    { for cascades(target.kind).into_iter().map(|(c, name, help)| {
                        let cascade = cascade.clone();
                        let checked = *cascade == c;
                        html! {
                            <label class="cascade-option">
                                <input type="radio" name="inspector-cascade" value={name} {checked}
                                    onchange={move |_: Event| cascade.set(c)} />
                                <span class="cascade-name">{ name }</span>
                                <span class="cascade-help">{ help }</span>
                            </label>
                        }
                    }) }
                </fieldset>
            }
            <div class="insp-row">
                <button type="button" class="btn btn-danger" {onclick}>{ "Delete" }</button>
                <code class="insp-command">{ command }</code>
            </div>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct ScaleProps {
    pub target: ObjRef,
    pub replicas: i32,
    pub on_action: Callback<Action>,
}

#[component]
pub fn ScaleControl(props: &ScaleProps) -> Html {
    let scale_to = |replicas: i32| {
        let on_action = props.on_action.clone();
        let target = props.target.clone();
        Callback::from(move |_: MouseEvent| {
            on_action.emit(Action::Scale { target: target.clone(), replicas })
        })
    };
    let r = props.replicas;
    html! {
        <div class="insp-row insp-scale" role="group" aria-label="scale">
            <button type="button" class="btn" aria-label="Scale down" disabled={r <= 0}
                onclick={scale_to((r - 1).max(0))}>{ "− Scale down" }</button>
            <span class="insp-replicas">{ format!("{r} {}", if r == 1 { "replica" } else { "replicas" }) }</span>
            <button type="button" class="btn" aria-label="Scale up"
                onclick={scale_to(r.saturating_add(1))}>{ "+ Scale up" }</button>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct LabelProps {
    pub target: ObjRef,
    pub labels: Vec<(String, String)>,
    pub on_action: Callback<Action>,
}

/// The label editor's rows while it is open.
#[derive(Clone, Default, PartialEq)]
struct Rows(Option<Vec<(String, String)>>);

enum RowsMsg {
    Open(Vec<(String, String)>),
    Close,
    Key(usize, String),
    Value(usize, String),
    Add,
    Remove(usize),
}

impl Reducible for Rows {
    type Action = RowsMsg;
    fn reduce(self: Rc<Self>, msg: RowsMsg) -> Rc<Self> {
        let mut rows = self.0.clone();
        match (msg, rows.as_mut()) {
            (RowsMsg::Open(labels), _) => rows = Some(labels),
            (RowsMsg::Close, _) => rows = None,
            (RowsMsg::Key(i, k), Some(r)) if i < r.len() => r[i].0 = k,
            (RowsMsg::Value(i, v), Some(r)) if i < r.len() => r[i].1 = v,
            (RowsMsg::Add, Some(r)) => r.push(Default::default()),
            (RowsMsg::Remove(i), Some(r)) if i < r.len() => {
                r.remove(i);
            }
            _ => {}
        }
        Rc::new(Rows(rows))
    }
}

/// An input's `size` (in characters) that shows all of `text`: a label key such as
/// `pod-template-hash` must never be cut to `pod-template…`. The stylesheet's
/// `field-sizing: content` does the same as the text is typed; this is the first frame's size.
fn fit(text: &str) -> String {
    (text.chars().count().max(6) + 1).to_string()
}

#[component]
pub fn LabelEditor(props: &LabelProps) -> Html {
    let rows = use_reducer(Rows::default);
    let Some(current) = rows.0.clone() else {
        let open = {
            let rows = rows.dispatcher();
            let labels = props.labels.clone();
            Callback::from(move |_: MouseEvent| rows.dispatch(RowsMsg::Open(labels.clone())))
        };
        return html! {
            <div class="insp-row">
                <button type="button" class="btn" onclick={open}>{ "Edit labels" }</button>
            </div>
        };
    };
    let send = |msg: fn(usize, String) -> RowsMsg, i: usize| {
        let rows = rows.dispatcher();
        Callback::from(move |e: InputEvent| {
            let el: HtmlInputElement = e.target_unchecked_into();
            rows.dispatch(msg(i, el.value()));
        })
    };
    let click = |make: Rc<dyn Fn() -> RowsMsg>| {
        let rows = rows.dispatcher();
        Callback::from(move |_: MouseEvent| rows.dispatch(make()))
    };
    let save = {
        let rows = rows.dispatcher();
        let on_action = props.on_action.clone();
        let target = props.target.clone();
        let current = current.clone();
        Callback::from(move |_: MouseEvent| {
            let labels: BTreeMap<String, String> = kubeloop::sort::btree_map(
                current
                    .iter()
                    .filter(|(k, _)| !k.trim().is_empty())
                    .map(|(k, v)| (k.trim().to_string(), v.trim().to_string())),
            );
            on_action.emit(Action::SetLabels { target: target.clone(), labels });
            rows.dispatch(RowsMsg::Close);
        })
    };
    html! {
        <fieldset class="label-editor">
            <legend>{ "Labels" }</legend>
            <p class="insp-hint">
                { "Change " }<code>{ "app=" }</code>
                { " to see the ReplicaSet release this pod and make a new one." }
            </p>
            { for current.iter().enumerate().map(|(i, (k, v))| html! {
                <div class="label-row">
                    <input type="text" class="label-key" aria-label={format!("label {} key", i + 1)}
                        size={fit(k)} value={k.clone()} oninput={send(RowsMsg::Key, i)} spellcheck="false" />
                    <span aria-hidden="true">{ "=" }</span>
                    <input type="text" class="label-value" aria-label={format!("label {} value", i + 1)}
                        size={fit(v)} value={v.clone()} oninput={send(RowsMsg::Value, i)} spellcheck="false" />
                    <button type="button" class="btn btn-small" aria-label={format!("Remove label {}", i + 1)}
                        onclick={click(Rc::new(move || RowsMsg::Remove(i)))}>{ "Remove" }</button>
                </div>
            }) }
            <div class="insp-row">
                <button type="button" class="btn btn-small" onclick={click(Rc::new(|| RowsMsg::Add))}>{ "+ Add label" }</button>
                <button type="button" class="btn btn-primary" onclick={save}>{ "Save labels" }</button>
                <button type="button" class="btn" onclick={click(Rc::new(|| RowsMsg::Close))}>{ "Cancel" }</button>
            </div>
        </fieldset>
    }
}

#[derive(Properties, PartialEq)]
pub struct ImageProps {
    pub target: ObjRef,
    /// (name, image), at least one.
    pub containers: Vec<(String, String)>,
    pub on_action: Callback<Action>,
}

#[component]
pub fn ImageSetter(props: &ImageProps) -> Html {
    let chosen = use_state(|| 0usize);
    let index = (*chosen).min(props.containers.len().saturating_sub(1));
    let (container, current_image) = props.containers.get(index).cloned().unwrap_or_default();
    let image = use_state(|| current_image.clone());
    let onchange = {
        let chosen = chosen.clone();
        Callback::from(move |e: Event| {
            let el: HtmlSelectElement = e.target_unchecked_into();
            chosen.set(el.selected_index().max(0) as usize);
        })
    };
    let oninput = {
        let image = image.clone();
        Callback::from(move |e: InputEvent| {
            let el: HtmlInputElement = e.target_unchecked_into();
            image.set(el.value());
        })
    };
    let wanted = image.trim().to_string();
    let set = {
        let on_action = props.on_action.clone();
        let target = props.target.clone();
        let (container, wanted) = (container.clone(), wanted.clone());
        Callback::from(move |_: MouseEvent| {
            on_action.emit(Action::SetImage {
                target: target.clone(),
                container: container.clone(),
                image: wanted.clone(),
            })
        })
    };
    html! {
        <fieldset class="image-setter">
            <legend>{ "Set image" }</legend>
            <div class="insp-row">
                <label class="field">
                    <span>{ "Container" }</span>
                    <select {onchange}>
                        { for props.containers.iter().enumerate().map(|(i, (name, _))| html! {
                            <option value={name.clone()} selected={i == index}>{ name }</option>
                        }) }
                    </select>
                </label>
                <label class="field field-grow">
                    <span>{ "Image" }</span>
                    <input type="text" value={(*image).clone()} {oninput} spellcheck="false"
                        placeholder={current_image.clone()} />
                </label>
            </div>
            <div class="insp-row suggestions" role="group" aria-label="image suggestions">
                <span class="insp-hint">{ "Try:" }</span>
                { for IMAGE_SUGGESTIONS.iter().map(|s| {
                    let image = image.clone();
                    html! {
                        <button type="button" class="btn btn-small chip-button"
                            onclick={move |_: MouseEvent| image.set(s.to_string())}>{ *s }</button>
                    }
                }) }
            </div>
            <div class="insp-row">
                <button type="button" class="btn btn-primary" disabled={wanted.is_empty()} onclick={set}>
                    { "Set image" }
                </button>
            </div>
        </fieldset>
    }
}
