//! Everything a user can do to the page, as one closed enum. Components turn DOM events into a
//! `Msg`; only `Page::update` decides what it means (yewstack/yew
//! `examples/function_todomvc/src/state.rs`: actions reduced in one place).

use std::fmt;

use crate::live::LiveMsg;
use crate::selection::{Action, ObjRef};
use crate::sim::Speed;
use crate::view::camera::CameraMsg;

use super::{Panel, StageView};

#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// A line typed into the command box.
    Command(String),
    /// What was typed into index.html's loading frame before the app mounted: the lines
    /// entered, in order, and the text left in its box unentered.
    TypedAhead {
        lines: Vec<String>,
        draft: String,
    },
    /// A button in the inspector or the Faults panel, run as the kubectl it stands for.
    Action(Action),
    /// `true` pauses, `false` plays.
    Pause(bool),
    Speed(Speed),
    /// Step mode: pause and run the next single controller action.
    Step,
    /// After a quiet Step: run the clock to the next pending timer.
    Jump,
    /// Ctrl+C or Stop: ends a watch or a command that waits.
    Stop,
    /// The timeline: show the cluster at this simulated time.
    Scrub(i64),
    BackToNow,
    /// Drop what came after the moment on show and go on from it.
    Fork,
    /// A fresh cluster with this seed (`reset --seed N`).
    Reset(u64),
    /// Bring back the cluster a Reset or a mission start replaced.
    Undo,
    /// Dismiss the Undo offer.
    KeepChange,
    StartMission(String),
    CheckMission,
    LeaveMission,
    /// The Missions or Faults panel's "try again", after the course part could not be fetched.
    FetchCoursePart,
    /// Show this course in the Missions panel.
    ShowCourse(String),
    /// `?mission=PATH`: fetch that mission or course file from beside the page.
    OpenMissionFile(String),
    /// What fetching it came to: the file's text, or why there is none.
    MissionFile {
        path: String,
        fetched: Result<String, String>,
    },
    /// YAML pasted or dropped into the YAML panel.
    Import(String),
    EditSave(String),
    EditCancel,
    /// Ask for a link to this session; the page copies it.
    Share,
    /// What copying the link came to: the link, and whether the clipboard took it.
    Shared {
        link: Option<String>,
        copied: bool,
    },
    /// Put the share link away.
    CloseShare,
    /// Open a side panel (again: the feed).
    Panel(Panel),
    /// Graph or Nodes on the stage.
    Stage(StageView),
    Select(ObjRef),
    CloseInspector,
    /// Expand or fold a summarised pod group on the graph.
    ToggleGroup(String),
    TogglePresenter,
    /// The language picker: the page's own words in this language from now on.
    Lang(crate::words::Lang),
    /// A language's messages fetched and given to the page (`words::provide`), or why not.
    LangArrived {
        lang: crate::words::Lang,
        outcome: Result<(), String>,
    },
    /// Fold or unfold the rollout budget meter.
    ToggleBudget,
    /// The overflow menu of the narrow toolbar.
    ToggleMenu,
    /// The side column's Close, or opening it again: Close puts away the inspector with it.
    ToggleDrawer,
    /// Wheel, pinch, drag, the zoom buttons, the panel's size, a refit.
    Camera(CameraMsg),
    /// A key pressed anywhere on the page.
    Key(KeyPress),
    /// The explain docs fetched: the asset's text, or why it could not be had.
    ExplainDocs(Result<String, String>),
    /// A part of kubectl fetched (and linked), or why it could not be.
    PartArrived(Result<(), String>),
    /// The YAML panel's export code fetched (and linked), or why it could not be.
    YamlExport(Result<(), String>),
    /// Live mode: attach to the Kubernetes API at the page's origin, or go back to the
    /// built-in cluster.
    Connect,
    Disconnect,
    /// An answer from the API server in live mode.
    Live(LiveMsg),
}

/// A key press, with what the page needs to decide on it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyPress {
    pub key: String,
    /// Ctrl, Alt or Meta held: the browser's shortcut, not ours.
    pub modifiers: bool,
    /// Focus is in a text field: the key is typing.
    pub in_text: bool,
    /// That text field is the command box, whose Escape may still close what is open.
    pub in_command_box: bool,
}

impl Msg {
    /// The one save policy: a message that may change the cluster or its journal saves the
    /// session at once; time alone is saved by the timer every few seconds.
    pub fn saves(&self) -> bool {
        matches!(
            self,
            Msg::Command(_)
                | Msg::Action(_)
                | Msg::Step
                | Msg::Jump
                | Msg::Stop
                | Msg::Fork
                | Msg::Reset(_)
                | Msg::Undo
                | Msg::StartMission(_)
                | Msg::LeaveMission
                | Msg::Import(_)
                | Msg::EditSave(_)
                | Msg::Pause(_)
                | Msg::Speed(_)
        )
    }
}

impl fmt::Display for KeyPress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.key)
    }
}
