//! The world on the wall clock, in a thread of its own: the engine's objects are shared
//! within one thread (`Rc`), so every request is a message to this thread, and every watcher
//! lives here too. After each request and each tick, every watcher is handed the new events
//! as bytes; one that cannot keep up or has gone is dropped, as the API server drops a
//! watcher whose buffer is full.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use bytes::Bytes;
use kubeloop::api::{self, Reply, Request, Response, Status, WatchSpec};
use kubeloop::kubectl::{Mode, Stream};
use kubeloop::session::Session;
use kubeloop::world::World;
use tokio::sync::{mpsc as tmpsc, oneshot};

/// A request as it crosses into the engine's thread.
pub struct OwnedRequest {
    pub method: String,
    pub path: String,
    pub query: Vec<(String, String)>,
    pub accept: String,
    pub content_type: String,
    pub user_agent: String,
    pub body: Bytes,
}

/// What the engine answers: a response, or the receiving end of a watch stream.
pub enum Answer {
    Done(Encoded),
    Watch(tmpsc::Receiver<Bytes>),
}

/// A response with its body already encoded. Encoding happens on the engine's thread, where
/// the JSON tree was built, so the tree is also freed there: a list of 1,000 pods is tens of
/// thousands of allocations, and freeing them on an HTTP worker left the process about
/// 15 MiB larger in the benchmark (BENCHMARKS.md, "The API server").
pub struct Encoded {
    pub code: u16,
    pub body: Bytes,
    /// `text/plain` for a pod's log; otherwise `application/json`.
    pub text: bool,
    pub warnings: Vec<String>,
}

impl From<Response> for Encoded {
    fn from(r: Response) -> Encoded {
        let (body, text) = match r.text {
            Some(t) => (Bytes::from(t), true),
            None => (Bytes::from(serde_json::to_vec(&r.body).unwrap_or_default()), false),
        };
        Encoded { code: r.code, body, text, warnings: r.warnings }
    }
}

impl From<Status> for Encoded {
    fn from(s: Status) -> Encoded {
        Response::from(s).into()
    }
}

enum Command {
    Request(OwnedRequest, oneshot::Sender<Answer>),
    Stats(oneshot::Sender<Stats>),
}

/// What the engine thread holds, for the benchmark and tests.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stats {
    pub watchers: usize,
    pub resource_version: u64,
}

/// How the engine runs.
#[derive(Clone, Debug)]
pub struct EngineConfig {
    pub seed: u64,
    /// Simulated seconds per wall-clock second.
    pub speed: f64,
    pub max_watches: usize,
    /// How often a watcher that asked for them gets a BOOKMARK.
    pub bookmark_every: Duration,
    /// Events buffered per watcher before it counts as too slow and is dropped.
    pub watch_buffer: usize,
    /// How many events the store's watch log keeps (the watch cache's window): a watch from
    /// an older resourceVersion is answered 410 Expired. `None` keeps the store's default.
    pub watch_log_capacity: Option<usize>,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            seed: 1,
            speed: 1.0,
            max_watches: 500,
            bookmark_every: Duration::from_secs(10),
            watch_buffer: 4096,
            watch_log_capacity: None,
        }
    }
}

/// A handle on the engine thread; cheap to clone.
#[derive(Clone)]
pub struct Engine {
    tx: mpsc::Sender<Command>,
}

struct Watcher {
    spec: WatchSpec,
    tx: tmpsc::Sender<Bytes>,
    deadline: Option<Instant>,
    next_bookmark: Instant,
}

impl Engine {
    /// Starts the engine thread with a world from `make` (built there, since a world cannot
    /// cross threads).
    pub fn start(config: EngineConfig, make: impl FnOnce(u64) -> World + Send + 'static) -> Engine {
        let (tx, rx) = mpsc::channel();
        thread::Builder::new()
            .name("kubeloop-engine".into())
            .spawn(move || run(make(config.seed), config, rx))
            .expect("the engine thread starts");
        Engine { tx }
    }

    pub async fn call(&self, req: OwnedRequest) -> Answer {
        let (reply, rx) = oneshot::channel();
        if self.tx.send(Command::Request(req, reply)).is_err() {
            return Answer::Done(Status::internal("the engine has stopped").into());
        }
        rx.await.unwrap_or_else(|_| Answer::Done(Status::internal("the engine has stopped").into()))
    }

    pub async fn stats(&self) -> Stats {
        let (reply, rx) = oneshot::channel();
        let _ = self.tx.send(Command::Stats(reply));
        rx.await.unwrap_or_default()
    }
}

/// One watch event as a line of JSON.
fn line(v: &serde_json::Value) -> Bytes {
    let mut text = serde_json::to_vec(v).unwrap_or_default();
    text.push(b'\n');
    Bytes::from(text)
}

/// How far simulated time may run ahead of the wall clock while the loops react to writes.
const REACT_AHEAD_MS: i64 = 1_000;

