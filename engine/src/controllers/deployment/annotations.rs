//! The annotations a Deployment keeps on its ReplicaSets and on itself: revision numbers,
//! revision history, and the desired/max replica counts that tell a scaling event from a
//! rollout. Pure functions over objects; nothing here writes to the store.
//!
//! Models pkg/controller/deployment/util/deployment_util.go (`SetNewReplicaSetAnnotations`,
//! `SetReplicasAnnotations`, `ReplicasAnnotationsNeedUpdate`, `MaxRevision`, `Revision`,
//! `SetDeploymentRevision`, `getNonNegativeInt32FromAnnotation`).

use std::num::ParseIntError;

use crate::model::{Deployment, ObjectMeta, ReplicaSet};

use super::util::max_total;

pub const REVISION: &str = "deployment.kubernetes.io/revision";
pub const REVISION_HISTORY: &str = "deployment.kubernetes.io/revision-history";
pub const DESIRED_REPLICAS: &str = "deployment.kubernetes.io/desired-replicas";
pub const MAX_REPLICAS: &str = "deployment.kubernetes.io/max-replicas";
pub const LAST_APPLIED: &str = "kubectl.kubernetes.io/last-applied-configuration";
pub const ROLLBACK_TO: &str = "deprecated.deployment.rollback.to";

/// `maxRevHistoryLengthInChars` in sync.go: about 100 entries.
pub const MAX_REV_HISTORY_CHARS: usize = 2000;

/// `annotationsToSkip`: Deployment annotations never copied to its ReplicaSets.
/// `kubernetes.io/change-cause` is not among them, so it is copied like any other.
const SKIPPED: [&str; 6] =
    [LAST_APPLIED, REVISION, REVISION_HISTORY, DESIRED_REPLICAS, MAX_REPLICAS, ROLLBACK_TO];

/// `Revision`: the revision annotation as a number; missing counts as 0.
pub fn revision(meta: &ObjectMeta) -> Result<i64, ParseIntError> {
    match meta.annotations.get(REVISION) {
        None => Ok(0),
        Some(v) => v.parse(),
    }
}

/// `MaxRevision`: the highest revision, skipping ReplicaSets whose revision does not parse.
pub fn max_revision<'a>(rss: impl IntoIterator<Item = &'a ReplicaSet>) -> i64 {
    rss.into_iter().filter_map(|rs| revision(&rs.metadata).ok()).fold(0, i64::max)
}

/// `SetDeploymentRevision`: true when the Deployment's revision annotation changed.
pub fn set_deployment_revision(d: &mut Deployment, rev: &str) -> bool {
    if d.metadata.annotations.get(REVISION).map(String::as_str) == Some(rev) {
        return false;
    }
    d.metadata.annotations.insert(REVISION.into(), rev.into());
    true
}

/// `SetNewReplicaSetAnnotations`: copy the Deployment's annotations, raise the revision to
/// `new_revision` (recording the previous one in the history, as happens when an old
/// template comes back), and on creation set the replica annotations. True when changed.
pub fn set_new_replica_set_annotations(
    d: &Deployment,
    rs: &mut ReplicaSet,
    new_revision: &str,
    exists: bool,
    history_limit_chars: usize,
) -> bool {
    let mut changed = copy_deployment_annotations(d, rs);
    let old = rs.metadata.annotations.get(REVISION).cloned();
    let old_int = match old.as_deref().map(str::parse::<i64>) {
        None => 0,
        Some(Ok(v)) => v,
        // An unparseable revision on the ReplicaSet: upstream logs and gives up.
        Some(Err(_)) if old.as_deref() != Some("") => return false,
        Some(Err(_)) => 0,
    };
    let Ok(new_int) = new_revision.parse::<i64>() else { return false };
    if old_int < new_int {
        rs.metadata.annotations.insert(REVISION.into(), new_revision.into());
        changed = true;
        if let Some(old) = old {
            append_history(rs, &old, history_limit_chars);
        }
    }
    if !exists && set_replicas_annotations(rs, d.spec.replicas, max_total(d)) {
        changed = true;
    }
    changed
}

