//! The playback controls: Pause/Play, the speed dial, Step, and Reset with an editable seed.
//! It only reports what was asked for; `App` owns the session and changes it.

use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::sim::Speed;
use crate::words::use_words;

#[derive(Properties, PartialEq)]
pub struct PlaybackProps {
    pub speed: Speed,
    pub paused: bool,
    /// The seed of the running cluster, shown in the Reset field.
    pub seed: u64,
    /// `true` to pause, `false` to play.
    pub on_pause: Callback<bool>,
    pub on_speed: Callback<Speed>,
    pub on_step: Callback<()>,
    /// A fresh cluster with this seed.
    pub on_reset: Callback<u64>,
}

/// The seed the field's text stands for, if any. `reset --seed` takes a `u64`.
pub fn parse_seed(text: &str) -> Option<u64> {
    text.trim().parse().ok()
}

#[component]
pub fn Playback(props: &PlaybackProps) -> Html {
    let w = use_words();
    // What the user typed into the seed field since the last reset; `None` shows the seed.
    let draft = use_state(|| None::<String>);
    let seed_text = (*draft).clone().unwrap_or_else(|| props.seed.to_string());
    let invalid = parse_seed(&seed_text).is_none();

    let toggle = {
        let (paused, on_pause) = (props.paused, props.on_pause.clone());
        Callback::from(move |_: MouseEvent| on_pause.emit(!paused))
    };
    let on_change = {
        let on_speed = props.on_speed.clone();
        Callback::from(move |e: Event| {
            let select = e.target().and_then(|t| t.dyn_into::<HtmlSelectElement>().ok());
            if let Some(speed) = select.and_then(|s| Speed::from_value(&s.value())) {
                on_speed.emit(speed);
            }
        })
    };
    let on_step = {
        let on_step = props.on_step.clone();
        Callback::from(move |_: MouseEvent| on_step.emit(()))
    };
    let on_input = {
        let draft = draft.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target().and_then(|t| t.dyn_into::<HtmlInputElement>().ok()) {
                draft.set(Some(input.value()));
            }
        })
    };
    let on_submit = {
        let (draft, on_reset, seed_text) =
            (draft.clone(), props.on_reset.clone(), seed_text.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            // Bad text resets nothing; the field stays marked invalid until it is fixed.
            if let Some(seed) = parse_seed(&seed_text) {
                draft.set(None);
                on_reset.emit(seed);
            }
        })
    };

    let (label, hint) = if props.paused {
        (w.t("play-play"), w.t("play-play-hint"))
    } else {
        (w.t("play-pause"), w.t("play-pause-hint"))
    };
    html! {
        <div class="playback">
            <button class={if props.paused { "speed active" } else { "speed" }} onclick={toggle}
                title={hint}>
                { label }
            </button>
            <select class="speed speed-dial" aria-label={w.t("play-speed-label")} onchange={on_change}
                title={w.t("play-speed-hint")}>
                { for Speed::DIAL.iter().map(|s| html! {
                    <option value={s.value()} selected={*s == props.speed}>{ s.label() }</option>
                }) }
            </select>
            <button class="speed" onclick={on_step} title={w.t("play-step-hint")}>{ w.t("play-step") }</button>
            <form class="reset-form" onsubmit={on_submit}>
                <label class="seed-label">
                    { w.t("play-seed") }
                    <input class="seed-input" type="number" min="0" step="1" aria-label={w.t("play-seed")}
                        value={seed_text} oninput={on_input}
                        aria-invalid={invalid.then_some("true")} />
                </label>
                <button class="speed" type="submit" title={w.t("play-reset-hint")}>{ w.t("play-reset") }</button>
            </form>
        </div>
    }
}
