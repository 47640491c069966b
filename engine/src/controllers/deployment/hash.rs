//! The pod-template-hash, and telling the new ReplicaSet from the old ones by template.
//!
//! Models pkg/controller/controller_utils.go `ComputeHash`,
//! apimachinery/pkg/util/rand/rand.go `SafeEncodeString`, and deployment_util.go
//! `EqualIgnoreHash`, `FindNewReplicaSet`, `FindOldReplicaSets`.
//!
//! The real hash is FNV-32a over Go's spew dump of the defaulted `PodTemplateSpec`. That
//! text cannot be reproduced outside Go, so kubeloop hashes the template's JSON instead:
//! hash *values* differ from a real cluster's, but the format (1 to 10 characters from
//! `[4-9bcdf]`), determinism, and the effect of `collisionCount` are the same.

use crate::model::{Deployment, PodTemplateSpec, ReplicaSet};
use crate::rng::ALPHANUMS;

use super::util::by_creation;

/// `apps.DefaultDeploymentUniqueLabelKey`.
pub const POD_TEMPLATE_HASH: &str = "pod-template-hash";

/// FNV-1, 32 bits (Go's `hash/fnv` `New32`): multiply, then xor. The history package
/// (ControllerRevision names) uses this one, not FNV-1a.
pub fn fnv32(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, b| h.wrapping_mul(0x0100_0193) ^ u32::from(*b))
}

/// FNV-1a, 32 bits (Go's `hash/fnv` `New32a`).
pub fn fnv32a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, b| (h ^ u32::from(*b)).wrapping_mul(0x0100_0193))
}

/// `rand.SafeEncodeString`: each character `c` becomes `alphanums[c % 27]`, so decimal
/// digits map to `4 5 6 7 8 9 b c d f` and no vowels (or words) can appear.
pub fn safe_encode_string(s: &str) -> String {
    s.chars().map(|c| ALPHANUMS[(u32::from(c) % ALPHANUMS.len() as u32) as usize] as char).collect()
}

/// `ComputeHash`: FNV-32a over the template, then the collision count when set (written as
/// a little-endian uint32 into an 8-byte buffer, as upstream), then the decimal digits
/// safe-encoded.
pub fn compute_hash(template: &PodTemplateSpec, collision_count: Option<i32>) -> String {
    // Serializing these plain structs cannot fail; an empty buffer would still hash.
    let mut bytes = serde_json::to_vec(template).unwrap_or_default();
    if let Some(count) = collision_count {
        let mut buf = [0u8; 8];
        buf[..4].copy_from_slice(&(count as u32).to_le_bytes());
        bytes.extend_from_slice(&buf);
    }
    safe_encode_string(&fnv32a(&bytes).to_string())
}

/// `EqualIgnoreHash`: templates equal once the pod-template-hash label is dropped.
pub fn equal_ignore_hash(a: &PodTemplateSpec, b: &PodTemplateSpec) -> bool {
    let strip = |t: &PodTemplateSpec| {
        let mut t = t.clone();
        t.metadata.labels.remove(POD_TEMPLATE_HASH);
        t
    };
    strip(a) == strip(b)
}

/// `FindNewReplicaSet`: the oldest ReplicaSet whose template is the Deployment's.
pub fn find_new_replica_set<'a>(d: &Deployment, rss: &'a [ReplicaSet]) -> Option<&'a ReplicaSet> {
    let mut sorted: Vec<&ReplicaSet> = rss.iter().collect();
    crate::sort::sort_by(&mut sorted, |a, b| by_creation(a, b));
    sorted.into_iter().find(|rs| equal_ignore_hash(&rs.spec.template, &d.spec.template))
}

/// `FindOldReplicaSets`: (old ReplicaSets with replicas, all old ReplicaSets).
pub fn find_old_replica_sets<'a>(
    d: &Deployment,
    rss: &'a [ReplicaSet],
) -> (Vec<&'a ReplicaSet>, Vec<&'a ReplicaSet>) {
    let new_uid = find_new_replica_set(d, rss).map(|rs| rs.metadata.uid.as_str());
    let all: Vec<&ReplicaSet> =
        rss.iter().filter(|rs| Some(rs.metadata.uid.as_str()) != new_uid).collect();
    let required = all.iter().copied().filter(|rs| rs.spec.replicas != 0).collect();
    (required, all)
}

#[cfg(test)]
mod tests {
    use super::super::testkit::{deployment, replica_set};
    use super::*;

    fn is_hash(s: &str) -> bool {
        (1..=10).contains(&s.len())
            && s.bytes().all(|b| matches!(b, b'4'..=b'9' | b'b' | b'c' | b'd' | b'f'))
    }

    #[test]
    fn safe_encoding_maps_digits_to_the_vowel_free_alphabet() {
        assert_eq!(safe_encode_string("0123456789"), "456789bcdf");
    }

