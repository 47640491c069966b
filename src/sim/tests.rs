//! The page session without a browser: commands, time, watches, editing, missions, journals.
use super::*;
use kubeloop::model::Kind;

fn text(sim: &Sim) -> String {
    sim.log.iter().map(|l| l.text.as_str()).collect::<Vec<_>>().join("\n")
}

#[test]
fn commands_echo_and_print_their_output() {
    let mut sim = Sim::new(1);
    sim.run_command("k create deployment web --image=nginx:1.27 --replicas=2");
    assert!(text(&sim).contains("$ k create deployment web"));
    assert!(text(&sim).contains("deployment.apps/web created"));
    sim.run_command("k get pod nope");
    assert_eq!(sim.log.last().unwrap().kind, LineKind::Error);
}

#[test]
fn the_timer_moves_simulated_time_at_the_chosen_speed() {
    let mut sim = Sim::new(1);
    let t0 = sim.world().now();
    sim.tick(1_000.0);
    assert_eq!(sim.world().now().since(t0), 1_000);
    sim.paused = true;
    sim.tick(1_000.0);
    assert_eq!(sim.world().now().since(t0), 1_000);
    sim.speed = Speed::from_value("5").expect("5x is on the dial");
    sim.tick(1_000.0);
    assert_eq!(sim.world().now().since(t0), 1_000, "a new speed does not unpause");
    sim.paused = false;
    sim.tick(200.0);
    assert_eq!(sim.world().now().since(t0), 2_000);
    // A quarter speed builds up whole ticks across timer fires.
    sim.speed = Speed::from_value("0.25").expect("0.25x is on the dial");
    for _ in 0..4 {
        sim.tick(100.0);
    }
    assert_eq!(sim.world().now().since(t0), 2_100);
    sim.speed = Speed::from_value("10").expect("10x is on the dial");
    sim.tick(100.0);
    assert_eq!(sim.world().now().since(t0), 3_100);
}

#[test]
fn the_speed_dial_runs_from_a_quarter_to_ten_times() {
    let labels: Vec<String> = Speed::DIAL.iter().map(|s| s.label()).collect();
    assert_eq!(labels, ["0.25\u{d7}", "0.5\u{d7}", "1\u{d7}", "2\u{d7}", "5\u{d7}", "10\u{d7}"]);
    for s in Speed::DIAL {
        assert_eq!(Speed::from_value(&s.value()), Some(s));
    }
    assert_eq!(Speed::from_value("3"), None);
    assert_eq!(Speed::NORMAL.factor(), 1.0);
}

#[test]
fn reset_with_a_seed_starts_a_fresh_cluster_and_clears_the_layout() {
    let mut sim = Sim::new(1);
    sim.run_command("k create deployment web --image=nginx:1.27");
    sim.run_command("reset --seed 42");
    assert!(sim.reset);
    assert_eq!(sim.world().seed(), 42);
    assert!(text(&sim).contains("$ reset --seed 42"));
    assert!(sim.world().store.get::<kubeloop::model::Deployment>("default", "web").is_none());
}

#[test]
fn a_watch_streams_rows_until_stopped() {
    let mut sim = Sim::new(1);
    sim.run_command("k create deployment web --image=nginx:1.27 --replicas=1");
    sim.run_command("k get pods -w");
    assert!(sim.session.watching());
    for _ in 0..30 {
        sim.tick(100.0);
    }
    assert!(text(&sim).contains("ContainerCreating"), "{}", text(&sim));
    sim.stop_watch();
    assert!(!sim.session.watching());
    assert_eq!(sim.log.last().unwrap().text, "^C");
}

#[test]
fn buttons_run_the_equivalent_kubectl_command() {
    let mut sim = Sim::new(1);
    sim.run_command("k create deployment web --image=nginx:1.27 --replicas=2");
    sim.run_action(&Action::Scale {
        target: ObjRef::new(Kind::Deployment, "default", "web"),
        replicas: 3,
    });
    assert!(text(&sim).contains("$ k scale deploy/web --replicas=3"));
    assert!(text(&sim).contains("deployment.apps/web scaled"));
}

