//! The boxes of the graph: one small component per kind, so a box re-renders only when its
//! own item changes. Each is a focusable SVG group that selects its object on click or Enter.

use yew::prelude::*;

use crate::selection::ObjRef;
use crate::view::fit;
use crate::view::{Aggregate, ItemMeta, RowFigures, RowItem};
use crate::words::{use_words, Words};

/// Where the Deployment box's three columns start: each is wide enough for its heading and
/// for a value like `1000/1000`, so none runs into the next.
pub(super) const DEPLOY_COLUMNS: [f64; 3] = [16.0, 150.0, 292.0];

/// `s` cut to `max` characters, ending in an ellipsis when cut.
pub fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let kept: String = s.chars().take(max.saturating_sub(1)).collect();
        format!("{kept}…")
    }
}

/// The `textLength` that squeezes a name longer than `chars` characters into the `room` those
/// characters take: a name is drawn whole, never cut, since it is what tells objects apart
/// (a pod's suffix, a ReplicaSet's template hash).
pub(super) fn squeeze(text: &str, chars: usize, room: f64) -> Option<String> {
    (text.chars().count() > chars).then(|| format!("{room:.0}"))
}

/// What every box shares: position, ring, classes, data attributes, selection by mouse and
/// keyboard. Ghosts are neither focusable nor clickable.
pub(super) struct Frame<'a> {
    pub meta: &'a ItemMeta,
    pub class: Classes,
    pub label: String,
    pub status: Option<&'a str>,
    pub selected: bool,
    pub on_select: &'a Callback<ObjRef>,
}

impl Frame<'_> {
    pub(super) fn render(self, tooltip: String, body: Html) -> Html {
        let m = self.meta;
        let ghost = m.vanishing || m.gone;
        let class = classes!(
            "node",
            self.class,
            m.deleting.then_some("deleting"),
            (!m.finalizers.is_empty()).then_some("finalizing"),
            m.vanishing.then_some("vanishing"),
            m.gone.then_some("gone"),
            self.selected.then_some("selected"),
        );
        let style = super::translate(m.rect.x, m.rect.y);
        let (onclick, onkeydown) = if ghost {
            (None, None)
        } else {
            let target = m.target.clone();
            let click = self.on_select.reform(move |_: MouseEvent| target.clone());
            let target = m.target.clone();
            let on_select = self.on_select.clone();
            let key = Callback::from(move |e: KeyboardEvent| {
                if e.key() == "Enter" || e.key() == " " {
                    e.prevent_default();
                    on_select.emit(target.clone());
                }
            });
            (Some(click), Some(key))
        };
        let (w, h) = (m.rect.w, m.rect.h);
        html! {
            <g {class} {style} {onclick} {onkeydown}
                tabindex={if ghost { "-1" } else { "0" }}
                role="button"
                aria-label={self.label}
                aria-pressed={self.selected.to_string()}
                aria-hidden={ghost.then_some("true")}
                data-kind={m.target.kind.as_str()}
                data-name={m.target.name.clone()}
                data-namespace={m.target.namespace.clone()}
                data-status={self.status.map(str::to_string)}>
                <title>{ tooltip }</title>
                <rect class="ring" x="-5" y="-5" width={(w + 10.0).to_string()}
                    height={(h + 10.0).to_string()} rx="14" />
                <g class="shape">
                    <rect class="box" width={w.to_string()} height={h.to_string()} rx="10" />
                    { body }
                </g>
            </g>
        }
    }
}

pub(super) fn finalizer_line(meta: &ItemMeta, y: f64, w: &Words) -> Html {
    if meta.finalizers.is_empty() {
        return html! {};
    }
    let text = fit::finalizers(&meta.finalizers, 16.0, meta.rect.w, w);
    html! { <text class="t-finalizers" x="16" y={y.to_string()}>{ text }</text> }
}

/// The name of the namespace when it is not `default`, as a prefix.
pub(super) fn ns_prefix(meta: &ItemMeta) -> String {
    match meta.target.namespace.as_str() {
        "" | "default" => String::new(),
        ns => format!("{ns}/"),
    }
}

#[derive(Properties, PartialEq)]
pub struct ReplicaSetCardProps {
    pub item: RowItem,
    /// A compact form: the box is a line shorter (`Metrics::rs_h`), its lines closer.
    #[prop_or_default]
    pub tight: bool,
    /// A stacked form: the box is a one-line strip over its pods.
    #[prop_or_default]
    pub strip: bool,
    pub selected: bool,
    pub on_select: Callback<ObjRef>,
    /// The row's pods are shown one by one although there are many: offer to summarise
    /// them again through `on_toggle` (with the ReplicaSet's UID).
    #[prop_or_default]
    pub summarisable: bool,
    #[prop_or_default]
    pub on_toggle: Callback<String>,
}

