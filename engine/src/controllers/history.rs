//! ControllerRevision naming, hashing and ordering: the history a StatefulSet or DaemonSet
//! keeps of its templates. Pure functions over a plain `Revision`, and the patch both kinds
//! store in a revision's `data` (`template_patch`, `template_of_patch`). The DaemonSet's
//! reads and writes of revisions are `daemon/revisions.rs`.
//!
//! Models pkg/controller/history/controller_history.go (`ControllerRevisionName`,
//! `HashControllerRevision`, `SortControllerRevisions`, `EqualRevision`,
//! `FindEqualRevisions`), the `nextRevision` both workload controllers share
//! (pkg/controller/statefulset/stateful_set_utils.go, pkg/controller/daemon/update.go) and
//! their `getPatch`.

use std::cmp::Ordering;

use serde::Deserialize;
use serde_json::{Map, Value};

use super::deployment::hash::{fnv32, safe_encode_string};
use crate::clock::Time;
use crate::model::PodTemplateSpec;

/// `ControllerRevisionHashLabel`: the label holding a revision's hash.
pub const CONTROLLER_REVISION_HASH_LABEL: &str = "controller.kubernetes.io/hash";

/// A name is at most 253 bytes: the prefix keeps 223 of them, leaving room for `-` and a
/// hash of up to 10 characters (and the rest unused, as upstream).
const MAX_PREFIX: usize = 223;

/// What the history functions read of a ControllerRevision.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Revision {
    pub name: String,
    pub revision: i64,
    pub creation_timestamp: Option<Time>,
    /// `data.raw`: the serialized patch of the parent's template.
    pub data: Vec<u8>,
    /// The `controller.kubernetes.io/hash` label, if the revision carries one.
    pub hash_label: Option<String>,
}

/// `getPatch` (daemon/update.go, statefulset/stateful_set_utils.go, and kubectl's
/// rollback.go copies): `{"spec":{"template":{...,"$patch":"replace"}}}`, the template as
/// the API serialises it (Go's sorted keys, a zero `creationTimestamp` as `null`), so
/// applying it as a strategic merge patch replaces the template whole. Equal bytes are
/// how a controller and kubectl tell that a revision holds the current template.
pub fn template_patch(template: &PodTemplateSpec) -> String {
    let mut t = serde_json::to_value(template).unwrap_or(Value::Null);
    if let Some(t) = t.as_object_mut() {
        let meta = t.entry("metadata").or_insert_with(|| Value::Object(Map::new()));
        if let Some(m) = meta.as_object_mut() {
            m.entry("creationTimestamp").or_insert(Value::Null);
        }
        t.insert("$patch".into(), Value::String("replace".into()));
    }
    let mut spec = Map::new();
    spec.insert("template".into(), t);
    let mut root = Map::new();
    root.insert("spec".into(), Value::Object(spec));
    crate::gofmt::go_json(&Value::Object(root))
}

/// A revision's `data` as the bytes `template_patch` is compared with.
pub fn data_text(data: &Value) -> String {
    crate::gofmt::go_json(data)
}

/// The template a revision's patch restores (what `StrategicMergePatch` leaves under
/// `spec.template` for a `$patch: replace`), or `None` when the data holds no template.
pub fn template_of_patch(data: &Value) -> Option<PodTemplateSpec> {
    let mut t = data.pointer("/spec/template")?.clone();
    t.as_object_mut()?.remove("$patch");
    // From `&Value`, as manifests are decoded: `from_value` would compile every model type's
    // decoder a second time, for the owned `Value`.
    PodTemplateSpec::deserialize(&t).ok()
}

/// `ControllerRevisionName`: `<prefix>-<hash>`, the prefix cut to its first 223 bytes. Object
/// names are ASCII (validation), so a byte cut is a character cut; a non-ASCII prefix is cut
/// at the last character boundary before 223 rather than panicking.
pub fn controller_revision_name(prefix: &str, hash: &str) -> String {
    let mut end = prefix.len().min(MAX_PREFIX);
    while !prefix.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}-{hash}", &prefix[..end])
}

/// `HashControllerRevision`: FNV-1 (32 bits, Go's `fnv.New32`) over the raw data, then the
/// collision count written as decimal text when there is one, safe-encoded.
///
/// Unlike the pod-template-hash (FNV-1a, the count as a little-endian integer), this is
/// the history package's own recipe; both end in `rand.SafeEncodeString`.
pub fn hash_controller_revision(data: &[u8], collision_count: Option<i32>) -> String {
    let mut bytes = data.to_vec();
    if let Some(count) = collision_count {
        bytes.extend_from_slice(count.to_string().as_bytes());
    }
    safe_encode_string(&fnv32(&bytes).to_string())
}

