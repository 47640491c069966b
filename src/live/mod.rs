//! Live mode's connection, without a DOM: which requests to make, and what each answer does
//! to the mirror. It lists then watches each kind (client-go's reflector: list, watch from the
//! list's resourceVersion, resume from the last version seen, re-list on "410 Gone", back off
//! after failures), streams the loops' decisions where the server has them, and reports the
//! connection's state. `net.rs` only carries its `Request`s out and brings `LiveMsg`s back;
//! `page/live.rs` hooks it into the page.

pub mod commands;
pub mod net;
mod reflector;
pub mod resources;
#[cfg(test)]
mod served_tests;
#[cfg(test)]
mod tests;
pub mod wire;
pub mod writes;

use std::collections::VecDeque;
use std::fmt;

use kubeloop::api::decisions;
use kubeloop::model::Kind;

use resources::KINDS;
use writes::Call;

/// The namespace live mode shows, as the built-in cluster's `default`.
pub const NAMESPACE: &str = "default";
/// The longest wait between reconnection attempts.
const MAX_BACKOFF_MS: u32 = 30_000;
/// How long a turn on the shared lane lasts: the server ends the watch after
/// `LANE_TIMEOUT_S`, and the page gives up on it a little later in case it does not.
pub const LANE_TIMEOUT_S: u32 = 1;
pub const LANE_ABORT_MS: u32 = 2_500;

/// What the status line says about the connection.
#[derive(Clone, Debug, PartialEq)]
pub enum Conn {
    Connecting,
    Live,
    /// A stream failed and is being retried; why.
    Reconnecting(String),
    /// No API here (or it refused us): the Status message, and nothing more is tried.
    Error(String),
}

impl fmt::Display for Conn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Conn::Connecting => f.write_str("connecting"),
            Conn::Live => f.write_str("live"),
            Conn::Reconnecting(why) => write!(f, "reconnecting ({why})"),
            // Already in kubectl's words (`Error from server (...)`, `error: ...`).
            Conn::Error(why) => f.write_str(why),
        }
    }
}

/// Whether the server streams the loops' decisions (`kubeloop serve` does, a real cluster
/// has no such endpoint).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecisionsFeed {
    Unknown,
    Streaming,
    Absent,
}

/// Which stream a request or an answer belongs to: the connection (`gen`), the kind (`None`
/// for the decisions), and the stream's attempt (`epoch`), so an answer to a request the
/// page has since replaced is dropped, and the network side stops reading it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tag {
    pub gen: u64,
    pub kind: Option<Kind>,
    pub epoch: u64,
}

/// A request for the network side to make.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    Version {
        gen: u64,
    },
    /// A list, after `delay_ms` (a retry's back-off).
    List {
        tag: Tag,
        path: String,
        delay_ms: u32,
    },
    /// A watch (or the decisions stream): read it line by line after `delay_ms`; the page
    /// ends it itself after `abort_after_ms`, if set.
    Watch {
        tag: Tag,
        path: String,
        delay_ms: u32,
        abort_after_ms: Option<u32>,
    },
    /// A command's writes, sent one after another.
    Write {
        gen: u64,
        id: u64,
        calls: Vec<Call>,
    },
    /// One request of a command's kubectl, sent as kubectl sends it (`api::replay`).
    Ask {
        gen: u64,
        id: u64,
        call: kubeloop::api::client::Call,
    },
    /// `kubectl logs`: the log subresource's text.
    Log {
        gen: u64,
        path: String,
    },
}

/// What came back.
#[derive(Clone, Debug, PartialEq)]
pub enum LiveMsg {
    Version {
        gen: u64,
        result: Result<String, String>,
    },
    /// A list's body, or the failure as kubectl words it.
    Listed {
        tag: Tag,
        result: Result<String, String>,
    },
    /// Whole lines read from a watch.
    Lines {
        tag: Tag,
        lines: Vec<String>,
    },
    /// A watch ended: cleanly (`None`), or with a failure and its HTTP status if any.
    Ended {
        tag: Tag,
        failure: Option<(Option<u16>, String)>,
    },
    /// A command's writes answered: the errors, in kubectl's words.
    Wrote {
        gen: u64,
        id: u64,
        errors: Vec<String>,
    },
    /// The server's answer to a command's request.
    Answered {
        gen: u64,
        id: u64,
        answer: kubeloop::api::client::Answer,
    },
    /// A log fetched, or the failure in kubectl's words.
    Logged {
        gen: u64,
        result: Result<String, String>,
    },
}

#[derive(Clone, Debug, Default)]
struct Stream {
    rv: Option<String>,
    epoch: u64,
    failures: u32,
}

