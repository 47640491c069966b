//! The fault switches: stop and start each loop, lose watch events, restart the
//! controller-manager, fail and recover nodes. Each button runs the sandbox command it stands
//! for, so the log shows it and a script can do the same.

use std::rc::Rc;

use kubeloop::controllers::ControllerName;
use kubeloop::world::{RunState, World};
use yew::prelude::*;

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

/// `controller stop ...; controller start ...` for the controller-manager's loops: a restart
/// that forgets every queue and re-lists everything.
pub fn restart_command() -> String {
    let stop: Vec<String> =
        CONTROLLER_MANAGER.iter().map(|c| format!("controller stop {c}")).collect();
    let start: Vec<String> =
        CONTROLLER_MANAGER.iter().map(|c| format!("controller start {c}")).collect();
    format!("{}; {}", stop.join("; "), start.join("; "))
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
        <section class="faults" aria-label="fault switches">
            <div class="faults-head">
                <h2 class="panel-title">{ "Faults" }</h2>
                <button type="button" class="btn" onclick={close}>{ "Back to the feed" }</button>
            </div>
            <p class="faults-intro">
                { "Break a loop and watch the cluster drift; start it again and watch it heal. Loops compare what they want with what they see, so lost events do not matter for long." }
            </p>
            <h3 class="faults-sub">{ "Loops" }</h3>
            <ul class="faults-list">
                { for v.loops.iter().map(|l| {
                    let (state, verb) = if l.running { ("running", "stop") } else { ("stopped", "start") };
                    html! {
                        <li class={classes!("fault-row", (!l.running).then_some("fault-off"))}>
                            <span class="fault-name">{ l.name }</span>
                            <span class="fault-state">{ if l.running { "● " } else { "○ " } }{ state }</span>
                            <button type="button" class="btn" onclick={run(format!("controller {verb} {}", l.name))}>
                                { if l.running { "Stop" } else { "Start" } }
                            </button>
                        </li>
                    }
                }) }
            </ul>
            <div class="faults-actions">
                <button type="button" class="btn" onclick={run("events drop 5".to_string())}>{ "Lose the next 5 watch events" }</button>
                <button type="button" class="btn" onclick={run(restart_command())}>{ "Restart the controller-manager" }</button>
            </div>
            if v.pending_drops > 0 {
                <p class="faults-note" role="status">{ format!("{} watch events will be lost before any loop sees them.", v.pending_drops) }</p>
            }
            <h3 class="faults-sub">{ "Nodes" }</h3>
            <ul class="faults-list">
                { for v.nodes.iter().map(|n| {
                    let (state, verb, label) = if n.up { ("reporting", "fail", "Fail") } else { ("silent", "recover", "Recover") };
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
