//! Authored files: where an error is reported, the limits a hostile file meets, courses, and
//! the proof `kubeloop mission check FILE` makes.

use super::*;

const GOOD: &str = "\
name: mine
title: Mine
goal: Scale web to two.
solution: k scale deploy web --replicas=2
setup: k create deployment web --image=nginx:1.27
checks:
- kind: pods
  selector: app=web
  count: 2
  explain: two web pods run
";

fn error(text: &str) -> FileError {
    read(text).expect_err("the file is refused")
}

#[test]
fn a_good_file_reads_as_a_mission_and_its_audit_passes() {
    let Document::Mission(m) = read(GOOD).unwrap() else { panic!("not a mission") };
    assert_eq!(m.name, "mine");
    let audit = audit(&m, 1);
    assert!(audit.ok(), "{}", audit.report(&m));
    assert!(audit.report(&m).starts_with("ok   mine: the solution passes all 1 checks"));
}

#[test]
fn a_wrong_field_is_reported_at_its_line_and_column_with_its_path() {
    let e = error(&GOOD.replace("  count: 2", "  count: two"));
    assert_eq!((e.line, e.column, e.path.as_str()), (Some(9), Some(10), "checks[0].count"));
    assert!(e.message.starts_with("invalid type: string \"two\""), "{e}");
    assert_eq!(e.at("m.yaml"), format!("m.yaml:9:10: checks[0].count: {}", e.message));

    let e = error(&GOOD.replace("  count: 2", "  cuont: 2"));
    assert_eq!((e.line, e.path.as_str()), (Some(9), "checks[0]"));
    assert!(e.message.starts_with("unknown field `cuont`, expected one of"), "{e}");
}

#[test]
fn a_rule_broken_inside_a_check_names_the_field_at_the_checks_place() {
    let text = format!("{GOOD}- kind: widgets\n  explain: e\n");
    let e = error(&text);
    assert_eq!((e.line, e.column), (Some(11), Some(3)), "{e}");
    assert_eq!(e.path, "checks[1].kind");
    assert_eq!(e.message, "unknown kind \"widgets\"");

    let e = error(&format!("{GOOD}- seen: {{kind: pod, name: x}}\n  kind: pods\n  explain: e\n"));
    assert_eq!(e.path, "checks[1]");
    assert!(e.message.contains("needs exactly one of kind, event, seen, traffic"), "{e}");

    let e = error(&GOOD.replace("app=web", "app in (web"));
    assert_eq!(e.path, "checks[0].selector", "{e}");
}

#[test]
fn a_missions_own_rules_are_reported_at_their_fields() {
    let e = error(&GOOD.replace("name: mine", "name: My Mission"));
    assert_eq!((e.line, e.path.as_str()), (Some(1), "name"));
    assert!(e.message.contains("not a valid name"), "{e}");

    let head = GOOD.split("checks:").next().unwrap();
    let e = error(&format!("{head}checks: []\n"));
    assert_eq!((e.line, e.path.as_str()), (Some(6), "checks"));
    assert_eq!(e.message, "the list is empty; it needs at least one item");

    let e = error(&GOOD.replace("title: Mine\n", ""));
    assert!(e.message.contains("missing field `title`"), "{e}");

    let e = error("goal: [unclosed\n");
    assert!(e.line.is_some(), "{e}");
}

#[test]
fn hostile_files_are_refused_without_reading_them_through() {
    let big = format!("{GOOD}# {}\n", "x".repeat(MAX_FILE_BYTES));
    assert!(error(&big).message.contains("may have at most 131072"));

    let nested = format!("{}{}", "goal: ".to_string() + &"[".repeat(10_000), "]".repeat(10_000));
    assert!(error(&nested).message.contains("recursion limit"), "{}", error(&nested));

    // A billion laughs: each alias doubles the one before.
    let mut bomb = String::from("a: &a [x, x]\n");
    for i in 1..40 {
        let before = if i == 1 { String::new() } else { (i - 1).to_string() };
        bomb.push_str(&format!("a{i}: &a{i} [*a{before}, *a{before}]\n"));
    }
    assert!(read(&bomb).is_err());

    for text in ["", "~", "- 1\n- 2\n", "\"just a string\"", "name: x\n\tbad: tab\n"] {
        assert!(read(text).is_err(), "{text:?}");
    }
}