#[component]
pub fn ReplicaSetCard(p: &ReplicaSetCardProps) -> Html {
    let words = use_words();
    let rs = &p.item;
    let m = &rs.meta;
    let w = m.rect.w;
    let (kind, [(h1, v1), (h2, v2), (h3, v3)], revision) = match &rs.figures {
        RowFigures::ReplicaSet { desired, current, ready, revision } => (
            "REPLICASET",
            [
                ("DESIRED", desired.to_string()),
                ("CURRENT", current.to_string()),
                ("READY", ready.to_string()),
            ],
            revision.clone(),
        ),
        RowFigures::Job(j) => ("JOB", j.columns(), None),
    };
    let scaled = rs.scaled_back.as_ref();
    let v1 = scaled.map_or(v1, |b| b.desired_cell());
    let (deleted, deleting) = (words.t("graph-badge-deleted"), words.t("graph-badge-deleting"));
    let rev = |r: &String| words.with("graph-rev", &[("rev", r.as_str().into())]);
    let right = if let Some(b) = scaled.filter(|_| !m.gone && !m.vanishing) {
        // In the small type of "rev N", so it stays clear of REPLICASET on the left.
        html! { <text class="t-rev badge-scaled-back" x={(w - 14.0).to_string()} y="24" text-anchor="end">{ b.badge() }</text> }
    } else if m.gone || m.vanishing {
        html! { <text class="badge badge-deleted" x={(w - 14.0).to_string()} y="24" text-anchor="end">{ deleted.clone() }</text> }
    } else if m.deleting {
        html! { <text class="badge badge-deleting" x={(w - 14.0).to_string()} y="24" text-anchor="end">{ deleting.clone() }</text> }
    } else if let Some(r) = &revision {
        html! { <text class="t-rev" x={(w - 14.0).to_string()} y="24" text-anchor="end">{ rev(r) }</text> }
    } else {
        html! {}
    };
    let label = format!(
        "{} {}, {} {v1}, {} {v2}, {} {v3}",
        m.target.kind,
        m.target.name,
        h1.to_lowercase(),
        h2.to_lowercase(),
        h3.to_lowercase()
    );
    let label = match scaled {
        Some(b) => format!("{label}: {}", b.sentence(&words)),
        None => label,
    };
    let mut tooltip =
        format!("{} {}\n{h1} {v1}  {h2} {v2}  {h3} {v3}", m.target.kind, m.target.name);
    if let Some(b) = scaled {
        tooltip = format!("{tooltip}\n{}", b.sentence(&words));
    }
    let name = format!("{}{}", ns_prefix(m), m.target.name);
    let body = if p.strip && !rs.collapsed {
        let strip = fit::strip(kind, [(h1, &v1), (h2, &v2), (h3, &v3)], w);
        let badge = if m.gone || m.vanishing {
            Some(("badge badge-deleted", deleted))
        } else if m.deleting {
            Some(("badge badge-deleting", deleting))
        } else {
            None
        };
        // 15 px monospace: 9 px a character, in what the figures leave.
        let chars = strip.name_chars;
        html! { <>
            <text class="t-kind" x="14" y="22">{ strip.kind }</text>
            <text class="t-mono t-strong" x={strip.name_x.to_string()} y="22" textLength={squeeze(&name, chars, chars as f64 * 9.0)}
                lengthAdjust="spacingAndGlyphs">{ name.clone() }</text>
            if let Some((class, text)) = badge {
                <text {class} x={(w - 12.0).to_string()} y="22" text-anchor="end">{ text }</text>
            } else {
                <text class="t-rev" x={(w - 12.0).to_string()} y="22" text-anchor="end">{ strip.figures }</text>
            }
            if p.summarisable {
                { summarise_button(&m.uid, 48.0, &p.on_toggle, &words) }
            }
        </> }
    } else if rs.collapsed {
        // Centred in the box, 44 units tall on the desk and less in a compact form.
        let cy = (m.rect.h / 2.0 + 6.0).min(28.0).to_string();
        html! { <>
            <text class="t-kind" x="14" y={cy.clone()}>{ "RS" }</text>
            // 15 px monospace: 9 px a character.
            <text class="t-mono t-strong" x="44" y={cy.clone()} textLength={squeeze(&name, 17, 17.0 * 9.0)}
                lengthAdjust="spacingAndGlyphs">{ name.clone() }</text>
            <text class="t-rev" x={(w - 12.0).to_string()} y={cy} text-anchor="end">
                { scaled.map(|b| b.desired_cell()).unwrap_or_else(|| {
                    revision.as_ref().map_or("0/0".to_string(), rev)
                }) }
            </text>
        </> }
    } else {
        // The lines' baselines: kind, name, headings, values, finalizers (a compact form
        // draws them closer, in a box 8 units shorter).
        let [ky, ny, hy, vy, fy] =
            if p.tight { [22.0, 44.0, 68.0, 92.0, 116.0] } else { [24.0, 48.0, 74.0, 98.0, 124.0] };
        let toggle_y = if m.finalizers.is_empty() { fy } else { fy + 22.0 };
        let (vy, hy) = (vy.to_string(), hy.to_string());
        html! { <>
            <text class="t-kind" x="16" y={ky.to_string()}>{ kind }</text>
            { right }
            <text class="t-mono t-strong" x="16" y={ny.to_string()} textLength={squeeze(&name, 24, 24.0 * 9.0)}
                lengthAdjust="spacingAndGlyphs">{ name.clone() }</text>
            { for fit::row_headings([h1, h2, h3], w).into_iter().zip(fit::ROW_COLUMNS).map(|(f, x)| html! {
                <text class="t-label" x={x.to_string()} y={hy.clone()}
                    textLength={f.squeeze.map(|w| w.to_string())} lengthAdjust="spacingAndGlyphs">
                    { f.text }
                </text>
            }) }
            <text class="t-value" x="16" y={vy.clone()}>{ clip(&v1, 8) }</text>
            <text class="t-value" x="88" y={vy.clone()}>{ v2 }</text>
            <text class="t-value" x="162" y={vy}>{ v3 }</text>
            { finalizer_line(m, fy, &words) }
            if p.summarisable {
                { summarise_button(&m.uid, toggle_y, &p.on_toggle, &words) }
            }
        </> }
    };
    let frame = Frame {
        meta: m,
        class: classes!(kind.to_ascii_lowercase(), rs.collapsed.then_some("collapsed")),
        label,
        status: None,
        selected: p.selected,
        on_select: &p.on_select,
    };
    frame.render(tooltip, body)
}

