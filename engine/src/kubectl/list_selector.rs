//! The `-l` selector of a list request (`get`, `describe`, `wait`): kubectl sends its text
//! and the API server parses it, so a bad one is a 400 from the server, worded by
//! cli-runtime. Parsing itself is `labels::selector`.

use crate::api::client::Refusal;
use crate::gofmt::go_quote;
use crate::labels::selector::{self, Selector};
use crate::model::Kind;

/// A `-l` selector as a list request carries it. kubectl sends the text as it is (only
/// trimmed, cli-runtime builder.go `LabelSelectorParam`) and the API server parses it, so a
/// bad one fails each list with 400, whose message cli-runtime's `EnhanceListError`
/// (resource/selector.go) prefixes with the resource and both selectors.
pub struct ListSelector {
    raw: String,
    parsed: Result<Selector, String>,
}

impl ListSelector {
    pub fn new(raw: Option<&str>) -> ListSelector {
        let raw = raw.map(str::trim).unwrap_or_default().to_string();
        let parsed = if raw.is_empty() {
            Ok(Selector::everything())
        } else {
            selector::parse(&raw).map_err(|e| e.to_string())
        };
        ListSelector { raw, parsed }
    }

    /// The selector for a list of `kind`, or the line kubectl prints for the server's refusal.
    pub fn for_list(&self, kind: Kind) -> Result<&Selector, String> {
        self.parsed.as_ref().map_err(|e| {
            format!(
                "Error from server (BadRequest): Unable to find {} that match label selector {}, field selector \"\": {e}",
                go_quote(&format!("{}/{}, Resource={}", kind.group(), version(kind), kind.plural())),
                go_quote(&self.raw)
            )
        })
    }
}

/// A list's refusal as cli-runtime's `EnhanceListError` (resource/selector.go) rewords a
/// BadRequest or NotFound: the resource and both selectors before the server's message.
pub fn enhance(kind: Kind, labels: &str, fields: &str, mut r: Refusal) -> Refusal {
    if !(r.reason == "BadRequest" || r.is_not_found()) {
        return r;
    }
    let subject = format!("{}/{}, Resource={}", kind.group(), version(kind), kind.plural());
    r.message = if labels.is_empty() && fields.is_empty() {
        format!("Unable to list {}: {}", go_quote(&subject), r.message)
    } else {
        format!(
            "Unable to find {} that match label selector {}, field selector {}: {}",
            go_quote(&subject),
            go_quote(labels),
            go_quote(fields),
            r.message
        )
    };
    r
}

/// The version part of a kind's `apiVersion` (`schema.GroupVersionResource.String`).
fn version(kind: Kind) -> &'static str {
    let v = kind.api_version();
    v.rsplit('/').next().unwrap_or(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_quote_escapes_like_strconv_quote() {
        assert_eq!(go_quote("app in (web"), "\"app in (web\"");
        assert_eq!(go_quote("a\"b\\c\nd\u{1}"), "\"a\\\"b\\\\c\\nd\\x01\"");
    }

    #[test]
    fn a_bad_selector_fails_each_list_as_the_api_server_does() {
        let sel = ListSelector::new(Some(" app in (web "));
        let e = sel.for_list(Kind::Deployment).unwrap_err();
        assert!(
            e.starts_with("Error from server (BadRequest): Unable to find \"apps/v1, Resource=deployments\" that match label selector \"app in (web\", field selector \"\": unable to parse requirement: "),
            "{e}"
        );
        assert!(ListSelector::new(Some("  ")).for_list(Kind::Pod).is_ok());
    }
}
