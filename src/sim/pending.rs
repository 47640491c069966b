//! The page's side of a pending watch or wait: polling it as ticks run, Ctrl+C (journaled),
//! and what the command box shows. The engine's `kubectl/waiting.rs` holds the operation.

use std::rc::Rc;

use kubeloop::kubectl::Waiting;

use super::{LineKind, LogLine, Sim};
use crate::journal::Input;

impl Sim {
    /// Ctrl+C or the Stop button: ends a pending watch or wait (journaled, so a replay ends
    /// it at the same moment). Nothing happens when nothing is pending.
    pub fn interrupt(&mut self) {
        if !self.session.watching() {
            return;
        }
        self.record(Input::Interrupt);
        self.stop_pending();
    }

    /// `interrupt`, under the name the page calls.
    pub fn stop_watch(&mut self) {
        self.interrupt();
    }

    /// What the command box shows while a watch streams or a command waits.
    pub fn waiting(&self) -> Option<Waiting> {
        self.session.waiting()
    }

    /// Prints `^C` after what the watch had left to print, then what the rest of its line
    /// printed.
    pub(super) fn stop_pending(&mut self) {
        self.poll_watch();
        Rc::make_mut(&mut self.log).push(LogLine { text: "^C".into(), kind: LineKind::Input });
        let out = self.session.interrupt();
        self.push_output(&out);
    }

    /// Prints what a pending watch or wait printed since the last poll; when it ended, the
    /// rest of its line ran too. Called after every whole tick, live and in replays.
    pub(super) fn poll_watch(&mut self) {
        if self.session.watching() {
            let out = self.session.poll_watch();
            self.push_output(&out);
        }
    }
}
