//! Seeing the loop slowly and going back: step mode (one controller action at a time) and
//! time travel (show the cluster at an earlier moment, then return or fork from there).
//!
//! Time travel replays the journal from the seed: the engine is deterministic, so the inputs
//! up to a moment rebuild that moment exactly, and no snapshots need to be kept.

use std::rc::Rc;
use std::sync::Arc;

use kubeloop::controllers::Decision;
use kubeloop::model::Kind;
use kubeloop::store::WatchEventType;
use kubeloop::world::{PlannedKey, StepOutcome, Timer, World};

use super::{LineKind, Sim};
use crate::journal::{Entry, Input};
use crate::selection::ObjRef;

/// The scrubber's marks and the (entry count, last entry) they were built from.
pub type MarksCache = std::cell::RefCell<((usize, Option<Entry>), Rc<Vec<(i64, String)>>)>;

/// Step mode gives up after this much simulated time with no loop acting.
pub const STEP_LIMIT_MS: i64 = 5 * 60 * 1000;

/// An earlier moment on show: the session as it was then, and whether the live one was
/// paused before (so returning restores it).
pub struct Past {
    pub at_ms: i64,
    pub sim: Sim,
    was_paused: bool,
}

/// A decision the page shows, shared with the world's log: compared by identity, so neither
/// showing nor re-rendering copies or walks its phrases.
#[derive(Clone, Debug)]
pub struct Shown(pub Arc<Decision>);

impl PartialEq for Shown {
    fn eq(&self, other: &Shown) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl std::ops::Deref for Shown {
    type Target = Decision;

    fn deref(&self) -> &Decision {
        &self.0
    }
}

/// What one step-mode action was: which loop, on which object, what it read and decided
/// (its decisions), and what it wrote.
#[derive(Clone, Debug, PartialEq)]
pub struct StepView {
    pub controller: String,
    pub target: ObjRef,
    pub decisions: Vec<Shown>,
    /// One line per write: `ADDED pod/web-6c7-x2x7q`.
    pub writes: Vec<String>,
    /// Writes beyond those listed.
    pub more_writes: usize,
    /// Events it recorded (`k get events`).
    pub events: usize,
}

/// A Step that found no loop with work now: the clock stayed where it was.
#[derive(Clone, Debug, PartialEq)]
pub struct QuietStep {
    /// The next moment a loop will have work, which Jump runs the clock to.
    pub next: Option<NextTimer>,
}

/// The next timer, as the step card shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct NextTimer {
    /// Which loop waits, for what, on which object.
    pub timer: Timer,
    /// Simulated milliseconds from now.
    pub in_ms: i64,
    /// The object it is for, to select.
    pub target: Option<ObjRef>,
}

impl NextTimer {
    fn new(t: &Timer, now: kubeloop::clock::Time) -> Self {
        NextTimer {
            timer: t.clone(),
            in_ms: t.at.since(now).max(0),
            target: t.object.as_ref().map(|(kind, key)| ObjRef::new(*kind, &key.ns, &key.name)),
        }
    }

    /// `kubelet back-off for pod/web-7d4b9-x2x9q`, for the log, which stays English.
    pub fn what(&self) -> String {
        self.timer.to_string()
    }

    /// Simulated milliseconds to wait, rounded up to the second so a timer due within the
    /// second does not say `in 0s`. The step card words it in the page's language.
    pub fn due_in_ms(&self) -> i64 {
        (self.in_ms + 999) / 1000 * 1000
    }

    /// `in 10s`, for the log, which stays English as the terminal does.
    pub fn when(&self) -> String {
        format!("in {}", kubeloop::duration::human(self.due_in_ms()))
    }
}

/// Writes listed in a step's summary; a ReplicaSet creating 100 pods lists the first few.
const WRITES_SHOWN: usize = 6;

impl Sim {
    /// Runs the next single controller action (step mode) and pauses, so the page can show
    /// which loop acted and what it did. When no loop has work now, the clock stays and the
    /// page is told the next timer instead (`quiet_step`).
    pub fn step_action(&mut self) {
        self.finish_slice();
        self.paused = true;
        if self.journaling {
            match self.journal.entries.last_mut() {
                Some(Entry { input: Input::Step(n), .. })
                    if self.stepping && *n < crate::journal::MAX_STEPS =>
                {
                    *n += 1
                }
                _ => {
                    self.record(Input::Step(1));
                }
            }
            self.stepping = true;
        }
        self.step_once();
    }

