//! Lenient decoding of what a real API server sends, for mirroring. A real object carries
//! fields this model does not know (newer API fields, `status.hostIPs` on old servers, ...)
//! and list items carry no `kind`/`apiVersion`. Where `kubectl apply` refuses an unknown
//! field (strict field validation, `apimachinery/strict.rs`), a mirror must show the object
//! anyway: each field that cannot be read is dropped and named, found by the same search
//! strict decoding uses, and only an object that still cannot be read is refused.

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::apimachinery::strict::{remove_path, unknown_field_path};
use crate::model::{Kind, Object, Resource};

/// Most fields dropped from one object before it is given up on: a bound on the search's
/// cost for an object far from this model.
const MAX_DROPPED: usize = 64;

/// An object read from the server, and the fields that were dropped to read it.
#[derive(Debug)]
pub struct Decoded {
    pub object: Object,
    /// The dropped fields' paths (`status.hostIPs`), in the order they were met.
    pub dropped: Vec<String>,
}

/// Decodes one object as the server sent it. `kind` is the kind of the list or watch it came
/// from (list items have none of their own); an object that names another kind is refused.
pub fn decode(kind: Kind, mut v: Value) -> Result<Decoded, String> {
    let Value::Object(map) = &mut v else {
        return Err("not a JSON object".into());
    };
    match map.get("kind").and_then(Value::as_str) {
        Some(k) if k != kind.as_str() => return Err(format!("a {k}, not a {}", kind.as_str())),
        Some(_) => {}
        None => {
            map.insert("kind".into(), kind.as_str().into());
        }
    }
    if !map.contains_key("apiVersion") {
        map.insert("apiVersion".into(), kind.api_version().into());
    }
    crate::kinds::ops(kind).pruned(v).map(|(object, dropped)| Decoded { object, dropped })
}

pub(crate) fn pruned<T: DeserializeOwned + Resource>(
    mut v: Value,
) -> Result<(T, Vec<String>), String> {
    let mut dropped = Vec::new();
    loop {
        let message = match T::deserialize(&v) {
            Ok(obj) => return Ok((obj, dropped)),
            Err(e) => e.to_string(),
        };
        let path = (dropped.len() < MAX_DROPPED)
            .then(|| unknown_field_path::<T>(&v, &message))
            .flatten()
            .ok_or(message)?;
        dropped.push(path.join_dotted());
        remove_path(&mut v, &path);
    }
}
