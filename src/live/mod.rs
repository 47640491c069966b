//! Live mode's connection, without a DOM: which requests to make, and what each answer does
//! to the mirror. It lists then watches each kind (client-go's reflector: list, watch from the
//! list's resourceVersion, resume from the last version seen, re-list on "410 Gone", back off
//! after failures), streams the loops' decisions where the server has them, and reports the
//! connection's state. `net.rs` only carries its `Request`s out and brings `LiveMsg`s back;
//! `page/live.rs` hooks it into the page.

pub mod commands;
pub mod net;
pub mod resources;
#[cfg(test)]
mod tests;
pub mod wire;
pub mod writes;

use std::collections::VecDeque;
use std::fmt;

use kubeloop::api::decisions;
use kubeloop::model::Kind;
use kubeloop::world::mirror;
use kubeloop::world::World;

use resources::KINDS;
use wire::WatchLine;
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

    /// Applies an answer to the mirror and says what to request next.
    pub fn on(&mut self, world: &mut World, msg: LiveMsg) -> Vec<Request> {
        match msg {
            LiveMsg::Version { gen, result } if gen == self.gen => self.on_version(result),
            LiveMsg::Listed { tag, result } if self.wants(&tag) => {
                let kind = tag.kind.expect("only kinds are listed");
                self.on_listed(world, kind, result)
            }
            LiveMsg::Lines { tag, lines } if self.wants(&tag) => {
                self.on_lines(world, tag.kind, lines)
            }
            LiveMsg::Ended { tag, failure } if self.wants(&tag) => self.on_ended(tag.kind, failure),
            _ => Vec::new(),
        }
    }

    fn on_version(&mut self, result: Result<String, String>) -> Vec<Request> {
        match result {
            Ok(version) => {
                self.server = Some(version);
                let mut out: Vec<Request> = KINDS.iter().map(|k| self.list(*k, 0)).collect();
                out.push(self.watch(None, 0));
                out
            }
            Err(why) => {
                self.conn = Conn::Error(format!(
                    "{why} (asking /version: is there a Kubernetes API at this origin?)"
                ));
                Vec::new()
            }
        }
    }

    fn on_listed(
        &mut self,
        world: &mut World,
        kind: Kind,
        result: Result<String, String>,
    ) -> Vec<Request> {
        let listed = result.and_then(|body| wire::list(&body));
        let (rv, items) = match listed {
            Ok(listed) => listed,
            Err(why) => return self.retry(Some(kind), why, true),
        };
        let objects = items.into_iter().filter_map(|item| self.decode(kind, item)).collect();
        world.mirror_replace(kind, namespace_of(kind), objects);
        let s = self.stream_mut(Some(kind)).expect("a mirrored kind");
        s.rv = Some(rv);
        s.failures = 0;
        self.update_conn();
        if resources::is_long(kind) {
            vec![self.watch(Some(kind), 0)]
        } else {
            self.lane.push_back(kind);
            self.next_turn(0).into_iter().collect()
        }
    }

    fn decode(&mut self, kind: Kind, v: serde_json::Value) -> Option<kubeloop::model::Object> {
        match mirror::decode(kind, v) {
            Ok(d) => {
                self.dropped_fields += d.dropped.len() as u64;
                Some(d.object)
            }
            Err(_) => {
                self.unreadable += 1;
                None
            }
        }
    }

    fn on_lines(
        &mut self,
        world: &mut World,
        kind: Option<Kind>,
        lines: Vec<String>,
    ) -> Vec<Request> {
        let Some(kind) = kind else {
            self.on_decision_lines(world, lines);
            return Vec::new();
        };
        // Any answer (the network side sends an empty one when a watch opens) means this
        // stream is back.
        self.stream_mut(Some(kind)).expect("a mirrored kind").failures = 0;
        self.update_conn();
        for line in lines.iter().filter(|l| !l.trim().is_empty()) {
            let Some(event) = wire::watch_line(line) else {
                self.unreadable += 1;
                continue;
            };
            let rv = match &event {
                WatchLine::Added(o) | WatchLine::Modified(o) | WatchLine::Deleted(o) => {
                    wire::resource_version(o).map(String::from)
                }
                WatchLine::Bookmark(rv) => Some(rv.clone()),
                WatchLine::Error { .. } => None,
            };
            match event {
                WatchLine::Added(o) | WatchLine::Modified(o) => {
                    if let Some(obj) = self.decode(kind, o) {
                        world.mirror_put(obj);
                    }
                }
                WatchLine::Deleted(o) => {
                    if let Some((ns, name)) = wire::key(&o) {
                        world.mirror_remove(kind, ns, name);
                    }
                }
                WatchLine::Bookmark(_) => {}
                // "410 Gone": the version is too old to resume from; list again.
                WatchLine::Error { code: 410, .. } => {
                    self.stream_mut(Some(kind)).expect("a mirrored kind").rv = None;
                    if !resources::is_long(kind) {
                        self.lane_busy = false;
                    }
                    let mut out = vec![self.list(kind, 0)];
                    out.extend(self.next_turn(0));
                    return out;
                }
                WatchLine::Error { message, .. } => return self.retry(Some(kind), message, false),
            }
            let s = self.stream_mut(Some(kind)).expect("a mirrored kind");
            s.rv = rv.or(s.rv.take());
            s.failures = 0;
        }
        self.update_conn();
        Vec::new()
    }

    fn on_decision_lines(&mut self, world: &mut World, lines: Vec<String>) {
        self.decisions = DecisionsFeed::Streaming;
        for line in &lines {
            let Some(WatchLine::Added(o) | WatchLine::Modified(o)) = wire::watch_line(line) else {
                continue;
            };
            if let Some((decision, seq)) = decisions::from_json(&o) {
                world.decisions.push(decision);
                self.decision_stream.rv = Some(seq.to_string());
            }
        }
        self.decision_stream.failures = 0;
    }

    fn on_ended(
        &mut self,
        kind: Option<Kind>,
        failure: Option<(Option<u16>, String)>,
    ) -> Vec<Request> {
        let shared = kind.is_some_and(|k| !resources::is_long(k));
        match failure {
            // The decisions endpoint is kubeloop's own: a real cluster answers 404.
            Some((Some(404), _)) if kind.is_none() => {
                self.decisions = DecisionsFeed::Absent;
                Vec::new()
            }
            Some((_, why)) => self.retry(kind, why, false),
            // A watch the server (or the lane's turn) ended: resume at once from where it was.
            None if shared => {
                self.lane_busy = false;
                self.lane.push_back(kind.expect("shared lane kinds"));
                self.next_turn(0).into_iter().collect()
            }
            None => vec![self.watch(kind, 0)],
        }
    }

    /// A failed list or watch: say so, and try again after a doubling back-off.
    fn retry(&mut self, kind: Option<Kind>, why: String, relist: bool) -> Vec<Request> {
        let s = self.stream_mut(kind).expect("a mirrored kind");
        s.failures += 1;
        let delay = backoff(s.failures);
        if kind.is_some() {
            self.conn = Conn::Reconnecting(why);
        }
        match kind {
            Some(k) if relist => vec![self.list(k, delay)],
            Some(k) if !resources::is_long(k) => {
                self.lane_busy = false;
                self.lane.push_back(k);
                self.next_turn(delay).into_iter().collect()
            }
            _ => vec![self.watch(kind, delay)],
        }
    }

    /// Live once every kind is listed and no stream is failing.
    fn update_conn(&mut self) {
        if matches!(self.conn, Conn::Error(_)) {
            return;
        }
        if self.streams.iter().all(|s| s.rv.is_some() && s.failures == 0) {
            self.conn = Conn::Live;
        } else if !self.streams.iter().any(|s| s.failures > 0) {
            // Still listing for the first time.
            if self.conn != Conn::Live {
                self.conn = Conn::Connecting;
            }
        }
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
