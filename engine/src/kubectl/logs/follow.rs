//! `kubectl logs -f`: the stream of one container instance, polled as simulated time moves
//! (after each tick in the page, stepping the world in a script), ending when the container
//! stops, as the kubelet closes the stream then.

use crate::clock::Time;
use crate::controllers::kubelet::{image_behaviour, program_output, ImageBehaviour, Instance};
use crate::model::Pod;
use crate::world::World;

use super::{instance_of, stamped, Target};
use crate::kubectl::Output;

/// `logs -f`: prints each new line as simulated time passes, until the container stops
/// (or Ctrl+C, or a `timeout`).
pub struct LogsFollow {
    target: Target,
    /// Lines stamped at or before this were printed.
    printed: Time,
    stamps: bool,
    /// The start of the instance being followed, once seen.
    start: Option<Time>,
    deadline: Option<Time>,
}

impl LogsFollow {
    pub(super) fn new(target: Target, printed: Time, stamps: bool, deadline: Option<Time>) -> Self {
        LogsFollow { target, printed, stamps, start: None, deadline }
    }

    pub(super) fn deadline(&self) -> Option<Time> {
        self.deadline
    }

    /// Prints what the container wrote since the last poll; `Some(0)` once it has stopped.
    pub fn poll(&mut self, world: &World, out: &mut Output) -> Option<i32> {
        let Some(pod) = world.store.get::<Pod>(&self.target.ns, &self.target.pod) else {
            return Some(0);
        };
        let spec = pod.spec.containers.iter().find(|c| c.name == self.target.container)?;
        let status =
            pod.status.container_statuses.iter().find(|s| s.name == self.target.container)?;
        let Ok(Some((mut start, mut end))) = instance_of(pod, status, &self.target) else {
            return Some(0);
        };
        // The followed instance was replaced by a restart: its stream ended; print its last
        // lines from the terminated state.
        if self.start.is_some_and(|s| s != start) {
            let last = status.last_state.terminated.as_ref();
            match last.and_then(|l| Some((l.started_at?, l.finished_at?, l.exit_code))) {
                Some((st, fin, code)) if Some(st) == self.start => {
                    (start, end) = (st, Some((fin, code)));
                }
                _ => return Some(0),
            }
        }
        self.start = Some(start);
        let ImageBehaviour::Runs(program) = image_behaviour(&spec.image) else { return Some(0) };
        let inst = Instance {
            app: program.app,
            container: spec,
            pod_ip: pod.status.pod_ip.as_deref().unwrap_or(""),
            start,
            end,
            upto: world.now(),
        };
        for (t, line) in program_output(&inst, Some(self.printed)) {
            out.out(stamped(t, &line, self.stamps));
        }
        self.printed = world.now();
        let over = end.is_some() || self.deadline.is_some_and(|d| world.now() >= d);
        over.then_some(0)
    }

    pub fn describe(&self) -> String {
        format!("following the logs of pod/{} container {}", self.target.pod, self.target.container)
    }
}
