//! The figures a tree's top box and a row's box lead with, as header and value: the page's
//! cards and the exported picture print the same.

use super::{HpaItem, JobFigures, TopFigures};
use crate::words::Words;

/// The three figures a top box shows, each a header and a value, and its paused or
/// suspended badge: the leading columns of the kind's `kubectl get` row. The headings are
/// kubectl's and stay English; the badge and a StatefulSet's ORDER are the page's words.
impl TopFigures {
    pub fn columns(&self, w: &Words) -> ([(&'static str, String); 3], Option<String>) {
        match self {
            TopFigures::Deployment { ready, replicas, up_to_date, available, paused } => (
                [
                    ("READY", format!("{ready}/{replicas}")),
                    ("UP-TO-DATE", up_to_date.to_string()),
                    ("AVAILABLE", available.to_string()),
                ],
                paused.then(|| w.t("graph-badge-paused")),
            ),
            TopFigures::DaemonSet { desired, ready, up_to_date, .. } => (
                [
                    ("DESIRED", desired.to_string()),
                    ("READY", ready.to_string()),
                    ("UP-TO-DATE", up_to_date.to_string()),
                ],
                None,
            ),
            TopFigures::StatefulSet { ready, replicas, updated, ordered, .. } => (
                [
                    ("READY", format!("{ready}/{replicas}")),
                    ("UPDATED", updated.to_string()),
                    (
                        "ORDER",
                        w.t(if *ordered {
                            "graph-order-one-by-one"
                        } else {
                            "graph-order-parallel"
                        }),
                    ),
                ],
                None,
            ),
            TopFigures::ReplicationController { desired, current, ready } => (
                [
                    ("DESIRED", desired.to_string()),
                    ("CURRENT", current.to_string()),
                    ("READY", ready.to_string()),
                ],
                None,
            ),
            TopFigures::Job(j) => (j.columns(), None),
            TopFigures::CronJob { schedule, suspend, active, .. } => (
                [
                    ("SCHEDULE", schedule.clone()),
                    ("SUSPEND", suspend.to_string()),
                    ("ACTIVE", active.to_string()),
                ],
                suspend.then(|| w.t("graph-badge-suspended")),
            ),
        }
    }
}

impl JobFigures {
    /// STATUS, COMPLETIONS (as printJob words them) and FAILED.
    pub fn columns(&self) -> [(&'static str, String); 3] {
        let j = self;
        let done = match j.completions {
            Some(c) => format!("{}/{c}", j.succeeded),
            None => format!("{}/1", j.succeeded),
        };
        [("STATUS", j.status.to_string()), ("COMPLETIONS", done), ("FAILED", j.failed.to_string())]
    }
}

impl HpaItem {
    /// `cpu 120% / 50%`, with `?` for a utilisation not measured yet.
    pub fn utilization(&self) -> String {
        match (self.current_utilization, self.target_utilization) {
            (Some(c), Some(t)) => format!("cpu {c}% / {t}%"),
            (None, Some(t)) => format!("cpu ? / {t}%"),
            _ => "cpu ?".to_string(),
        }
    }
}

impl HpaItem {
    /// `2 → 5 replicas`; that its first sync (a sync period after it appeared) is to come;
    /// or, while it cannot compute, the replicas it leaves alone (its status then keeps the
    /// last desired count, 0 before any, as upstream's does).
    pub fn replicas(&self, w: &Words) -> String {
        if !self.synced {
            w.t("graph-hpa-first-sync")
        } else if self.inactive {
            w.with("graph-hpa-left", &[("count", self.current_replicas.into())])
        } else {
            let (current, desired) = (self.current_replicas, self.desired_replicas);
            w.with(
                "graph-hpa-replicas",
                &[("current", current.into()), ("desired", desired.into())],
            )
        }
    }
}

/// Where a compact top box's text goes (`Form::Short`, `Form::Beside`), in the box's units:
/// the page's card and the exported picture place it the same. The desk's box keeps its
/// label-above-value columns, which each draws its own way.
#[derive(Clone, Debug, PartialEq)]
pub struct CompactTop {
    /// The name's baseline, and how many characters of 19 px type fit before it is squeezed.
    pub name_y: f64,
    pub name_chars: usize,
    /// Each figure's label start and value anchor; `value_end`: values end at their x.
    pub figures: [((f64, f64), (f64, f64)); 3],
    pub value_end: bool,
    /// Characters of each 19 px bold value that fit before the next figure (about 11 px a
    /// character), so a long value (a CronJob's schedule) is cut rather than run over.
    pub value_chars: [usize; 3],
    /// The images line: start (or end, with `images_end`), baseline, characters kept.
    pub images: (f64, f64, usize),
    pub images_end: bool,
    /// A deleted box's note (`note`): where it starts; split in two lines, the second this
    /// far below, where the box is too narrow for one; or in place of the figures, whose
    /// line is the only one long enough.
    pub note: (f64, f64),
    pub note_split: Option<f64>,
    pub note_for_figures: bool,
    pub finalizer_y: f64,
}

/// What a top box deleted in the background says while its dependents are still there.
pub fn note(w: &Words) -> String {
    let (top, bottom) = note_lines(w);
    format!("{top} {bottom}")
}

/// `note` in two lines, for a narrow box: two messages, so each language breaks it where its
/// grammar allows.
pub fn note_lines(w: &Words) -> (String, String) {
    (w.t("graph-deleted-note-top"), w.t("graph-deleted-note-bottom"))
}

/// About how wide a figure's label is in 13.5 px bold capitals, with the space after it.
fn label_w(label: &str) -> f64 {
    label.chars().map(|c| if c == '-' { 5.0 } else { 9.5 }).sum::<f64>() + 8.0
}

/// Characters of a 19 px bold value in `room` units, never fewer than three.
fn chars(room: f64) -> usize {
    ((room / 11.0) as usize).max(3)
}

/// Between one figure's value and the next figure's label, on one line.
const FIGURE_GAP: f64 = 16.0;

impl CompactTop {
    /// The places in a box `w` wide for `labels`, or `None` in the desk's form.
    pub fn of(form: super::Form, w: f64, labels: [&str; 3]) -> Option<CompactTop> {
        match form {
            super::Form::Tall => None,
            // One line each: kind, name with images at its right, the figures side by side.
            super::Form::Short | super::Form::Stacked => {
                // Each figure its label and an equal share of what the labels leave.
                let labels_w: f64 = labels.iter().map(|l| label_w(l)).sum();
                let share = (w - 30.0 - 2.0 * FIGURE_GAP - labels_w) / 3.0;
                let mut x = 16.0;
                let figures = labels.map(|l| {
                    let at = ((x, 76.0), (x + label_w(l), 76.0));
                    x += label_w(l) + share + FIGURE_GAP;
                    at
                });
                let value_chars = [chars(share); 3];
                Some(CompactTop {
                    name_y: 50.0,
                    name_chars: 18,
                    figures,
                    value_end: false,
                    value_chars,
                    images: (w - 14.0, 50.0, 24),
                    images_end: true,
                    note: (16.0, 76.0),
                    note_split: None,
                    note_for_figures: true,
                    finalizer_y: 100.0,
                })
            }
            // Narrow: the figures one under another, each value at the right edge.
            super::Form::Beside | super::Form::StackedBeside => {
                let figures = [0, 1, 2].map(|i| {
                    let y = 80.0 + 24.0 * i as f64;
                    ((16.0, y), (w - 14.0, y))
                });
                let value_chars = labels.map(|l| chars(w - 30.0 - label_w(l)));
                Some(CompactTop {
                    name_y: 50.0,
                    name_chars: ((w - 32.0) / 11.0) as usize,
                    figures,
                    value_end: true,
                    value_chars,
                    images: (16.0, 150.0, ((w - 32.0) / 8.6) as usize),
                    images_end: false,
                    note: (16.0, 150.0),
                    note_split: Some(16.0),
                    note_for_figures: false,
                    finalizer_y: 182.0,
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::Form;

    #[test]
    fn the_deleted_note_splits_into_two_lines_that_say_it_all() {
        let w = Words::default();
        let (a, b) = note_lines(&w);
        assert_eq!(format!("{a} {b}"), note(&w));
        assert_eq!(note(&w), "background: dependents are being collected");
        assert_eq!((a.as_str(), b.as_str()), ("background: dependents", "are being collected"));
    }

    #[test]
    fn a_compact_top_box_keeps_each_value_clear_of_its_label_the_next_figure_and_the_edge() {
        let kinds = [
            ["READY", "UP-TO-DATE", "AVAILABLE"],
            ["SCHEDULE", "SUSPEND", "ACTIVE"],
            ["STATUS", "COMPLETIONS", "FAILED"],
        ];
        assert_eq!(CompactTop::of(Form::Tall, 472.0, kinds[0]), None);
        for form in [Form::Short, Form::Beside, Form::Stacked, Form::StackedBeside] {
            let w = form.metrics().top_w;
            for labels in kinds {
                let c = CompactTop::of(form, w, labels).unwrap();
                for (i, (((lx, _), (vx, _)), label)) in c.figures.iter().zip(labels).enumerate() {
                    let vw = c.value_chars[i] as f64 * 11.0;
                    let (start, end) = if c.value_end { (vx - vw, *vx) } else { (*vx, vx + vw) };
                    let what = format!("{form:?} {label}");
                    assert!(start >= lx + label_w(label) - 8.0 - 0.5, "{what}: on its label");
                    assert!(end <= w - 12.0, "{what}: over the edge");
                    if let Some(((next, _), _)) = c.figures.get(i + 1).filter(|_| !c.value_end) {
                        assert!(end <= *next, "{what}: into the next figure");
                    }
                }
            }
        }
    }
}