    /// Jump: runs the clock to the next timer (nothing happens in between, or the step
    /// would not have been quiet), then takes the step it makes possible. Journaled, so a
    /// replay jumps to the same moment.
    pub fn jump_to_next_timer(&mut self) {
        self.finish_slice();
        self.paused = true;
        self.record(Input::Jump);
        self.jump(i64::MAX);
    }

    /// The jump, stopping at `until` (a replay that ends before the timer).
    pub(super) fn jump(&mut self, until: i64) {
        if let Some(t) = self.session.world.next_timer() {
            while !self.session.world.has_work_now() && self.world().now() < t.at {
                if self.world().now().millis() >= until {
                    return;
                }
                self.session.world.step();
                self.poll_watch();
            }
        }
        self.step_once();
    }

    fn step_once(&mut self) {
        let outcome = self.session.world.step_action(STEP_LIMIT_MS);
        self.poll_watch();
        let action = match outcome {
            StepOutcome::Acted(action) => action,
            StepOutcome::Quiet(next) => {
                let now = self.world().now();
                let next = next.map(|t| NextTimer::new(&t, now));
                self.last_action = None;
                let line = match &next {
                    Some(t) => format!(
                        "step: nothing to do: no loop has work now (next: {} {}; Jump goes there)",
                        t.what(),
                        t.when()
                    ),
                    None => "step: nothing to do: no loop has work now".to_string(),
                };
                // Pressed again with nothing new: said once, the step card's Jump stays offered.
                if self.log.last().is_none_or(|l| l.text != line) {
                    self.push_lines(LineKind::Output, &line);
                }
                self.quiet_step = Some(QuietStep { next });
                return;
            }
        };
        self.quiet_step = None;
        let world = self.world();
        let decisions: Vec<Shown> =
            world.decisions.since(action.decisions.start).cloned().map(Shown).collect();
        // Events are writes too, but the step is about objects: they are counted, not listed.
        let events = world
            .store
            .watch
            .since(action.writes.start)
            .filter(|e| e.object.kind() == Kind::Event)
            .count();
        let writes: Vec<String> = world
            .store
            .watch
            .since(action.writes.start)
            .filter(|e| e.object.kind() != Kind::Event)
            .map(|e| {
                let verb = match e.ty {
                    WatchEventType::Added => "ADDED",
                    WatchEventType::Modified => "MODIFIED",
                    WatchEventType::Deleted => "DELETED",
                };
                let meta = e.object.meta();
                format!("{verb} {}/{}", e.object.kind().as_str().to_ascii_lowercase(), meta.name)
            })
            .collect();
        let key = action.key.key();
        let target = match decisions.first() {
            Some(d) => ObjRef::new(d.kind, &d.namespace, &d.name),
            None => {
                let kind = match action.key {
                    PlannedKey::Owned(kind, _) => kind,
                    PlannedKey::Object(_) => acted_kind(action.controller),
                };
                ObjRef::new(kind, &key.ns, &key.name)
            }
        };
        let more_writes = writes.len().saturating_sub(WRITES_SHOWN);
        self.last_action = Some(StepView {
            controller: action.controller.short().to_string(),
            target,
            decisions,
            writes: writes.into_iter().take(WRITES_SHOWN).collect(),
            more_writes,
            events,
        });
    }

    /// Whether the page shows an earlier moment instead of the live cluster.
    pub fn in_past(&self) -> bool {
        self.past.is_some()
    }

    /// The world the page draws: the earlier moment while scrubbing, else the live one.
    pub fn shown_world(&self) -> &World {
        match &self.past {
            Some(p) => p.sim.world(),
            None => self.world(),
        }
    }

