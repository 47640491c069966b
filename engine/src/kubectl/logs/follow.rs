//! `kubectl logs -f`: the stream of one container instance, polled as simulated time moves
//! (after each tick in the page, as the cluster runs in a script), ending when the container
//! stops, as the kubelet closes the stream then.
//!
//! Each poll reads through the API what a follow stream would have carried since: the pod
//! (is it the same pod, which instance runs), then `pods/log` with `timestamps=true`, the
//! lines after the last one printed (logs.go `DefaultConsumeRequest` reads one stream; the
//! in-process server answers at once, so the stream is read again from where it was).

use crate::api::client::{self, Api, Call};
use crate::clock::Time;
use crate::model::{Kind, Object};

use crate::api::log::{instance_of, stamped, Target};
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

    /// Prints what the containers wrote since the last poll, in time order; `Some(0)` once
    /// every stream has ended.
    pub fn poll(&mut self, api: &mut dyn Api, now: Time, out: &mut Output) -> Option<i32> {
        let mut lines = Vec::new();
        for stream in self.streams.iter_mut().filter(|s| !s.done) {
            stream.done = stream.read(api, self.printed, &mut lines);
        }
        // Stable: one container's lines of one moment keep their order.
        lines.sort_by_key(|(t, _)| *t);
        for (t, line) in lines {
            out.out(stamped(t, &line, self.stamps));
        }
        self.printed = now;
        let over = self.streams.iter().all(|s| s.done) || self.deadline.is_some_and(|d| now >= d);
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
    fn read(&mut self, api: &mut dyn Api, printed: Time, lines: &mut Vec<(Time, String)>) -> bool {
        let t = &self.target;
        let pod = match client::get(api, Kind::Pod, &t.ns, &t.pod) {
            Ok(Object::Pod(p)) if p.metadata.uid == t.uid => p,
            _ => return true,
        };
        let status = pod.status.container_statuses.iter().find(|s| s.name == t.container);
        let Some(status) = status else { return true };
        let Ok(Some((start, mut end))) = instance_of(&pod, status, t) else { return true };
        let mut previous = false;
        // The followed instance was replaced by a restart: its stream ended; print its last
        // lines, which the log now serves as the previous instance's.
        if self.start.is_some_and(|s| s != start) {
            let last = status.last_state.terminated.as_ref();
            match last.and_then(|l| Some((l.started_at?, l.finished_at?, l.exit_code))) {
                Some((st, fin, code)) if Some(st) == self.start => {
                    (previous, end) = (true, Some((fin, code)));
                }
                _ => return true,
            }
        } else {
            self.start = Some(start);
        }
        let mut call = Call::get(Kind::Pod, &t.ns, &t.pod).sub("log");
        call.query.push(("container".into(), t.container.clone()));
        if previous {
            call.query.push(("previous".into(), "true".into()));
        }
        call.query.push(("timestamps".into(), "true".into()));
        let answer = api.send(&call);
        let Some(text) = answer.body.as_str().filter(|_| answer.code == 200) else { return true };
        lines.extend(text.lines().filter_map(unstamp).filter(|(at, _)| *at > printed));
        end.is_some()
    }
}

/// A line of a log read with `timestamps=true`: its RFC 3339 stamp (to the millisecond the
/// runtime records here) and its text.
fn unstamp(line: &str) -> Option<(Time, String)> {
    let (stamp, text) = line.split_once(' ')?;
    let whole = Time::parse_rfc3339(stamp)?;
    let fraction = stamp.split_once('.').map_or("", |(_, f)| f.trim_end_matches('Z'));
    let millis: i64 = fraction.get(..3).and_then(|f| f.parse().ok()).unwrap_or(0);
    Some((whole.plus_millis(millis), text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stamped_line_reads_back_to_its_moment_and_text() {
        let t = Time::from_unix_millis(1_700_000_000_250);
        let line = stamped(t, "GET / 200", true);
        assert_eq!(unstamp(line.trim_end()), Some((t, "GET / 200".to_string())));
        assert_eq!(unstamp("no stamp here"), None);
    }
}
