//! The boxes of the exported picture, laid out as `components/graph/cards.rs` lays out the
//! page's boxes (same positions, same lines of text, same glyphs) but written as SVG text with
//! explicit colours, since the picture carries no stylesheet.

use std::fmt::Write;

use super::xml::esc;
use super::{clip, BAND, INK, LINE, MONO, MUTED};
use crate::view::{
    Aggregate, CompactTop, Form, ItemMeta, Phase, PodItem, RowFigures, RowItem, ServiceItem,
    TopItem, ViewModel,
};
use crate::words::Words;

/// The Services' violet, as `static/graph.css` sets it for light pages.
pub(super) const SERVICE: &str = "#6b46c1";
const SERVICE_TINT: &str = "#f1ecfb";

/// The accent of suffixes: the random part of a pod name that tells new pods from old.
const SUFFIX: &str = "#b3005e";

/// A phase's (line, text, tint) colours, as `static/graph.css` sets them for light pages.
pub(super) fn phase_colour(phase: Phase) -> (&'static str, &'static str, &'static str) {
    match phase {
        Phase::Running | Phase::Unready => ("#009e73", "#00664a", "#e2f4ee"),
        Phase::Creating => ("#0072b2", "#00588a", "#e3eff8"),
        Phase::Pending => ("#e69f00", "#7a5200", "#fff6e2"),
        Phase::Failing => ("#d55e00", "#a14600", "#fcebdf"),
        Phase::Terminating => ("#7c8592", "#4b5563", "#eceef2"),
        Phase::Completed => ("#cc79a7", "#8a3d68", "#f8e9f2"),
    }
}

/// Every live box, in the order the page draws them; ghosts shrinking out are left out, and
/// objects already gone but still holding their dependents' place are drawn as outlines.
pub(super) fn nodes(s: &mut String, view: &ViewModel, w: &Words) {
    for t in &view.trees {
        top(s, &t.top, view.form, w);
    }
    for svc in view.services() {
        service(s, svc, w);
    }
    for row in view.rows() {
        replicaset(s, &row.rs, view.form, w);
    }
    for pod in view.pods() {
        pod_card(s, pod, w);
    }
    for agg in view.groups().filter_map(|g| g.aggregate.as_ref()) {
        aggregate(s, agg, w);
    }
    super::workload_cards::nodes(s, view, w);
}

/// A text line inside a box: `attrs` are its font attributes, `fill` its colour.
pub(super) fn line(s: &mut String, x: f64, y: f64, attrs: &str, fill: &str, text: &str) {
    let _ = write!(s, "<text x=\"{x}\" y=\"{y}\" {attrs} fill=\"{fill}\">{}</text>", esc(text));
}

/// The same, right-aligned at `x`.
fn line_end(s: &mut String, x: f64, y: f64, attrs: &str, fill: &str, text: &str) {
    line(s, x, y, &format!("{attrs} text-anchor=\"end\""), fill, text);
}

pub(super) const KIND: &str = "font-size=\"13.5\" font-weight=\"700\" letter-spacing=\"1\"";
pub(super) const LABEL: &str = "font-size=\"13.5\" font-weight=\"600\"";
pub(super) const VALUE: &str = "font-size=\"20\" font-weight=\"700\"";
pub(super) const SMALL: &str = "font-size=\"14\"";
const FLAG: &str = "font-size=\"14\" font-weight=\"700\"";

