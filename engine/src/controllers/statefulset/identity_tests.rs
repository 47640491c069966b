//! Cases from pkg/controller/statefulset/stateful_set_utils_test.go, whose `newStatefulSet`
//! is "foo" in the default namespace behind Service "governingsvc".

use super::*;
use crate::model::PodCondition;

fn set() -> SetIdentity {
    SetIdentity {
        name: "foo".into(),
        namespace: "default".into(),
        service_name: "governingsvc".into(),
    }
}

/// `newStatefulSetPod(set, ordinal)`: a pod with the set's identity.
fn member(set: &SetIdentity, ord: i32) -> Pod {
    let mut pod = Pod::default();
    pod.metadata.name = pod_name(&set.name, ord);
    update_identity(set, &mut pod);
    pod
}

fn with_name(name: &str) -> Pod {
    let mut pod = Pod::default();
    pod.metadata.name = name.into();
    pod
}

// TestGetParentNameAndOrdinal, plus the edges of the regular expression.
#[test]
fn parent_and_ordinal_come_from_the_last_dash_and_digits() {
    let pod = member(&set(), 1);
    assert_eq!(parent_name_and_ordinal(&pod.metadata.name), ("foo", 1));
    assert_eq!(parent_name_and_ordinal("1-bar"), ("", -1), "non-member");
    assert_eq!(parent_name_and_ordinal("web-db-12"), ("web-db", 12), "greedy parent");
    assert_eq!(parent_name_and_ordinal("foo-"), ("", -1));
    assert_eq!(parent_name_and_ordinal("foo"), ("", -1));
    assert_eq!(parent_name_and_ordinal("-3"), ("", 3));
    assert_eq!(parent_name_and_ordinal("foo-007"), ("foo", 7));
    assert_eq!(parent_name_and_ordinal("foo-99999999999"), ("foo", -1), "past int32");
}

// getPersistentVolumeClaimName's rule, as the claims in newStatefulSetPod are named.
#[test]
fn claims_are_named_claim_then_set_then_ordinal() {
    assert_eq!(persistent_volume_claim_name("foo", "datadir", 1), "datadir-foo-1");
    assert_eq!(pod_name("foo", 0), "foo-0");
}

// TestIsMemberOf.
#[test]
fn membership_follows_the_parent_name() {
    let set = set();
    let set2 = SetIdentity { name: "foo2".into(), ..set.clone() };
    let pod = member(&set, 1);
    assert!(is_member_of(&set, &pod));
    assert!(!is_member_of(&set2, &pod));
}

// TestIdentityMatches.
#[test]
fn identity_needs_name_namespace_and_pod_name_label() {
    let set = set();
    let pod = member(&set, 1);
    assert!(identity_matches(&set, &pod), "newly created pod has a bad identity");
    let mut renamed = member(&set, 1);
    renamed.metadata.name = "foo".into();
    assert!(!identity_matches(&set, &renamed), "wrong name");
    let mut moved = member(&set, 1);
    moved.metadata.namespace = String::new();
    assert!(!identity_matches(&set, &moved), "wrong namespace");
    let mut unlabelled = member(&set, 1);
    unlabelled.metadata.labels.remove(POD_NAME_LABEL);
    assert!(!identity_matches(&set, &unlabelled), "no statefulSetPodNameLabel");
    let mut padded = member(&set, 1);
    padded.metadata.name = "foo-01".into();
    padded.metadata.labels.insert(POD_NAME_LABEL.into(), "foo-01".into());
    assert!(!identity_matches(&set, &padded), "a padded ordinal is not the canonical name");
}

// updateIdentity: a pod taken over from another set gets this set's identity.
#[test]
fn update_identity_sets_dns_names_and_labels() {
    let set = set();
    let mut pod = member(&SetIdentity { namespace: "other".into(), ..set.clone() }, 3);
    assert!(!identity_matches(&set, &pod));
    update_identity(&set, &mut pod);
    assert!(identity_matches(&set, &pod));
    assert_eq!(pod.spec.hostname.as_deref(), Some("foo-3"));
    assert_eq!(pod.spec.subdomain.as_deref(), Some("governingsvc"));
    assert_eq!(pod.metadata.labels.get(POD_INDEX_LABEL).map(String::as_str), Some("3"));
}