fn run(mut world: World, config: EngineConfig, rx: mpsc::Receiver<Command>) {
    const TICK_MS: i64 = 100;
    if let Some(capacity) = config.watch_log_capacity {
        world.store.watch.set_capacity(capacity);
    }
    // The command box's session owns the world, so `/apis/kubeloop.dev/v1/commands` runs a
    // line exactly as the page's command box does, on the same objects the API serves.
    let mut session = Session::new(world, Mode::Script);
    let start = Instant::now();
    let sim_start = session.world.now();
    let mut watchers: Vec<Watcher> = Vec::new();
    loop {
        match rx.recv_timeout(Duration::from_millis(TICK_MS as u64 / 2)) {
            Ok(Command::Request(req, reply)) => {
                let write = req.method != "GET";
                let answer = if req.path == COMMANDS_PATH {
                    let answer = command(&mut session, &req);
                    feed(&session.world, &mut watchers, &config);
                    answer
                } else {
                    handle(&mut session.world, &config, &mut watchers, req)
                };
                let _ = reply.send(answer);
                // The loops react to a write at once, as kube-controller-manager's informers
                // do, rather than at the next tick of the wall clock: ticks now while a loop
                // has something due, so a Deployment's ReplicaSet and pods follow it. Not
                // beyond `REACT_AHEAD_MS` of simulated time ahead of the wall clock, so a burst
                // of writes does not run the clock away.
                let world = &mut session.world;
                let target = (start.elapsed().as_secs_f64() * 1000.0 * config.speed) as i64;
                let mut ran = false;
                while write
                    && world.has_work_now()
                    && world.now().since(sim_start) < target + REACT_AHEAD_MS
                {
                    world.step();
                    ran = true;
                }
                if ran {
                    feed(world, &mut watchers, &config);
                }
            }
            Ok(Command::Stats(reply)) => {
                let _ = reply.send(Stats {
                    watchers: watchers.len(),
                    resource_version: session.world.store.resource_version(),
                });
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return,
        }
        // Simulated time follows the wall clock at `speed`, in whole ticks, catching up at
        // most a second of simulated time per turn so requests stay answered.
        let world = &mut session.world;
        let target = (start.elapsed().as_secs_f64() * 1000.0 * config.speed) as i64;
        let behind = target - world.now().since(sim_start);
        if behind >= TICK_MS {
            world.advance((behind - behind % TICK_MS).min(1000));
        }
        feed(world, &mut watchers, &config);
    }
}

/// The extension endpoint that runs a command-box line (`{"command": "kubectl get pods"}`)
/// and answers what the command box would print: `output` (both streams in order, as a
/// terminal shows them), `stdout`, `stderr` and `exitCode`.
pub const COMMANDS_PATH: &str = "/apis/kubeloop.dev/v1/commands";

fn command(session: &mut Session, req: &OwnedRequest) -> Answer {
    if req.method != "POST" {
        return Answer::Done(Status::method_not_allowed().into());
    }
    let line = serde_json::from_slice::<serde_json::Value>(&req.body)
        .ok()
        .and_then(|v| v.get("command").and_then(|c| c.as_str()).map(str::to_string));
    let Some(line) = line else {
        return Answer::Done(Status::bad_request("the body must be {\"command\": \"...\"}").into());
    };
    let out = session.run(&line);
    let text = |stream: Stream| -> String {
        out.chunks.iter().filter(|(s, _)| *s == stream).map(|(_, t)| t.as_str()).collect()
    };
    let terminal: String = out.chunks.iter().map(|(_, t)| t.as_str()).collect();
    Answer::Done(Encoded::from(Response::ok(serde_json::json!({
        "output": terminal,
        "stdout": text(Stream::Stdout),
        "stderr": text(Stream::Stderr),
        "exitCode": out.status,
    }))))
}

fn handle(
    world: &mut World,
    config: &EngineConfig,
    watchers: &mut Vec<Watcher>,
    req: OwnedRequest,
) -> Answer {
    let request = Request {
        method: &req.method,
        path: &req.path,
        query: req.query,
        accept: &req.accept,
        content_type: &req.content_type,
        body: &req.body,
        json: None,
        user_agent: &req.user_agent,
    };
    match api::handle(world, &request) {
        Reply::Done(response) => {
            // Writes reach the watchers before the writer hears back.
            feed(world, watchers, config);
            Answer::Done(response.into())
        }
        Reply::Watch(spec) => {
            watchers.retain(|w| !w.tx.is_closed());
            if watchers.len() >= config.max_watches {
                let message =
                    format!("too many watches: this server allows {} at once", config.max_watches);
                return Answer::Done(Status::too_many_requests(message).into());
            }
            let (tx, rx) = tmpsc::channel(config.watch_buffer);
            let deadline = spec.timeout_seconds.map(|s| Instant::now() + Duration::from_secs(s));
            let next_bookmark = Instant::now() + config.bookmark_every;
            watchers.push(Watcher { spec, tx, deadline, next_bookmark });
            feed(world, watchers, config);
            Answer::Watch(rx)
        }
    }
}

/// Hands every watcher its new events; drops those that ended, went away or fell behind.
fn feed(world: &World, watchers: &mut Vec<Watcher>, config: &EngineConfig) {
    let now = Instant::now();
    watchers.retain_mut(|w| {
        if w.deadline.is_some_and(|d| now >= d) {
            return false;
        }
        let mut events = w.spec.poll(world);
        if now >= w.next_bookmark {
            w.next_bookmark = now + config.bookmark_every;
            events.extend(w.spec.bookmark(world));
        }
        for e in &events {
            if w.tx.try_send(line(e)).is_err() {
                return false;
            }
        }
        !w.spec.finished() && !w.tx.is_closed()
    });
}
