//! The page's state and its one reducer. A user action arrives as a [`Msg`]; [`Page::update`]
//! applies it to the session and the page's own state, and returns the [`Effects`] the root
//! component carries out (storage, clipboard, focus). Nothing here touches the DOM, so every
//! message is tested natively (`tests.rs`). The shape is Yew's todomvc reducer with a
//! reconciler's split of deciding from acting (kube-rs/kube `kube-runtime/src/controller`).

mod courses;
#[cfg(test)]
mod courses_tests;
mod explain;
mod keys;
#[cfg(test)]
mod lang_tests;
mod live;
#[cfg(test)]
mod live_tests;
mod msg;
mod parts;
#[cfg(test)]
mod parts_tests;
#[cfg(test)]
mod reads_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod typed_ahead_tests;
mod update;
mod yaml;

use std::rc::Rc;

pub use explain::{ExplainState, EXPLAIN_DOCS_URL};
pub use live::link as link_live;
pub use msg::{KeyPress, Msg};
pub use parts::{PartHere, PartsState};

use crate::inspect::history::HistoryCache;
use crate::inspect::Inspected;
use crate::journal::Journal;
use crate::selection::ObjRef;
use crate::sim::Sim;
use crate::view::camera::Camera;
use crate::view::{self, LayoutMemory, ViewModel};

/// How often the session is saved while only time passes (inputs save at once).
pub const SAVE_EVERY_MS: f64 = 5_000.0;

/// What a command typed while looking at the past gets.
pub const PAST_NOTICE: &str =
    "kubeloop: this is an earlier moment; press Back to now, or Carry on from here to change it";

/// The side panel. One at a time; the loop feed is the one it falls back to, so the feed is
/// always one click away.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Panel {
    #[default]
    Feed,
    Missions,
    Faults,
    Yaml,
}

impl Panel {
    pub const ALL: [Panel; 4] = [Panel::Feed, Panel::Missions, Panel::Faults, Panel::Yaml];

    /// The message naming the panel on its button (`crate::words`).
    pub fn label_id(self) -> &'static str {
        match self {
            Panel::Feed => "panel-feed",
            Panel::Missions => "panel-missions",
            Panel::Faults => "panel-faults",
            Panel::Yaml => "panel-yaml",
        }
    }

    /// The message saying what the panel holds, the button's title.
    pub fn hint_id(self) -> &'static str {
        match self {
            Panel::Feed => "panel-feed-hint",
            Panel::Missions => "panel-missions-hint",
            Panel::Faults => "panel-faults-hint",
            Panel::Yaml => "panel-yaml-hint",
        }
    }
}

/// What the stage shows: the ownership graph, or pods by node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StageView {
    #[default]
    Graph,
    Nodes,
}

/// A session a Reset or a mission start replaced, offered back until the next input.
#[derive(Clone, Debug, PartialEq)]
pub struct UndoOffer {
    /// What replaced it, for the offer's wording (`components::side::undo_bar`).
    pub what: UndoCause,
    journal: Journal,
}

/// What replaced the session an `UndoOffer` keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UndoCause {
    Reset,
    MissionStarted,
}

/// A share link, and whether the clipboard took it.
#[derive(Clone, Debug, PartialEq)]
pub struct SharedLink {
    pub url: String,
    pub copied: bool,
}

/// What the root component must do after an update. The reducer decides; the component acts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Effects {
    pub save_session: bool,
    pub save_done: bool,
    /// Remember presenter mode in this browser.
    pub save_presenter: Option<bool>,
    /// Remember the language picked, and say it on the document.
    pub save_lang: Option<crate::words::Lang>,
    /// Fetch this language's messages; the outcome comes back as `Msg::LangArrived`.
    pub fetch_lang: Option<crate::words::Lang>,
    /// Make a share link from this journal and copy it; the outcome comes back as
    /// `Msg::Shared`.
    pub share: Option<Journal>,
    /// The key was ours: the browser must not act on it too.
    pub handled: bool,
    /// Put focus back in the command box.
    pub focus_command: bool,
    /// Put this text in the command box, unentered (what the loading frame's box held).
    pub command_draft: Option<String>,
    /// Take focus out of the command box, so the page's single-key shortcuts work.
    pub leave_command_box: bool,
    /// Fetch this mission or course file from beside the page; the outcome comes back as
    /// `Msg::MissionFile`.
    pub fetch_mission: Option<String>,
    /// Fetch the explain docs; the outcome comes back as `Msg::ExplainDocs`.
    pub fetch_explain_docs: bool,
    /// Fetch a part of kubectl; the outcome comes back as `Msg::PartArrived`.
    pub fetch_part: Option<kubeloop::parts::Part>,
    /// Fetch the YAML panel's export code; the outcome comes back as `Msg::YamlExport`.
    pub link_yaml: bool,
    /// Messages held for a part that has arrived: each goes through the reducer again.
    pub redispatch: Vec<Msg>,
    /// Live mode's requests to the API server; answers come back as `Msg::Live`.
    pub live: Vec<crate::live::Request>,
}

