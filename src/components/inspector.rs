//! The inspector: one selected object's desired and observed state side by side, its owners
//! and dependents (clickable, to walk the chain), labels, finalizers, recent events and YAML,
//! and the buttons that act on it (`inspector/actions.rs`).
//!
//! It draws an `Inspected` snapshot and sends `Action`s; it never touches the world. Object
//! text is always rendered as text, never as HTML.

mod actions;

use std::rc::Rc;

use kubeloop::model::Kind;
use yew::prelude::*;

use crate::components::nodes::status_badge;
use crate::inspect::history::Change;
use crate::inspect::{finalizer_meaning, Inspected, Owner};
use crate::selection::{Action, ObjRef};
use actions::{DeleteControl, ImageSetter, LabelEditor, ScaleControl};

#[derive(Properties, PartialEq)]
pub struct InspectorProps {
    /// `None` when nothing is selected or the selected object is gone.
    pub inspected: Option<Rc<Inspected>>,
    pub on_action: Callback<Action>,
    pub on_select: Callback<ObjRef>,
    pub on_close: Callback<()>,
}

/// A stable string for an object, used as a key so per-object editing state resets when the
/// selection changes.
fn ref_key(r: &ObjRef) -> String {
    format!("{}/{}/{}", r.kind, r.namespace, r.name)
}

fn ref_label(r: &ObjRef) -> String {
    format!("{}/{}", r.kind, r.name)
}

/// An identifier as HTML with line-break opportunities (`<wbr>`) where a reader would break
/// it: after `-`, `.`, `/`, `=`, `_` or `:` between letters or digits, and where a lower-case
/// letter or digit meets an upper-case one. A narrow panel then wraps
/// `NewReplicaSet|Available` and `web-564f6bc4d8-|x2k9p` at those points instead of mid-word
/// ("NewReplica SetAvailabl e"), and never has to cut a name. The text itself is unchanged.
pub fn breakable(text: &str) -> Html {
    let chars: Vec<char> = text.chars().collect();
    let mut pieces: Vec<Html> = Vec::new();
    let mut piece = String::new();
    for (i, &c) in chars.iter().enumerate() {
        piece.push(c);
        let next = chars.get(i + 1).copied();
        let prev = i.checked_sub(1).map(|j| chars[j]);
        let alnum = |x: Option<char>| x.is_some_and(char::is_alphanumeric);
        let after_separator =
            matches!(c, '-' | '.' | '/' | '=' | '_' | ':') && alnum(prev) && alnum(next);
        let camel =
            (c.is_lowercase() || c.is_ascii_digit()) && next.is_some_and(char::is_uppercase);
        if after_separator || camel {
            pieces.push(html! { { std::mem::take(&mut piece) } });
            pieces.push(html! { <wbr /> });
        }
    }
    pieces.push(html! { { piece } });
    html! { <>{ for pieces }</> }
}

#[component]
pub fn Inspector(props: &InspectorProps) -> Html {
    let close = props.on_close.reform(|_: MouseEvent| ());
    let Some(i) = props.inspected.clone() else {
        return html! {
            <aside class="inspector" aria-label="inspector">
                <div class="insp-head">
                    <h2 class="insp-title">{ "Inspector" }</h2>
                    <button type="button" class="btn insp-close" aria-label="Close inspector" onclick={close}>{ "×" }</button>
                </div>
                <p class="insp-empty">{ "Nothing selected. Click an object to see what it wants and what it has." }</p>
            </aside>
        };
    };
    let t = &i.target;
    // `data-inspecting`, not `data-kind`/`data-name`: those mark the graph's objects, and
    // tests count them.
    html! {
        <aside class="inspector" aria-label="inspector"
            data-inspecting={ref_label(t)}>
            <div class="insp-head">
                <span class={classes!("kind-badge", format!("kind-{}", t.kind.as_str().to_lowercase()))}>
                    { breakable(t.kind.as_str()) }
                </span>
                <h2 class="insp-title">{ breakable(&t.name) }</h2>
                <button type="button" class="btn insp-close" aria-label="Close inspector" onclick={close}>{ "×" }</button>
            </div>
            if i.status.is_some() || !t.namespace.is_empty() {
                <div class="insp-sub">
                    if let Some(status) = &i.status { { status_badge(status) } }
                    if !t.namespace.is_empty() {
                        <span>{ "namespace " }<code>{ &t.namespace }</code></span>
                    }
                </div>
            }
            <InspectorBody key={ref_key(t)} inspected={i.clone()}
                on_action={props.on_action.clone()} on_select={props.on_select.clone()} />
        </aside>
    }
}