/// A live connection's state.
pub struct Live {
    pub conn: Conn,
    /// `/version`'s gitVersion.
    pub server: Option<String>,
    pub decisions: DecisionsFeed,
    /// Objects that could not be read at all, and fields dropped to read the rest.
    pub unreadable: u64,
    pub dropped_fields: u64,
    gen: u64,
    streams: Vec<Stream>,
    decision_stream: Stream,
    /// Listed kinds waiting for their turn on the shared lane, and whether it is busy.
    lane: VecDeque<Kind>,
    lane_busy: bool,
    next_write: u64,
}

impl Live {
    /// A connection numbered `gen`, and its first requests: the version, then every list.
    pub fn start(gen: u64) -> (Live, Vec<Request>) {
        let live = Live {
            conn: Conn::Connecting,
            server: None,
            decisions: DecisionsFeed::Unknown,
            unreadable: 0,
            dropped_fields: 0,
            gen,
            streams: vec![Stream::default(); KINDS.len()],
            decision_stream: Stream::default(),
            lane: VecDeque::new(),
            lane_busy: false,
            next_write: 0,
        };
        (live, vec![Request::Version { gen }])
    }

    pub fn gen(&self) -> u64 {
        self.gen
    }

    /// Whether an answer for `tag` is still wanted (else the network side stops reading).
    pub fn wants(&self, tag: &Tag) -> bool {
        tag.gen == self.gen && self.stream(tag.kind).is_some_and(|s| s.epoch == tag.epoch)
    }

    /// One request of a command, numbered so its answer finds the command.
    pub fn ask(&mut self, call: kubeloop::api::client::Call) -> (u64, Request) {
        self.next_write += 1;
        (self.next_write, Request::Ask { gen: self.gen, id: self.next_write, call })
    }

    /// A command's writes, numbered so their answer finds the command's output.
    pub fn write(&mut self, calls: Vec<Call>) -> (u64, Request) {
        self.next_write += 1;
        (self.next_write, Request::Write { gen: self.gen, id: self.next_write, calls })
    }

    fn stream(&self, kind: Option<Kind>) -> Option<&Stream> {
        match kind {
            None => Some(&self.decision_stream),
            Some(k) => KINDS.iter().position(|x| *x == k).map(|i| &self.streams[i]),
        }
    }

    fn stream_mut(&mut self, kind: Option<Kind>) -> Option<&mut Stream> {
        match kind {
            None => Some(&mut self.decision_stream),
            Some(k) => KINDS.iter().position(|x| *x == k).map(|i| &mut self.streams[i]),
        }
    }

    /// A new attempt on `kind`'s stream: answers to the previous one are dropped from now on.
    fn next_tag(&mut self, kind: Option<Kind>) -> Tag {
        let gen = self.gen;
        let s = self.stream_mut(kind).expect("a mirrored kind");
        s.epoch += 1;
        Tag { gen, kind, epoch: s.epoch }
    }

    fn list(&mut self, kind: Kind, delay_ms: u32) -> Request {
        let tag = self.next_tag(Some(kind));
        Request::List { tag, path: resources::collection(kind, NAMESPACE), delay_ms }
    }

    /// The next watch on `kind`, from the last version seen, after `delay_ms`.
    fn watch(&mut self, kind: Option<Kind>, delay_ms: u32) -> Request {
        let tag = self.next_tag(kind);
        let rv = self.stream(kind).and_then(|s| s.rv.clone()).unwrap_or_else(|| "0".into());
        match kind {
            None => Request::Watch {
                tag,
                path: format!("{}?watch=1&resourceVersion={rv}", decisions::PATH),
                delay_ms,
                abort_after_ms: None,
            },
            Some(k) if resources::is_long(k) => Request::Watch {
                tag,
                path: resources::watch(k, NAMESPACE, &rv, None),
                delay_ms,
                abort_after_ms: None,
            },
            Some(k) => Request::Watch {
                tag,
                path: resources::watch(k, NAMESPACE, &rv, Some(LANE_TIMEOUT_S)),
                delay_ms,
                abort_after_ms: Some(LANE_ABORT_MS),
            },
        }
    }

    /// The shared lane's next turn, if it is free and a kind is waiting.
    fn next_turn(&mut self, delay_ms: u32) -> Option<Request> {
        if self.lane_busy {
            return None;
        }
        let kind = self.lane.pop_front()?;
        self.lane_busy = true;
        Some(self.watch(Some(kind), delay_ms))
    }
}

/// Whether a page's query (`?live`, `?embed&live`) asks for live mode.
pub fn asks_live(query: &str) -> bool {
    query.trim_start_matches('?').split('&').any(|p| p == "live" || p.starts_with("live="))
}

fn namespace_of(kind: Kind) -> Option<&'static str> {
    kind.namespaced().then_some(NAMESPACE)
}

/// 1 s, 2 s, 4 s, ... up to 30 s.
pub fn backoff(failures: u32) -> u32 {
    1000u32.saturating_mul(1 << failures.saturating_sub(1).min(5)).min(MAX_BACKOFF_MS)
}
