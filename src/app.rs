//! The root component: the page frame and the single owner of the simulation and its timer.
//! Children get snapshots (`Rc`) and send callbacks; only this component mutates `Sim`.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Interval;
use yew::prelude::*;

use crate::complete;
use crate::components::command_box::CommandBox;
use crate::components::decisions::{decision_views, DecisionFeed};
use crate::components::editor::YamlEditor;
use crate::components::faults::{faults_view, FaultsPanel};
use crate::components::graph::Graph;
use crate::components::inspector::Inspector;
use crate::components::missions::{active_view, mission_views, MissionsPanel, VerdictView};
use crate::components::nodes::{node_views, NodesPanel};
use crate::components::playback::Playback;
use crate::components::step::StepCard;
use crate::components::timeline::Timeline;
use crate::components::transfer::TransferPanel;
use crate::presenter;
use crate::selection::{Action, ObjRef};
use crate::sim::{Sim, Speed};
use crate::storage;
use crate::view::{self, LayoutMemory};

/// Timer period in real milliseconds.
const FRAME_MS: u32 = 100;
/// Simulation time a timer fire may spend before it leaves the rest of a tick for the next
/// fire, so the step plus its re-render fits a 60 fps frame (16 ms) with room to draw.
const SLICE_MS: f64 = 4.0;

fn real_now() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map(|p| p.now()).unwrap_or(0.0)
}

/// How much bigger presenter mode draws the graph.
const PRESENTER_ZOOM: f64 = 1.4;

/// What a command typed while looking at the past gets.
const PAST_NOTICE: &str =
    "kubeloop: this is an earlier moment; press Back to now, or Carry on from here to change it";

/// How often the session is saved while time passes (commands save at once).
const SAVE_EVERY_MS: f64 = 5_000.0;
/// Newest decisions of each loop handed to the feed every frame (it shows the newest of the
/// loops switched on); the panel shows a handful at once.
const FEED_PER_LOOP: usize = 30;

/// The session to start with: a share link's, else the one saved by the last visit, else a
/// fresh cluster. A link or a saved value that cannot be used says why and starts fresh.
fn initial_session() -> Sim {
    let (what, found) = match storage::link_session() {
        Some(r) => {
            storage::forget_link();
            ("shared session in the link", Some(r))
        }
        None => ("saved session", storage::load_session()),
    };
    match found {
        Some(Ok(journal)) => {
            let mut sim = Sim::restore(&journal);
            let n = journal.entries.len();
            let inputs = if n == 1 { "input" } else { "inputs" };
            sim.notice(&format!("kubeloop: restored the {what} ({n} {inputs} replayed)"), false);
            sim
        }
        Some(Err(why)) => {
            storage::clear_session();
            let mut sim = Sim::new(1);
            sim.notice(
                &format!(
                    "kubeloop: the {what} could not be used: {why}. Starting with a fresh cluster."
                ),
                true,
            );
            sim
        }
        None => {
            // A first visit runs at half speed, so each loop's move can be followed.
            let mut sim = Sim::new(1);
            sim.speed = Speed::FIRST_RUN;
            sim.notice(
                "kubeloop: first visit, so the clock runs at half speed; the speed dial changes it.",
                false,
            );
            sim
        }
    }
}

