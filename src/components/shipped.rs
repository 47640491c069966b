//! The side panels that ship with the course part. The Missions panel lists, starts and
//! checks the built-in missions, which come with the course part (`crate::parts::fetch`); the
//! Faults panel's every button runs a sandbox command, which is in it. So in the page's split
//! build both panels' code ships in the course chunk too (`crate::lazy::course` calls
//! `link`), and the first load carries only this seam and the note it shows until the part
//! is here: that it is on its way, or that it could not be fetched, with a button to try again.
//! Live mode's status line and event feed ship there too: Connect waits for the part.

use yew::prelude::*;

use crate::page::{Msg, Page, Panel, PartHere};
use crate::words::Words;

type Draw = fn(&Page, &Callback<Msg>, &Words) -> Html;

/// The Missions panel's drawing, then the Faults panel's.
#[cfg(kubeloop_split)]
static LINKED: std::sync::OnceLock<(Draw, Draw)> = std::sync::OnceLock::new();

fn both() -> (Draw, Draw) {
    (super::missions::panel as Draw, super::faults::panel as Draw)
}

/// Makes the panels reachable: called from the course chunk.
pub fn link() {
    #[cfg(kubeloop_split)]
    let _ = LINKED.set(both());
}

fn linked() -> Option<(Draw, Draw)> {
    #[cfg(kubeloop_split)]
    return LINKED.get().copied();
    #[cfg(not(kubeloop_split))]
    Some(both())
}

type Status = fn(&crate::live::Live) -> Html;
type Feed = fn(&kubeloop::world::World, Callback<crate::selection::ObjRef>, bool) -> Html;

fn live_views() -> (Status, Feed) {
    (super::live_status::draw as Status, super::live_feed::draw as Feed)
}

#[cfg(kubeloop_split)]
static LIVE: std::sync::OnceLock<(Status, Feed)> = std::sync::OnceLock::new();

/// Makes live mode's status line and feed reachable: called from the course chunk.
pub fn link_live() {
    #[cfg(kubeloop_split)]
    let _ = LIVE.set(live_views());
}

fn live_linked() -> Option<(Status, Feed)> {
    #[cfg(kubeloop_split)]
    return LIVE.get().copied();
    #[cfg(not(kubeloop_split))]
    Some(live_views())
}

/// Live mode's status line (connected, to what, with what lag).
pub fn live_status(live: &crate::live::Live) -> Html {
    live_linked().map_or_else(Html::default, |(status, _)| status(live))
}

/// Live mode's feed of the server's Events; `no_decisions` when the server has no loops' feed.
pub fn live_feed(
    world: &kubeloop::world::World,
    on_select: Callback<crate::selection::ObjRef>,
    no_decisions: bool,
) -> Html {
    live_linked().map_or_else(Html::default, |(_, feed)| feed(world, on_select, no_decisions))
}

/// The Missions or the Faults panel once the course part is here, else what keeps it.
pub fn course_panel(panel: Panel, page: &Page, send: &Callback<Msg>, w: &Words) -> Html {
    let here = page.course_here();
    if let (PartHere::Here, Some((missions, faults))) = (here, linked()) {
        let draw = if panel == Panel::Missions { missions } else { faults };
        return draw(page, send, w);
    }
    let (label, title, fetching, failed) = if panel == Panel::Missions {
        ("mission-panel-label", "panel-missions", "mission-fetching", "mission-fetch-failed")
    } else {
        ("fault-label", "fault-title", "fault-fetching", "fault-fetch-failed")
    };
    let note = if here == PartHere::Missing {
        html! {
            <p class="mission-note" role="status">{ w.t(failed) }{ " " }
                <button class="btn mission-fetch" onclick={send.reform(|_| Msg::FetchCoursePart)}>
                    { w.t("mission-fetch-again") }
                </button>
            </p>
        }
    } else {
        html! { <p class="mission-note" role="status">{ w.t(fetching) }</p> }
    };
    html! {
        <section class="missions" aria-label={w.t(label)}>
            <h2 class="panel-title">{ w.t(title) }</h2>
            { note }
        </section>
    }
}
