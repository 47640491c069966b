//! The reducer while a part of kubectl is on its way: what waits, in which order, what the
//! terminal says, and what a failed fetch leaves.

use kubeloop::parts::Part;

use super::{Msg, Page};
use crate::sim::Sim;

/// As the split release build sees it before the part arrives: `diff`, `label` and `apply`
/// are in it, `get` and `create` are not.
fn missing(line: &str) -> Option<Part> {
    ["diff", "label", "apply"].iter().any(|v| line.contains(v)).then_some(Part::Course)
}

fn page() -> Page {
    let mut p = Page::new(Sim::new(1), false, false);
    p.missing_part = missing;
    p
}

fn log(p: &Page) -> String {
    p.sim.log.iter().map(|l| l.text.as_str()).collect::<Vec<_>>().join("\n")
}

#[test]
fn a_line_that_needs_the_part_waits_for_it_with_everything_after_it() {
    let mut p = page();
    let fx = p.update(Msg::Command("k create deployment web --image=nginx".into()));
    assert_eq!(fx.fetch_part, None, "the lesson's commands run at once");
    let fx = p.update(Msg::Command("k label deploy web tier=front".into()));
    assert_eq!(fx.fetch_part, Some(Part::Course));
    assert!(!fx.save_session, "nothing ran, nothing to save");
    assert!(
        log(&p).contains("fetching the commands, loops and missions beyond the first lesson"),
        "{}",
        log(&p)
    );
    // Typed while it is on its way: held too, even a lesson command, so the order holds.
    let fx = p.update(Msg::Command("k get deploy web --show-labels".into()));
    assert_eq!(fx.fetch_part, None, "one fetch at a time");
    assert!(!log(&p).contains("get deploy web"), "held, not run: {}", log(&p));

    let fx = p.update(Msg::PartArrived(Ok(())));
    assert_eq!(
        fx.redispatch,
        vec![
            Msg::Command("k label deploy web tier=front".into()),
            Msg::Command("k get deploy web --show-labels".into()),
        ],
        "the held lines go through the reducer again, in order"
    );
    // The component dispatches them; the part is here now.
    p.missing_part = |_| None;
    for msg in fx.redispatch {
        p.update(msg);
    }
    let text = log(&p);
    let labelled = text.find("deployment.apps/web labeled").expect(&text);
    let listed = text.find("$ k get deploy web").expect(&text);
    assert!(labelled < listed, "label ran before get: {text}");
    assert!(text[listed..].contains("app=web,tier=front"), "get saw the label: {text}");
}

#[test]
fn a_failed_fetch_runs_nothing_and_keeps_the_lines_for_up() {
    let mut p = page();
    p.update(Msg::Command("k diff -f -".into()));
    p.update(Msg::Command("k get pods".into()));
    p.update(Msg::PartArrived(Err("offline".into())));
    let text = log(&p);
    assert!(
        text.contains(
            "could not fetch the commands, loops and missions beyond the first lesson (offline)"
        ),
        "{text}"
    );
    assert!(!text.contains("No resources found"), "nothing ran: {text}");
    assert_eq!(*p.sim.history, vec!["k diff -f -".to_string(), "k get pods".to_string()]);
    // The next such line asks again.
    let fx = p.update(Msg::Command("k diff -f -".into()));
    assert_eq!(fx.fetch_part, Some(Part::Course));
}

#[test]
fn a_dropped_manifest_and_a_button_wait_as_a_typed_line_does() {
    let mut p = page();
    let fx =
        p.update(Msg::Import("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: x\n".into()));
    assert_eq!(fx.fetch_part, Some(Part::Course), "a drop runs kubectl apply");
    let fx = p.update(Msg::PartArrived(Ok(())));
    assert!(matches!(fx.redispatch.as_slice(), [Msg::Import(_)]));
}

#[test]
fn a_loop_that_had_work_before_its_part_arrived_fetches_it_from_the_next_tick() {
    let mut p = page();
    p.update(Msg::Command("k create deployment web --image=nginx".into()));
    // What a loop's trampoline records when its code has not arrived (`world/later.rs`).
    p.sim.session.world.note_lacking(Part::Course);
    let fx = p.tick(1_000.0, 100.0, || false);
    assert_eq!(fx.fetch_part, Some(Part::Course));
    assert!(log(&p).contains("fetching the commands, loops and missions beyond the first lesson"));
    // Told once: the next tick does not fetch again, and a typed line waits behind it.
    assert_eq!(p.tick(1_100.0, 100.0, || false).fetch_part, None);
    p.update(Msg::Command("k get deploy web".into()));
    assert!(!log(&p).contains("$ k get deploy web"), "held: {}", log(&p));
    let fx = p.update(Msg::PartArrived(Ok(())));
    assert_eq!(fx.redispatch, vec![Msg::Command("k get deploy web".into())]);
}

#[test]
fn live_mode_waits_for_the_course_part_since_a_real_cluster_holds_every_kind() {
    let mut p = page();
    p.missing_course = || Some(Part::Course);
    let fx = p.update(Msg::Connect);
    assert_eq!(fx.fetch_part, Some(Part::Course));
    assert!(fx.live.is_empty(), "not connected yet");
    assert!(log(&p).contains("fetching the commands, loops and missions beyond the first lesson"));
    let fx = p.update(Msg::PartArrived(Ok(())));
    assert_eq!(fx.redispatch, vec![Msg::Connect], "connects once the part is here");
    p.missing_course = || None;
    let fx = p.update(Msg::Connect);
    assert_eq!(fx.fetch_part, None);
    assert!(!fx.live.is_empty(), "with the part here, it connects at once");
}

