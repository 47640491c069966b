//! The top bar: brand, clock, playback, and the panel buttons. On narrow screens the panel
//! buttons fold into an overflow menu behind **More** (CSS decides when; the menu's state is
//! the page's `menu_open`). Every button sends a `Msg`.

use yew::prelude::*;

use crate::components::playback::Playback;
use crate::page::{Msg, Panel, StageView};
use crate::sim::Speed;

#[derive(Properties, PartialEq)]
pub struct ToolbarProps {
    /// The simulated clock as shown: `t = 1m05s`.
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
    let send = &props.send;
    let button = |label: &str, title: &str, on: bool, msg: Msg| {
        let onclick = send.reform(move |_: MouseEvent| msg.clone());
        html! {
            <button class={classes!("speed", on.then_some("active"))} {onclick}
                aria-pressed={on.to_string()} title={title.to_string()}>{ label.to_string() }</button>
        }
    };
    let nodes = props.stage == StageView::Nodes;
    let stage_msg = Msg::Stage(if nodes { StageView::Graph } else { StageView::Nodes });
    html! {
        <header class="topbar">
            <h1 class="brand">{ "kubeloop" }</h1>
            <p class="tagline">{ "Change something. Watch the controllers put it back." }</p>
            if props.live {
                <span class="clock live-clock" title="a real cluster runs on its own clock: no pause, speed, step or reset">{ "live" }</span>
            } else {
                <span class="clock" title="simulated time since the cluster started">{ props.clock.clone() }</span>
                <nav class="controls" aria-label="simulation controls">
                    <Playback speed={props.speed} paused={props.paused} seed={props.seed}
                        on_pause={send.reform(Msg::Pause)} on_speed={send.reform(Msg::Speed)}
                        on_step={send.reform(|()| Msg::Step)} on_reset={send.reform(Msg::Reset)} />
                </nav>
            }
            <button class={classes!("speed", "more", props.menu_open.then_some("active"))}
                aria-expanded={props.menu_open.to_string()} aria-controls="panels"
                onclick={send.reform(|_: MouseEvent| Msg::ToggleMenu)}>{ "More" }</button>
            <nav id="panels" class={classes!("panels", props.menu_open.then_some("open"))} aria-label="panels">
                { for Panel::ALL.into_iter().map(|p| {
                    if props.live && p != Panel::Feed {
                        // What these panels act on is the built-in simulation.
                        let why = format!("{}: not in live mode; Disconnect to use it", p.hint());
                        html! { <button class="speed" disabled=true title={why}>{ p.label() }</button> }
                    } else {
                        button(p.label(), p.hint(), props.panel == p && !props.inspecting, Msg::Panel(p))
                    }
                }) }
                if props.live {
                    { button("Disconnect", "go back to the built-in cluster, as it was", true, Msg::Disconnect) }
                } else {
                    { button("Connect", "Connect to a cluster: the Kubernetes API at this page's origin (kubeloop serve, or kubectl proxy --www)", false, Msg::Connect) }
                }
                { button("Nodes", "pods by node, in place of the graph", nodes, stage_msg) }
                if !props.live {
                    { button("Share", "a link that rebuilds this cluster, input for input, copied to the clipboard", false, Msg::Share) }
                }
                { button("Presenter", "large type and a big graph for a projector (key: P; from the command box, Esc then P)", props.presenter, Msg::TogglePresenter) }
                { props.children.clone() }
            </nav>
        </header>
    }
}