#[test]
fn an_edit_saves_in_place_without_recording_last_applied_configuration() {
    // kubectl edit keeps --save-config false: an object made by `create` gets no
    // last-applied-configuration from an edit, and no apply warning is shown.
    let mut sim = Sim::new(1);
    sim.run_command("k create deployment web --image=nginx:1.27 --replicas=2");
    sim.run_command("k edit deploy/web");
    let state = sim.editor.clone().expect("editor open");
    sim.save_editor(&state.initial.replace("replicas: 2", "replicas: 4"));
    assert!(sim.editor.is_none());
    let shown = text(&sim);
    assert!(shown.contains("deployment.apps/web edited"), "{shown}");
    assert!(!shown.contains("last-applied-configuration"), "{shown}");
    let store = &sim.world().store;
    let d = store.get::<kubeloop::model::Deployment>("default", "web").unwrap();
    assert_eq!(d.spec.replicas, 4);
    assert!(d.metadata.annotations.keys().all(|k| !k.contains("last-applied")));
}

#[test]
fn the_editor_keeps_the_text_on_error_and_applies_good_yaml() {
    let mut sim = Sim::new(1);
    sim.run_command("k create deployment web --image=nginx:1.27 --replicas=2");
    sim.run_command("k edit deploy/web");
    let state = sim.editor.clone().expect("editor open");
    assert!(state.initial.contains("replicas: 2"));
    sim.save_editor(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec: {replicaz: 3}\n",
    );
    let err = sim.editor.as_ref().and_then(|e| e.error.clone()).expect("error shown");
    assert!(err.contains("replicaz"), "{err}");
    sim.save_editor(&state.initial.replace("replicas: 2", "replicas: 5"));
    assert!(sim.editor.is_none());
    assert!(text(&sim).contains("deployment.apps/web edited"), "{}", text(&sim));
    assert_eq!(
        sim.world()
            .store
            .get::<kubeloop::model::Deployment>("default", "web")
            .unwrap()
            .spec
            .replicas,
        5
    );
    sim.run_command("k edit deploy/nope");
    assert!(
        text(&sim).contains("Error from server (NotFound): deployments.apps \"nope\" not found")
    );
}

fn web_pods(sim: &Sim) -> usize {
    sim.world()
        .store
        .list::<kubeloop::model::Pod>(Some("default"), None)
        .filter(|p| p.metadata.labels.get("app").map(String::as_str) == Some("web"))
        .count()
}

#[test]
fn starting_a_mission_resets_with_the_seed_and_runs_its_setup() {
    let mut sim = Sim::new(7);
    sim.run_command("k create deployment other --image=nginx:1.27");
    sim.start_mission("delete-a-pod");
    assert!(sim.reset);
    assert_eq!(sim.mission.as_deref(), Some("delete-a-pod"));
    assert!(text(&sim).contains("$ reset --seed 7"), "{}", text(&sim));
    assert!(text(&sim).contains("mission: Delete a pod and watch it come back"));
    assert_eq!(web_pods(&sim), 3);
    assert!(sim.world().store.get::<kubeloop::model::Deployment>("default", "other").is_none());
}

#[test]
fn an_unknown_mission_is_an_error_line_not_a_panic() {
    let mut sim = Sim::new(1);
    sim.start_mission("nope");
    assert_eq!(sim.mission, None);
    assert_eq!(sim.log.last().unwrap().kind, LineKind::Error);
    sim.check_mission();
    assert_eq!(sim.verdict, None);
}

#[test]
fn checking_before_doing_anything_fails_with_reasons() {
    let mut sim = Sim::new(1);
    sim.start_mission("stop-for-real");
    sim.check_mission();
    let verdict = sim.verdict.clone().expect("a verdict");
    assert!(!verdict.passed);
    assert!(verdict.results[0].line().contains("found 3 pods"), "{:?}", verdict);
    assert!(sim.done.is_empty());
}

#[test]
fn each_worked_solution_typed_into_the_page_passes_and_marks_the_mission_done() {
    let names: Vec<String> = Sim::new(1).missions.iter().map(|m| m.name.clone()).collect();
    assert!(names.len() >= 9);
    for name in names {
        let mut sim = Sim::new(1);
        sim.start_mission(&name);
        let solution = sim.active_mission().expect("started").solution.clone();
        // One input per command, as typed into the command box: a heredoc is one input.
        for unit in kubeloop::script::units(&solution) {
            sim.run_command(&unit.text);
            // A command that waits (a drain retrying every 5 s an eviction a budget refuses)
            // ends as time runs, as in the page.
            for _ in 0..600 {
                if sim.waiting().is_none_or(|w| w.watch) {
                    break;
                }
                sim.tick(1_000.0);
            }
            sim.session.world.settle();
        }
        if sim.session.watching() {
            sim.stop_watch();
        }
        sim.check_mission();
        let verdict = sim.verdict.clone().expect("a verdict");
        assert!(verdict.passed, "{name}: {verdict:?}\n{}", text(&sim));
        // Counted in the course it belongs to, which the panel now shows.
        assert!(sim.done.contains(&crate::sim::progress_key(&sim.course, &name)), "{name}");
        assert!(sim.course_entry(&sim.course).is_some_and(|c| c.missions.contains(&name)));
    }
}

