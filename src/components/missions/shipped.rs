//! The Missions panel as the build ships it. The built-in missions come with the course part
//! (`crate::parts::fetch`), so in the page's split build the panel that lists, starts and
//! checks them ships in the course chunk too (`crate::lazy::course` calls `link`); the first
//! load carries only this seam and the note it shows until they are here: that they are on
//! their way, or that they could not be fetched, with a button to try again.

use yew::prelude::*;

use crate::page::{MissionsHere, Msg, Page};
use crate::words::Words;

type Draw = fn(&Page, &Callback<Msg>, &Words) -> Html;

#[cfg(kubeloop_split)]
static LINKED: std::sync::OnceLock<Draw> = std::sync::OnceLock::new();

/// Makes the panel reachable: called from the course chunk.
pub fn link() {
    #[cfg(kubeloop_split)]
    let _ = LINKED.set(super::panel as Draw);
}

fn linked() -> Option<Draw> {
    #[cfg(kubeloop_split)]
    return LINKED.get().copied();
    #[cfg(not(kubeloop_split))]
    Some(super::panel as Draw)
}

/// The Missions panel: the missions once they are here, else what keeps them.
pub fn missions_panel(page: &Page, send: &Callback<Msg>, w: &Words) -> Html {
    let here = page.missions_here();
    if let (MissionsHere::Here, Some(draw)) = (here, linked()) {
        return draw(page, send, w);
    }
    let note = if here == MissionsHere::Missing {
        html! {
            <p class="mission-note" role="status">{ w.t("mission-fetch-failed") }{ " " }
                <button class="mission-fetch" onclick={send.reform(|_| Msg::FetchMissions)}>
                    { w.t("mission-fetch-again") }
                </button>
            </p>
        }
    } else {
        html! { <p class="mission-note" role="status">{ w.t("mission-fetching") }</p> }
    };
    html! {
        <section class="missions" aria-label={w.t("mission-panel-label")}>
            <h2 class="panel-title">{ w.t("panel-missions") }</h2>
            { note }
        </section>
    }
}