/// `NewControllerRevision`'s name for a parent: hash the data, then prefix it.
pub fn revision_name(parent: &str, data: &[u8], collision_count: Option<i32>) -> String {
    controller_revision_name(parent, &hash_controller_revision(data, collision_count))
}

/// `byRevision.Less`: by revision number, ties by creation time (older first), then name.
fn by_revision(a: &Revision, b: &Revision) -> Ordering {
    a.revision
        .cmp(&b.revision)
        .then_with(|| a.creation_timestamp.cmp(&b.creation_timestamp))
        .then_with(|| a.name.cmp(&b.name))
}

/// `SortControllerRevisions`: a stable sort by `by_revision`.
pub fn sort_controller_revisions(revisions: &mut [Revision]) {
    crate::sort::sort_by(revisions, by_revision);
}

/// `nextRevision`: one past the last of revisions sorted ascending, or 1 for none.
pub fn next_revision(sorted: &[Revision]) -> i64 {
    sorted.last().map_or(1, |r| r.revision + 1)
}

/// `EqualRevision`: two revisions whose hash labels both parse as numbers and differ are
/// unequal without looking further; otherwise their raw data decides.
///
/// The labels are safe-encoded strings, which rarely parse as integers, so in practice the
/// data comparison decides; the shortcut is kept because upstream has it.
pub fn equal_revision(a: &Revision, b: &Revision) -> bool {
    let parse = |r: &Revision| r.hash_label.as_deref().and_then(|h| h.parse::<i32>().ok());
    if let (Some(x), Some(y)) = (parse(a), parse(b)) {
        if x != y {
            return false;
        }
    }
    a.data == b.data
}

