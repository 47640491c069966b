//! The page's session: the world, the command log, history, the speed dial and the YAML
//! editor's state. Pure Rust with no DOM, so it is tested natively; `app.rs` only wires it to
//! the timer and the components.

use std::collections::BTreeSet;
use std::rc::Rc;

use kubeloop::kubectl::{Mode, Output, Stream};
use kubeloop::mission::{self, Mission, Verdict};
use kubeloop::session::Session;
use kubeloop::world::World;

use crate::journal::{Entry, Input, Journal, MAX_BYTES, MAX_ENTRIES};
use crate::selection::{Action, ObjRef};

/// Lines kept in the command log; older ones scroll away for good.
pub const LOG_LIMIT: usize = 3_000;
/// At most this many ticks per timer fire, so a slow frame never snowballs.
const MAX_STEPS_PER_FIRE: u32 = 200;

/// One line of the output log, tagged so errors and echoed commands can be styled.
#[derive(Clone, Debug, PartialEq)]
pub struct LogLine {
    pub text: String,
    pub kind: LineKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    Input,
    Output,
    Error,
}

impl LogLine {
    pub fn input(command: &str) -> Self {
        Self { text: format!("$ {command}"), kind: LineKind::Input }
    }
}

/// A playback rate: simulated milliseconds per real millisecond. Only the dial's factors exist,
/// so a `Speed` always has a label and an `<option>`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Speed(f64);

impl Speed {
    /// The speed dial, slowest first.
    pub const DIAL: [Speed; 6] =
        [Speed(0.25), Speed(0.5), Speed(1.0), Speed(2.0), Speed(5.0), Speed(10.0)];
    pub const NORMAL: Speed = Speed(1.0);
    /// The first visit's speed: slow enough to follow each loop.
    pub const FIRST_RUN: Speed = Speed(0.5);

    pub fn factor(self) -> f64 {
        self.0
    }

    /// The factor as an `<option>` value: `0.25`, `1`, `10`.
    pub fn value(self) -> String {
        self.0.to_string()
    }

    /// What the dial shows: `0.25×`.
    pub fn label(self) -> String {
        format!("{}\u{d7}", self.0)
    }

    /// The dial entry with this factor exactly.
    pub fn from_factor(factor: f64) -> Option<Speed> {
        Speed::DIAL.into_iter().find(|s| s.0 == factor)
    }

    /// The dial entry whose `value()` is `text`.
    pub fn from_value(text: &str) -> Option<Speed> {
        Speed::DIAL.into_iter().find(|s| s.value() == text)
    }
}

/// The `k edit` editor, open on one object.
#[derive(Clone, Debug, PartialEq)]
pub struct EditorState {
    pub target: ObjRef,
    pub initial: String,
    pub error: Option<String>,
}

pub struct Sim {
    pub session: Session,
    pub log: Rc<Vec<LogLine>>,
    pub history: Rc<Vec<String>>,
    pub speed: Speed,
    /// Paused keeps the chosen speed, so Play resumes at it.
    pub paused: bool,
    pub editor: Option<EditorState>,
    /// Set when a command started a fresh cluster, so the page forgets its layout.
    pub reset: bool,
    /// The missions known: the built-in ones, then those loaded from files.
    pub missions: Rc<Vec<Mission>>,
    /// The courses: the built-in ones, then those loaded (`missions.rs`).
    pub courses: Rc<Vec<CourseEntry>>,
    /// The course the Missions panel shows, whose progress a passed check counts in.
    pub course: String,
    /// Set when a command loaded a file, so the page shows its course.
    pub loaded_now: bool,
    /// The name of the mission being worked on.
    pub mission: Option<String>,
    /// The last check of the active mission.
    pub verdict: Option<Verdict>,
    /// Missions whose check passed, in this browser, as `course/mission` (the page saves
    /// them).
    pub done: BTreeSet<String>,
    /// Set while the page shows an earlier moment (the time scrubber).
    pub past: Option<Box<timeline::Past>>,
    /// What the last step-mode action did, for the page to highlight.
    pub last_action: Option<timeline::StepView>,
    /// Set when the last Step found no loop with work: the card says so and offers Jump.
    pub quiet_step: Option<timeline::QuietStep>,
    /// Whether the journal's last entry is a step with nothing after it, so the next step
    /// adds to its count instead of taking an entry of its own.
    stepping: bool,
    /// Every input so far, for reloads and share links.
    journal: Journal,
    /// The scrubber's marks, with the journal length and last entry they were built from.
    marks: timeline::MarksCache,
    /// Off while replaying (and for inputs a recorded input makes itself).
    journaling: bool,
    /// A tick is half done because the last timer fire ran out of frame time.
    sliced: bool,
    acc_ms: f64,
}

