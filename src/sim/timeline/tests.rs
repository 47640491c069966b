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
    assert!(sim.log.last().is_some_and(|l| l.text.contains("(1 later input dropped)")));
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
        second.decisions.iter().any(|d| d.action.to_string().contains("create 2")),
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
fn a_step_on_a_quiet_cluster_leaves_the_clock_and_offers_the_next_timer() {
    let mut sim = Sim::new(2);
    let t0 = sim.world().now();
    sim.step_action();
    let lines = sim.log.len();
    sim.step_action();
    sim.step_action();
    assert_eq!(sim.world().now(), t0, "each press on a quiet cluster leaves time alone");
    assert_eq!(sim.log.len(), lines, "said once, however often Step is pressed");
    assert!(sim.last_action.is_none());
    let next = sim.quiet_step.clone().and_then(|q| q.next).expect("a next timer");
    assert_eq!(next.what(), "every loop's informer resync");
    assert!(next.in_ms > 0 && next.in_ms <= 30_000, "{}", next.in_ms);
    let line = &sim.log.last().expect("a line").text;
    assert!(
        line.starts_with(
            "step: nothing to do: no loop has work now (next: every loop's informer resync in "
        ) && line.ends_with("; Jump goes there)"),
        "{line}"
    );
    // Jump runs the clock to the resync, then takes the step it brings.
    sim.jump_to_next_timer();
    assert_eq!(sim.world().now().since(t0), next.in_ms);
    assert!(sim.quiet_step.is_some() || sim.last_action.is_some());
    let entries = &sim.snapshot().entries;
    assert_eq!(entries.last().map(|e| &e.input), Some(&Input::Jump));
    let restored = Sim::restore(&Journal::decode(&sim.snapshot().encode()).expect("round trip"));
    assert_eq!(restored.world().now(), sim.world().now());
    assert_eq!(restored.world().store.resource_version(), sim.world().store.resource_version());
}

#[test]
fn a_crash_looping_pod_offers_a_jump_to_its_kubelet_back_off() {
    let mut sim = Sim::new(2);
    sim.run_command("k run crash --image=busybox:crash");
    run_for(&mut sim, 20_000);
    // Step, and jump past informer resyncs, until the kubelet's own timer is next.
    let mut next = None;
    for _ in 0..100 {
        sim.step_action();
        match sim.quiet_step.clone().and_then(|q| q.next) {
            Some(t) if t.what().starts_with("kubelet ") => {
                next = Some(t);
                break;
            }
            Some(_) => sim.jump_to_next_timer(),
            None => {}
        }
    }
    let next = next.expect("the pod waits out a back-off");
    assert_eq!(next.what(), "kubelet back-off for pod/crash");
    let before = sim.world().now();
    sim.jump_to_next_timer();
    let jumped = sim.world().now().since(before);
    assert!(jumped >= next.in_ms - 100 && jumped <= next.in_ms + 100, "{jumped} vs {}", next.in_ms);
    let acted = sim.last_action.clone().expect("the kubelet acts when its timer fires");
    assert_eq!(acted.controller, "kubelet");
}

#[test]
fn paused_a_foreground_delete_waits_while_each_step_shows_one_loop_acting() {
    let mut sim = Sim::new(3);
    sim.run_command("k create deployment web --image=nginx:1.27 --replicas=2");
    run_for(&mut sim, 4_000);
    sim.paused = true;
    let t = sim.world().now();
    sim.run_command("k delete deploy web --cascade=foreground");
    run_for(&mut sim, 3_000);
    assert_eq!(sim.world().now(), t, "the clock does not move while paused");
    assert!(sim
        .log
        .last()
        .is_some_and(|l| l.text == "deployment.apps \"web\" deleted from default namespace"));
    assert!(sim
        .waiting()
        .is_some_and(|w| w.what == "waiting for deployment.apps/web to be deleted"));
    let mut loops = Vec::new();
    for _ in 0..200 {
        if sim.waiting().is_none() {
            break;
        }
        sim.step_action();
        match (&sim.last_action, &sim.quiet_step) {
            (Some(a), _) => loops.push(a.controller.clone()),
            (None, Some(_)) => sim.jump_to_next_timer(),
            (None, None) => panic!("a step either acts or says why not"),
        }
    }
    assert!(sim.waiting().is_none(), "the delete ended once the deployment was gone");
    assert!(sim.world().store.get::<kubeloop::model::Deployment>("default", "web").is_none());
    assert!(loops.iter().any(|l| l == "garbage-collector"), "{loops:?}");
    assert!(loops.iter().any(|l| l == "kubelet"), "{loops:?}");
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
