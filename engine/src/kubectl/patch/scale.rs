//! The `scale` subresource of `kubectl patch --subresource scale`: the builder's GET of the
//! Scale, then the user's patch as a PATCH of `.../scale` (answered by
//! `api::subresources`). A Scale is no kind of the model, so its answers stay JSON.

use serde_json::Value;

use crate::api::client::{Call, Refusal};
use crate::model::Kind;

use super::super::{Kubectl, KubectlError};
use super::{refused, Patched, Request};

/// The Scale as the server answered the patch; whether it differs from the one read
/// (patch.go `RunPatch`: `!reflect.DeepEqual(info.Object, patchedObj)`).
pub(super) fn patch_scale(
    s: &mut Kubectl,
    kind: Kind,
    req: &Request,
) -> Result<(Patched, bool), KubectlError> {
    let get = Call::get(kind, req.ns, req.name).sub("scale");
    let before = send(s, &get).map_err(|r| refused(r, kind, req))?;
    let call = Call::patch(kind, req.ns, req.name, req.ty, req.body.clone())
        .sub("scale")
        .field_manager("kubectl-patch");
    let after = send(s, &call).map_err(|r| refused(r, kind, req))?;
    let changed = after != before;
    Ok((Patched::Scale(after), changed))
}

fn send(s: &mut Kubectl, call: &Call) -> Result<Value, Refusal> {
    let answer = s.api().send(call);
    if !(200..300).contains(&answer.code) {
        return Err(Refusal::of(&answer));
    }
    Ok(answer.body)
}
