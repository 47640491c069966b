//! A client-side dry run of `kubectl patch`, which sends nothing: the patch applied to the
//! object the builder read, and the decoder's refusals in the API server's words (which
//! `refused` also uses for the strategic patch the server answers with a BadRequest).

use crate::api::client::Refusal;
use crate::api::decode::Undecodable;
use crate::api::patch::{PatchFailure, PatchType};
use crate::api::query::FieldValidation;
use crate::apimachinery::patch::strategic;
use crate::labels::validation::go_quote;
use crate::model::*;

use super::super::{KubectlError, Output};
use super::{Patched, Request, REJECTED};

/// A client-side dry run: the patch applied to the object the builder read, decoded as the
/// kind (patch.go `RunPatch`: `getPatchedJSON`, then `runtime.Decode`); nothing is sent.
pub(super) fn patch_locally(
    kind: Kind,
    current: &Object,
    req: &Request,
    out: &mut Output,
) -> Result<(Patched, bool), KubectlError> {
    let doc = current.to_json();
    let patched = crate::api::patch::apply(req.ty, &doc, req.body).map_err(|e| match e {
        PatchFailure::BadRequest(message) => bad_request(message),
        PatchFailure::DoesNotApply(_) => KubectlError::Plain(REJECTED.into()),
    })?;
    let (obj, warnings) = crate::kinds::ops(kind)
        .decode(patched, FieldValidation::Warn)
        .map_err(|detail| undecodable(kind, req, detail))?;
    for w in warnings {
        out.err(format!("Warning: {w}\n"));
    }
    let changed = obj != *current;
    Ok((Patched::Object(obj), changed))
}

/// The decoder's refusal as the API server words it for each patch type.
pub(super) fn undecodable(kind: Kind, req: &Request, detail: String) -> KubectlError {
    match req.ty {
        // applyPatchToObject: field.Invalid(field.NewPath("patch"), fmt.Sprintf("%+v", patchMap), err).
        PatchType::Strategic => KubectlError::Plain(format!(
            "The request is invalid: patch: Invalid value: {}: {detail}",
            go_quote(&strategic::go_map(req.body))
        )),
        // jsonPatcher: the codec's decode error, through transformDecodeError.
        _ => {
            let message = Undecodable { kind: kind.as_str().to_string(), detail }.to_string();
            bad_request(message)
        }
    }
}

/// A BadRequest Status, as the API server would answer the same patch.
fn bad_request(message: String) -> KubectlError {
    let details = Box::default();
    KubectlError::Server(Refusal { code: 400, reason: "BadRequest".into(), message, details })
}
