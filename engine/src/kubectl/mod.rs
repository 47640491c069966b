//! kubectl as typed into the command box: a small shell, kubectl's verbs and flags, the
//! sandbox's own commands, and printers that match real kubectl to the column.
//!
//! Parsing is pure (`shell`, `args`); a line runs in a `Kubectl`: the shell's state with the
//! cluster it talks to (`Cluster`: the API and a clock), lent for the call.
//! Nothing here draws anything: the page and the `kubeloop` binary show `Output` as text.

mod annotate;
mod apply;
pub mod args;
pub(crate) mod autoscale;
mod cluster;
pub mod complete;
mod complete_flags;
mod create_account;
mod create_config;
mod create_ingress;
mod create_job;
mod create_pdb;
mod create_priorityclass;
mod create_quota;
mod create_secret;
mod create_service;
mod delete;
mod delete_wait;
mod describe;
mod diff;
mod discovery;
mod drain;
mod dry_run;
mod events;
mod events_view;
mod exec;
mod exec_env;
mod explain;
pub mod export;
mod expose;
pub(crate) mod field_selector;
mod filters;
mod flag_spec;
mod get;
mod get_format;
pub mod gotemplate;
mod help;
pub mod jsonpath;
mod label;
mod list_selector;
mod load;
pub(crate) mod logs;
pub(crate) mod manifest;
mod meta_edit;
mod mutate;
mod nodes;
mod observe;
pub mod parts;
pub(crate) mod patch;
pub mod printers;
pub mod punctuation;
mod replace;
mod resource;
mod resume;
mod rollout;
mod rollout_sets;
mod run;
mod sandbox;
mod sandbox_cluster;
mod scale;
mod set_common;
mod set_env;
mod set_env_from;
mod set_image;
mod set_resources;
pub mod shell;
mod sort_by;
mod top;
mod traffic;
mod verb_help;
pub mod verbs;
mod wait;
mod waiting;
mod watch;
mod watch_poll;

use std::fmt;
use std::sync::Arc;

use crate::api::client::{Api, Refusal};
use crate::api::replay::Replay;

pub use apply::edit;
pub use cluster::Cluster;
pub use complete_flags::flags_of;
#[cfg(not(target_arch = "wasm32"))]
pub use explain::bundled as bundled_explain_docs;
pub use explain::{mentions_explain, ExplainDocs};
pub use sandbox::parse_duration;
pub use waiting::{Waiting, LONGEST_WAIT_MS};
pub use watch::Watch;

/// How watches, waits and time behave. In a script, time moves only through commands: a
/// watch ends when the cluster settles and a waiting command (`delete --wait`, `wait`,
/// `rollout status`) steps the world until it is done. In the page, time flows by itself: a
/// watch or a wait is the session's pending operation, polled as time moves, until it ends
/// or is stopped (`waiting.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Script,
    Interactive,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    Stdout,
    Stderr,
}

/// What a command line printed, in order, and its exit status.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Output {
    pub chunks: Vec<(Stream, String)>,
    pub status: i32,
    /// `clear` was run: the page empties its log.
    pub clear: bool,
}

impl Output {
    pub fn out(&mut self, text: impl Into<String>) {
        self.push(Stream::Stdout, text.into());
    }

    pub fn err(&mut self, text: impl Into<String>) {
        self.push(Stream::Stderr, text.into());
    }

    fn push(&mut self, stream: Stream, text: String) {
        if text.is_empty() {
            return;
        }
        match self.chunks.last_mut() {
            Some((s, t)) if *s == stream => t.push_str(&text),
            _ => self.chunks.push((stream, text)),
        }
    }

    /// Everything as one string, streams interleaved as printed.
    pub fn text(&self) -> String {
        self.chunks.iter().map(|(_, t)| t.as_str()).collect()
    }

    pub fn stdout(&self) -> String {
        self.chunks.iter().filter(|(s, _)| *s == Stream::Stdout).map(|(_, t)| t.as_str()).collect()
    }

    pub fn append(&mut self, other: Output) {
        for (s, t) in other.chunks {
            self.push(s, t);
        }
        self.status = other.status;
        self.clear |= other.clear;
    }
}

/// Errors of this layer, each printed the way kubectl (or a shell) prints it.
#[derive(Clone, Debug, PartialEq)]
pub enum KubectlError {
    /// Bad usage: printed as `error: <msg>`.
    Usage(String),
    /// The API server refused a request kubectl sent: its Status, in kubectl's words.
    Server(Refusal),
    /// Printed exactly as given.
    Plain(String),
    /// `--help`: the verb's usage, printed on stdout with exit status 0, as cobra does.
    Help(String),
}

impl fmt::Display for KubectlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KubectlError::Usage(m) => write!(f, "error: {m}"),
            KubectlError::Server(r) => write!(f, "{r}"),
            KubectlError::Plain(m) | KubectlError::Help(m) => f.write_str(m),
        }
    }
}

