//! The reducer, message by message: the panel rules, the save policy, Undo, keys.

use super::*;
use crate::selection::ObjRef;
use crate::sim::Speed;
use crate::view::camera::{CameraKey, CameraMsg, Mode};
use kubeloop::model::Kind;

fn page() -> Page {
    Page::new(Sim::new(1), false, false)
}

fn scene() -> Page {
    let mut p = page();
    p.update(Msg::Command("k create deployment web --image=nginx:1.27 --replicas=3".into()));
    p.sim.tick(20_000.0);
    p
}

fn pod_names(p: &Page) -> Vec<String> {
    let pods = p.sim.world().store.list::<kubeloop::model::Pod>(None, None);
    pods.map(|p| p.metadata.name.clone()).collect()
}

fn pods(p: &Page) -> usize {
    pod_names(p).len()
}

fn key(k: &str, in_text: bool) -> Msg {
    Msg::Key(KeyPress { key: k.into(), modifiers: false, in_text, in_command_box: false })
}

fn web() -> ObjRef {
    ObjRef::new(Kind::Deployment, "default", "web")
}

#[test]
fn one_panel_at_a_time_and_the_feed_is_one_click_away() {
    let mut p = page();
    assert_eq!(p.panel, Panel::Feed);
    p.update(Msg::Panel(Panel::Faults));
    p.update(Msg::Panel(Panel::Missions));
    assert_eq!(p.panel, Panel::Missions, "opening Missions closes Faults");
    p.update(Msg::Panel(Panel::Missions));
    assert_eq!(p.panel, Panel::Feed, "the same button again goes back to the feed");
    p.update(Msg::Panel(Panel::Yaml));
    p.update(Msg::Panel(Panel::Feed));
    assert_eq!(p.panel, Panel::Feed);
}

#[test]
fn selecting_shows_the_inspector_and_a_panel_button_closes_it() {
    let mut p = page();
    p.update(Msg::Panel(Panel::Faults));
    p.update(Msg::Select(web()));
    assert_eq!(p.selected, Some(web()));
    assert_eq!(p.panel, Panel::Faults, "the panel under the inspector stays chosen");
    p.update(Msg::Panel(Panel::Faults));
    assert_eq!((p.selected.clone(), p.panel), (None, Panel::Faults), "its button shows it again");
    p.update(Msg::Select(web()));
    p.update(Msg::CloseInspector);
    assert_eq!(p.selected, None);
}

#[test]
fn panel_buttons_close_the_overflow_menu_and_open_the_drawer() {
    let mut p = page();
    p.update(Msg::ToggleMenu);
    assert!(p.menu_open);
    p.update(Msg::Panel(Panel::Missions));
    assert!(!p.menu_open && p.drawer_open);
    p.update(Msg::ToggleDrawer);
    assert!(!p.drawer_open);
}

#[test]
fn a_panel_button_after_closing_the_drawer_shows_that_panel_again() {
    let mut p = page();
    p.update(Msg::ToggleMenu);
    p.update(Msg::Panel(Panel::Missions));
    // A phone's Close button puts the drawer away with Missions still chosen beneath it.
    p.update(Msg::ToggleDrawer);
    p.update(Msg::ToggleMenu);
    p.update(Msg::Panel(Panel::Missions));
    assert_eq!(p.panel, Panel::Missions, "one tap on Missions shows the missions");
    assert!(p.drawer_open && !p.menu_open);
    // Escape closes the drawer the same way.
    p.update(key("Escape", false));
    assert!(!p.drawer_open);
    p.update(Msg::Panel(Panel::Missions));
    assert_eq!((p.panel, p.drawer_open), (Panel::Missions, true));
}

#[test]
fn the_stage_switches_between_graph_and_nodes_without_touching_the_side_panel() {
    let mut p = page();
    p.update(Msg::Panel(Panel::Faults));
    p.update(Msg::Stage(StageView::Nodes));
    assert_eq!((p.stage, p.panel), (StageView::Nodes, Panel::Faults));
    p.update(Msg::Stage(StageView::Graph));
    assert_eq!(p.stage, StageView::Graph);
}

