//! Commands that wait on the cluster: `get -w` and `events -w` (stream until stopped), a
//! `delete` that waits for its objects to go, `wait --for=...` and `rollout status`.
//!
//! In a script they block: the world steps until the condition holds or the timeout passes,
//! as a terminal running kubectl would. In the page (`Mode::Interactive`) time belongs to the
//! user, so a waiting command never steps the world itself: it prints what kubectl prints
//! before it starts waiting, then becomes the session's one `Pending` operation, which the
//! page polls after every world step. When it ends (condition met, timeout, or Ctrl+C) the
//! rest of the input line runs, by exit status, as a shell runs `a && b` or `a; b`. Piped
//! (`| tail -1`), it waits the same way and the pipe's commands run on its output at the end.
//! Inside `$( )` it still blocks: a substitution's text is needed before its line can run.
//!
//! Ctrl+C is modelled on kubectl/pkg/util/interrupt (`Handler.Signal`): every one of these
//! commands runs under `interrupt.New(nil, cancel)`, which on SIGINT cancels the wait and
//! exits with status 1. The shell then goes on with the line by that status (bash continues
//! a list when the child handled the signal and exited normally). Nothing is undone on the
//! server: a deletion that was waited for carries on.

use crate::api::client::Api;
use crate::clock::Time;

use super::shell::{Joiner, Pipeline, Script};
use super::{Kubectl, Output, Shell};

/// What a waiting command waits for. Each waiting verb implements it for its own state
/// (`watch.rs`, `delete.rs`, `wait.rs`, `rollout.rs`, `logs/`), so this file names none of
/// them.
pub trait Wait {
    /// Prints what happened since the last poll; `Some(status)` once the command is over.
    /// It reads the cluster only through `api`; `now` is kubectl's clock.
    fn poll(&mut self, api: &mut dyn Api, now: Time, out: &mut Output) -> Option<i32>;

    /// What the command box says while this runs: "waiting for deployment.apps/web to be
    /// deleted".
    fn describe(&self) -> String;

    /// A stream (`get -w`, `logs -f`) that only ends when stopped or at its timeout.
    fn streams(&self) -> bool {
        false
    }

    /// Ctrl+C: what it prints as it stops (a watch prints what it has not yet).
    fn interrupt(&mut self, _api: &mut dyn Api, _now: Time, _out: &mut Output) {}
}

/// The longest a command waits in a script when nothing else ends it (a watch with no
/// timeout, `wait --timeout=-1s`): as long as the sandbox lets the cluster settle.
pub const LONGEST_WAIT_MS: i64 = 10 * 60 * 1000;

/// The session's waiting operation.
pub type Op = Box<dyn Wait>;

/// A wait piped into more commands (`k rollout status deploy/web | tail -1`): its standard
/// output is kept and fed to them, in one go, when it ends. A real pipe streams, but the
/// filters here read their whole input, so the result is the same text.
pub struct Piped {
    pub(super) tail: Pipeline,
    pub(super) stdout: String,
}

impl Piped {
    pub(super) fn new(tail: Pipeline, stdout: String) -> Self {
        Piped { tail, stdout }
    }

    /// Keeps what went to stdout; passes stderr (not piped) on.
    pub(super) fn take(&mut self, printed: Output, out: &mut Output) {
        for (stream, text) in printed.chunks {
            match stream {
                super::Stream::Stdout => self.stdout.push_str(&text),
                super::Stream::Stderr => out.err(text),
            }
        }
    }
}

/// The operation a session is waiting on, with the rest of the line to run after it.
pub struct Pending {
    pub op: Op,
    /// The commands it is piped into, with what it printed so far.
    pub(super) pipe: Option<Piped>,
    /// The input line it came from, for the page to show.
    pub command: String,
    /// How the waiting command was joined to `rest` (`;`, `&&`, `||`).
    pub(super) joiner: Joiner,
    pub(super) rest: Script,
}

/// What the page shows about a pending operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waiting {
    /// The command line that is waiting.
    pub command: String,
    /// What it waits for, in words: "waiting for deployment.apps/web to be deleted".
    pub what: String,
    /// A `-w` watch, which only ends when stopped (or at its `timeout`).
    pub watch: bool,
}

