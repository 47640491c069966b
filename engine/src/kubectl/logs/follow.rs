//! `kubectl logs -f`: the stream of one container instance, polled as simulated time moves
//! (after each tick in the page, stepping the world in a script), ending when the container
//! stops, as the kubelet closes the stream then.

use crate::clock::Time;
use crate::model::Pod;
use crate::world::World;

use crate::api::log::{instance_of, output_of, stamped, Target};
use crate::kubectl::Output;

/// `logs -f`: prints each new line as simulated time passes, until the container stops
/// (or Ctrl+C, or a `timeout`). With `--all-containers` it follows each container's stream
/// and ends when all have ended (logs.go `parallelConsumeRequest`).
pub struct LogsFollow {
    streams: Vec<Stream>,
    /// Lines stamped at or before this were printed.
    printed: Time,
    stamps: bool,
    deadline: Option<Time>,
}

struct Stream {
    target: Target,
    /// The start of the instance being followed, once seen.
    start: Option<Time>,
    done: bool,
}

impl LogsFollow {
    pub(super) fn new(
        targets: Vec<Target>,
        printed: Time,
        stamps: bool,
        deadline: Option<Time>,
    ) -> Self {
        let streams =
            targets.into_iter().map(|target| Stream { target, start: None, done: false }).collect();
        LogsFollow { streams, printed, stamps, deadline }
    }

    pub(super) fn deadline(&self) -> Option<Time> {
        self.deadline
    }

    /// Prints what the containers wrote since the last poll, in time order; `Some(0)` once
    /// every stream has ended.
    pub fn poll(&mut self, world: &World, out: &mut Output) -> Option<i32> {
        let mut lines = Vec::new();
        for stream in self.streams.iter_mut().filter(|s| !s.done) {
            stream.done = stream.read(world, self.printed, &mut lines);
        }
        // Stable: one container's lines of one moment keep their order.
        lines.sort_by_key(|(t, _)| *t);
        for (t, line) in lines {
            out.out(stamped(t, &line, self.stamps));
        }
        self.printed = world.now();
        let over =
            self.streams.iter().all(|s| s.done) || self.deadline.is_some_and(|d| world.now() >= d);
        over.then_some(0)
    }

    pub fn describe(&self) -> String {
        let first = &self.streams[0].target;
        match self.streams.len() {
            1 => format!("following the logs of pod/{} container {}", first.pod, first.container),
            _ => format!("following the logs of pod/{}", first.pod),
        }
    }
}

impl Stream {
    /// Adds the lines after `printed`; returns whether the stream has ended.
    fn read(&mut self, world: &World, printed: Time, lines: &mut Vec<(Time, String)>) -> bool {
        let t = &self.target;
        let pod = world.store.get::<Pod>(&t.ns, &t.pod).filter(|p| p.metadata.uid == t.uid);
        let Some(pod) = pod else { return true };
        let spec = pod.spec.containers.iter().find(|c| c.name == t.container);
        let status = pod.status.container_statuses.iter().find(|s| s.name == t.container);
        let (Some(spec), Some(status)) = (spec, status) else { return true };
        let Ok(Some((mut start, mut end))) = instance_of(pod, status, t) else { return true };
        // The followed instance was replaced by a restart: its stream ended; print its last
        // lines from the terminated state.
        if self.start.is_some_and(|s| s != start) {
            let last = status.last_state.terminated.as_ref();
            match last.and_then(|l| Some((l.started_at?, l.finished_at?, l.exit_code))) {
                Some((st, fin, code)) if Some(st) == self.start => {
                    (start, end) = (st, Some((fin, code)));
                }
                _ => return true,
            }
        }
        self.start = Some(start);
        let Some(output) = output_of(world, pod, spec, start, end, Some(printed)) else {
            return true;
        };
        lines.extend(output);
        end.is_some()
    }
}
