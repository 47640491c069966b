//! What `kubeloop mission check FILE` proves of a mission before a class sees it: its setup
//! keeps its limits, its worked solution passes, and doing nothing fails. The same proof the
//! built-in missions' tests make, for a teacher's own file in their own CI.

use super::{run, Mission, Verdict};

/// The three runs and what each found.
#[derive(Clone, Debug, PartialEq)]
pub struct Audit {
    /// Why the setup stopped early, if it did.
    pub setup: Result<(), String>,
    /// The worked solution, run after the setup.
    pub solved: Verdict,
    /// Nothing at all, run after the setup.
    pub idle: Verdict,
}

impl Audit {
    pub fn ok(&self) -> bool {
        self.setup.is_ok() && self.solved.passed && !self.idle.passed
    }

    /// `ok` or `FAIL` with the mission's name, then one line per fault, each with its reason.
    pub fn report(&self, mission: &Mission) -> String {
        if self.ok() {
            return format!(
                "ok   {}: the solution passes all {} checks; doing nothing fails\n",
                mission.name,
                mission.checks.len()
            );
        }
        let mut out = format!("FAIL {}: {}\n", mission.name, mission.title);
        if let Err(e) = &self.setup {
            out.push_str(&format!("  setup: {e}\n"));
        }
        if !self.solved.passed {
            out.push_str("  the worked solution does not pass:\n");
            for r in self.solved.results.iter().filter(|r| !r.ok) {
                out.push_str(&format!("    [ ] {}\n", r.line()));
            }
        }
        if self.idle.passed {
            out.push_str(
                "  doing nothing passes: every check already holds when the setup ends, so the \
                 mission proves nothing\n",
            );
        }
        out
    }
}

/// Runs the mission's solution and an empty script, each on a fresh cluster from `seed`.
pub fn audit(mission: &Mission, seed: u64) -> Audit {
    let mut probe =
        crate::session::Session::new(crate::world::World::new(seed), crate::kubectl::Mode::Script);
    let setup = super::start(mission, &mut probe);
    Audit { setup, solved: run(mission, &mission.solution, seed).0, idle: run(mission, "", seed).0 }
}