/// One write in the history list: when, who, and each field from old to new.
fn change_item(c: &Change) -> Html {
    let value = |v: &Option<String>| v.clone().unwrap_or_else(|| "(none)".into());
    html! {
        <li class={if c.by_user { "change by-user" } else { "change by-loop" }}>
            <div class="change-head">
                <span class="change-at">{ &c.at }</span>
                <span class="change-verb">{ c.verb }</span>
                <span class="change-by">{ "by " }{ &c.by }</span>
            </div>
            if !c.diff.is_empty() {
                <ul class="change-fields">
                    { for c.diff.iter().map(|f| html! {
                        <li>
                            <code class="field">{ breakable(&f.path) }</code>
                            <span class="old">{ value(&f.old) }</span>
                            <span aria-hidden="true">{ " → " }</span>
                            <span class="sr-only">{ " became " }</span>
                            <span class="new">{ value(&f.new) }</span>
                        </li>
                    }) }
                    if c.more > 0 {
                        <li class="insp-none">{ format!("and {} more fields", c.more) }</li>
                    }
                </ul>
            }
        </li>
    }
}

#[derive(Properties, PartialEq)]
struct BodyProps {
    inspected: Rc<Inspected>,
    on_action: Callback<Action>,
    on_select: Callback<ObjRef>,
}

