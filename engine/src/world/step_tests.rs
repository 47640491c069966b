//! Step mode and ticks: one reconcile at a time, in loop order; informers that fall behind.

use crate::kubectl::Mode;
use crate::session::Session;
use crate::store::WatchEventType;
use crate::world::World;

use super::*;

/// A page-like session (seed 7) after `cmd`, which must succeed; `timers.rs` shares it.
pub(in crate::world) fn session_with(cmd: &str) -> Session {
    let mut s = Session::new(World::new(7), Mode::Interactive);
    let out = s.run(cmd);
    assert_eq!(out.status, 0, "{}", out.text());
    s
}

#[test]
fn step_mode_runs_one_reconcile_at_a_time_in_loop_order() {
    let mut s = session_with("k create deployment web --image=nginx --replicas=3");
    let w = &mut s.world;
    let first = w.step_action(60_000).acted().expect("the deployment loop has work");
    assert_eq!(first.controller, ControllerName::Deployment);
    assert_eq!(first.key.key().name, "web");
    // One reconcile may take several steps (make the ReplicaSet, scale it), all its own.
    let decided: Vec<_> = w.decisions.since(first.decisions.start).collect();
    assert!(!decided.is_empty());
    assert!(decided.iter().all(|d| d.controller == ControllerName::Deployment && d.name == "web"));
    // Its write (a new ReplicaSet) is attributed to it.
    let wrote: Vec<_> = w.store.watch.since(first.writes.start).collect();
    assert!(wrote.iter().any(|e| e.ty == WatchEventType::Added
        && e.object.meta().name.starts_with("web-")
        && e.by == Some(ControllerName::Deployment.manager())));
}

#[test]
fn informers_that_fall_behind_the_watch_log_relist_at_once() {
    // A burst bigger than the ring: 200 pods write far more than 64 events in a tick.
    let mut s = session_with("settle");
    s.world.store.watch = crate::store::WatchLog::with_capacity(64);
    let out = s.run("k create deployment web --image=nginx --replicas=200");
    assert_eq!(out.status, 0, "{}", out.text());
    let settled = s.world.settle();
    let out = s.run("k get deploy web -o jsonpath='{.status.readyReplicas}'");
    assert_eq!(out.text(), "200");
    // Without the relist the lost events would wait for the 30 s informer resync.
    assert!(settled.elapsed_ms < s.world.config.resync_ms, "took {} ms", settled.elapsed_ms);
}

#[test]
fn a_tick_cut_into_slices_reaches_the_same_cluster_as_whole_ticks() {
    let run = |sliced: bool| {
        let mut s = session_with("k create deployment web --image=nginx --replicas=30");
        let (mut ticks, mut slices) = (0, 0);
        while ticks < 100 {
            // Stop after every reconcile: the thinnest slices there are.
            let done =
                if sliced { s.world.step_until(|| true) } else { s.world.step_until(|| false) };
            slices += 1;
            ticks += usize::from(done);
        }
        let out = s.run(
            "k get pods -o jsonpath='{.items[*].metadata.name} {.items[*].spec.nodeName} \
             {.items[*].status.phase} {.items[*].status.podIP}'",
        );
        (out.text(), s.world.now(), slices)
    };
    let (whole, at, _) = run(false);
    let (sliced, sliced_at, slices) = run(true);
    assert_eq!(sliced, whole);
    assert_eq!(sliced_at, at);
    assert!(slices > 200, "only {slices} slices for 100 busy ticks");
}

