//! A teacher's files in the page: loaded from the command box, a drop or paste, `?mission=`
//! and a share link, each the same journaled line; courses, progress per course, and the
//! errors a broken or hostile file gets.

use kubeloop::parts::Part;

use super::{Msg, Page, Panel};
use crate::journal::Journal;
use crate::sim::{load_line, Sim};

const MINE: &str = "\
name: mine
title: Scale web to two
goal: Scale web to two.
solution: k scale deploy web --replicas=2
setup: k create deployment web --image=nginx:1.27
checks:
- kind: pods
  selector: app=web
  count: 2
  explain: two web pods run
";

fn course() -> String {
    let inline: String = MINE.lines().map(|l| format!("    {l}\n")).collect();
    format!("name: week-one\ntitle: Week one\nabout: Two steps.\nmissions:\n  - stop-for-real\n  -\n{inline}")
}

fn page() -> Page {
    Page::new(Sim::new(1), false, false)
}

fn log(p: &Page) -> String {
    p.sim.log.iter().map(|l| l.text.as_str()).collect::<Vec<_>>().join("\n")
}

fn shown(p: &Page) -> Vec<String> {
    crate::components::missions::mission_views(&p.sim, "en").into_iter().map(|m| m.name).collect()
}

/// Starts `name`, runs the solution through the command box, lets it settle and checks.
fn solve(p: &mut Page, name: &str, solution: &str) -> super::Effects {
    p.update(Msg::StartMission(name.into()));
    p.update(Msg::Command(solution.into()));
    p.sim.session.world.settle();
    p.update(Msg::CheckMission)
}

#[test]
fn a_mission_loaded_from_the_command_box_is_listed_started_and_passed() {
    let mut p = page();
    let fx = p.update(Msg::Command(load_line(MINE)));
    assert!(fx.save_session, "the load is journaled");
    assert!(log(&p).contains("mission \"mine\" loaded: Scale web to two"), "{}", log(&p));
    assert_eq!(p.panel, Panel::Missions, "the panel shows what was loaded");
    assert_eq!(p.sim.course, "loaded");
    assert_eq!(shown(&p), ["mine"]);

    let fx = solve(&mut p, "mine", "k scale deploy web --replicas=2");
    assert!(fx.save_done);
    assert!(p.sim.verdict.as_ref().is_some_and(|v| v.passed), "{:?}", p.sim.verdict);
    assert!(p.sim.done.contains("loaded/mine"), "{:?}", p.sim.done);
}

#[test]
fn a_course_dropped_or_pasted_lists_its_missions_in_order_with_progress_of_its_own() {
    let mut p = page();
    p.update(Msg::Import(course()));
    assert!(log(&p).contains("course \"week-one\" loaded: Week one (2 missions)"), "{}", log(&p));
    assert_eq!(p.sim.course, "week-one");
    assert_eq!(shown(&p), ["stop-for-real", "mine"]);
    let (options, shown_course, about) = crate::components::missions::course_views(&p.sim, "en");
    assert_eq!(options.len(), 3, "two built-in courses and the loaded one");
    assert_eq!((shown_course.as_str(), about.as_str()), ("week-one", "Two steps."));

    solve(&mut p, "stop-for-real", "k scale deploy web --replicas=0");
    assert!(p.sim.done.contains("week-one/stop-for-real"));
    // Progress is per course: the built-in course that holds the same mission is untouched.
    p.update(Msg::ShowCourse("reconciliation-loop".into()));
    let views = crate::components::missions::mission_views(&p.sim, "en");
    assert!(views.iter().all(|m| !m.done), "{views:?}");
    p.update(Msg::ShowCourse("no-such-course".into()));
    assert_eq!(p.sim.course, "reconciliation-loop", "an unknown course changes nothing");
}