#[test]
fn inputs_save_at_once_and_looking_around_does_not() {
    let mut p = page();
    for msg in [
        Msg::Command("k get pods".into()),
        Msg::Step,
        Msg::Pause(false),
        Msg::Speed(Speed::NORMAL),
        Msg::Reset(2),
        Msg::Import("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: x\n".into()),
    ] {
        let what = format!("{msg:?}");
        assert!(p.update(msg).save_session, "{what} saves");
    }
    for msg in [
        Msg::Panel(Panel::Faults),
        Msg::Select(web()),
        Msg::CloseInspector,
        Msg::Scrub(0),
        Msg::BackToNow,
        Msg::ToggleMenu,
        Msg::Camera(CameraMsg::Resize { w: 800.0, h: 600.0 }),
        Msg::Camera(CameraMsg::Key(CameraKey::In)),
        Msg::Share,
    ] {
        let what = format!("{msg:?}");
        assert!(!p.update(msg).save_session, "{what} does not save");
    }
}

#[test]
fn time_alone_saves_every_few_seconds() {
    let mut p = page();
    assert!(p.tick(SAVE_EVERY_MS + 1.0, 100.0, || false).save_session);
    assert!(!p.tick(SAVE_EVERY_MS + 200.0, 100.0, || false).save_session);
    assert!(p.tick(2.0 * SAVE_EVERY_MS + 2.0, 100.0, || false).save_session);
}

#[test]
fn a_command_typed_in_the_past_is_refused_and_not_saved() {
    let mut p = scene();
    p.update(Msg::Scrub(1_000));
    let before = pods(&p);
    let fx = p.update(Msg::Command("k delete deploy web".into()));
    assert!(!fx.save_session);
    assert!(p.sim.log.last().unwrap().text.contains("earlier moment"));
    p.update(Msg::BackToNow);
    assert_eq!(pods(&p), before);
}

#[test]
fn reset_then_undo_brings_the_scene_back() {
    let mut p = scene();
    let names = pod_names(&p);
    p.update(Msg::Reset(7));
    assert_eq!(pods(&p), 0, "a fresh cluster");
    let offer = p.undo.clone().expect("Reset offers Undo");
    assert_eq!(offer.what, UndoCause::Reset);
    p.update(Msg::Undo);
    let back = pod_names(&p);
    assert_eq!(back, names, "the same pods, names and all");
    assert!(p.undo.is_none());
}

#[test]
fn the_undo_offer_ends_with_the_next_input_but_not_with_looking_around() {
    let mut p = scene();
    p.update(Msg::Reset(7));
    p.update(Msg::Panel(Panel::Faults));
    p.update(Msg::Pause(true));
    assert!(p.undo.is_some());
    p.update(Msg::Command("k get pods".into()));
    assert!(p.undo.is_none());
}

#[test]
fn resetting_an_empty_cluster_offers_nothing_to_undo() {
    let mut p = page();
    p.update(Msg::Reset(3));
    assert!(p.undo.is_none());
}

#[test]
fn leaving_a_mission_brings_back_the_cluster_it_replaced() {
    let mut p = scene();
    let names = pod_names(&p);
    let mission = p.sim.missions[0].name.clone();
    p.update(Msg::StartMission(mission.clone()));
    assert_eq!(p.sim.mission.as_deref(), Some(mission.as_str()));
    p.update(Msg::LeaveMission);
    assert_eq!(p.sim.mission, None);
    let back = pod_names(&p);
    assert_eq!(back, names);
    assert!(p.sim.log.last().unwrap().text.contains("from before it is back"));
}

#[test]
fn undoing_a_mission_start_also_brings_the_scene_back() {
    let mut p = scene();
    let before = pods(&p);
    let mission = p.sim.missions[0].name.clone();
    p.update(Msg::StartMission(mission));
    assert_eq!(p.undo.as_ref().map(|u| u.what), Some(UndoCause::MissionStarted));
    p.update(Msg::Undo);
    assert_eq!((pods(&p), p.sim.mission.clone()), (before, None));
}

#[test]
fn share_hands_the_journal_to_the_page_and_reports_the_copy() {
    let mut p = scene();
    p.update(Msg::Pause(true));
    let fx = p.update(Msg::Share);
    assert!(fx.share.is_some_and(|j| !j.entries.is_empty()));
    p.update(Msg::Shared { link: Some("https://x/#z=abc".into()), copied: true });
    let last = &p.sim.log.last().unwrap().text;
    assert!(last.contains("copied a link") && last.contains("paused"), "{last}");
    assert!(p.sim.log.iter().all(|l| !l.text.contains("https://")), "no link in the terminal");
    assert_eq!(p.shared.as_ref().map(|s| s.url.as_str()), Some("https://x/#z=abc"));
    p.update(Msg::CloseShare);
    assert!(p.shared.is_none());
    p.update(Msg::Shared { link: Some("https://x/#z=abc".into()), copied: false });
    assert!(p.sim.log.last().unwrap().text.contains("copy it from the bar"));
    assert!(p.shared.as_ref().is_some_and(|s| !s.copied));
    p.update(Msg::Command("k get pods".into()));
    assert!(p.shared.is_none(), "the next input puts it away");
}

