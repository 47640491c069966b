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
use crate::words::{use_words, Words};
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
    let w = use_words();
    let close = props.on_close.reform(|_: MouseEvent| ());
    let Some(i) = props.inspected.clone() else {
        return html! {
            <aside class="inspector" aria-label={w.t("insp-label")}>
                <div class="insp-head">
                    <h2 class="insp-title">{ w.t("insp-heading") }</h2>
                    <button type="button" class="btn insp-close" aria-label={w.t("insp-close-label")} onclick={close}>{ "×" }</button>
                </div>
                <p class="insp-empty">{ w.t("insp-nothing-selected") }</p>
            </aside>
        };
    };
    let t = &i.target;
    // `data-inspecting`, not `data-kind`/`data-name`: those mark the graph's objects, and
    // tests count them.
    html! {
        <aside class="inspector" aria-label={w.t("insp-label")}
            data-inspecting={ref_label(t)}>
            <div class="insp-head">
                <span class={classes!("kind-badge", format!("kind-{}", t.kind.as_str().to_lowercase()))}>
                    { breakable(t.kind.as_str()) }
                </span>
                <h2 class="insp-title">{ breakable(&t.name) }</h2>
                <button type="button" class="btn insp-close" aria-label={w.t("insp-close-label")} onclick={close}>{ "×" }</button>
            </div>
            if i.status.is_some() || !t.namespace.is_empty() {
                <div class="insp-sub">
                    if let Some(status) = &i.status { { status_badge(status) } }
                    if !t.namespace.is_empty() {
                        <span>{ w.t("insp-namespace") }{ " " }<code>{ &t.namespace }</code></span>
                    }
                </div>
            }
            <InspectorBody key={ref_key(t)} inspected={i.clone()}
                on_action={props.on_action.clone()} on_select={props.on_select.clone()} />
        </aside>
    }
}

