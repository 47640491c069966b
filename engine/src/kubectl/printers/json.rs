//! `-o json`, and the JSON view of objects that `-o jsonpath` and `-o yaml` start from.
//!
//! kubectl prints what it received as unstructured maps, so every object's keys come out in
//! Go's map order (sorted by bytes) at every level, and cli-runtime/pkg/printers/json.go
//! `JSONPrinter` indents with four spaces through `json.MarshalIndent`, which also escapes
//! `<`, `>`, `&`, U+2028 and U+2029. Several objects print as a `v1` `List`.

use serde::Serialize;
use serde_json::{json, Value};

use crate::apimachinery::unstructured::sorted;
use crate::model::Object;

/// One object as kubectl holds it: keys sorted at every level.
pub fn object_json(obj: &Object) -> Value {
    sorted(obj.to_json())
}

/// Several objects as the `List` kubectl wraps them in (what `.items[0]` indexes).
pub fn list_json(objects: &[&Object]) -> Value {
    json!({
        "apiVersion": "v1",
        "items": objects.iter().map(|o| object_json(o)).collect::<Vec<_>>(),
        "kind": "List",
        "metadata": { "resourceVersion": "" },
    })
}

/// One object as `-o json` and `-o yaml` print it: without `metadata.managedFields` unless
/// `--show-managed-fields` (cli-runtime's JSONYamlPrintFlags wraps those two printers, and
/// only those, in `OmitManagedFieldsPrinter`).
pub fn printed_json(obj: &Object, managed: bool) -> Value {
    let mut v = object_json(obj);
    if !managed {
        omit_managed_fields(&mut v);
    }
    v
}

/// `OmitManagedFieldsPrinter` on an object's JSON.
pub fn omit_managed_fields(v: &mut Value) {
    if let Some(m) = v.get_mut("metadata").and_then(Value::as_object_mut) {
        m.shift_remove("managedFields");
    }
}

/// Several objects as `-o json` and `-o yaml` print them (a `List`).
pub fn printed_list_json(objects: &[&Object], managed: bool) -> Value {
    json!({
        "apiVersion": "v1",
        "items": objects.iter().map(|o| printed_json(o, managed)).collect::<Vec<_>>(),
        "kind": "List",
        "metadata": { "resourceVersion": "" },
    })
}

/// `-o json` of one object, without the final newline.
pub fn to_json(obj: &Object) -> String {
    go_json(&printed_json(obj, false))
}

/// `-o json` of several objects (a `List`), without the final newline.
pub fn list_json_text(objects: &[&Object]) -> String {
    go_json(&printed_list_json(objects, false))
}

/// `-o json` of any value (keys as they are), without the final newline.
pub fn value_json_text(v: &Value) -> String {
    go_json(v)
}

/// `json.MarshalIndent(obj, "", "    ")`. The characters Go escapes can only occur inside
/// strings, so escaping them in the finished text is safe.
fn go_json(v: &Value) -> String {
    let mut buf = Vec::new();
    let formatter = serde_json::ser::PrettyFormatter::with_indent(b"    ");
    let mut ser = serde_json::Serializer::with_formatter(&mut buf, formatter);
    if v.serialize(&mut ser).is_err() {
        return String::new();
    }
    let text = String::from_utf8(buf).unwrap_or_default();
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Time;
    use crate::model::*;

    fn pod() -> Object {
        let meta = ObjectMeta {
            name: "web-x".into(),
            namespace: "default".into(),
            uid: "u1".into(),
            creation_timestamp: Some(Time::ZERO),
            annotations: [("note".to_string(), "a<b & c>d".to_string())].into(),
            ..Default::default()
        };
        Object::Pod(Pod::new(meta, PodSpec::default()).into())
    }

    #[test]
    fn objects_print_with_sorted_keys_and_four_space_indent() {
        assert_eq!(
            to_json(&pod()),
            r#"{
    "apiVersion": "v1",
    "kind": "Pod",
    "metadata": {
        "annotations": {
            "note": "a\u003cb \u0026 c\u003ed"
        },
        "creationTimestamp": "2025-01-01T00:00:00Z",
        "name": "web-x",
        "namespace": "default",
        "uid": "u1"
    },
    "spec": {
        "containers": []
    },
    "status": {
        "phase": "Pending"
    }
}"#
        );
    }

    #[test]
    fn several_objects_print_as_a_list() {
        assert_eq!(
            list_json_text(&[]),
            "{\n    \"apiVersion\": \"v1\",\n    \"items\": [],\n    \"kind\": \"List\",\n    \"metadata\": {\n        \"resourceVersion\": \"\"\n    }\n}"
        );
        let p = pod();
        let list = list_json(&[&p, &p]);
        assert_eq!(list["items"][1]["metadata"]["name"], "web-x");
        let keys: Vec<&String> = list["items"][0].as_object().unwrap().keys().collect();
        assert_eq!(keys, ["apiVersion", "kind", "metadata", "spec", "status"]);
    }
}