#[test]
fn a_missions_check_waits_for_the_course_part_which_holds_its_probes() {
    let mut p = page();
    p.update(Msg::StartMission("stop-for-real".into()));
    p.missing_course = || Some(Part::Course);
    let fx = p.update(Msg::CheckMission);
    assert_eq!(fx.fetch_part, Some(Part::Course));
    assert!(p.sim.verdict.is_none(), "not checked yet");
    assert!(p.checking(), "the panel says it is checking");
    let fx = p.update(Msg::PartArrived(Ok(())));
    assert!(!p.checking());
    assert_eq!(fx.redispatch, vec![Msg::CheckMission]);
    p.missing_course = || None;
    for msg in fx.redispatch {
        p.update(msg);
    }
    let verdict = p.sim.verdict.as_ref().expect("checked once the part is here");
    assert!(!verdict.results.is_empty());
}

/// As the release build starts: no built-in missions until the course part brings them.
fn page_without_missions() -> Page {
    let mut sim = Sim::new(1);
    sim.missions = std::rc::Rc::new(Vec::new());
    let mut p = Page::new(sim, false, false);
    p.missing_part = missing;
    p.missing_course = || Some(Part::Course);
    p
}

#[test]
fn opening_the_missions_panel_fetches_the_missions_and_a_start_waits_for_them() {
    use super::{Panel, PartHere};
    let mut p = page_without_missions();
    assert_eq!(p.course_here(), PartHere::Missing);
    let fx = p.update(Msg::Panel(Panel::Missions));
    assert_eq!(fx.fetch_part, Some(Part::Course), "the panel asks for them");
    assert_eq!(p.course_here(), PartHere::Fetching);
    assert!(log(&p).contains("fetching the commands, loops and missions"), "{}", log(&p));
    // A mission started from a link or a replay meanwhile waits, rather than finding none.
    let first = kubeloop::mission::builtin()[0].name.clone();
    let fx = p.update(Msg::StartMission(first.clone()));
    assert_eq!(fx.fetch_part, None, "one fetch at a time");
    assert!(!log(&p).contains("no mission named"), "{}", log(&p));

    // The part is linked by the time it is said to have arrived.
    p.missing_course = || None;
    p.missing_part = |_| None;
    let fx = p.update(Msg::PartArrived(Ok(())));
    assert_eq!(p.course_here(), PartHere::Here);
    assert_eq!(p.sim.missions.len(), kubeloop::mission::builtin().len());
    assert_eq!(fx.redispatch, vec![Msg::StartMission(first.clone())]);
    for msg in fx.redispatch {
        p.update(msg);
    }
    assert_eq!(p.sim.mission.as_deref(), Some(first.as_str()), "{}", log(&p));
}

#[test]
fn missions_that_could_not_be_fetched_are_said_and_tried_again() {
    use super::{Panel, PartHere};
    let mut p = page_without_missions();
    p.update(Msg::Panel(Panel::Missions));
    p.update(Msg::PartArrived(Err("offline".into())));
    assert_eq!(p.course_here(), PartHere::Missing);
    assert!(log(&p).contains("(offline)"), "{}", log(&p));
    assert!(!log(&p).contains("press Up"), "no line was typed: {}", log(&p));
    let fx = p.update(Msg::FetchCoursePart);
    assert_eq!(fx.fetch_part, Some(Part::Course), "try again");
    // The Faults panel's buttons run the part's sandbox commands: it fetches it too; the
    // other panels do not.
    let mut p = page_without_missions();
    assert_eq!(p.update(Msg::Panel(Panel::Yaml)).fetch_part, None);
    assert_eq!(p.update(Msg::FetchCoursePart).fetch_part, None);
    assert_eq!(p.update(Msg::Panel(Panel::Faults)).fetch_part, Some(Part::Course));
    assert_eq!(p.course_here(), PartHere::Fetching);
}

#[test]
fn a_loaded_mission_keeps_its_place_when_the_built_in_ones_arrive() {
    let mut sim = Sim::new(1);
    let builtin = kubeloop::mission::builtin();
    let mut own = builtin[1].clone();
    own.title = "A teacher's version".into();
    sim.missions = std::rc::Rc::new(vec![own.clone()]);
    sim.builtin_missions_arrived();
    let names: Vec<&str> = sim.missions.iter().map(|m| m.name.as_str()).collect();
    assert_eq!(names.len(), builtin.len());
    assert_eq!(names[0], builtin[0].name, "the built-in ones first, in order");
    let kept = sim.missions.iter().find(|m| m.name == own.name).unwrap();
    assert_eq!(kept.title, "A teacher's version");
    sim.builtin_missions_arrived();
    assert_eq!(sim.missions.len(), builtin.len(), "arriving twice adds nothing");
}

#[test]
fn saving_the_editor_waits_for_the_part_that_holds_the_edit_patch() {
    let mut p = page();
    p.missing_course = || Some(Part::Course);
    let fx = p.update(Msg::EditSave("kind: Pod\n".into()));
    assert_eq!(fx.fetch_part, Some(Part::Course));
    assert!(!fx.save_session, "nothing saved yet");
    p.missing_course = || None;
    let fx = p.update(Msg::PartArrived(Ok(())));
    assert_eq!(fx.redispatch, vec![Msg::EditSave("kind: Pod\n".into())]);
}
