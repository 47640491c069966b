//! The top bar: brand, clock, playback, and the panel buttons. On narrow screens the panel
//! buttons fold into an overflow menu behind **More** (CSS decides when; the menu's state is
//! the page's `menu_open`). Every button sends a `Msg`.

use wasm_bindgen::JsCast;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::components::playback::Playback;
use crate::page::{Msg, Panel, StageView};
use crate::sim::Speed;
use crate::words::{use_words, Lang};

#[derive(Properties, PartialEq)]
pub struct ToolbarProps {
    /// The simulated clock as shown: `1m05s`.
    pub clock: AttrValue,
    pub speed: Speed,
    pub paused: bool,
    pub seed: u64,
    /// The side panel chosen, and whether the inspector covers it.
    pub panel: Panel,
    pub inspecting: bool,
    pub stage: StageView,
    pub presenter: bool,
    pub menu_open: bool,
    /// Live mode: attached to an API server, so the simulation's controls are put away.
    #[prop_or_default]
    pub live: bool,
    pub send: Callback<Msg>,
    /// Extra entries for the menu (the exports).
    #[prop_or_default]
    pub children: Html,
}

#[component]
pub fn Toolbar(props: &ToolbarProps) -> Html {
    let w = use_words();
    let send = &props.send;
    let button = |label: String, title: String, on: bool, msg: Msg| {
        let onclick = send.reform(move |_: MouseEvent| msg.clone());
        html! {
            <button class={classes!("speed", on.then_some("active"))} {onclick}
                aria-pressed={on.to_string()} {title}>{ label }</button>
        }
    };
    let nodes = props.stage == StageView::Nodes;
    let stage_msg = Msg::Stage(if nodes { StageView::Graph } else { StageView::Nodes });
    let on_lang = send.reform(|e: Event| {
        let select = e.target().and_then(|t| t.dyn_into::<HtmlSelectElement>().ok());
        Msg::Lang(select.and_then(|s| Lang::from_tag(&s.value())).unwrap_or_default())
    });
    html! {
        <header class="topbar">
            <h1 class="brand">{ "kubeloop" }</h1>
            <p class="tagline">{ w.t("tagline") }</p>
            if props.live {
                <span class="clock live-clock" title={w.t("clock-live-hint")}>{ w.t("clock-live") }</span>
            } else {
                <span class="clock" title={w.t("clock-hint")}>
                    { w.with("clock", &[("time", props.clock.as_str().into())]) }
                </span>
                <nav class="controls" aria-label={w.t("controls-label")}>
                    <Playback speed={props.speed} paused={props.paused} seed={props.seed}
                        on_pause={send.reform(Msg::Pause)} on_speed={send.reform(Msg::Speed)}
                        on_step={send.reform(|()| Msg::Step)} on_reset={send.reform(Msg::Reset)} />
                </nav>
            }
            <button class={classes!("speed", "more", props.menu_open.then_some("active"))}
                aria-expanded={props.menu_open.to_string()} aria-controls="panels"
                onclick={send.reform(|_: MouseEvent| Msg::ToggleMenu)}>{ w.t("more") }</button>
            <nav id="panels" class={classes!("panels", props.menu_open.then_some("open"))} aria-label={w.t("panels-label")}>
                { for Panel::ALL.into_iter().map(|p| {
                    if props.live && p != Panel::Feed {
                        // What these panels act on is the built-in simulation.
                        let why = w.with("panel-not-live", &[("panel", w.t(p.hint_id()).into())]);
                        html! { <button class="speed" disabled=true title={why}>{ w.t(p.label_id()) }</button> }
                    } else {
                        button(w.t(p.label_id()), w.t(p.hint_id()), props.panel == p && !props.inspecting, Msg::Panel(p))
                    }
                }) }
                if props.live {
                    { button(w.t("disconnect"), w.t("disconnect-hint"), true, Msg::Disconnect) }
                } else {
                    { button(w.t("connect"), w.t("connect-hint"), false, Msg::Connect) }
                }
                { button(w.t("nodes"), w.t("nodes-hint"), nodes, stage_msg) }
                if !props.live {
                    { button(w.t("share"), w.t("share-hint"), false, Msg::Share) }
                }
                { button(w.t("presenter"), w.t("presenter-hint"), props.presenter, Msg::TogglePresenter) }
                { props.children.clone() }
                <label class="lang-pick" title={w.t("lang-hint")}>
                    <span class="lang-pick-label">{ w.t("lang-label") }</span>
                    <select class="speed" onchange={on_lang}>
                        { for Lang::ALL.into_iter().map(|l| html! {
                            <option value={l.code()} selected={l == w.lang()} lang={l.code()}>{ l.endonym() }</option>
                        }) }
                    </select>
                </label>
            </nav>
        </header>
    }
}