impl Sim {
    pub fn new(seed: u64) -> Self {
        Sim {
            session: Session::new(World::new(seed), Mode::Interactive),
            log: Rc::new(Vec::new()),
            history: Rc::new(Vec::new()),
            speed: Speed::NORMAL,
            paused: false,
            editor: None,
            reset: false,
            missions: Rc::new(mission::builtin()),
            courses: Rc::new(missions::builtin_courses()),
            course: missions::builtin_courses().first().map(|c| c.name.clone()).unwrap_or_default(),
            loaded_now: false,
            mission: None,
            verdict: None,
            done: BTreeSet::new(),
            past: None,
            last_action: None,
            quiet_step: None,
            stepping: false,
            journal: Journal::new(seed),
            marks: Default::default(),
            journaling: true,
            sliced: false,
            acc_ms: 0.0,
        }
    }

    /// Rebuilds a session by replaying a journal from its seed: same inputs at the same
    /// simulated times give the same cluster, log and history.
    pub fn restore(journal: &Journal) -> Self {
        let mut sim = Sim::replay(journal, journal.replay_until());
        sim.journal = journal.clone();
        sim.journal.now_ms = sim.world().now().millis();
        // A speed off the dial (a hand-made link) is ignored rather than trusted.
        if let Some(p) = journal.playback {
            sim.paused = p.paused;
            sim.speed = Speed::from_factor(p.speed).unwrap_or(sim.speed);
        }
        sim
    }

    /// The session as it was at simulated time `until`: the journal's inputs up to then,
    /// replayed from the seed. Its journal holds only those inputs, so it can go on from
    /// there (a fork).
    pub fn replay(journal: &Journal, until: i64) -> Self {
        let mut sim = Sim::new(journal.seed);
        sim.journaling = false;
        sim.replay_entries(&journal.entries, i64::MIN, until);
        sim.journal.entries = journal.entries.iter().filter(|e| e.at <= until).cloned().collect();
        sim.journal.now_ms = sim.world().now().millis();
        sim.journaling = true;
        sim
    }

    /// Applies the inputs with `after < at <= until`, each at its time, then runs the clock
    /// to `until`. A watch left running is stopped, as a closed terminal would stop it.
    fn replay_entries(&mut self, entries: &[Entry], after: i64, until: i64) {
        for e in entries.iter().filter(|e| e.at > after && e.at <= until) {
            self.advance_to(e.at);
            match &e.input {
                Input::Cmd(line) => self.run_command(line),
                Input::Mission(name) => self.start_mission(name),
                // The `k edit` before it opened the editor again; saving replays the same log.
                Input::Edit(text) if self.editor.is_some() => self.save_editor(text),
                Input::Edit(text) => {
                    self.apply_edit(text, "default");
                }
                // Each step may run the clock ahead to the next action; a replay never goes
                // past the journal's end, whatever the count says.
                Input::Step(n) => {
                    for _ in 0..*n {
                        if self.world().now().millis() > until {
                            break;
                        }
                        self.step_action();
                    }
                }
                Input::Interrupt => self.interrupt(),
                Input::Jump => {
                    self.paused = true;
                    self.jump(until);
                }
            }
        }
        // A watch or wait still pending stays so: the session goes on as it was, and its
        // continuation runs when (and as) it did in the original.
        self.advance_to(until);
    }

    /// Runs whole ticks up to `at_ms`, polling a pending watch or wait after each one, as
    /// `tick_within` does live.
    fn advance_to(&mut self, at_ms: i64) {
        while self.session.world.now().millis() < at_ms {
            self.session.world.step();
            self.poll_watch();
        }
    }

    /// Appends an input to the journal, unless replaying or the journal is full.
    fn record(&mut self, input: Input) {
        self.finish_slice();
        if !self.journaling {
            return;
        }
        // Stop before the journal outgrows what a reload or a link may read back, so what was
        // saved stays loadable; the user is told once.
        let at = self.world().now().millis();
        let entry = Entry { at, input };
        let size =
            self.journal.encode().len() + serde_json::to_string(&entry).map_or(0, |e| e.len()) + 32;
        if self.journal.entries.len() >= MAX_ENTRIES || size > MAX_BYTES {
            self.push_lines(
                LineKind::Error,
                "kubeloop: this session is too long to save; a reload will not restore what follows",
            );
            self.journaling = false;
            return;
        }
        self.stepping = false;
        self.journal.entries.push(entry);
    }

