//! The root component: owns the `Page` and the one timer, turns DOM events into `Msg`s for
//! `Page::update` (through `boot::dispatch`) and lays out the components. It decides nothing
//! and changes nothing while rendering: `Page::prepare` has built what it draws.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Interval;
use yew::prelude::*;

use crate::boot::{self, real_now, Shared};
use crate::components::budget::budget_meter;
use crate::components::command_box::CommandBox;
use crate::components::editor::YamlEditor;
use crate::components::export::ExportButtons;
use crate::components::graph::Graph;
use crate::components::nodes::{node_views, NodesPanel};
use crate::components::shipped::live_status;
use crate::components::side::{share_bar, side_panel, undo_bar};
use crate::components::timeline::Timeline;
use crate::components::toolbar::Toolbar;
use crate::export;
use crate::page::{Msg, StageView};
use crate::words::Words;
use kubeloop::kubectl::complete;

/// Timer period in real milliseconds.
const FRAME_MS: u32 = 100;
/// Simulation time a timer fire may spend before it leaves the rest of a tick for the next
/// fire, so the step plus its re-render fits a 60 fps frame (16 ms) with room to draw.
const SLICE_MS: f64 = 4.0;

/// What the root component starts with besides the stored session.
#[derive(Properties, PartialEq, Default)]
pub struct AppProps {
    /// Lines typed into index.html's loading frame before the wasm arrived, run once mounted.
    #[prop_or_default]
    pub typed_ahead: Option<Msg>,
}

