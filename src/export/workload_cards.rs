//! The exported picture's small workload boxes: revision chips, claims, autoscalers and
//! their loops, placed and worded as `components/graph/workload_cards.rs` draws them.

use std::fmt::Write;

use super::cards::{frame, line, named, KIND, LABEL, SMALL, VALUE};
use super::{clip, INK, LINE, MONO, MUTED};
use crate::view::ViewModel;
use crate::words::Words;

/// The autoscalers' green, as `static/graph.css` sets it for light pages.
const HPA: &str = "#00806a";

pub(super) fn nodes(s: &mut String, view: &ViewModel, w: &Words) {
    for t in &view.trees {
        for r in &t.revisions {
            if frame(s, &r.meta, "#ffffff", LINE, 1.5, "") {
                let x = r.meta.rect.w / 2.0;
                line(
                    s,
                    x,
                    20.0,
                    &format!("{SMALL} text-anchor=\"middle\""),
                    MUTED,
                    &w.with("graph-rev", &[("rev", r.revision.into())]),
                );
                s.push_str("</g>");
            }
        }
        for c in &t.claims {
            let dash = if c.in_use { "" } else { "6 4" };
            if frame(s, &c.meta, "#ffffff", LINE, 2.0, dash) {
                line(s, 14.0, 20.0, KIND, MUTED, "PVC");
                let phase = format!("{} · {}", c.phase, c.request);
                line(
                    s,
                    c.meta.rect.w - 10.0,
                    20.0,
                    &format!("{SMALL} text-anchor=\"end\""),
                    MUTED,
                    &phase,
                );
                let mono = format!("font-family=\"{MONO}\" font-size=\"14\"");
                line(s, 14.0, 44.0, &mono, INK, &clip(&named(&c.meta), 22));
                s.push_str("</g>");
            }
        }
        for h in &t.autoscalers {
            if !h.arc.is_empty() {
                let _ = write!(
                    s,
                    "<path d=\"{}\" fill=\"none\" stroke=\"{HPA}\" stroke-width=\"3\" stroke-dasharray=\"8 5\"/>",
                    h.arc
                );
            }
            if frame(s, &h.meta, "#ffffff", HPA, 2.5, "") {
                line(s, 16.0, 24.0, KIND, HPA, "HPA");
                line(s, 16.0, 50.0, VALUE, INK, &clip(&named(&h.meta), 22));
                line(s, 16.0, 80.0, VALUE, INK, &h.utilization());
                let replicas = h.replicas(w);
                line(s, 16.0, 104.0, LABEL, MUTED, &replicas);
                line(s, 16.0, 126.0, SMALL, MUTED, &format!("min {} · max {}", h.min, h.max));
                s.push_str("</g>");
            }
        }
    }
}
