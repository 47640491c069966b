//! The sandbox's terminal: the built-in cluster and the kubectl shell that talks to it.
//! kubectl (`kubectl/`) knows a cluster only as `kubectl::Cluster`, the API plus a clock;
//! this is where the world is put behind it (`host.rs`), with the sandbox's time commands,
//! which act on the world itself rather than through the API.

#[cfg(test)]
mod describe_tests;
mod export;
mod host;

pub use export::{export_yaml, link_yaml, yaml_linked};

use crate::api::client::Api;
use crate::api::replay::Replay;
use crate::clock::Time;
use crate::kubectl::{Kubectl, Mode, Output, Shell};
use crate::world::World;

#[cfg(kubeloop_split)]
type Edit = fn(&mut Kubectl<'_>, &str, &str) -> Output;

#[cfg(kubeloop_split)]
static EDIT: std::sync::OnceLock<Edit> = std::sync::OnceLock::new();

/// Makes `Session::edit` runnable: called from the code that ships with the course part.
pub(crate) fn link_edit() {
    #[cfg(kubeloop_split)]
    let _ = EDIT.set(crate::kubectl::edit as Edit);
}

/// A kubectl shell over the built-in cluster, which it owns.
pub struct Session {
    pub world: World,
    shell: Shell,
}

impl Session {
    pub fn new(world: World, mode: Mode) -> Self {
        Session { world, shell: Shell::new(mode) }
    }

    /// A script session over a fresh built-in cluster seeded with `seed` (its three nodes).
    pub fn script(seed: u64) -> Self {
        Session::new(World::new(seed), Mode::Script)
    }

    /// kubectl, lent the world for one call.
    pub fn kubectl(&mut self) -> Kubectl<'_> {
        Kubectl::new(&mut self.world, &mut self.shell)
    }

    /// Runs one input (a line, or several lines with heredocs) and returns what it printed.
    pub fn run(&mut self, input: &str) -> Output {
        self.kubectl().run(input)
    }

    /// Runs `input` against live mode's server (`Kubectl::run_remote`).
    pub fn run_remote(&mut self, input: &str, remote: Replay) -> (Output, Replay) {
        self.kubectl().run_remote(input, remote)
    }

    /// Saves the page's YAML editor's text (`kubectl edit`'s second half).
    pub fn edit(&mut self, text: &str, namespace: &str) -> Output {
        // The edit's patch (a strategic merge diff of the file against the object) ships with
        // the course part in the page's split build: the page holds a save until it is here.
        #[cfg(kubeloop_split)]
        return match EDIT.get() {
            Some(edit) => edit(&mut self.kubectl(), text, namespace),
            None => {
                let mut out = Output::default();
                out.err(format!(
                    "error: saving an edit needs {}, which has not been fetched yet\n",
                    crate::parts::Part::Course.describe()
                ));
                out.status = 1;
                out
            }
        };
        #[cfg(not(kubeloop_split))]
        crate::kubectl::edit(&mut self.kubectl(), text, namespace)
    }

    /// The built-in cluster as an API server, in process.
    pub fn api(&mut self) -> &mut dyn Api {
        &mut self.world
    }

    pub fn now(&self) -> Time {
        self.world.now()
    }

    /// One tick of the built-in cluster's clock, as the page's timer moves it; a pending
    /// watch or wait is then polled with `poll_watch`.
    pub fn step(&mut self) {
        self.world.step();
    }

    /// Output of the pending watch or wait since the last poll; call after every world step.
    pub fn poll_watch(&mut self) -> Output {
        self.kubectl().poll_watch()
    }

    /// Ctrl+C on the pending watch or wait.
    pub fn interrupt(&mut self) -> Output {
        self.kubectl().interrupt()
    }

    /// `interrupt`, under the name the page and the fuzz harness have used for watches.
    pub fn stop_watch(&mut self) -> Output {
        self.interrupt()
    }
}

/// The shell's state reads through: `mode`, `waiting()`, `watching()`, the explain docs.
impl std::ops::Deref for Session {
    type Target = Shell;
    fn deref(&self) -> &Shell {
        &self.shell
    }
}

impl std::ops::DerefMut for Session {
    fn deref_mut(&mut self) -> &mut Shell {
        &mut self.shell
    }
}
