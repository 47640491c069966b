//! PATCH as the API server applies it, shared by `kubectl patch` in the command box and the
//! REST API's PATCH: the patch by its type, the checks on the result, and decoding it back
//! into the typed object under a field validation level (apiserver/pkg/endpoints/handlers/
//! patch.go: `jsonPatcher`, `smpPatcher`, `applyPatchToObject`; fieldValidation from
//! handlers/rest.go). The algorithms are `kubectl::patch::{json, merge, strategic}`.

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::apimachinery::patch::{json, merge, strategic};
use crate::apimachinery::strict;

use super::query::FieldValidation;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PatchType {
    Json,
    Merge,
    Strategic,
    /// Server-side apply (`api::apply`): not a patch document but a configuration.
    Apply,
}

impl PatchType {
    /// The patch type a `Content-Type` names (types.PatchType).
    pub fn from_content_type(ct: &str) -> Option<PatchType> {
        match ct.split(';').next().unwrap_or_default().trim() {
            "application/json-patch+json" => Some(PatchType::Json),
            "application/merge-patch+json" => Some(PatchType::Merge),
            "application/strategic-merge-patch+json" => Some(PatchType::Strategic),
            "application/apply-patch+yaml" => Some(PatchType::Apply),
            _ => None,
        }
    }
}

/// Why a patch failed before the result reached the decoder.
#[derive(Clone, Debug, PartialEq)]
pub enum PatchFailure {
    /// 400: the patch itself does not read.
    BadRequest(String),
    /// 422: a JSON patch operation does not apply (`Patch.Apply`'s error).
    DoesNotApply(String),
}

/// The document with the patch applied.
pub fn apply(ty: PatchType, doc: &Value, body: &Value) -> Result<Value, PatchFailure> {
    match ty {
        PatchType::Json | PatchType::Strategic => later(ty, doc, body),
        // evanphx MergePatch refuses a patch that is not a JSON object (ErrBadJSONPatch).
        PatchType::Merge if !body.is_object() => {
            Err(PatchFailure::BadRequest("Invalid JSON Patch".into()))
        }
        PatchType::Merge => Ok(merge::apply(doc, body)),
        // The handlers route an apply to `api::apply` before they patch anything.
        PatchType::Apply => Err(PatchFailure::BadRequest("an apply patch is not a patch".into())),
    }
}

#[cfg(kubeloop_split)]
type Later = fn(PatchType, &Value, &Value) -> Result<Value, PatchFailure>;

#[cfg(kubeloop_split)]
static LATER: std::sync::OnceLock<Later> = std::sync::OnceLock::new();

/// Makes JSON and strategic merge patches applicable: called from the code that ships with
/// the course part. Only kubectl's later commands send them (`apply`, `edit`, `patch`, `set`,
/// `rollout`, `cordon`, `drain`); the lesson's `scale` sends a merge patch.
pub(crate) fn link() {
    #[cfg(kubeloop_split)]
    let _ = LATER.set(json_or_strategic);
}

/// A JSON or strategic merge patch, through the course part in the page's split build.
fn later(ty: PatchType, doc: &Value, body: &Value) -> Result<Value, PatchFailure> {
    #[cfg(kubeloop_split)]
    return match LATER.get() {
        Some(apply) => apply(ty, doc, body),
        None => Err(PatchFailure::BadRequest(format!(
            "this patch type is part of {}, which has not been fetched yet",
            crate::parts::Part::Course.describe()
        ))),
    };
    #[cfg(not(kubeloop_split))]
    json_or_strategic(ty, doc, body)
}

fn json_or_strategic(ty: PatchType, doc: &Value, body: &Value) -> Result<Value, PatchFailure> {
    match ty {
        PatchType::Json => json::apply(doc, body).map_err(|e| match e {
            json::Error::Decode(message) => PatchFailure::BadRequest(message),
            json::Error::Apply(detail) => PatchFailure::DoesNotApply(detail),
        }),
        PatchType::Strategic => strategic::apply(doc, body).map_err(PatchFailure::BadRequest),
        _ => Err(PatchFailure::BadRequest("not a JSON or strategic merge patch".into())),
    }
}