#[test]
fn a_p_typed_in_the_command_box_is_typing_not_presenter_mode() {
    let mut p = page();
    let fx = p.update(key("p", true));
    assert!(!p.presenter() && !fx.handled);
    let fx = p.update(key("p", false));
    assert!(p.presenter() && fx.handled);
    assert_eq!(fx.save_presenter, Some(true));
    let fx =
        p.update(Msg::Key(KeyPress { key: "p".into(), modifiers: true, ..Default::default() }));
    assert!(p.presenter() && !fx.handled, "Ctrl+P is the browser's");
}

#[test]
fn escape_closes_the_editor_then_the_menu_then_the_inspector_then_the_drawer() {
    let mut p = scene();
    p.update(Msg::Command("k edit deploy web".into()));
    p.update(Msg::ToggleMenu);
    p.update(Msg::Select(web()));
    assert!(p.sim.editor.is_some());
    assert!(p.update(key("Escape", true)).handled);
    assert!(p.sim.editor.is_none() && p.menu_open);
    p.update(key("Escape", false));
    assert!(!p.menu_open && p.selected.is_some());
    p.update(key("Escape", false));
    assert!(
        p.selected.is_none() && !p.drawer_open,
        "the drawer opened for the inspector goes with it"
    );
    assert!(!p.update(key("Escape", false)).handled, "nothing left: the browser's Escape");
    // A drawer that was open for a panel stays, showing it, when the inspector closes.
    p.update(Msg::Panel(Panel::Faults));
    p.update(Msg::Select(web()));
    p.update(key("Escape", false));
    assert!(p.selected.is_none() && p.drawer_open && p.panel == Panel::Faults);
    p.update(key("Escape", false));
    assert!(!p.drawer_open);
}

#[test]
fn closing_an_inspector_that_opened_the_side_column_gives_the_graph_its_room_back() {
    let mut p = page();
    p.update(Msg::Select(web()));
    assert!(p.drawer_open);
    p.update(Msg::Select(web()));
    p.update(Msg::CloseInspector);
    assert!(p.selected.is_none() && !p.drawer_open, "one Close, not one more for the feed");
    p.update(Msg::Panel(Panel::Missions));
    p.update(Msg::Select(web()));
    p.update(Msg::CloseInspector);
    assert!(p.drawer_open && p.panel == Panel::Missions, "the panel under it is back");
    // The column's own Close puts the inspector and the column away at once.
    p.update(Msg::Select(web()));
    p.update(Msg::ToggleDrawer);
    assert!(p.selected.is_none() && !p.drawer_open);
}

#[test]
fn checking_a_mission_saves_what_is_done() {
    let mut p = page();
    let mission = p.sim.missions[0].name.clone();
    p.update(Msg::StartMission(mission));
    assert!(p.update(Msg::CheckMission).save_done);
    assert!(p.sim.verdict.is_some());
}

#[test]
fn prepare_builds_the_graph_and_the_inspector_outside_the_view() {
    let mut p = scene();
    p.update(Msg::Camera(CameraMsg::Resize { w: 900.0, h: 600.0 }));
    p.update(Msg::Select(web()));
    p.prepare(0.0);
    assert!(p.shown.graph.trees.iter().any(|t| t.top.meta.target.name == "web"));
    assert!(p.shown.inspected.is_some());
    p.update(Msg::Command("k delete deploy web".into()));
    p.sim.tick(20_000.0);
    p.prepare(1.0);
    assert!(p.shown.inspected.is_none(), "a deleted object has nothing to inspect");
}

#[test]
fn paused_a_waiting_delete_leaves_the_clock_alone_until_stepped() {
    let mut p = scene();
    p.update(Msg::Pause(true));
    let t0 = p.sim.world().now();
    p.update(Msg::Command("k delete deploy web --cascade=foreground".into()));
    assert_eq!(p.sim.world().now(), t0, "typing it did not move time");
    assert!(p.sim.waiting().is_some(), "the delete waits, as a watch does");
    assert!(p.sim.world().store.get::<kubeloop::model::Deployment>("default", "web").is_some());
    p.update(Msg::Step);
    assert!(p.sim.world().now() >= t0);
    p.update(Msg::Stop);
    assert!(p.sim.waiting().is_none(), "Stop ends the wait");
}