/// Appends `old` to the revision history, dropping the oldest entries to stay within
/// `limit` characters; when even that cannot fit, the history is left as it was.
fn append_history(rs: &mut ReplicaSet, old: &str, limit: usize) {
    let history = rs.metadata.annotations.get(REVISION_HISTORY).cloned().unwrap_or_default();
    if history.is_empty() {
        rs.metadata.annotations.insert(REVISION_HISTORY.into(), old.into());
        return;
    }
    let entries: Vec<&str> = history.split(',').collect();
    let mut total = history.len() + old.len() + 1;
    let mut start = 0;
    while total > limit && start < entries.len() {
        total -= entries[start].len() + 1;
        start += 1;
    }
    if total <= limit {
        let mut kept: Vec<&str> = entries[start..].to_vec();
        kept.push(old);
        rs.metadata.annotations.insert(REVISION_HISTORY.into(), kept.join(","));
    }
}

/// `copyDeploymentAnnotationsToReplicaSet`: true when an annotation was added or changed.
fn copy_deployment_annotations(d: &Deployment, rs: &mut ReplicaSet) -> bool {
    let mut changed = false;
    for (k, v) in &d.metadata.annotations {
        if SKIPPED.contains(&k.as_str()) || rs.metadata.annotations.get(k) == Some(v) {
            continue;
        }
        rs.metadata.annotations.insert(k.clone(), v.clone());
        changed = true;
    }
    changed
}

/// `SetReplicasAnnotations`: desired = replicas, max = replicas + maxSurge.
pub fn set_replicas_annotations(rs: &mut ReplicaSet, desired: i32, max: i32) -> bool {
    let mut changed = false;
    for (key, value) in [(DESIRED_REPLICAS, desired), (MAX_REPLICAS, max)] {
        let value = value.to_string();
        if rs.metadata.annotations.get(key) != Some(&value) {
            rs.metadata.annotations.insert(key.into(), value);
            changed = true;
        }
    }
    changed
}

/// `ReplicasAnnotationsNeedUpdate`.
pub fn replicas_annotations_need_update(rs: &ReplicaSet, desired: i32, max: i32) -> bool {
    let a = &rs.metadata.annotations;
    a.get(DESIRED_REPLICAS) != Some(&desired.to_string())
        || a.get(MAX_REPLICAS) != Some(&max.to_string())
}

/// `getNonNegativeInt32FromAnnotation`: `Ok(None)` when absent; errors carry strconv's words
/// ("invalid syntax", "value out of range") or the int32 range message.
pub fn non_negative_i32_annotation(rs: &ReplicaSet, key: &str) -> Result<Option<i32>, String> {
    let Some(value) = rs.metadata.annotations.get(key) else { return Ok(None) };
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("strconv.ParseUint: parsing {value:?}: invalid syntax"));
    }
    match value.parse::<u64>() {
        Ok(v) if v <= u64::from(u32::MAX) => match i32::try_from(v) {
            Ok(v) => Ok(Some(v)),
            Err(_) => Err(format!("value {v} is out of range (higher than {})", i32::MAX)),
        },
        _ => Err(format!("strconv.ParseUint: parsing {value:?}: value out of range")),
    }
}

/// `GetDesiredReplicasAnnotation`: the desired-replicas annotation when it is valid.
pub fn desired_replicas(rs: &ReplicaSet) -> Option<i32> {
    non_negative_i32_annotation(rs, DESIRED_REPLICAS).ok().flatten()
}

#[cfg(test)]
mod tests {
    use super::super::testkit::{deployment, replica_set};
    use super::*;

    // TestAnnotationUtils: revisions 11..=20 with a 5-character history limit.
    #[test]
    fn revision_history_keeps_the_newest_entries_within_the_limit() {
        let d = deployment("nginx", 1);
        let mut rs = replica_set("nginx-rs", 1, 0);
        for i in 10..20 {
            let next = (i + 1).to_string();
            set_new_replica_set_annotations(&d, &mut rs, &next, true, 5);
            if i >= 12 {
                let want = format!("{},{}", i - 1, i);
                assert_eq!(rs.metadata.annotations.get(REVISION_HISTORY), Some(&want), "at {next}");
            }
            assert_eq!(rs.metadata.annotations.get(REVISION), Some(&next));
        }
    }

    #[test]
    fn replica_annotations_are_written_and_compared_as_decimal_strings() {
        let mut rs = replica_set("nginx-rs", 1, 0);
        assert!(set_replicas_annotations(&mut rs, 10, 11));
        assert_eq!(rs.metadata.annotations.get(DESIRED_REPLICAS).map(String::as_str), Some("10"));
        assert_eq!(rs.metadata.annotations.get(MAX_REPLICAS).map(String::as_str), Some("11"));
        assert!(!set_replicas_annotations(&mut rs, 10, 11));
    }