/// A focusable "summarise" action inside a ReplicaSet box; it must not also select the box.
fn summarise_button(key: &str, y: f64, on_toggle: &Callback<String>, w: &Words) -> Html {
    let k = key.to_string();
    let t = on_toggle.clone();
    let onclick = Callback::from(move |e: MouseEvent| {
        e.stop_propagation();
        t.emit(k.clone());
    });
    let k = key.to_string();
    let t = on_toggle.clone();
    let onkeydown = Callback::from(move |e: KeyboardEvent| {
        if e.key() == "Enter" || e.key() == " " {
            e.prevent_default();
            e.stop_propagation();
            t.emit(k.clone());
        }
    });
    html! {
        <text class="t-action" x="16" y={y.to_string()} tabindex="0" role="button"
            aria-label={w.t("graph-summarise-label")} {onclick} {onkeydown}>
            { w.t("graph-summarise") }
        </text>
    }
}

#[derive(Properties, PartialEq)]
pub struct AggregateCardProps {
    pub item: Aggregate,
    /// Whose pods these are, for the label.
    pub owner: String,
    pub on_toggle: Callback<String>,
}

/// Characters of the 14.5 px bold summary line that fit in a block `w` units wide.
fn summary_chars(w: f64) -> usize {
    ((w - 32.0) / 8.8).max(8.0) as usize
}

/// Many pods as one block: counts per phase and a proportional bar; Enter or a click shows
/// each pod.
#[component]
pub fn AggregateCard(p: &AggregateCardProps) -> Html {
    let words = use_words();
    let a = &p.item;
    let r = a.rect;
    let summary = a.summary(&words);
    let label = words.with(
        "graph-aggregate-label",
        &[
            ("count", a.total.into()),
            ("owner", p.owner.as_str().into()),
            ("summary", summary.as_str().into()),
        ],
    );
    let title = words.with(
        "graph-aggregate-title",
        &[("count", a.total.into()), ("summary", summary.as_str().into())],
    );
    let key = a.key.clone();
    let onclick = p.on_toggle.reform(move |_: MouseEvent| key.clone());
    let key = a.key.clone();
    let on_toggle = p.on_toggle.clone();
    let onkeydown = Callback::from(move |e: KeyboardEvent| {
        if e.key() == "Enter" || e.key() == " " {
            e.prevent_default();
            on_toggle.emit(key.clone());
        }
    });
    let bar_w = r.w - 32.0;
    let mut x = 16.0;
    let segments: Html = a
        .counts
        .iter()
        .map(|(phase, n)| {
            let w = bar_w * *n as f64 / a.total.max(1) as f64;
            let seg = html! {
                <rect class={classes!("segment", format!("phase-{}", phase.class()))}
                    x={x.to_string()} y="58" width={w.max(2.0).to_string()} height="12" />
            };
            x += w;
            seg
        })
        .collect();
    html! {
        <g class="node aggregate" style={super::translate(r.x, r.y)}
            tabindex="0" role="button" aria-label={label} {onclick} {onkeydown}
            data-kind="Pods" data-name={p.owner.clone()} data-count={a.total.to_string()}>
            <title>{ title }</title>
            <rect class="ring" x="-5" y="-5" width={(r.w + 10.0).to_string()}
                height={(r.h + 10.0).to_string()} rx="14" />
            <g class="shape">
                <rect class="box" width={r.w.to_string()} height={r.h.to_string()} rx="10" />
                <text class="t-kind" x="16" y="24">{ format!("PODS · {}", a.total) }</text>
                <text class="t-status t-summary" x="16" y="48">{ clip(&summary, summary_chars(r.w)) }</text>
                { segments }
                <text class="t-action" x="16" y="94">{ words.t("graph-aggregate-show") }</text>
            </g>
        </g>
    }
}
