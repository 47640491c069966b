use super::*;
use crate::kubectl::Mode;
use crate::session::Session;

#[test]
fn every_mission_file_parses_and_there_are_twenty_five() {
    let names: Vec<String> = builtin().iter().map(|m| m.name.clone()).collect();
    assert_eq!(names.len(), 25, "{names:?}");
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "mission names are unique");
}

#[test]
fn built_in_files_read_the_same_through_json_values_as_directly() {
    let files: &[(&str, &str)] = &include!(concat!(env!("OUT_DIR"), "/missions.rs"));
    for (file, text) in files {
        assert_eq!(parse_builtin(text), parse(text), "{file}");
    }
}

/// The split build's file: every mission file, in order, after a `---` line (scripts/split).
#[test]
fn the_built_in_missions_joined_as_one_stream_read_as_the_files_do() {
    let files: &[(&str, &str)] = &include!(concat!(env!("OUT_DIR"), "/missions.rs"));
    let joined: String = files.iter().map(|(_, text)| format!("---\n{text}\n")).collect();
    assert_eq!(read_builtin_stream(&joined).unwrap(), builtin());
    // A damaged document is an error naming which one, not a shorter list.
    let third = joined.match_indices("\ntitle:").nth(2).unwrap().0;
    let damaged = format!("{}\ntitle: [{}", &joined[..third], &joined[third + 7..]);
    let err = read_builtin_stream(&damaged).unwrap_err();
    assert!(err.starts_with("invalid mission 3:"), "{err}");
}

#[test]
fn each_worked_solution_passes_its_check() {
    for m in builtin() {
        let (verdict, transcript) = run(&m, &m.solution, 1);
        assert!(verdict.passed, "{}\n{transcript}", verdict.report(&m));
    }
}

#[test]
fn doing_nothing_fails_every_mission_with_reasons() {
    for m in builtin() {
        let (verdict, _) = run(&m, "", 1);
        assert!(!verdict.passed, "{} passes without any work", m.name);
        let report = verdict.report(&m);
        assert!(report.starts_with("FAIL"), "{report}");
        assert!(verdict.results.iter().any(|r| !r.ok && !r.found.is_empty()), "{report}");
    }
}

#[test]
fn a_wrong_path_fails_with_the_missions_explanation() {
    let m = find("stop-for-real").unwrap();
    let (verdict, _) = run(&m, "k delete pods -l app=web", 1);
    assert!(!verdict.passed);
    let report = verdict.report(&m);
    assert!(report.contains("found 3 pods matching app=web"), "{report}");
    assert!(report.contains("Scale the Deployment to 0"), "{report}");
    // Another valid path passes too: the check looks at state, not commands.
    let (verdict, _) = run(&m, "k delete deploy web", 1);
    assert!(verdict.passed, "{}", verdict.report(&m));
}

#[test]
fn malformed_missions_are_refused_with_a_message() {
    assert!(parse("name: x").unwrap_err().contains("invalid mission"));
    let no_checks = "name: x\ntitle: t\ngoal: g\nsolution: s\nchecks: []\n";
    assert!(parse(no_checks).unwrap_err().contains("checks: the list is empty"));
    let two_kinds = "name: x\ntitle: t\ngoal: g\nsolution: s\nchecks:\n- kind: pods\n  event: {reason: X}\n  explain: e\n";
    assert!(parse(two_kinds).unwrap_err().contains("exactly one"));
    let bad_kind =
        "name: x\ntitle: t\ngoal: g\nsolution: s\nchecks:\n- kind: widgets\n  explain: e\n";
    assert!(parse(bad_kind).unwrap_err().contains("widgets"));
}

/// A fresh session with the mission started, as the page has it.
fn started(m: &Mission) -> Session {
    let mut session = Session::new(World::new(1), Mode::Interactive);
    start(m, &mut session).expect("the setup keeps its limits");
    session
}

#[test]
fn right_after_the_start_no_check_of_any_mission_is_met_even_as_time_passes() {
    for m in builtin() {
        let mut session = started(&m);
        for _ in 0..2 {
            let verdict = check_world(&m, &session.world);
            let report = verdict.report(&m);
            assert!(!verdict.passed, "{report}");
            assert!(
                verdict.results.iter().all(|r| !r.ok),
                "{} is met before any work: {report}",
                m.name
            );
            // The page's timer keeps the world moving while the learner reads.
            session.world.advance(120_000);
        }
    }
}

