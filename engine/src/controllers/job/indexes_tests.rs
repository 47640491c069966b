//! Cases from pkg/controller/job/indexed_job_utils_test.go (`TestCalculateSucceededIndexes`,
//! `TestIntervalsHaveIndex`, `TestFirstPendingIndexes`), named as there.

use super::*;

/// `noIndex` in the upstream tests: a pod without the annotation.
const NO_INDEX: &str = "-";

fn iv(pairs: &[(i64, i64)]) -> Intervals {
    Intervals(pairs.iter().map(|&(first, last)| Interval { first, last }).collect())
}

/// `hollowPodsWithIndexPhase`, with the tracking finalizer the succeeded-index test adds.
fn pods(descs: &[(&str, PodPhase)]) -> Vec<Pod> {
    descs
        .iter()
        .map(|(index, phase)| {
            let mut p = Pod::default();
            p.status.phase = *phase;
            if *index != NO_INDEX {
                p.metadata
                    .annotations
                    .insert(COMPLETION_INDEX_ANNOTATION.into(), index.to_string());
            }
            p.metadata.finalizers.push(TRACKING_FINALIZER.into());
            p
        })
        .collect()
}

use PodPhase::{Failed, Pending, Running, Succeeded};

/// (name, `status.completedIndexes`, pods, completions, want from status, want).
type SucceededCase<'a> = (&'a str, &'a str, Vec<(&'a str, PodPhase)>, i64, Intervals, Intervals);
/// (name, active indexes, succeeded, failed, count, completions, want).
type PendingCase<'a> = (&'a str, Vec<i64>, Intervals, Option<Intervals>, usize, i64, Vec<i64>);

#[test]
fn calculate_succeeded_indexes_cases() {
    let cases: Vec<SucceededCase> = vec![
        ("one index", "", vec![("1", Succeeded)], 2, iv(&[]), iv(&[(1, 1)])),
        (
            "two separate",
            "",
            vec![
                ("2", Failed),
                ("5", Succeeded),
                ("5", Succeeded),
                ("10", Failed),
                ("10", Succeeded),
            ],
            11,
            iv(&[]),
            iv(&[(5, 5), (10, 10)]),
        ),
        (
            "two intervals",
            "",
            vec![
                ("0", Running),
                ("1", Pending),
                ("2", Succeeded),
                ("3", Succeeded),
                ("5", Succeeded),
                ("6", Succeeded),
                ("7", Succeeded),
            ],
            8,
            iv(&[]),
            iv(&[(2, 3), (5, 7)]),
        ),
        (
            "one index and one interval",
            "",
            vec![
                ("0", Succeeded),
                ("1", Failed),
                ("2", Succeeded),
                ("3", Succeeded),
                ("4", Succeeded),
                ("5", Succeeded),
                (NO_INDEX, Succeeded),
                ("-2", Succeeded),
            ],
            6,
            iv(&[]),
            iv(&[(0, 0), (2, 5)]),
        ),
        (
            "out of range",
            "",
            vec![
                ("0", Succeeded),
                ("1", Succeeded),
                ("2", Succeeded),
                ("3", Failed),
                ("4", Succeeded),
                ("5", Succeeded),
                (NO_INDEX, Succeeded),
                ("-2", Succeeded),
            ],
            5,
            iv(&[]),
            iv(&[(0, 2), (4, 4)]),
        ),
        ("prev interval out of range", "0-5,8-10", vec![], 8, iv(&[(0, 5)]), iv(&[(0, 5)])),
        (
            "prev interval partially out of range",
            "0-5,8-10",
            vec![],
            10,
            iv(&[(0, 5), (8, 9)]),
            iv(&[(0, 5), (8, 9)]),
        ),
        (
            "prev and new separate",
            "0,4,5,10-12",
            vec![("2", Succeeded), ("7", Succeeded), ("8", Succeeded)],
            13,
            iv(&[(0, 0), (4, 5), (10, 12)]),
            iv(&[(0, 0), (2, 2), (4, 5), (7, 8), (10, 12)]),
        ),
        (
            "prev between new",
            "3,4,6",
            vec![("2", Succeeded), ("7", Succeeded), ("8", Succeeded)],
            9,
            iv(&[(3, 4), (6, 6)]),
            iv(&[(2, 4), (6, 8)]),
        ),
        (
            "new between prev",
            "2,7,8",
            vec![("3", Succeeded), ("4", Succeeded), ("6", Succeeded)],
            9,
            iv(&[(2, 2), (7, 8)]),
            iv(&[(2, 4), (6, 8)]),
        ),
        (
            "new within prev",
            "2-7",
            vec![("0", Succeeded), ("3", Succeeded), ("5", Succeeded), ("9", Succeeded)],
            10,
            iv(&[(2, 7)]),
            iv(&[(0, 0), (2, 7), (9, 9)]),
        ),
        (
            "corrupted interval",
            "0,1-foo,bar",
            vec![("3", Succeeded)],
            4,
            iv(&[(0, 0)]),
            iv(&[(0, 0), (3, 3)]),
        ),
    ];
    for (name, prev, descs, completions, want_status, want) in cases {
        let (got_status, got) = calculate_succeeded_indexes(prev, completions, &pods(&descs));
        assert_eq!(got_status, want_status, "{name}: status");
        assert_eq!(got, want, "{name}");
    }
}

