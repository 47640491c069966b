//! The behaviours stateful_set_control_test.go checks through its fake object manager
//! (`TestStatefulSetControl`'s CreatesPods / ScalesUp / ScalesDown / ReplacesPods /
//! RecreatesFailedPod, `TestStatefulSetControlRollingUpdateWithPartition`), as single
//! passes rather than through a fake object manager.

use super::*;

fn healthy(ordinal: i32, revision: &str) -> Member {
    Member {
        ordinal,
        finished: false,
        terminating: false,
        running_and_ready: true,
        available: true,
        revision: revision.into(),
    }
}

fn pending(ordinal: i32) -> Member {
    Member { running_and_ready: false, available: false, ..healthy(ordinal, "r1") }
}

fn pass(replicas: i32, ordered: bool) -> Pass<'static> {
    Pass { start: 0, replicas, ordered, rolling_partition: Some(0), update_revision: "r1" }
}

fn set(n: i32) -> Vec<Member> {
    (0..n).map(|o| healthy(o, "r1")).collect()
}

#[test]
fn ordered_ready_creates_one_pod_at_a_time_in_order() {
    assert_eq!(plan(&pass(3, true), &[]), [Step::Create(0)]);
    assert_eq!(plan(&pass(3, true), &[pending(0)]), [Step::WaitFor(0, Wait::RunningAndReady)]);
    assert_eq!(plan(&pass(3, true), &set(1)), [Step::Create(1)]);
    assert_eq!(plan(&pass(3, true), &set(3)), []);
}

#[test]
fn ordered_ready_waits_for_availability_and_termination() {
    let mut unavailable = healthy(0, "r1");
    unavailable.available = false;
    assert_eq!(plan(&pass(2, true), &[unavailable]), [Step::WaitFor(0, Wait::Available)]);
    let mut going = healthy(0, "r1");
    going.terminating = true;
    assert_eq!(plan(&pass(2, true), &[going]), [Step::WaitFor(0, Wait::Terminating)]);
}

#[test]
fn parallel_creates_every_missing_pod_at_once() {
    assert_eq!(plan(&pass(3, false), &[pending(1)]), [Step::Create(0), Step::Create(2)]);
}

#[test]
fn a_failed_pod_is_deleted_for_recreation_and_the_pass_ends() {
    let mut failed = healthy(1, "r1");
    failed.finished = true;
    let pods = [healthy(0, "r1"), failed.clone(), healthy(2, "r1")];
    assert_eq!(plan(&pass(3, true), &pods), [Step::Recreate(1)]);
    assert_eq!(plan(&pass(3, false), &pods), [Step::Recreate(1)]);
    failed.terminating = true;
    assert!(plan(&pass(3, true), &[healthy(0, "r1"), failed]).is_empty(), "already going");
}

#[test]
fn ordered_ready_scales_down_from_the_highest_ordinal() {
    assert_eq!(plan(&pass(2, true), &set(5)), [Step::Condemn(4)]);
    let mut going = healthy(4, "r1");
    going.terminating = true;
    let pods = [healthy(0, "r1"), healthy(1, "r1"), healthy(2, "r1"), healthy(3, "r1"), going];
    assert_eq!(plan(&pass(2, true), &pods), [Step::WaitFor(4, Wait::Terminating)]);
    assert_eq!(
        plan(&pass(2, false), &set(5)),
        [Step::Condemn(4), Step::Condemn(3), Step::Condemn(2)]
    );
}

// A scale-down waits on an unhealthy target, unless it is the first unhealthy pod.
#[test]
fn ordered_ready_scale_down_checks_the_target_pod() {
    let pods = [healthy(0, "r1"), healthy(1, "r1"), pending(2), healthy(3, "r1")];
    assert_eq!(plan(&pass(2, true), &pods), [Step::Condemn(3)]);
    let pods = [healthy(0, "r1"), healthy(1, "r1"), healthy(2, "r1"), pending(3)];
    assert_eq!(plan(&pass(2, true), &pods), [Step::Condemn(3)]);
    let pods = [healthy(0, "r1"), healthy(1, "r1"), pending(2), pending(3)];
    assert_eq!(plan(&pass(2, true), &pods), [Step::Condemn(3)]);
    // The check is on the target: a healthy top pod goes even with an unhealthy one below.
    let pods = [healthy(0, "r1"), healthy(1, "r1"), healthy(2, "r1"), pending(3), healthy(4, "r1")];
    assert_eq!(plan(&pass(2, true), &pods), [Step::Condemn(4)]);
    // Ready but not yet available for minReadySeconds: wait before removing it.
    let mut fresh = healthy(2, "r1");
    fresh.available = false;
    let pods = [healthy(0, "r1"), healthy(1, "r1"), fresh];
    assert_eq!(plan(&pass(2, true), &pods), [Step::WaitFor(2, Wait::Available)]);
}

#[test]
fn rolling_update_replaces_from_the_top_down_to_the_partition() {
    let old: Vec<Member> = (0..4).map(|o| healthy(o, "r0")).collect();
    let mut p = pass(4, true);
    assert_eq!(plan(&p, &old), [Step::Update(3)]);
    let mut mixed = old.clone();
    mixed[3] = pending(3);
    assert_eq!(plan(&p, &mixed), [Step::WaitFor(3, Wait::RunningAndReady)]);
    mixed[3] = healthy(3, "r1");
    assert_eq!(plan(&p, &mixed), [Step::Update(2)]);
    p.rolling_partition = Some(3);
    assert!(plan(&p, &mixed).is_empty(), "ordinals below the partition keep their revision");
    p.rolling_partition = Some(10);
    assert!(plan(&p, &old).is_empty());
    p.rolling_partition = None;
    assert!(plan(&p, &old).is_empty(), "OnDelete replaces nothing");
}

// Parallel management still updates one pod at a time.
#[test]
fn parallel_rolling_update_is_still_one_at_a_time() {
    let old: Vec<Member> = (0..3).map(|o| healthy(o, "r0")).collect();
    assert_eq!(plan(&pass(3, false), &old), [Step::Update(2)]);
}

#[test]
fn start_ordinal_shifts_the_owned_range_and_the_partition() {
    let mut p = pass(3, true);
    p.start = 5;
    assert_eq!(plan(&p, &[]), [Step::Create(5)]);
    let pods = [healthy(0, "r1"), healthy(5, "r1"), healthy(6, "r1"), healthy(7, "r1")];
    assert_eq!(plan(&p, &pods), [Step::Condemn(0)]);
    let old = [healthy(5, "r0"), healthy(6, "r0"), healthy(7, "r0")];
    p.rolling_partition = Some(2);
    assert_eq!(plan(&p, &old), [Step::Update(7)]);
    let updated = [healthy(5, "r0"), healthy(6, "r0"), healthy(7, "r1")];
    assert!(plan(&p, &updated).is_empty());
    assert_eq!(revision_for_ordinal(6, 5, 2, "r0", "r1"), "r0");
    assert_eq!(revision_for_ordinal(7, 5, 2, "r0", "r1"), "r1");
    assert_eq!(revision_for_ordinal(0, 0, 0, "r0", "r1"), "r1");
}

#[test]
fn pods_without_an_ordinal_are_ignored() {
    let pods = [healthy(-1, "r1"), healthy(0, "r1")];
    assert_eq!(plan(&pass(2, true), &pods), [Step::Create(1)]);
}