#[test]
fn a_quiet_step_names_the_next_timer_and_jump_goes_there() {
    let mut p = page();
    p.update(Msg::Command("k run crash --image=busybox:crash".into()));
    p.update(Msg::Pause(true));
    p.sim.tick(0.0);
    for _ in 0..200 {
        p.update(Msg::Step);
        if p.sim.quiet_step.is_some() {
            break;
        }
    }
    let t0 = p.sim.world().now();
    let quiet = p.sim.quiet_step.clone().expect("a quiet step");
    let next = quiet.next.expect("a pending timer");
    p.update(Msg::Step);
    assert_eq!(p.sim.world().now(), t0, "a quiet Step leaves time alone");
    assert!(p.update(Msg::Jump).save_session);
    // Time moves in whole ticks: Jump lands on the tick the timer fires in.
    let due = t0.millis() + next.in_ms;
    let now = p.sim.world().now().millis();
    assert!(
        (due..due + kubeloop::clock::TICK_MS).contains(&now),
        "{now} for {} at {due}",
        next.what()
    );
}

#[test]
fn a_share_link_opens_paused_or_playing_at_the_teachers_speed() {
    let mut p = scene();
    p.update(Msg::Pause(true));
    p.update(Msg::Speed(Speed::DIAL[4]));
    let journal = p.update(Msg::Share).share.expect("a journal to share");
    let opened = Sim::restore(&journal);
    assert!(opened.paused);
    assert_eq!(opened.speed, Speed::DIAL[4]);
    let mut odd = journal.clone();
    odd.playback = Some(crate::journal::Playback { paused: false, speed: 1e9 });
    let opened = Sim::restore(&odd);
    assert!(!opened.paused);
    assert_eq!(opened.speed, Speed::NORMAL, "a speed off the dial is not trusted");
}

#[test]
fn escape_in_a_panel_field_keeps_the_panel_but_the_command_box_closes_it() {
    let mut p = scene();
    p.update(Msg::Select(web()));
    assert!(!p.update(key("Escape", true)).handled, "typing a label: Escape is the field's");
    assert!(p.selected.is_some());
    let from_box = KeyPress {
        key: "Escape".into(),
        in_text: true,
        in_command_box: true,
        ..Default::default()
    };
    assert!(p.update(Msg::Key(from_box)).handled);
    assert!(p.selected.is_none());
}

#[test]
fn plus_minus_and_zero_zoom_the_graph_outside_text_fields_only() {
    let mut p = scene();
    p.update(Msg::Camera(CameraMsg::Resize { w: 900.0, h: 600.0 }));
    p.prepare(0.0);
    p.update(Msg::Camera(CameraMsg::Fit));
    let fitted = p.camera;
    assert!(!p.update(key("+", true)).handled, "a + typed into the command box is typing");
    assert_eq!(p.camera, fitted);
    assert!(p.update(key("+", false)).handled);
    assert_eq!(p.camera.mode, Mode::Manual, "zoomed in by hand");
    assert!(p.update(key("0", false)).handled);
    assert_eq!(p.camera.mode, Mode::Fit, "0 fits again");
}

#[test]
fn presenter_mode_raises_the_graphs_floor_as_well_as_the_type() {
    let mut p = scene();
    p.update(Msg::Camera(CameraMsg::Resize { w: 600.0, h: 400.0 }));
    p.prepare(0.0);
    let floor = p.camera.floor();
    p.update(Msg::TogglePresenter);
    assert!(
        p.camera.floor() > floor,
        "presenter keeps the graph big: {floor} -> {}",
        p.camera.floor()
    );
}

#[test]
fn the_budget_meter_folds_and_unfolds_and_shows_a_rollout_as_it_runs() {
    let mut p = scene();
    // The clock takes at most a second of real time per fire.
    for _ in 0..40 {
        p.sim.tick(1_000.0);
    }
    p.prepare(0.0);
    assert!(p.budget_open, "unfolded at first");
    assert!(p.shown.budget.is_empty(), "no meter while nothing rolls out");
    p.update(Msg::Command("k set image deployment/web nginx=nginx:1.28".into()));
    p.prepare(0.0);
    let meters = p.shown.budget.clone();
    let limits = meters.first().and_then(|m| m.budget.limits.clone()).expect("web is rolling out");
    assert_eq!((limits.max_total, limits.min_available), (4, 3), "3 replicas, 25%/25%");
    p.update(Msg::ToggleBudget);
    assert!(!p.budget_open);
    p.update(Msg::ToggleBudget);
    assert!(p.budget_open);
}

fn log_text(p: &Page) -> Vec<String> {
    p.sim.log.iter().map(|l| l.text.clone()).collect()
}