/// Runs `op` from where a command left it: polls it once now; when `to_completion` (a script
/// or a `$( )`) steps the world until it ends; in the page leaves it for the session to hold.
/// Returns the exit status when it ended now. A stream (`get -w`, `logs -f`) run to
/// completion ends when the cluster has settled, or after `LONGEST_WAIT_MS`, printing what
/// it has as Ctrl+C would.
pub(super) fn begin(s: &mut Kubectl, mut op: Op, to_completion: bool, out: &mut Output) -> i32 {
    let limit = s.now().plus_millis(LONGEST_WAIT_MS);
    loop {
        let now = s.now();
        if let Some(status) = op.poll(s.api(), now, out) {
            return status;
        }
        if !to_completion {
            s.started = Some(op);
            return 0;
        }
        if op.streams() && (now >= limit || !s.has_work()) {
            op.interrupt(s.api(), now, out);
            return 0;
        }
        s.step();
    }
}

impl Shell {
    /// The operation a command just began (a watch from `get`/`events`, or a wait), if any.
    pub(super) fn take_started(&mut self) -> Option<Op> {
        match self.watch.take() {
            Some(w) => Some(Box::new(w)),
            None => self.started.take(),
        }
    }

    /// Makes a just-begun operation the session's pending one, with what follows it.
    pub(super) fn hold(&mut self, op: Op, joiner: Joiner, rest: Script) {
        let command = self.line.clone();
        let pipe = self.started_pipe.take();
        self.pending = Some(Pending { op, pipe, command, joiner, rest });
    }

    /// What the session is waiting on, if anything.
    pub fn waiting(&self) -> Option<Waiting> {
        self.pending.as_ref().map(|p| Waiting {
            command: p.command.clone(),
            what: p.op.describe(),
            watch: p.op.streams(),
        })
    }

    /// Whether a watch streams or a command waits (interactive mode only).
    pub fn watching(&self) -> bool {
        self.pending.is_some()
    }
}

#[cfg(test)]
mod tests {
    use crate::api::client::{self, Call};
    use crate::kubectl::Mode;
    use crate::model::Kind;
    use crate::session::Session;

    /// The page's session over a new cluster.
    fn page() -> Session {
        let mut s = Session::script(4);
        s.mode = Mode::Interactive;
        s
    }

    /// The page's session with a settled three-replica Deployment.
    fn page_with_web() -> Session {
        let mut s = page();
        assert_eq!(s.run("k create deployment web --image=nginx:1.27 --replicas=3").status, 0);
        s.run("settle");
        s
    }

    /// Whether the server still has the Deployment, and how many pods it lists.
    fn web_and_pods(s: &mut Session) -> (bool, usize) {
        let web = client::get(s.api(), Kind::Deployment, "default", "web").is_ok();
        let pods = client::list(s.api(), Kind::Pod, "default", None, None).expect("a list");
        (web, pods.len())
    }

    /// Steps and polls as the page does, until nothing is pending (or a minute passes).
    fn run_until_done(s: &mut Session) -> String {
        let mut text = String::new();
        for _ in 0..600 {
            if !s.watching() {
                break;
            }
            s.step();
            text.push_str(&s.poll_watch().text());
        }
        text
    }

    #[test]
    fn a_foreground_delete_in_the_page_prints_its_line_and_waits_without_moving_time() {
        let mut s = page_with_web();
        let t0 = s.now();
        let out = s.run("k delete deploy web --cascade=foreground && echo next");
        assert_eq!(out.text(), "deployment.apps \"web\" deleted from default namespace\n");
        assert_eq!(s.now(), t0, "typing a command does not move the clock");
        let w = s.waiting().expect("the delete waits");
        assert_eq!(w.what, "waiting for deployment.apps/web to be deleted");
        assert_eq!(w.command, "k delete deploy web --cascade=foreground && echo next");
        assert!(!w.watch);
        let later = run_until_done(&mut s);
        assert_eq!(later, "next\n", "the rest of the line runs once the deployment is gone");
        assert_eq!(web_and_pods(&mut s), (false, 0));
    }