// TestAscendingOrdinal, with a fixed permutation and a non-member.
#[test]
fn pods_sort_by_ascending_ordinal_with_non_members_first() {
    let set = set();
    let mut pods: Vec<Pod> =
        [7, 2, 9, 0, 4, 1, 8, 3, 6, 5].iter().map(|o| member(&set, *o)).collect();
    pods.push(with_name("stray"));
    sort_by_ordinal(&mut pods);
    let ords: Vec<i32> = pods.iter().map(|p| ordinal(&p.metadata.name)).collect();
    assert_eq!(ords, [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
}

fn ready(mut pod: Pod, phase: PodPhase, since: i64) -> Pod {
    pod.status.phase = phase;
    pod.status.conditions.push(PodCondition {
        type_: "Ready".into(),
        status: "True".into(),
        last_transition_time: Some(Time::from_secs(since)),
        ..Default::default()
    });
    pod
}

// isRunningAndReady and isHealthy.
#[test]
fn running_and_ready_needs_both_and_healthy_excludes_deleting() {
    let set = set();
    assert!(!is_running_and_ready(&member(&set, 0)));
    assert!(!is_running_and_ready(&ready(member(&set, 0), PodPhase::Pending, 0)));
    let mut not_ready = member(&set, 0);
    not_ready.status.phase = PodPhase::Running;
    assert!(!is_running_and_ready(&not_ready));
    let pod = ready(member(&set, 0), PodPhase::Running, 0);
    assert!(is_running_and_ready(&pod) && is_healthy(&pod));
    let mut deleting = pod.clone();
    deleting.metadata.deletion_timestamp = Some(Time::from_secs(5));
    assert!(is_running_and_ready(&deleting) && !is_healthy(&deleting));
}

#[test]
fn availability_waits_min_ready_seconds() {
    let pod = ready(member(&set(), 0), PodPhase::Running, 100);
    assert!(is_running_and_available(&pod, 0, Time::from_secs(100)));
    assert!(!is_running_and_available(&pod, 10, Time::from_secs(105)));
    assert!(is_running_and_available(&pod, 10, Time::from_secs(111)));
}

#[test]
fn claims_are_retained_by_default() {
    let p = RetentionPolicy::default();
    assert_eq!((p.when_deleted, p.when_scaled), (ClaimRetention::Retain, ClaimRetention::Retain));
}

// getStartOrdinal / getEndOrdinal / podInOrdinalRange: replicas counted from
// `ordinals.start`.
#[test]
fn a_set_owns_replicas_ordinals_from_its_start() {
    assert_eq!(owned_ordinals(None, 3), 0..3);
    assert_eq!(owned_ordinals(Some(2), 3), 2..5);
    assert!(owned_ordinals(Some(2), 0).is_empty());
    assert!(pod_in_ordinal_range("foo-4", Some(2), 3));
    assert!(!pod_in_ordinal_range("foo-1", Some(2), 3));
    assert!(!pod_in_ordinal_range("foo-5", Some(2), 3));
    assert!(!pod_in_ordinal_range("foo", None, 3));
}

// TestGetStatefulSetMaxUnavailable.
#[test]
fn max_unavailable_rounds_down_and_is_at_least_one() {
    let int = |i| Some(IntOrString::Int(i));
    let pct = |s: &str| Some(IntOrString::Str(s.into()));
    let cases = [
        (None, 10, 1),
        (int(3), 10, 3),
        (int(3), 0, 3),
        (int(0), 0, 1),
        (pct("10%"), 25, 2),
        (pct("100%"), 5, 5),
        (pct("50%"), 5, 2),
        (pct("10%"), 5, 1),
        (pct("1%"), 0, 1),
        (pct("0%"), 0, 1),
    ];
    for (value, replicas, want) in cases {
        assert_eq!(max_unavailable(value.as_ref(), replicas), Ok(want), "{value:?} of {replicas}");
    }
    assert!(max_unavailable(pct("x%").as_ref(), 5).is_err());
}
