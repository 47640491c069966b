//! The small boxes only some trees have: a set's ControllerRevisions (chips), the
//! ConfigMaps and Secrets its pods read and the PodDisruptionBudgets covering them (chips), a
//! StatefulSet's claims, and an autoscaler with its loop onto what it scales.

use yew::prelude::*;

use super::cards::{clip, squeeze, Frame};
use crate::selection::ObjRef;
use crate::view::{ClaimItem, ConfigItem, HpaItem, PdbItem, RevisionItem, Tree};
use crate::words::Words;

/// The tree's chips, claims and autoscalers, after its pods.
pub(super) fn tree_nodes(
    tree: &Tree,
    selected: Option<&ObjRef>,
    on_select: &Callback<ObjRef>,
    w: &Words,
    nodes: &mut Vec<Html>,
) {
    if let Some(draw) = linked() {
        draw(tree, selected, on_select, w, nodes);
    }
}

type Draw = fn(&Tree, Option<&ObjRef>, &Callback<ObjRef>, &Words, &mut Vec<Html>);

// What these draw (revisions, claims, autoscalers, configs' and budgets' chips) only the
// course part's kinds make, so in the page's split build the drawing ships with it
// (`crate::lazy::course` calls `link`), as `view::workloads` does.
crate::lazy::seam!(Draw = draw_all);

fn draw_all(
    tree: &Tree,
    selected: Option<&ObjRef>,
    on_select: &Callback<ObjRef>,
    w: &Words,
    nodes: &mut Vec<Html>,
) {
    let is = |t: &ObjRef| selected == Some(t);
    for r in &tree.revisions {
        nodes.push(revision_chip(r, is(&r.meta.target), on_select, w));
    }
    let of_tree = &tree.top.meta.uid;
    for c in &tree.configs {
        nodes.push(config_chip(c, of_tree, is(&c.meta.target), on_select, w));
    }
    for b in &tree.pdbs {
        nodes.push(pdb_chip(b, of_tree, is(&b.meta.target), on_select, w));
    }
    for c in &tree.claims {
        nodes.push(claim_card(c, is(&c.meta.target), on_select, w));
    }
    for h in &tree.autoscalers {
        nodes.push(hpa_card(h, is(&h.meta.target), on_select, w));
    }
}

fn revision_chip(
    r: &RevisionItem,
    selected: bool,
    on_select: &Callback<ObjRef>,
    w: &Words,
) -> Html {
    let m = &r.meta;
    let text = w.with("graph-rev", &[("rev", r.revision.into())]);
    let body = html! {
        <text class="t-rev-chip" x={(m.rect.w / 2.0).to_string()} y="20" text-anchor="middle">{ text.clone() }</text>
    };
    let frame = Frame {
        meta: m,
        class: classes!("revision", r.current.then_some("current")),
        label: w.with(
            "graph-revision-label",
            &[("name", m.target.name.as_str().into()), ("revision", r.revision.into())],
        ),
        status: None,
        selected,
        on_select,
    };
    html! { <g key={m.uid.clone()}>{ frame.render(format!("ControllerRevision {}\n{text}", m.target.name), body) }</g> }
}

/// `cm app` or `secret db`; one that is not there is outlined as missing. Keyed by the tree
/// too, since two workloads may read one ConfigMap.
fn config_chip(
    c: &ConfigItem,
    tree: &str,
    selected: bool,
    on_select: &Callback<ObjRef>,
    w: &Words,
) -> Html {
    let m = &c.meta;
    let (short, kind) = match m.target.kind {
        kubeloop::model::Kind::ConfigMap => ("cm", "ConfigMap"),
        _ => ("secret", "Secret"),
    };
    let name = &m.target.name;
    let text = format!("{short} {}", clip(name, 17 - short.len()));
    let missing =
        if c.missing { format!(", {}", w.t("graph-config-missing")) } else { String::new() };
    let read_by = w.t("graph-config-read-by");
    let frame = Frame {
        meta: m,
        class: classes!("config", c.missing.then_some("missing")),
        label: format!("{kind} {name}{missing}, {read_by}"),
        status: None,
        selected,
        on_select,
    };
    let title = format!("{kind} {name}{missing}\n{read_by}");
    chip(frame, format!("{}@{tree}", m.uid), "t-config-chip", text, title)
}

/// `pdb web · 1 allowed`; at `0 allowed` it is drawn as a warning: a drain waits. Keyed by
/// the tree too, since one budget may cover the pods of two workloads.
fn pdb_chip(
    b: &PdbItem,
    tree: &str,
    selected: bool,
    on_select: &Callback<ObjRef>,
    w: &Words,
) -> Html {
    let m = &b.meta;
    let name = &m.target.name;
    let text =
        w.with("graph-pdb-chip", &[("name", clip(name, 24).into()), ("allowed", b.allowed.into())]);
    let blocked = b.allowed <= 0;
    let about = w.with(
        if blocked { "graph-pdb-about-blocked" } else { "graph-pdb-about" },
        &[
            ("allowed", b.allowed.into()),
            ("healthy", b.healthy.into()),
            ("needed", b.needed.into()),
        ],
    );
    let frame = Frame {
        meta: m,
        class: classes!("pdb", blocked.then_some("blocked")),
        label: format!("PodDisruptionBudget {name}: {about}"),
        status: None,
        selected,
        on_select,
    };
    let title = format!("PodDisruptionBudget {name}\n{about}");
    chip(frame, format!("{}@{tree}", m.uid), "t-pdb-chip", text, title)
}

