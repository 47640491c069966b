//! kubectl as typed into the command box: a small shell, kubectl's verbs and flags, the
//! sandbox's own commands, and printers that match real kubectl to the column.
//!
//! Parsing is pure (`shell`, `args`); execution goes through `Session`, which owns the world.
//! Nothing here draws anything: the page and the `kubeloop` binary show `Output` as text.

mod annotate;
mod apply;
pub mod args;
pub(crate) mod autoscale;
mod cluster;
pub mod complete;
mod complete_flags;
mod create_job;
mod create_service;
mod delete;
mod delete_wait;
mod describe;
mod diff;
mod discovery;
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
use crate::store::ApiError;
use crate::world::World;

pub use apply::edit;
pub use cluster::Cluster;
pub use complete_flags::flags_of;
#[cfg(not(target_arch = "wasm32"))]
pub use explain::bundled as bundled_explain_docs;
pub use explain::{mentions_explain, ExplainDocs};
pub use sandbox::parse_duration;
pub use waiting::Waiting;
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
    /// The API server refused: printed as the server's message.
    Api(ApiError),
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
            KubectlError::Api(e) => write!(f, "{e}"),
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

impl From<ApiError> for KubectlError {
    fn from(e: ApiError) -> Self {
        KubectlError::Api(e)
    }
}

/// The longest input line accepted, so a huge paste is refused rather than parsed.
pub const MAX_INPUT_BYTES: usize = 1 << 20;

/// A shell session: the world plus what it is waiting on, if anything.
pub struct Session {
    pub world: World,
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
    /// rather than to the world (`api::replay`).
    remote: Option<Replay>,
}

impl Session {
    pub fn new(world: World, mode: Mode) -> Self {
        Session {
            world,
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

    /// A script session over a fresh built-in cluster seeded with `seed` (its three nodes).
    pub fn script(seed: u64) -> Self {
        Session::new(World::new(seed), Mode::Script)
    }

    /// kubectl's clock: the built-in cluster's simulated time (in live mode, the wall clock
    /// the page sets), from which describe and the printers count ages.
    pub fn now(&self) -> crate::clock::Time {
        self.world.now()
    }

    /// Lets one tick of simulated time pass while a command polls the API in a script (drain
    /// waiting for its evicted pods to go, `replace --force` for its deletions).
    pub(crate) fn step(&mut self) {
        self.world.step();
    }

    /// The API server this session's kubectl talks to: the built-in cluster, in process.
    pub fn api(&mut self) -> &mut dyn Api {
        match self.remote.as_mut() {
            Some(remote) => remote,
            None => &mut self.world,
        }
    }

    /// Runs `input` with kubectl's requests answered by `remote` (rewound first), and hands
    /// it back with what it now waits on, if anything: live mode's way to a real server.
    pub fn run_remote(&mut self, input: &str, mut remote: Replay) -> (Output, Replay) {
        remote.rewind();
        self.remote = Some(remote);
        let out = self.run(input);
        let remote = self.remote.take().unwrap_or_default();
        (out, remote)
    }

    /// Hands the session the API docs `kubectl explain` prints (parsed from
    /// `static/explain.json`); the engine reads no files itself.
    pub fn set_explain_docs(&mut self, docs: Arc<ExplainDocs>) {
        self.explain_docs = Some(docs);
    }

    /// Whether running `input` needs the explain docs first: it has a `kubectl explain` in
    /// it and the session has none yet.
    pub fn wants_explain_docs(&self, input: &str) -> bool {
        self.explain_docs.is_none() && mentions_explain(input)
    }
}
