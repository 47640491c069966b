//! The engine's commands and loops beyond the first lesson, as the page gets them. The release
//! build ships them in a chunk fetched on first use (`kubeloop::parts`); every other build has
//! them already, and nothing here ever waits. A message that would run such a command (a
//! typed line, a button, a dropped file, a mission's setup) is held, with every such message
//! after it so their order is kept; the terminal says what is being fetched; when the part
//! arrives the held messages go through the reducer again, in order. A failed fetch runs
//! nothing and says so, and the held lines go into the history, so Up brings them back.

use kubeloop::parts::Part;

use super::{Effects, Msg, Page, Panel};

/// Whether the course part, and the built-in missions with it, are here for the panels that
/// ship with it (Missions, Faults).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartHere {
    Here,
    Fetching,
    /// Not here and not on their way: the last fetch failed.
    Missing,
}

/// Held messages, waiting for a part.
#[derive(Debug, Default)]
pub struct PartsState {
    /// The part on its way, and the messages held for it, in order.
    pub waiting: Option<(Part, Vec<Msg>)>,
}

impl Page {
    /// Whether a click on "Check my work" is held until the part with the missions' probes
    /// arrives: the Missions panel says it is checking, rather than nothing.
    pub fn checking(&self) -> bool {
        self.parts.waiting.as_ref().is_some_and(|(_, held)| held.contains(&Msg::CheckMission))
    }

    /// The course part as the Missions and Faults panels see it: the release build fetches it
    /// (with the built-in missions) on first use, so until it arrives they say it is coming,
    /// or why not.
    pub fn course_here(&self) -> PartHere {
        if (self.missing_course)().is_none() && !self.sim.missions.is_empty() {
            PartHere::Here
        } else if self.parts.waiting.is_some() {
            PartHere::Fetching
        } else {
            PartHere::Missing
        }
    }

    /// After `Msg::Panel` or `Msg::FetchCoursePart`: the Missions or Faults panel, open
    /// without the course part, fetches it (nothing is held: the panel says what is coming).
    pub(super) fn want_course_panel(&mut self, fx: &mut Effects) {
        let ships_with_it = matches!(self.panel, Panel::Missions | Panel::Faults);
        if !ships_with_it || self.selected.is_some() || self.course_here() != PartHere::Missing {
            return;
        }
        if let Some(part) = (self.missing_course)() {
            self.sim.notice(&format!("kubeloop: fetching {}\u{2026}", part.describe()), false);
            self.parts.waiting = Some((part, Vec::new()));
            fx.fetch_part = Some(part);
        }
    }

    /// The kubectl line a message would run, for the messages that run one.
    fn line_of(&self, msg: &Msg) -> Option<String> {
        match msg {
            Msg::Command(line) => Some(line.clone()),
            Msg::Action(action) => self.sim.action_line(action),
            Msg::Import(text) => Some(crate::sim::import_line(text)),
            Msg::StartMission(name) => {
                self.sim.missions.iter().find(|m| &m.name == name).map(|m| m.setup.clone())
            }
            _ => None,
        }
    }

    /// Holds `msg` when it needs a part not here yet, or when messages are already held;
    /// gives it back otherwise. Four messages need the course part whatever they run: live
    /// mode (a real cluster may hold every kind, and describing or inspecting one needs its
    /// code), a mission's check (its probes are in it), starting a mission before the
    /// built-in missions came with it, and saving the editor (its patch is in it, as for
    /// `kubectl edit`).
    pub(super) fn hold_for_part(&mut self, msg: Msg, fx: &mut Effects) -> Option<Msg> {
        let line = self.line_of(&msg);
        let needs_course = matches!(
            msg,
            Msg::Connect | Msg::CheckMission | Msg::StartMission(_) | Msg::EditSave(_)
        );
        if line.is_none() && !needs_course {
            return Some(msg);
        }
        if let Some((_, held)) = &mut self.parts.waiting {
            held.push(msg);
            return None;
        }
        let missing = match &line {
            // A mission file's reader ships with the course part.
            Some(line) if crate::sim::loads_a_file(line) => (self.missing_course)(),
            Some(line) => (self.missing_part)(line),
            None => (self.missing_course)(),
        };
        let Some(part) = missing else { return Some(msg) };
        self.sim.notice(&format!("kubeloop: fetching {}\u{2026}", part.describe()), false);
        self.parts.waiting = Some((part, vec![msg]));
        fx.fetch_part = Some(part);
        None
    }

    /// Fetches the part a loop had work for before it arrived (`World::lacking_part`): a way
    /// to create its objects that `parts::missing` did not foresee. The loop catches up at its
    /// next resync once the part is here.
    pub(super) fn fetch_lacking(&mut self, fx: &mut Effects) {
        let Some(part) = self.sim.session.world.lacking_part() else { return };
        if self.parts.waiting.is_some() {
            return;
        }
        self.sim.notice(&format!("kubeloop: fetching {}\u{2026}", part.describe()), false);
        self.parts.waiting = Some((part, Vec::new()));
        fx.fetch_part = Some(part);
    }

    /// What the fetch came to. The held messages go back through the reducer
    /// (`Effects::redispatch`), or, when it failed, are shown unrun and kept in the history.
    pub(super) fn part_arrived(&mut self, fetched: Result<(), String>, fx: &mut Effects) {
        let Some((part, held)) = self.parts.waiting.take() else { return };
        match fetched {
            Ok(()) => {
                // The built-in missions come with the course part in the release build.
                self.sim.builtin_missions_arrived();
                fx.redispatch = held;
            }
            Err(why) => {
                for msg in &held {
                    if let Some(line) = self.line_of(msg).filter(|_| matches!(msg, Msg::Command(_)))
                    {
                        self.sim.echo_unrun(&line);
                        self.sim.remember(&line);
                    }
                }
                // Up brings back a typed line; a panel's fetch had none (its note offers a retry).
                let typed = held.iter().any(|m| matches!(m, Msg::Command(_)));
                let after =
                    if typed { ", so nothing ran; press Up to try the line again" } else { "" };
                self.sim.notice(
                    &format!("kubeloop: could not fetch {} ({why}){after}", part.describe()),
                    true,
                );
            }
        }
    }
}
