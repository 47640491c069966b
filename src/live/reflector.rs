//! What each answer from the server does: the reflector's side of `Live` (client-go
//! tools/cache/reflector.go `ListAndWatch`, `watchHandler`): a list replaces the kind in the
//! mirror and starts its watch, watch lines put and remove objects, a "410 Gone" lists again,
//! and a failure is retried after a back-off while the status line says why.

use kubeloop::api::decisions;
use kubeloop::model::{Kind, Object};
use kubeloop::world::mirror;
use kubeloop::world::World;

use super::wire::{self, WatchLine};
use super::{backoff, namespace_of, resources, Conn, DecisionsFeed, Live, LiveMsg, Request, KINDS};

impl Live {
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

    fn decode(&mut self, kind: Kind, v: serde_json::Value) -> Option<Object> {
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
