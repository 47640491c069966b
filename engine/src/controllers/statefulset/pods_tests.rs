use super::*;
use crate::model::{Container, PodSpec, PvcRetentionPolicy};

fn set() -> StatefulSet {
    let mut s = StatefulSet::default();
    s.metadata.name = "web".into();
    s.metadata.namespace = "default".into();
    s.metadata.uid = "uid-web".into();
    s.spec.replicas = 2;
    s.spec.service_name = "nginx".into();
    s.spec.selector.match_labels.insert("app".into(), "nginx".into());
    s.spec.template.metadata.labels.insert("app".into(), "nginx".into());
    s.spec.template.spec =
        PodSpec { containers: vec![Container::new("nginx", "nginx")].into(), ..Default::default() };
    let mut claim = PersistentVolumeClaim::default();
    claim.metadata.name = "www".into();
    claim.metadata.labels.insert("tier".into(), "data".into());
    s.spec.volume_claim_templates.push(claim);
    s
}

#[test]
fn a_pod_gets_its_ordinal_name_identity_labels_revision_and_claim_volume() {
    let s = set();
    let pod = new_pod(&s, &s.spec.template, 1, "web-abc");
    assert_eq!(pod.metadata.name, "web-1");
    assert_eq!(pod.spec.hostname.as_deref(), Some("web-1"));
    assert_eq!(pod.spec.subdomain.as_deref(), Some("nginx"));
    let l = &pod.metadata.labels;
    assert_eq!(l[identity::POD_NAME_LABEL], "web-1");
    assert_eq!(l[identity::POD_INDEX_LABEL], "1");
    assert_eq!(l[POD_REVISION_LABEL], "web-abc");
    assert_eq!(pod.spec.volumes[0].name.as_str(), "www");
    let claim = pod.spec.volumes[0].persistent_volume_claim.as_deref().unwrap();
    assert_eq!(claim["claimName"], "www-web-1");
    assert!(pod.metadata.controller_ref().is_some_and(|r| r.uid == "uid-web"));
}

#[test]
fn claims_are_named_per_ordinal_and_carry_the_selector_labels() {
    let claims = claims_for(&set(), 3);
    assert_eq!(claims[0].metadata.name, "www-web-3");
    assert_eq!(claims[0].metadata.labels["tier"], "data");
    assert_eq!(claims[0].metadata.labels["app"], "nginx");
}

#[test]
fn retention_policy_decides_who_owns_a_claim() {
    let mut s = set();
    let claim = &claims_for(&s, 3)[0];
    let mut condemned = Pod::default();
    condemned.metadata.name = "web-3".into();
    condemned.metadata.uid = "uid-pod".into();
    // Retain/Retain: nobody, and nothing to change.
    assert_eq!(claim_owners(claim, &s, &condemned), None);
    s.spec.persistent_volume_claim_retention_policy =
        PvcRetentionPolicy { when_deleted: "Delete".into(), when_scaled: "Delete".into() };
    // web-3 is past replicas 2: the pod owns the claim, not the set.
    let refs = claim_owners(claim, &s, &condemned).unwrap();
    assert_eq!(refs.iter().map(|r| r.kind.as_str()).collect::<Vec<_>>(), ["Pod"]);
    assert!(refs.iter().all(|r| r.controller.is_none()));
    // Scaled back up, the set owns it again.
    s.spec.replicas = 4;
    let refs = claim_owners(claim, &s, &condemned).unwrap();
    assert_eq!(refs.iter().map(|r| r.kind.as_str()).collect::<Vec<_>>(), ["StatefulSet"]);
}