#[component]
pub fn App(props: &AppProps) -> Html {
    let page: Shared = use_mut_ref(boot::initial_page);
    let force = use_force_update();
    let redraw = use_callback((), move |(), _| force.force_update());
    let send = {
        let (page, redraw) = (page.clone(), redraw.clone());
        use_callback((), move |msg: Msg, _| {
            boot::dispatch(&page, &redraw, msg);
        })
    };
    boot::use_page_keys(page.clone(), redraw.clone());
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
    {
        let (page, redraw, frame_start) = (page.clone(), redraw.clone(), frame_start.clone());
        let typed_ahead = props.typed_ahead.clone();
        use_effect_with((), move |_| {
            // The first render is on screen: record when, for the time-to-interactive figure
            // the end-to-end test reads, and give the command box the keyboard.
            if let Some(body) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.body())
            {
                let _ = body.set_attribute("data-interactive-ms", &format!("{:.1}", real_now()));
            }
            boot::focus_command_box();
            // `?live` attaches to the API at the page's origin from the start.
            if crate::live::net::requested() {
                boot::dispatch(&page, &redraw, Msg::Connect);
            }
            // A language other than English, chosen by the link, this browser or its
            // preferences: its words are fetched, and the page speaks English until then.
            let lang = page.borrow().lang;
            if !crate::words::has(lang) {
                let fetch = crate::page::Effects { fetch_lang: Some(lang), ..Default::default() };
                boot::carry_out(&page, &redraw, &fetch);
            }
            // `?mission=PATH`: a teacher's file served beside the page.
            if let Some(path) = crate::storage::mission_requested() {
                boot::dispatch(&page, &redraw, Msg::OpenMissionFile(path));
            }
            // After Connect, so they go where a line typed now would.
            if let Some(typed) = typed_ahead {
                boot::dispatch(&page, &redraw, typed);
            }
            let last = Rc::new(RefCell::new(real_now()));
            let interval = Interval::new(FRAME_MS, move || {
                let now = real_now();
                let elapsed = now - last.replace(now);
                *frame_start.borrow_mut() = Some(now);
                let mark = crate::frames::memory_mark();
                page.borrow_mut().set_wall_clock(js_sys::Date::now());
                let fx = page.borrow_mut().tick(now, elapsed, || real_now() - now > SLICE_MS);
                crate::frames::record_sim(real_now() - now, mark);
                boot::carry_out(&page, &redraw, &fx);
                let built = real_now();
                page.borrow_mut().prepare(built);
                crate::frames::record_build(real_now() - built);
                redraw.emit(());
            });
            move || drop(interval)
        });
    }

    let p = page.borrow();
    let s = &p.sim;
    let world = s.shown_world();
    let past_at = s.past.as_ref().map(|past| past.at_ms);
    let acted = s
        .last_action
        .as_ref()
        .filter(|_| s.paused && past_at.is_none())
        .map(|a| (a.target.clone(), a.controller.clone()));
    let on_complete = {
        let page = page.clone();
        Callback::from(move |line: String| {
            complete::complete(&line, page.borrow_mut().sim.session.api())
        })
    };
    let side_open = p.drawer_open || p.selected.is_some();
    // The step card needs the side column even where the column only opens on request
    // (presenter mode gives it back to the graph otherwise).
    let stepping = s.paused && !s.in_past() && (s.last_action.is_some() || s.quiet_step.is_some());
    // The root provides the words' context, so it reads them directly; the side column's
    // helpers are handed them.
    let words = Words::new(p.lang);
    // `<html lang>` says what the page shows, once it shows it.
    use_effect_with(words.lang(), |lang| crate::words::show_choice(*lang));
    let app_class = classes!(
        "app",
        p.presenter().then_some("presenter"),
        past_at.is_some().then_some("viewing-past"),
        p.embed.then_some("embed"),
    );
    html! {
        <ContextProvider<Words> context={words.clone()}>
        <div class={app_class}>
            if !p.embed {
                <Toolbar clock={kubeloop::duration::human(world.now().millis())}
                    speed={s.speed} paused={s.paused} seed={world.seed()} panel={p.panel}
                    inspecting={p.selected.is_some()} stage={p.stage} presenter={p.presenter()}
                    menu_open={p.menu_open} live={p.live_on()} send={send.clone()}>
                    <ExportButtons view={p.shown.graph.clone()} sim_ms={world.now().millis()}
                        title={export::title(s.active_mission().map(|m| m.title.as_str()), &p.shown.graph, &words)} />
                </Toolbar>
                if let Some(live) = &p.live {
                    { live_status(live) }
                } else {
                    <Timeline now_ms={s.world().now().millis()} at_ms={past_at} marks={s.input_marks()}
                        on_scrub={send.reform(Msg::Scrub)} on_now={send.reform(|()| Msg::BackToNow)}
                        on_fork={send.reform(|()| Msg::Fork)} />
                }
                { undo_bar(&p, &send, &words) }
                { share_bar(&p, &send, &words) }
            }
            <main class={classes!("workspace", side_open.then_some("side-open"), stepping.then_some("side-busy"))}>
                <div class="stage">
                    if p.stage == StageView::Nodes && !p.embed {
                        <NodesPanel nodes={Rc::new(node_views(world))} on_select={send.reform(Msg::Select)} />
                    } else {
                        <Graph view={p.shown.graph.clone()} selected={p.selected.clone()}
                            on_select={send.reform(Msg::Select)} on_toggle={send.reform(Msg::ToggleGroup)}
                            camera={p.camera} on_camera={send.reform(Msg::Camera)} {acted}
                            lost={p.shown.lost.clone()} traffic={p.shown.traffic.clone()} />
                    }
                    { budget_meter(p.shown.budget.clone(), p.budget_open, send.reform(|()| Msg::ToggleBudget)) }
                </div>
                if !p.embed {
                    { side_panel(&p, &send, &words) }
                }
                <CommandBox log={s.log.clone()} history={s.history.clone()} watching={s.session.watching()} waiting={s.waiting()}
                    on_command={send.reform(Msg::Command)} on_stop={send.reform(|()| Msg::Stop)}
                    on_complete={Some(on_complete)} />
            </main>
            if let Some(editor) = s.editor.clone() {
                <YamlEditor target={editor.target} initial={editor.initial} error={editor.error}
                    on_save={send.reform(Msg::EditSave)} on_cancel={send.reform(|()| Msg::EditCancel)} />
            }
        </div>
        </ContextProvider<Words>>
    }
}
