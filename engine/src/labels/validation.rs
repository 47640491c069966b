//! Name and label validation with the API server's exact wording; it does not decide which
//! fields of which objects get validated (that is the store's job).
//!
//! Models staging/src/k8s.io/apimachinery/pkg/util/validation/validation.go (`IsDNS1123Label`,
//! `IsDNS1123Subdomain`, `IsQualifiedName`, `IsValidLabelValue`), util/validation/field
//! (field errors themselves are in `field.rs`), pkg/api/validation/objectmeta.go
//! (`ValidateObjectMeta` name rules) and pkg/apis/meta/v1/validation (`ValidateLabels`). The
//! regexes are written out by hand; each function names the pattern it implements.

use std::collections::BTreeMap;

pub use super::field::{aggregate, go_quote, invalid_error, BadValue, FieldError, FieldErrorKind};

const DNS1123_LABEL_MAX: usize = 63;
const DNS1123_SUBDOMAIN_MAX: usize = 253;
const QUALIFIED_NAME_MAX: usize = 63;
const LABEL_VALUE_MAX: usize = 63;

const DNS1123_LABEL_FMT: &str = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const DNS1123_LABEL_MSG: &str = "a lowercase RFC 1123 label must consist of lower case \
    alphanumeric characters or '-', and must start and end with an alphanumeric character";
const DNS1123_SUBDOMAIN_FMT: &str =
    "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";
const DNS1123_SUBDOMAIN_MSG: &str = "a lowercase RFC 1123 subdomain must consist of lower case \
    alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const QUALIFIED_NAME_FMT: &str = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
const QUALIFIED_NAME_MSG: &str = "must consist of alphanumeric characters, '-', '_' or '.', \
    and must start and end with an alphanumeric character";
const LABEL_VALUE_FMT: &str = "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?";
const LABEL_VALUE_MSG: &str = "a valid label must be an empty string or consist of alphanumeric \
    characters, '-', '_' or '.', and must start and end with an alphanumeric character";

/// `MaxLenError`. Newer apimachinery (api/validate/content) says "bytes"; released API servers
/// up to the version we model say "characters", and both count bytes.
fn max_len_error(length: usize) -> String {
    format!("must be no more than {length} characters")
}

/// `RegexError` with examples, keeping Go's comma before every " or " (hence double spaces).
fn regex_error(msg: &str, pattern: &str, examples: &[&str]) -> String {
    let examples: Vec<String> = examples.iter().map(|e| format!("'{e}', ")).collect();
    format!("{msg} (e.g. {}regex used for validation is '{pattern}')", examples.join(" or "))
}

/// `^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`
fn matches_dns1123_label(value: &str) -> bool {
    let lower_alnum = |b: &u8| b.is_ascii_lowercase() || b.is_ascii_digit();
    let b = value.as_bytes();
    match (b.first(), b.last()) {
        (Some(first), Some(last)) => {
            lower_alnum(first)
                && lower_alnum(last)
                && b.iter().all(|c| lower_alnum(c) || *c == b'-')
        }
        _ => false,
    }
}

/// `^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$`
fn matches_dns1123_subdomain(value: &str) -> bool {
    value.split('.').all(matches_dns1123_label)
}

/// `^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$`
fn matches_qualified_name(value: &str) -> bool {
    let b = value.as_bytes();
    match (b.first(), b.last()) {
        (Some(first), Some(last)) => {
            first.is_ascii_alphanumeric()
                && last.is_ascii_alphanumeric()
                && b.iter().all(|c| c.is_ascii_alphanumeric() || b"-_.".contains(c))
        }
        _ => false,
    }
}

/// `IsConfigMapKey`, for the keys of ConfigMaps and Secrets alike: `^[-._a-zA-Z0-9]+$`, at
/// most 253 bytes, and no `.`/`..` path step (`hasChDirPrefix`).
pub fn is_config_map_key(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > DNS1123_SUBDOMAIN_MAX {
        errs.push(max_len_error(DNS1123_SUBDOMAIN_MAX));
    }
    let allowed = |b: &u8| b.is_ascii_alphanumeric() || b"-._".contains(b);
    if value.is_empty() || !value.as_bytes().iter().all(allowed) {
        errs.push(regex_error(
            "a valid config key must consist of alphanumeric characters, '-', '_' or '.'",
            "[-._a-zA-Z0-9]+",
            &["key.name", "KEY_NAME", "key-name"],
        ));
    }
    match value {
        "." => errs.push("must not be '.'".into()),
        ".." => errs.push("must not be '..'".into()),
        v if v.starts_with("..") => errs.push("must not start with '..'".into()),
        _ => {}
    }
    errs
}