#[test]
fn a_succeeded_pod_already_counted_is_not_new() {
    let mut counted = pods(&[("1", Succeeded)]);
    counted[0].metadata.finalizers.clear();
    assert_eq!(calculate_succeeded_indexes("", 3, &counted).1, iv(&[]));
}

// orderedIntervals.String, which writes `status.completedIndexes`.
#[test]
fn intervals_print_runs_of_two_with_a_comma() {
    assert_eq!(iv(&[(1, 1), (3, 5), (7, 7)]).to_string(), "1,3-5,7");
    assert_eq!(iv(&[(3, 4)]).to_string(), "3,4");
    assert_eq!(iv(&[(0, 0), (2, 3), (5, 9)]).to_string(), "0,2,3,5-9");
    assert_eq!(iv(&[]).to_string(), "");
    // What it prints parses back to the same intervals.
    let s = iv(&[(0, 0), (2, 3), (5, 9)]).to_string();
    assert_eq!(Intervals::parse(&s, 10), iv(&[(0, 0), (2, 3), (5, 9)]));
    assert_eq!(iv(&[(0, 0), (2, 3), (5, 9)]).total(), 8);
}

#[test]
fn intervals_have_index_cases() {
    let two = iv(&[(2, 4), (6, 8)]);
    let cases = [
        ("empty", iv(&[]), 4, false),
        ("before all", iv(&[(2, 4), (5, 7)]), 1, false),
        ("after all", two.clone(), 9, false),
        ("in between", two.clone(), 5, false),
        ("in first", two.clone(), 2, true),
        ("in second", two, 8, true),
    ];
    for (name, intervals, index, want) in cases {
        assert_eq!(intervals.has(index), want, "{name}");
    }
}

#[test]
fn first_pending_indexes_cases() {
    let active = |descs: &[&str]| -> Vec<i64> {
        pods(&descs.iter().map(|d| (*d, Running)).collect::<Vec<_>>())
            .iter()
            .filter_map(completion_index)
            .collect()
    };
    let cases: Vec<PendingCase> = vec![
        ("cnt greater than completions", vec![], iv(&[]), None, 5, 3, vec![0, 1, 2]),
        ("cnt less than completions", vec![], iv(&[]), None, 2, 5, vec![0, 1]),
        ("first pods active", active(&["0", "1"]), iv(&[]), None, 3, 10, vec![2, 3, 4]),
        (
            "last pods active or succeeded",
            active(&["6"]),
            iv(&[(4, 5)]),
            None,
            6,
            6,
            vec![0, 1, 2, 3],
        ),
        (
            "mixed",
            active(&["3", "5", "8", NO_INDEX, "-3"]),
            iv(&[(2, 4), (9, 9)]),
            None,
            5,
            20,
            vec![0, 1, 6, 7, 10],
        ),
        (
            "with failed indexes",
            active(&["3", "9"]),
            iv(&[(1, 1), (5, 5), (9, 9)]),
            Some(iv(&[(2, 2), (6, 7)])),
            5,
            20,
            vec![0, 4, 8, 10, 11],
        ),
    ];
    for (name, active, succeeded, failed, count, completions, want) in cases {
        assert_eq!(
            first_pending_indexes(&active, &succeeded, failed.as_ref(), count, completions),
            want,
            "{name}"
        );
    }
}

#[test]
fn pending_indexes_skip_a_huge_taken_range_quickly() {
    let taken = iv(&[(0, 999_999_999)]);
    assert_eq!(
        first_pending_indexes(&[], &taken, None, 2, 1_000_000_002),
        [1_000_000_000, 1_000_000_001]
    );
}
