//! The order in which a ReplicaSet deletes surplus pods.
//!
//! Models pkg/controller/controller_utils.go `ActivePodsWithRanks.Less` with the
//! PodDeletionCost and LogarithmicScaleDown gates on (both default on in current releases).

use crate::clock::Time;
use crate::model::Pod;

/// `controller.kubernetes.io/pod-deletion-cost`.
pub const POD_DELETION_COST: &str = "controller.kubernetes.io/pod-deletion-cost";

pub struct Ranked<'a> {
    pub pod: &'a Pod,
    /// Active related pods on the same node (doubled-up nodes lose pods first).
    pub rank: usize,
}

fn phase_ordinal(pod: &Pod) -> u8 {
    use crate::model::PodPhase::*;
    match pod.status.phase {
        Pending => 0,
        Unknown => 1,
        Running => 2,
        // Go's map has no entry for the finished phases, so they read as 0.
        Succeeded | Failed => 0,
    }
}

fn deletion_cost(pod: &Pod) -> i32 {
    pod.metadata.annotations.get(POD_DELETION_COST).and_then(|v| v.parse().ok()).unwrap_or(0)
}

/// `afterOrZero`: a missing time counts as the most recent.
fn after_or_zero(t1: Option<Time>, t2: Option<Time>) -> bool {
    match (t1, t2) {
        (None, _) | (_, None) => t1.is_none(),
        (Some(a), Some(b)) => a > b,
    }
}

/// `int64(math.Log2(float64(now - t)))` in nanoseconds, or -1 for non-positive durations.
fn log_bucket(t: Time, now: Time) -> i64 {
    let d_ns = now.since(t).saturating_mul(1_000_000);
    if d_ns > 0 {
        (d_ns as f64).log2() as i64
    } else {
        -1
    }
}

/// Compares two times on the log scale, falling back to UID order within one bucket.
fn log_less(t1: Option<Time>, t2: Option<Time>, now: Time, uid1: &str, uid2: &str) -> bool {
    match (t1, t2) {
        (Some(a), Some(b)) => {
            let diff = log_bucket(a, now) - log_bucket(b, now);
            if diff == 0 {
                uid1 < uid2
            } else {
                diff < 0
            }
        }
        _ => after_or_zero(t1, t2),
    }
}

/// True when `a` should be deleted before `b`.
pub fn less(a: &Ranked<'_>, b: &Ranked<'_>, now: Time) -> bool {
    let (pa, pb) = (a.pod, b.pod);
    let (na, nb) = (pa.node().unwrap_or(""), pb.node().unwrap_or(""));
    // 1. Unassigned before assigned.
    if na != nb && (na.is_empty() || nb.is_empty()) {
        return na.is_empty();
    }
    // 2. Pending < Unknown < Running.
    if phase_ordinal(pa) != phase_ordinal(pb) {
        return phase_ordinal(pa) < phase_ordinal(pb);
    }
    // 3. Not ready before ready.
    if pa.is_ready() != pb.is_ready() {
        return !pa.is_ready();
    }
    // 4. Lower pod-deletion-cost first.
    if deletion_cost(pa) != deletion_cost(pb) {
        return deletion_cost(pa) < deletion_cost(pb);
    }
    // 5. Pods on more crowded nodes first.
    if a.rank != b.rank {
        return a.rank > b.rank;
    }
    // 6. More recently ready first, on a log scale.
    if pa.is_ready() && pb.is_ready() && pa.ready_since() != pb.ready_since() {
        return log_less(
            pa.ready_since(),
            pb.ready_since(),
            now,
            &pa.metadata.uid,
            &pb.metadata.uid,
        );
    }
    // 7. More restarts first.
    if pa.max_restarts() != pb.max_restarts() {
        return pa.max_restarts() > pb.max_restarts();
    }
    // 8. Newer first, on a log scale.
    let (ca, cb) = (pa.metadata.creation_timestamp, pb.metadata.creation_timestamp);
    if ca != cb {
        return log_less(ca, cb, now, &pa.metadata.uid, &pb.metadata.uid);
    }
    false
}

