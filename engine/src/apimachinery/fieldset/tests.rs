//! The set algebra and the comparison, against structured-merge-diff's own cases
//! (fieldpath/set_test.go, typed/compare_test.go) in FieldsV1 form.

use serde_json::json;

use super::*;

struct Plain;

impl Schema for Plain {
    fn list(&self, path: &[&str]) -> ListKind {
        match path.last() {
            Some(&"containers") => ListKind::Map(&["name"]),
            Some(&"finalizers") => ListKind::Set,
            _ => ListKind::Atomic,
        }
    }
    fn atomic_map(&self, path: &[&str]) -> bool {
        path.last() == Some(&"selector")
    }
}

fn fields(v: serde_json::Value) -> FieldSet {
    FieldSet::from_fields_v1(&v)
}

#[test]
fn fields_v1_reads_and_writes_back_the_same() {
    let v =
        json!({"f:metadata": {"f:labels": {".": {}, "f:app": {}}}, "f:spec": {"f:replicas": {}}});
    assert_eq!(fields(v.clone()).to_fields_v1(), v);
}

#[test]
fn difference_removes_members_and_keeps_what_lies_beside_them() {
    let mut a = fields(json!({"f:spec": {"f:replicas": {}, "f:paused": {}}}));
    a.difference(&fields(json!({"f:spec": {"f:replicas": {}}})));
    assert_eq!(a.to_fields_v1(), json!({"f:spec": {"f:paused": {}}}));
    a.difference(&fields(json!({"f:spec": {"f:paused": {}}})));
    assert!(a.is_empty(), "an emptied set has nothing left: {a:?}");
}

#[test]
fn a_new_map_is_a_member_and_an_existing_struct_is_not() {
    let old = json!({"metadata": {}, "spec": {"containers": null}});
    let new = json!({"metadata": {"labels": {"app": "web"}},
        "spec": {"containers": [{"name": "c", "image": "nginx"}], "selector": {"matchLabels": {"a": "b"}}}});
    let c = compare(Some(&old), Some(&new), &Plain);
    assert_eq!(
        c.changed.to_fields_v1(),
        json!({
            "f:metadata": {"f:labels": {".": {}, "f:app": {}}},
            "f:spec": {
                "f:containers": {"k:{\"name\":\"c\"}": {".": {}, "f:image": {}, "f:name": {}}},
                "f:selector": {}
            }
        })
    );
    assert!(c.removed.is_empty());
}

#[test]
fn an_update_names_what_it_changed_and_what_it_removed() {
    let old = json!({"metadata": {"labels": {"app": "web", "tier": "front"}, "finalizers": ["a"]}});
    let new = json!({"metadata": {"labels": {"app": "shop"}, "finalizers": ["a", "b"]}});
    let c = compare(Some(&old), Some(&new), &Plain);
    assert_eq!(
        c.changed.to_fields_v1(),
        json!({"f:metadata": {"f:finalizers": {"v:\"b\"": {}}, "f:labels": {"f:app": {}}}})
    );
    assert_eq!(c.removed.to_fields_v1(), json!({"f:metadata": {"f:labels": {"f:tier": {}}}}));
}

#[test]
fn an_empty_map_or_list_is_one_leaf() {
    let c = compare(None, Some(&json!({"resources": {}, "args": []})), &Plain);
    assert_eq!(c.changed.to_fields_v1(), json!({".": {}, "f:args": {}, "f:resources": {}}));
}
