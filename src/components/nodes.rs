//! The nodes panel: which pod sits on which node, and each node's status as `kubectl get
//! nodes` prints it. Also the status tones (colour plus icon) the panels share.
//!
//! `node_views` reads the world into plain values; the component only draws them and reports
//! clicks. It knows nothing about how pods get scheduled.

use std::rc::Rc;

use kubeloop::kubectl::printers::pod_cells;
use kubeloop::model::{Kind, Node, Pod};
use kubeloop::world::World;
use yew::prelude::*;

use crate::components::inspector::breakable;
use crate::inspect::node_status;
use crate::selection::ObjRef;
use crate::words::use_words;

/// One node as the panel shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeView {
    pub name: String,
    /// kubectl's STATUS: `Ready`, `NotReady`, `Ready,SchedulingDisabled`, ...
    pub status: String,
    /// Pods bound to the node, in namespace/name order.
    pub pods: Vec<NodePod>,
    /// `status.allocatable.pods` (else `status.capacity.pods`), as the scheduler counts.
    pub capacity: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodePod {
    pub namespace: String,
    pub name: String,
    /// kubectl's STATUS column.
    pub status: String,
}

/// Every node, in name order, with the pods bound to it.
pub fn node_views(world: &World) -> Vec<NodeView> {
    let store = &world.store;
    let now = world.now();
    store
        .list::<Node>(None, None)
        .map(|n| NodeView {
            name: n.metadata.name.clone(),
            status: node_status(n, now),
            pods: store
                .pods_on_node(&n.metadata.name)
                .iter()
                .filter_map(|k| store.get::<Pod>(&k.ns, &k.name))
                .map(|p| NodePod {
                    namespace: p.metadata.namespace.clone(),
                    name: p.metadata.name.clone(),
                    status: pod_cells(p, now).status,
                })
                .collect(),
            capacity: n.max_pods(),
        })
        .collect()
}

/// How a status reads at a glance. Each tone has its own colour (Okabe–Ito) and its own
/// icon shape, and the status text is always shown next to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Ok,
    Progress,
    Off,
    Bad,
}

impl Tone {
    pub fn of(status: &str) -> Tone {
        match status {
            "Running" | "Ready" => Tone::Ok,
            "Pending" | "ContainerCreating" | "PodInitializing" | "SchedulingGated" => {
                Tone::Progress
            }
            "Terminating" | "Completed" | "Succeeded" => Tone::Off,
            s if s.starts_with("Ready,") => Tone::Off,
            _ => Tone::Bad,
        }
    }

    pub fn class(self) -> &'static str {
        match self {
            Tone::Ok => "tone-ok",
            Tone::Progress => "tone-progress",
            Tone::Off => "tone-off",
            Tone::Bad => "tone-bad",
        }
    }

    pub fn icon(self) -> &'static str {
        match self {
            Tone::Ok => "✓",
            Tone::Progress => "◔",
            Tone::Off => "⊘",
            Tone::Bad => "✕",
        }
    }
}

/// An icon and the status text, coloured by tone.
pub fn status_badge(status: &str) -> Html {
    let tone = Tone::of(status);
    html! {
        <span class={classes!("status-badge", tone.class())}>
            <span class="status-icon" aria-hidden="true">{ tone.icon() }</span>
            <span class="status-text">{ status.to_string() }</span>
        </span>
    }
}

#[derive(Properties, PartialEq)]
pub struct NodesProps {
    pub nodes: Rc<Vec<NodeView>>,
    pub on_select: Callback<ObjRef>,
}

