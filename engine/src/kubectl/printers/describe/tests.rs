//! describe's helpers: Go's time and label formats, annotations, volumes.

use super::*;
use crate::model::Volume;

#[test]
fn helpers_format_like_go() {
    assert_eq!(rfc1123z(Some(Time::ZERO)), "Wed, 01 Jan 2025 00:00:00 +0000");
    assert_eq!(
        rfc1123z(Some(Time::from_secs(86_400 * 4 + 3_723))),
        "Sun, 05 Jan 2025 01:02:03 +0000"
    );
    assert_eq!(rfc1123z(None), "Mon, 01 Jan 0001 00:00:00 +0000");
    assert_eq!(smart_label("apiVersion"), "API Version");
    assert_eq!(smart_label("involvedObject"), "Involved Object");
    assert_eq!(smart_label("uid"), "UID");
    assert_eq!(smart_label("PDFLoader"), "PDF Loader");
    assert_eq!(shorten("héllo", 2), "h...");
}

#[test]
fn long_and_multi_line_annotations_go_below_their_key() {
    let mut w = Writer::default();
    let long = "x".repeat(150);
    let list: BTreeMap<String, String> =
        [("a".to_string(), long), ("b".to_string(), "one\ntwo\n".to_string())].into();
    annotations(&mut w, "Annotations", &list);
    assert_eq!(
        w.0,
        format!("Annotations:\ta:\n\t  {}...\n\tb:\n\t  one\n\t  two\n", "x".repeat(138))
    );
}

#[test]
fn volumes_describe_their_source_kind() {
    let mut w = Writer::default();
    let vol = |name: &str, json: serde_json::Value| -> Volume {
        let mut v: Volume = serde_json::from_value(json).unwrap();
        v.name = name.into();
        v
    };
    let list = [
        vol("cache", serde_json::json!({"name": "x", "emptyDir": {}})),
        vol("conf", serde_json::json!({"name": "x", "configMap": {"name": "app"}})),
        vol("odd", serde_json::json!({"name": "x", "csi": {"driver": "d"}})),
    ];
    super::pod::volumes(&mut w, &list, "");
    assert_eq!(
        TabWriter::describe().write_text(&w.0),
        "Volumes:
  cache:
    Type:       EmptyDir (a temporary directory that shares a pod's lifetime)
    Medium:
    SizeLimit:  <unset>
  conf:
    Type:      ConfigMap (a volume populated by a ConfigMap)
    Name:      app
    Optional:  false
  odd:
  <unknown>
"
    );
}
