//! `describe service`, `describe endpointslice` and `describe endpoints`. Models
//! staging/src/k8s.io/kubectl/pkg/describe/describe.go `describeService` (whose `Endpoints:`
//! line reads the Service's EndpointSlices since kubectl 1.33: `formatEndpointSlices`),
//! `describeEndpointSliceV1` and `describeEndpoints`. The slices are found as the describer
//! lists them, by the `kubernetes.io/service-name` label in the Service's namespace.

use super::reader::Reader;
use super::{annotations, events, labels, Writer};
use crate::clock::Time;
use crate::labels::selector::Selector;
use crate::model::{EndpointSlice, Endpoints, IntOrString, Service, LABEL_SERVICE_NAME};

use super::super::format_labels;

/// `formatEndpointSlices`' `max`.
const MAX_LISTED: usize = 3;

pub(super) fn describe_service(r: &mut Reader, svc: &Service, now: Time) -> String {
    let m = &svc.metadata;
    let spec = &svc.spec;
    let mut w = Writer::default();
    w.w(0, &format!("Name:\t{}\n", m.name));
    w.w(0, &format!("Namespace:\t{}\n", m.namespace));
    labels(&mut w, "Labels", &m.labels);
    annotations(&mut w, "Annotations", &m.annotations);
    w.w(0, &format!("Selector:\t{}\n", format_labels(&spec.selector)));
    w.w(0, &format!("Type:\t{}\n", spec.type_));
    if let Some(p) = &spec.ip_family_policy {
        w.w(0, &format!("IP Family Policy:\t{p}\n"));
    }
    w.w(0, &format!("IP Families:\t{}\n", joined_or_none(&spec.ip_families)));
    w.w(0, &format!("IP:\t{}\n", spec.cluster_ip.as_deref().unwrap_or_default()));
    w.w(0, &format!("IPs:\t{}\n", joined_or_none(&spec.cluster_ips)));
    if !spec.external_ips.is_empty() {
        w.w(0, &format!("External IPs:\t{}\n", spec.external_ips.join(",")));
    }
    if let Some(name) = spec.external_name.as_deref().filter(|n| !n.is_empty()) {
        w.w(0, &format!("External Name:\t{name}\n"));
    }
    let selector =
        Selector::from_match_labels(&[(LABEL_SERVICE_NAME.to_string(), m.name.clone())].into());
    let listed = r.list::<EndpointSlice>(Some(&m.namespace), Some(&selector), None);
    let slices: Vec<&EndpointSlice> = listed.iter().map(|s| &**s).collect();
    for p in &spec.ports {
        let name = if p.name().is_empty() { "<unset>" } else { p.name() };
        let proto = p.protocol();
        w.w(0, &format!("Port:\t{name}\t{}/{proto}\n", p.port));
        match &p.target_port {
            Some(IntOrString::Str(s)) => w.w(0, &format!("TargetPort:\t{s}/{proto}\n")),
            Some(IntOrString::Int(n)) => w.w(0, &format!("TargetPort:\t{n}/{proto}\n")),
            None => w.w(0, &format!("TargetPort:\t0/{proto}\n")),
        }
        if let Some(a) = &p.app_protocol {
            w.w(0, &format!("AppProtocol:\t{a}\n"));
        }
        if let Some(n) = p.node_port.filter(|n| *n != 0) {
            w.w(0, &format!("NodePort:\t{name}\t{n}/{proto}\n"));
        }
        w.w(0, &format!("Endpoints:\t{}\n", format_endpoint_slices(&slices, Some(p.name()))));
    }
    w.w(0, &format!("Session Affinity:\t{}\n", spec.session_affinity.as_deref().unwrap_or("")));
    if let Some(p) = spec.external_traffic_policy.as_deref().filter(|p| !p.is_empty()) {
        w.w(0, &format!("External Traffic Policy:\t{p}\n"));
    }
    if let Some(p) = &spec.internal_traffic_policy {
        w.w(0, &format!("Internal Traffic Policy:\t{p}\n"));
    }
    events(&mut w, r.events_for(&m.uid), now);
    w.0
}

fn joined_or_none(list: &[String]) -> String {
    if list.is_empty() {
        "<none>".into()
    } else {
        list.join(",")
    }
}