impl Effects {
    /// Adds what a later update in the same turn asked for.
    fn merge(&mut self, later: Effects) {
        self.save_session |= later.save_session;
        self.save_done |= later.save_done;
        self.save_presenter = later.save_presenter.or(self.save_presenter);
        self.save_lang = later.save_lang.or(self.save_lang);
        self.fetch_lang = later.fetch_lang.or(self.fetch_lang);
        self.share = later.share.or(self.share.take());
        self.handled |= later.handled;
        self.focus_command |= later.focus_command;
        self.leave_command_box |= later.leave_command_box;
        self.command_draft = later.command_draft.or(self.command_draft.take());
        self.fetch_explain_docs |= later.fetch_explain_docs;
        self.fetch_part = later.fetch_part.or(self.fetch_part);
        self.fetch_mission = later.fetch_mission.or(self.fetch_mission.take());
        self.link_yaml |= later.link_yaml;
        self.redispatch.extend(later.redispatch);
        self.live.extend(later.live);
    }
}

/// The page: the session plus what the user has open, and the graph's drawing state.
pub struct Page {
    pub sim: Sim,
    pub panel: Panel,
    pub stage: StageView,
    pub selected: Option<ObjRef>,
    /// The narrow toolbar's overflow menu.
    pub menu_open: bool,
    /// The side panel's drawer on narrow screens.
    pub drawer_open: bool,
    /// The drawer was opened by selecting an object, so closing the inspector puts it away
    /// again rather than leaving the feed in the room the graph gave up.
    pub drawer_for_inspector: bool,
    /// Graph plus command box only, for an iframe (`?embed`).
    pub embed: bool,
    /// The language of the page's own words (kubectl's stay English).
    pub lang: crate::words::Lang,
    /// The rollout budget meter unfolded.
    pub budget_open: bool,
    pub undo: Option<UndoOffer>,
    /// The last share link made, shown until dismissed or the next input.
    pub shared: Option<SharedLink>,
    /// The session a mission replaced, brought back when the mission is left.
    before_mission: Option<Journal>,
    /// How the graph is shown: fitted to its panel, or zoomed and panned by the user. It also
    /// holds presenter mode, whose fit keeps the type big (`presenter()`).
    pub camera: Camera,
    layout: LayoutMemory,
    history: HistoryCache,
    /// The graph and inspector as last prepared, read by the view.
    pub shown: Shown,
    /// Real time of the last save.
    last_save: f64,
    /// The API docs `kubectl explain` prints, fetched on first use.
    pub explain: ExplainState,
    /// Messages waiting for a part of kubectl the build ships apart.
    pub parts: PartsState,
    /// Which part a line needs that is not here yet (a test gives its own).
    pub missing_part: fn(&str) -> Option<kubeloop::parts::Part>,
    /// The course part when it has not arrived (`kubeloop::parts::missing_course`): live
    /// mode and a mission's check need it whatever they run.
    pub missing_course: fn() -> Option<kubeloop::parts::Part>,
    /// The YAML panel's export code, fetched on first opening in the release build.
    pub yaml: yaml::YamlState,
    /// Whether that code is here (`kubeloop::session::yaml_linked`; a test gives its own).
    pub yaml_linked: fn() -> bool,
    /// Live mode's connection while attached to an API server (`sim` is then its mirror).
    pub live: Option<crate::live::Live>,
    /// The built-in session, kept as it was while live mode shows a real cluster.
    builtin: Option<Sim>,
    /// Commands' outputs waiting for the server to take their writes, with their write
    /// numbers (a few at a time: a list, where a map of this type compiled its own B-tree).
    held: Vec<(u64, kubeloop::kubectl::Output)>,
    /// The live command waiting on an answer; a new command or Disconnect drops it.
    asking: Option<live::Asking>,
    /// Numbers each connection, so a closed one's answers are dropped.
    live_gen: u64,
}

