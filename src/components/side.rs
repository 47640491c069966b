//! The side column: the inspector while an object is selected, else the chosen panel, above
//! the loop feed (it explains what a fault or a mission is doing), with the step card at the
//! feed's head. On narrow screens and in presenter mode the column opens on request (a
//! panel, a selection, Step), shows one of them at a time, and has a close button; the
//! graph re-fits to the room it leaves (`static/style.css`, `static/teach.css`). Reads the
//! page and renders; every action goes back as a `Msg`.

use std::rc::Rc;

use yew::prelude::*;

use crate::components::budget::budget_meter;
use crate::components::decisions::{decision_views, DecisionFeed};
use crate::components::inspector::Inspector;
use crate::components::shipped::{course_panel, live_feed};
use crate::components::step::StepCard;
use crate::components::transfer::TransferPanel;
use crate::live::DecisionsFeed;
use crate::page::{Msg, Page, Panel, UndoCause};
use crate::words::Words;

/// Newest decisions of each loop handed to the feed (it shows the newest of the loops
/// switched on); the panel shows a handful at once.
const FEED_PER_LOOP: usize = 30;

pub fn side_panel(page: &Page, send: &Callback<Msg>, w: &Words) -> Html {
    let s = &page.sim;
    let world = s.shown_world();
    let on_select = send.reform(Msg::Select);
    let to_feed = send.reform(|()| Msg::Panel(Panel::Feed));
    let top = if let Some(inspected) = page.shown.inspected.clone() {
        Some((
            w.t("side-inspector"),
            html! {
                <Inspector inspected={Some(inspected)} on_action={send.reform(Msg::Action)}
                    on_select={on_select.clone()} on_close={send.reform(|()| Msg::CloseInspector)} />
            },
        ))
    } else {
        match page.panel {
            Panel::Missions => {
                Some((w.t("panel-missions"), course_panel(Panel::Missions, page, send, w)))
            }
            Panel::Yaml => Some((
                w.t("panel-yaml"),
                html! {
                    <TransferPanel exported={kubeloop::session::export_yaml(world, None).map(Rc::new)}
                        fetch_failed={page.yaml.failed.clone()}
                        on_import={send.reform(Msg::Import)} on_close={to_feed} />
                },
            )),
            Panel::Faults => {
                Some((w.t("panel-faults"), course_panel(Panel::Faults, page, send, w)))
            }
            Panel::Feed => None,
        }
    };
    let stepping = s.paused && !s.in_past();
    let step = s.last_action.clone().filter(|_| stepping).map(Rc::new);
    let quiet = s.quiet_step.clone().filter(|_| stepping).map(Rc::new);
    // Where the column shows one thing at a time (presenter mode, a phone), the step card
    // takes the feed's place, and its name.
    let below = || {
        if step.is_some() || quiet.is_some() {
            w.t("side-last-step")
        } else {
            w.t("panel-feed")
        }
    };
    let title = top.as_ref().map_or_else(below, |(t, _)| t.clone());
    // One structure whatever is open, so the feed's elements (and the focus on one of its
    // cards) survive the inspector opening above it.
    html! {
        <aside class={classes!("side", top.is_some().then_some("split"))} id="side" aria-label={title.clone()}>
            <div class="side-head">
                <span class="side-title">{ title.clone() }</span>
                <button class="speed drawer-close" aria-label={w.t("side-close-label")}
                    title={w.t("side-close-hint")}
                    onclick={send.reform(|_: MouseEvent| Msg::ToggleDrawer)}>{ w.t("side-close") }</button>
            </div>
            // The budget meter's place on a projector, where the stage has no room to spare
            // (`static/budget.css` shows this one or the stage's, never both).
            <div class="side-budget">
                { budget_meter(page.shown.budget.clone(), page.budget_open, send.reform(|()| Msg::ToggleBudget)) }
            </div>
            // Keyed by what it shows, alone in its list so the key counts: each panel opens
            // at its top, not where the last one was scrolled to.
            <><div class="side-top" key={title}>{ top.map(|(_, body)| body).unwrap_or_default() }</div></>
            <div class="side-feed">
                if step.is_some() || quiet.is_some() {
                    <StepCard {step} {quiet} on_select={on_select.clone()} on_jump={send.reform(|()| Msg::Jump)} />
                }
                // A real cluster has no decisions to show: its Events take the feed's place.
                // Against kubeloop serve the decisions lead, as in the built-in cluster.
                if page.live.as_ref().is_none_or(|l| l.decisions != DecisionsFeed::Absent) {
                    <DecisionFeed decisions={Rc::new(decision_views(world, FEED_PER_LOOP))} on_select={on_select.clone()} />
                }
                if let Some(live) = &page.live {
                    { live_feed(world, on_select, live.decisions == DecisionsFeed::Absent) }
                }
            </div>
        </aside>
    }
}

/// The offer to bring back what a Reset or a mission start replaced.
pub fn undo_bar(page: &Page, send: &Callback<Msg>, w: &Words) -> Html {
    let Some(offer) = &page.undo else { return Html::default() };
    html! {
        <div class="undo-offer" role="status">
            <span>{ w.t(undo_id(offer.what)) }</span>
            <button class="speed active" onclick={send.reform(|_: MouseEvent| Msg::Undo)}>{ w.t("side-undo") }</button>
            <button class="speed" onclick={send.reform(|_: MouseEvent| Msg::KeepChange)}>{ w.t("side-dismiss") }</button>
        </div>
    }
}

/// The share link just made: one line to select and copy, not a flood in the terminal.
pub fn share_bar(page: &Page, send: &Callback<Msg>, w: &Words) -> Html {
    let Some(shared) = &page.shared else { return Html::default() };
    let said = if shared.copied { w.t("side-share-copied") } else { w.t("side-share-copy") };
    html! {
        <div class="share-bar" role="status">
            <span>{ said }</span>
            <input class="share-link" readonly=true aria-label={w.t("side-share-label")}
                value={shared.url.clone()} />
            <button class="speed" onclick={send.reform(|_: MouseEvent| Msg::CloseShare)}>{ w.t("side-dismiss") }</button>
        </div>
    }
}

/// The offer's sentence, for what replaced the cluster.
fn undo_id(cause: UndoCause) -> &'static str {
    match cause {
        UndoCause::Reset => "side-undo-reset",
        UndoCause::MissionStarted => "side-undo-mission",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_undo_offer_has_its_words() {
        for cause in [UndoCause::Reset, UndoCause::MissionStarted] {
            let id = undo_id(cause);
            assert_ne!(Words::default().t(id), id);
        }
    }
}
