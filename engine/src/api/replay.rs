//! A transport for a server that answers later: the browser's live mode, where each request
//! is a `fetch` that resolves on its own time while kubectl's verbs are plain functions.
//!
//! A command runs against the answers gathered so far, in order. At the first request with
//! no answer yet, the transport notes it and answers `Pending` (kubectl's output of that run
//! is thrown away); the caller sends the request, adds its answer, and runs the command
//! again from the start. A verb is a function of its arguments and its answers, so each run
//! repeats the requests before, in the same order, and gets the same answers back: every
//! request reaches the server once, in kubectl's order.

use serde_json::json;

use super::client::{Answer, Api, Call, Verb};

/// Answers gathered for one command line, and the request it waits on.
#[derive(Clone, Debug, Default)]
pub struct Replay {
    answers: Vec<(Call, Answer)>,
    next: usize,
    wanted: Option<Call>,
}

impl Replay {
    /// Starts a run: answers are handed out again from the first.
    pub fn rewind(&mut self) {
        self.next = 0;
        self.wanted = None;
    }

    /// The request the last run stopped at, if it did.
    pub fn wanted(&self) -> Option<&Call> {
        self.wanted.as_ref()
    }

    /// The answer to the request the last run stopped at.
    pub fn answer(&mut self, answer: Answer) {
        if let Some(call) = self.wanted.take() {
            self.answers.push((call, answer));
        }
    }

    /// How many requests have been answered.
    pub fn answered(&self) -> usize {
        self.answers.len()
    }
}

/// The code a request still waiting is answered with. Not an HTTP status: no server sends
/// it, and the run that sees it is thrown away.
pub const PENDING: u16 = 0;

impl Api for Replay {
    fn send(&mut self, call: &Call) -> Answer {
        // A watch is a stream that stays open; a fetch that resolves once cannot carry it.
        // Refused here, before it is asked, so a wait falls back to listing at each poll.
        if call.verb == Verb::Watch {
            return Answer {
                code: 405,
                body: json!({"kind": "Status", "status": "Failure", "reason": "MethodNotAllowed",
                    "code": 405, "message": "kubeloop: live mode does not hold watches open"}),
                warnings: Vec::new(),
            };
        }
        if self.wanted.is_none() {
            if let Some((asked, answer)) = self.answers.get(self.next) {
                self.next += 1;
                if asked == call {
                    return answer.clone();
                }
                // A run that asks differently from the last one: kubectl's requests depend
                // only on its answers, so this is a bug; say so rather than mix answers.
                return Answer {
                    code: 500,
                    body: json!({"kind": "Status", "status": "Failure", "reason": "InternalError",
                        "message": "kubeloop: a command asked a different request when run again"}),
                    warnings: Vec::new(),
                };
            }
            self.wanted = Some(call.clone());
        }
        Answer {
            code: PENDING,
            body: json!({"kind": "Status", "status": "Failure", "reason": "Pending",
                "message": "the answer is on its way"}),
            warnings: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::client;
    use crate::model::Kind;
    use crate::world::World;

    /// Runs "read two nodes" against a replay the way the page does, answering from a world.
    #[test]
    fn each_request_is_asked_once_and_the_last_run_reads_every_answer() {
        let mut server = World::new(1);
        let mut replay = Replay::default();
        let mut sent = 0;
        let names = loop {
            replay.rewind();
            let first = client::get(&mut replay, Kind::Node, "", "node-1");
            let second = client::get(&mut replay, Kind::Node, "", "node-2");
            match replay.wanted().cloned() {
                Some(call) => {
                    sent += 1;
                    replay.answer(server.send(&call));
                }
                None => break [first.unwrap(), second.unwrap()].map(|n| n.meta().name.clone()),
            }
        };
        assert_eq!(sent, 2);
        assert_eq!(names, ["node-1".to_string(), "node-2".to_string()]);
        assert_eq!(replay.answered(), 2);
    }

    #[test]
    fn a_run_that_asks_differently_fails_instead_of_reading_another_answer() {
        let mut server = World::new(1);
        let mut replay = Replay::default();
        let _ = client::get(&mut replay, Kind::Node, "", "node-1");
        let call = replay.wanted().cloned().unwrap();
        replay.answer(server.send(&call));
        replay.rewind();
        let err = client::get(&mut replay, Kind::Node, "", "node-2").unwrap_err();
        assert_eq!(err.code, 500);
        assert!(err.message.contains("different request"), "{err}");
    }
}
