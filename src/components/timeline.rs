//! The time scrubber: a slider over the whole session, with a mark at each input. Dragging it
//! shows the cluster as it was then; "Back to now" returns, "Carry on from here" forks.
//!
//! Nothing in the bar moves or resizes while the thumb is dragged: the label has a fixed
//! width and both buttons always take their place (hidden while live), so the track stays
//! under the pointer. While a drag is on, the thumb shows the pointer's value, not the last
//! one the page finished replaying, so it never jumps back under the finger.

use std::rc::Rc;

use kubeloop::duration::human;
use wasm_bindgen::JsCast;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::words::use_words;

#[derive(Properties, PartialEq)]
pub struct TimelineProps {
    /// Simulated time of the live cluster.
    pub now_ms: i64,
    /// The earlier moment on show, if any.
    pub at_ms: Option<i64>,
    /// Each input's time and text.
    pub marks: Rc<Vec<(i64, String)>>,
    pub on_scrub: Callback<i64>,
    pub on_now: Callback<()>,
    pub on_fork: Callback<()>,
}

/// Where `at` sits along a session of `now` milliseconds, in percent.
pub fn percent(at: i64, now: i64) -> f64 {
    if now <= 0 {
        return 0.0;
    }
    (at.clamp(0, now) as f64 / now as f64) * 100.0
}

#[component]
pub fn Timeline(props: &TimelineProps) -> Html {
    let w = use_words();
    // The pointer's value while a drag is on (gesture tracking only; the page owns time).
    let drag = use_state(|| None::<i64>);
    let value = match props.at_ms {
        Some(at) => (*drag).unwrap_or(at),
        None => props.now_ms,
    };
    let on_input = {
        let (on_scrub, drag) = (props.on_scrub.clone(), drag.clone());
        Callback::from(move |e: InputEvent| {
            let input = e.target().and_then(|t| t.dyn_into::<HtmlInputElement>().ok());
            if let Some(ms) = input.and_then(|i| i.value().parse::<f64>().ok()) {
                drag.set(Some(ms as i64));
                on_scrub.emit(ms as i64);
            }
        })
    };
    let end_drag = {
        let drag = drag.clone();
        Callback::from(move |_: Event| drag.set(None))
    };
    let now = props.on_now.reform(|_: MouseEvent| ());
    let fork = props.on_fork.reform(|_: MouseEvent| ());
    let past = props.at_ms.is_some();
    let hidden = (!past).then_some("true");
    html! {
        <section class={classes!("timeline", past.then_some("in-past"))} aria-label={w.t("timeline-label")}>
            <span class="timeline-label">
                if past {
                    { w.with("timeline-viewing", &[("at", human(value).into()), ("now", human(props.now_ms).into())]) }
                } else {
                    { w.t("timeline-label") }
                }
            </span>
            <div class="timeline-track">
                <input type="range" class="scrubber" aria-label={w.t("timeline-time-label")}
                    min="0" max={props.now_ms.to_string()} step="100" value={value.to_string()}
                    oninput={on_input} onchange={end_drag.clone()}
                    onpointerup={end_drag.reform(Event::from)} onpointercancel={end_drag.reform(Event::from)}
                    title={w.t("timeline-scrub-hint")} />
                <div class="timeline-marks" aria-hidden="true">
                    { for props.marks.iter().map(|(at, what)| html! {
                        <span class="mark" style={format!("left: {:.2}%", percent(*at, props.now_ms))}
                            title={w.with("timeline-mark", &[("at", human(*at).into()), ("input", what.as_str().into())])}></span>
                    }) }
                </div>
            </div>
            <span class={classes!("timeline-actions", (!past).then_some("idle"))} aria-hidden={hidden}>
                <button class="speed" onclick={now} disabled={!past} title={w.t("timeline-now-hint")}>{ w.t("timeline-now") }</button>
                <button class="speed active" onclick={fork} disabled={!past}
                    title={w.t("timeline-fork-hint")}>{ w.t("timeline-fork") }</button>
            </span>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_sit_in_proportion_along_the_session() {
        assert_eq!(percent(0, 0), 0.0);
        assert_eq!(percent(500, 1_000), 50.0);
        assert_eq!(percent(2_000, 1_000), 100.0);
        assert_eq!(percent(-5, 1_000), 0.0);
    }
}
