use super::*;

#[test]
fn every_mission_file_parses_and_there_are_nine() {
    let names: Vec<String> = builtin().iter().map(|m| m.name.clone()).collect();
    assert_eq!(names.len(), 9, "{names:?}");
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
    assert!(parse(no_checks).unwrap_err().contains("no checks"));
    let two_kinds = "name: x\ntitle: t\ngoal: g\nsolution: s\nchecks:\n- kind: pods\n  event: {reason: X}\n  explain: e\n";
    assert!(parse(two_kinds).unwrap_err().contains("exactly one"));
    let bad_kind =
        "name: x\ntitle: t\ngoal: g\nsolution: s\nchecks:\n- kind: widgets\n  explain: e\n";
    assert!(parse(bad_kind).unwrap_err().contains("widgets"));
}
