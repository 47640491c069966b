//! Service validation, from pkg/apis/core/validation/validation.go `ValidateService` and
//! `ValidateServiceUpdate`, for the fields the simulation models. Allocation failures (an IP
//! outside the range, a node port taken) are the store's (`store/services.rs`), as they are
//! the registry's upstream.

use crate::labels::validation::{is_dns1123_label, validate_labels, BadValue, FieldError};
use crate::model::{IntOrString, Service, ServiceType};

const SUPPORTED_PROTOCOLS: &str = "\"SCTP\", \"TCP\", \"UDP\"";
const SUPPORTED_TYPES: &str = "\"ClusterIP\", \"ExternalName\", \"LoadBalancer\", \"NodePort\"";
const PORT_RANGE: &str = "must be between 1 and 65535, inclusive";

pub fn service(s: &Service) -> Vec<FieldError> {
    let spec = &s.spec;
    let mut errs = Vec::new();
    let needs_ports = spec.type_ != ServiceType::ExternalName && !spec.headless();
    if needs_ports && spec.ports.is_empty() {
        errs.push(FieldError::required("spec.ports", ""));
    }
    let mut names = std::collections::BTreeSet::new();
    for (i, p) in spec.ports.iter().enumerate() {
        let at = |f: &str| format!("spec.ports[{i}].{f}");
        match p.name.as_deref().filter(|n| !n.is_empty()) {
            None if spec.ports.len() > 1 => errs.push(FieldError::required(&at("name"), "")),
            None => {}
            Some(n) => {
                for msg in is_dns1123_label(n) {
                    errs.push(FieldError::invalid(&at("name"), n, &msg));
                }
                if !names.insert(n) {
                    errs.push(FieldError::duplicate(&at("name"), n));
                }
            }
        }
        if !(1..=65535).contains(&p.port) {
            errs.push(FieldError::invalid(&at("port"), p.port, PORT_RANGE));
        }
        if !matches!(p.protocol(), "TCP" | "UDP" | "SCTP") {
            errs.push(FieldError::unsupported(&at("protocol"), p.protocol(), SUPPORTED_PROTOCOLS));
        }
        match &p.target_port {
            Some(IntOrString::Int(t)) if !(1..=65535).contains(t) => {
                errs.push(FieldError::invalid(&at("targetPort"), *t, PORT_RANGE));
            }
            _ => {}
        }
        if p.node_port.is_some_and(|n| n != 0) && !spec.type_.has_node_ports() {
            let detail = format!("may not be used when `type` is '{}'", spec.type_);
            errs.push(FieldError::forbidden(&at("nodePort"), &detail));
        }
    }
    errs.extend(validate_labels(&spec.selector, "spec.selector"));
    if let Some(ip) = spec.cluster_ip.as_deref().filter(|ip| !ip.is_empty() && !spec.headless()) {
        if ip.parse::<std::net::Ipv4Addr>().is_err() {
            let detail = "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)";
            errs.push(FieldError::invalid("spec.clusterIPs[0]", ip, detail));
        }
    }
    // validateServiceClusterIPsRelatedFields: the list starts with the single field's value.
    match spec.cluster_ip.as_deref().filter(|ip| !ip.is_empty()) {
        Some(ip) if spec.cluster_ips.first().is_some_and(|first| first != ip) => {
            let detail = "first value must match `clusterIP`";
            errs.push(FieldError::invalid(
                "spec.clusterIPs",
                BadValue::json(&spec.cluster_ips),
                detail,
            ));
        }
        None if !spec.cluster_ips.is_empty() => {
            let detail = "must be empty when `clusterIP` is not specified";
            errs.push(FieldError::invalid(
                "spec.clusterIPs",
                BadValue::json(&spec.cluster_ips),
                detail,
            ));
        }
        _ => {}
    }
    if let ServiceType::Unsupported(t) = &spec.type_ {
        errs.push(FieldError::unsupported("spec.type", t.as_str(), SUPPORTED_TYPES));
    }
    errs
}

/// What an update may not change: the cluster IP once set (`ValidateServiceUpdate`; a body
/// without one keeps the stored one, see `store/services.rs`).
pub fn service_update(new: &Service, old: &Service) -> Vec<FieldError> {
    let given = new.spec.cluster_ip.as_deref().filter(|ip| !ip.is_empty());
    match (given, old.spec.cluster_ip.as_deref()) {
        (Some(n), Some(o)) if n != o && new.spec.type_ != ServiceType::ExternalName => {
            vec![FieldError::invalid(
                "spec.clusterIPs[0]",
                BadValue::Str(n.into()),
                "may not change once set",
            )]
        }
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ServicePort;

    #[test]
    fn cluster_ips_must_start_with_cluster_ip() {
        let mut s = Service::default();
        s.spec.ports = vec![ServicePort { port: 80, ..Default::default() }];
        s.spec.cluster_ip = Some("10.96.0.1".into());
        s.spec.cluster_ips = vec!["10.96.0.2".into()];
        let errs: Vec<String> = service(&s).iter().map(|e| e.to_string()).collect();
        assert_eq!(
            errs,
            ["spec.clusterIPs: Invalid value: [\"10.96.0.2\"]: first value must match `clusterIP`"]
        );
    }

    #[test]
    fn an_unknown_type_is_refused_with_the_supported_values_listed() {
        let mut s = Service::default();
        s.spec.type_ = ServiceType::parse("Foo");
        s.spec.ports = vec![ServicePort { port: 80, ..Default::default() }];
        let errs: Vec<String> = service(&s).iter().map(|e| e.to_string()).collect();
        assert_eq!(
            errs,
            ["spec.type: Unsupported value: \"Foo\": supported values: \"ClusterIP\", \"ExternalName\", \"LoadBalancer\", \"NodePort\""]
        );
        assert_eq!(ServiceType::parse(""), ServiceType::ClusterIP);
    }
}
