//! What happens when a pending watch or wait ends, or Ctrl+C ends it: the rest of its line
//! runs, by its exit status (`;`, `&&`, `||`), and a pipe it fed gets its output. Kept apart
//! from `waiting.rs`, which only holds and polls the operation, so that waiting knows nothing
//! of the runner and the runner's verbs can begin waits.

use super::shell::Joiner;
use super::waiting::Pending;
use super::{run, Kubectl, Output};

impl Kubectl<'_> {
    /// Output since the last poll. Call after every world step: when the operation ends here,
    /// the rest of its line runs now and may write to the world, so polling at the same steps
    /// is what makes a replayed session the same.
    pub fn poll_watch(&mut self) -> Output {
        let mut out = Output::default();
        let Some(mut p) = self.pending.take() else { return out };
        let mut printed = Output::default();
        let now = self.now();
        let ended = p.op.poll(self.api(), now, &mut printed);
        match p.pipe.as_mut() {
            Some(pipe) => pipe.take(printed, &mut out),
            None => out.append(printed),
        }
        match ended {
            Some(mut status) => {
                if let Some(pipe) = p.pipe.take() {
                    // The pipeline's status is its last command's, as a shell's without
                    // `pipefail`.
                    run::run_pipeline(self, &pipe.tail, Some(pipe.stdout), &mut out);
                    status = out.status;
                    // Its last command may wait in turn; the rest of the line waits for it.
                    if let Some(op) = self.take_started() {
                        self.line = p.command;
                        self.hold(op, p.joiner, p.rest);
                        return out;
                    }
                }
                self.continue_after(p, status, &mut out)
            }
            None => self.pending = Some(p),
        }
        out
    }

    /// Ctrl+C: ends the pending operation with kubectl's interrupt status (1), then runs the
    /// rest of the line by that status. The page prints `^C` before this output.
    pub fn interrupt(&mut self) -> Output {
        let mut out = Output::default();
        if let Some(mut p) = self.pending.take() {
            let now = self.now();
            p.op.interrupt(self.api(), now, &mut out);
            // Ctrl+C reaches every process of a pipeline: the commands it feeds die too, and
            // a shell whose last child died of SIGINT abandons the rest of the line.
            if p.pipe.is_some() {
                out.status = 130;
                return out;
            }
            self.continue_after(p, 1, &mut out);
        }
        out
    }

    /// `interrupt`, under the name the page and the fuzz harness have used for watches.
    pub fn stop_watch(&mut self) -> Output {
        self.interrupt()
    }

    fn continue_after(&mut self, p: Pending, status: i32, out: &mut Output) {
        out.status = status;
        let skip_first = match p.joiner {
            Joiner::Seq => false,
            Joiner::And => status != 0,
            Joiner::Or => status == 0,
        };
        if !p.rest.items.is_empty() {
            self.line = p.command;
            run::run_script_from(self, &p.rest, skip_first, out);
        }
    }
}
