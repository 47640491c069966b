//! How much text a card holds. SVG text neither wraps nor stops at a box's edge, so the
//! cards (on the page and in the SVG export alike) fit their longer words here: kubectl's
//! STATUS is squeezed (`textLength`) rather than cut, since it is the word a student reads
//! against `kubectl get pods`; a list of finalizers is cut, the tooltip keeping them all.
//!
//! The widths are those of DejaVu Sans Bold, the widest of the fonts `graph.css` falls back
//! to, rounded up, so a narrower system font only leaves more room.

use crate::export::clip;
use crate::words::Words;

/// Advance of an average 14–14.5 px bold character, rounded up.
pub const BOLD_PX: f64 = 10.0;
/// Where a pod card's STATUS starts (right of its glyph), and the margin kept at its edge.
pub const POD_STATUS_X: f64 = 36.0;
const EDGE: f64 = 10.0;
/// A STATUS longer than this is cut before it is squeezed (CreateContainerConfigError).
const POD_STATUS_MAX: usize = 20;

/// A text as drawn: cut with an ellipsis when very long, and the width to squeeze it into
/// when it would otherwise run past its room.
#[derive(Clone, Debug, PartialEq)]
pub struct Fitted {
    pub text: String,
    pub squeeze: Option<f64>,
}

/// `text` in `room` units at `px` a character, cut at `max_chars`.
pub fn fit(text: &str, room: f64, max_chars: usize, px: f64) -> Fitted {
    let text = clip(text, max_chars);
    let squeeze = (text.chars().count() as f64 * px > room).then_some(room.floor());
    Fitted { text, squeeze }
}

/// Advance of an average 13.5 px semibold capital, the column headings' type, rounded up.
pub const HEADING_PX: f64 = 9.5;
/// Where a row card's (ReplicaSet, Job) three columns start; each heading keeps 6 units
/// clear of the next column, the last of the box's edge.
pub const ROW_COLUMNS: [f64; 3] = [16.0, 88.0, 162.0];

/// The headings of a row card `box_w` wide (DESIRED CURRENT READY, STATUS COMPLETIONS
/// FAILED), each squeezed into its column when it would run into the next.
pub fn row_headings(headings: [&str; 3], box_w: f64) -> [Fitted; 3] {
    let ends = [ROW_COLUMNS[1] - 6.0, ROW_COLUMNS[2] - 6.0, box_w - EDGE];
    std::array::from_fn(|i| fit(headings[i], ends[i] - ROW_COLUMNS[i], 16, HEADING_PX))
}

/// A pod card's STATUS in a box `box_w` wide.
pub fn pod_status(status: &str, box_w: f64) -> Fitted {
    fit(status, box_w - POD_STATUS_X - EDGE, POD_STATUS_MAX, BOLD_PX)
}

/// The finalizer line of a card, starting at `x` in a box `box_w` wide: "⚑ finalizers: a, b"
/// when it fits, else the names alone ("⚑ a, b", the legend says what ⚑ is), cut to the room.
pub fn finalizers(list: &[String], x: f64, box_w: f64, w: &Words) -> String {
    let chars = ((box_w - x - EDGE) / BOLD_PX).floor() as usize;
    let long = w.with("graph-finalizers-line", &[("list", list.join(", ").into())]);
    if long.chars().count() <= chars {
        return long;
    }
    clip(&format!("\u{2691} {}", list.join(", ")), chars)
}

/// A stacked form's ReplicaSet (or Job) strip this wide or wider spells out its three
/// figures with their headings; a narrower one shows the last (READY, or FAILED).
pub const STRIP_FIGURES_W: f64 = 460.0;

/// The text of a stacked form's one-line strip: its kind as short as a collapsed row's, where
/// the name starts and how many 15 px monospace characters of it fit, and the figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Strip {
    pub kind: &'static str,
    pub name_x: f64,
    pub name_chars: usize,
    pub figures: String,
}

/// The strip of a row card `kind` ("REPLICASET", "JOB") `w` wide with `columns`.
pub fn strip(kind: &str, columns: [(&str, &str); 3], w: f64) -> Strip {
    let [(h1, v1), (h2, v2), (h3, v3)] = columns;
    let (kind, name_x) = if kind == "JOB" { ("JOB", 54.0) } else { ("RS", 44.0) };
    let figures = if w >= STRIP_FIGURES_W {
        format!("{h1} {v1} \u{b7} {h2} {v2} \u{b7} {h3} {v3}")
    } else {
        format!("{h3} {v3}")
    };
    // The figures in 14 px type, under 9 units a character, end 12 units from the edge; the
    // name keeps 8 units clear of them.
    let room = w - name_x - 12.0 - 8.0 - figures.chars().count() as f64 * STRIP_FIGURE_PX;
    let name_chars = ((room / 9.0).floor() as usize).clamp(6, 17);
    Strip { kind, name_x, name_chars, figures }
}

