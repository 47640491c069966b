//! Live mode in the page: Connect swaps the built-in session for one over a mirror of the
//! API server at the page's origin (the built-in one is kept, untouched, for Disconnect);
//! answers from the network update the mirror; a command runs against the mirror and its
//! writes go to the server. What only the simulation has is refused with a reason.
//!
//! Connecting waits for the course part (a real cluster may hold every kind), so in the
//! page's split build this reducer ships with it (`link`, from `crate::lazy::course`): the
//! mirror, the reflector and the command path leave the first load, which keeps only the
//! seam below and what Disconnect and the other messages ask of live mode.

use kubeloop::clock::Time;

use kubeloop::api::replay::Replay;

use super::{Effects, Msg, Page};
use crate::live::{self, commands, writes, Live, LiveMsg};
use crate::sim::Sim;

/// Milliseconds from the Unix epoch to the engine's time zero (2025-01-01T00:00:00Z).
const ENGINE_EPOCH_MS: f64 = 1_735_689_600_000.0;

/// A command line in live mode waiting on the server's answer to one of its requests.
pub(super) struct Asking {
    /// The request's number (`Live::ask`).
    id: u64,
    line: String,
    replay: Replay,
}

/// Live mode's reducer: Connect, an answer from the network, a command line.
#[derive(Clone, Copy)]
struct LiveOps {
    connect: fn(&mut Page, &mut Effects),
    msg: fn(&mut Page, LiveMsg, &mut Effects),
    command: fn(&mut Page, &str, &mut Effects),
}

crate::lazy::seam!(
    LiveOps = LiveOps {
        connect: Page::connect_now,
        msg: Page::live_msg_now,
        command: Page::live_command_now,
    }
);

impl Page {
    /// Connect, once the course part is here (`hold_for_part` holds it until then).
    pub(super) fn connect(&mut self, fx: &mut Effects) {
        if let Some(ops) = linked() {
            (ops.connect)(self, fx);
        }
    }

    /// An answer from the network: only a connection, made with the course part, sends one.
    pub(super) fn live_msg(&mut self, msg: LiveMsg, fx: &mut Effects) {
        if let Some(ops) = linked() {
            (ops.msg)(self, msg, fx);
        }
    }

    /// A command line while connected.
    pub(super) fn live_command(&mut self, line: &str, fx: &mut Effects) {
        if let Some(ops) = linked() {
            (ops.command)(self, line, fx);
        }
    }

    pub fn live_on(&self) -> bool {
        self.live.is_some()
    }

    fn connect_now(&mut self, fx: &mut Effects) {
        if self.live.is_some() {
            return;
        }
        self.live_gen += 1;
        let (live, requests) = Live::start(self.live_gen);
        let builtin = std::mem::replace(&mut self.sim, Sim::mirror());
        self.builtin = Some(builtin);
        self.live = Some(live);
        self.selected = None;
        // The other panels act on the built-in simulation.
        self.panel = super::Panel::Feed;
        self.sim.notice(
            "kubeloop: connecting to the Kubernetes API at this page's origin; commands now go to that cluster",
            false,
        );
        fx.live = requests;
    }

    pub(super) fn disconnect(&mut self) {
        if self.live.take().is_none() {
            return;
        }
        self.held.clear();
        self.asking = None;
        if let Some(builtin) = self.builtin.take() {
            self.sim = builtin;
        }
        self.sim.reset = true;
        self.selected = None;
        self.sim.notice("kubeloop: disconnected; the built-in cluster is back as it was", false);
    }

    fn live_msg_now(&mut self, msg: LiveMsg, fx: &mut Effects) {
        match &msg {
            LiveMsg::Wrote { gen, id, errors } if *gen == self.live_gen => {
                self.wrote(*id, errors);
                return;
            }
            LiveMsg::Logged { gen, result } if *gen == self.live_gen => {
                match result {
                    Ok(text) if text.is_empty() => {}
                    Ok(text) => self.sim.notice(text, false),
                    Err(e) => self.sim.notice(e, true),
                }
                return;
            }
            LiveMsg::Answered { gen, id, answer } if *gen == self.live_gen => {
                if let Some(asking) = self.asking.as_mut().filter(|a| a.id == *id) {
                    asking.replay.answer(answer.clone());
                    self.ask(fx);
                }
                return;
            }
            LiveMsg::Wrote { .. } | LiveMsg::Logged { .. } | LiveMsg::Answered { .. } => return,
            _ => {}
        }
        let Some(live) = self.live.as_mut() else { return };
        fx.live = live.on(self.sim.world_mut(), msg);
        self.sim.poll_live();
    }

