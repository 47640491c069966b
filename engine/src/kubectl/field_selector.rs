//! `--field-selector` on kubectl's side: a selector makes `get` a list request, and the
//! server's refusal is printed with cli-runtime's `EnhanceListError` prefix. Parsing and
//! matching are the API server's (`crate::api::fields`).

use serde_json::Value;

use crate::api::fields::FieldSelector;
use crate::gofmt::go_quote;
use crate::model::{Kind, Object};

/// cli-runtime builder.go `visitBySelector`: a selector makes a list request, so a get by
/// name (`positional` are its words) cannot have one.
pub fn check_no_names(fields: &FieldSelector, positional: &[String]) -> Result<(), String> {
    if !fields.given() {
        return Ok(());
    }
    Err(if positional.iter().any(|p| p.contains('/')) {
        "selectors and the all flag cannot be used when passing resource/name arguments".into()
    } else {
        "name cannot be provided when a selector is specified".into()
    })
}

/// `filter` over objects, matched against their JSON.
pub fn filter_objects(
    fields: &FieldSelector,
    kind: Kind,
    label_raw: &str,
    objects: Vec<Object>,
) -> Result<Vec<Object>, String> {
    let pairs = objects.into_iter().map(|o| (o.to_json(), o)).collect();
    Ok(filter(fields, kind, label_raw, pairs)?.into_iter().map(|(_, o)| o).collect())
}

/// Which of `objects` (as JSON, with their payload) a list of `kind` returns, or the line
/// kubectl prints for the server's refusal; `label_raw` is the `-l` text it repeats.
pub fn filter<T>(
    fields: &FieldSelector,
    kind: Kind,
    label_raw: &str,
    objects: Vec<(Value, T)>,
) -> Result<Vec<(Value, T)>, String> {
    fields.check(kind).map_err(|e| {
        let v = kind.api_version();
        format!(
            "Error from server (BadRequest): Unable to find {} that match label selector {}, field selector {}: {e}",
            go_quote(&format!("{}/{}, Resource={}", kind.group(), v.rsplit('/').next().unwrap_or(v), kind.plural())),
            go_quote(label_raw.trim()),
            go_quote(fields.raw())
        )
    })?;
    Ok(objects.into_iter().filter(|(json, _)| fields.matches(kind, json)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(kind: Kind, sel: &str) -> String {
        filter::<()>(&FieldSelector::new(Some(sel)), kind, "", Vec::new()).unwrap_err()
    }

    #[test]
    fn the_servers_refusal_is_printed_with_cli_runtimes_prefix() {
        assert_eq!(refusal(Kind::Pod, "foo=bar"), "Error from server (BadRequest): Unable to find \"/v1, Resource=pods\" that match label selector \"\", field selector \"foo=bar\": field label not supported: foo");
        let e = refusal(Kind::Deployment, "status.replicas=1");
        assert!(
            e.starts_with(
                "Error from server (BadRequest): Unable to find \"apps/v1, Resource=deployments\""
            ),
            "{e}"
        );
        assert!(e.ends_with(": \"status.replicas\" is not a known field selector: only \"metadata.name\", \"metadata.namespace\""), "{e}");
    }

    #[test]
    fn a_selector_and_names_do_not_mix() {
        let fs = FieldSelector::new(Some("status.phase=Running"));
        assert_eq!(
            check_no_names(&fs, &["web".into()]).unwrap_err(),
            "name cannot be provided when a selector is specified"
        );
        assert!(check_no_names(&FieldSelector::new(None), &["web".into()]).is_ok());
    }
}