#[test]
fn a_setup_that_takes_too_long_stops_and_the_audit_says_why() {
    let slow = GOOD.replace(
        "setup: k create deployment web --image=nginx:1.27",
        "setup: |\n  sleep 50m\n  sleep 50m\n  sleep 50m\n  k create deployment web --image=nginx:1.27",
    );
    let m = read_mission(&slow).unwrap();
    let audit = audit(&m, 1);
    assert!(!audit.ok());
    let report = audit.report(&m);
    assert!(
        report.contains(
            "setup: the setup takes more than 1h of simulated time; it stopped at line 2"
        ),
        "{report}"
    );
}

#[test]
fn an_audit_names_what_is_wrong_with_a_broken_mission() {
    let unsolved = read_mission(&GOOD.replace("--replicas=2", "--replicas=3")).unwrap();
    let report = audit(&unsolved, 1).report(&unsolved);
    assert!(
        report.starts_with("FAIL mine: Mine\n  the worked solution does not pass:"),
        "{report}"
    );
    assert!(report.contains("two web pods run: found 3 pods matching app=web"), "{report}");

    let trivial = read_mission(
        &GOOD
            .replace("count: 2", "count: 1")
            .replace("k scale deploy web --replicas=2", "k get pods"),
    )
    .unwrap();
    // A check that held before the learner acted counts for nothing, whatever was typed.
    let report = audit(&trivial, 1).report(&trivial);
    assert!(
        report.contains("[ ] two web pods run: no change since the mission started"),
        "{report}"
    );
}

#[test]
fn a_course_lists_built_in_and_authored_missions_in_order() {
    let authored: String = GOOD.lines().map(|l| format!("    {l}\n")).collect();
    let text =
        format!("name: week-one\ntitle: Week one\nmissions:\n  - delete-a-pod\n  -\n{authored}");
    let Document::Course(c) = read(&text).unwrap() else { panic!("not a course") };
    let names: Vec<&str> = c.missions.iter().map(|m| m.name.as_str()).collect();
    assert_eq!(names, ["delete-a-pod", "mine"]);

    let e = error("name: c\ntitle: C\nmissions:\n  - delete-a-pod\n  - no-such-mission\n");
    assert_eq!((e.line, e.path.as_str()), (Some(5), "missions[1]"));
    assert!(e.message.contains("no built-in mission \"no-such-mission\""), "{e}");

    let twice = read("name: c\ntitle: C\nmissions: [delete-a-pod, delete-a-pod]\n");
    assert!(twice.unwrap_err().message.contains("\"delete-a-pod\" is in the course twice"));

    let e = error("name: c\ntitle: C\nmissions: []\n");
    assert_eq!(e.message, "a course needs at least one mission");
    assert!(read_mission("name: c\ntitle: C\nmissions: [delete-a-pod]\n").is_err());
}

#[test]
fn the_built_in_courses_hold_every_built_in_mission_once() {
    let courses = builtin_courses();
    let titles: Vec<&str> = courses.iter().map(|c| c.title.as_str()).collect();
    assert_eq!(titles, ["The reconciliation loop", "Workloads and traffic"]);
    let mut in_courses: Vec<String> = courses.iter().flat_map(|c| c.missions.clone()).collect();
    in_courses.sort();
    let mut all: Vec<String> = builtin().into_iter().map(|m| m.name).collect();
    all.sort();
    assert_eq!(in_courses, all);
    // Each file, as its author wrote it, reads as an author's file would, to the same
    // missions in the same order as the JSON build.rs embeds.
    let files: &[(&str, &str)] = &include!(concat!(env!("OUT_DIR"), "/courses.rs"));
    assert_eq!(files.len(), courses.len());
    for ((file, _), index) in files.iter().zip(&courses) {
        let path = format!("{}/courses/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("the course file");
        let Ok(Document::Course(course)) = read(&text) else { panic!("{file} reads") };
        assert_eq!((&course.name, &course.title), (&index.name, &index.title), "{file}");
        let names: Vec<String> = course.missions.into_iter().map(|m| m.name).collect();
        assert_eq!(names, index.missions, "{file}");
    }
}
