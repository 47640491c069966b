//! The session live mode runs commands in: the same command log, history and kubectl, over a
//! mirror world instead of the built-in cluster. Nothing is journaled (a real cluster cannot
//! be replayed from a seed) and its clock is the wall clock, set by the page.

use std::rc::Rc;

use kubeloop::api::replay::Replay;
use kubeloop::kubectl::{Mode, Output};
use kubeloop::session::Session;
use kubeloop::world::World;

use super::{LogLine, Sim};

impl Sim {
    /// A session over an empty mirror, paused (its loops never run).
    pub fn mirror() -> Sim {
        let mut sim = Sim::new(0);
        sim.session = Session::new(World::mirror(), Mode::Interactive);
        sim.journaling = false;
        sim.paused = true;
        sim.reset = true;
        sim
    }

    /// Echoes and runs a line, handing back its output rather than printing it: live mode
    /// prints it once the server has taken the command's writes.
    pub fn run_held(&mut self, line: &str) -> Output {
        if self.session.watching() {
            self.stop_pending();
        }
        self.run_held_echo(line);
        self.session.run(line)
    }

    /// Runs `line` with kubectl's requests answered by live mode's server (`api::replay`),
    /// without echoing it: a line waiting on an answer runs again when it comes.
    pub fn run_remote(&mut self, line: &str, replay: Replay) -> (Output, Replay) {
        if self.session.watching() {
            self.stop_pending();
        }
        self.session.run_remote(line, replay)
    }

    /// Echoes a line into the log and history without running it (live mode answers it
    /// itself: a refusal, or the server's log).
    pub fn run_held_echo(&mut self, line: &str) {
        let trimmed = line.trim();
        Rc::make_mut(&mut self.history).push(trimmed.to_string());
        Rc::make_mut(&mut self.log).push(LogLine::input(trimmed));
    }

    /// Prints an output held by `run_held`.
    pub fn print(&mut self, out: &Output) {
        self.push_output(out);
    }

    /// The mirror's world, for live mode to update.
    pub fn world_mut(&mut self) -> &mut World {
        &mut self.session.world
    }

    /// Prints what a pending watch or wait printed as the mirror changed.
    pub fn poll_live(&mut self) {
        self.poll_watch();
    }
}
