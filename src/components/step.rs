//! The step card: after a Step, which loop acted, on which object, what it wanted and saw,
//! what it decided, and what it wrote.

use std::rc::Rc;

use yew::prelude::*;

use crate::selection::ObjRef;
use crate::sim::timeline::StepView;

#[derive(Properties, PartialEq)]
pub struct StepCardProps {
    pub step: Rc<StepView>,
    pub on_select: Callback<ObjRef>,
}

#[component]
pub fn StepCard(props: &StepCardProps) -> Html {
    let s = &props.step;
    let target = s.target.clone();
    let select = props.on_select.reform(move |_: MouseEvent| target.clone());
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
