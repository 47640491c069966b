//! Objects as Go holds them unstructured (`map[string]interface{}`): encoding/json prints a
//! map's keys in byte order, at every level, so both kubectl's `-o json` and the API server's
//! converted answers start from `sorted`.

use serde_json::{Map, Value};

/// Rebuilds maps with their keys in byte order (Go's `encoding/json` map order).
pub fn sorted(v: Value) -> Value {
    match v {
        Value::Object(m) => {
            let mut entries: Vec<(String, Value)> = m.into_iter().collect();
            crate::sort::sort_by(&mut entries, |a, b| a.0.cmp(&b.0));
            Value::Object(entries.into_iter().map(|(k, v)| (k, sorted(v))).collect::<Map<_, _>>())
        }
        Value::Array(a) => Value::Array(a.into_iter().map(sorted).collect()),
        other => other,
    }
}