impl From<Refusal> for KubectlError {
    fn from(r: Refusal) -> Self {
        KubectlError::Server(r)
    }
}

/// The longest input line accepted, so a huge paste is refused rather than parsed.
pub const MAX_INPUT_BYTES: usize = 1 << 20;

/// What a kubectl shell keeps between lines: how it runs, what it is waiting on, and what it
/// was handed. The cluster it talks to is lent to it for each call (`Kubectl`).
pub struct Shell {
    pub mode: Mode,
    /// A watch `get -w` or `events -w` just began, until the line's runner takes it.
    watch: Option<watch::ActiveWatch>,
    /// A wait a command just began, until the line's runner takes it.
    started: Option<waiting::Op>,
    /// The rest of the pipeline a just-begun wait is piped into.
    started_pipe: Option<waiting::Piped>,
    /// The watch or wait the page polls as time moves (interactive mode only).
    pending: Option<waiting::Pending>,
    /// The input line being run, which a pending operation remembers.
    line: String,
    /// The API docs `kubectl explain` prints, once someone hands them over.
    explain_docs: Option<Arc<ExplainDocs>>,
    /// Smart punctuation was read as plain once already, and the terminal said so.
    punctuation_noted: bool,
    /// Live mode's server, whose answers come later: while set, kubectl's requests go to it
    /// rather than to the cluster (`api::replay`).
    remote: Option<Replay>,
}

impl Shell {
    pub fn new(mode: Mode) -> Self {
        Shell {
            mode,
            watch: None,
            started: None,
            started_pipe: None,
            pending: None,
            line: String::new(),
            explain_docs: None,
            punctuation_noted: false,
            remote: None,
        }
    }

    /// Hands the shell the API docs `kubectl explain` prints (parsed from
    /// `static/explain.json`); the engine reads no files itself.
    pub fn set_explain_docs(&mut self, docs: Arc<ExplainDocs>) {
        self.explain_docs = Some(docs);
    }

    /// Whether running `input` needs the explain docs first: it has a `kubectl explain` in
    /// it and the shell has none yet.
    pub fn wants_explain_docs(&self, input: &str) -> bool {
        self.explain_docs.is_none() && mentions_explain(input)
    }
}

/// kubectl at work: a shell with the cluster it talks to, for the length of a call. Verbs
/// take it; it reads as its `Shell` (`s.mode`) and reaches the cluster only through
/// `api()`, `now()` and, for a script's waits, the cluster's clock.
pub struct Kubectl<'a> {
    cluster: &'a mut dyn Cluster,
    shell: &'a mut Shell,
}

impl std::ops::Deref for Kubectl<'_> {
    type Target = Shell;
    fn deref(&self) -> &Shell {
        self.shell
    }
}

impl std::ops::DerefMut for Kubectl<'_> {
    fn deref_mut(&mut self) -> &mut Shell {
        self.shell
    }
}

impl<'a> Kubectl<'a> {
    pub fn new(cluster: &'a mut dyn Cluster, shell: &'a mut Shell) -> Self {
        Kubectl { cluster, shell }
    }

    /// kubectl's clock: the cluster's time (in live mode, the wall clock the page sets), from
    /// which describe and the printers count ages.
    pub fn now(&self) -> crate::clock::Time {
        self.cluster.now()
    }

    /// The API server this kubectl talks to: live mode's server while a line runs against
    /// it, the cluster otherwise.
    pub fn api(&mut self) -> &mut dyn Api {
        match self.shell.remote.as_mut() {
            Some(remote) => remote,
            None => self.cluster,
        }
    }

    /// Lets one tick of simulated time pass while a command polls the API in a script (drain
    /// waiting for its evicted pods to go, `replace --force` for its deletions).
    pub(crate) fn step(&mut self) {
        self.cluster.step();
    }

    /// The randomness kubectl's own suffixes come from (`Cluster::rng`).
    pub(crate) fn rng(&mut self) -> &mut crate::rng::SimRng {
        self.cluster.rng()
    }

    /// The host's own commands (`Cluster::host`).
    pub(crate) fn host(
        &mut self,
        cmd: &str,
        argv: &[String],
        out: &mut Output,
    ) -> Option<Result<i32, KubectlError>> {
        self.cluster.host(cmd, argv, out)
    }

    /// Whether any loop of the cluster still has work (a script's streams end when none has).
    pub(crate) fn has_work(&mut self) -> bool {
        self.cluster.has_work()
    }

    /// Runs `input` with kubectl's requests answered by `remote` (rewound first), and hands
    /// it back with what it now waits on, if anything: live mode's way to a real server.
    pub fn run_remote(&mut self, input: &str, mut remote: Replay) -> (Output, Replay) {
        remote.rewind();
        self.shell.remote = Some(remote);
        let out = self.run(input);
        let remote = self.shell.remote.take().unwrap_or_default();
        (out, remote)
    }
}
