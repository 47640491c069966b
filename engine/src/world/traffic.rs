//! The class's users: a steady stream of requests to every Service, sent through the rules
//! kube-proxy programmed, so a rollout shows who would have noticed. Not a loop: it decides
//! nothing and writes nothing to the store; it only counts what happens to each request.
//!
//! A Service's users arrive once it first has somewhere to send them (kube-proxy has a
//! backend for it), and stay: from then on a request fails when there is no backend, when
//! the pod behind it is gone, or when no running container of it answers on the target port
//! (nothing listens there, the app is still warming up and answers 503, or it has hung), as
//! the image catalogue's programs answer (`kubelet/serving.rs`). Backends take requests in turn,
//! like IPVS's round robin, so replays send each request to the same pod.

use std::collections::{BTreeMap, VecDeque};

use crate::clock::{Time, TICK_MS};
use crate::controllers::kubelet::{image_behaviour, ImageBehaviour};
use crate::controllers::kubeproxy::{Backend, KubeProxy};
use crate::model::{Pod, Service};
use crate::store::{Key, Store};

/// Requests per second each Service gets unless told otherwise.
pub const DEFAULT_RATE: u32 = 10;
/// How many of the latest requests are kept for the page to animate.
const RECENT: usize = 256;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Served,
    /// No endpoint took it: the Service had no backend, or the pod behind one was gone or
    /// not running.
    Failed,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    pub seq: u64,
    pub at: Time,
    pub service: Key,
    /// The pod the request went to, when there was a backend.
    pub pod: Option<String>,
    pub outcome: Outcome,
}

/// Requests served and failed for one Service since its users arrived.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counter {
    pub served: u64,
    pub failed: u64,
}

#[derive(Default)]
pub struct Traffic {
    rates: BTreeMap<Key, u32>,
    /// Per Service: requests owed from fractions of earlier ticks (in thousandths).
    carry: BTreeMap<Key, u64>,
    counters: BTreeMap<Key, Counter>,
    turn: BTreeMap<Key, usize>,
    recent: VecDeque<Request>,
    seq: u64,
}

impl Traffic {
    /// Sets a Service's request rate (0 stops its users).
    pub fn set_rate(&mut self, service: Key, per_second: u32) {
        self.rates.insert(service, per_second);
    }

    pub fn rate(&self, service: &Key) -> u32 {
        self.rates.get(service).copied().unwrap_or(DEFAULT_RATE)
    }

    pub fn counter(&self, service: &Key) -> Option<Counter> {
        self.counters.get(service).copied()
    }

    /// The latest requests, oldest first.
    pub fn recent(&self) -> impl DoubleEndedIterator<Item = &Request> {
        self.recent.iter()
    }

    /// One tick of users.
    pub fn tick(&mut self, store: &Store, proxy: &KubeProxy, now: Time) {
        let services: Vec<Key> = store
            .list::<Service>(None, None)
            .map(|s| Key::new(&s.metadata.namespace, &s.metadata.name))
            .collect();
        self.counters.retain(|k, _| services.contains(k));
        self.carry.retain(|k, _| services.contains(k));
        self.turn.retain(|k, _| services.contains(k));
        for key in services {
            let backends = proxy
                .rules(&key)
                .and_then(|r| r.first())
                .map(|r| r.backends.as_slice())
                .unwrap_or_default();
            if !self.counters.contains_key(&key) && backends.is_empty() {
                continue;
            }
            let rate = self.rate(&key);
            let owed = self.carry.entry(key.clone()).or_default();
            *owed += u64::from(rate) * TICK_MS as u64;
            let n = *owed / 1000;
            *owed %= 1000;
            for _ in 0..n {
                let (pod, outcome) = if backends.is_empty() {
                    (None, Outcome::Failed)
                } else {
                    let turn = self.turn.entry(key.clone()).or_default();
                    let b = &backends[*turn % backends.len()];
                    *turn = (*turn + 1) % backends.len();
                    let ok = b.pod.as_deref().is_some_and(|name| {
                        store.get::<Pod>(&key.ns, name).is_some_and(|p| serves(p, b, now))
                    });
                    (b.pod.clone(), if ok { Outcome::Served } else { Outcome::Failed })
                };
                let c = self.counters.entry(key.clone()).or_default();
                match outcome {
                    Outcome::Served => c.served += 1,
                    Outcome::Failed => c.failed += 1,
                }
                self.seq += 1;
                let seq = self.seq;
                self.recent.push_back(Request { seq, at: now, service: key.clone(), pod, outcome });
                if self.recent.len() > RECENT {
                    self.recent.pop_front();
                }
            }
        }
    }
}

/// Whether the pod behind `b` answers: it still has that IP, and one of its running
/// containers answers on the backend's port.
fn serves(pod: &Pod, b: &Backend, now: Time) -> bool {
    if pod.status.pod_ip.as_deref() != Some(b.ip.as_str()) {
        return false;
    }
    pod.status.container_statuses.iter().any(|c| {
        let Some(started) = c.state.running.as_ref().and_then(|r| r.started_at) else {
            return false;
        };
        match image_behaviour(&c.image) {
            ImageBehaviour::Runs(program) => program.app.answers(b.port, now.since(started)),
            _ => false,
        }
    })
}
