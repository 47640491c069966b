//! The rollout budget meter as data: for each Deployment rolling out in the world on show, the
//! engine's `RolloutBudget` plus what drawing it needs (the bar's length in pods, where its
//! lines fall). It holds no arithmetic of its own; every number is the engine's, the same the
//! Deployment loop's decision text states. It knows nothing about the DOM.

use kubeloop::clock::Time;
use kubeloop::controllers::deployment::budget::{budgets, RolloutBudget};
use kubeloop::world::World;

/// How long, in simulated ms, a finished rollout's meter stays up. The finished state (every
/// pod new and available, the old ReplicaSet at 0) is the end of the lesson; a meter that
/// vanished the instant the last pod became available would hide it. Simulated, not real,
/// time: it pauses with the clock and is the same when the timeline replays the moment.
pub const LINGER_MS: i64 = 6_000;

/// One Deployment's meter.
#[derive(Clone, Debug, PartialEq)]
pub struct Meter {
    pub budget: RolloutBudget,
    /// The rollout is complete and the meter only lingers.
    pub finished: bool,
    /// The bars' length in pods: room for the max total, and for whatever exists beyond it
    /// (a Deployment scaled down mid-rollout), never 0.
    pub scale: i32,
}

impl Meter {
    /// "web", or "shop/web" outside the default namespace.
    pub fn title(&self) -> String {
        let b = &self.budget;
        if b.namespace == "default" {
            b.name.clone()
        } else {
            format!("{}/{}", b.namespace, b.name)
        }
    }

    /// Where `n` pods fall along the bar, in percent of its length.
    pub fn at(&self, n: i32) -> f64 {
        f64::from(n.clamp(0, self.scale)) * 100.0 / f64::from(self.scale)
    }

    /// Old and new replicas (what the loop counts), old first.
    pub fn replicas(&self) -> (i32, i32) {
        (self.budget.old.replicas, self.budget.new_rs.as_ref().map_or(0, |s| s.replicas))
    }

    /// Old and new available pods, old first.
    pub fn available(&self) -> (i32, i32) {
        (self.budget.old.available, self.budget.new_rs.as_ref().map_or(0, |s| s.available))
    }
}

/// The meters for `world`: Deployments rolling from one template to another, and those that
/// finished within `LINGER_MS`, in namespace and name order. A Deployment's first rollout
/// (no old ReplicaSet yet) has no old pods to trade against new ones, so it gets no meter:
/// the first lesson, pods appearing for a new Deployment, stays uncovered.
pub fn meters(world: &World) -> Vec<Meter> {
    linked().map_or_else(Vec::new, |meters| meters(world))
}

type Meters = fn(&World) -> Vec<Meter>;

// Only a later command (`set image`, `rollout`, `apply`) or the editor's save, all in the
// course part, can start a rollout with an old ReplicaSet; so in the page's split build the
// meters' code ships with the course part (`crate::lazy::course` calls `link`), and before
// it there is nothing to measure.
crate::lazy::seam!(Meters = measure);

fn measure(world: &World) -> Vec<Meter> {
    let now = world.now();
    budgets(&world.store).into_iter().filter_map(|b| meter(b, now)).collect()
}

fn meter(budget: RolloutBudget, now: Time) -> Option<Meter> {
    let lingering = budget.completed_at.is_some_and(|t| (now.millis() - t.millis()) < LINGER_MS);
    if budget.old_revisions == 0 || (!budget.in_progress && !lingering) {
        return None;
    }
    let bound = budget.limits.as_ref().map_or(budget.desired, |l| l.max_total);
    let scale = bound.max(budget.total()).max(budget.desired).max(1);
    Some(Meter { finished: !budget.in_progress, scale, budget })
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeloop::kubectl::Mode;
    use kubeloop::model::Deployment;
    use kubeloop::session::Session;

    fn run(s: &mut Session, line: &str) {
        let out = s.run(line);
        assert_eq!(out.status, 0, "{line}: {}", out.text());
    }

    fn settled(replicas: i32) -> Session {
        let mut s = Session::new(World::new(5), Mode::Script);
        run(&mut s, &format!("k create deployment web --image=nginx:1.27 --replicas={replicas}"));
        s.world.settle();
        s.world.advance(LINGER_MS);
        s
    }

    #[test]
    fn a_first_rollout_and_a_settled_deployment_show_no_meter() {
        let mut s = Session::new(World::new(5), Mode::Script);
        run(&mut s, "k create deployment web --image=nginx:1.27 --replicas=4");
        s.world.step();
        assert!(budgets(&s.world.store)[0].in_progress, "pods are still starting");
        assert_eq!(meters(&s.world), vec![], "no old pods: nothing to budget");
        assert_eq!(meters(&settled(4).world), vec![]);
    }

    #[test]
    fn a_four_replica_rollout_shows_max_five_min_three_and_old_new_moving() {
        let mut s = settled(4);
        run(&mut s, "k set image deployment/web nginx=nginx:1.28");
        let w = &mut s.world;
        let mut seen = Vec::new();
        for _ in 0..4000 {
            let Some(m) = meters(w).into_iter().next() else { break };
            let l = m.budget.limits.clone().expect("a rolling update has limits");
            assert_eq!((m.budget.desired, l.max_total, l.min_available, m.scale), (4, 5, 3, 5));
            assert_eq!((l.max_surge.to_string(), l.surge), ("25%".into(), 1));
            let (old, new) = m.replicas();
            assert!(old + new <= 5, "{old} old + {new} new");
            let (old_av, new_av) = m.available();
            assert!(old_av + new_av >= 3, "{old_av} + {new_av} available");
            if seen.last() != Some(&(old, new, m.finished)) {
                seen.push((old, new, m.finished));
            }
            w.step();
        }
        assert_eq!(seen.first().map(|s| s.0), Some(4), "starts with the old pods: {seen:?}");
        assert!(seen.iter().any(|&(old, new, _)| old > 0 && new > 0), "{seen:?}");
        assert_eq!(seen.last(), Some(&(0, 4, true)), "ends all new, then lingers: {seen:?}");
        assert_eq!(meters(w), vec![], "gone once the linger is over");
    }

    #[test]
    fn recreate_shows_no_limits_and_a_bar_of_desired_length() {
        let mut s = settled(3);
        let w = &mut s.world;
        w.modify::<Deployment>("default", "web", |d| {
            d.spec.strategy.type_ = kubeloop::model::StrategyType::Recreate;
            d.spec.strategy.rolling_update = None;
            d.spec.template.spec.containers[0].image = "nginx:1.28".into();
        })
        .unwrap();
        w.step();
        let m = meters(w).pop().expect("a Recreate rollout is shown too");
        assert_eq!((m.budget.limits.clone(), m.scale, m.title()), (None, 3, "web".into()));
        assert_eq!(m.at(3), 100.0);
    }
}
