//! The loop feed: the newest controller decisions, each saying what the loop wanted, what it
//! saw and the one step it took, filterable by loop. Clicking an entry selects its object; the
//! feed does not know what selecting does.

use std::rc::Rc;

use kubeloop::controllers::ControllerName;
use yew::prelude::*;

use crate::components::step::{mark, weave};
use crate::selection::ObjRef;
use crate::sim::timeline::Shown;
use crate::words::use_words;

/// The loops, in the order their chips appear.
pub const LOOPS: [&str; 15] = [
    "replicaset",
    "deployment",
    "daemonset",
    "statefulset",
    "job",
    "cronjob",
    "ttl-after-finished",
    "hpa",
    "garbage-collector",
    "scheduler",
    "kubelet",
    "node-lifecycle",
    "endpointslice",
    "endpoints",
    "kube-proxy",
];

/// The workload loops get a chip once they have decided something: a lesson without
/// DaemonSets need not show their switch.
const SHOWN_WHEN_ACTIVE: [&str; 6] =
    ["daemonset", "statefulset", "job", "cronjob", "ttl-after-finished", "hpa"];

/// Loops hidden until their chip is switched on. The kubelet reports every container step of
/// every pod, which would bury the decisions the lesson is about; the legacy Endpoints loop
/// repeats what the EndpointSlice loop decides.
const HIDDEN_BY_DEFAULT: [&str; 2] = ["kubelet", "endpoints"];

/// Entries the feed lists, newest first, from the loops switched on.
const FEED_ENTRIES: usize = 30;

/// One decision, ready to show.
#[derive(Clone, Debug, PartialEq)]
pub struct DecisionView {
    pub controller: String,
    /// The object the decision was about, for selecting it.
    pub target: ObjRef,
    pub object: String,
    /// What the loop wanted, saw and did.
    pub decision: Shown,
    pub age: String,
}

/// The newest `limit` decisions of each loop, newest first: a loop that decides a lot (the
/// kubelet in a big rollout) does not push the others out of a feed that hides it.
pub fn decision_views(world: &kubeloop::world::World, limit: usize) -> Vec<DecisionView> {
    let now = world.now();
    let mut per_loop = [0usize; ControllerName::ALL.len()];
    world
        .decisions
        .iter()
        .rev()
        .filter(|d| {
            let n = &mut per_loop[d.controller as usize];
            *n += 1;
            *n <= limit
        })
        .take(limit * LOOPS.len())
        .map(|d| DecisionView {
            controller: d.controller.short().to_string(),
            target: ObjRef::new(
                d.kind,
                if d.kind.namespaced() { &d.namespace } else { "" },
                &d.name,
            ),
            object: format!("{}/{}", d.kind.as_str().to_ascii_lowercase(), d.name),
            decision: Shown(d.clone()),
            age: kubeloop::duration::human(now.since(d.at)),
        })
        .collect()
}

#[derive(Properties, PartialEq)]
pub struct DecisionFeedProps {
    pub decisions: Rc<Vec<DecisionView>>,
    /// Selects the object an entry is about.
    pub on_select: Callback<ObjRef>,
}

