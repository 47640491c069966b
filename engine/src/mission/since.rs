//! What "since the mission started" means: the cluster as the setup left it, and the point in
//! the watch log where the learner's part begins. It does not judge checks; `check` does.
//!
//! The page and the script runner both start a mission with `reset --seed N` followed by the
//! setup and a settle, and the engine is deterministic (same seed and commands, same names,
//! same watch log). So replaying the setup on a fresh world with the same seed rebuilds the
//! exact starting state, without the caller having to keep it: `check_world` needs only the
//! world as it is now.

use crate::kubectl::Mode;
use crate::labels::selector::Selector;
use crate::model::{Kind, Object};
use crate::script::units;
use crate::session::Session;
use crate::store::WatchEvent;
use crate::world::World;

/// The simulated time a setup may take: an authored file cannot make every check (which
/// replays the setup) as slow as a day of ticks. Past it the world's clock moves and nothing
/// runs (`World::freeze_after`), so a long `sleep` or wait ends at once.
pub const SETUP_LIMIT_MS: i64 = 60 * 60 * 1000;
/// The most commands a setup runs.
pub const SETUP_LIMIT_UNITS: usize = 200;

/// Runs a setup and lets the loops settle: what starting a mission does to a fresh cluster.
/// It runs as a script, whoever starts it: a wait in it (`rollout status`) blocks in the page
/// as in the CLI, so the page's start is the one `start_world` rebuilds. A setup past its
/// limits stops there, the same way every time, and says so.
pub fn run_setup(setup: &str, session: &mut Session) -> Result<(), String> {
    let mode = std::mem::replace(&mut session.mode, Mode::Script);
    let outcome = run_units(setup, session);
    session.mode = mode;
    outcome
}

fn run_units(setup: &str, session: &mut Session) -> Result<(), String> {
    let limit = session.world.now().plus_millis(SETUP_LIMIT_MS);
    session.world.freeze_after(Some(limit));
    let mut outcome = Ok(());
    for (i, unit) in units(setup).into_iter().enumerate() {
        if i == SETUP_LIMIT_UNITS {
            outcome = Err(format!(
                "the setup has more than {SETUP_LIMIT_UNITS} commands; it stopped at line {}",
                unit.line
            ));
            break;
        }
        session.run(&unit.text);
        if session.world.now() > limit {
            outcome = Err(format!(
                "the setup takes more than 1h of simulated time; it stopped at line {}",
                unit.line
            ));
            break;
        }
    }
    session.world.freeze_after(None);
    session.world.settle();
    outcome
}

/// The world right after the setup settled, rebuilt from the seed.
pub fn start_world(setup: &str, seed: u64) -> World {
    let mut session = Session::new(World::new(seed), Mode::Script);
    // A setup past its limits was reported when the mission started; this rebuilds the same.
    let _ = run_setup(setup, &mut session);
    session.world
}

/// Everything a check may compare against.
pub struct Ctx<'a> {
    /// The cluster now.
    pub world: &'a World,
    /// The cluster as the setup left it.
    pub start: &'a World,
    /// The watch sequence number where the learner's part begins.
    pub from: u64,
}

impl<'a> Ctx<'a> {
    pub fn new(world: &'a World, start: &'a World) -> Self {
        Ctx { world, start, from: start.store.watch.end() }
    }

    /// The same check, asked right after the setup: was it already true then?
    pub fn at_start(&self) -> Ctx<'a> {
        Ctx { world: self.start, start: self.start, from: self.from }
    }

    /// Watch events written since the mission started.
    pub fn since_start(&self) -> impl Iterator<Item = &'a WatchEvent> {
        self.world.store.watch.since(self.from)
    }

    /// Whether `subject` changed (any writer) at or after the learner's first own write since
    /// the start. A write by no controller is a write by the learner (kubectl or the page's
    /// buttons), so this is the evidence that a check which already held at the start now
    /// holds because of something the learner did, and not merely because nothing happened.
    pub fn touched_after_learner(&self, subject: &Subject) -> bool {
        self.since_start().skip_while(|e| e.by.is_some()).any(|e| subject.matches(&e.object))
    }
}

/// The objects a check is about, to tell whether the learner's actions reached them.
pub struct Subject<'a> {
    pub kind: Option<Kind>,
    pub name: Option<&'a str>,
    pub namespace: Option<&'a str>,
    pub selector: Option<Selector>,
}

impl Subject<'_> {
    pub fn matches(&self, o: &Object) -> bool {
        let m = o.meta();
        self.kind.is_none_or(|k| o.kind() == k)
            && self.namespace.is_none_or(|ns| !o.kind().namespaced() || m.namespace == ns)
            && name_matches(self.name, &m.name)
            && self.selector.as_ref().is_none_or(|s| s.matches(&m.labels))
    }
}

/// An exact name, or a prefix ending in `*`; no pattern matches every name.
pub fn name_matches(pattern: Option<&str>, name: &str) -> bool {
    match pattern {
        None => true,
        Some(p) => match p.strip_suffix('*') {
            Some(prefix) => name.starts_with(prefix),
            None => name == p,
        },
    }
}
