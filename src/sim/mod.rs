//! The page's session: the world, the command log, history, the speed dial and the YAML
//! editor's state. Pure Rust with no DOM, so it is tested natively; `app.rs` only wires it to
//! the timer and the components.

use std::collections::BTreeSet;
use std::rc::Rc;

use kubeloop::clock::TICK_MS;
use kubeloop::kubectl::{printers, Mode, Output, Session, Stream};
use kubeloop::mission::{self, Mission, Verdict};
use kubeloop::model::Kind;
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
    /// The built-in missions, parsed once.
    pub missions: Rc<Vec<Mission>>,
    /// The name of the mission being worked on.
    pub mission: Option<String>,
    /// The last check of the active mission.
    pub verdict: Option<Verdict>,
    /// Missions whose check passed, in this browser (the page saves them).
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

    /// The journal as of now, ready to store or share.
    pub fn snapshot(&mut self) -> &Journal {
        self.journal.now_ms = self.world().now().millis();
        self.journal.playback =
            Some(crate::journal::Playback { paused: self.paused, speed: self.speed.factor() });
        &self.journal
    }

    /// The active mission, if any.
    pub fn active_mission(&self) -> Option<&Mission> {
        let name = self.mission.as_deref()?;
        self.missions.iter().find(|m| m.name == name)
    }

    /// Starts a mission on a fresh cluster with the current seed: `reset --seed N` goes through
    /// the log like a typed command, then the mission's setup runs and the loops settle.
    pub fn start_mission(&mut self, name: &str) {
        let Some(m) = self.missions.iter().find(|m| m.name == name).cloned() else {
            self.push_lines(LineKind::Error, &format!("kubeloop: no mission named {name:?}"));
            return;
        };
        self.editor = None;
        self.record(Input::Mission(name.to_string()));
        let was = std::mem::replace(&mut self.journaling, false);
        self.run_command(&format!("reset --seed {}", self.world().seed()));
        self.journaling = was;
        mission::start(&m, &mut self.session);
        self.push_lines(
            LineKind::Output,
            &format!(
                "mission: {} (the goal is in the Missions panel; type `help` for the commands)",
                m.title
            ),
        );
        self.mission = Some(m.name);
        self.verdict = None;
    }

    /// Checks the active mission against the cluster as it is now, keeping the verdict and
    /// marking the mission done when it passes.
    pub fn check_mission(&mut self) {
        let Some(m) = self.active_mission().cloned() else { return };
        let verdict = mission::check_world(&m, self.world());
        if verdict.passed {
            self.done.insert(m.name.clone());
        }
        self.verdict = Some(verdict);
    }

    /// Leaves the active mission; the cluster stays as it is.
    pub fn close_mission(&mut self) {
        self.mission = None;
        self.verdict = None;
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
        if let Some(target) = edit_target(trimmed) {
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
        let labels = match action {
            Action::SetLabels { target, .. } => {
                self.object(target).map(|o| o.meta().labels.clone()).unwrap_or_default()
            }
            _ => Default::default(),
        };
        self.run_command(&action.command(&labels));
    }

    fn object(&self, target: &ObjRef) -> Option<kubeloop::model::Object> {
        let ns = if target.kind.namespaced() { target.namespace.as_str() } else { "" };
        self.session
            .world
            .store
            .get_object(target.kind, &kubeloop::store::Key::new(ns, &target.name))
    }

    fn open_editor(&mut self, target: ObjRef) {
        match self.object(&target) {
            Some(obj) => {
                self.editor =
                    Some(EditorState { initial: printers::to_yaml(&obj), target, error: None })
            }
            None => self.push_lines(
                LineKind::Error,
                &kubeloop::store::ApiError::NotFound {
                    kind: target.kind,
                    name: target.name.clone(),
                }
                .to_string(),
            ),
        }
    }

    /// Applies the editor's text. On error the editor stays open with kubectl's message.
    pub fn save_editor(&mut self, text: &str) {
        let Some(state) = self.editor.clone() else { return };
        let ns = if state.target.namespace.is_empty() {
            "default".to_string()
        } else {
            state.target.namespace.clone()
        };
        self.record(Input::Edit(text.to_string()));
        let out = self.apply_edit(text, &ns);
        if out.status != 0 {
            // The log is the terminal: it gets what `kubectl edit` prints there. kubectl then
            // reopens the file headed with the reasons; here the editor stays open with the
            // same words and the learner's text.
            self.push_output(&out);
            let msg = out.text().trim_end().to_string();
            self.editor = Some(EditorState { error: Some(msg), ..state });
            return;
        }
        self.editor = None;
        // A saved edit, or "Edit cancelled, no changes made." (which kubectl writes to stderr,
        // but which is no failure, so it is not shown as one).
        self.push_lines(LineKind::Output, &out.text());
    }

    /// Saves edited YAML the way `k edit` does: in place, like apply, without recording it in
    /// last-applied-configuration.
    fn apply_edit(&mut self, text: &str, ns: &str) -> Output {
        kubeloop::kubectl::edit(&mut self.session, text, ns)
    }

    /// Imports pasted or dropped YAML: `k apply -f -` with the text as a heredoc, echoed and
    /// recorded like a typed command.
    pub fn import_yaml(&mut self, text: &str) {
        let delim = heredoc_delimiter(text, "EOF");
        self.run_command(&format!("k apply -f - <<{delim}\n{}\n{delim}", text.trim_end()));
    }

    /// Closes the editor. After a save that failed, kubectl words it as an error
    /// (`editoptions.go`: "Edit cancelled, no valid changes were saved.").
    pub fn cancel_editor(&mut self) {
        match self.editor.take() {
            Some(EditorState { error: Some(_), .. }) => self
                .push_lines(LineKind::Error, "error: Edit cancelled, no valid changes were saved."),
            Some(_) => self.push_lines(LineKind::Output, "Edit cancelled, no changes made."),
            None => {}
        }
    }

    /// Simulated milliseconds per real millisecond right now: 0 while paused.
    pub fn rate(&self) -> f64 {
        if self.paused {
            0.0
        } else {
            self.speed.factor()
        }
    }

    /// One timer fire: advances simulated time by `real_ms` times the speed, then streams any
    /// watch output. Returns whether anything may have changed.
    pub fn tick(&mut self, real_ms: f64) -> bool {
        self.tick_within(real_ms, || false)
    }

    /// `tick`, stopping mid-tick once `over_budget` says the frame has spent its time: the
    /// rest of that tick runs at the next fire, before any new one starts, so a heavy tick
    /// (hundreds of pods created at once) spreads over frames instead of freezing one. The
    /// reconciles are the same either way; inputs finish a sliced tick before they apply
    /// (`finish_slice`), so the journal replays to the same cluster.
    pub fn tick_within(&mut self, real_ms: f64, mut over_budget: impl FnMut() -> bool) -> bool {
        self.acc_ms += real_ms.clamp(0.0, 1_000.0) * self.rate();
        let mut steps = 0;
        let mut moved = self.sliced;
        loop {
            if !self.sliced {
                if self.acc_ms < TICK_MS as f64 || steps >= MAX_STEPS_PER_FIRE {
                    break;
                }
                self.acc_ms -= TICK_MS as f64;
                steps += 1;
            }
            moved = true;
            self.sliced = !self.session.world.step_until(&mut over_budget);
            self.stepping = false;
            if self.sliced {
                break;
            }
            // After every whole tick, as a replay polls: a wait that ends runs the rest of
            // its line, which may write to the world.
            self.poll_watch();
        }
        if steps == MAX_STEPS_PER_FIRE {
            self.acc_ms = 0.0;
        }
        if moved {
            self.last_action = None;
            self.quiet_step = None;
        }
        moved
    }

    /// Completes a tick a frame budget cut short, so an input lands between whole ticks, as
    /// it does when the journal is replayed.
    pub fn finish_slice(&mut self) {
        if self.sliced {
            self.session.world.step();
            self.sliced = false;
            self.poll_watch();
        }
    }

    /// Whether a tick is half done because a frame ran out of time.
    pub fn mid_slice(&self) -> bool {
        self.sliced
    }
}