/// A chip's one line of `text` (14 px bold monospace, 8.4 px a character, 12 px margins),
/// squeezed to the chip's width when longer than it holds.
fn chip(frame: Frame, key: String, class: &'static str, text: String, title: String) -> Html {
    let room = frame.meta.rect.w - 24.0;
    let fit = squeeze(&text, (room / 8.4) as usize, room);
    let body = html! {
        <text {class} x="12" y="20" textLength={fit} lengthAdjust="spacingAndGlyphs">{ text }</text>
    };
    html! { <g {key}>{ frame.render(title, body) }</g> }
}

fn claim_card(c: &ClaimItem, selected: bool, on_select: &Callback<ObjRef>, w: &Words) -> Html {
    let m = &c.meta;
    let name = m.target.name.clone();
    let usage = w.t(if c.in_use { "graph-claim-in-use" } else { "graph-claim-kept" });
    let body = html! { <>
        <text class="t-kind" x="14" y="20">{ "PVC" }</text>
        <text class="t-small t-claim-phase" x={(m.rect.w - 10.0).to_string()} y="20" text-anchor="end">
            { format!("{} · {}", c.phase, c.request) }
        </text>
        <text class="t-mono" x="14" y="44" textLength={squeeze(&name, 19, 19.0 * 8.4)}
            lengthAdjust="spacingAndGlyphs">{ clip(&name, 26) }</text>
    </> };
    let frame = Frame {
        meta: m,
        class: classes!("claim", (!c.in_use).then_some("unused")),
        label: format!("PersistentVolumeClaim {name}, {}, {usage}", c.phase),
        status: Some(c.phase.as_str()),
        selected,
        on_select,
    };
    let tooltip = format!("PersistentVolumeClaim {name}\n{} {}\n{usage}", c.phase, c.request);
    html! { <g key={m.uid.clone()}>{ frame.render(tooltip, body) }</g> }
}

fn hpa_card(h: &HpaItem, selected: bool, on_select: &Callback<ObjRef>, words: &Words) -> Html {
    let m = &h.meta;
    let w = m.rect.w;
    let name = m.target.name.clone();
    let util = h.utilization();
    let replicas = h.replicas(words);
    let bounds = format!("min {} · max {}", h.min, h.max);
    let body = html! { <>
        <text class="t-kind" x="16" y="24">{ "HPA" }</text>
        if h.inactive {
            <text class="badge badge-deleting" x={(w - 14.0).to_string()} y="24" text-anchor="end">{ words.t("graph-hpa-no-metrics") }</text>
        }
        <text class="t-title" x="16" y="50" textLength={squeeze(&name, (w / 11.0) as usize, w - 32.0)}
            lengthAdjust="spacingAndGlyphs">{ name.clone() }</text>
        <text class="t-value" x="16" y="80">{ util.clone() }</text>
        <text class="t-small" x="16" y="104">{ replicas.clone() }</text>
        <text class="t-small" x="16" y="126">{ bounds.clone() }</text>
    </> };
    let frame = Frame {
        meta: m,
        class: classes!("hpa", h.inactive.then_some("inactive")),
        label: words.with(
            "graph-hpa-label",
            &[
                ("name", name.as_str().into()),
                ("target", h.target.arg().into()),
                ("util", util.as_str().into()),
                ("replicas", replicas.as_str().into()),
            ],
        ),
        status: None,
        selected,
        on_select,
    };
    let scales = words.with("graph-hpa-scales", &[("target", h.target.arg().into())]);
    let tooltip = format!("HorizontalPodAutoscaler {name}\n{scales}\n{util}\n{replicas}\n{bounds}");
    html! { <g key={m.uid.clone()}>{ frame.render(tooltip, body) }</g> }
}

/// The loop from an autoscaler onto its target, with an arrowhead where it acts.
pub(super) fn hpa_arc(h: &HpaItem) -> Html {
    if h.arc.is_empty() {
        return html! {};
    }
    html! {
        <path key={h.meta.uid.clone()} class={classes!("hpa-arc", h.inactive.then_some("inactive"))}
            d={h.arc.clone()} marker-end="url(#hpa-arrow)"
            data-owner={format!("HorizontalPodAutoscaler/{}", h.meta.target.name)}
            data-dependent={format!("{}/{}", h.target.kind, h.target.name)} />
    }
}