/// Decodes an object under a field validation level: `Strict` refuses unknown fields,
/// `Warn` drops each with a warning (`unknown field "spec.x"`), `Ignore` drops them
/// silently. A value of the wrong type is refused at every level. The error is the
/// decoder's own words (`strict decoding error: ...`, `json: cannot unmarshal ...`).
pub fn decode<T: DeserializeOwned + Clone>(
    mut v: Value,
    validation: FieldValidation,
) -> Result<(T, Vec<String>), String> {
    let mut warnings = Vec::new();
    // Each round names up to apimachinery/strict.rs's limit of unknown fields.
    for _ in 0..50 {
        let detail = match strict::typed::<T>(v.clone()) {
            Ok(obj) => return Ok((std::rc::Rc::unwrap_or_clone(obj), warnings)),
            Err(detail) => detail,
        };
        let Some(list) = detail.strip_prefix("strict decoding error: ") else {
            return Err(detail);
        };
        if validation == FieldValidation::Strict {
            return Err(detail);
        }
        for item in list.split(", ") {
            if let Some(path) =
                item.strip_prefix("unknown field \"").and_then(|p| p.strip_suffix('"'))
            {
                remove_dotted(&mut v, path);
            }
            if validation == FieldValidation::Warn {
                warnings.push(item.to_string());
            }
        }
    }
    Err("too many unknown fields".into())
}

/// Removes `spec.containers[0].foo` (strict.rs's path form) from `v`.
fn remove_dotted(v: &mut Value, path: &str) {
    let mut steps: Vec<(bool, String)> = Vec::new();
    for seg in path.split('.') {
        let mut parts = seg.split('[');
        if let Some(key) = parts.next().filter(|k| !k.is_empty()) {
            steps.push((false, key.to_string()));
        }
        for idx in parts {
            steps.push((true, idx.trim_end_matches(']').to_string()));
        }
    }
    let Some((last_is_index, last)) = steps.pop() else { return };
    let mut cur = v;
    for (is_index, step) in &steps {
        let next = match (cur, is_index) {
            (Value::Array(a), true) => step.parse::<usize>().ok().and_then(|i| a.get_mut(i)),
            (Value::Object(m), false) => m.get_mut(step.as_str()),
            _ => None,
        };
        let Some(n) = next else { return };
        cur = n;
    }
    if let (Value::Object(m), false) = (cur, last_is_index) {
        m.shift_remove(last.as_str());
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::model::Deployment;

    #[test]
    fn content_types_name_the_three_patch_types() {
        let ct = "application/strategic-merge-patch+json; charset=utf-8";
        assert_eq!(PatchType::from_content_type(ct), Some(PatchType::Strategic));
        assert_eq!(
            PatchType::from_content_type("application/apply-patch+yaml"),
            Some(PatchType::Apply)
        );
    }

    #[test]
    fn unknown_fields_warn_fail_or_vanish_by_validation_level() {
        let v = json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"},
            "spec": {"selector": {}, "template": {}, "replicaz": 3}});
        let (_, warnings) = decode::<Deployment>(v.clone(), FieldValidation::Warn).unwrap();
        assert_eq!(warnings, ["unknown field \"spec.replicaz\""]);
        assert!(decode::<Deployment>(v.clone(), FieldValidation::Ignore).unwrap().1.is_empty());
        let e = decode::<Deployment>(v, FieldValidation::Strict).unwrap_err();
        assert_eq!(e, "strict decoding error: unknown field \"spec.replicaz\"");
    }

    #[test]
    fn a_json_patch_that_does_not_apply_is_told_from_one_that_does_not_read() {
        let doc = json!({"a": 1});
        let bad_op = json!([{"op": "remove", "path": "/b"}]);
        assert!(matches!(
            apply(PatchType::Json, &doc, &bad_op),
            Err(PatchFailure::DoesNotApply(_))
        ));
        let not_ops = json!({"op": "remove"});
        assert!(matches!(apply(PatchType::Json, &doc, &not_ops), Err(PatchFailure::BadRequest(_))));
        assert!(matches!(
            apply(PatchType::Merge, &doc, &json!([1])),
            Err(PatchFailure::BadRequest(_))
        ));
    }
}
