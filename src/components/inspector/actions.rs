//! The inspector's buttons: delete with a cascade choice, scale, edit a pod's labels, set a
//! Deployment's image. Each only builds an `Action`; the session owner runs it as the kubectl
//! command a user would type.

use std::collections::BTreeMap;
use std::rc::Rc;

use kubeloop::model::Kind;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::selection::{Action, Cascade, ObjRef};
use crate::words::{use_words, Words};

/// Images a lesson reaches for: a rollout, a stalled rollout, a crash loop.
pub const IMAGE_SUGGESTIONS: [&str; 4] =
    ["nginx:1.27", "nginx:1.28", "nginx:doesnotexist", "busybox:crash"];

#[derive(Properties, PartialEq)]
pub struct DeleteProps {
    pub target: ObjRef,
    pub on_action: Callback<Action>,
}

/// The three cascades, each with one line in plain words for this kind's dependents. The
/// names are kubectl's `--cascade` values, so they stay as kubectl spells them.
fn cascades(kind: Kind, w: &Words) -> [(Cascade, &'static str, String); 3] {
    let deps =
        if kind == Kind::Deployment { w.t("insp-deps-deployment") } else { w.t("insp-deps-pods") };
    let args = [("kind", kind.as_str().into()), ("deps", deps.into())];
    [
        (Cascade::Background, "background", w.with("insp-cascade-background", &args)),
        (Cascade::Foreground, "foreground", w.with("insp-cascade-foreground", &args)),
        (Cascade::Orphan, "orphan", w.with("insp-cascade-orphan", &args)),
    ]
}

#[component]
pub fn DeleteControl(props: &DeleteProps) -> Html {
    let w = use_words();
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
                    <legend>{ w.t("insp-cascade-legend") }</legend>
                    { for cascades(target.kind, &w).into_iter().map(|(c, name, help)| {
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
                <button type="button" class="btn btn-danger" {onclick}>{ w.t("insp-delete-button") }</button>
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
    let w = use_words();
    let scale_to = |replicas: i32| {
        let on_action = props.on_action.clone();
        let target = props.target.clone();
        Callback::from(move |_: MouseEvent| {
            on_action.emit(Action::Scale { target: target.clone(), replicas })
        })
    };
    let r = props.replicas;
    html! {
        <div class="insp-row insp-scale" role="group" aria-label={w.t("insp-scale-label")}>
            <button type="button" class="btn" aria-label={w.t("insp-scale-down")} disabled={r <= 0}
                onclick={scale_to((r - 1).max(0))}>{ "− " }{ w.t("insp-scale-down") }</button>
            <span class="insp-replicas">{ w.with("insp-replica-count", &[("count", r.into())]) }</span>
            <button type="button" class="btn" aria-label={w.t("insp-scale-up")}
                onclick={scale_to(r.saturating_add(1))}>{ "+ " }{ w.t("insp-scale-up") }</button>
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
    let w = use_words();
    let rows = use_reducer(Rows::default);
    let Some(current) = rows.0.clone() else {
        let open = {
            let rows = rows.dispatcher();
            let labels = props.labels.clone();
            Callback::from(move |_: MouseEvent| rows.dispatch(RowsMsg::Open(labels.clone())))
        };
        return html! {
            <div class="insp-row">
                <button type="button" class="btn" onclick={open}>{ w.t("insp-edit-labels") }</button>
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
            <legend>{ w.t("insp-heading-labels") }</legend>
            <p class="insp-hint">
                { w.t("insp-label-hint-before") }{ " " }<code>{ "app=" }</code>
                { " " }{ w.t("insp-label-hint-after") }
            </p>
            { for current.iter().enumerate().map(|(i, (k, v))| html! {
                <div class="label-row">
                    <input type="text" class="label-key" aria-label={w.with("insp-label-key", &[("n", (i + 1).into())])}
                        size={fit(k)} value={k.clone()} oninput={send(RowsMsg::Key, i)} spellcheck="false" />
                    <span aria-hidden="true">{ "=" }</span>
                    <input type="text" class="label-value" aria-label={w.with("insp-label-value", &[("n", (i + 1).into())])}
                        size={fit(v)} value={v.clone()} oninput={send(RowsMsg::Value, i)} spellcheck="false" />
                    <button type="button" class="btn btn-small" aria-label={w.with("insp-label-remove", &[("n", (i + 1).into())])}
                        onclick={click(Rc::new(move || RowsMsg::Remove(i)))}>{ w.t("insp-remove") }</button>
                </div>
            }) }
            <div class="insp-row">
                <button type="button" class="btn btn-small" onclick={click(Rc::new(|| RowsMsg::Add))}>{ "+ " }{ w.t("insp-add-label") }</button>
                <button type="button" class="btn btn-primary" onclick={save}>{ w.t("insp-save-labels") }</button>
                <button type="button" class="btn" onclick={click(Rc::new(|| RowsMsg::Close))}>{ w.t("insp-cancel") }</button>
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
    let w = use_words();
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
            <legend>{ w.t("insp-set-image") }</legend>
            <div class="insp-row">
                <label class="field">
                    <span>{ w.t("insp-container") }</span>
                    <select {onchange}>
                        { for props.containers.iter().enumerate().map(|(i, (name, _))| html! {
                            <option value={name.clone()} selected={i == index}>{ name }</option>
                        }) }
                    </select>
                </label>
                <label class="field field-grow">
                    <span>{ w.t("insp-image") }</span>
                    <input type="text" value={(*image).clone()} {oninput} spellcheck="false"
                        placeholder={current_image.clone()} />
                </label>
            </div>
            <div class="insp-row suggestions" role="group" aria-label={w.t("insp-image-suggestions")}>
                <span class="insp-hint">{ w.t("insp-try") }</span>
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
                    { w.t("insp-set-image") }
                </button>
            </div>
        </fieldset>
    }
}