/// One write in the history list: when, who, and each field from old to new. The history
/// holds its verb and author as data (tests and the cache read them); they are worded here.
fn change_item(c: &Change, w: &Words) -> Html {
    let value = |v: &Option<String>| v.clone().unwrap_or_else(|| w.t("insp-change-none"));
    let verb = match c.verb {
        "created" => w.t("insp-change-created"),
        "deleted" => w.t("insp-change-deleted"),
        _ => w.t("insp-change-changed"),
    };
    // A loop is named as the cluster names it; only the user is worded.
    let who = if c.by_user { w.t("insp-change-by-you") } else { c.by.clone() };
    html! {
        <li class={if c.by_user { "change by-user" } else { "change by-loop" }}>
            <div class="change-head">
                <span class="change-at">{ &c.at }</span>
                <span class="change-verb">{ verb }</span>
                <span class="change-by">{ w.with("insp-change-by", &[("who", who.into())]) }</span>
            </div>
            if !c.diff.is_empty() {
                <ul class="change-fields">
                    { for c.diff.iter().map(|f| html! {
                        <li>
                            <code class="field">{ breakable(&f.path) }</code>
                            <span class="old">{ value(&f.old) }</span>
                            <span aria-hidden="true">{ " → " }</span>
                            <span class="sr-only">{ " " }{ w.t("insp-change-became") }{ " " }</span>
                            <span class="new">{ value(&f.new) }</span>
                        </li>
                    }) }
                    if c.more > 0 {
                        <li class="insp-none">{ w.with("insp-change-more", &[("count", c.more.into())]) }</li>
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
    let w = use_words();
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
        let owner = [("owner", format!("{}/{}", o.kind, o.name).into())];
        let text = match (o.target.is_some(), o.controller) {
            (true, true) => w.with("insp-controlled-by", &owner),
            (true, false) => w.with("insp-owned-by", &owner),
            (false, true) => w.with("insp-controlled-by-gone", &owner),
            (false, false) => w.with("insp-owned-by-gone", &owner),
        };
        match &o.target {
            Some(r) => link(r, text),
            None => html! { <span>{ breakable(&text) }</span> },
        }
    };
    html! {
        <div class="insp-body">
            if let Some(since) = &i.deleting_since {
                <div class="insp-deleting" role="status">
                    <span class="status-icon" aria-hidden="true">{ "⊘" }</span>
                    <p>
                        { w.with("insp-deleting-since", &[("age", since.as_str().into())]) }
                        if !i.finalizers.is_empty() {
                            { " " }{ w.with("insp-deleting-finalizers", &[("finalizers", i.finalizers.join(", ").into())]) }
                        }
                    </p>
                </div>
            }
            if !i.rows.is_empty() {
                <table class="insp-compare">
                    <caption>{ w.t("insp-compare-caption") }</caption>
                    <thead><tr>
                        <th scope="col">{ w.t("insp-compare-field") }</th>
                        <th scope="col">{ w.t("insp-compare-desired") }</th>
                        <th scope="col">{ w.t("insp-compare-observed") }</th>
                    </tr></thead>
                    <tbody>
                        { for i.rows.iter().map(|r| html! {
                            <tr class={if r.matches { "row-ok" } else { "row-diff" }}>
                                <th scope="row">{ breakable(&r.field) }</th>
                                <td>{ breakable(&r.desired) }</td>
                                <td>
                                    <span class="status-icon" aria-hidden="true">{ if r.matches { "✓" } else { "≠" } }</span>
                                    <span class="sr-only">{ if r.matches { w.t("insp-compare-matches") } else { w.t("insp-compare-differs") } }{ " " }</span>
                                    { breakable(&r.observed) }
                                </td>
                            </tr>
                        }) }
                    </tbody>
                </table>
            }
            <section class="insp-section insp-actions" aria-label={w.t("insp-actions-label")}>
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
                    <button type="button" class="btn" onclick={edit}>{ w.t("insp-edit-yaml") }</button>
                </div>
                <DeleteControl target={t.clone()} on_action={props.on_action.clone()} />
            </section>
            <section class="insp-section" aria-label={w.t("insp-owners-label")}>
                <h3>{ w.t("insp-heading-owners") }</h3>
                if i.owners.is_empty() {
                    <p class="insp-none">{ w.t("insp-no-owners") }</p>
                } else {
                    <ul class="insp-list">{ for i.owners.iter().map(|o| html! { <li>{ owner_line(o) }</li> }) }</ul>
                }
            </section>
            if !i.dependents.is_empty() {
                <section class="insp-section" aria-label={w.t("insp-dependents-label")}>
                    <h3>{ w.t("insp-heading-owns") }</h3>
                    <ul class="insp-list">
                        { for i.dependents.iter().map(|d| html! { <li>{ link(d, ref_label(d)) }</li> }) }
                    </ul>
                </section>
            }
            if !i.history.is_empty() {
                <details class="insp-section insp-history" aria-label={w.t("insp-history-label")}>
                    <summary><h3>{ w.with("insp-heading-history", &[("count", i.history.len().into())]) }</h3></summary>
                    <ol class="history">
                        { for i.history.iter().map(|c| change_item(c, &w)) }
                    </ol>
                </details>
            }
            <section class="insp-section" aria-label={w.t("insp-labels-label")}>
                <h3>{ w.t("insp-heading-labels") }</h3>
                if i.labels.is_empty() {
                    <p class="insp-none">{ w.t("insp-word-none") }</p>
                } else {
                    <ul class="chips">
                        { for i.labels.iter().map(|(k, v)| html! { <li class="chip">{ breakable(&format!("{k}={v}")) }</li> }) }
                    </ul>
                }
                if !i.annotations.is_empty() {
                    <h4>{ w.t("insp-heading-annotations") }</h4>
                    <dl class="insp-annotations">
                        { for i.annotations.iter().map(|(k, v)| html! { <><dt>{ breakable(k) }</dt><dd>{ v }</dd></> }) }
                    </dl>
                }
            </section>
            if !i.finalizers.is_empty() {
                <section class="insp-section" aria-label={w.t("insp-finalizers-label")}>
                    <h3>{ w.t("insp-heading-finalizers") }</h3>
                    <ul class="insp-list">
                        { for i.finalizers.iter().map(|f| html! {
                            <li><code>{ breakable(f) }</code>
                                if let Some(m) = finalizer_meaning(f, &w) { { format!(": {m}") } }
                            </li>
                        }) }
                    </ul>
                </section>
            }
            <section class="insp-section" aria-label={w.t("insp-events-label")}>
                <h3>{ w.t("insp-heading-events") }</h3>
                if i.events.is_empty() {
                    <p class="insp-none">{ w.t("insp-word-none") }</p>
                } else {
                    <ol class="insp-events">
                        { for i.events.iter().map(|e| html! {
                            <li class={if e.warning { "ev ev-warning" } else { "ev ev-normal" }}>
                                <span class="status-icon" aria-hidden="true">{ if e.warning { "⚠" } else { "•" } }</span>
                                <span class="ev-type">{ if e.warning { "Warning" } else { "Normal" } }</span>
                                <strong class="ev-reason">{ breakable(&e.reason) }</strong>
                                <span class="ev-age">
                                    { w.with("insp-ago", &[("age", e.age.as_str().into())]) }
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
