//! Ingress validation, in the API server's order and words: pkg/apis/networking/validation/
//! validation.go `ValidateIngressSpec` (a default backend or rules, then the default backend,
//! the rules with their hosts and paths, the TLS entries, the class name),
//! `validateIngressRules`, `validateHTTPIngressPath` (`pathType` required; Exact and Prefix
//! paths absolute and free of `//`, `/./`, `/../`, `%2f`, and of a `/..` or `/.` ending),
//! `validateIngressBackend` (a Service by a DNS-1035 name and one port, by name or number,
//! or a typed resource, never both) and `ValidateIngressCreate`'s check of the old class
//! annotation. The relaxed Service names of the alpha `RelaxedServiceNameValidation` gate
//! and the leniency an update grants to invalid data already stored are not modelled: every
//! write is checked as a create is.

use super::BadValue;
use crate::labels::validation::{
    is_dns1035_label, is_dns1123_subdomain, is_wildcard_dns1123_subdomain, FieldError,
};
use crate::model::{
    Ingress, IngressBackend, IngressSpec, TypedLocalObjectReference, INGRESS_CLASS_ANNOTATION,
    PATH_TYPES,
};

/// `invalidPathSequences` and `invalidPathSuffixes`.
const BAD_SEQUENCES: [&str; 5] = ["//", "/./", "/../", "%2f", "%2F"];
const BAD_SUFFIXES: [&str; 2] = ["/..", "/."];

/// `ValidateIngressSpec` on `spec`.
pub fn ingress(ing: &Ingress) -> Vec<FieldError> {
    let spec = &ing.spec;
    let mut errs = Vec::new();
    if spec.rules.is_empty() && spec.default_backend.is_none() {
        // The value is the (nil) rules list, which the API server prints as JSON.
        errs.push(FieldError::invalid(
            "spec",
            BadValue::Json(serde_json::Value::Null),
            "either `defaultBackend` or `rules` must be specified",
        ));
    }
    if let Some(b) = &spec.default_backend {
        backend(&mut errs, b, "spec.defaultBackend");
    }
    rules(&mut errs, spec);
    tls(&mut errs, spec);
    if let Some(class) = &spec.ingress_class_name {
        for m in is_dns1123_subdomain(class) {
            errs.push(FieldError::invalid("spec.ingressClassName", class, &m));
        }
    }
    errs
}

/// `ValidateIngressCreate`'s extra rule: the deprecated class annotation may not disagree
/// with `spec.ingressClassName`. Only a create is checked.
pub fn ingress_create(ing: &Ingress) -> Vec<FieldError> {
    let annotation = ing.metadata.annotations.get(INGRESS_CLASS_ANNOTATION);
    match (annotation, &ing.spec.ingress_class_name) {
        (Some(a), Some(class)) if a != class => vec![FieldError::invalid(
            &format!("annotations.{INGRESS_CLASS_ANNOTATION}"),
            a,
            "must match `ingressClassName` when both are specified",
        )],
        _ => Vec::new(),
    }
}

/// Hosts are DNS subdomains, or `*.` and one; never an IP address.
fn host_errors(errs: &mut Vec<FieldError>, at: &str, host: &str) {
    let found = if host.contains('*') {
        is_wildcard_dns1123_subdomain(host)
    } else {
        is_dns1123_subdomain(host)
    };
    for m in found {
        errs.push(FieldError::invalid(at, host, &m));
    }
}

