//! The loop feed: the newest controller decisions, each saying what the loop wanted, what it
//! saw and the one step it took.

use std::rc::Rc;

use yew::prelude::*;

/// One decision, ready to show.
#[derive(Clone, Debug, PartialEq)]
pub struct DecisionView {
    pub controller: String,
    pub object: String,
    pub desired: String,
    pub observed: String,
    pub action: String,
    pub age: String,
}

/// The newest `limit` decisions of the world, newest first.
pub fn decision_views(world: &kubeloop::world::World, limit: usize) -> Vec<DecisionView> {
    let now = world.now();
    world
        .decisions
        .iter()
        .rev()
        .take(limit)
        .map(|d| DecisionView {
            controller: d.controller.short().to_string(),
            object: format!("{}/{}", d.kind.as_str().to_ascii_lowercase(), d.name),
            desired: d.desired.clone(),
            observed: d.observed.clone(),
            action: d.action.clone(),
            age: kubeloop::duration::human(now.since(d.at)),
        })
        .collect()
}

#[derive(Properties, PartialEq)]
pub struct DecisionFeedProps {
    pub decisions: Rc<Vec<DecisionView>>,
}

#[component]
pub fn DecisionFeed(props: &DecisionFeedProps) -> Html {
    html! {
        <section class="feed" aria-label="controller decisions">
            <h2 class="panel-title">{ "What the loops just did" }</h2>
            if props.decisions.is_empty() {
                <p class="feed-empty">{ "Nothing to do yet. Every loop compares what is wanted with what it sees, and acts only on a difference." }</p>
            }
            <ol class="feed-list">
                { for props.decisions.iter().map(|d| html! {
                    <li class={classes!("feed-item", format!("loop-{}", d.controller))}>
                        <div class="feed-head">
                            <span class="feed-loop">{ &d.controller }</span>
                            <span class="feed-object">{ &d.object }</span>
                            <span class="feed-age">{ &d.age }</span>
                        </div>
                        <div class="feed-body">
                            <span class="feed-label">{ "want " }</span>{ &d.desired }
                            <span class="feed-label">{ " · see " }</span>{ &d.observed }
                        </div>
                        <div class="feed-action">{ "→ " }{ &d.action }</div>
                    </li>
                }) }
            </ol>
        </section>
    }
}
