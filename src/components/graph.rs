//! The ownership graph area. Until objects exist it explains what will appear here.

use yew::prelude::*;

#[component]
pub fn Graph() -> Html {
    html! {
        <section class="graph" aria-label="ownership graph">
            <div class="graph-empty">
                <p class="graph-empty-title">{ "The cluster is empty" }</p>
                <p class="graph-empty-hint">
                    { "Deployments, ReplicaSets and Pods appear here, joined by their ownerReferences." }
                </p>
                <div class="lanes" aria-hidden="true">
                    <span class="lane">{ "Deployment" }</span>
                    <span class="lane-arrow">{ "→" }</span>
                    <span class="lane">{ "ReplicaSet" }</span>
                    <span class="lane-arrow">{ "→" }</span>
                    <span class="lane">{ "Pod" }</span>
                </div>
            </div>
        </section>
    }
}