fn rules(errs: &mut Vec<FieldError>, spec: &IngressSpec) {
    for (i, rule) in spec.rules.iter().enumerate() {
        let at = format!("spec.rules[{i}]");
        if !rule.host.is_empty() {
            if is_ip(&rule.host) {
                errs.push(FieldError::invalid(
                    &format!("{at}.host"),
                    &rule.host,
                    "must be a DNS name, not an IP address",
                ));
            }
            host_errors(errs, &format!("{at}.host"), &rule.host);
        }
        let Some(http) = &rule.http else { continue };
        if http.paths.is_empty() {
            errs.push(FieldError::required(&format!("{at}.http.paths"), ""));
        }
        for (j, p) in http.paths.iter().enumerate() {
            let at = format!("{at}.http.paths[{j}]");
            let Some(path_type) = &p.path_type else {
                errs.push(FieldError::required(
                    &format!("{at}.pathType"),
                    "pathType must be specified",
                ));
                continue;
            };
            let path_at = format!("{at}.path");
            match path_type.as_str() {
                "Exact" | "Prefix" => {
                    if !p.path.starts_with('/') {
                        errs.push(FieldError::invalid(
                            &path_at,
                            &p.path,
                            "must be an absolute path",
                        ));
                    }
                    for seq in BAD_SEQUENCES.iter().filter(|s| p.path.contains(**s)) {
                        let detail = format!("must not contain '{seq}'");
                        errs.push(FieldError::invalid(&path_at, &p.path, &detail));
                    }
                    for end in BAD_SUFFIXES.iter().filter(|s| p.path.ends_with(**s)) {
                        let detail = format!("cannot end with '{end}'");
                        errs.push(FieldError::invalid(&path_at, &p.path, &detail));
                    }
                }
                "ImplementationSpecific" => {
                    if !p.path.is_empty() && !p.path.starts_with('/') {
                        errs.push(FieldError::invalid(
                            &path_at,
                            &p.path,
                            "must be an absolute path",
                        ));
                    }
                }
                other => {
                    let supported: Vec<String> =
                        PATH_TYPES.iter().map(|t| format!("\"{t}\"")).collect();
                    errs.push(FieldError::unsupported(
                        &format!("{at}.pathType"),
                        other,
                        &supported.join(", "),
                    ));
                }
            }
            backend(errs, &p.backend, &format!("{at}.backend"));
        }
    }
}

fn tls(errs: &mut Vec<FieldError>, spec: &IngressSpec) {
    for (i, t) in spec.tls.iter().enumerate() {
        for (j, host) in t.hosts.iter().enumerate() {
            host_errors(errs, &format!("spec.tls[{i}].hosts[{j}]"), host);
        }
        if !t.secret_name.is_empty() {
            for m in is_dns1123_subdomain(&t.secret_name) {
                errs.push(FieldError::invalid(
                    &format!("spec.tls[{i}].secretName"),
                    &t.secret_name,
                    &m,
                ));
            }
        }
    }
}

/// `validateIngressBackend`.
fn backend(errs: &mut Vec<FieldError>, b: &IngressBackend, at: &str) {
    match (&b.service, &b.resource) {
        (Some(_), Some(_)) => {
            errs.push(FieldError::invalid(at, "", "cannot set both resource and service backends"))
        }
        (None, Some(r)) => resource(errs, r, &format!("{at}.resource")),
        (Some(s), None) => {
            if s.name.is_empty() {
                errs.push(FieldError::required(&format!("{at}.service.name"), ""));
            } else {
                for m in is_dns1035_label(&s.name) {
                    errs.push(FieldError::invalid(&format!("{at}.service.name"), &s.name, &m));
                }
            }
            let (name, number) = (&s.port.name, s.port.number);
            if !name.is_empty() && number != 0 {
                errs.push(FieldError::invalid(at, "", "cannot set both port name & port number"));
            } else if !name.is_empty() {
                for m in crate::model::probe_validate::port_name_errors(name) {
                    errs.push(FieldError::invalid(&format!("{at}.service.port.name"), name, m));
                }
            } else if number != 0 {
                if !(1..=65535).contains(&number) {
                    errs.push(FieldError::invalid(
                        &format!("{at}.service.port.number"),
                        number,
                        "must be between 1 and 65535, inclusive",
                    ));
                }
            } else {
                errs.push(FieldError::required(at, "port name or number is required"));
            }
        }
        (None, None) => {
            errs.push(FieldError::invalid(at, "", "resource or service backend is required"))
        }
    }
}

/// `validateIngressTypedLocalObjectReference`.
fn resource(errs: &mut Vec<FieldError>, r: &TypedLocalObjectReference, at: &str) {
    if let Some(group) = &r.api_group {
        for m in is_dns1123_subdomain(group) {
            errs.push(FieldError::invalid(&format!("{at}.apiGroup"), group, &m));
        }
    }
    for (field, value) in [("kind", &r.kind), ("name", &r.name)] {
        if value.is_empty() {
            errs.push(FieldError::required(&format!("{at}.{field}"), ""));
        }
        for m in path_segment_errors(value) {
            errs.push(FieldError::invalid(&format!("{at}.{field}"), value, &m));
        }
    }
}