/// `formatEndpointSlices`: the ready addresses, `ip:port` for each slice port of the given
/// name (`None`: every port), at most three and then `+ N more...`. Its quirk is kept: the
/// list counts as full as soon as it holds three, so a fourth endpoint that is not ready
/// still adds `+ 0 more...`. No slices at all is `<none>`; slices without a ready endpoint
/// print nothing.
pub(super) fn format_endpoint_slices(slices: &[&EndpointSlice], port: Option<&str>) -> String {
    if slices.is_empty() {
        return "<none>".into();
    }
    let mut list: Vec<String> = Vec::new();
    let (mut more, mut count) = (false, 0usize);
    let mut visit = |addr: Option<&String>, ready: bool, port: Option<i32>| {
        if list.len() == MAX_LISTED {
            more = true;
        }
        if !ready {
            return;
        }
        if !more {
            // Go indexes Addresses[0] and would panic on an empty list; nothing is shown.
            let addr = addr.cloned().unwrap_or_default();
            list.push(match port {
                Some(p) => join_host_port(&addr, p),
                None => addr,
            });
        }
        count += 1;
    };
    for slice in slices {
        let ports = slice.ports.as_deref().unwrap_or_default();
        if ports.is_empty() {
            // Headless Services may have no ports.
            for e in slice.endpoints() {
                visit(e.addresses.first(), e.conditions.is_ready(), None);
            }
            continue;
        }
        for p in ports {
            if port.is_some_and(|want| p.name.as_deref().unwrap_or_default() != want) {
                continue;
            }
            for e in slice.endpoints() {
                visit(e.addresses.first(), e.conditions.is_ready(), Some(p.port.unwrap_or(0)));
            }
        }
    }
    let joined = list.join(",");
    if more {
        return format!("{joined} + {} more...", count.saturating_sub(MAX_LISTED));
    }
    joined
}

/// `net.JoinHostPort`: IPv6 addresses go in brackets.
fn join_host_port(host: &str, port: i32) -> String {
    if host.contains(':') {
        format!("[{host}]:{port}")
    } else {
        format!("{host}:{port}")
    }
}

pub(super) fn describe_endpoint_slice(r: &mut Reader, s: &EndpointSlice, now: Time) -> String {
    let m = &s.metadata;
    let mut w = Writer::default();
    w.w(0, &format!("Name:\t{}\n", m.name));
    w.w(0, &format!("Namespace:\t{}\n", m.namespace));
    labels(&mut w, "Labels", &m.labels);
    annotations(&mut w, "Annotations", &m.annotations);
    w.w(0, &format!("AddressType:\t{}\n", s.address_type));
    let ports = s.ports.as_deref().unwrap_or_default();
    if ports.is_empty() {
        w.w(0, "Ports: <unset>\n");
    } else {
        w.w(0, "Ports:\n");
        w.w(1, "Name\tPort\tProtocol\n");
        w.w(1, "----\t----\t--------\n");
        for p in ports {
            let name = p.name.as_deref().filter(|n| !n.is_empty()).unwrap_or("<unset>");
            let port = p.port.map_or("<unset>".to_string(), |n| n.to_string());
            // The controller always sets the protocol; Go would dereference a nil one.
            let proto = p.protocol.as_deref().unwrap_or_default();
            w.w(1, &format!("{name}\t{port}\t{proto}\n"));
        }
    }
    if s.endpoints().is_empty() {
        w.w(0, "Endpoints: <none>\n");
    } else {
        w.w(0, "Endpoints:\n");
        let unset = |v: Option<&str>| v.unwrap_or("<unset>").to_string();
        for e in s.endpoints() {
            let addresses = e.addresses.join(", ");
            let addresses = if addresses.is_empty() { "<none>".into() } else { addresses };
            w.w(1, &format!("- Addresses:\t{addresses}\n"));
            w.w(2, "Conditions:\n");
            w.w(3, &format!("Ready:\t{}\n", unset(e.conditions.ready.map(go_bool))));
            w.w(2, &format!("Hostname:\t{}\n", unset(e.hostname.as_deref())));
            if let Some(r) = &e.target_ref {
                w.w(2, &format!("TargetRef:\t{}/{}\n", r.kind, r.name));
            }
            w.w(2, &format!("NodeName:\t{}\n", unset(e.node_name.as_deref())));
            w.w(2, &format!("Zone:\t{}\n", unset(e.zone.as_deref())));
        }
    }
    events(&mut w, r.events_for(&m.uid), now);
    w.0
}