#[component]
fn InspectorBody(props: &BodyProps) -> Html {
    let i = &props.inspected;
    let t = &i.target;
    let link = |r: &ObjRef, text: String| {
        let on_select = props.on_select.clone();
        let r = r.clone();
        html! {
            <button type="button" class="link" onclick={move |_: MouseEvent| on_select.emit(r.clone())}>{ breakable(&text) }</button>
        }
    };
    let edit = {
        let on_action = props.on_action.clone();
        let target = t.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(Action::Edit { target: target.clone() }))
    };
    let owner_line = |o: &Owner| {
        let verb = if o.controller { "Controlled by" } else { "Owned by" };
        let name = format!("{}/{}", o.kind, o.name);
        match &o.target {
            Some(r) => link(r, format!("{verb} {name}")),
            None => html! { <span>{ breakable(&format!("{verb} {name} (gone)")) }</span> },
        }
    };
    html! {
        <div class="insp-body">
            if let Some(since) = &i.deleting_since {
                <div class="insp-deleting" role="status">
                    <span class="status-icon" aria-hidden="true">{ "⊘" }</span>
                    <p>
                        { format!("Being deleted: asked {since} ago.") }
                        if !i.finalizers.is_empty() {
                            { format!(" It stays until its finalizers are removed: {}.", i.finalizers.join(", ")) }
                        }
                    </p>
                </div>
            }
            if !i.rows.is_empty() {
                <table class="insp-compare">
                    <caption>{ "What it wants, and what the loops have achieved" }</caption>
                    <thead><tr>
                        <th scope="col">{ "Field" }</th>
                        <th scope="col">{ "Desired (spec)" }</th>
                        <th scope="col">{ "Observed (status)" }</th>
                    </tr></thead>
                    <tbody>
                        { for i.rows.iter().map(|r| html! {
                            <tr class={if r.matches { "row-ok" } else { "row-diff" }}>
                                <th scope="row">{ breakable(&r.field) }</th>
                                <td>{ breakable(&r.desired) }</td>
                                <td>
                                    <span class="status-icon" aria-hidden="true">{ if r.matches { "✓" } else { "≠" } }</span>
                                    <span class="sr-only">{ if r.matches { "matches: " } else { "differs: " } }</span>
                                    { breakable(&r.observed) }
                                </td>
                            </tr>
                        }) }
                    </tbody>
                </table>
            }
            <section class="insp-section insp-actions" aria-label="actions">
                if let Some(replicas) = i.replicas {
                    <ScaleControl target={t.clone()} {replicas} on_action={props.on_action.clone()} />
                }
                if t.kind == Kind::Deployment && !i.containers.is_empty() {
                    <ImageSetter target={t.clone()} containers={i.containers.clone()} on_action={props.on_action.clone()} />
                }
                if t.kind == Kind::Pod {
                    <LabelEditor target={t.clone()} labels={i.labels.clone()} on_action={props.on_action.clone()} />
                }
                <div class="insp-row">
                    <button type="button" class="btn" onclick={edit}>{ "Edit YAML" }</button>
                </div>
                <DeleteControl target={t.clone()} on_action={props.on_action.clone()} />
            </section>
            <section class="insp-section" aria-label="owners">
                <h3>{ "Owners" }</h3>
                if i.owners.is_empty() {
                    <p class="insp-none">{ "No ownerReferences: nothing will delete this object for you." }</p>
                } else {
                    <ul class="insp-list">{ for i.owners.iter().map(|o| html! { <li>{ owner_line(o) }</li> }) }</ul>
                }
            </section>
            if !i.dependents.is_empty() {
                <section class="insp-section" aria-label="dependents">
                    <h3>{ "Owns" }</h3>
                    <ul class="insp-list">
                        { for i.dependents.iter().map(|d| html! { <li>{ link(d, ref_label(d)) }</li> }) }
                    </ul>
                </section>
            }
            if !i.history.is_empty() {
                <details class="insp-section insp-history" aria-label="history">
                    <summary><h3>{ format!("History ({} changes)", i.history.len()) }</h3></summary>
                    <ol class="history">
                        { for i.history.iter().map(change_item) }
                    </ol>
                </details>
            }
            <section class="insp-section" aria-label="labels">
                <h3>{ "Labels" }</h3>
                if i.labels.is_empty() {
                    <p class="insp-none">{ "none" }</p>
                } else {
                    <ul class="chips">
                        { for i.labels.iter().map(|(k, v)| html! { <li class="chip">{ breakable(&format!("{k}={v}")) }</li> }) }
                    </ul>
                }
                if !i.annotations.is_empty() {
                    <h4>{ "Annotations" }</h4>
                    <dl class="insp-annotations">
                        { for i.annotations.iter().map(|(k, v)| html! { <><dt>{ breakable(k) }</dt><dd>{ v }</dd></> }) }
                    </dl>
                }
            </section>
            if !i.finalizers.is_empty() {
                <section class="insp-section" aria-label="finalizers">
                    <h3>{ "Finalizers" }</h3>
                    <ul class="insp-list">
                        { for i.finalizers.iter().map(|f| html! {
                            <li><code>{ breakable(f) }</code>
                                if let Some(m) = finalizer_meaning(f) { { format!(": {m}") } }
                            </li>
                        }) }
                    </ul>
                </section>
            }
            <section class="insp-section" aria-label="events">
                <h3>{ "Recent events" }</h3>
                if i.events.is_empty() {
                    <p class="insp-none">{ "none" }</p>
                } else {
                    <ol class="insp-events">
                        { for i.events.iter().map(|e| html! {
                            <li class={if e.warning { "ev ev-warning" } else { "ev ev-normal" }}>
                                <span class="status-icon" aria-hidden="true">{ if e.warning { "⚠" } else { "•" } }</span>
                                <span class="ev-type">{ if e.warning { "Warning" } else { "Normal" } }</span>
                                <strong class="ev-reason">{ breakable(&e.reason) }</strong>
                                <span class="ev-age">
                                    { format!("{} ago", e.age) }
                                    if e.count > 1 { { format!(" (×{})", e.count) } }
                                </span>
                                <p class="ev-message">{ &e.message }</p>
                            </li>
                        }) }
                    </ol>
                }
            </section>
            <details class="insp-section insp-yaml">
                <summary>{ "YAML (k get -o yaml)" }</summary>
                <pre>{ &i.yaml }</pre>
            </details>
        </div>
    }
}
