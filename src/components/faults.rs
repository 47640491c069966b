//! The fault switches: stop and start each loop, lose watch events, restart the
//! controller-manager, fail and recover nodes. Each button runs the sandbox command it stands
//! for, so the log shows it and a script can do the same.

use std::rc::Rc;

use kubeloop::controllers::ControllerName;
use kubeloop::world::{RunState, World};
use yew::prelude::*;

use crate::words::use_words;

/// One loop's switch.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopSwitch {
    pub name: &'static str,
    pub running: bool,
}

/// One machine's switch.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeSwitch {
    pub name: String,
    pub up: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FaultsView {
    pub loops: Vec<LoopSwitch>,
    pub nodes: Vec<NodeSwitch>,
    pub pending_drops: u32,
}

/// The loops inside kube-controller-manager (the scheduler and kubelets are separate).
const CONTROLLER_MANAGER: [&str; 6] = [
    "deployment",
    "replicaset",
    "garbage-collector",
    "node-lifecycle",
    "endpointslice",
    "endpoints",
];

pub fn faults_view(world: &World) -> FaultsView {
    FaultsView {
        loops: ControllerName::ALL
            .iter()
            .map(|c| LoopSwitch {
                name: c.short(),
                running: world.controller_state(*c) == RunState::Running,
            })
            .collect(),
        nodes: world
            .hosts
            .iter()
            .map(|(name, h)| NodeSwitch { name: name.clone(), up: h.up })
            .collect(),
        pending_drops: world.pending_drops(),
    }
}

/// Watch events the Lose button drops.
const DROPS: u32 = 5;

/// `controller stop ...; controller start ...` for the controller-manager's loops: a restart
/// that forgets every queue and re-lists everything.
pub fn restart_command() -> String {
    let stop: Vec<String> =
        CONTROLLER_MANAGER.iter().map(|c| format!("controller stop {c}")).collect();
    let start: Vec<String> =
        CONTROLLER_MANAGER.iter().map(|c| format!("controller start {c}")).collect();
    format!("{}; {}", stop.join("; "), start.join("; "))
}

/// The panel, once the course part is here (`shipped::course_panel` says when it is not).
pub(super) fn panel(
    page: &crate::page::Page,
    send: &Callback<crate::page::Msg>,
    _: &crate::words::Words,
) -> Html {
    use crate::page::{Msg, Panel};
    html! {
        <FaultsPanel view={Rc::new(faults_view(page.sim.shown_world()))} on_command={send.reform(Msg::Command)}
            on_close={send.reform(|()| Msg::Panel(Panel::Feed))} />
    }
}

#[derive(Properties, PartialEq)]
pub struct FaultsProps {
    pub view: Rc<FaultsView>,
    /// Runs a command line as if typed.
    pub on_command: Callback<String>,
    pub on_close: Callback<()>,
}

#[component]
pub fn FaultsPanel(props: &FaultsProps) -> Html {
    let w = use_words();
    let run = |line: String| {
        let on_command = props.on_command.clone();
        Callback::from(move |_: MouseEvent| on_command.emit(line.clone()))
    };
    let close = {
        let on_close = props.on_close.clone();
        Callback::from(move |_: MouseEvent| on_close.emit(()))
    };
    let v = &props.view;
    html! {
        <section class="faults" aria-label={w.t("fault-label")}>
            <div class="faults-head">
                <h2 class="panel-title">{ w.t("fault-title") }</h2>
                <button type="button" class="btn" onclick={close}>{ w.t("fault-back") }</button>
            </div>
            <p class="faults-intro">
                { w.t("fault-intro") }
            </p>
            <h3 class="faults-sub">{ w.t("fault-loops") }</h3>
            <ul class="faults-list">
                { for v.loops.iter().map(|l| {
                    // The verb is the command's, and stays English; the words are the page's.
                    let (state, verb, label) = if l.running {
                        (w.t("fault-running"), "stop", w.t("fault-stop"))
                    } else {
                        (w.t("fault-stopped"), "start", w.t("fault-start"))
                    };
                    html! {
                        <li class={classes!("fault-row", (!l.running).then_some("fault-off"))}>
                            <span class="fault-name">{ l.name }</span>
                            <span class="fault-state">{ if l.running { "● " } else { "○ " } }{ state }</span>
                            <button type="button" class="btn" onclick={run(format!("controller {verb} {}", l.name))}>
                                { label }
                            </button>
                        </li>
                    }
                }) }
            </ul>
            <div class="faults-actions">
                <button type="button" class="btn" onclick={run(format!("events drop {DROPS}"))}>
                    { w.with("fault-lose-events", &[("count", DROPS.into())]) }
                </button>
                <button type="button" class="btn" onclick={run(restart_command())}>{ w.t("fault-restart") }</button>
            </div>
            if v.pending_drops > 0 {
                <p class="faults-note" role="status">{ w.with("fault-drops-pending", &[("count", v.pending_drops.into())]) }</p>
            }
            <h3 class="faults-sub">{ w.t("fault-nodes") }</h3>
            <ul class="faults-list">
                { for v.nodes.iter().map(|n| {
                    let (state, verb, label) = if n.up {
                        (w.t("fault-reporting"), "fail", w.t("fault-fail"))
                    } else {
                        (w.t("fault-silent"), "recover", w.t("fault-recover"))
                    };
                    html! {
                        <li class={classes!("fault-row", (!n.up).then_some("fault-off"))}>
                            <span class="fault-name">{ &n.name }</span>
                            <span class="fault-state">{ if n.up { "● " } else { "○ " } }{ state }</span>
                            <button type="button" class="btn" onclick={run(format!("node {verb} {}", n.name))}>{ label }</button>
                        </li>
                    }
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

    #[test]
    fn switches_mirror_the_world_and_restart_names_the_controller_manager() {
        let mut s = Session::new(World::new(1), Mode::Script);
        s.run("controller stop replicaset; node fail node-2; events drop 3");
        let v = faults_view(&s.world);
        assert!(!v.loops.iter().find(|l| l.name == "replicaset").unwrap().running);
        assert!(v.loops.iter().find(|l| l.name == "scheduler").unwrap().running);
        assert!(!v.nodes.iter().find(|n| n.name == "node-2").unwrap().up);
        assert_eq!(v.pending_drops, 3);
        let out = s.run(&restart_command());
        assert_eq!(out.status, 0, "{}", out.text());
        assert!(faults_view(&s.world).loops.iter().all(|l| l.running));
    }
}