    #[test]
    fn fnv32a_matches_the_reference_values() {
        assert_eq!(fnv32a(b""), 0x811c_9dc5);
        assert_eq!(fnv32a(b"a"), 0xe40c_292c);
        assert_eq!(fnv32a(b"foobar"), 0xbf9c_f968);
    }

    // hash/fnv/fnv_test.go golden32.
    #[test]
    fn fnv32_matches_the_reference_values() {
        assert_eq!(fnv32(b""), 0x811c_9dc5);
        assert_eq!(fnv32(b"a"), 0x050c_5d7e);
        assert_eq!(fnv32(b"ab"), 0x7077_2d38);
        assert_eq!(fnv32(b"abc"), 0x439c_2f4b);
    }

    #[test]
    fn hashes_have_the_kubernetes_format_and_are_deterministic() {
        let d = deployment("web", 3);
        let h = compute_hash(&d.spec.template, None);
        assert!(is_hash(&h), "{h}");
        assert_eq!(h, compute_hash(&d.spec.template.clone(), None));
        let mut other = d.spec.template.clone();
        other.spec.containers[0].image = "nginx:1.27".into();
        assert_ne!(h, compute_hash(&other, None));
    }

    // TestComputeHash asserts only inequality between these collision counts.
    #[test]
    fn collision_count_changes_the_hash() {
        let t = deployment("web", 3).spec.template;
        let one = compute_hash(&t, Some(1));
        let two = compute_hash(&t, Some(2));
        assert_ne!(one, two);
        assert_ne!(compute_hash(&t, None), compute_hash(&t, Some(i32::MAX)));
        assert!(is_hash(&one) && is_hash(&two));
    }

    // TestEqualIgnoreHash, both ways round.
    #[test]
    fn templates_compare_equal_ignoring_only_the_hash_label() {
        let base = deployment("web", 1).spec.template;
        let with = |labels: &[(&str, &str)]| {
            let mut t = base.clone();
            t.metadata.labels =
                labels.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
            t
        };
        let cases = [
            (with(&[("something", "else")]), with(&[("something", "else")]), true),
            (
                with(&[(POD_TEMPLATE_HASH, "1"), ("something", "else")]),
                with(&[(POD_TEMPLATE_HASH, "2"), ("something", "else")]),
                true,
            ),
            (
                with(&[(POD_TEMPLATE_HASH, "1"), ("something", "else")]),
                with(&[("something", "else")]),
                true,
            ),
            (with(&[(POD_TEMPLATE_HASH, "1")]), with(&[("something", "else")]), false),
            (
                with(&[(POD_TEMPLATE_HASH, "1"), ("something", "else")]),
                with(&[(POD_TEMPLATE_HASH, "1")]),
                false,
            ),
        ];
        for (a, b, want) in &cases {
            assert_eq!(
                equal_ignore_hash(a, b),
                *want,
                "{:?} vs {:?}",
                a.metadata.labels,
                b.metadata.labels
            );
            assert_eq!(equal_ignore_hash(b, a), *want);
        }
        let mut annotated = base.clone();
        annotated.metadata.annotations.insert("a".into(), "b".into());
        assert!(!equal_ignore_hash(&base, &annotated));
        let mut named = base.clone();
        named.spec.node_name = Some("node-1".into());
        assert!(!equal_ignore_hash(&base, &named));
    }

    // TestFindNewReplicaSet / TestFindOldReplicaSets.
    #[test]
    fn the_oldest_rs_with_the_template_is_new_and_the_rest_are_old() {
        let d = deployment("web", 3);
        let mut older = replica_set("web-older", 3, 0);
        older.spec.template.metadata.labels.insert(POD_TEMPLATE_HASH.into(), "older".into());
        older.metadata.uid = "uid-older".into();
        let mut newer = replica_set("web-newer", 0, 0);
        newer.metadata.creation_timestamp =
            older.metadata.creation_timestamp.map(|t| t.plus_secs(10));
        newer.metadata.uid = "uid-newer".into();
        let mut changed = replica_set("web-changed", 2, 0);
        changed.spec.template.spec.containers[0].image = "other".into();
        changed.metadata.uid = "uid-changed".into();
        let rss = vec![newer.clone(), changed.clone(), older.clone()];
        assert_eq!(
            find_new_replica_set(&d, &rss).map(|r| r.metadata.name.as_str()),
            Some("web-older")
        );
        let (required, all) = find_old_replica_sets(&d, &rss);
        let names =
            |v: &[&ReplicaSet]| v.iter().map(|r| r.metadata.name.clone()).collect::<Vec<_>>();
        assert_eq!(names(&required), ["web-changed"]);
        assert_eq!(names(&all), ["web-newer", "web-changed"]);
    }
}
