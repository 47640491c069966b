//! A pod's card: kubectl's NAME, STATUS, READY and RESTARTS, with its node on the desk's
//! tall card and without it on a stacked form's short one (`view::Form::stacked`).

use yew::prelude::*;

use super::cards::{clip, squeeze, Frame};
use super::icons::phase_icon;
use crate::selection::ObjRef;
use crate::view::fit::{self, POD_STATUS_X};
use crate::view::PodItem;
use crate::words::use_words;

/// Characters of 13 px monospace that fit on a pod card's name line.
const POD_NAME_CHARS: usize = 20;
/// The same in presenter mode, whose names are 16.5 px (`teach.css`).
const POD_NAME_CHARS_LARGE: usize = 16;

#[derive(Properties, PartialEq)]
pub struct PodCardProps {
    pub item: PodItem,
    pub selected: bool,
    pub on_select: Callback<ObjRef>,
    /// Presenter mode: the name is set larger, so fewer characters fit.
    #[prop_or_default]
    pub large: bool,
    /// A stacked form's short card: kubectl's NAME, STATUS, READY and RESTARTS, without the
    /// kind and node line (the tooltip and the inspector keep the node).
    #[prop_or_default]
    pub short: bool,
}

#[component]
pub fn PodCard(p: &PodCardProps) -> Html {
    let words = use_words();
    let pod = &p.item;
    let m = &pod.meta;
    let w = m.rect.w;
    let chars = if p.large { POD_NAME_CHARS_LARGE } else { POD_NAME_CHARS };
    let (prefix, suffix) = (pod.name_prefix.clone(), pod.name_suffix.clone());
    let name_fit = squeeze(&m.target.name, chars, w - 26.0);
    let node = pod.node.clone().unwrap_or_else(|| words.t("graph-pod-no-node"));
    let label = format!("Pod {}, {}", m.target.name, pod.status);
    let status = if m.gone || m.vanishing {
        fit::pod_status(&words.t("graph-pod-deleted"), w)
    } else {
        fit::pod_status(&pod.status, w)
    };
    let tooltip = format!(
        "Pod {}\nSTATUS {}  READY {}  RESTARTS {}\n{}{}",
        m.target.name,
        pod.status,
        pod.ready,
        pod.restarts,
        words.with("graph-pod-node", &[("node", node.as_str().into())]),
        if m.finalizers.is_empty() {
            String::new()
        } else {
            let list = m.finalizers.join(", ");
            format!("\n{}", words.with("graph-tooltip-finalizers", &[("list", list.into())]))
        }
    );
    let status_line = |y: f64| {
        html! {
            <text class="t-status" x={POD_STATUS_X.to_string()} y={y.to_string()}
                textLength={status.squeeze.map(|w| w.to_string())} lengthAdjust="spacingAndGlyphs">
                { status.text.clone() }
            </text>
        }
    };
    let counts = |y: f64| {
        html! { <>
            <text class="t-small" x="16" y={y.to_string()}>{ format!("READY {}", pod.ready) }</text>
            <text class="t-small" x={(w - 10.0).to_string()} y={y.to_string()} text-anchor="end">
                { format!("RST {}", pod.restarts) }
                <title>{ "RESTARTS" }</title>
            </text>
        </> }
    };
    let name = html! {
        <text class="t-podname" x="16" y={if p.short { "21" } else { "45" }} textLength={name_fit}
            lengthAdjust="spacingAndGlyphs">
            <tspan class="name-prefix">{ prefix }</tspan>
            <tspan class="name-suffix">{ suffix }</tspan>
        </text>
    };
    if p.short {
        let body = html! { <>
            <rect class="bar" width="6" height={m.rect.h.to_string()} rx="3" />
            { name }
            { phase_icon(pod.phase, 23.0, 37.0) }
            { status_line(42.0) }
            { counts(58.0) }
            if !m.finalizers.is_empty() {
                <text class="t-flag" x="96" y="58">{ "⚑" }</text>
            }
        </> };
        return pod_frame(p, label, tooltip, body);
    }
    let body = html! { <>
        <rect class="bar" width="6" height={m.rect.h.to_string()} rx="3" />
        <text class="t-kind" x="16" y="22">{ "POD" }</text>
        if !m.finalizers.is_empty() {
            <text class="t-flag" x="52" y="22">{ "⚑" }</text>
        }
        <text class={classes!("t-node", pod.node.is_none().then_some("unscheduled"))}
            x={(w - 10.0).to_string()} y="22" text-anchor="end">{ clip(&node, 12) }</text>
        { name }
        { phase_icon(pod.phase, 23.0, 64.0) }
        { status_line(69.0) }
        { counts(93.0) }
    </> };
    pod_frame(p, label, tooltip, body)
}

fn pod_frame(p: &PodCardProps, label: String, tooltip: String, body: Html) -> Html {
    let (pod, m) = (&p.item, &p.item.meta);
    let frame = Frame {
        meta: m,
        class: classes!(
            "pod",
            format!("phase-{}", pod.phase.class()),
            pod.terminating.then_some("terminating")
        ),
        label,
        status: Some(&pod.status),
        selected: p.selected,
        on_select: &p.on_select,
    };
    frame.render(tooltip, body)
}