#[test]
fn stepping_action_by_action_reaches_the_same_cluster_as_ticking() {
    let run = |by_action: bool| {
        let mut s = session_with("k create deployment web --image=nginx --replicas=3");
        let mut actions = 0;
        if by_action {
            // Act while there is work; when there is none, jump to the next timer.
            let until = s.world.now().plus_millis(60_000);
            while s.world.now() < until {
                match s.world.step_action(60_000) {
                    StepOutcome::Acted(_) => actions += 1,
                    StepOutcome::Quiet(Some(t)) => {
                        while !s.world.has_work_now() && s.world.now() < t.at {
                            s.world.step();
                        }
                    }
                    StepOutcome::Quiet(None) => break,
                }
            }
        } else {
            s.world.advance(60_000);
        }
        s.world.settle();
        let out = s.run(
            "k get pods -o jsonpath='{.items[*].metadata.name} {.items[*].spec.nodeName} \
             {.items[*].status.phase} {.items[*].status.podIP}'",
        );
        (out.text(), actions)
    };
    let (ticked, _) = run(false);
    let (stepped, actions) = run(true);
    assert_eq!(stepped, ticked);
    assert!(actions > 5, "only {actions} actions to start three pods");
}

#[test]
fn writes_say_who_made_them() {
    let mut s = session_with("k create deployment web --image=nginx --replicas=1");
    s.world.settle();
    let by_user = s.world.store.watch.since(0).find(|e| e.object.meta().name == "web");
    assert_eq!(by_user.map(|e| e.by), Some(None));
    let writers: std::collections::BTreeSet<_> =
        s.world.store.watch.since(0).filter_map(|e| e.by).collect();
    for c in [
        ControllerName::Deployment,
        ControllerName::ReplicaSet,
        ControllerName::Scheduler,
        ControllerName::Kubelet,
    ] {
        assert!(writers.contains(&c.manager()), "{c} wrote nothing");
    }
}

#[test]
fn events_expire_an_hour_after_they_last_happened() {
    let mut s = session_with("k create deployment web --image=nginx --replicas=2");
    s.world.settle();
    let recorded = s.world.store.count::<crate::model::Event>();
    assert!(recorded > 0);
    s.world.advance(50 * 60 * 1000);
    assert_eq!(s.world.store.count::<crate::model::Event>(), recorded, "within the hour");
    s.world.advance(15 * 60 * 1000);
    assert_eq!(s.world.store.count::<crate::model::Event>(), 0, "gone after --event-ttl");
}

#[test]
fn a_loop_paused_mid_tick_keeps_its_key_for_later() {
    let mut s = session_with("k create deployment web --image=nginx --replicas=2");
    let w = &mut s.world;
    w.step();
    w.begin_tick();
    assert!(w.pending.iter().any(|p| p.controller == ControllerName::ReplicaSet));
    w.set_controller(ControllerName::ReplicaSet, RunState::Paused);
    w.advance(5_000);
    assert_eq!(w.store.pods.len(), 0);
    w.set_controller(ControllerName::ReplicaSet, RunState::Running);
    w.settle();
    assert_eq!(w.store.pods.len(), 2);
}

/// What every cluster starts with (the `kubernetes` Service and its endpoints, the nodes'
/// leases) gives the loops that ship with the course part no turn, through the first
/// informer resync and the leases' renewals: in the page, such a turn would fetch the part
/// before the learner typed anything beyond the lesson.
#[test]
fn a_fresh_cluster_gives_the_course_parts_loops_no_turn() {
    let mut w = World::new(1);
    let first_load = [
        ControllerName::NodeLifecycle,
        ControllerName::Deployment,
        ControllerName::ReplicaSet,
        ControllerName::GarbageCollector,
        ControllerName::Scheduler,
        ControllerName::Kubelet,
        ControllerName::NodeLease,
    ];
    let window = 2 * w.config.resync_ms + 1_000;
    let until = w.now.plus_millis(window);
    let mut leased = 0;
    while w.now < until {
        w.begin_tick();
        for item in &w.pending {
            assert!(first_load.contains(&item.controller), "{:?} had a turn", item.controller);
            leased += usize::from(item.controller == ControllerName::NodeLease);
        }
        // Runs the planned tick; an empty one is done (`step` would begin another).
        if !w.pending.is_empty() {
            w.step();
        }
    }
    let rounds = (window / crate::model::NODE_LEASE_RENEW_MS) as usize;
    assert_eq!(leased, 3 * rounds, "the kubelets' renewals in {window} ms");
}
