//! Status glyphs drawn as SVG shapes, not font characters, so every projector shows them:
//! each phase has its own shape as well as its own colour (colour-blind safe, double-coded).

use yew::prelude::*;

use crate::view::Phase;
use crate::words::Words;

/// The glyph of `phase`, centred on (`cx`, `cy`), about 14 units across.
pub fn phase_icon(phase: Phase, cx: f64, cy: f64) -> Html {
    let class = classes!("icon", format!("phase-{}", phase.class()));
    let transform = format!("translate({cx} {cy})");
    let shape = match phase {
        // Hollow: nothing runs yet.
        Phase::Pending => html! { <circle class="stroke" r="6" /> },
        // Half full: on its way.
        Phase::Creating => html! { <>
            <circle class="stroke" r="6" />
            <path class="fill" d="M0 -6 A6 6 0 0 1 0 6 Z" />
        </> },
        // Full: running.
        Phase::Running => html! { <circle class="fill" r="7" /> },
        // A ring round a running core: up, but not ready to serve.
        Phase::Unready => html! { <>
            <circle class="stroke" r="6" />
            <circle class="fill" r="3" />
        </> },
        // Warning triangle.
        Phase::Failing => html! { <>
            <path class="fill" d="M0 -7.5 L7.5 6 L-7.5 6 Z" />
            <rect class="knock" x="-1" y="-3" width="2" height="5" />
            <rect class="knock" x="-1" y="3" width="2" height="2" />
        </> },
        // Dotted outline: going away.
        Phase::Terminating => html! { <circle class="stroke dotted" r="6" /> },
        // Tick: finished.
        Phase::Completed => html! { <path class="stroke" d="M-6 0 L-2 5 L6 -5" /> },
    };
    html! { <g {class} {transform} aria-hidden="true">{ shape }</g> }
}

/// The key to the drawing: edge styles and pod phases.
pub fn legend(w: &Words) -> Html {
    let swatch = |dashed: bool| {
        let class = classes!("edge", if dashed { "reference" } else { "controller" });
        html! {
            <svg class="legend-swatch" width="40" height="14" viewBox="0 0 40 14" aria-hidden="true">
                <path {class} d="M2 7 H38" />
            </svg>
        }
    };
    html! {
        <div class="graph-legend" aria-label={w.t("graph-legend")}>
            <span class="legend-item">{ swatch(false) }{ w.t("graph-legend-controller") }</span>
            <span class="legend-item">{ swatch(true) }{ w.t("graph-legend-other") }</span>
            <span class="legend-item">
                <span class="legend-flag" aria-hidden="true">{ "⚑" }</span>{ w.t("graph-legend-finalizers") }
            </span>
            <span class="legend-sep" aria-hidden="true" />
            { for Phase::ALL.iter().map(|p| html! {
                <span class="legend-item">
                    <svg class="legend-icon" width="18" height="18" viewBox="-9 -9 18 18" aria-hidden="true">
                        { phase_icon(*p, 0.0, 0.0) }
                    </svg>
                    { p.label(w) }
                </span>
            }) }
        </div>
    }
}