/// A stable merge sort driven by a `less` predicate. Unlike `slice::sort_by`, it accepts a
/// comparison that is not a strict total order (Go's `sort.Sort` does too) and never panics.
pub fn sort_by_less<T>(items: Vec<T>, less: &impl Fn(&T, &T) -> bool) -> Vec<T> {
    if items.len() <= 1 {
        return items;
    }
    let mut left = items;
    let right = left.split_off(left.len() / 2);
    let (left, right) = (sort_by_less(left, less), sort_by_less(right, less));
    let mut out = Vec::with_capacity(left.len() + right.len());
    let (mut l, mut r) = (left.into_iter().peekable(), right.into_iter().peekable());
    while let (Some(a), Some(b)) = (l.peek(), r.peek()) {
        if less(b, a) {
            out.extend(r.next());
        } else {
            out.extend(l.next());
        }
    }
    out.extend(l);
    out.extend(r);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ObjectMeta, PodPhase};

    const HOUR: i64 = 3_600_000;
    const MONTH: i64 = 30 * 24 * HOUR;
    const NOW: Time = Time(100 * MONTH);

    fn pod(node: &str, phase: PodPhase, ready_ago: Option<i64>) -> Pod {
        let mut p = Pod {
            metadata: ObjectMeta { creation_timestamp: Some(NOW), ..Default::default() },
            ..Default::default()
        };
        if !node.is_empty() {
            p.spec.node_name = Some(node.into());
        }
        p.status.phase = phase;
        if let Some(ago) = ready_ago {
            p.set_condition("Ready", true, Time(NOW.0 - ago));
        }
        p
    }

    fn lt(a: &Pod, ra: usize, b: &Pod, rb: usize) -> bool {
        less(&Ranked { pod: a, rank: ra }, &Ranked { pod: b, rank: rb }, NOW)
    }

    fn created(mut p: Pod, ago: i64) -> Pod {
        p.metadata.creation_timestamp = Some(Time(NOW.0 - ago));
        p
    }

    fn restarts(mut p: Pod, n: i32) -> Pod {
        p.status
            .container_statuses
            .push(crate::model::ContainerStatus { restart_count: n, ..Default::default() });
        p
    }

    fn cost(mut p: Pod, c: &str) -> Pod {
        p.metadata.annotations.insert(POD_DELETION_COST.into(), c.into());
        p
    }

    // Vectors from controller_utils_test.go TestSortingActivePodsWithRanks.
    #[test]
    fn ranking_matches_the_upstream_vectors() {
        let u = pod("", PodPhase::Pending, None);
        let p = pod("node", PodPhase::Pending, None);
        let k = pod("node", PodPhase::Unknown, None);
        let nr = pod("node", PodPhase::Running, None);
        let mut r0 = pod("node", PodPhase::Running, Some(0));
        r0.status.conditions[0].last_transition_time = None;
        let rn = pod("node", PodPhase::Running, Some(0));
        let rt = created(pod("node", PodPhase::Running, Some(MONTH)), MONTH);
        let rh = restarts(pod("node", PodPhase::Running, Some(0)), 9001);
        let rnct = created(pod("node", PodPhase::Running, Some(0)), MONTH);
        let clo = cost(created(pod("node", PodPhase::Running, Some(0)), MONTH), "10");
        let chi = cost(created(pod("node", PodPhase::Running, Some(0)), MONTH), "100");
        let r2h = created(pod("", PodPhase::Running, Some(2 * HOUR)), MONTH);
        let r5h = created(pod("", PodPhase::Running, Some(5 * HOUR)), MONTH);

        let cases: &[(&Pod, usize, &Pod, usize)] = &[
            (&u, 1, &p, 2),
            (&u, 2, &p, 1),
            (&p, 1, &k, 2),
            (&k, 1, &nr, 2),
            (&nr, 1, &r0, 1),
            (&r0, 1, &rn, 1),
            (&rn, 2, &r0, 1),
            (&rn, 1, &rt, 1),
            (&rn, 2, &rt, 1),
            (&rh, 1, &rn, 1),
            (&rn, 2, &rh, 1),
            (&rn, 1, &rnct, 1),
            (&rnct, 2, &rn, 1),
            (&clo, 2, &chi, 1),
            (&r2h, 1, &r5h, 1),
        ];
        for (i, (a, ra, b, rb)) in cases.iter().enumerate() {
            assert!(lt(a, *ra, b, *rb), "case {} should be less", i + 1);
            assert!(!lt(b, *rb, a, *ra), "case {} reversed should not be less", i + 1);
        }
        for x in [&u, &p, &k, &nr, &rnct, &rn, &rt, &rh] {
            assert!(!lt(x, 1, x, 1), "a pod is never less than itself");
        }
    }

    #[test]
    fn pods_in_one_log_bucket_tie_without_uids() {
        let r5h = created(pod("", PodPhase::Running, Some(5 * HOUR)), MONTH);
        let r8h = created(pod("", PodPhase::Running, Some(8 * HOUR)), MONTH);
        assert!(!lt(&r5h, 1, &r8h, 1) && !lt(&r8h, 1, &r5h, 1));
        let u5 = created(pod("", PodPhase::Pending, None), 5 * HOUR);
        let u8 = created(pod("", PodPhase::Pending, None), 8 * HOUR);
        assert!(!lt(&u5, 1, &u8, 1) && !lt(&u8, 1, &u5, 1));
    }

    #[test]
    fn merge_sort_is_stable_and_tolerates_ties() {
        let v = vec![(1, 'a'), (0, 'b'), (1, 'c'), (0, 'd')];
        let sorted = sort_by_less(v, &|x: &(i32, char), y: &(i32, char)| x.0 < y.0);
        assert_eq!(sorted, vec![(0, 'b'), (0, 'd'), (1, 'a'), (1, 'c')]);
    }
}