/// apimachinery/pkg/api/validation/path `IsValidPathSegmentName`.
fn path_segment_errors(name: &str) -> Vec<String> {
    if name == "." || name == ".." {
        return vec![format!("may not be '{name}'")];
    }
    ["/", "%"]
        .iter()
        .filter(|c| name.contains(**c))
        .map(|c| format!("may not contain '{c}'"))
        .collect()
}

/// netutils.ParseIPSloppy: IPv6, or IPv4 whose parts may have leading zeros.
fn is_ip(host: &str) -> bool {
    if host.parse::<std::net::Ipv6Addr>().is_ok() {
        return true;
    }
    let parts: Vec<&str> = host.split('.').collect();
    parts.len() == 4
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.len() <= 3
                && p.bytes().all(|b| b.is_ascii_digit())
                && p.parse::<u16>().is_ok_and(|n| n <= 255)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{
        HttpIngressPath, HttpIngressRuleValue, IngressRule, IngressServiceBackend, ObjectMeta,
        ServiceBackendPort,
    };

    fn with_path(host: &str, path: &str, path_type: Option<&str>, port: i32) -> Ingress {
        let backend = IngressBackend {
            service: Some(IngressServiceBackend {
                name: "web".into(),
                port: ServiceBackendPort { name: String::new(), number: port },
            }),
            resource: None,
        };
        let rule = IngressRule {
            host: host.into(),
            http: Some(HttpIngressRuleValue {
                paths: vec![HttpIngressPath {
                    path: path.into(),
                    path_type: path_type.map(String::from),
                    backend,
                }],
            }),
        };
        let spec = IngressSpec { rules: vec![rule], ..Default::default() };
        Ingress::new(ObjectMeta { name: "i".into(), ..Default::default() }, spec)
    }

    fn messages(ing: &Ingress) -> Vec<String> {
        ingress(ing).iter().map(|e| e.to_string()).collect()
    }

    #[test]
    fn a_valid_rule_passes_and_an_empty_spec_needs_rules_or_a_default_backend() {
        assert!(messages(&with_path("foo.com", "/x", Some("Prefix"), 80)).is_empty());
        let empty = Ingress::new(ObjectMeta::default(), IngressSpec::default());
        assert_eq!(
            messages(&empty),
            ["spec: Invalid value: null: either `defaultBackend` or `rules` must be specified"]
        );
    }

    #[test]
    fn paths_follow_their_type_and_a_port_must_be_in_range() {
        assert_eq!(
            messages(&with_path("", "x//y", Some("Exact"), 70000)),
            [
                "spec.rules[0].http.paths[0].path: Invalid value: \"x//y\": must be an absolute path",
                "spec.rules[0].http.paths[0].path: Invalid value: \"x//y\": must not contain '//'",
                "spec.rules[0].http.paths[0].backend.service.port.number: Invalid value: 70000: must be between 1 and 65535, inclusive",
            ]
        );
        assert_eq!(
            messages(&with_path("", "/a", None, 80)),
            ["spec.rules[0].http.paths[0].pathType: Required value: pathType must be specified"]
        );
        assert_eq!(
            messages(&with_path("", "/a", Some("Glob"), 80)),
            ["spec.rules[0].http.paths[0].pathType: Unsupported value: \"Glob\": supported values: \"Exact\", \"ImplementationSpecific\", \"Prefix\""]
        );
        assert!(messages(&with_path("", "", Some("ImplementationSpecific"), 80)).is_empty());
    }

    #[test]
    fn hosts_are_dns_names_or_wildcards_never_addresses() {
        assert!(messages(&with_path("*.foo.com", "/", Some("Prefix"), 80)).is_empty());
        let ip = messages(&with_path("10.0.0.1", "/", Some("Prefix"), 80));
        assert_eq!(
            ip,
            ["spec.rules[0].host: Invalid value: \"10.0.0.1\": must be a DNS name, not an IP address"]
        );
        let bad = messages(&with_path("foo.*.com", "/", Some("Prefix"), 80));
        assert_eq!(bad.len(), 1);
        assert!(bad[0].contains("a wildcard DNS-1123 subdomain must start with '*.'"), "{bad:?}");
    }
}
