//! Missions and courses in the session: the built-in ones, those a teacher's file loads, the
//! one being worked on, and progress per course.
//!
//! A file is loaded by a command line, `k mission load -f - <<EOF`, whichever way it came (the
//! command box, a drop, a paste, `?mission=`): so it is echoed, kept in the history and the
//! journal like any command, and a reload or a share link replays it before the inputs that
//! start its missions. A loaded mission with a built-in's name takes its place: a teacher's
//! adaptation.

use std::rc::Rc;

use kubeloop::kubectl::shell;
use kubeloop::mission::{self, Document, Mission};

use super::{LineKind, Sim};
use crate::journal::Input;

/// A course as the page lists it: its missions by name, found in `Sim::missions`.
#[derive(Clone, Debug, PartialEq)]
pub struct CourseEntry {
    pub name: String,
    /// As its file or the engine wrote it; `None` for the course of standalone loaded
    /// missions, which the page names in its own language.
    pub title: Option<String>,
    pub about: String,
    pub missions: Vec<String>,
    /// The title and about-text in other languages, as the file has them.
    pub translations: mission::Translations<mission::CourseText>,
}

impl CourseEntry {
    /// The title and about-text in `lang`, where the course has them in it.
    pub fn in_language(&self, lang: &str) -> (Option<String>, String) {
        let text = mission::pick_translation(&self.translations, lang);
        let title = text.and_then(|t| t.title.clone()).or_else(|| self.title.clone());
        let about = text.and_then(|t| t.about.as_deref()).unwrap_or(&self.about);
        (title, about.trim_end().to_string())
    }
}

/// The course standalone loaded missions are listed in.
pub const LOADED: &str = "loaded";

/// The built-in courses, in order.
pub fn builtin_courses() -> Vec<CourseEntry> {
    mission::builtin_courses()
        .into_iter()
        .map(|c| CourseEntry {
            name: c.name,
            title: Some(c.title),
            about: c.about.trim_end().to_string(),
            missions: c.missions,
            translations: c.translations,
        })
        .collect()
}

/// A typed `k mission ...` line, parsed: the text it loads, or kubectl's kind of error.
fn mission_command(line: &str) -> Option<Result<String, String>> {
    let script = shell::parse(line).ok()?;
    let [(pipeline, _)] = script.items.as_slice() else { return None };
    let [command] = pipeline.commands.as_slice() else { return None };
    let words: Vec<String> =
        command.words.iter().map(|w| w.literal().unwrap_or_default()).collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let ["k" | "kubectl", "mission", rest @ ..] = words.as_slice() else { return None };
    Some(match rest {
        ["load", "-f" | "--filename", "-"] | ["load", "--filename=-"] => match &command.heredoc {
            Some(text) => Ok(text.clone()),
            None => Err("error: no mission on standard input: k mission load -f - <<EOF".into()),
        },
        ["load", "-f" | "--filename", file] => Err(format!(
            "error: the page cannot open {file}: paste the file with k mission load -f - <<EOF, \
             or drop it on the Missions panel"
        )),
        [] | ["load", ..] => Err("error: usage: k mission load -f - <<EOF".into()),
        [other, ..] => Err(format!(
            "error: unknown command \"{other}\" for \"kubectl mission\"\nUsage: k mission load -f - <<EOF"
        )),
    })
}

/// Whether `line` loads a mission file: its reader ships with the engine's course part.
pub fn loads_a_file(line: &str) -> bool {
    matches!(mission_command(line.trim()), Some(Ok(_)))
}

/// Whether `text` is a mission or course file rather than a manifest: a Kubernetes object
/// always has `apiVersion` at its top level; a mission has `checks`, a course `missions`.
pub fn is_mission_file(text: &str) -> bool {
    let top =
        |key: &str| text.lines().any(|l| l.strip_prefix(key).is_some_and(|r| r.starts_with(':')));
    !top("apiVersion") && (top("checks") || top("missions"))
}

/// The line a dropped or pasted mission or course file runs.
pub fn load_line(text: &str) -> String {
    let delim = super::editor::heredoc_delimiter(text, "EOF");
    format!("k mission load -f - <<{delim}\n{}\n{delim}", text.trim_end())
}