/// `IsDNS1123Label`: empty when valid, otherwise the API server's messages.
pub fn is_dns1123_label(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > DNS1123_LABEL_MAX {
        errs.push(max_len_error(DNS1123_LABEL_MAX));
    }
    if !matches_dns1123_label(value) {
        if matches_dns1123_subdomain(value) {
            // A valid subdomain but not a valid label: with the length checked, it must be dots.
            errs.push("must not contain dots".to_string());
        } else {
            errs.push(regex_error(DNS1123_LABEL_MSG, DNS1123_LABEL_FMT, &["my-name", "123-abc"]));
        }
    }
    errs
}

/// `IsDNS1035Label`: a label that starts with a letter, the rule for Service names.
pub fn is_dns1035_label(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > DNS1123_LABEL_MAX {
        errs.push(max_len_error(DNS1123_LABEL_MAX));
    }
    let starts_with_letter = value.as_bytes().first().is_some_and(u8::is_ascii_lowercase);
    if !(starts_with_letter && matches_dns1123_label(value)) {
        errs.push(regex_error(
            "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character",
            "[a-z]([-a-z0-9]*[a-z0-9])?",
            &["my-name", "abc-123"],
        ));
    }
    errs
}

/// `IsDNS1123Subdomain`: the rule for most object names (and label key prefixes).
pub fn is_dns1123_subdomain(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > DNS1123_SUBDOMAIN_MAX {
        errs.push(max_len_error(DNS1123_SUBDOMAIN_MAX));
    }
    if !matches_dns1123_subdomain(value) {
        errs.push(regex_error(DNS1123_SUBDOMAIN_MSG, DNS1123_SUBDOMAIN_FMT, &["example.com"]));
    }
    errs
}

/// `IsWildcardDNS1123Subdomain`: `*.` and then a subdomain (an Ingress's wildcard hosts).
pub fn is_wildcard_dns1123_subdomain(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > DNS1123_SUBDOMAIN_MAX {
        errs.push(max_len_error(DNS1123_SUBDOMAIN_MAX));
    }
    if !value.strip_prefix("*.").is_some_and(matches_dns1123_subdomain) {
        errs.push(regex_error(
            "a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character",
            "\\*\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*",
            &["*.example.com"],
        ));
    }
    errs
}

/// `IsQualifiedName`: label keys, an optional DNS subdomain prefix and `/`, then a name.
pub fn is_qualified_name(value: &str) -> Vec<String> {
    let examples = ["MyName", "my.name", "123-abc"];
    let mut errs = Vec::new();
    let parts: Vec<&str> = value.split('/').collect();
    let name = match parts.as_slice() {
        [name] => *name,
        [prefix, name] => {
            if prefix.is_empty() {
                errs.push("prefix part must be non-empty".to_string());
            } else {
                errs.extend(
                    is_dns1123_subdomain(prefix).into_iter().map(|m| format!("prefix part {m}")),
                );
            }
            *name
        }
        _ => {
            return vec![format!(
                "a qualified name {} with an optional DNS subdomain prefix and '/' (e.g. \
                 'example.com/MyName')",
                regex_error(QUALIFIED_NAME_MSG, QUALIFIED_NAME_FMT, &examples)
            )]
        }
    };
    if name.is_empty() {
        errs.push("name part must be non-empty".to_string());
    } else if name.len() > QUALIFIED_NAME_MAX {
        errs.push(format!("name part {}", max_len_error(QUALIFIED_NAME_MAX)));
    }
    // Go checks the pattern even for an empty name, so "" gets both messages.
    if !matches_qualified_name(name) {
        errs.push(format!(
            "name part {}",
            regex_error(QUALIFIED_NAME_MSG, QUALIFIED_NAME_FMT, &examples)
        ));
    }
    errs
}