#[test]
fn explain_fetches_its_docs_once_then_runs_the_held_lines_in_order() {
    let mut p = page();
    let fx = p.update(Msg::Command("k explain deploy.spec.replicas".into()));
    assert!(fx.fetch_explain_docs, "the first explain asks for the docs");
    assert!(!fx.save_session, "a held line has changed nothing yet");
    assert!(log_text(&p).is_empty(), "nothing runs before the docs arrive");
    // A line typed while they load waits its turn.
    let fx = p.update(Msg::Command("k create deployment web --image=nginx".into()));
    assert!(!fx.fetch_explain_docs, "one fetch at a time");
    assert!(matches!(&p.explain, ExplainState::Loading(held) if held.len() == 2));

    let asset = include_str!("../../static/explain.json").to_string();
    let fx = p.update(Msg::ExplainDocs(Ok(asset)));
    assert!(fx.save_session, "the held lines ran");
    let log = log_text(&p);
    assert_eq!(log[0], "$ k explain deploy.spec.replicas");
    assert_eq!(log[1], "GROUP:      apps");
    assert!(log.iter().any(|l| l == "FIELD: replicas <integer>"));
    let created = log.iter().position(|l| l == "$ k create deployment web --image=nginx");
    assert!(created.is_some_and(|i| i > 1), "the second line ran after the first: {log:?}");
    assert!(p.sim.world().store.get::<kubeloop::model::Deployment>("default", "web").is_some());

    // Loaded: the next explain runs at once, with no fetch.
    let fx = p.update(Msg::Command("k explain po.spec.hostname".into()));
    assert!(!fx.fetch_explain_docs);
    assert!(log_text(&p).iter().any(|l| l == "FIELD: hostname <string>"));
}

#[test]
fn a_failed_fetch_says_why_and_the_next_explain_tries_again() {
    let mut p = page();
    p.update(Msg::Command("k explain pods".into()));
    let fx = p.update(Msg::ExplainDocs(Err("HTTP 404".into())));
    assert!(!fx.save_session, "nothing ran");
    let log = log_text(&p);
    assert_eq!(log[log.len() - 2], "$ k explain pods", "the line is shown");
    let last = log.last().unwrap();
    assert!(last.contains("could not load the API docs") && last.ends_with("HTTP 404"), "{log:?}");
    assert!(!log.iter().any(|l| l == kubeloop_docs_not_loaded()), "{log:?}");
    // A garbage body is a failure too, not a panic.
    let fx = p.update(Msg::Command("k explain svc".into()));
    assert!(fx.fetch_explain_docs, "it asks again");
    p.update(Msg::ExplainDocs(Ok("<html>not the docs</html>".into())));
    assert!(log_text(&p).iter().any(|l| l.contains("could not load") && l.contains("not JSON")));
}

#[test]
fn docs_outlive_a_restored_session() {
    let mut p = page();
    p.update(Msg::Command("k explain pods".into()));
    p.update(Msg::ExplainDocs(Ok(include_str!("../../static/explain.json").into())));
    p.update(Msg::Command("k create deployment web --image=nginx".into()));
    p.update(Msg::Reset(2));
    p.update(Msg::Undo);
    let fx = p.update(Msg::Command("k explain svc.spec.type".into()));
    assert!(!fx.fetch_explain_docs, "the page still has them");
    assert!(log_text(&p).iter().any(|l| l == "FIELD: type <string>"));
}

fn kubeloop_docs_not_loaded() -> &'static str {
    "kubeloop: the API docs `kubectl explain` prints are not loaded; a line with `kubectl explain` written out in it loads them"
}

#[test]
fn escape_in_the_untouched_command_box_hands_the_keys_to_the_page_so_p_is_presenter() {
    let mut p = page();
    let in_box = |k: &str| {
        Msg::Key(KeyPress {
            key: k.into(),
            in_text: true,
            in_command_box: true,
            ..Default::default()
        })
    };
    let fx = p.update(in_box("p"));
    assert!(!fx.handled && !p.presenter(), "a P typed into the box is a p");
    let fx = p.update(in_box("Escape"));
    assert!(fx.handled && fx.leave_command_box, "nothing to close: Escape leaves the box");
    // The browser moved focus to the page: P is now the shortcut.
    assert!(p.update(key("P", false)).handled && p.presenter());

    p.update(Msg::Select(web()));
    let fx = p.update(in_box("Escape"));
    assert!(fx.handled && !fx.leave_command_box, "Escape first closes what is open");
    assert!(p.selected.is_none());
}