    /// Shows the cluster as it was at `at_ms` (clamped to the session), pausing the live one.
    /// Moving forward continues the replay already made; moving back replays from the seed.
    pub fn scrub(&mut self, at_ms: i64) {
        let now = self.world().now().millis();
        let at = at_ms.clamp(0, now);
        if at >= now {
            self.back_to_now();
            return;
        }
        let journal = self.snapshot().clone();
        match self.past.as_deref_mut() {
            Some(p) if p.at_ms <= at => {
                p.sim.journaling = false;
                p.sim.replay_entries(&journal.entries, p.at_ms, at);
                p.sim.journal.entries =
                    journal.entries.iter().filter(|e| e.at <= at).cloned().collect();
                p.sim.journaling = true;
                p.at_ms = at;
            }
            _ => {
                let was_paused = self.past.as_ref().map_or(self.paused, |p| p.was_paused);
                let mut sim = Sim::replay(&journal, at);
                sim.done = self.done.clone();
                self.past = Some(Box::new(Past { at_ms: at, sim, was_paused }));
            }
        }
        self.paused = true;
        self.reset = true;
    }

    /// Leaves the earlier moment and shows the live cluster again, as it was left.
    pub fn back_to_now(&mut self) {
        if let Some(p) = self.past.take() {
            self.paused = p.was_paused;
            self.reset = true;
        }
    }

    /// Goes on from the moment on show: the inputs after it are dropped and the session
    /// continues from there, paused, so the class can take a different path.
    pub fn fork_here(&mut self) {
        let Some(p) = self.past.take() else { return };
        let dropped = self.journal.entries.iter().filter(|e| e.at > p.at_ms).count();
        let mut sim = p.sim;
        sim.done = std::mem::take(&mut self.done);
        sim.speed = self.speed;
        sim.paused = true;
        sim.reset = true;
        *self = sim;
        self.push_lines(
            LineKind::Output,
            &format!(
                "kubeloop: went back to t = {} and carried on from there ({dropped} later input{} dropped); press Play to continue",
                kubeloop::duration::human(self.world().now().millis()),
                if dropped == 1 { "" } else { "s" }
            ),
        );
    }

    /// Each input's simulated time and what it was, for the scrubber's marks. The page asks
    /// on every frame, so the list is rebuilt only when the journal's inputs changed (a new
    /// entry, or a step added to the last one).
    pub fn input_marks(&self) -> Rc<Vec<(i64, String)>> {
        let entries = &self.journal.entries;
        let key = (entries.len(), entries.last().cloned());
        let mut cache = self.marks.borrow_mut();
        if cache.0 != key {
            let marks = entries.iter().map(|e| (e.at, mark_text(&e.input))).collect();
            *cache = (key, Rc::new(marks));
        }
        cache.1.clone()
    }
}

/// What the scrubber's mark for an input says when hovered.
fn mark_text(input: &Input) -> String {
    match input {
        Input::Cmd(line) => line.lines().next().unwrap_or_default().to_string(),
        Input::Mission(name) => format!("mission {name}"),
        Input::Edit(_) => "k edit (saved)".to_string(),
        Input::Step(n) => format!("step \u{d7}{n}"),
        Input::Interrupt => "Ctrl+C".to_string(),
        Input::Jump => "jump to the next timer".to_string(),
    }
}

/// The kind of object each loop reconciles, for an action that recorded no decision.
fn acted_kind(c: kubeloop::controllers::ControllerName) -> Kind {
    use kubeloop::controllers::ControllerName::*;
    match c {
        NodeLifecycle => Kind::Node,
        Deployment => Kind::Deployment,
        ReplicaSet => Kind::ReplicaSet,
        ReplicationController => Kind::ReplicationController,
        DaemonSet => Kind::DaemonSet,
        StatefulSet => Kind::StatefulSet,
        Job => Kind::Job,
        CronJob => Kind::CronJob,
        TtlAfterFinished => Kind::Job,
        HorizontalPodAutoscaler => Kind::HorizontalPodAutoscaler,
        Disruption => Kind::PodDisruptionBudget,
        ResourceQuota => Kind::ResourceQuota,
        Namespace => Kind::Namespace,
        ServiceAccount => Kind::ServiceAccount,
        GarbageCollector | Scheduler | Kubelet => Kind::Pod,
        NodeLease => Kind::Lease,
        EndpointSlice | Endpoints | KubeProxy => Kind::Service,
    }
}

#[cfg(test)]
mod tests;
