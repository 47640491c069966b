//! The root component: the page frame, and the single owner of the session state.

use yew::prelude::*;

use crate::components::command_box::{CommandBox, LogLine};
use crate::components::graph::Graph;

#[component]
pub fn App() -> Html {
    let log = use_state(Vec::<LogLine>::new);

    let on_command = {
        let log = log.clone();
        Callback::from(move |line: String| {
            let mut next = (*log).clone();
            next.push(LogLine::input(&line));
            next.push(LogLine::error(
                "kubeloop: the simulation engine is not connected to this page yet",
            ));
            log.set(next);
        })
    };

    html! {
        <div class="app">
            <header class="topbar">
                <h1 class="brand">{ "kubeloop" }</h1>
                <p class="tagline">{ "Change something. Watch the controllers put it back." }</p>
            </header>
            <main class="workspace">
                <Graph />
                <CommandBox log={(*log).clone()} {on_command} />
            </main>
        </div>
    }
}