    #[test]
    fn ctrl_c_ends_the_wait_with_status_1_and_the_deletion_carries_on() {
        let mut s = page_with_web();
        s.run("k delete deploy web --cascade=foreground && echo and; echo seq");
        let out = s.interrupt();
        assert_eq!((out.text(), out.status), ("seq\n".to_string(), 0), "&& skipped, ; runs");
        assert!(s.waiting().is_none());
        s.run("settle");
        assert!(!web_and_pods(&mut s).0);
        let mut s = page_with_web();
        s.run("k delete deploy web --cascade=foreground || echo failed");
        assert_eq!(s.interrupt().text(), "failed\n");
    }

    #[test]
    fn rollout_status_in_the_page_prints_each_new_message_as_time_moves() {
        let mut s = page_with_web();
        let out = s.run("k set image deploy/web nginx=nginx:1.28 && k rollout status deploy/web");
        assert_eq!(
            out.text(),
            "deployment.apps/web image updated\nWaiting for deployment spec update to be observed...\n"
        );
        assert!(s.waiting().is_some_and(|w| w.what.contains("rollout to finish")));
        let later = run_until_done(&mut s);
        assert!(later.ends_with("deployment \"web\" successfully rolled out\n"), "{later}");
    }

    #[test]
    fn kubectl_wait_in_the_page_reports_when_the_condition_is_met() {
        let mut s = page();
        let out = s.run("k run solo --image=nginx:1.27; k wait --for=condition=Ready pod/solo");
        assert_eq!(out.text(), "pod/solo created\n");
        assert_eq!(
            s.waiting().map(|w| w.what),
            Some("waiting for pod/solo to have Ready=true".into())
        );
        assert_eq!(run_until_done(&mut s), "pod/solo condition met\n");
        // A timeout ends it with kubectl's error, as time passes.
        s.run("k wait --for=delete pod/solo --timeout=2s && echo gone");
        assert_eq!(
            run_until_done(&mut s),
            "error: timed out waiting for the condition on pods/solo\n"
        );
    }

    #[test]
    fn a_piped_rollout_status_waits_then_feeds_the_pipe_and_ctrl_c_ends_the_line() {
        let mut s = page_with_web();
        let t0 = s.now();
        let out = s.run(
            "k rollout restart deploy/web && k rollout status deploy/web | tail -1 && echo done",
        );
        assert_eq!(out.text(), "deployment.apps/web restarted\n");
        assert_eq!(s.now(), t0, "a pipe does not make the page's wait move time");
        assert_eq!(
            run_until_done(&mut s),
            "deployment \"web\" successfully rolled out\ndone\n",
            "tail saw every message and printed the last"
        );
        s.run("k rollout restart deploy/web; k rollout status deploy/web | wc -l; echo after");
        let out = s.interrupt();
        assert_eq!((out.text(), out.status), (String::new(), 130), "the whole line is abandoned");
        assert!(!s.watching());
    }

    #[test]
    fn a_new_command_interrupts_what_was_pending() {
        let mut s = page_with_web();
        s.run("k rollout restart deploy/web; k rollout status deploy/web");
        assert!(s.watching());
        let out = s.run("k get deploy web -o name");
        assert_eq!(out.text(), "deployment.apps/web\n");
        assert!(!s.watching());
    }

    #[test]
    fn a_wait_ends_through_the_api_when_the_server_reports_the_object_gone() {
        let mut s = page_with_web();
        s.run("k wait --for=delete deploy/web --timeout=1m && echo gone");
        assert!(s.waiting().is_some());
        // The delete arrives beside the command line, as another client's would.
        let mut delete = Call::get(Kind::Deployment, "default", "web");
        delete.verb = crate::api::client::Verb::Delete;
        assert_eq!(s.api().send(&delete).code, 200);
        let t0 = s.now();
        assert_eq!(run_until_done(&mut s), "deployment.apps/web condition met\ngone\n");
        assert!(s.now() > t0 && !s.watching());
    }

    #[test]
    fn a_script_still_blocks_until_the_delete_is_done() {
        let mut s = Session::script(4);
        s.run("k create deployment web --image=nginx:1.27 --replicas=2");
        s.run("settle");
        let t0 = s.now();
        let out = s.run("k delete deploy web --cascade=foreground && echo next");
        assert!(out.text().ends_with("next\n"), "{}", out.text());
        assert!(s.now() > t0);
        assert!(!s.watching());
    }
}
