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

// The Missions panel's drawing, then the Faults panel's.
crate::lazy::seam!((Draw, Draw) = (super::missions::panel, super::faults::panel));

pub use live::link as link_live;

/// Live mode's status line and its feed of the server's Events.
mod live {
    use yew::Html;

    type Status = fn(&crate::live::Live) -> Html;
    type Feed = fn(&kubeloop::world::World, yew::Callback<crate::selection::ObjRef>, bool) -> Html;

    crate::lazy::seam!(
        (Status, Feed) = (super::super::live_status::draw, super::super::live_feed::draw)
    );

    pub(super) fn views() -> Option<(Status, Feed)> {
        linked()
    }
}

/// Live mode's status line (connected, to what, with what lag).
pub fn live_status(live: &crate::live::Live) -> Html {
    live::views().map_or_else(Html::default, |(status, _)| status(live))
}

/// Live mode's feed of the server's Events; `no_decisions` when the server has no loops' feed.
pub fn live_feed(
    world: &kubeloop::world::World,
    on_select: Callback<crate::selection::ObjRef>,
    no_decisions: bool,
) -> Html {
    live::views().map_or_else(Html::default, |(_, feed)| feed(world, on_select, no_decisions))
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
