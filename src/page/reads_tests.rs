//! The page reading without writing: `explain` when its docs cannot be fetched, and reads
//! answered about the earlier moment the timeline shows.

use super::*;
use crate::sim::Sim;

fn page() -> Page {
    Page::new(Sim::new(1), false, false)
}

fn log_text(p: &Page) -> Vec<String> {
    p.sim.log.iter().map(|l| l.text.clone()).collect()
}

fn docs_not_loaded() -> &'static str {
    "kubeloop: the API docs `kubectl explain` prints are not loaded; a line with `kubectl explain` written out in it loads them"
}

#[test]
fn offline_explain_says_the_docs_are_not_available_offline_once() {
    let mut p = page();
    p.update(Msg::Command("k explain pods".into()));
    p.update(Msg::Command("k get pods".into()));
    p.update(Msg::Command("k explain svc".into()));
    let fx = p.update(Msg::ExplainDocs(Err("the request failed".into())));
    assert!(fx.save_session, "the get in between ran");
    let log = log_text(&p);
    assert_eq!(log.iter().filter(|l| l.starts_with("$ ")).count(), 3, "{log:?}");
    assert_eq!(log.last().unwrap(), super::explain::EXPLAIN_OFFLINE);
    assert_eq!(log.iter().filter(|l| l.contains("not available offline")).count(), 1);
    assert!(!log.iter().any(|l| l == docs_not_loaded()), "{log:?}");
}

#[test]
fn the_past_answers_reads_about_the_moment_shown_and_still_refuses_writes() {
    let mut p = page();
    p.update(Msg::Command("k create deployment web --image=nginx:1.27 --replicas=3".into()));
    let tick = |p: &mut Page, n| {
        for _ in 0..n {
            p.sim.tick(1_000.0);
        }
    };
    tick(&mut p, 20);
    p.update(Msg::Command("k scale deploy/web --replicas=5".into()));
    tick(&mut p, 10);
    p.update(Msg::Scrub(5_000));
    assert!(p.sim.in_past());
    let entries = p.sim.snapshot().entries.len();
    let read = "k get deploy web --no-headers -o custom-columns=R:.spec.replicas";
    let fx = p.update(Msg::Command(read.into()));
    assert!(!fx.save_session);
    assert_eq!(log_text(&p).last().unwrap(), "3", "the moment shown, before the scale");
    assert_eq!(p.sim.snapshot().entries.len(), entries, "a read is not journaled");

    p.update(Msg::Command("k scale deploy/web --replicas=1".into()));
    assert_eq!(log_text(&p).last().unwrap(), PAST_NOTICE);
    p.update(Msg::Command("k get pods -w".into()));
    assert_eq!(log_text(&p).last().unwrap(), PAST_NOTICE, "a watch waits on time: refused");

    let fx = p.update(Msg::Command("k explain deploy.spec.replicas".into()));
    assert!(fx.fetch_explain_docs);
    p.update(Msg::ExplainDocs(Ok(include_str!("../../static/explain.json").into())));
    assert!(log_text(&p).iter().any(|l| l == "FIELD: replicas <integer>"), "{:?}", log_text(&p));
    assert_eq!(p.sim.snapshot().entries.len(), entries);

    p.update(Msg::BackToNow);
    p.update(Msg::Command(read.into()));
    assert_eq!(log_text(&p).last().unwrap(), "5");
}
