//! Step mode and time travel, without a browser.
use super::super::Sim;
use crate::journal::{Input, Journal};
use kubeloop::model::Pod;

fn run_for(sim: &mut Sim, ms: u32) {
    for _ in 0..ms / 1_000 {
        sim.tick(1_000.0);
    }
}

fn pods(world: &kubeloop::world::World) -> Vec<String> {
    world.store.list::<Pod>(None, None).map(|p| p.metadata.name.clone()).collect()
}

/// A session with three pods until t0+30s, then scaled to one.
fn scaled_session() -> (Sim, i64) {
    let mut sim = Sim::new(3);
    sim.run_command("k create deployment web --image=nginx:1.27 --replicas=3");
    run_for(&mut sim, 20_000);
    let three = sim.world().now().millis();
    run_for(&mut sim, 10_000);
    sim.run_command("k scale deploy/web --replicas=1");
    run_for(&mut sim, 30_000);
    (sim, three)
}

#[test]
fn scrubbing_back_shows_the_earlier_cluster_and_leaves_the_live_one_alone() {
    let (mut sim, three) = scaled_session();
    let live = pods(sim.world());
    assert_eq!(live.len(), 1);
    let now = sim.world().now();
    sim.scrub(three);
    assert!(sim.in_past());
    assert_eq!(pods(sim.shown_world()).len(), 3);
    assert!(pods(sim.shown_world()).contains(&live[0]), "same names: the same replay");
    assert_eq!(sim.shown_world().now().millis(), three);
    // Time does not run under the scrubber.
    sim.tick(1_000.0);
    assert_eq!(sim.world().now(), now);
    sim.back_to_now();
    assert!(!sim.in_past());
    assert!(!sim.paused, "returning restores the play state");
    assert_eq!(pods(sim.shown_world()), live);
}

#[test]
fn scrubbing_forward_continues_the_replay_and_matches_a_fresh_one() {
    let (mut sim, three) = scaled_session();
    sim.scrub(three - 10_000);
    sim.scrub(three + 25_000);
    let stepped = pods(sim.shown_world());
    let rv = sim.shown_world().store.resource_version();
    sim.back_to_now();
    sim.scrub(three + 25_000);
    assert_eq!(pods(sim.shown_world()), stepped);
    assert_eq!(sim.shown_world().store.resource_version(), rv);
}

#[test]
fn forking_drops_later_inputs_and_carries_on_from_the_moment_shown() {
    let (mut sim, three) = scaled_session();
    sim.scrub(three);
    sim.fork_here();
    assert!(!sim.in_past());
    assert!(sim.paused);
    assert_eq!(sim.world().now().millis(), three);
    assert_eq!(pods(sim.world()).len(), 3);
    assert!(sim.history.iter().all(|h| !h.contains("scale")), "{:?}", sim.history);
    assert!(sim.log.last().is_some_and(|l| l.text.contains("1 later inputs dropped")));
    // The fork is a session like any other: it goes on, saves and restores.
    sim.paused = false;
    sim.run_command("k scale deploy/web --replicas=2");
    run_for(&mut sim, 20_000);
    let journal = Journal::decode(&sim.snapshot().encode()).expect("round trip");
    assert_eq!(pods(Sim::restore(&journal).world()), pods(sim.world()));
    assert_eq!(pods(sim.world()).len(), 2);
}

#[test]
fn step_mode_runs_one_action_and_says_which_loop_did_what() {
    let mut sim = Sim::new(2);
    sim.run_command("k create deployment web --image=nginx:1.27 --replicas=2");
    sim.step_action();
    assert!(sim.paused, "stepping pauses the clock");
    let first = sim.last_action.clone().expect("the deployment loop acts");
    assert_eq!(first.controller, "deployment");
    assert_eq!(first.target.name, "web");
    assert!(
        first.writes.iter().any(|w| w.starts_with("ADDED replicaset/web-")),
        "{:?}",
        first.writes
    );
    assert!(pods(sim.world()).is_empty(), "only the deployment loop has acted");
    sim.step_action();
    let second = sim.last_action.clone().expect("the replicaset loop acts");
    assert_eq!(second.controller, "replicaset");
    assert!(
        second.decisions.iter().any(|d| d.action.contains("create 2")),
        "{:?}",
        second.decisions
    );
    assert_eq!(pods(sim.world()).len(), 2);
}

#[test]
fn steps_share_one_journal_entry_and_replay_to_the_same_cluster() {
    let mut sim = Sim::new(2);
    sim.run_command("k create deployment web --image=nginx:1.27 --replicas=2");
    for _ in 0..7 {
        sim.step_action();
    }
    let entries = &sim.snapshot().entries;
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[1].input, Input::Step(7));
    sim.paused = false;
    run_for(&mut sim, 2_000);
    sim.step_action();
    assert_eq!(sim.snapshot().entries.len(), 3, "time ran between: a new entry");
    let journal = Journal::decode(&sim.snapshot().encode()).expect("round trip");
    let restored = Sim::restore(&journal);
    assert_eq!(pods(restored.world()), pods(sim.world()));
    assert_eq!(restored.world().store.resource_version(), sim.world().store.resource_version());
    assert_eq!(restored.world().decisions.total(), sim.world().decisions.total());
}

#[test]
fn a_step_on_a_quiet_cluster_says_so() {
    let mut sim = Sim::new(2);
    sim.step_action();
    assert!(sim.last_action.is_none());
    assert!(sim.log.last().is_some_and(|l| l.text.contains("quiet")));
}

#[test]
fn scrubber_marks_follow_the_journal_and_are_reused_while_it_is_unchanged() {
    let mut sim = Sim::new(2);
    sim.run_command("k create deployment web --image=nginx:1.27 --replicas=1");
    sim.step_action();
    let marks = sim.input_marks();
    assert_eq!(marks.len(), 2);
    assert_eq!(marks[1].1, "step \u{d7}1");
    assert!(std::rc::Rc::ptr_eq(&marks, &sim.input_marks()), "nothing changed: no rebuild");
    sim.step_action();
    assert_eq!(sim.input_marks()[1].1, "step \u{d7}2", "a merged step updates its mark");
    sim.run_command("k get pods");
    assert_eq!(sim.input_marks().last().map(|m| m.1.as_str()), Some("k get pods"));
}
