//! `Page::update`: what each message does. The panel rules live here and nowhere else:
//! one side panel at a time, the inspector over it while an object is selected, and the feed
//! the panel everything falls back to.

use super::{
    Effects, ExplainState, Msg, Page, Panel, SharedLink, UndoCause, UndoOffer, PAST_NOTICE,
};
use crate::sim::Sim;
use crate::view::camera::{self, CameraMsg};

impl Page {
    pub fn update(&mut self, msg: Msg) -> Effects {
        let mut fx = Effects::default();
        // A command whose code has not arrived waits for it, with everything after it.
        let Some(msg) = self.hold_for_part(msg, &mut fx) else { return fx };
        fx.save_session = msg.saves();
        // An input that changes the cluster ends the Undo offer: undoing after it would
        // throw that input away too.
        if msg.saves() && !matches!(msg, Msg::Undo | Msg::Pause(_) | Msg::Speed(_)) {
            self.undo = None;
            self.shared = None;
        }
        if self.live_on() {
            // A real cluster is not saved or replayed: the built-in session's save stays.
            fx.save_session = false;
            if self.refuse_live(&msg) {
                return fx;
            }
        }
        match msg {
            Msg::Command(line) if self.live_on() => self.live_command(&line, &mut fx),
            Msg::Action(action) if self.live_on() => match self.sim.action_line(&action) {
                Some(line) => self.live_command(&line, &mut fx),
                None => self.sim.notice(
                    "kubeloop: not in live mode: the editor saves into the built-in cluster; use `kubectl patch` or `kubectl apply -f -`",
                    true,
                ),
            },
            // Each line as if typed now, so it meets what a typed line meets (live mode, the
            // past on show, the explain docs held for), in order; the unentered rest waits in
            // the command box.
            Msg::TypedAhead { lines, draft } => {
                for line in lines {
                    let ran = self.update(Msg::Command(line));
                    fx.merge(ran);
                }
                if !draft.trim().is_empty() {
                    fx.command_draft = Some(draft);
                }
            }
            Msg::Connect => self.connect(&mut fx),
            Msg::Disconnect => self.disconnect(),
            Msg::Live(m) => self.live_msg(m, &mut fx),
            Msg::Command(line) => {
                // Looking at the past, a line that only reads answers about it (unjournaled).
                let reads_past = self.sim.in_past() && crate::sim::reads_only(&line);
                if !reads_past && self.refuse_in_past() {
                    fx.save_session = false;
                } else {
                    // A line held for the explain docs changes nothing until it runs.
                    fx.save_session = self.command(line, &mut fx) && !reads_past;
                }
            }
            Msg::ExplainDocs(fetched) => fx.save_session = self.explain_docs_arrived(fetched),
            Msg::PartArrived(fetched) => self.part_arrived(fetched, &mut fx),
            Msg::Action(action) => {
                if self.refuse_in_past() {
                    fx.save_session = false;
                } else {
                    self.sim.run_action(&action);
                }
            }
            Msg::Import(text) => {
                if self.refuse_in_past() {
                    fx.save_session = false;
                } else {
                    self.sim.import_yaml(&text);
                }
            }
            Msg::Pause(paused) => {
                self.sim.back_to_now();
                self.sim.paused = paused;
            }
            Msg::Speed(speed) => self.sim.speed = speed,
            Msg::Step => {
                self.sim.back_to_now();
                self.sim.step_action();
            }
            Msg::Jump => {
                self.sim.back_to_now();
                self.sim.jump_to_next_timer();
            }
            Msg::Stop => self.sim.stop_watch(),
            Msg::Scrub(at) => self.sim.scrub(at),
            Msg::BackToNow => self.sim.back_to_now(),
            Msg::Fork => {
                self.sim.fork_here();
                self.selected = None;
            }
            Msg::Reset(seed) => {
                self.offer_undo(UndoCause::Reset);
                self.sim.back_to_now();
                // Through the command log like any other command, so it teaches `reset --seed`.
                self.sim.run_command(&format!("reset --seed {seed}"));
                self.selected = None;
            }
            Msg::Undo => self.take_undo(),
            Msg::KeepChange => self.undo = None,
            Msg::StartMission(name) => {
                self.offer_undo(UndoCause::MissionStarted);
                self.before_mission = self.undo.as_ref().map(|u| u.journal.clone());
                self.sim.back_to_now();
                self.sim.start_mission(&name);
                self.selected = None;
            }
            Msg::CheckMission => {
                self.sim.check_mission();
                fx.save_done = true;
            }
            Msg::LeaveMission => {
                self.sim.close_mission();
                if let Some(journal) = self.before_mission.take() {
                    self.restore(&journal);
                    self.sim.notice(
                        "kubeloop: left the mission; the cluster from before it is back",
                        false,
                    );
                }
            }
            Msg::ShowCourse(name) => self.sim.show_course(&name),
            Msg::OpenMissionFile(path) => match super::courses::same_origin_path(&path) {
                Ok(path) => fx.fetch_mission = Some(path),
                Err(e) => self.sim.notice(&format!("kubeloop: ?mission={path}: {e}"), true),
            },
            Msg::MissionFile { path, fetched } => self.mission_file(&path, fetched, &mut fx),
            Msg::EditSave(text) => self.sim.save_editor(&text),
            Msg::EditCancel => self.sim.cancel_editor(),
            Msg::Share => fx.share = Some(self.sim.snapshot().clone()),
            Msg::Shared { link, copied } => self.said_shared(link, copied),
            Msg::CloseShare => self.shared = None,
            Msg::Panel(panel) => {
                self.open_panel(panel);
                self.want_yaml(&mut fx);
                self.want_course_panel(&mut fx);
            }
            Msg::YamlExport(fetched) => self.yaml_arrived(fetched),
            Msg::FetchCoursePart => self.want_course_panel(&mut fx),
            Msg::Stage(stage) => self.stage = stage,
            Msg::Select(target) => {
                self.selected = Some(target);
                self.drawer_for_inspector |= !self.drawer_open;
                self.drawer_open = true;
            }
            Msg::CloseInspector => self.close_inspector(),
            Msg::ToggleGroup(key) => {
                self.layout.toggle_expanded(&key);
                self.shown.fresh = false;
            }
            Msg::TogglePresenter => {
                let on = !self.presenter();
                self.camera_msg(CameraMsg::Presenter(on));
                fx.save_presenter = Some(on);
            }
            Msg::Lang(lang) => {
                self.lang = lang;
                fx.save_lang = Some(lang);
                fx.fetch_lang = (!crate::words::has(lang)).then_some(lang);
            }
            Msg::LangArrived { lang, outcome: Err(why) } => self.sim.notice(
                &format!(
                    "kubeloop: the page's words in {} could not be fetched ({why}); it stays in English until they can be: choose the language again",
                    lang.endonym()
                ),
                false,
            ),
            // The words are the page's now; the next render shows them.
            Msg::LangArrived { outcome: Ok(()), .. } => {}
            Msg::ToggleMenu => self.menu_open = !self.menu_open,
            Msg::ToggleBudget => self.budget_open = !self.budget_open,
            // The column's Close puts away all it shows, the inspector included; the column
            // stays open while either is there (`app.rs`), so closing one alone left it up.
            Msg::ToggleDrawer => {
                let open = self.drawer_open || self.selected.is_some();
                self.selected = None;
                self.drawer_open = !open;
                self.drawer_for_inspector = false;
            }
            Msg::Camera(m) => self.camera_msg(m),
            Msg::Key(key) => return self.key(&key),
        }
        // A file just loaded: its course is what the Missions panel shows now.
        if std::mem::take(&mut self.sim.loaded_now) && self.panel != Panel::Missions {
            self.open_panel(Panel::Missions);
        }
        fx
    }

