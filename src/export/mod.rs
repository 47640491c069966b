//! The graph as a picture for slides and handouts: a standalone SVG document built from the
//! same `ViewModel` the `Graph` component draws, with a title and the simulated time on top
//! and a legend below. It is a pure function of its arguments and never reads the DOM, so
//! what is exported is exactly the model, not whatever the page happened to be animating.
//!
//! The picture uses presentation attributes rather than the page's CSS (slide tools honour
//! attributes more reliably than `<style>`), in the light palette of `static/graph.css`,
//! since handouts are printed on white. Every piece of text is escaped: object names,
//! images and finalizers are user input. Turning the SVG into a PNG needs a browser and
//! lives in `browser.rs`.

mod browser;
mod cards;
#[cfg(test)]
mod tests;
mod workload_cards;
pub mod xml;

pub use browser::{download, png_data_url, svg_data_url};

use std::fmt::Write;

use crate::view::{Phase, ViewModel};
use crate::words::Words;
use xml::esc;

/// Height of the title strip above the graph.
pub const HEADER_H: f64 = 60.0;
/// Height of the legend strip below the graph.
pub const LEGEND_H: f64 = 48.0;
/// Narrowest picture: the title, the clock and the legend need this much.
pub const MIN_W: f64 = 1060.0;

pub(crate) const SANS: &str =
    "system-ui, 'Segoe UI', 'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif";
pub(crate) const MONO: &str = "ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace";
pub(crate) const BG: &str = "#ffffff";
pub(crate) const INK: &str = "#1b1f24";
pub(crate) const MUTED: &str = "#4b5563";
pub(crate) const BAND: &str = "#f1f4f8";
pub(crate) const LINE: &str = "#56606d";
pub(crate) const ACCENT: &str = "#0b63c5";

/// A finished picture: the SVG text and its size in CSS pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    pub svg: String,
    pub width: f64,
    pub height: f64,
}

/// The picture's title: "kubeloop", then the scene (a mission's title) when there is one,
/// else the namespaces on show.
pub fn title(scene: Option<&str>, view: &ViewModel, w: &Words) -> String {
    if let Some(scene) = scene.filter(|s| !s.trim().is_empty()) {
        return format!("kubeloop · {scene}");
    }
    let mut namespaces: Vec<&str> = view
        .trees
        .iter()
        .map(|t| &t.top.meta)
        .chain(view.rows().map(|r| &r.rs.meta))
        .chain(view.pods().map(|p| &p.meta))
        .map(|m| m.target.namespace.as_str())
        .collect();
    namespaces.sort_unstable();
    namespaces.dedup();
    let shown = match namespaces.as_slice() {
        [] => w.t("svg-empty-cluster"),
        [one] => w.with("svg-namespace", &[("name", (*one).into())]),
        many => w.with("svg-namespaces", &[("names", many.join(", ").into())]),
    };
    format!("kubeloop · {shown}")
}

/// The clock as the page prints it: `t = 1m5s`.
pub fn clock(sim_ms: i64) -> String {
    format!("t = {}", kubeloop::duration::human(sim_ms))
}

/// A file name for the picture: `kubeloop-1m5s.svg`. Only the clock goes in, which is made
/// of digits and unit letters, so the name is safe on every file system.
pub fn file_name(sim_ms: i64, extension: &str) -> String {
    let t: String =
        kubeloop::duration::human(sim_ms).chars().filter(|c| c.is_ascii_alphanumeric()).collect();
    format!("kubeloop-{t}.{extension}")
}