    /// The server took (or refused) a command's writes: print what the command printed, or
    /// the server's errors in its place.
    fn wrote(&mut self, id: u64, errors: &[String]) {
        let Some(at) = self.held.iter().position(|(i, _)| *i == id) else { return };
        let (_, out) = self.held.remove(at);
        if errors.is_empty() {
            self.sim.print(&out);
        } else {
            for e in errors {
                self.sim.notice(e, true);
            }
        }
    }

    /// A command in live mode: refused if it needs the simulation; else run against the
    /// mirror, its writes sent, the mirror put back.
    fn live_command_now(&mut self, line: &str, fx: &mut Effects) {
        if line.trim().is_empty() {
            return;
        }
        // `kubectl logs POD` is the server's to answer: the mirror has no containers.
        if let Some(path) = commands::logs_path(line) {
            self.sim.run_held_echo(line);
            fx.live.push(live::Request::Log { gen: self.live_gen, path });
            return;
        }
        if let Some(why) = commands::refusal(line) {
            self.sim.run_held_echo(line);
            self.sim.notice(&why, true);
            return;
        }
        self.sim.run_held_echo(line);
        self.asking = Some(Asking { id: 0, line: line.to_string(), replay: Replay::default() });
        self.ask(fx);
    }

    /// Runs the asking command again with the answers so far. kubectl's requests go to the
    /// server one at a time (`api::replay`); what the command still does to the mirror
    /// itself becomes writes, as before, once it has every answer.
    fn ask(&mut self, fx: &mut Effects) {
        let Some(asking) = self.asking.take() else { return };
        let before = writes::snapshot(self.sim.world());
        let (out, replay) = self.sim.run_remote(&asking.line, asking.replay);
        let (calls, touched) = writes::writes(self.sim.world(), &before);
        writes::restore(self.sim.world_mut(), &before, &touched);
        if let (Some(call), Some(live)) = (replay.wanted().cloned(), self.live.as_mut()) {
            let (id, request) = live.ask(call);
            fx.live.push(request);
            self.asking = Some(Asking { id, line: asking.line, replay });
            return;
        }
        match self.live.as_mut() {
            Some(live) if !calls.is_empty() => {
                let (id, request) = live.write(calls);
                self.held.retain(|(i, _)| *i != id);
                self.held.push((id, out));
                fx.live.push(request);
            }
            _ => self.sim.print(&out),
        }
    }

    /// What a message that needs the built-in simulation gets in live mode: a reason.
    pub(super) fn refuse_live(&mut self, msg: &Msg) -> bool {
        let what = match msg {
            Msg::Pause(_) | Msg::Speed(_) => {
                "the clock is the cluster's own; it cannot be paused or sped up"
            }
            Msg::Step | Msg::Jump => "step mode runs the built-in loops one action at a time",
            Msg::Scrub(_) | Msg::BackToNow | Msg::Fork => {
                "the timeline replays the built-in cluster from its seed"
            }
            Msg::Reset(_) | Msg::Undo => "Reset starts a fresh built-in cluster",
            Msg::StartMission(_) | Msg::CheckMission | Msg::LeaveMission => {
                "missions are set up in and checked against the built-in cluster"
            }
            Msg::Import(_) | Msg::EditSave(_) => {
                "the YAML panel and editor write to the built-in cluster; use `kubectl apply -f -`"
            }
            Msg::Share => {
                "a share link replays the built-in cluster; a real cluster cannot be replayed"
            }
            _ => return false,
        };
        self.sim.notice(
            &format!("kubeloop: not in live mode: {what}. Disconnect to return to it"),
            true,
        );
        true
    }

    /// In live mode the clock is the wall clock (`Date.now()`), so ages read as the server's
    /// timestamps do.
    pub fn set_wall_clock(&mut self, unix_ms: f64) {
        if self.live.is_some() {
            let now = Time((unix_ms - ENGINE_EPOCH_MS) as i64);
            self.sim.world_mut().set_mirror_clock(now);
        }
    }

    /// Whether the network side should go on with `tag`'s answer.
    pub fn live_wants(&self, tag: &live::Tag) -> bool {
        self.live.as_ref().is_some_and(|l| l.wants(tag))
    }
}
