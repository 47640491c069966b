//! Live mode's part of the feed: the cluster's Events, newest first (what a real cluster's
//! controllers say about what they did), and, where the server has no decisions stream, one
//! plain note that their reasoning is not shown. Clicking an Event selects its object.

use std::rc::Rc;

use kubeloop::model::{Event, Kind};
use kubeloop::world::World;
use yew::prelude::*;

use crate::selection::ObjRef;
use crate::words::use_words;

/// Events listed at most.
const EVENTS_SHOWN: usize = 30;

#[derive(Clone, Debug, PartialEq)]
pub struct EventView {
    pub ty: String,
    pub reason: String,
    pub object: String,
    pub target: Option<ObjRef>,
    pub message: String,
    pub age: String,
}

/// The mirror's Events, newest first.
pub fn event_views(world: &World) -> Vec<EventView> {
    let now = world.now();
    let mut events: Vec<&Event> = world.store.list::<Event>(None, None).collect();
    events.sort_by_key(|e| std::cmp::Reverse(when(e)));
    events
        .into_iter()
        .take(EVENTS_SHOWN)
        .map(|e| {
            let o = &e.involved_object;
            let kind = Kind::from_resource(&o.kind.to_ascii_lowercase());
            EventView {
                ty: e.type_.to_string(),
                reason: e.reason.to_string(),
                object: format!("{}/{}", o.kind.to_ascii_lowercase(), o.name),
                target: kind.map(|k| ObjRef::new(k, &o.namespace, &o.name)),
                message: e.message.clone(),
                age: when(e).map(|t| kubeloop::duration::human(now.since(t))).unwrap_or_default(),
            }
        })
        .collect()
}

/// When an Event last happened. Events recorded through events.k8s.io/v1 (the scheduler's,
/// the kubelet's on new clusters) read back through core/v1 with no lastTimestamp, so their
/// creation time stands in.
fn when(e: &Event) -> Option<kubeloop::clock::Time> {
    (e.last_timestamp > kubeloop::clock::Time::ZERO)
        .then_some(e.last_timestamp)
        .or(e.metadata.creation_timestamp)
}

/// The feed, as `shipped::live_feed` reaches it.
pub(super) fn draw(
    world: &World,
    on_select: Callback<crate::selection::ObjRef>,
    no_decisions: bool,
) -> Html {
    html! { <LiveFeed events={std::rc::Rc::new(event_views(world))} {on_select} {no_decisions} /> }
}

#[derive(Properties, PartialEq)]
pub struct LiveFeedProps {
    pub events: Rc<Vec<EventView>>,
    /// Say that this server has no decisions stream.
    pub no_decisions: bool,
    pub on_select: Callback<ObjRef>,
}

#[component]
pub fn LiveFeed(props: &LiveFeedProps) -> Html {
    let w = use_words();
    html! {
        <section class="live-feed" aria-label={w.t("livefeed-label")}>
            // What a real cluster shows in place of the loops' decisions.
            if props.no_decisions {
                <p class="live-note">{ w.t("livefeed-no-decisions") }</p>
            }
            <h3 class="live-feed-title">{ w.t("livefeed-title") }</h3>
            if props.events.is_empty() {
                <p class="live-empty">{ w.t("livefeed-empty") }</p>
            }
            <ul class="live-events">
                { for props.events.iter().map(|e| {
                    let onclick = e.target.clone().map(|t| props.on_select.reform(move |_: MouseEvent| t.clone()));
                    html! {
                        <li class={classes!("live-event", (e.ty == "Warning").then_some("warning"))}>
                            <button class="live-event-head" {onclick} disabled={e.target.is_none()}>
                                <span class="live-event-reason">{ &e.reason }</span>
                                <span class="live-event-object">{ &e.object }</span>
                                <span class="live-event-age">{ &e.age }</span>
                            </button>
                            <p class="live-event-message">{ &e.message }</p>
                        </li>
                    }
                }) }
            </ul>
        </section>
    }
}