    // TestReplicasAnnotationsNeedUpdate with (10, 20).
    #[test]
    fn replica_annotations_need_update_unless_both_match() {
        let with = |pairs: &[(&str, &str)]| {
            let mut rs = replica_set("hello", 1, 0);
            for (k, v) in pairs {
                rs.metadata.annotations.insert((*k).into(), (*v).into());
            }
            replicas_annotations_need_update(&rs, 10, 20)
        };
        assert!(with(&[]));
        assert!(with(&[(DESIRED_REPLICAS, "8"), (MAX_REPLICAS, "20")]));
        assert!(with(&[(DESIRED_REPLICAS, "10"), (MAX_REPLICAS, "16")]));
        assert!(!with(&[(DESIRED_REPLICAS, "10"), (MAX_REPLICAS, "20")]));
    }

    // TestGetNonNegativeInt32FromAnnotation.
    #[test]
    fn annotation_numbers_must_be_non_negative_int32() {
        type Case = (Option<&'static str>, Result<Option<i32>, &'static str>);
        let cases: [Case; 8] = [
            (None, Ok(None)),
            (Some("invalid"), Err("invalid syntax")),
            (Some("-1"), Err("invalid syntax")),
            (Some("0"), Ok(Some(0))),
            (Some("13"), Ok(Some(13))),
            (Some("2147483647"), Ok(Some(i32::MAX))),
            (Some("2147483648"), Err("out of range")),
            (Some("4294967296"), Err("out of range")),
        ];
        for (value, want) in cases {
            let mut rs = replica_set("x", 1, 0);
            if let Some(v) = value {
                rs.metadata.annotations.insert(MAX_REPLICAS.into(), v.into());
            }
            let got = non_negative_i32_annotation(&rs, MAX_REPLICAS);
            match (got, want) {
                (Ok(g), Ok(w)) => assert_eq!(g, w, "{value:?}"),
                (Err(e), Err(w)) => assert!(e.contains(w), "{value:?}: {e}"),
                (g, w) => panic!("{value:?}: got {g:?}, want {w:?}"),
            }
        }
    }

    #[test]
    fn deployment_annotations_are_copied_except_the_controller_owned_ones() {
        let mut d = deployment("nginx", 3);
        for (k, v) in
            [("kubernetes.io/change-cause", "image bump"), (LAST_APPLIED, "{}"), (REVISION, "9")]
        {
            d.metadata.annotations.insert(k.into(), v.into());
        }
        let mut rs = replica_set("nginx-rs", 0, 0);
        assert!(set_new_replica_set_annotations(&d, &mut rs, "1", false, MAX_REV_HISTORY_CHARS));
        let a = &rs.metadata.annotations;
        assert_eq!(a.get("kubernetes.io/change-cause").map(String::as_str), Some("image bump"));
        assert_eq!(a.get(LAST_APPLIED), None);
        assert_eq!(a.get(REVISION).map(String::as_str), Some("1"));
        assert_eq!(a.get(REVISION_HISTORY), None, "a first revision has no history");
        assert_eq!(a.get(DESIRED_REPLICAS).map(String::as_str), Some("3"));
        assert_eq!(a.get(MAX_REPLICAS).map(String::as_str), Some("4"));
    }

    #[test]
    fn an_old_template_coming_back_gets_the_next_revision_and_remembers_its_old_one() {
        let d = deployment("nginx", 3);
        let mut rs = replica_set("nginx-rs", 0, 0);
        rs.metadata.annotations.insert(REVISION.into(), "1".into());
        assert!(set_new_replica_set_annotations(&d, &mut rs, "3", true, MAX_REV_HISTORY_CHARS));
        assert_eq!(rs.metadata.annotations.get(REVISION).map(String::as_str), Some("3"));
        assert_eq!(rs.metadata.annotations.get(REVISION_HISTORY).map(String::as_str), Some("1"));
        assert!(!set_new_replica_set_annotations(&d, &mut rs, "2", true, MAX_REV_HISTORY_CHARS));
    }

    #[test]
    fn max_revision_skips_unparseable_revisions() {
        let mut a = replica_set("a", 0, 0);
        a.metadata.annotations.insert(REVISION.into(), "4".into());
        let mut b = replica_set("b", 0, 0);
        b.metadata.annotations.insert(REVISION.into(), "x".into());
        let c = replica_set("c", 0, 0);
        assert_eq!(max_revision([&a, &b, &c]), 4);
        assert!(revision(&b.metadata).is_err());
        assert_eq!(revision(&c.metadata), Ok(0));
    }
}