    /// Whether this session's journal already ran `line` (a file loaded before a reload).
    pub fn has_run(&self, line: &str) -> bool {
        self.journal.entries.iter().any(|e| matches!(&e.input, Input::Cmd(l) if l == line))
    }

    /// The journal as of now, ready to store or share.
    pub fn snapshot(&mut self) -> &Journal {
        self.journal.now_ms = self.world().now().millis();
        self.journal.playback =
            Some(crate::journal::Playback { paused: self.paused, speed: self.speed.factor() });
        &self.journal
    }

    pub fn world(&self) -> &World {
        &self.session.world
    }

    /// A line from the page itself (restored session, share link) in the log.
    pub fn notice(&mut self, text: &str, error: bool) {
        self.push_lines(if error { LineKind::Error } else { LineKind::Output }, text);
    }

    fn push_lines(&mut self, kind: LineKind, text: &str) {
        let log = Rc::make_mut(&mut self.log);
        for line in text.trim_end_matches('\n').split('\n') {
            log.push(LogLine { text: line.to_string(), kind });
        }
        if log.len() > LOG_LIMIT {
            let extra = log.len() - LOG_LIMIT;
            log.drain(..extra);
        }
    }

    fn push_output(&mut self, out: &Output) {
        if out.clear {
            self.log = Rc::new(Vec::new());
        }
        for (stream, text) in &out.chunks {
            let kind = if *stream == Stream::Stderr { LineKind::Error } else { LineKind::Output };
            self.push_lines(kind, text);
        }
    }

    /// Shows a typed line that is not run (it waits on something that did not come), so
    /// the terminal still reads as what was typed; the reason follows it.
    pub fn echo_unrun(&mut self, line: &str) {
        Rc::make_mut(&mut self.log).push(LogLine::input(line.trim()));
    }

    /// Puts a line that did not run into the history, so Up brings it back.
    pub fn remember(&mut self, line: &str) {
        Rc::make_mut(&mut self.history).push(line.trim().to_string());
    }

    /// Runs a line typed into the command box (or generated by a button).
    pub fn run_command(&mut self, line: &str) {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            return;
        }
        // Over the engine's limit: refused before it reaches the log, the history or the
        // journal, so a giant paste costs nothing and cannot spoil the saved session.
        if line.len() > kubeloop::kubectl::MAX_INPUT_BYTES {
            let start: String = trimmed.chars().take(80).collect();
            Rc::make_mut(&mut self.log).push(LogLine::input(&format!("{start}\u{2026}")));
            let out = self.session.run(line);
            self.push_output(&out);
            return;
        }
        self.record(Input::Cmd(line.to_string()));
        // A new line ends what is pending, as Ctrl+C would (a replay does the same here).
        if self.session.watching() {
            self.stop_pending();
        }
        Rc::make_mut(&mut self.history).push(trimmed.to_string());
        Rc::make_mut(&mut self.log).push(LogLine::input(trimmed));
        if self.run_mission_command(trimmed) {
            return;
        }
        if let Some(target) = editor::edit_target(trimmed) {
            match target {
                Ok(t) => self.open_editor(t),
                Err(e) => self.push_lines(LineKind::Error, &e),
            }
            return;
        }
        self.reset |= trimmed
            .split([';', '&', '|', '\n'])
            .any(|part| part.split_whitespace().next() == Some("reset"));
        let out = self.session.run(line);
        self.push_output(&out);
    }

    /// A button's action, run as the kubectl command it stands for.
    pub fn run_action(&mut self, action: &Action) {
        if let Action::Edit { target } = action {
            Rc::make_mut(&mut self.log).push(LogLine::input(&action.command(&Default::default())));
            self.open_editor(target.clone());
            return;
        }
        if let Some(line) = self.action_line(action) {
            self.run_command(&line);
        }
    }

    /// The kubectl line a button stands for; `None` for Edit, which opens the editor.
    pub fn action_line(&self, action: &Action) -> Option<String> {
        let labels = match action {
            Action::Edit { .. } => return None,
            Action::SetLabels { target, .. } => {
                self.object(target).map(|o| o.meta().labels.clone()).unwrap_or_default()
            }
            _ => Default::default(),
        };
        Some(action.command(&labels))
    }
}

mod clock;
#[cfg(test)]
mod edit_tests;
mod editor;
mod live;
mod missions;
mod past_reads;
pub use editor::import_line;
pub use missions::{is_mission_file, load_line, loads_a_file, progress_key, CourseEntry, LOADED};
pub use past_reads::reads_only;
mod pending;
#[cfg(test)]
mod tests;
pub mod timeline;
