//! `--field-selector` on kubectl's side: a selector makes `get` a list request, whose
//! refusal `list_selector::enhance` rewords. Parsing and
//! matching are the API server's (`crate::api::fields`).

use crate::api::fields::FieldSelector;

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

#[cfg(test)]
mod tests {
    use super::*;

    use crate::session::Session;

    #[test]
    fn the_servers_refusal_is_printed_with_cli_runtimes_prefix() {
        let mut s = Session::script(1);
        let mut refusal = |line: &str| s.run(line).text().trim_end().to_string();
        assert_eq!(refusal("k get pods --field-selector foo=bar"), "Error from server (BadRequest): Unable to find \"/v1, Resource=pods\" that match label selector \"\", field selector \"foo=bar\": field label not supported: foo");
        let e = refusal("k get deploy -l app=web --field-selector status.replicas=1");
        assert!(
            e.starts_with(
                "Error from server (BadRequest): Unable to find \"apps/v1, Resource=deployments\" that match label selector \"app=web\""
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