/// A heredoc delimiter that no line of `text` equals.
fn heredoc_delimiter(text: &str, base: &str) -> String {
    std::iter::once(base.to_string())
        .chain((0..).map(|i| format!("{base}_{i}")))
        .find(|d| !text.lines().any(|l| l.trim() == d))
        .unwrap_or_default()
}

/// `k edit TYPE/NAME`, `k edit TYPE NAME [-n NS]`: the object to open, or kubectl's error.
fn edit_target(line: &str) -> Option<Result<ObjRef, String>> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if !matches!(words.as_slice(), ["k" | "kubectl", "edit", ..]) {
        return None;
    }
    let mut ns = "default".to_string();
    let mut rest = Vec::new();
    let mut i = 2;
    while i < words.len() {
        match words[i] {
            "-n" | "--namespace" if i + 1 < words.len() => {
                ns = words[i + 1].to_string();
                i += 1;
            }
            w if w.starts_with("--namespace=") => ns = w["--namespace=".len()..].to_string(),
            w => rest.push(w),
        }
        i += 1;
    }
    let (ty, name) = match rest.as_slice() {
        [one] if one.contains('/') => one.split_once('/').unwrap_or((one, "")),
        [ty, name] => (*ty, *name),
        _ => return Some(Err("error: edit needs one object: k edit TYPE/NAME".into())),
    };
    let Some(kind) = Kind::from_resource(ty) else {
        return Some(Err(format!("error: the server doesn't have a resource type \"{ty}\"")));
    };
    if matches!(kind, Kind::Event) {
        return Some(Err("kubeloop: events cannot be edited here".into()));
    }
    let ns = if kind.namespaced() { ns } else { String::new() };
    Some(Ok(ObjRef::new(kind, &ns, name)))
}

#[cfg(test)]
mod edit_tests;
mod pending;
#[cfg(test)]
mod tests;
pub mod timeline;