#[component]
pub fn NodesPanel(props: &NodesProps) -> Html {
    let w = use_words();
    let select = |r: ObjRef| {
        let on_select = props.on_select.clone();
        Callback::from(move |_: MouseEvent| on_select.emit(r.clone()))
    };
    html! {
        <section class="nodes-panel" aria-label={w.t("nodes-panel-label")}>
            <h2 class="panel-title">{ w.t("nodes-panel-title") }</h2>
            if props.nodes.is_empty() {
                // The command sits inside the sentence; the space before it is the code's,
                // since Fluent trims a message's edges.
                <p class="panel-empty">
                    { format!("{} ", w.t("nodes-panel-empty-before")) }<code>{ "node add" }</code>
                    { w.t("nodes-panel-empty-after") }
                </p>
            }
            <ul class="node-list">
                { for props.nodes.iter().map(|n| html! {
                    <li class={classes!("node-card", Tone::of(&n.status).class())}
                        data-node={n.name.clone()} data-status={n.status.clone()}>
                        <button class="node-head" onclick={select(ObjRef::new(Kind::Node, "", &n.name))}
                            aria-label={w.with("nodes-panel-node-label", &[("name", n.name.as_str().into()), ("status", n.status.as_str().into())])}>
                            <span class="node-name">{ breakable(&n.name) }</span>
                            { status_badge(&n.status) }
                        </button>
                        <p class="node-load">{ w.with("nodes-panel-load", &[("count", n.pods.len().into()), ("capacity", n.capacity.into())]) }</p>
                        if n.pods.is_empty() {
                            <p class="node-idle">{ w.t("nodes-panel-idle") }</p>
                        } else {
                            <ul class="node-pods">
                                { for n.pods.iter().map(|p| html! {
                                    <li>
                                        <button class={classes!("pod-chip", Tone::of(&p.status).class())}
                                            data-pod={p.name.clone()} data-status={p.status.clone()}
                                            onclick={select(ObjRef::new(Kind::Pod, &p.namespace, &p.name))}>
                                            <span class="pod-chip-name">{ breakable(&p.name) }</span>
                                            { status_badge(&p.status) }
                                        </button>
                                    </li>
                                }) }
                            </ul>
                        }
                    </li>
                }) }
            </ul>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeloop::kubectl::Mode;
    use kubeloop::session::Session;

    fn views(script: &str) -> Vec<NodeView> {
        let mut s = Session::new(World::new(1), Mode::Script);
        let out = s.run(script);
        assert_eq!(out.status, 0, "{}", out.text());
        node_views(&s.world)
    }

    #[test]
    fn every_pod_shows_up_on_the_node_it_is_bound_to() {
        let v = views("k create deployment web --image=nginx:1.27 --replicas=4; settle");
        let names: Vec<&str> = v.iter().map(|n| n.name.as_str()).collect();
        assert_eq!(names, ["node-1", "node-2", "node-3"]);
        assert!(v.iter().all(|n| n.status == "Ready" && n.capacity == 110));
        let pods: Vec<&NodePod> = v.iter().flat_map(|n| &n.pods).collect();
        assert_eq!(pods.len(), 4);
        assert!(pods.iter().all(|p| p.status == "Running" && p.namespace == "default"));
    }

    #[test]
    fn node_status_reads_like_kubectl_get_nodes() {
        let v = views("k cordon node-1; node fail node-2; sleep 60s");
        let status: Vec<&str> = v.iter().map(|n| n.status.as_str()).collect();
        assert_eq!(status, ["Ready,SchedulingDisabled", "NotReady", "Ready"]);
    }

    #[test]
    fn each_tone_has_its_own_icon() {
        let tones =
            ["Running", "ContainerCreating", "Terminating", "CrashLoopBackOff"].map(Tone::of);
        assert_eq!(tones, [Tone::Ok, Tone::Progress, Tone::Off, Tone::Bad]);
        let icons: std::collections::BTreeSet<_> = tones.iter().map(|t| t.icon()).collect();
        assert_eq!(icons.len(), 4);
        assert_eq!(Tone::of("Ready,SchedulingDisabled"), Tone::Off);
        assert_eq!(Tone::of("NotReady"), Tone::Bad);
    }
}