/// `FindEqualRevisions`: the revisions equal to `needle`, in their order.
pub fn find_equal_revisions<'a>(revisions: &'a [Revision], needle: &Revision) -> Vec<&'a Revision> {
    revisions.iter().filter(|r| equal_revision(r, needle)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rev(name: &str, revision: i64, created: i64, data: &str) -> Revision {
        Revision {
            name: name.into(),
            revision,
            creation_timestamp: Some(Time::from_secs(created)),
            data: data.as_bytes().to_vec(),
            hash_label: None,
        }
    }

    fn names(revisions: &[Revision]) -> Vec<&str> {
        revisions.iter().map(|r| r.name.as_str()).collect()
    }

    fn is_hash(s: &str) -> bool {
        (1..=10).contains(&s.len())
            && s.bytes().all(|b| matches!(b, b'4'..=b'9' | b'b' | b'c' | b'd' | b'f'))
    }

    #[test]
    fn a_long_prefix_is_cut_to_223_bytes() {
        let long = "a".repeat(300);
        let name = controller_revision_name(&long, "5d4f8c");
        assert_eq!(name, format!("{}-5d4f8c", "a".repeat(223)));
        assert_eq!(controller_revision_name("web", "5d4f8c"), "web-5d4f8c");
        // A multi-byte character across the cut is dropped whole rather than split.
        let odd = format!("{}é", "a".repeat(222));
        assert_eq!(controller_revision_name(&odd, "h"), format!("{}-h", "a".repeat(222)));
    }

    // The hash is FNV-1 of the data, then the decimal count: checked against fnv32 directly
    // so a switch to FNV-1a or to a binary count would fail here.
    #[test]
    fn the_hash_is_fnv1_over_data_then_the_decimal_collision_count() {
        let data = br#"{"spec":{"template":{}}}"#;
        assert_eq!(
            hash_controller_revision(data, None),
            safe_encode_string(&fnv32(data).to_string())
        );
        let mut with_count = data.to_vec();
        with_count.extend_from_slice(b"12");
        assert_eq!(
            hash_controller_revision(data, Some(12)),
            safe_encode_string(&fnv32(&with_count).to_string())
        );
        assert!(is_hash(&hash_controller_revision(data, Some(0))));
    }

    // TestRealHistory_CreateControllerRevision "collision": a bumped count renames the revision.
    #[test]
    fn a_collision_count_gives_a_new_name_for_the_same_data() {
        let data = b"template";
        let names: Vec<String> = [None, Some(0), Some(1), Some(2)]
            .iter()
            .map(|c| revision_name("ss1", data, *c))
            .collect();
        for (i, a) in names.iter().enumerate() {
            assert!(a.starts_with("ss1-") && is_hash(&a[4..]), "{a}");
            for b in &names[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert_eq!(revision_name("ss1", data, Some(1)), revision_name("ss1", data, Some(1)));
    }

    // TestSortControllerRevisions: "out of order", "sorted", "reversed", "with ties", "empty".
    #[test]
    fn revisions_sort_by_number_then_creation_then_name() {
        let r1 = rev("ss1-rev1", 1, 0, "a");
        let r2 = rev("ss1-rev2", 2, 0, "a");
        let r3 = rev("ss1-rev3", 3, 0, "b");
        let r3_time2 = rev("ss1-rev3-time2", 3, 1, "b");
        let r3_time2_name2 = rev("ss1-rev3-time2-name2", 3, 1, "b");
        let cases: [(&str, Vec<Revision>, Vec<&str>); 5] = [
            (
                "out of order",
                vec![r2.clone(), r1.clone(), r3.clone()],
                vec!["ss1-rev1", "ss1-rev2", "ss1-rev3"],
            ),
            (
                "sorted",
                vec![r1.clone(), r2.clone(), r3.clone()],
                vec!["ss1-rev1", "ss1-rev2", "ss1-rev3"],
            ),
            (
                "reversed",
                vec![r3.clone(), r2.clone(), r1.clone()],
                vec!["ss1-rev1", "ss1-rev2", "ss1-rev3"],
            ),
            (
                "with ties",
                vec![r3_time2_name2, r3.clone(), r3_time2, r2.clone(), r1.clone()],
                vec!["ss1-rev1", "ss1-rev2", "ss1-rev3", "ss1-rev3-time2", "ss1-rev3-time2-name2"],
            ),
            ("empty", vec![], vec![]),
        ];
        for (name, mut revisions, want) in cases {
            sort_controller_revisions(&mut revisions);
            assert_eq!(names(&revisions), want, "{name}");
        }
    }

    #[test]
    fn a_template_survives_its_patch() {
        let mut t = PodTemplateSpec::default();
        t.metadata.labels.insert("app".into(), "web".into());
        let patch = template_patch(&t);
        assert!(patch.starts_with(r#"{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null,"labels":{"app":"web"}}"#), "{patch}");
        let data: Value = serde_json::from_str(&patch).unwrap();
        assert_eq!(data_text(&data), patch);
        assert_eq!(template_of_patch(&data), Some(t));
        assert_eq!(template_of_patch(&serde_json::json!({"spec": {}})), None);
    }

    #[test]
    fn the_next_revision_follows_the_last_or_starts_at_one() {
        assert_eq!(next_revision(&[]), 1);
        assert_eq!(next_revision(&[rev("a", 1, 0, ""), rev("b", 4, 0, "")]), 5);
    }

    // TestEqualRevision and TestFindEqualRevisions ("finds equivalent", "finds nothing when
    // empty", "finds nothing with no matches").
    #[test]
    fn equal_revisions_share_data_and_do_not_disagree_on_a_numeric_hash() {
        let ss1_rev1 = rev("ss1-1", 1, 0, "ss1");
        let ss2_rev1 = rev("ss2-1", 1, 0, "ss2");
        let ss2_rev2 = rev("ss2-2", 2, 0, "ss2");
        assert!(equal_revision(&ss1_rev1, &ss1_rev1.clone()));
        assert!(!equal_revision(&ss1_rev1, &ss2_rev1));
        let all = [ss1_rev1.clone(), ss2_rev1.clone(), ss2_rev2.clone()];
        assert_eq!(
            find_equal_revisions(&all, &ss1_rev1).iter().map(|r| &r.name).collect::<Vec<_>>(),
            ["ss1-1"]
        );
        assert!(find_equal_revisions(&[], &ss1_rev1).is_empty());
        assert!(find_equal_revisions(&[ss2_rev2, ss2_rev1], &ss1_rev1).is_empty());
        // Same data, numeric hash labels that differ: unequal by the label alone.
        let mut a = rev("a", 1, 0, "same");
        let mut b = rev("b", 1, 0, "same");
        a.hash_label = Some("1".into());
        b.hash_label = Some("2".into());
        assert!(!equal_revision(&a, &b));
        b.hash_label = Some("5d4f8c".into());
        assert!(equal_revision(&a, &b));
    }
}