#[test]
fn a_restored_journal_rebuilds_the_same_cluster_and_log() {
    let mut sim = Sim::new(5);
    sim.run_command("k create deployment web --image=nginx:1.27 --replicas=3");
    for _ in 0..30 {
        sim.tick(100.0);
    }
    sim.run_command("k delete $(k get pods -o name | head -1) --wait=false");
    for _ in 0..15 {
        sim.tick(100.0);
    }
    sim.run_command("k edit deploy/web");
    let yaml = sim.editor.clone().unwrap().initial.replace("replicas: 3", "replicas: 2");
    sim.save_editor(&yaml);
    for _ in 0..20 {
        sim.tick(100.0);
    }
    let journal = Journal::decode(&sim.snapshot().encode()).expect("round trip");
    let restored = Sim::restore(&journal);
    let names = |s: &Sim| -> Vec<String> {
        s.world()
            .store
            .list::<kubeloop::model::Pod>(None, None)
            .map(|p| p.metadata.name.clone())
            .collect()
    };
    assert_eq!(restored.world().now(), sim.world().now());
    assert_eq!(names(&restored), names(&sim));
    assert_eq!(restored.world().store.resource_version(), sim.world().store.resource_version());
    assert_eq!(restored.history, sim.history);
    assert_eq!(text(&restored), text(&sim));
}

#[test]
fn ticks_sliced_by_a_frame_budget_replay_to_the_same_cluster() {
    let mut sim = Sim::new(5);
    sim.run_command("k create deployment web --image=nginx:1.27 --replicas=40");
    // A budget that runs out after every reconcile: each busy tick takes many fires.
    let mut sliced_fires = 0;
    for _ in 0..40 {
        sim.tick_within(100.0, || true);
        sliced_fires += usize::from(sim.mid_slice());
    }
    assert!(sliced_fires > 10, "only {sliced_fires} fires ended mid-tick");
    // A command typed mid-tick lands after that tick, as a replay puts it.
    while !sim.mid_slice() {
        sim.tick_within(100.0, || true);
    }
    sim.run_command("k scale deploy/web --replicas=7");
    assert!(!sim.mid_slice());
    for _ in 0..60 {
        sim.tick_within(100.0, || true);
    }
    sim.finish_slice();
    let journal = Journal::decode(&sim.snapshot().encode()).expect("round trip");
    let restored = Sim::restore(&journal);
    let pods = |s: &Sim| -> Vec<(String, String)> {
        s.world()
            .store
            .list::<kubeloop::model::Pod>(None, None)
            .map(|p| (p.metadata.name.clone(), format!("{:?}", p.status.phase)))
            .collect()
    };
    assert_eq!(restored.world().now(), sim.world().now());
    assert_eq!(pods(&restored), pods(&sim));
    assert_eq!(restored.world().store.resource_version(), sim.world().store.resource_version());
    assert_eq!(text(&restored), text(&sim));
}

#[test]
fn a_restored_journal_brings_back_the_active_mission() {
    let mut sim = Sim::new(4);
    sim.start_mission("stop-for-real");
    sim.run_command("k scale deploy/web --replicas=0");
    let journal = Journal::decode_link(&sim.snapshot().encode_link()).expect("round trip");
    let mut restored = Sim::restore(&journal);
    assert_eq!(restored.mission.as_deref(), Some("stop-for-real"));
    restored.session.world.settle();
    restored.check_mission();
    assert!(restored.verdict.as_ref().is_some_and(|v| v.passed));
}

#[test]
fn a_giant_paste_is_refused_without_spoiling_the_saved_session() {
    let mut sim = Sim::new(2);
    sim.run_command("k create deployment web --image=nginx:1.27");
    let before = sim.snapshot().clone();
    sim.run_command(&format!("k get pods {}", "x".repeat(10 << 20)));
    assert!(text(&sim).contains("longer than the 1048576 byte limit"));
    assert!(sim.log.iter().all(|l| l.text.len() < 1_000), "the paste is not echoed whole");
    assert_eq!(sim.snapshot().entries, before.entries, "nothing recorded");
    assert_eq!(sim.history.len(), 1);
}

