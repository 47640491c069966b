//! `rollout pause|resume|restart|undo` on a Deployment, judged by what the cluster holds
//! after the requests they send.

use super::super::Session;

fn session() -> Session {
    let mut s = super::new_session();
    assert_eq!(s.run("k create deployment web --image=nginx:1.27").status, 0);
    s.run("settle");
    s
}

fn jsonpath(s: &mut Session, path: &str) -> String {
    s.run(&format!("k get deploy web -o jsonpath='{path}'")).text()
}

#[test]
fn pause_and_resume_patch_spec_paused_both_ways() {
    let mut s = session();
    assert_eq!(s.run("k rollout pause deploy/web").text(), "deployment.apps/web paused\n");
    assert_eq!(jsonpath(&mut s, "{.spec.paused}"), "true");
    assert_eq!(s.run("k rollout resume deploy/web").text(), "deployment.apps/web resumed\n");
    assert_eq!(jsonpath(&mut s, "{.spec.paused}"), "");
}

#[test]
fn restart_stamps_the_template_and_keeps_the_rest_of_it() {
    let mut s = session();
    s.run("k annotate deploy web team=blue");
    assert_eq!(s.run("k rollout restart deploy/web").text(), "deployment.apps/web restarted\n");
    let at = jsonpath(
        &mut s,
        "{.spec.template.metadata.annotations.kubectl\\.kubernetes\\.io/restartedAt}",
    );
    assert!(!at.is_empty(), "no restartedAt");
    assert_eq!(jsonpath(&mut s, "{.spec.template.spec.containers[0].image}"), "nginx:1.27");
    assert_eq!(jsonpath(&mut s, "{.metadata.annotations.team}"), "blue");
}

#[test]
fn undo_replaces_the_annotations_with_the_revisions_as_the_rollbacker_does() {
    let mut s = session();
    s.run("k set image deploy/web nginx=nginx:1.28");
    s.run("settle");
    s.run("k annotate deploy web added-later=yes");
    assert_eq!(s.run("k rollout undo deploy/web").text(), "deployment.apps/web rolled back\n");
    s.run("settle");
    assert_eq!(jsonpath(&mut s, "{.spec.template.spec.containers[0].image}"), "nginx:1.27");
    // The Deployment's own annotation is dropped; its revision bookkeeping is kept.
    assert_eq!(jsonpath(&mut s, "{.metadata.annotations.added-later}"), "");
    let rev = jsonpath(&mut s, "{.metadata.annotations.deployment\\.kubernetes\\.io/revision}");
    assert_eq!(rev, "3");
}