    /// Opens `panel` in the side column (the Feed button always returns to the feed). Any
    /// panel button closes the inspector and the overflow menu, and opens the drawer. The
    /// same button again goes back to the feed only while its panel is in sight: after the
    /// drawer was closed over it (a phone's Close), the button brings the panel back.
    fn open_panel(&mut self, panel: Panel) {
        let in_sight = self.panel == panel && self.selected.is_none() && self.drawer_open;
        self.panel = if in_sight && panel != Panel::Feed { Panel::Feed } else { panel };
        self.selected = None;
        self.menu_open = false;
        self.drawer_open = true;
        self.drawer_for_inspector = false;
    }

    /// Closes the inspector, and the drawer with it when selecting had opened it: one Close
    /// gives the graph its room back.
    pub(super) fn close_inspector(&mut self) {
        self.selected = None;
        if std::mem::take(&mut self.drawer_for_inspector) {
            self.drawer_open = false;
        }
    }

    pub(super) fn camera_msg(&mut self, m: CameraMsg) {
        let content = camera::content_of(&self.shown.graph);
        let panel = self.camera.panel();
        self.camera.apply(m, content, panel);
    }

    fn refuse_in_past(&mut self) -> bool {
        let past = self.sim.in_past();
        if past {
            self.sim.notice(PAST_NOTICE, true);
        }
        past
    }

    /// Keeps the session about to be replaced, so Undo can bring it back.
    fn offer_undo(&mut self, what: UndoCause) {
        self.sim.back_to_now();
        let journal = self.sim.snapshot().clone();
        // An empty session is nothing to lose.
        self.undo = (!journal.entries.is_empty()).then_some(UndoOffer { what, journal });
    }

    fn take_undo(&mut self) {
        let Some(offer) = self.undo.take() else { return };
        self.before_mission = None;
        self.restore(&offer.journal);
        let n = offer.journal.entries.len();
        let inputs = if n == 1 { "input" } else { "inputs" };
        self.sim.notice(
            &format!("kubeloop: undone; the cluster from before is back ({n} {inputs} replayed)"),
            false,
        );
    }

    /// Replaces the session with `journal` replayed, keeping what belongs to the browser
    /// (missions done) and the playback controls.
    fn restore(&mut self, journal: &crate::journal::Journal) {
        let mut sim = Sim::restore(journal);
        sim.done = std::mem::take(&mut self.sim.done);
        sim.paused = self.sim.paused;
        sim.speed = self.sim.speed;
        sim.reset = true;
        if let ExplainState::Loaded(docs) = &self.explain {
            sim.session.set_explain_docs(docs.clone());
        }
        self.sim = sim;
        self.selected = None;
    }

    /// The link goes in the share bar, not the terminal, so it never floods a projected log;
    /// the log says what happened in one line.
    fn said_shared(&mut self, link: Option<String>, copied: bool) {
        let Some(url) = link else {
            self.sim.notice("kubeloop: this browser would not make a link", true);
            return;
        };
        let state = if self.sim.paused { "paused" } else { "playing" };
        let speed = self.sim.speed.label();
        let said = if copied {
            format!("kubeloop: copied a link to this cluster ({state}, {speed}) to the clipboard")
        } else {
            format!("kubeloop: made a link to this cluster ({state}, {speed}); copy it from the bar above")
        };
        self.sim.notice(&said, false);
        self.shared = Some(SharedLink { url, copied });
    }
}