impl Sim {
    /// Runs a `k mission` line, when `line` is one; `false` leaves it to kubectl.
    pub(super) fn run_mission_command(&mut self, line: &str) -> bool {
        match mission_command(line) {
            None => false,
            Some(Err(e)) => {
                self.push_lines(LineKind::Error, &e);
                true
            }
            Some(Ok(text)) => {
                self.load(&text);
                true
            }
        }
    }

    /// Reads a mission or course file and adds what it holds; an error names its line,
    /// column and field, and changes nothing.
    fn load(&mut self, text: &str) {
        let doc = match mission::read(text) {
            Ok(doc) => doc,
            Err(e) => {
                self.push_lines(
                    LineKind::Error,
                    &format!("error: the mission file is invalid: {e}"),
                );
                return;
            }
        };
        let (course, missions, said) = match doc {
            Document::Mission(m) => {
                let mut loaded = self.course_entry(LOADED).cloned().unwrap_or(CourseEntry {
                    name: LOADED.into(),
                    title: None,
                    about: String::new(),
                    missions: Vec::new(),
                    translations: Default::default(),
                });
                if !loaded.missions.contains(&m.name) {
                    loaded.missions.push(m.name.clone());
                }
                let said = format!("mission {:?} loaded: {}", m.name, m.title);
                (loaded, vec![m], said)
            }
            Document::Course(c) => {
                let said = format!(
                    "course {:?} loaded: {} ({} missions)",
                    c.name,
                    c.title,
                    c.missions.len()
                );
                let entry = CourseEntry {
                    name: c.name,
                    title: Some(c.title),
                    about: c.about.trim_end().to_string(),
                    missions: c.missions.iter().map(|m| m.name.clone()).collect(),
                    translations: c.translations,
                };
                (entry, c.missions, said)
            }
        };
        let all = Rc::make_mut(&mut self.missions);
        for m in missions {
            match all.iter_mut().find(|o| o.name == m.name) {
                Some(slot) => *slot = m,
                None => all.push(m),
            }
        }
        let courses = Rc::make_mut(&mut self.courses);
        match courses.iter_mut().find(|c| c.name == course.name) {
            Some(slot) => *slot = course.clone(),
            None => courses.push(course.clone()),
        }
        self.course = course.name;
        self.loaded_now = true;
        self.push_lines(
            LineKind::Output,
            &format!("{said}; its missions are in the Missions panel"),
        );
    }

    /// Adds the built-in missions that are not here yet, before any loaded ones (a loaded
    /// mission with a built-in's name keeps its place): the release build has none until the
    /// course part brings them (`kubeloop::mission::provide_builtin`).
    pub fn builtin_missions_arrived(&mut self) {
        let mut builtin = mission::builtin();
        builtin.retain(|b| !self.missions.iter().any(|m| m.name == b.name));
        if !builtin.is_empty() {
            let all = Rc::make_mut(&mut self.missions);
            builtin.append(all);
            *all = builtin;
        }
    }

    pub fn course_entry(&self, name: &str) -> Option<&CourseEntry> {
        self.courses.iter().find(|c| c.name == name)
    }

    /// Shows another course in the Missions panel.
    pub fn show_course(&mut self, name: &str) {
        if self.course_entry(name).is_some() {
            self.course = name.to_string();
        }
    }

    /// Whether a mission of the shown course is done, in this browser.
    pub fn is_done(&self, mission: &str) -> bool {
        self.done.contains(&progress_key(&self.course, mission))
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
        if let Err(e) = mission::start(&m, &mut self.session) {
            self.push_lines(LineKind::Error, &format!("kubeloop: {e}"));
        }
        // Progress goes to the course shown, or to the first that holds the mission.
        if !self.course_entry(&self.course).is_some_and(|c| c.missions.contains(&m.name)) {
            if let Some(c) = self.courses.iter().find(|c| c.missions.contains(&m.name)) {
                self.course = c.name.clone();
            }
        }
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
    /// marking the mission done in the course shown when it passes.
    pub fn check_mission(&mut self) {
        let Some(m) = self.active_mission().cloned() else { return };
        let verdict = mission::check_world(&m, self.world());
        if verdict.passed {
            self.done.insert(progress_key(&self.course, &m.name));
        }
        self.verdict = Some(verdict);
    }

    /// Leaves the active mission; the cluster stays as it is.
    pub fn close_mission(&mut self) {
        self.mission = None;
        self.verdict = None;
    }
}

/// How progress is kept: `course/mission`, both DNS labels.
pub fn progress_key(course: &str, mission: &str) -> String {
    format!("{course}/{mission}")
}
