//! The `scale` subresource of `kubectl patch --subresource scale`: the same code as the REST
//! API's PATCH of `.../scale` (`api::subresources::patch_scale`), with the server's Status
//! printed as kubectl prints it.

use crate::api::subresources;
use crate::model::Kind;

use super::super::{KubectlError, Session};
use super::{Patched, Request};

/// The Scale patched and written back to its owner; whether anything changed.
pub(super) fn patch_scale(
    s: &mut Session,
    kind: Kind,
    req: &Request,
) -> Result<(Patched, bool), KubectlError> {
    let (before, after) =
        subresources::patch_scale(&mut s.world, kind, req.ns, req.name, req.ty, req.body, false)
            .map_err(|status| KubectlError::Plain(status.kubectl_words()))?;
    let changed = after["metadata"]["resourceVersion"] != before["metadata"]["resourceVersion"];
    Ok((Patched::Scale(after), changed))
}