/// Opens a box's group and draws its frame; returns false for a ghost, which is not drawn.
/// The group's `<title>` names the object in full (`Pod web-7d9f5cbb6d-8xk2p`): the card may
/// shorten it, and slide tools and screen readers read titles.
pub(super) fn frame(
    s: &mut String,
    m: &ItemMeta,
    fill: &str,
    stroke: &str,
    width: f64,
    dash: &str,
) -> bool {
    if m.vanishing {
        return false;
    }
    let r = m.rect;
    let (fill, stroke, dash) = if m.gone {
        ("none", MUTED, "5 6")
    } else if m.deleting {
        (fill, phase_colour(Phase::Failing).0, "9 5")
    } else {
        (fill, stroke, dash)
    };
    let opacity = if m.gone { " opacity=\"0.45\"" } else { "" };
    let dash =
        if dash.is_empty() { String::new() } else { format!(" stroke-dasharray=\"{dash}\"") };
    let _ = write!(
        s,
        "<g transform=\"translate({} {})\"{opacity}><title>{} {}</title><rect width=\"{}\" \
         height=\"{}\" rx=\"10\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{width}\"{dash}/>",
        r.x,
        r.y,
        m.target.kind.as_str(),
        esc(&named(m)),
        r.w,
        r.h
    );
    true
}

fn finalizers(s: &mut String, m: &ItemMeta, y: f64, w: &Words) {
    if !m.finalizers.is_empty() {
        let text = crate::view::fit::finalizers(&m.finalizers, 16.0, m.rect.w, w);
        line(s, 16.0, y, FLAG, phase_colour(Phase::Pending).1, &text);
    }
}

/// The namespace, when it is not `default`, as a prefix of the name.
pub(super) fn named(m: &ItemMeta) -> String {
    match m.target.namespace.as_str() {
        "" | "default" => m.target.name.clone(),
        ns => format!("{ns}/{}", m.target.name),
    }
}

/// A box's top-right badge: DELETING wins over anything else the kind shows there.
fn badge(s: &mut String, m: &ItemMeta, other: Option<(&str, &str)>, words: &Words) {
    let w = m.rect.w;
    if m.deleting {
        let deleting = words.t("graph-badge-deleting");
        line_end(s, w - 14.0, 24.0, KIND, phase_colour(Phase::Failing).1, &deleting);
    } else if let Some((fill, text)) = other {
        line_end(s, w - 14.0, 24.0, KIND, fill, text);
    }
}

/// A tree's top box, in the desk's columns or as the drawing's compact form places it.
fn top(s: &mut String, d: &TopItem, view_form: Form, w: &Words) {
    let m = &d.meta;
    if !frame(s, m, "#ffffff", LINE, 3.0, "") {
        return;
    }
    let (columns, flag) = d.figures.columns(w);
    line(s, 16.0, 24.0, KIND, MUTED, &m.target.kind.as_str().to_uppercase());
    badge(s, m, flag.as_deref().map(|f| (phase_colour(Phase::Pending).1, f)), w);
    let mono = format!("font-family=\"{MONO}\" font-size=\"14\"");
    if let Some(c) = CompactTop::of(view_form, m.rect.w, columns.each_ref().map(|(h, _)| *h)) {
        line(s, 16.0, c.name_y, VALUE, INK, &clip(&named(m), c.name_chars));
        let figures = c.figures.iter().zip(c.value_chars);
        for ((((lx, ly), (vx, vy)), keep), (header, value)) in figures.zip(&columns) {
            line(s, *lx, *ly, LABEL, MUTED, header);
            let value = clip(value, keep);
            if c.value_end {
                line_end(s, *vx, *vy, VALUE, INK, &value);
            } else {
                line(s, *vx, *vy, VALUE, INK, &value);
            }
        }
        let (ix, iy, keep) = c.images;
        let images = clip(&d.images.join(", "), keep);
        if c.images_end {
            line_end(s, ix, iy, &mono, INK, &images);
        } else {
            line(s, ix, iy, &mono, INK, &images);
        }
        finalizers(s, m, c.finalizer_y, w);
        s.push_str("</g>");
        return;
    }
    line(s, 16.0, 50.0, VALUE, INK, &clip(&named(m), 24));
    for ((header, value), x) in columns.iter().zip([16.0, 80.0, 172.0]) {
        line(s, x, 76.0, LABEL, MUTED, header);
        // "1000/1000" would run into the next column: squeeze long values into it.
        let squeeze = if value.len() > 5 {
            " textLength=\"58\" lengthAdjust=\"spacingAndGlyphs\""
        } else {
            ""
        };
        line(s, x, 100.0, &format!("{VALUE}{squeeze}"), INK, value);
    }
    line(s, 16.0, 124.0, &mono, INK, &clip(&d.images.join(", "), 30));
    finalizers(s, m, 148.0, w);
    s.push_str("</g>");
}