/// The graph as a standalone SVG document, in the words of `w`'s language. Objects on their
/// way out (ghosts shrinking away, edges just cut) are left out: a picture shows the cluster,
/// not an animation frame.
pub fn svg(view: &ViewModel, title: &str, sim_ms: i64, w: &Words) -> Picture {
    let width = view.width.max(MIN_W).round();
    let graph_h = if view.is_empty() { 120.0 } else { view.height.max(0.0) };
    let rows = legend_places(width, w).last().map_or(0.0, |p| p.1 as f64);
    let legend_h = LEGEND_H + LEGEND_ROW * rows;
    let height = (HEADER_H + graph_h + legend_h).round();
    let mut s = String::with_capacity(4096 + 900 * view.pod_count.min(200));
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"{SANS}\">"
    );
    let _ = write!(s, "<title>{} ({})</title>", esc(title), esc(&clock(sim_ms)));
    let _ = write!(s, "<rect width=\"{width}\" height=\"{height}\" fill=\"{BG}\"/>");
    header(&mut s, width, title, sim_ms, view, w);
    let _ = write!(s, "<g transform=\"translate(0 {HEADER_H})\">");
    if view.is_empty() {
        let _ = write!(
            s,
            "<text x=\"{}\" y=\"64\" text-anchor=\"middle\" font-size=\"22\" fill=\"{MUTED}\">\
             {}</text>",
            width / 2.0,
            esc(&w.t("graph-empty-title"))
        );
    } else {
        graph(&mut s, view, w);
    }
    s.push_str("</g>");
    legend(&mut s, height - legend_h, width, w);
    s.push_str("</svg>");
    Picture { svg: s, width, height }
}

fn header(s: &mut String, width: f64, title: &str, sim_ms: i64, view: &ViewModel, w: &Words) {
    let _ = write!(
        s,
        "<text x=\"20\" y=\"38\" font-size=\"24\" font-weight=\"700\" fill=\"{ACCENT}\">{}</text>",
        esc(&clip(title, ((width - 260.0) / 13.0).max(20.0) as usize))
    );
    let _ = write!(
        s,
        "<text x=\"{}\" y=\"38\" text-anchor=\"end\" font-family=\"{MONO}\" font-size=\"20\" \
         font-weight=\"700\" fill=\"{INK}\">{}</text>",
        width - 20.0,
        esc(&clock(sim_ms))
    );
    if view.summarized {
        let _ = write!(
            s,
            "<text x=\"20\" y=\"56\" font-size=\"14\" fill=\"{MUTED}\">{}</text>",
            esc(&w.with("svg-summarised", &[("count", view.pod_count.into())]))
        );
    }
    let _ = write!(
        s,
        "<path d=\"M20 {y} H{}\" stroke=\"{BAND}\" stroke-width=\"2\"/>",
        width - 20.0,
        y = HEADER_H - 1.0
    );
}

fn graph(s: &mut String, view: &ViewModel, w: &Words) {
    for t in view.trees.iter().filter(|t| !t.top.meta.vanishing) {
        let b = t.band;
        let _ = write!(
            s,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"14\" fill=\"{BAND}\"/>",
            b.x, b.y, b.w, b.h
        );
    }
    if let Some(lane) = &view.orphans {
        let b = lane.band;
        let _ = write!(
            s,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"14\" fill=\"none\" \
             stroke=\"{LINE}\" stroke-width=\"2\" stroke-dasharray=\"3 7\"/>\
             <text x=\"{}\" y=\"{}\" font-size=\"17\" font-weight=\"700\" fill=\"{MUTED}\">{}</text>",
            b.x,
            b.y,
            b.w,
            b.h,
            b.x + 12.0,
            b.y + view.form.metrics().lane_title_y(),
            esc(&w.t("graph-lane-no-owner"))
        );
    }
    for e in view.edges.iter().filter(|e| !e.cut) {
        let stroke = if e.ripple { cards::phase_colour(Phase::Failing).0 } else { LINE };
        let dash = if e.controller { "" } else { " stroke-dasharray=\"7 6\"" };
        let _ = write!(
            s,
            "<path d=\"{}\" fill=\"none\" stroke=\"{stroke}\" stroke-width=\"2.5\" \
             stroke-linecap=\"round\"{dash}/>",
            esc(&e.path)
        );
    }
    for e in &view.selects {
        let opacity = if e.ready { "" } else { " opacity=\"0.3\"" };
        let _ = write!(
            s,
            "<path d=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2.5\" \
             stroke-linecap=\"round\" stroke-dasharray=\"1 7\"{opacity}/>",
            esc(&e.path),
            cards::SERVICE
        );
    }
    cards::nodes(s, view, w);
}