#[test]
fn a_session_stops_saving_before_its_journal_outgrows_a_reload() {
    let mut sim = Sim::new(2);
    let manifest = format!(
        "k apply -f - <<EOF\napiVersion: v1\nkind: ConfigMap\nmetadata: {{name: big}}\ndata: {{a: {}}}\nEOF",
        "x".repeat(60_000)
    );
    for _ in 0..6 {
        sim.run_command(&manifest);
    }
    assert!(text(&sim).contains("too long to save"));
    let saved = sim.snapshot().encode();
    assert!(saved.len() <= crate::journal::MAX_BYTES, "{}", saved.len());
    assert!(Journal::decode(&saved).is_ok(), "what was saved still loads");
}

/// A settled Deployment `web` with two pods, then the clock paused.
fn paused_with_web(seed: u64) -> Sim {
    let mut sim = Sim::new(seed);
    sim.run_command("k create deployment web --image=nginx:1.27 --replicas=2");
    for _ in 0..40 {
        sim.tick(100.0);
    }
    sim.paused = true;
    sim
}

#[test]
fn a_foreground_delete_typed_while_paused_waits_and_replays_exactly() {
    let mut sim = paused_with_web(6);
    let t = sim.world().now();
    sim.run_command("k delete deploy web --cascade=foreground && k get deploy");
    for _ in 0..10 {
        sim.tick(100.0);
    }
    assert_eq!(sim.world().now(), t, "paused means paused");
    assert!(text(&sim).ends_with("deployment.apps \"web\" deleted from default namespace"));
    let waiting = sim.waiting().expect("the delete waits");
    assert_eq!(waiting.what, "waiting for deployment.apps/web to be deleted");
    for _ in 0..3 {
        sim.step_action();
    }
    let journal = Journal::decode(&sim.snapshot().encode()).expect("round trip");
    let mut restored = Sim::restore(&journal);
    assert_eq!(text(&restored), text(&sim));
    assert_eq!(restored.world().now(), sim.world().now());
    assert_eq!(restored.world().store.resource_version(), sim.world().store.resource_version());
    assert_eq!(restored.waiting(), sim.waiting(), "the restored session still waits");
    // Both go on the same way: the delete completes and the rest of the line runs.
    for s in [&mut sim, &mut restored] {
        s.paused = false;
        for _ in 0..100 {
            s.tick(100.0);
        }
    }
    assert!(sim.waiting().is_none());
    assert!(text(&sim).ends_with("No resources found in default namespace."), "{}", text(&sim));
    assert_eq!(text(&restored), text(&sim));
    assert_eq!(restored.world().store.resource_version(), sim.world().store.resource_version());
}

#[test]
fn ctrl_c_on_a_wait_is_journaled_and_skips_what_follows_an_and() {
    let mut sim = paused_with_web(6);
    sim.run_command("k delete deploy web --cascade=foreground && k get deploy; k get rs -o name");
    sim.step_action();
    sim.interrupt();
    let shown = text(&sim);
    assert!(shown.contains("^C\nreplicaset.apps/web-"), "{shown}");
    assert!(!shown.contains("No resources found"), "&& after an interrupted wait does not run");
    assert!(sim.waiting().is_none());
    sim.interrupt();
    assert_eq!(sim.snapshot().entries.iter().filter(|e| e.input == Input::Interrupt).count(), 1);
    sim.paused = false;
    for _ in 0..30 {
        sim.tick(100.0);
    }
    let restored = Sim::restore(&Journal::decode(&sim.snapshot().encode()).expect("round trip"));
    assert_eq!(text(&restored), text(&sim));
    assert_eq!(restored.world().store.resource_version(), sim.world().store.resource_version());
}

#[test]
fn a_new_command_stops_a_pending_wait_with_a_visible_ctrl_c() {
    let mut sim = paused_with_web(6);
    sim.run_command("k rollout restart deploy/web && k rollout status deploy/web");
    assert!(sim.waiting().is_some_and(|w| w.what.contains("rollout to finish")));
    sim.run_command("k get deploy web -o name");
    assert!(
        text(&sim).ends_with("^C\n$ k get deploy web -o name\ndeployment.apps/web"),
        "{}",
        text(&sim)
    );
    assert!(sim.waiting().is_none());
}
