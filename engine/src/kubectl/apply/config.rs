//! The documents apply's requests carry: the manifest as kubectl sends it (namespace filled
//! in, the last-applied-configuration annotation), the previous apply's document read back
//! from that annotation, and the adjustments made before a create or a patch.
//!
//! Models kubectl/pkg/util/apply.go (`GetModifiedConfiguration`, `GetOriginalConfiguration`)
//! and apply.go `pruneNullsFromMap`.

use serde_json::Value;

use crate::labels::field::go_json;
use crate::model::{Kind, ObjectMeta};

use super::{Verb, LAST_APPLIED};

/// The document kubectl sends: the manifest as written with the namespace it fills in and,
/// for apply and diff, `GetModifiedConfiguration`'s: `metadata.annotations` always present,
/// with this manifest's last-applied-configuration (apply, `annotate`) or without one (diff),
/// so that the patch leaves the live annotations alone.
pub(super) fn modified(source: &Value, kind: Kind, ns: &str, verb: Verb) -> Value {
    let mut doc = source.clone();
    if let Some(Value::Object(m)) = doc.get_mut("metadata") {
        if kind.namespaced() && m.get("namespace").is_none_or(|n| n.as_str() == Some("")) {
            m.insert("namespace".into(), Value::String(ns.into()));
        }
        if matches!(verb, Verb::Apply | Verb::Diff) {
            let a = m.entry("annotations").or_insert_with(|| Value::Object(Default::default()));
            if !a.is_object() {
                *a = Value::Object(Default::default());
            }
            if let Value::Object(a) = a {
                match verb {
                    Verb::Apply => {
                        a.insert(LAST_APPLIED.into(), Value::String(last_applied(source, ns)));
                    }
                    _ => {
                        a.shift_remove(LAST_APPLIED);
                    }
                }
            }
        }
    }
    doc
}

/// What the server moves on by itself while `kubectl edit`'s editor is open. Upstream diffs
/// the edited text against the object as it was opened (editoptions.go `visitToPatch`), so
/// these reach the patch only when the user changed them; the page keeps no copy of the
/// text as opened, so they are left out of the edited document instead, and a status or
/// resourceVersion that moved meanwhile neither conflicts nor counts as an edit.
pub(super) fn server_owned(doc: &mut Value) {
    if let Value::Object(top) = doc {
        top.shift_remove("status");
        if let Some(Value::Object(m)) = top.get_mut("metadata") {
            for field in ["resourceVersion", "generation", "managedFields"] {
                m.shift_remove(field);
            }
        }
    }
}

/// A document in the version the calls are sent at, the kind's own. kubectl would send an
/// autoscaling/v1 HorizontalPodAutoscaler to the v1 path for the server to convert; here it
/// goes converted by the server's own conversion, as `autoscale` sends its v1 object, and
/// the annotation keeps the manifest as written.
pub(super) fn stored_version(kind: Kind, doc: Value) -> Value {
    let v1 = doc.get("apiVersion").and_then(Value::as_str) == Some("autoscaling/v1");
    if kind == Kind::HorizontalPodAutoscaler && v1 {
        crate::api::conversion::v2_manifest_from_v1(doc)
    } else {
        doc
    }
}

/// apply.go `pruneNullsFromMap`: null fields go, at every depth.
pub(super) fn prune_nulls(v: &mut Value) {
    match v {
        Value::Object(m) => {
            m.retain(|_, v| !v.is_null());
            m.values_mut().for_each(prune_nulls);
        }
        Value::Array(items) => items.iter_mut().for_each(prune_nulls),
        _ => {}
    }
}

/// `GetModifiedConfiguration`: the document as written, with the namespace kubectl filled
/// in and `metadata.annotations` present but without this annotation, encoded as Go's
/// json.Encoder writes an unstructured object (sorted keys, then a newline).
fn last_applied(source: &Value, namespace: &str) -> String {
    let mut doc = source.clone();
    if let Some(Value::Object(meta)) = doc.get_mut("metadata") {
        if !namespace.is_empty() && meta.get("namespace").is_none_or(|n| n.as_str() == Some("")) {
            meta.insert("namespace".into(), Value::String(namespace.into()));
        }
        let annotations =
            meta.entry("annotations").or_insert_with(|| Value::Object(Default::default()));
        match annotations {
            Value::Object(a) => {
                a.shift_remove(LAST_APPLIED);
            }
            other => *other = Value::Object(Default::default()),
        }
    }
    format!("{}\n", go_json(&doc))
}

/// The previous apply's document, from its annotation (`GetOriginalConfiguration`).
pub(super) fn previously_applied(meta: &ObjectMeta) -> Option<Value> {
    meta.annotations.get(LAST_APPLIED).and_then(|a| serde_json::from_str(a).ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn last_applied_is_the_manifest_with_namespace_and_empty_annotations_sorted() {
        let source = json!({"kind": "Pod", "apiVersion": "v1", "metadata": {"name": "p"}, "spec": {"containers": [{"name": "c", "image": "x"}]}});
        assert_eq!(
            last_applied(&source, "default"),
            "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"annotations\":{},\"name\":\"p\",\"namespace\":\"default\"},\"spec\":{\"containers\":[{\"image\":\"x\",\"name\":\"c\"}]}}\n"
        );
    }
}