fn replicaset(s: &mut String, rs: &RowItem, view_form: Form, w: &Words) {
    let m = &rs.meta;
    let (kind, columns, revision) = match &rs.figures {
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
    // A size set back by its loop reads as on the page: "5 → 3", and which loop.
    let scaled = rs.scaled_back.as_ref();
    let mut columns = columns;
    if let Some(b) = scaled {
        columns[0].1 = b.desired_cell();
    }
    let (fill, dash) = if rs.collapsed { (BAND, "4 4") } else { ("#ffffff", "") };
    if !frame(s, m, fill, LINE, 2.0, dash) {
        return;
    }
    let name = format!("font-family=\"{MONO}\" font-size=\"14\" font-weight=\"700\"");
    let rev = match scaled {
        Some(b) if rs.collapsed => Some(b.desired_cell()),
        _ => revision.as_ref().map(|r| w.with("graph-rev", &[("rev", r.as_str().into())])),
    };
    // The page's baselines (`components/graph/cards.rs`): a compact form's box is shorter.
    let tight = view_form != Form::Tall;
    let [ky, ny, hy, vy, fy] =
        if tight { [22.0, 44.0, 68.0, 92.0, 116.0] } else { [24.0, 48.0, 74.0, 98.0, 124.0] };
    if view_form.stacked() && !rs.collapsed {
        // A stacked form's strip, as the page draws it: kind, name, the figures at its end.
        let [(h1, v1), (h2, v2), (h3, v3)] = &columns;
        let cells = [(*h1, v1.as_str()), (*h2, v2.as_str()), (*h3, v3.as_str())];
        let strip = crate::view::fit::strip(kind, cells, m.rect.w);
        line(s, 14.0, 22.0, KIND, MUTED, strip.kind);
        line(s, strip.name_x, 22.0, &name, INK, &clip(&named(m), strip.name_chars));
        if m.deleting || m.gone || m.vanishing {
            badge(s, m, None, w);
        } else {
            line_end(s, m.rect.w - 12.0, 22.0, SMALL, MUTED, &strip.figures);
        }
    } else if rs.collapsed {
        let cy = (m.rect.h / 2.0 + 6.0).min(28.0);
        line(s, 14.0, cy, KIND, MUTED, "RS");
        line(s, 44.0, cy, &name, INK, &clip(&named(m), 17));
        let right = rev.unwrap_or_else(|| "0/0".to_string());
        line_end(s, m.rect.w - 12.0, cy, SMALL, MUTED, &right);
    } else {
        line(s, 16.0, ky, KIND, MUTED, kind);
        match scaled.filter(|_| !m.deleting) {
            // In the small type of "rev N", so it stays clear of the kind on the left.
            Some(b) => line_end(
                s,
                m.rect.w - 14.0,
                24.0,
                SMALL,
                phase_colour(Phase::Pending).1,
                &b.badge(),
            ),
            None => badge(s, m, rev.as_deref().map(|r| (MUTED, r)), w),
        }
        line(s, 16.0, ny, &name, INK, &clip(&named(m), 24));
        let headings = crate::view::fit::row_headings(columns.clone().map(|c| c.0), m.rect.w);
        let at = crate::view::fit::ROW_COLUMNS;
        for (((_, value), x), heading) in columns.iter().zip(at).zip(headings) {
            let squeeze = heading.squeeze.map_or(String::new(), |room| {
                format!(" textLength=\"{room}\" lengthAdjust=\"spacingAndGlyphs\"")
            });
            line(s, x, hy, &format!("{LABEL}{squeeze}"), MUTED, &heading.text);
            line(s, x, vy, VALUE, INK, &clip(value, 8));
        }
        finalizers(s, m, fy, w);
    }
    s.push_str("</g>");
}

/// Characters of 13 px monospace that fit on a pod card's name line.
const POD_NAME_CHARS: usize = 20;

fn pod_card(s: &mut String, pod: &PodItem, words: &Words) {
    let m = &pod.meta;
    let (c, ink, tint) = phase_colour(pod.phase);
    let (fill, dash) = match (pod.phase, pod.terminating) {
        (_, true) => (tint, "3 4"),
        (Phase::Pending, _) => ("#ffffff", "6 4"),
        _ => (tint, ""),
    };
    if !frame(s, m, fill, c, 2.5, dash) {
        return;
    }
    let (w, h) = (m.rect.w, m.rect.h);
    let _ = write!(s, "<rect width=\"6\" height=\"{h}\" rx=\"3\" fill=\"{c}\"/>");
    // A stacked form's short card (`Metrics::pod_h`) has no kind and node line, as on the page.
    let short = h < crate::view::POD_H;
    let [name_y, icon_y, status_y, counts_y] =
        if short { [21.0, 37.0, 42.0, 58.0] } else { [45.0, 64.0, 69.0, 93.0] };
    if short {
        if !m.finalizers.is_empty() {
            line(s, 96.0, counts_y, FLAG, phase_colour(Phase::Pending).1, "⚑");
        }
    } else {
        line(s, 16.0, 22.0, KIND, MUTED, "POD");
        if !m.finalizers.is_empty() {
            line(s, 52.0, 22.0, FLAG, phase_colour(Phase::Pending).1, "⚑");
        }
        let node = pod.node.clone().unwrap_or_else(|| words.t("graph-pod-no-node"));
        line_end(s, w - 10.0, 22.0, SMALL, MUTED, &clip(&node, 12));
    }
    // The random suffix is never shortened: it is what tells a new pod from an old one.
    let room = POD_NAME_CHARS.saturating_sub(pod.name_suffix.chars().count());
    let _ = write!(
        s,
        "<text x=\"16\" y=\"{name_y}\" font-family=\"{MONO}\" font-size=\"13\"><tspan fill=\"{MUTED}\">\
         {}</tspan><tspan fill=\"{SUFFIX}\" font-weight=\"800\" font-size=\"14.5\">{}</tspan></text>",
        esc(&clip(&pod.name_prefix, room)),
        esc(&pod.name_suffix)
    );
    phase_icon(s, pod.phase, 23.0, icon_y);
    // Squeezed into the box as on the page (`view::fit`), never run over its edge.
    let status = crate::view::fit::pod_status(&pod.status, w);
    let squeeze = status.squeeze.map_or(String::new(), |room| {
        format!(" textLength=\"{room}\" lengthAdjust=\"spacingAndGlyphs\"")
    });
    let attrs = format!("font-size=\"14.5\" font-weight=\"700\"{squeeze}");
    line(s, crate::view::fit::POD_STATUS_X, status_y, &attrs, ink, &status.text);
    line(s, 16.0, counts_y, SMALL, MUTED, &format!("READY {}", pod.ready));
    line_end(s, w - 10.0, counts_y, SMALL, MUTED, &format!("RST {}", pod.restarts));
    s.push_str("</g>");
}

fn aggregate(s: &mut String, a: &Aggregate, w: &Words) {
    let r = a.rect;
    let summary = a.summary(w);
    let title = w.with(
        "graph-aggregate-title",
        &[("count", a.total.into()), ("summary", summary.as_str().into())],
    );
    let _ = write!(
        s,
        "<g transform=\"translate({} {})\"><title>{}</title><rect width=\"{}\" \
         height=\"{}\" rx=\"10\" fill=\"{BAND}\" stroke=\"{LINE}\" stroke-width=\"2\"/>",
        r.x,
        r.y,
        esc(&title),
        r.w,
        r.h
    );
    line(s, 16.0, 24.0, KIND, MUTED, &format!("PODS · {}", a.total));
    line(s, 16.0, 48.0, "font-size=\"14.5\" font-weight=\"700\"", INK, &clip(&summary, 60));
    let bar_w = r.w - 32.0;
    let mut x = 16.0;
    for (phase, n) in &a.counts {
        let w = bar_w * *n as f64 / a.total.max(1) as f64;
        let _ = write!(
            s,
            "<rect x=\"{x}\" y=\"58\" width=\"{}\" height=\"12\" fill=\"{}\"/>",
            w.max(2.0),
            phase_colour(*phase).0
        );
        x += w;
    }
    s.push_str("</g>");
}

/// A phase's glyph centred on (`cx`, `cy`), as `components/graph/icons.rs` draws it: each
/// phase has its own shape as well as its own colour, so a grey printout still tells them
/// apart.
pub(super) fn phase_icon(s: &mut String, phase: Phase, cx: f64, cy: f64) {
    let c = phase_colour(phase).0;
    let stroke = format!(
        "fill=\"none\" stroke=\"{c}\" stroke-width=\"2.4\" stroke-linecap=\"round\" \
         stroke-linejoin=\"round\""
    );
    let _ = write!(s, "<g transform=\"translate({cx} {cy})\">");
    let _ = match phase {
        Phase::Pending => write!(s, "<circle r=\"6\" {stroke}/>"),
        Phase::Creating => {
            write!(s, "<circle r=\"6\" {stroke}/><path d=\"M0 -6 A6 6 0 0 1 0 6 Z\" fill=\"{c}\"/>")
        }
        Phase::Running => write!(s, "<circle r=\"7\" fill=\"{c}\"/>"),
        Phase::Unready => write!(s, "<circle r=\"6\" {stroke}/><circle r=\"3\" fill=\"{c}\"/>"),
        Phase::Failing => write!(
            s,
            "<path d=\"M0 -7.5 L7.5 6 L-7.5 6 Z\" fill=\"{c}\"/>\
             <rect x=\"-1\" y=\"-3\" width=\"2\" height=\"5\" fill=\"#ffffff\"/>\
             <rect x=\"-1\" y=\"3\" width=\"2\" height=\"2\" fill=\"#ffffff\"/>"
        ),
        Phase::Terminating => write!(s, "<circle r=\"6\" {stroke} stroke-dasharray=\"2 2.6\"/>"),
        Phase::Completed => write!(s, "<path d=\"M-6 0 L-2 5 L6 -5\" {stroke}/>"),
    };
    s.push_str("</g>");
}

/// A Service box: its address and its endpoints. The users' counter is left out: it is
/// traffic, not cluster state, and the picture shows the cluster.
fn service(s: &mut String, svc: &ServiceItem, w: &Words) {
    let m = &svc.meta;
    let empty = svc.has_selector && svc.selected == 0;
    if !frame(s, m, SERVICE_TINT, SERVICE, 2.5, if empty { "8 6" } else { "" }) {
        return;
    }
    line(s, 16.0, 24.0, KIND, SERVICE, "SERVICE");
    badge(s, m, Some((SERVICE, svc.type_.as_str())), w);
    let chars = ((m.rect.w - 32.0) / 8.4) as usize;
    line(s, 16.0, 50.0, VALUE, INK, &clip(&named(m), chars * 8 / 11));
    let address = match &svc.cluster_ip {
        Some(ip) => format!("{ip} · {}", svc.ports),
        None => svc.ports.clone(),
    };
    let mono = format!("font-family=\"{MONO}\" font-size=\"14\"");
    line(s, 16.0, 74.0, &mono, INK, &clip(&address, chars));
    let endpoints = if !svc.has_selector {
        w.t("graph-svc-no-selector-short")
    } else if empty {
        w.t("graph-svc-no-pods")
    } else {
        let counts = [("ready", svc.ready.into()), ("selected", svc.selected.into())];
        w.with("graph-svc-endpoints", &counts)
    };
    let fill = if empty { phase_colour(Phase::Failing).1 } else { INK };
    line(s, 16.0, 98.0, SMALL, fill, &clip(&endpoints, chars + 4));
    s.push_str("</g>");
}