/// The edge styles' words in the key, in order.
const EDGE_KEYS: [&str; 3] =
    ["graph-legend-controller", "graph-legend-other", "svg-legend-selects"];

/// How far the key's edge styles are pushed right: each by how much longer the words before
/// it are in `w`'s language than in English, whose words the places were set for.
fn edge_key_shifts(w: &Words) -> [f64; 3] {
    let english = Words::default();
    let longer = |id: &str| {
        let (here, there) = (w.t(id).chars().count(), english.t(id).chars().count());
        here.saturating_sub(there) as f64 * LEGEND_PX
    };
    let (a, b) = (longer(EDGE_KEYS[0]), longer(EDGE_KEYS[1]));
    [a, a + b, a + b + longer(EDGE_KEYS[2])]
}

/// The key: edge styles and pod phases, each phase with its glyph.
fn legend(s: &mut String, y: f64, width: f64, w: &Words) {
    let _ =
        write!(s, "<g transform=\"translate(20 {})\" font-size=\"14\" fill=\"{MUTED}\">", y + 28.0);
    let [d1, d2, _] = edge_key_shifts(w);
    let [controller, other, selects] = EDGE_KEYS.map(|id| esc(&w.t(id)));
    let _ = write!(
        s,
        "<path d=\"M0 -5 H36\" stroke=\"{LINE}\" stroke-width=\"2.5\"/>\
         <text x=\"44\" y=\"0\">{controller}</text>\
         <path d=\"M{} -5 H{}\" stroke=\"{LINE}\" stroke-width=\"2.5\" stroke-dasharray=\"7 6\"/>\
         <text x=\"{}\" y=\"0\">{other}</text>\
         <path d=\"M{} -5 H{}\" stroke=\"{}\" stroke-width=\"2.5\" stroke-linecap=\"round\" \
         stroke-dasharray=\"1 7\"/><text x=\"{}\" y=\"0\">{selects}</text>",
        150.0 + d1,
        186.0 + d1,
        194.0 + d1,
        274.0 + d2,
        310.0 + d2,
        cards::SERVICE,
        318.0 + d2,
    );
    for (phase, (x, row)) in Phase::ALL.into_iter().zip(legend_places(width, w)) {
        let y = LEGEND_ROW * row as f64;
        cards::phase_icon(s, phase, x + 8.0, y - 5.0);
        let _ = write!(s, "<text x=\"{}\" y=\"{y}\">{}</text>", x + 22.0, esc(&phase.label(w)));
    }
    s.push_str("</g>");
}

/// Advance of an average 14 px character in the key, rounded up for DejaVu Sans.
const LEGEND_PX: f64 = 8.5;
/// The height each further row of the key adds.
const LEGEND_ROW: f64 = 24.0;

/// Where each phase of the key goes, as (x, row): after the edge styles on the first row,
/// then on as many more rows as a picture `width` wide needs, so no word runs off its edge.
fn legend_places(width: f64, words: &Words) -> Vec<(f64, usize)> {
    let right = width - 40.0;
    let (mut x, mut row) = (390.0 + edge_key_shifts(words)[2], 0);
    Phase::ALL
        .iter()
        .map(|p| {
            let w = 22.0 + LEGEND_PX * p.label(words).chars().count() as f64;
            if x + w > right {
                (x, row) = (0.0, row + 1);
            }
            let at = (x, row);
            x += w + 22.0;
            at
        })
        .collect()
}

/// `text` cut to `max` characters, ending in an ellipsis when cut (as the cards do).
pub(crate) fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let kept: String = text.chars().take(max.saturating_sub(1)).collect();
        format!("{kept}…")
    }
}
