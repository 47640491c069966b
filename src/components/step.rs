//! The step card: after a Step, which loop acted, on which object, what it wanted and saw,
//! what it decided, and what it wrote; or, when no loop had work, that nothing happened and
//! which timer comes next, with a Jump button that runs the clock to it.

use std::rc::Rc;

use yew::prelude::*;

use crate::selection::ObjRef;
use crate::sim::timeline::{QuietStep, StepView};

#[derive(Properties, PartialEq)]
pub struct StepCardProps {
    /// The action the last Step ran (`Sim::last_action`).
    #[prop_or_default]
    pub step: Option<Rc<StepView>>,
    /// The last Step found no loop with work (`Sim::quiet_step`); shown when `step` is not.
    #[prop_or_default]
    pub quiet: Option<Rc<QuietStep>>,
    pub on_select: Callback<ObjRef>,
    /// Jump to the next timer (`Sim::jump_to_next_timer`).
    #[prop_or_default]
    pub on_jump: Callback<()>,
}

#[component]
pub fn StepCard(props: &StepCardProps) -> Html {
    match (&props.step, &props.quiet) {
        (Some(s), _) => acted(s, &props.on_select),
        (None, Some(q)) => quiet(q, &props.on_select, &props.on_jump),
        (None, None) => html! {},
    }
}

fn acted(s: &StepView, on_select: &Callback<ObjRef>) -> Html {
    let target = s.target.clone();
    let select = on_select.reform(move |_: MouseEvent| target.clone());
    html! {
        <section class={classes!("step-card", format!("loop-{}", s.controller))} aria-label="last step" role="status">
            <h2 class="step-title">
                <span class="loop-badge">{ &s.controller }</span>
                { " acted on " }
                <button type="button" class="link" onclick={select}>
                    { format!("{}/{}", s.target.kind.as_str().to_lowercase(), s.target.name) }
                </button>
            </h2>
            if s.decisions.is_empty() {
                <p class="step-line">{ "It recorded no decision; it only wrote status." }</p>
            }
            { for s.decisions.iter().map(|d| html! {
                <dl class="step-decision">
                    <dt>{ "wanted" }</dt><dd>{ &d.desired }</dd>
                    <dt>{ "saw" }</dt><dd>{ &d.observed }</dd>
                    <dt>{ "did" }</dt><dd class="step-action">{ &d.action }</dd>
                </dl>
            }) }
            if !s.writes.is_empty() {
                <p class="step-writes-title">{ "wrote to the API:" }</p>
                <ul class="step-writes">
                    { for s.writes.iter().map(|w| html! { <li><code>{ w }</code></li> }) }
                    if s.more_writes > 0 {
                        <li>{ format!("and {} more", s.more_writes) }</li>
                    }
                </ul>
            }
            if s.events > 0 {
                <p class="step-writes-title">
                    { format!("and recorded {} event{} (k get events)", s.events, if s.events == 1 { "" } else { "s" }) }
                </p>
            }
            <p class="step-hint">{ "Step again for the next action, or Play to let every loop run." }</p>
        </section>
    }
}

fn quiet(q: &QuietStep, on_select: &Callback<ObjRef>, on_jump: &Callback<()>) -> Html {
    let jump = on_jump.reform(|_: MouseEvent| ());
    html! {
        <section class="step-card step-quiet" aria-label="last step" role="status">
            <h2 class="step-title">{ "Nothing to do: no loop has work" }</h2>
            <p class="step-line">{ "The clock did not move. Every queue is empty until a timer fires." }</p>
            if let Some(t) = &q.next {
                <p class="step-next">
                    { "next: " }
                    if let Some(target) = t.target.clone() {
                        <button type="button" class="link" onclick={on_select.reform(move |_: MouseEvent| target.clone())}>
                            { &t.what }
                        </button>
                    } else {
                        <span>{ &t.what }</span>
                    }
                    { format!(" {}", t.when()) }
                </p>
                <button type="button" class="step-jump" onclick={jump}>{ "Jump" }</button>
            }
            <p class="step-hint">{ "Jump runs the clock to that timer and takes one step; Play lets time run." }</p>
        </section>
    }
}
