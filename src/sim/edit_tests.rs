//! Saving the page's YAML editor: what the log (the terminal) and the open editor say when an
//! edit fails, in kubectl edit's words, and that a good save closes the editor.

use super::*;

fn log(sim: &Sim) -> Vec<(LineKind, String)> {
    sim.log.iter().map(|l| (l.kind, l.text.clone())).collect()
}

/// A page with Deployment web (2 replicas) open in the editor.
fn editing() -> (Sim, String) {
    let mut sim = Sim::new(1);
    sim.run_command("k create deployment web --image=nginx:1.27 --replicas=2");
    sim.run_command("k edit deploy/web");
    let yaml = sim.editor.as_ref().expect("editor open").initial.clone();
    (sim, yaml)
}

#[test]
fn a_wrong_type_keeps_the_editor_open_and_logs_kubectl_edit_words() {
    let (mut sim, yaml) = editing();
    let before = sim.log.len();
    sim.save_editor(&yaml.replace("replicas: 2", "replicas: three"));
    let shown = sim.editor.as_ref().and_then(|e| e.error.clone()).expect("the editor shows why");
    let want = "error: deployments.apps \"web\" is invalid\n\
                deployments.apps \"web\" was not valid:\n\
                * json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32";
    assert_eq!(shown, want);
    let logged: Vec<(LineKind, String)> = log(&sim).split_off(before);
    assert_eq!(
        logged,
        want.lines().map(|l| (LineKind::Error, l.to_string())).collect::<Vec<_>>(),
        "the log has what the terminal would"
    );
    for leak in ["invalid type", "expected i32", "STDIN", "error when"] {
        assert!(!shown.contains(leak), "{leak}: {shown}");
    }
    let d = sim.world().store.get::<kubeloop::model::Deployment>("default", "web").unwrap();
    assert_eq!(d.spec.replicas, 2);
}

#[test]
fn fixing_the_text_then_saves_and_closes_the_editor() {
    let (mut sim, yaml) = editing();
    sim.save_editor(&yaml.replace("replicas: 2", "replicas: -1"));
    let shown = sim.editor.as_ref().and_then(|e| e.error.clone()).expect("error shown");
    assert!(
        shown.ends_with("* spec.replicas: Invalid value: -1: must be greater than or equal to 0"),
        "{shown}"
    );
    sim.save_editor(&yaml.replace("replicas: 2", "replicas: 5"));
    assert!(sim.editor.is_none());
    let last = log(&sim).pop().expect("a line");
    assert_eq!(last, (LineKind::Output, "deployment.apps/web edited".to_string()));
}

#[test]
fn saving_the_text_unchanged_cancels_quietly() {
    let (mut sim, yaml) = editing();
    sim.save_editor(&yaml);
    assert!(sim.editor.is_none());
    let last = log(&sim).pop().expect("a line");
    assert_eq!(last, (LineKind::Output, "Edit cancelled, no changes made.".to_string()));
}

#[test]
fn cancelling_after_a_failed_save_says_no_valid_changes_were_saved() {
    let mut sim = Sim::new(1);
    sim.run_command("k create deployment web --image=nginx:1.27");
    sim.run_command("k edit deploy web");
    sim.save_editor(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: three\n",
    );
    assert!(sim.editor.as_ref().is_some_and(|e| e.error.is_some()));
    sim.cancel_editor();
    let last = sim.log.last().unwrap();
    assert_eq!(last.text, "error: Edit cancelled, no valid changes were saved.");
    assert_eq!(last.kind, LineKind::Error);
}