#[component]
pub fn App() -> Html {
    let sim = use_mut_ref(|| {
        let mut sim = initial_session();
        let known: Vec<String> = sim.missions.iter().map(|m| m.name.clone()).collect();
        sim.done = storage::load_done(&known);
        sim
    });
    let layout = use_mut_ref(LayoutMemory::default);
    let view_cache = use_mut_ref(|| None::<Rc<view::ViewModel>>);
    let history_cache = use_mut_ref(crate::inspect::history::HistoryCache::default);
    let selected = use_state(|| None::<ObjRef>);
    let show_nodes = use_state(|| false);
    let show_missions = use_state(|| false);
    let show_faults = use_state(|| false);
    let show_yaml = use_state(|| false);
    let redraw = use_force_update();
    // When the last timer fire started, until the render it caused has finished.
    let frame_start = use_mut_ref(|| None::<f64>);
    {
        let frame_start = frame_start.clone();
        use_effect(move || {
            if let Some(t0) = frame_start.borrow_mut().take() {
                crate::frames::record(real_now() - t0);
            }
        });
    }

    // The one timer: real time in, simulated ticks out, then a redraw.
    {
        let sim = sim.clone();
        let redraw = redraw.clone();
        let frame_start = frame_start.clone();
        use_effect_with((), move |_| {
            // The first render is on screen: record when, for the time-to-interactive figure
            // the end-to-end test reads.
            if let Some(body) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.body())
            {
                let _ = body.set_attribute("data-interactive-ms", &format!("{:.1}", real_now()));
            }
            let last = Rc::new(RefCell::new(real_now()));
            let last_save = Rc::new(RefCell::new(real_now()));
            let interval = Interval::new(FRAME_MS, move || {
                let now = real_now();
                let elapsed = now - *last.borrow();
                *last.borrow_mut() = now;
                *frame_start.borrow_mut() = Some(now);
                let mut s = sim.borrow_mut();
                let mark = crate::frames::memory_mark();
                s.tick_within(elapsed, || real_now() - now > SLICE_MS);
                crate::frames::record_sim(real_now() - now, mark);
                // Keep the saved session fresh, without writing storage on every frame.
                if now - *last_save.borrow() > SAVE_EVERY_MS {
                    *last_save.borrow_mut() = now;
                    storage::save_session(s.snapshot());
                }
                drop(s);
                redraw.force_update();
            });
            move || drop(interval)
        });
    }

    let on_command = {
        let (sim, redraw) = (sim.clone(), redraw.clone());
        Callback::from(move |line: String| {
            let mut s = sim.borrow_mut();
            if s.in_past() {
                s.notice(PAST_NOTICE, true);
                drop(s);
                redraw.force_update();
                return;
            }
            s.run_command(&line);
            storage::save_session(s.snapshot());
            drop(s);
            redraw.force_update();
        })
    };
    let on_share = {
        let (sim, redraw) = (sim.clone(), redraw.clone());
        Callback::from(move |_: MouseEvent| {
            let mut s = sim.borrow_mut();
            let link = storage::share_link(s.snapshot());
            match link {
                Some(url) => s.notice(
                    &format!("Share this link to open the same cluster, step for step:\n{url}"),
                    false,
                ),
                None => s.notice("kubeloop: this browser would not make a link", true),
            }
            drop(s);
            redraw.force_update();
        })
    };
    let on_stop = {
        let (sim, redraw) = (sim.clone(), redraw.clone());
        Callback::from(move |_| {
            sim.borrow_mut().stop_watch();
            redraw.force_update();
        })
    };
    let on_complete = {
        let sim = sim.clone();
        Callback::from(move |line: String| complete::complete(&line, sim.borrow().world()))
    };
    let on_action = {
        let (sim, redraw) = (sim.clone(), redraw.clone());
        Callback::from(move |action: Action| {
            let mut s = sim.borrow_mut();
            if s.in_past() {
                s.notice(PAST_NOTICE, true);
            } else {
                s.run_action(&action);
            }
            drop(s);
            redraw.force_update();
        })
    };
    // Stable identities: each graph box is memoised on its props, callbacks included.
    let on_select = {
        let selected = selected.clone();
        use_callback((), move |r: ObjRef, _| selected.set(Some(r)))
    };
    let on_close = {
        let selected = selected.clone();
        Callback::from(move |_| selected.set(None))
    };
    let on_toggle = {
        let (layout, redraw) = (layout.clone(), redraw.clone());
        use_callback((), move |key: String, _| {
            layout.borrow_mut().toggle_expanded(&key);
            redraw.force_update();
        })
    };
    // The graph panel's width in CSS pixels; the layout gets it divided by the zoom, so
    // presenter mode draws fewer, bigger boxes with the same code.
    let panel_px = use_mut_ref(|| 0.0_f64);
    let on_width = {
        let (panel_px, redraw) = (panel_px.clone(), redraw.clone());
        use_callback((), move |px: f64, _| {
            // Small changes (a scrollbar coming and going) must not start a resize loop.
            let changed = (*panel_px.borrow() - px).abs() > 16.0;
            if changed {
                *panel_px.borrow_mut() = px;
                redraw.force_update();
            }
        })
    };
    let on_pause = {
        let (sim, redraw) = (sim.clone(), redraw.clone());
        Callback::from(move |paused: bool| {
            let mut s = sim.borrow_mut();
            s.back_to_now();
            s.paused = paused;
            redraw.force_update();
        })
    };
    let on_speed = {
        let (sim, redraw) = (sim.clone(), redraw.clone());
        Callback::from(move |speed: Speed| {
            sim.borrow_mut().speed = speed;
            redraw.force_update();
        })
    };
    let on_step = {
        let (sim, redraw) = (sim.clone(), redraw.clone());
        Callback::from(move |()| {
            let mut s = sim.borrow_mut();
            s.back_to_now();
            s.step_action();
            storage::save_session(s.snapshot());
            redraw.force_update();
        })
    };
    let on_scrub = {
        let (sim, redraw) = (sim.clone(), redraw.clone());
        Callback::from(move |at: i64| {
            sim.borrow_mut().scrub(at);
            redraw.force_update();
        })
    };
    let on_now = {
        let (sim, redraw) = (sim.clone(), redraw.clone());
        Callback::from(move |()| {
            sim.borrow_mut().back_to_now();
            redraw.force_update();
        })
    };
    let on_fork = {
        let (sim, redraw, selected) = (sim.clone(), redraw.clone(), selected.clone());
        Callback::from(move |()| {
            let mut s = sim.borrow_mut();
            s.fork_here();
            storage::save_session(s.snapshot());
            selected.set(None);
            redraw.force_update();
        })
    };
    let presenter = use_state(presenter::load);
    let toggle_presenter = {
        let presenter = presenter.clone();
        Callback::from(move |()| {
            presenter::save(!*presenter);
            presenter.set(!*presenter);
        })
    };
    presenter::use_presenter_key(toggle_presenter.clone());
    // Reset goes through the command log like any other command, so it teaches `reset --seed`.
    let on_reset = {
        let (sim, redraw, selected) = (sim.clone(), redraw.clone(), selected.clone());
        Callback::from(move |seed: u64| {
            let mut s = sim.borrow_mut();
            s.back_to_now();
            s.run_command(&format!("reset --seed {seed}"));
            drop(s);
            selected.set(None);
            redraw.force_update();
        })
    };
    let toggle_nodes = {
        let show_nodes = show_nodes.clone();
        Callback::from(move |_: MouseEvent| show_nodes.set(!*show_nodes))
    };
    let toggle_missions = {
        let (show_missions, show_yaml, selected) =
            (show_missions.clone(), show_yaml.clone(), selected.clone());
        Callback::from(move |_: MouseEvent| {
            if !*show_missions {
                selected.set(None);
                show_yaml.set(false);
            }
            show_missions.set(!*show_missions);
        })
    };
    let toggle_faults = {
        let (show_faults, show_missions, show_yaml, selected) =
            (show_faults.clone(), show_missions.clone(), show_yaml.clone(), selected.clone());
        Callback::from(move |_: MouseEvent| {
            if !*show_faults {
                selected.set(None);
                show_missions.set(false);
                show_yaml.set(false);
            }
            show_faults.set(!*show_faults);
        })
    };
    let toggle_yaml = {
        let (show_yaml, show_faults, show_missions, selected) =
            (show_yaml.clone(), show_faults.clone(), show_missions.clone(), selected.clone());
        Callback::from(move |_: MouseEvent| {
            if !*show_yaml {
                selected.set(None);
                show_missions.set(false);
                show_faults.set(false);
            }
            show_yaml.set(!*show_yaml);
        })
    };
    let close_yaml = {
        let show_yaml = show_yaml.clone();
        Callback::from(move |_| show_yaml.set(false))
    };
    let on_import = {
        let (sim, redraw) = (sim.clone(), redraw.clone());
        Callback::from(move |text: String| {
            let mut s = sim.borrow_mut();
            if s.in_past() {
                s.notice(PAST_NOTICE, true);
            } else {
                s.import_yaml(&text);
                storage::save_session(s.snapshot());
            }
            drop(s);
            redraw.force_update();
        })
    };
    let close_faults = {
        let show_faults = show_faults.clone();
        Callback::from(move |_| show_faults.set(false))
    };
    let on_start = {
        let (sim, redraw, selected) = (sim.clone(), redraw.clone(), selected.clone());
        Callback::from(move |name: String| {
            let mut s = sim.borrow_mut();
            s.back_to_now();
            s.start_mission(&name);
            drop(s);
            selected.set(None);
            redraw.force_update();
        })
    };
    let on_check = {
        let (sim, redraw) = (sim.clone(), redraw.clone());
        Callback::from(move |()| {
            let mut s = sim.borrow_mut();
            s.check_mission();
            storage::save_done(&s.done);
            redraw.force_update();
        })
    };
    let on_leave = {
        let (sim, redraw) = (sim.clone(), redraw.clone());
        Callback::from(move |()| {
            sim.borrow_mut().close_mission();
            redraw.force_update();
        })
    };
    let on_save = {
        let (sim, redraw) = (sim.clone(), redraw.clone());
        Callback::from(move |text: String| {
            sim.borrow_mut().save_editor(&text);
            redraw.force_update();
        })
    };
    let on_cancel = {
        let (sim, redraw) = (sim.clone(), redraw.clone());
        Callback::from(move |_| {
            sim.borrow_mut().cancel_editor();
            redraw.force_update();
        })
    };

    let zoom = if *presenter { PRESENTER_ZOOM } else { 1.0 };
    let want_width = *panel_px.borrow() / zoom;
    if want_width > 0.0 && (layout.borrow().width() - want_width).abs() > 1.0 {
        layout.borrow_mut().set_width(want_width);
        *view_cache.borrow_mut() = None;
    }
    let mut s = sim.borrow_mut();
    if std::mem::take(&mut s.reset) {
        layout.borrow_mut().clear();
        *view_cache.borrow_mut() = None;
    }
    let s = &*s;
    let world = s.shown_world();
    let past_at = s.past.as_ref().map(|p| p.at_ms);
    let marks = s.input_marks();
    let step = s.last_action.clone().filter(|_| s.paused && past_at.is_none()).map(Rc::new);
    let acted = step.as_ref().map(|a| (a.target.clone(), a.controller.clone()));
    let view = {
        let now = real_now();
        let mut cache = view_cache.borrow_mut();
        if cache.is_none() || layout.borrow().needs_build(world, now) {
            *cache = Some(Rc::new(view::build(world, &mut layout.borrow_mut(), now)));
        }
        if frame_start.borrow().is_some() {
            crate::frames::record_build(real_now() - now);
        }
        cache.clone().unwrap_or_default()
    };
    let inspected = (*selected)
        .as_ref()
        .and_then(|r| crate::inspect::inspect_with(world, r, &mut history_cache.borrow_mut()))
        .map(Rc::new);
    let decisions = Rc::new(decision_views(world, FEED_PER_LOOP));
    // Every pod's status on every node: only worth building while the panel is open.
    let nodes = if *show_nodes { Rc::new(node_views(world)) } else { Rc::default() };
    let clock = kubeloop::duration::human(world.now().millis());
    let live_now = s.world().now().millis();
    let presenter_click = toggle_presenter.reform(|_: MouseEvent| ());

    html! {
        <div class={classes!("app", presenter.then_some("presenter"), past_at.is_some().then_some("viewing-past"))}>
            <header class="topbar">
                <h1 class="brand">{ "kubeloop" }</h1>
                <p class="tagline">{ "Change something. Watch the controllers put it back." }</p>
                <nav class="controls" aria-label="simulation controls">
                    <span class="clock" title="simulated time since the cluster started">{ "t = " }{ clock }</span>
                    <Playback speed={s.speed} paused={s.paused} seed={world.seed()} {on_pause} {on_speed} {on_step} {on_reset} />
                    <button class={if *show_nodes { "speed active" } else { "speed" }} onclick={toggle_nodes} aria-pressed={show_nodes.to_string()}>{ "Nodes" }</button>
                    <button class={if *show_missions { "speed active" } else { "speed" }} onclick={toggle_missions} aria-pressed={show_missions.to_string()}
                        title="guided exercises, checked against the cluster">{ "Missions" }</button>
                    <button class={if *show_faults { "speed active" } else { "speed" }} onclick={toggle_faults} aria-pressed={show_faults.to_string()}
                        title="stop loops, lose events, fail nodes">{ "Faults" }</button>
                    <button class={if *show_yaml { "speed active" } else { "speed" }} onclick={toggle_yaml} aria-pressed={show_yaml.to_string()}
                        title="export the objects for a real cluster, or import YAML">{ "YAML" }</button>
                    <button class="speed" onclick={on_share} title="a link that rebuilds this cluster, input for input">{ "Share" }</button>
                    <button class={if *presenter { "speed active" } else { "speed" }} onclick={presenter_click} aria-pressed={presenter.to_string()}
                        title="large type and high contrast for a projector (key: P)">{ "Presenter" }</button>
                </nav>
            </header>
            <Timeline now_ms={live_now} at_ms={past_at} {marks} {on_scrub} {on_now} {on_fork} />
            <main class="workspace">
                <div class="stage">
                    if *show_nodes {
                        <NodesPanel nodes={nodes} on_select={on_select.clone()} />
                    } else {
                        <Graph view={view} selected={(*selected).clone()} on_select={on_select.clone()} {on_toggle} {on_width} {acted} />
                    }
                </div>
                <div class="side">
                    if inspected.is_some() {
                        <Inspector {inspected} {on_action} on_select={on_select.clone()} {on_close} />
                    } else if *show_missions {
                        <MissionsPanel missions={Rc::new(mission_views(s))} active={active_view(s).map(Rc::new)}
                            verdict={s.verdict.as_ref().map(|v| Rc::new(VerdictView::from(v)))}
                            {on_start} {on_check} on_close={on_leave} />
                    } else if *show_yaml {
                        <TransferPanel exported={Rc::new(kubeloop::kubectl::export_yaml(world, None))} {on_import} on_close={close_yaml} />
                    } else if *show_faults {
                        <FaultsPanel view={Rc::new(faults_view(world))} on_command={on_command.clone()} on_close={close_faults} />
                    } else {
                        if let Some(step) = step {
                            <StepCard {step} on_select={on_select.clone()} />
                        }
                        <DecisionFeed {decisions} on_select={on_select.clone()} />
                    }
                </div>
                <CommandBox log={s.log.clone()} history={s.history.clone()} watching={s.session.watching()} on_command={on_command.clone()} {on_stop} on_complete={Some(on_complete)} />
            </main>
            if let Some(editor) = s.editor.clone() {
                <YamlEditor target={editor.target} initial={editor.initial} error={editor.error} {on_save} {on_cancel} />
            }
        </div>
    }
}
