//! Lines typed into the loading frame before the app mounted: they run in order, as typed
//! lines do, and what was left unentered waits in the command box.

use super::*;

fn page() -> Page {
    Page::new(Sim::new(1), false, false)
}

fn log_text(p: &Page) -> Vec<String> {
    p.sim.log.iter().map(|l| l.text.clone()).collect()
}

fn typed(lines: &[&str], draft: &str) -> Msg {
    Msg::TypedAhead {
        lines: lines.iter().map(|l| l.to_string()).collect(),
        draft: draft.to_string(),
    }
}

#[test]
fn lines_typed_before_the_engine_run_in_order_and_the_rest_waits_in_the_box() {
    let mut p = page();
    let fx = p.update(typed(
        &["k create deployment web --image=nginx:1.27", "k get deploy", "k get pods"],
        "k scale deploy web --rep",
    ));
    assert!(fx.save_session, "the lines changed the cluster, so the session is saved");
    assert_eq!(fx.command_draft.as_deref(), Some("k scale deploy web --rep"));
    let log = log_text(&p);
    let at = |line: &str| {
        log.iter().position(|l| l == line).unwrap_or_else(|| panic!("{line}: {log:?}"))
    };
    let (create, deploy, pods) = (
        at("$ k create deployment web --image=nginx:1.27"),
        at("$ k get deploy"),
        at("$ k get pods"),
    );
    assert!(create < deploy && deploy < pods, "{log:?}");
    assert_eq!(log[create + 1], "deployment.apps/web created");
    assert!(log[deploy + 1].starts_with("NAME"), "the get ran after the create: {log:?}");
    assert!(log[deploy + 2].starts_with("web "), "{log:?}");
    assert!(!log.iter().any(|l| l.contains("--rep")), "the draft did not run: {log:?}");
    assert_eq!(p.sim.history.last().map(String::as_str), Some("k get pods"));
}

#[test]
fn nothing_typed_changes_nothing() {
    let mut p = page();
    let before = log_text(&p);
    let fx = p.update(typed(&[], "  "));
    assert_eq!(fx, Effects::default(), "no save, no draft");
    assert_eq!(log_text(&p), before);
}

#[test]
fn an_explain_typed_ahead_holds_the_lines_after_it_for_its_docs() {
    let mut p = page();
    let fx = p.update(typed(&["k explain pod", "k create deployment web --image=nginx"], ""));
    assert!(fx.fetch_explain_docs, "the explain asks for its docs, as a typed one does");
    assert_eq!(fx.command_draft, None);
    assert!(matches!(&p.explain, ExplainState::Loading(held) if held.len() == 2));
    p.update(Msg::ExplainDocs(Ok(include_str!("../../static/explain.json").into())));
    let log = log_text(&p);
    let explain = log.iter().position(|l| l == "$ k explain pod");
    let create = log.iter().position(|l| l == "$ k create deployment web --image=nginx");
    assert!(explain.is_some() && create > explain, "{log:?}");
    assert!(log.iter().any(|l| l == "KIND:       Pod"), "{log:?}");
}