/// What the view draws, prepared before rendering so rendering changes nothing.
#[derive(Clone, Default)]
pub struct Shown {
    pub graph: Rc<ViewModel>,
    pub inspected: Option<Rc<Inspected>>,
    /// Countdowns on objects whose watch events a loop lost.
    pub lost: Rc<Vec<view::LostBadge>>,
    /// Requests in flight and Service counters: they move every tick without a store write,
    /// so they are read every frame, apart from the graph's builds.
    pub traffic: Rc<view::TrafficOverlay>,
    /// The rollout budget meters of Deployments rolling out.
    pub budget: Rc<Vec<view::budget::Meter>>,
    /// Whether `graph` is from the current world and layout.
    fresh: bool,
}

impl Page {
    pub fn new(sim: Sim, presenter: bool, embed: bool) -> Self {
        Page {
            sim,
            panel: Panel::Feed,
            stage: StageView::Graph,
            selected: None,
            menu_open: false,
            drawer_open: false,
            drawer_for_inspector: false,
            embed,
            lang: Default::default(),
            budget_open: true,
            undo: None,
            shared: None,
            before_mission: None,
            camera: Camera::new(presenter),
            layout: LayoutMemory::default(),
            history: HistoryCache::default(),
            shown: Shown::default(),
            last_save: 0.0,
            explain: ExplainState::Missing,
            parts: PartsState::default(),
            missing_part: kubeloop::parts::missing,
            missing_course: kubeloop::parts::missing_course,
            yaml: Default::default(),
            yaml_linked: kubeloop::session::yaml_linked,
            live: None,
            builtin: None,
            held: Default::default(),
            asking: None,
            live_gen: 0,
        }
    }

    /// Presenter mode: large type, and a graph that stays big.
    pub fn presenter(&self) -> bool {
        self.camera.presenter
    }

    /// One timer fire: real time in, simulated ticks out. Returns whether to save (every
    /// `SAVE_EVERY_MS` of real time).
    pub fn tick(&mut self, now: f64, elapsed: f64, over_budget: impl FnMut() -> bool) -> Effects {
        // A mirror's loops never run: its objects change only as the watch delivers them.
        if self.live.is_some() {
            return Effects::default();
        }
        self.sim.tick_within(elapsed, over_budget);
        let mut fx = Effects::default();
        self.fetch_lacking(&mut fx);
        if now - self.last_save > SAVE_EVERY_MS {
            self.last_save = now;
            fx.save_session = true;
        }
        fx
    }

    /// Builds what the view draws from the world on show, at real time `now` (for the graph's
    /// enter and leave animations). The layout is rebuilt only when something changed.
    pub fn prepare(&mut self, now: f64) {
        // The layout takes the camera's room (the panel at the fit's smallest scale), so the
        // drawing's shape suits the panel; it ignores changes too small to matter.
        let room = self.camera.layout_room();
        let width = self.layout.width();
        self.layout.set_room(room.w, room.h);
        if self.layout.width() != width {
            self.shown.fresh = false;
        }
        if std::mem::take(&mut self.sim.reset) {
            self.layout.clear();
            self.shown.fresh = false;
        }
        let world = self.sim.shown_world();
        if !self.shown.fresh || self.layout.needs_build(world, now) {
            self.shown.graph = Rc::new(view::build(world, &mut self.layout, now));
            self.shown.fresh = true;
        }
        let lost = view::lost_badges(&self.shown.graph, world);
        if *self.shown.lost != lost {
            self.shown.lost = Rc::new(lost);
        }
        let traffic = view::overlay(world, &self.shown.graph);
        if *self.shown.traffic != traffic {
            self.shown.traffic = Rc::new(traffic);
        }
        let budget = view::budget::meters(world);
        if *self.shown.budget != budget {
            self.shown.budget = Rc::new(budget);
        }
        self.shown.inspected = self
            .selected
            .as_ref()
            .and_then(|r| {
                let w = crate::words::Words::new(self.lang);
                crate::inspect::inspect_with(world, r, &mut self.history, &w)
            })
            .map(Rc::new);
    }
}