/// `IsValidLabelValue`: empty, or a qualified name part of at most 63 bytes.
pub fn is_valid_label_value(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > LABEL_VALUE_MAX {
        errs.push(max_len_error(LABEL_VALUE_MAX));
    }
    if !value.is_empty() && !matches_qualified_name(value) {
        errs.push(regex_error(LABEL_VALUE_MSG, LABEL_VALUE_FMT, &["MyValue", "my_value", "12345"]));
    }
    errs
}

/// `ValidateLabels`: key errors then value errors, label by label (in key order here; Go's map
/// order is random).
pub fn validate_labels(labels: &BTreeMap<String, String>, field: &str) -> Vec<FieldError> {
    let mut errs = Vec::new();
    for (key, value) in labels {
        errs.extend(is_qualified_name(key).iter().map(|m| FieldError::invalid(field, key, m)));
        errs.extend(
            is_valid_label_value(value).iter().map(|m| FieldError::invalid(field, value, m)),
        );
    }
    errs
}

/// The name rules of `ValidateObjectMeta` for DNS-1123 subdomain names (`NameIsDNSSubdomain`).
pub fn validate_object_name(name: &str, field: &str) -> Vec<FieldError> {
    if name.is_empty() {
        return vec![FieldError::required(field, "name or generateName is required")];
    }
    is_dns1123_subdomain(name).iter().map(|m| FieldError::invalid(field, name, m)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const SUBDOMAIN_MSG: &str = "a lowercase RFC 1123 subdomain must consist of lower case \
        alphanumeric characters, '-' or '.', and must start and end with an alphanumeric \
        character (e.g. 'example.com', regex used for validation is \
        '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
    const VALUE_MSG: &str = "a valid label must be an empty string or consist of alphanumeric \
        characters, '-', '_' or '.', and must start and end with an alphanumeric character \
        (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is \
        '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
    const NAME_PART_MSG: &str = "name part must consist of alphanumeric characters, '-', '_' \
        or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or \
        'my.name',  or '123-abc', regex used for validation is \
        '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

    fn strings(messages: &[&str]) -> Vec<String> {
        messages.iter().map(|m| m.to_string()).collect()
    }

    fn labels(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    fn lines(errs: &[FieldError]) -> Vec<String> {
        errs.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn subdomain_checks_length_and_pattern_with_go_wording() {
        for ok in ["a", "web", "web-1", "0.1.2.domain", "a.b-c.d", &"a".repeat(253)] {
            assert!(is_dns1123_subdomain(ok).is_empty(), "{ok}");
        }
        for bad in ["", "Web", "-a", "a-", "a..b", ".a", "a_b", "é", "a b"] {
            assert_eq!(is_dns1123_subdomain(bad), strings(&[SUBDOMAIN_MSG]), "{bad:?}");
        }
        let long = is_dns1123_subdomain(&"a".repeat(254));
        assert_eq!(long, strings(&["must be no more than 253 characters"]));
    }

    #[test]
    fn label_rejects_dots_separately_from_bad_characters() {
        assert!(is_dns1123_label("my-name").is_empty());
        assert_eq!(is_dns1123_label("a.b"), strings(&["must not contain dots"]));
        let msg = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters \
            or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or \
            '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
        assert_eq!(is_dns1123_label("My_Name"), strings(&[msg]));
        assert!(is_dns1035_label("web-1").is_empty());
        assert_eq!(
            is_dns1035_label(&"a".repeat(64)),
            strings(&["must be no more than 63 characters"])
        );
        assert!(is_dns1035_label("1web")[0].starts_with("a DNS-1035 label must consist"));
        let long = is_dns1123_label(&"a".repeat(64));
        assert_eq!(long, strings(&["must be no more than 63 characters"]));
    }

    #[test]
    fn qualified_name_reports_each_part() {
        for ok in ["app", "App.Name_1", "example.com/MyName", "a-b.c/key-with-dash"] {
            assert!(is_qualified_name(ok).is_empty(), "{ok}");
        }
        assert_eq!(is_qualified_name("-app"), strings(&[NAME_PART_MSG]));
        assert_eq!(is_qualified_name(""), strings(&["name part must be non-empty", NAME_PART_MSG]));
        assert_eq!(is_qualified_name("/app"), strings(&["prefix part must be non-empty"]));
        let prefix = format!("prefix part {SUBDOMAIN_MSG}");
        assert_eq!(is_qualified_name("Example.com/app"), strings(&[&prefix]));
        let long = is_qualified_name(&format!("x/{}", "a".repeat(64)));
        assert_eq!(long, strings(&["name part must be no more than 63 characters"]));
        let many = "a qualified name must consist of alphanumeric characters, '-', '_' or '.', \
            and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  \
            or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') \
            with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')";
        assert_eq!(is_qualified_name("a/b/c"), strings(&[many]));
    }

    #[test]
    fn label_value_may_be_empty_but_not_sloppy() {
        assert!(is_valid_label_value("").is_empty() && is_valid_label_value("my_value").is_empty());
        assert_eq!(is_valid_label_value("Bad Value!"), strings(&[VALUE_MSG]));
        let long = is_valid_label_value(&"a".repeat(64));
        assert_eq!(long, strings(&["must be no more than 63 characters"]));
    }

    #[test]
    fn bad_labels_render_like_the_apiserver_keys_first() {
        let errs = validate_labels(&labels(&[("app", "Bad Value!")]), "metadata.labels");
        let want = format!("metadata.labels: Invalid value: \"Bad Value!\": {VALUE_MSG}");
        assert_eq!(lines(&errs), strings(&[&want]));
        let errs = validate_labels(&labels(&[("b", "ok"), ("-a", "-x")]), "metadata.labels");
        assert_eq!(
            errs.iter().map(|e| e.value.clone()).collect::<Vec<_>>(),
            ["-a".into(), "-x".into()] as [BadValue; 2]
        );
        assert!(validate_labels(&labels(&[("app", "web"), ("tier", "")]), "f").is_empty());
    }

    #[test]
    fn object_name_is_required_and_must_be_a_subdomain() {
        let want = format!("metadata.name: Invalid value: \"Web\": {SUBDOMAIN_MSG}");
        assert_eq!(lines(&validate_object_name("Web", "metadata.name")), strings(&[&want]));
        let want = "metadata.name: Required value: name or generateName is required";
        assert_eq!(lines(&validate_object_name("", "metadata.name")), strings(&[want]));
        assert!(validate_object_name("web-1", "metadata.name").is_empty());
    }

    #[test]
    fn invalid_error_puts_one_cause_on_the_heading_line() {
        let errs = validate_object_name("Web", "metadata.name");
        let want = format!(
            "The Deployment \"Web\" is invalid: metadata.name: Invalid value: \"Web\": {SUBDOMAIN_MSG}"
        );
        assert_eq!(invalid_error("Deployment", "Web", &errs), want);
        assert_eq!(invalid_error("Pod", "p", &[]), "The Pod \"p\" is invalid");
    }

    #[test]
    fn invalid_error_lists_several_distinct_causes_like_kubectl() {
        let mut errs = validate_object_name("", "metadata.name");
        errs.push(FieldError::invalid("metadata.labels", "-x", "bad"));
        errs.push(FieldError::invalid("metadata.labels", "-x", "bad"));
        assert_eq!(
            invalid_error("Pod", "", &errs),
            "The Pod \"\" is invalid: \n\
             * metadata.name: Required value: name or generateName is required\n\
             * metadata.labels: Invalid value: \"-x\": bad"
        );
    }

    proptest! {
        #[test]
        fn validation_never_panics_and_stays_on_one_line(s in any::<String>()) {
            let _ = (is_dns1123_label(&s), is_qualified_name(&s), is_valid_label_value(&s));
            let mut errs = validate_labels(&labels(&[(&s, &s)]), "metadata.labels");
            errs.extend(validate_object_name(&s, "metadata.name"));
            let text = invalid_error("Pod", &s, &errs);
            prop_assert!(!text.replace(" \n* ", " ").replace("\n* ", " ").chars().any(char::is_control));
        }
    }
}