#[test]
fn a_broken_file_is_refused_with_its_place_and_nothing_changes() {
    let mut p = page();
    let before = p.sim.courses.clone();
    p.update(Msg::Command(load_line(&MINE.replace("count: 2", "count: two"))));
    assert!(
        log(&p).contains(
            "error: the mission file is invalid: line 9, column 10: checks[0].count: invalid type"
        ),
        "{}",
        log(&p)
    );
    assert_eq!(p.sim.courses, before);
    for (line, said) in [
        ("k mission load -f mine.yaml", "the page cannot open mine.yaml"),
        ("k mission load -f -", "no mission on standard input"),
        ("k mission frob", "unknown command \"frob\" for \"kubectl mission\""),
        ("kubectl mission", "usage: k mission load -f - <<EOF"),
    ] {
        p.update(Msg::Command(line.into()));
        assert!(log(&p).ends_with(said) || log(&p).contains(said), "{line}: {}", log(&p));
    }
    // Script in a text field stays text: the title is shown as written, never as markup.
    p.update(Msg::Command(load_line(
        &MINE.replace("Scale web to two\n", "<script>x()</script>\n"),
    )));
    let views = crate::components::missions::mission_views(&p.sim, "en");
    assert_eq!(views[0].title, "<script>x()</script>");
}

#[test]
fn a_mission_query_fetches_a_file_beside_the_page_once() {
    let mut p = page();
    for foreign in ["https://example.com/m.yaml", "//example.com/m.yaml", "javascript:alert(1)", ""]
    {
        let fx = p.update(Msg::OpenMissionFile(foreign.into()));
        assert_eq!(fx.fetch_mission, None, "{foreign}");
    }
    assert!(log(&p).contains("only a file beside this page can be opened"), "{}", log(&p));

    let fx = p.update(Msg::OpenMissionFile("courses/week-one.yaml".into()));
    assert_eq!(fx.fetch_mission.as_deref(), Some("courses/week-one.yaml"));
    let path = "courses/week-one.yaml".to_string();
    p.update(Msg::MissionFile { path: path.clone(), fetched: Ok(course()) });
    assert_eq!(p.sim.course, "week-one");
    let entries = p.sim.snapshot().entries.len();
    // A reload restores the session that loaded it, and fetches the same file again.
    p.update(Msg::MissionFile { path: path.clone(), fetched: Ok(course()) });
    assert_eq!(p.sim.snapshot().entries.len(), entries, "not loaded twice");

    p.update(Msg::MissionFile { path: path.clone(), fetched: Err("HTTP 404".into()) });
    assert!(log(&p).contains("cannot fetch the mission file courses/week-one.yaml: HTTP 404"));
    p.update(Msg::MissionFile { path, fetched: Ok("apiVersion: v1\nkind: Pod\n".into()) });
    assert!(log(&p).contains("the file is not a mission or a course"));
}

#[test]
fn a_share_link_carries_the_loaded_course_and_the_mission_in_progress() {
    let mut p = page();
    p.update(Msg::Import(course()));
    p.update(Msg::StartMission("mine".into()));
    let link = p.sim.snapshot().encode_link();
    let journal = Journal::decode_link(&link).expect("the link reads back");
    let restored = Sim::restore(&journal);
    assert_eq!(restored.course, "week-one");
    assert_eq!(restored.active_mission().map(|m| m.title.as_str()), Some("Scale web to two"));
    assert_eq!(restored.world().store.watch.end(), p.sim.world().store.watch.end());
}

#[test]
fn in_the_split_build_a_load_waits_for_the_reader_and_so_does_a_replay() {
    let mut p = page();
    p.missing_course = || Some(Part::Course);
    let fx = p.update(Msg::Import(course()));
    assert_eq!(fx.fetch_part, Some(Part::Course), "the reader ships with the course part");
    assert!(log(&p).contains("fetching"), "{}", log(&p));
    let fx = p.update(Msg::PartArrived(Ok(())));
    assert!(matches!(fx.redispatch.as_slice(), [Msg::Import(_)]));
}
