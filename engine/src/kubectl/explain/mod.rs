//! `kubectl explain TYPE[.FIELD...]`: a resource's documentation from the API server's
//! OpenAPI v3 documents, in kubectl's plaintext layout, with `--recursive` and
//! `--api-version`. Not the OpenAPI v2 renderer (`-o plaintext-openapiv2`): kubeloop's
//! server serves v3 documents only.
//!
//! Models kubectl/pkg/cmd/explain/explain.go (flags, `Validate`, `Run`),
//! kubectl/pkg/explain/explain.go (`SplitAndParseResourceRequest[WithMatchingPrefix]`) and
//! kubectl/pkg/explain/v2/explain.go (`printModelDescriptionWithGenerator`); the template
//! itself is `render.rs`. The docs are data the session is handed (`docs.rs`).

mod docs;
mod path;
mod render;
mod wrap;

#[cfg(not(target_arch = "wasm32"))]
pub use docs::bundled;
pub use docs::ExplainDocs;

use super::args::{self, flag, switch, FlagSpec};
use super::resource::kind_of;
use super::{Kubectl, KubectlError, Output};
use crate::model::Kind;

pub(super) const EXPLAIN_FLAGS: &[FlagSpec] =
    &[switch("recursive", None), flag("api-version", None), flag("output", Some('o'))];

/// What a session without docs prints when `explain` runs anyway (the page fetches the
/// docs before it runs a line with `explain` in it, so this is left for an `explain` the
/// line hides, such as one built by `$( )`).
pub const DOCS_NOT_LOADED: &str =
    "kubeloop: the API docs `kubectl explain` prints are not loaded; a line with `kubectl explain` written out in it loads them";

pub fn explain(s: &mut Kubectl, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let a = args::parse(argv, EXPLAIN_FLAGS, "explain")?;
    // pflag's parse error, which cobra follows with the usage hint.
    let recursive = a.bool("recursive", false).map_err(|e| match e {
        KubectlError::Usage(m) => {
            KubectlError::Usage(format!("{m}\nSee 'kubectl explain --help' for usage."))
        }
        other => other,
    })?;
    // ExplainOptions.Validate; both messages end in a new line in explain.go.
    let arg = match a.positional.as_slice() {
        [] => {
            return Err(KubectlError::Usage(
                "You must specify the type of resource to explain. Use \"kubectl api-resources\" for a complete list of supported resources.".into(),
            ))
        }
        [one] => one.as_str(),
        _ => return Err(KubectlError::Usage("We accept only this format: explain RESOURCE".into())),
    };
    let api_version = a.get("api-version").unwrap_or_default();
    let (kind, fields) = if api_version.is_empty() {
        path::split_with_matching_prefix(arg, resolve)?
    } else {
        path::split(arg, resolve)?
    };
    match a.get("output").unwrap_or("plaintext") {
        "plaintext" => {}
        "plaintext-openapiv2" => {
            return Err(KubectlError::Plain(
                "kubeloop: `kubectl explain -o plaintext-openapiv2` is not supported in kubeloop: its API server serves OpenAPI v3 documents only".into(),
            ))
        }
        // generator.go Render, reached once the document is found.
        other => return Err(KubectlError::Usage(format!("unrecognized format: {other}"))),
    }
    let (group, version) = if api_version.is_empty() {
        (kind.group().to_string(), kind.version().to_string())
    } else {
        parse_group_version(api_version)?
    };
    let Some(docs) = s.explain_docs.clone() else {
        return Err(KubectlError::Plain(DOCS_NOT_LOADED.into()));
    };
    let gvr = format!("{group}/{version}, Resource={}", kind.plural());
    // v2/explain.go: the group/version must have a document at all...
    if !docs.has_group_version(&group, &version) {
        return Err(KubectlError::Usage(format!("couldn't find resource for \"{gvr}\"")));
    }
    // ...and plaintext.tmpl's path search must find the resource in it.
    let Some(res) = docs.resource(&group, &version, kind.plural()) else {
        return Err(KubectlError::Usage(format!("GVR ({gvr}) not found in OpenAPI schema")));
    };
    let rendered = render::render(&docs, res, &fields, recursive);
    out.out(rendered.text);
    match rendered.error {
        Some(e) => Err(KubectlError::Plain(e)),
        None => Ok(0),
    }
}

/// The RESTMapper's lookup of the first path element. cmdutil.CheckErr prints a
/// `NoResourceMatchError` without kubectl's `error: ` prefix (kubectl/pkg/cmd/util/helpers.go
/// `checkErr`), unlike `get`, whose builder wraps it.
fn resolve(resource: &str) -> Result<Kind, KubectlError> {
    kind_of(resource).map_err(|e| match e {
        KubectlError::Usage(m) => KubectlError::Plain(m),
        other => other,
    })
}

/// apimachinery `schema.ParseGroupVersion`: `v1`, `apps/v1`, or its error for more slashes.
fn parse_group_version(gv: &str) -> Result<(String, String), KubectlError> {
    match gv.split('/').collect::<Vec<_>>().as_slice() {
        [version] => Ok((String::new(), version.to_string())),
        [group, version] => Ok((group.to_string(), version.to_string())),
        _ => Err(KubectlError::Usage(format!("unexpected GroupVersion string: {gv}"))),
    }
}

/// Whether `input` has a `kubectl explain` (or `k explain`) in it, written out, at any
/// depth of `$( )`: the page fetches the docs before running such a line.
pub fn mentions_explain(input: &str) -> bool {
    let words = super::parts::kubectl_words(input);
    words.iter().any(|w| w.first().is_some_and(|verb| verb == "explain"))
}

#[cfg(test)]
#[path = "explain_tests.rs"]
mod tests;