fn go_bool(b: bool) -> &'static str {
    if b {
        "true"
    } else {
        "false"
    }
}

pub(super) fn describe_endpoints(r: &mut Reader, e: &Endpoints, now: Time) -> String {
    let m = &e.metadata;
    let mut w = Writer::default();
    w.w(0, &format!("Name:\t{}\n", m.name));
    w.w(0, &format!("Namespace:\t{}\n", m.namespace));
    labels(&mut w, "Labels", &m.labels);
    annotations(&mut w, "Annotations", &m.annotations);
    w.w(0, "Subsets:\n");
    for ss in &e.subsets {
        let ips = |list: &[crate::model::EndpointAddress]| {
            let joined = list.iter().map(|a| a.ip.as_str()).collect::<Vec<_>>().join(",");
            if joined.is_empty() {
                "<none>".to_string()
            } else {
                joined
            }
        };
        w.w(1, &format!("Addresses:\t{}\n", ips(&ss.addresses)));
        w.w(1, &format!("NotReadyAddresses:\t{}\n", ips(&ss.not_ready_addresses)));
        if !ss.ports.is_empty() {
            w.w(1, "Ports:\n");
            w.w(2, "Name\tPort\tProtocol\n");
            w.w(2, "----\t----\t--------\n");
            for p in &ss.ports {
                let name = p.name.as_deref().filter(|n| !n.is_empty()).unwrap_or("<unset>");
                let proto = p.protocol.as_deref().unwrap_or_default();
                w.w(2, &format!("{name}\t{}\t{proto}\n", p.port));
            }
        }
        w.w(0, "\n");
    }
    events(&mut w, r.events_for(&m.uid), now);
    w.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Endpoint, EndpointConditions, EndpointPort, ObjectMeta};

    fn slice(port: Option<(&str, i32)>, endpoints: &[(&str, bool)]) -> EndpointSlice {
        let mut s = EndpointSlice::new(ObjectMeta { name: "s".into(), ..Default::default() });
        s.ports = port.map(|(name, port)| {
            vec![EndpointPort { name: Some(name.into()), port: Some(port), ..Default::default() }]
        });
        s.endpoints = Some(
            endpoints
                .iter()
                .map(|(ip, ready)| Endpoint {
                    addresses: vec![ip.to_string()],
                    conditions: EndpointConditions { ready: Some(*ready), ..Default::default() },
                    ..Default::default()
                })
                .collect(),
        );
        s
    }

    #[test]
    fn ready_endpoints_are_listed_with_the_port_of_the_same_name() {
        let a = slice(Some(("http", 8080)), &[("10.0.0.1", true), ("10.0.0.2", false)]);
        let b = slice(Some(("metrics", 9090)), &[("10.0.0.3", true)]);
        assert_eq!(format_endpoint_slices(&[&a, &b], Some("http")), "10.0.0.1:8080");
        assert_eq!(format_endpoint_slices(&[&a, &b], None), "10.0.0.1:8080,10.0.0.3:9090");
    }

    #[test]
    fn no_slices_is_none_and_slices_without_ready_endpoints_print_nothing() {
        assert_eq!(format_endpoint_slices(&[], None), "<none>");
        let unready = slice(Some(("", 80)), &[("10.0.0.1", false)]);
        assert_eq!(format_endpoint_slices(&[&unready], Some("")), "");
    }

    #[test]
    fn more_than_three_are_counted_and_a_fourth_unready_one_still_says_more() {
        let ips = [("a", true), ("b", true), ("c", true), ("d", true), ("e", true)];
        let five = slice(Some(("", 80)), &ips);
        assert_eq!(format_endpoint_slices(&[&five], Some("")), "a:80,b:80,c:80 + 2 more...");
        // formatEndpointSlices marks the list full before it checks readiness.
        let quirk = slice(Some(("", 80)), &[("a", true), ("b", true), ("c", true), ("d", false)]);
        assert_eq!(format_endpoint_slices(&[&quirk], Some("")), "a:80,b:80,c:80 + 0 more...");
        // A headless Service's slice has no ports: addresses alone.
        let headless = slice(None, &[("a", true), ("fd00::1", true)]);
        assert_eq!(format_endpoint_slices(&[&headless], None), "a,fd00::1");
        let v6 = slice(Some(("", 80)), &[("fd00::1", true)]);
        assert_eq!(format_endpoint_slices(&[&v6], None), "[fd00::1]:80");
    }
}