#[component]
pub fn DecisionFeed(props: &DecisionFeedProps) -> Html {
    let w = use_words();
    let hidden = use_state(|| kubeloop::sort::btree_set::<&'static str>(HIDDEN_BY_DEFAULT));
    let chip = |name: &'static str| {
        let on = !hidden.contains(name);
        let onclick = {
            let hidden = hidden.clone();
            Callback::from(move |_: MouseEvent| {
                // Rebuilt without the name rather than `remove`d from: the set is six names
                // long, and this way BTreeSet's removal code is not compiled for `&str`.
                let next = if hidden.contains(name) {
                    kubeloop::sort::btree_set(hidden.iter().copied().filter(|n| *n != name))
                } else {
                    let mut next = (*hidden).clone();
                    next.insert(name);
                    next
                };
                hidden.set(next);
            })
        };
        let title = match (name, on) {
            ("kubelet", _) => w.t("feed-chip-kubelet"),
            (_, true) => w.t("feed-chip-shown"),
            (_, false) => w.t("feed-chip-hidden-hint"),
        };
        html! {
            <button class={classes!("loop-chip", format!("loop-{name}"), on.then_some("on"))}
                aria-pressed={on.to_string()} {title} {onclick}>
                { name }
                // Said in words, not struck through: a struck-out loop read as a stopped one.
                if !on {
                    <span class="loop-chip-off">{ format!(" \u{b7} {}", w.t("feed-chip-hidden")) }</span>
                }
            </button>
        }
    };
    let shown: Vec<&DecisionView> = props
        .decisions
        .iter()
        .filter(|d| !hidden.contains(d.controller.as_str()))
        .take(FEED_ENTRIES)
        .collect();

    html! {
        <section class="feed" aria-label={w.t("feed-label")}>
            <h2 class="panel-title">{ w.t("feed-title") }</h2>
            <div class="loop-chips" role="group" aria-label={w.t("feed-chips-label")}>
                { for LOOPS.into_iter().filter(|n| {
                    !SHOWN_WHEN_ACTIVE.contains(n) || props.decisions.iter().any(|d| d.controller == *n)
                }).map(chip) }
            </div>
            if props.decisions.is_empty() {
                <p class="feed-empty">{ w.t("feed-empty") }</p>
            } else if shown.is_empty() {
                <p class="feed-empty">{ w.t("feed-none-shown") }</p>
            }
            <ol class="feed-list">
                { for shown.into_iter().map(|d| {
                    let onclick = {
                        let (target, on_select) = (d.target.clone(), props.on_select.clone());
                        Callback::from(move |_: MouseEvent| on_select.emit(target.clone()))
                    };
                    // What the loop wanted and saw are its phrases, said in the page's language;
                    // the frame round them is the page's, its words in `feed-label` spans.
                    let body = w.with("feed-want-see", &[("desired", mark(0)), ("observed", mark(1))]);
                    let body = weave(
                        &body,
                        &[html! { { w.said(&d.decision.desired) } }, html! { { w.said(&d.decision.observed) } }],
                        |t| html! { <span class="feed-label">{ t }</span> },
                    );
                    html! {
                        <li class={classes!("feed-item", format!("loop-{}", d.controller))}>
                            <button class="feed-entry" {onclick} title={w.with("feed-select", &[("object", d.object.as_str().into())])}>
                                <span class="feed-head">
                                    <span class="feed-loop">{ &d.controller }</span>{ " " }
                                    <span class="feed-object">{ &d.object }</span>{ ": " }
                                </span>
                                <span class="feed-body">{ body }</span>
                                <span class="feed-action">{ " \u{2192} " }{ w.said(&d.decision.action) }</span>
                                <span class="feed-age">{ w.with("feed-age", &[("age", d.age.as_str().into())]) }</span>
                            </button>
                        </li>
                    }
                }) }
            </ol>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use kubeloop::model::Kind;

    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn each_decision_names_the_object_it_selects() {
        let mut sim = crate::sim::Sim::new(1);
        sim.run_command("k create deployment web --image=nginx:1.27 --replicas=2");
        for _ in 0..5 {
            sim.step_action();
        }
        let views = decision_views(sim.world(), 60);
        let d = views.iter().find(|d| d.controller == "deployment").expect("a deployment decision");
        assert_eq!(d.target, ObjRef::new(Kind::Deployment, "default", "web"));
        assert_eq!(d.object, "deployment/web");
        assert!(views.iter().all(|d| LOOPS.contains(&d.controller.as_str())));
        let few = decision_views(sim.world(), 1);
        let loops: BTreeSet<&str> = few.iter().map(|d| d.controller.as_str()).collect();
        assert_eq!(loops.len(), few.len(), "one decision per loop");
    }

    #[test]
    fn a_busy_kubelet_leaves_room_for_the_other_loops() {
        let mut sim = crate::sim::Sim::new(1);
        sim.run_command("k create deployment web --image=nginx:1.27 --replicas=80");
        sim.run_command("settle");
        let views = decision_views(sim.world(), 5);
        let kubelet = views.iter().filter(|d| d.controller == "kubelet").count();
        assert_eq!(kubelet, 5);
        assert!(views.iter().any(|d| d.controller == "replicaset"), "the ReplicaSet's creates");
        assert!(views.iter().any(|d| d.controller == "scheduler"), "the binds");
    }
}