/// Advance of a strip's figures' character, rounded up.
const STRIP_FIGURE_PX: f64 = 9.0;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::layout::{POD_W, RS_W};

    fn width(f: &Fitted) -> f64 {
        f.squeeze.unwrap_or(f.text.chars().count() as f64 * BOLD_PX)
    }

    #[test]
    fn every_status_stays_inside_the_pod_box() {
        let room = POD_W - POD_STATUS_X - EDGE;
        for status in ["Running", "Pending", "Terminating", "Completed", "ErrImagePull"] {
            let f = pod_status(status, POD_W);
            assert_eq!((f.text.as_str(), f.squeeze), (status, None), "short words as they are");
        }
        for status in [
            "ContainerCreating",
            "CrashLoopBackOff",
            "ImagePullBackOff",
            "PodInitializing",
            "CreateContainerConfigError",
        ] {
            let f = pod_status(status, POD_W);
            assert!(width(&f) <= room, "{status}: {f:?}");
            assert!(f.squeeze.is_some(), "{status} is squeezed, not run over the edge");
        }
        assert_eq!(pod_status("ContainerCreating", POD_W).text, "ContainerCreating", "whole");
    }

    #[test]
    fn row_headings_keep_clear_of_the_next_column() {
        let [d, c, r] = row_headings(["DESIRED", "CURRENT", "READY"], RS_W);
        let [_, done, failed] = row_headings(["STATUS", "COMPLETIONS", "FAILED"], RS_W);
        for (f, x, next) in [
            (&d, ROW_COLUMNS[0], ROW_COLUMNS[1]),
            (&c, ROW_COLUMNS[1], ROW_COLUMNS[2]),
            (&r, ROW_COLUMNS[2], RS_W),
            (&done, ROW_COLUMNS[1], ROW_COLUMNS[2]),
            (&failed, ROW_COLUMNS[2], RS_W),
        ] {
            let w = f.squeeze.unwrap_or(f.text.chars().count() as f64 * HEADING_PX);
            assert!(x + w < next, "{} ends at {}", f.text, x + w);
        }
        assert!(done.squeeze.is_some() && done.text == "COMPLETIONS", "squeezed, not cut");
    }

    #[test]
    fn a_strip_spells_out_its_figures_only_where_they_fit_beside_the_name() {
        let cols = [("DESIRED", "3"), ("CURRENT", "3"), ("READY", "2")];
        let wide = strip("REPLICASET", cols, 576.0);
        assert_eq!(wide.figures, "DESIRED 3 \u{b7} CURRENT 3 \u{b7} READY 2");
        // The name (9 units a character) and the figures (under 8 a character) both fit.
        assert_eq!(wide.name_chars, 17, "a ReplicaSet's whole name");
        let used = wide.name_x + wide.name_chars as f64 * 9.0 + 12.0;
        assert!(used + wide.figures.chars().count() as f64 * STRIP_FIGURE_PX <= 576.0, "{used}");
        let narrow =
            strip("JOB", [("STATUS", "Running"), ("COMPLETIONS", "0/1"), ("FAILED", "0")], RS_W);
        assert_eq!((narrow.kind, narrow.figures.as_str()), ("JOB", "FAILED 0"));
        let used = narrow.name_x + narrow.name_chars as f64 * 9.0 + 12.0;
        assert!(used + narrow.figures.chars().count() as f64 * STRIP_FIGURE_PX <= RS_W, "{used}");
    }

    #[test]
    fn finalizers_say_what_they_are_when_there_is_room_and_are_cut_to_it_otherwise() {
        let w = Words::default();
        let finalizers = |list: &[String], x, box_w| finalizers(list, x, box_w, &w);
        let one = vec!["example.com/hold".to_string()];
        assert_eq!(finalizers(&one, 16.0, 472.0), "\u{2691} finalizers: example.com/hold");
        let text = finalizers(&one, 16.0, RS_W);
        assert_eq!(text, "\u{2691} example.com/hold");
        let many = vec!["foregroundDeletion".to_string(), "example.com/hold".to_string()];
        let text = finalizers(&many, 16.0, RS_W);
        assert!(text.chars().count() as f64 * BOLD_PX <= RS_W - 16.0 - EDGE, "{text}");
        assert!(text.ends_with('\u{2026}'), "{text}");
    }
}
