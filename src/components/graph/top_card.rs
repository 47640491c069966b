//! The box heading a band: a Deployment, DaemonSet, StatefulSet, CronJob or Job of its own,
//! with the three figures its `kubectl get` row leads with: in columns on the desk, or as the
//! compact forms place them (`view::CompactTop`) when the room is short.

use yew::prelude::*;

use super::cards::{clip, finalizer_line, ns_prefix, squeeze, Frame, DEPLOY_COLUMNS};
use crate::selection::ObjRef;
use crate::view::{note, note_lines, CompactTop, Form, TopItem};
use crate::words::use_words;

#[derive(Properties, PartialEq)]
pub struct TopCardProps {
    pub item: TopItem,
    /// The drawing's form: a compact one places the text for a shorter or narrower box.
    #[prop_or_default]
    pub form: Form,
    pub selected: bool,
    pub on_select: Callback<ObjRef>,
}

#[component]
pub fn TopCard(p: &TopCardProps) -> Html {
    let w = use_words();
    let d = &p.item;
    let m = &d.meta;
    let (columns, flag) = d.figures.columns(&w);
    let paused = flag.is_some();
    let badge = if m.gone || m.vanishing {
        Some(("badge badge-deleted", w.t("graph-badge-deleted")))
    } else if m.deleting {
        Some(("badge badge-deleting", w.t("graph-badge-deleting")))
    } else {
        flag.map(|f| ("badge badge-paused", f))
    };
    let images = clip(&d.images.join(", "), 52);
    let name = format!("{}{}", ns_prefix(m), m.target.name);
    // 19 px bold proportional type: about 11 px a character.
    let name_fit = squeeze(&name, 38, 38.0 * 11.0);
    let [c1, c2, c3] = DEPLOY_COLUMNS.map(|x| x.to_string());
    let kind = m.target.kind.as_str();
    let figures: Vec<String> = columns.iter().map(|(h, v)| format!("{h} {v}")).collect();
    let label = format!("{kind} {}, {}", m.target.name, figures.join(", "));
    let image = w.with("graph-top-image", &[("images", d.images.join(", ").into())]);
    let tooltip = format!("{kind} {}\n{}\n{image}", m.target.name, figures.join("  "));
    let [(h1, v1), (h2, v2), (h3, v3)] = columns;
    let labels = [h1, h2, h3];
    let body = if let Some(c) = CompactTop::of(p.form, m.rect.w, labels) {
        let name_fit = squeeze(&name, c.name_chars, c.name_chars as f64 * 11.0);
        let (ix, iy, keep) = c.images;
        // A deleted box's note takes the figures' line (Short) or the images' (Beside).
        let (nx, ny) = c.note;
        let anchor = |end: bool| end.then_some("end");
        html! { <>
            <text class="t-kind" x="16" y="24">{ kind.to_uppercase() }</text>
            if let Some((class, text)) = badge {
                <text class={class} x={(m.rect.w - 14.0).to_string()} y="24" text-anchor="end">{ text }</text>
            }
            <text class="t-title" x="16" y={c.name_y.to_string()} textLength={name_fit} lengthAdjust="spacingAndGlyphs">{ name }</text>
            if !m.gone || !c.note_for_figures {
                { for c.figures.iter().zip(c.value_chars).zip(labels.iter().zip([v1, v2, v3])).map(|((((lx, ly), (vx, vy)), keep), (h, v))| html! { <>
                    <text class="t-label" x={lx.to_string()} y={ly.to_string()}>{ *h }</text>
                    <text class="t-value" x={vx.to_string()} y={vy.to_string()}
                        text-anchor={anchor(c.value_end)}>{ clip(&v, keep) }</text>
                </> }) }
            }
            if m.gone {
                <text class="t-ghost-note" x={nx.to_string()} y={ny.to_string()}>
                    if let Some(dy) = c.note_split {
                        // "background: dependents" over "are being collected".
                        <tspan>{ note_lines(&w).0 }</tspan>
                        <tspan x={nx.to_string()} dy={dy.to_string()}>{ note_lines(&w).1 }</tspan>
                    } else {
                        { note(&w) }
                    }
                </text>
            }
            if !m.gone || c.note_for_figures {
                <text class="t-mono" x={ix.to_string()} y={iy.to_string()}
                    text-anchor={anchor(c.images_end)}>{ clip(&d.images.join(", "), keep) }</text>
            }
            { finalizer_line(m, c.finalizer_y, &w) }
        </> }
    } else {
        html! { <>
            <text class="t-kind" x="16" y="24">{ kind.to_uppercase() }</text>
            if let Some((class, text)) = badge {
                <text class={class} x={(m.rect.w - 14.0).to_string()} y="24" text-anchor="end">{ text }</text>
            }
            <text class="t-title" x="16" y="50" textLength={name_fit} lengthAdjust="spacingAndGlyphs">{ name }</text>
            <text class="t-label" x={c1.clone()} y="76">{ h1 }</text>
            <text class="t-label" x={c2.clone()} y="76">{ h2 }</text>
            <text class="t-label" x={c3.clone()} y="76">{ h3 }</text>
            <text class="t-value" x={c1} y="100">{ clip(&v1, 12) }</text>
            <text class="t-value" x={c2} y="100">{ clip(&v2, 12) }</text>
            <text class="t-value" x={c3} y="100">{ clip(&v3, 12) }</text>
            if m.gone {
                // Deleted in the background: gone from the API, its dependents not yet collected
                // (the garbage collector deletes them after it).
                <text class="t-ghost-note" x="16" y="124">{ note(&w) }</text>
            } else {
                <text class="t-mono" x="16" y="124">{ images }</text>
            }
            { finalizer_line(m, 148.0, &w) }
        </> }
    };
    let frame = Frame {
        meta: m,
        class: classes!(kind.to_ascii_lowercase(), "top", paused.then_some("paused")),
        label,
        status: None,
        selected: p.selected,
        on_select: &p.on_select,
    };
    frame.render(tooltip, body)
}
