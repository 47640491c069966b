use super::*;
use crate::model::{Container, LabelSelector, PodSpec};

fn set(image: &str) -> StatefulSet {
    let mut s = StatefulSet::default();
    s.metadata.name = "web".into();
    s.metadata.namespace = "default".into();
    s.metadata.uid = "uid-web".into();
    s.spec.selector = LabelSelector::default();
    s.spec.template.metadata.labels.insert("app".into(), "nginx".into());
    s.spec.template.spec =
        PodSpec { containers: vec![Container::new("nginx", image)].into(), ..Default::default() };
    s
}

fn stored(cr: &ControllerRevision) -> Revision {
    as_revision(cr)
}

#[test]
fn the_patch_replaces_the_whole_template_with_sorted_keys() {
    let text = String::from_utf8(patch(&set("nginx:1.27"))).unwrap();
    assert!(text.starts_with(r#"{"spec":{"template":{"$patch":"replace","metadata":{"labels":{"app":"nginx"}},"spec":{"containers":[{"#), "{text}");
    // Keys inside a container are sorted too, as Go's json.Marshal of a map writes them.
    assert!(text.contains(r#"{"image":"nginx:1.27","name":"nginx","resources":{}}"#), "{text}");
}

#[test]
fn a_revision_is_named_for_its_hash_and_labelled_with_it() {
    let cr = new_revision(&set("nginx:1.27"), 1, 0);
    let hash = &cr.metadata.labels[CONTROLLER_REVISION_HASH_LABEL];
    assert_eq!(cr.metadata.name, format!("web-{hash}"));
    assert_eq!(cr.metadata.labels["app"], "nginx");
    let owner = cr.metadata.controller_ref().unwrap();
    assert_eq!((owner.kind.as_str(), owner.uid.as_str()), ("StatefulSet", "uid-web"));
    // Another collision count gives another name for the same template.
    assert_ne!(new_revision(&set("nginx:1.27"), 1, 1).metadata.name, cr.metadata.name);
}

#[test]
fn an_unchanged_template_keeps_its_revision_and_an_old_one_is_renumbered() {
    let old = new_revision(&set("nginx:1.27"), 1, 0);
    let new = new_revision(&set("nginx:1.28"), 2, 0);
    let history = [stored(&old), stored(&new)];
    assert_eq!(
        update_revision(&set("nginx:1.28"), &history, 0),
        UpdateRevision::Unchanged(new.metadata.name.clone())
    );
    assert_eq!(
        update_revision(&set("nginx:1.27"), &history, 0),
        UpdateRevision::Renumber { name: old.metadata.name.clone(), revision: 3 }
    );
    match update_revision(&set("nginx:1.29"), &history, 0) {
        UpdateRevision::Create(cr) => assert_eq!(cr.revision, 3),
        other => panic!("expected a new revision, got {other:?}"),
    }
}

#[test]
fn a_revision_gives_back_the_template_it_was_made_from() {
    let cr = new_revision(&set("nginx:1.27"), 1, 0);
    let later = set("nginx:1.28");
    assert_eq!(template_of(&later, &cr), set("nginx:1.27").spec.template);
}

#[test]
fn history_past_the_limit_goes_oldest_first_but_never_a_live_revision() {
    let revs: Vec<Revision> = (1..=5)
        .map(|i| Revision { name: format!("web-{i}"), revision: i, ..Default::default() })
        .collect();
    let mut pod = Pod::default();
    pod.metadata.labels.insert(POD_REVISION_LABEL.into(), "web-1".into());
    // web-1 runs a pod, web-4 is current, web-5 the update: of web-2 and web-3, one goes.
    assert_eq!(to_truncate(&revs, &[&pod], "web-4", "web-5", 1), vec!["web-2".to_string()]);
    assert!(to_truncate(&revs, &[&pod], "web-4", "web-5", 2).is_empty());
    assert_eq!(to_truncate(&revs, &[], "web-5", "web-5", 0).len(), 4);
}

#[test]
fn a_revision_is_typed_as_an_apps_v1_controller_revision() {
    let cr = new_revision(&set("nginx:1.27"), 1, 0);
    assert_eq!((cr.api_version.as_str(), cr.kind.as_str()), ("apps/v1", "ControllerRevision"));
}