#[test]
fn a_check_already_true_at_the_start_says_nothing_changed_yet() {
    let m = find("delete-a-pod").unwrap();
    let session = started(&m);
    let report = check_world(&m, &session.world).report(&m);
    assert!(
        report.contains("[ ] three web pods run again: no change since the mission started"),
        "{report}"
    );
    assert!(report.contains("0 SuccessfulCreate events since the mission started"), "{report}");
}

#[test]
fn terminating_pods_whose_containers_run_still_count_as_running() {
    let m = find("stop-for-real").unwrap();
    let mut session = started(&m);
    session.run("k scale deploy/web --replicas=0");
    session.world.advance(1_000);
    let verdict = check_world(&m, &session.world);
    let report = verdict.report(&m);
    assert!(!verdict.passed, "{report}");
    assert!(report.contains("found 3 pods matching app=web, 3 of them terminating"), "{report}");
    session.world.settle();
    let verdict = check_world(&m, &session.world);
    assert!(verdict.passed, "{}", verdict.report(&m));
}

#[test]
fn check_lines_name_no_selectors_or_jsonpath_and_no_replacement_reads_as_none() {
    let m = find("orphan-and-adopt").unwrap();
    for script in [
        "",
        &m.solution,
        "k delete deploy web\nk create deployment web --image=nginx:1.27 --replicas=3",
    ] {
        let (verdict, _) = run(&m, script, 1);
        let report = verdict.report(&m);
        for leak in ["!original", "{.", "[0]", "*"] {
            assert!(!report.contains(leak), "{leak} leaks into:\n{report}");
        }
    }
    let (verdict, _) = run(&m, &m.solution, 1);
    let report = verdict.report(&m);
    assert!(
        report.contains(
            "[x] the ReplicaSet created no new pods (0 SuccessfulCreate events since the mission started)"
        ),
        "{report}"
    );
    assert!(report.contains("[x] a new Deployment web exists (found 1 deployment named web made since the mission started)"), "{report}");
    // Deleting with the default cascade takes the old ReplicaSet and its pods: the new ones are
    // reported as made, and the old ReplicaSet as gone.
    let (verdict, _) =
        run(&m, "k delete deploy web\nk create deployment web --image=nginx:1.27 --replicas=3", 1);
    let report = verdict.report(&m);
    assert!(!verdict.passed, "{report}");
    assert!(report.contains("[ ] the ReplicaSet created no new pods: 3 SuccessfulCreate events since the mission started"), "{report}");
    assert!(
        report.contains("found 0 replicasets matching app=web left from the start"),
        "{report}"
    );
}

#[test]
fn your_own_pod_must_have_existed_and_been_deleted() {
    let m = find("adoption-surprise").unwrap();
    let (verdict, _) = run(&m, "", 1);
    assert!(verdict.report(&m).contains("never saw pod test"), "{}", verdict.report(&m));
    let (verdict, _) = run(&m, &m.solution, 1);
    assert!(verdict.report(&m).contains("(saw pod test, then deleted)"), "{}", verdict.report(&m));
}

#[test]
fn background_deletion_needs_bg_deleted_not_just_left_alone() {
    let m = find("foreground-background").unwrap();
    let (verdict, _) = run(&m, "k delete deploy fg --cascade=foreground", 1);
    let report = verdict.report(&m);
    assert!(
        report.contains("[ ] bg went first (background): deployment bg has not been deleted"),
        "{report}"
    );
    let (verdict, _) = run(
        &m,
        "k delete deploy fg --cascade=foreground\nk delete deploy bg --cascade=foreground",
        1,
    );
    let report = verdict.report(&m);
    assert!(
        report.contains("saw deployment bg waiting for its dependents (foreground)"),
        "{report}"
    );
}

#[test]
fn a_drain_without_a_budget_breaks_the_apps_minimum_and_fails_the_mission() {
    let m = find("drain-with-a-budget").unwrap();
    let (verdict, _) =
        run(&m, "k create pdb web --selector=app=web --min-available=1\nk drain node-1", 1);
    let report = verdict.report(&m);
    assert!(!verdict.passed, "{report}");
    assert!(report.contains("[ ] web never had fewer than five pods available"), "{report}");
    assert!(
        report.contains("[x] no web pod runs on node-1 (found 0 pods matching app=web on node-1)"),
        "{report}"
    );
    let (verdict, _) = run(&m, "k cordon node-1", 1);
    let report = verdict.report(&m);
    assert!(
        report.contains("[ ] no web pod runs on node-1: found 2 pods matching app=web on node-1"),
        "{report}"
    );
}
