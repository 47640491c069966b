//! Table cells of Services, EndpointSlices, Endpoints and Ingresses, from
//! pkg/printers/internalversion/printers.go (`printService`, `printEndpointSlice`,
//! `printEndpoints`, `printIngress` and their formatters).

use crate::clock::Time;
use crate::model::{EndpointSlice, Endpoints, Ingress, Service, ServicePort, ServiceType};

use super::{format_labels, since};

/// The three lists print at most this many items, then `+ N more...`.
const MAX_LISTED: usize = 3;

pub(super) fn service_row(s: &Service, wide: bool, now: Time) -> Vec<String> {
    let cluster_ip = match s.spec.cluster_ip.as_deref() {
        None | Some("") => "<none>".to_string(),
        Some(ip) => ip.to_string(),
    };
    let mut cells = vec![
        s.metadata.name.clone(),
        s.spec.type_.to_string(),
        cluster_ip,
        external_ip(s),
        port_string(&s.spec.ports),
        since(s.metadata.creation_timestamp, now),
    ];
    if wide {
        cells.push(format_labels(&s.spec.selector));
    }
    cells
}

/// `getServiceExternalIP`: no cloud here, so a LoadBalancer's address stays `<pending>`.
fn external_ip(s: &Service) -> String {
    let listed = || match s.spec.external_ips.is_empty() {
        true => "<none>".to_string(),
        false => s.spec.external_ips.join(","),
    };
    match s.spec.type_ {
        ServiceType::ClusterIP | ServiceType::NodePort => listed(),
        ServiceType::LoadBalancer => match s.spec.external_ips.is_empty() {
            true => "<pending>".to_string(),
            false => s.spec.external_ips.join(","),
        },
        ServiceType::ExternalName => s.spec.external_name.clone().unwrap_or_default(),
        ServiceType::Unsupported(_) => "<unknown>".to_string(),
    }
}

/// `makePortString`: `80/TCP`, or `80:30080/TCP` with a node port; `<none>` without ports.
pub fn port_string(ports: &[ServicePort]) -> String {
    if ports.is_empty() {
        return "<none>".into();
    }
    let one = |p: &ServicePort| match p.node_port.filter(|n| *n > 0) {
        Some(n) => format!("{}:{n}/{}", p.port, p.protocol()),
        None => format!("{}/{}", p.port, p.protocol()),
    };
    ports.iter().map(one).collect::<Vec<_>>().join(",")
}

/// `listWithMoreString`.
fn with_more(list: &[String], count: usize, unset: &str) -> String {
    let joined = list.join(",");
    if count > MAX_LISTED {
        return format!("{joined} + {} more...", count - MAX_LISTED);
    }
    if joined.is_empty() {
        return unset.to_string();
    }
    joined
}

pub(super) fn endpointslice_row(s: &EndpointSlice, now: Time) -> Vec<String> {
    let ports = s.ports.as_deref().unwrap_or_default();
    let port_cells: Vec<String> = ports
        .iter()
        .take(MAX_LISTED)
        .map(|p| match (p.port, &p.name) {
            (Some(n), _) => n.to_string(),
            (None, Some(name)) => name.clone(),
            (None, None) => "*".to_string(),
        })
        .collect();
    let addresses = s.endpoints().iter().flat_map(|e| e.addresses.iter());
    let count = addresses.clone().count();
    let listed: Vec<String> = addresses.take(MAX_LISTED).cloned().collect();
    vec![
        s.metadata.name.clone(),
        s.address_type.clone(),
        with_more(&port_cells, ports.len(), "<unset>"),
        with_more(&listed, count, "<unset>"),
        since(s.metadata.creation_timestamp, now),
    ]
}

/// `formatEndpoints`: ready addresses with each port (`10.244.1.5:80`); not-ready ones are
/// not listed, so a Service whose pods are all unready shows an empty cell.
pub(super) fn endpoints_row(e: &Endpoints, now: Time) -> Vec<String> {
    vec![e.metadata.name.clone(), format_endpoints(e), since(e.metadata.creation_timestamp, now)]
}

pub(crate) fn format_endpoints(e: &Endpoints) -> String {
    if e.subsets.is_empty() {
        return "<none>".into();
    }
    let mut list = Vec::new();
    let mut count = 0;
    for ss in &e.subsets {
        if ss.ports.is_empty() {
            count += ss.addresses.len();
            list.extend(ss.addresses.iter().map(|a| a.ip.clone()));
            continue;
        }
        for p in &ss.ports {
            count += ss.addresses.len();
            list.extend(ss.addresses.iter().map(|a| format!("{}:{}", a.ip, p.port)));
        }
    }
    list.truncate(MAX_LISTED);
    let joined = list.join(",");
    if count > MAX_LISTED {
        return format!("{joined} + {} more...", count - MAX_LISTED);
    }
    joined
}

/// `printIngress`: the class (`<none>` unset), the hosts (`formatHosts`), the load
/// balancer's address (blank here: no controller writes one), the ports (`formatPorts`: 443
/// too when any TLS entry exists) and the age. No column is wide-only; `-o wide` only stops
/// the address being cut short.
pub(super) fn ingress_row(i: &Ingress, wide: bool, now: Time) -> Vec<String> {
    let ports = if i.spec.tls.is_empty() { "80" } else { "80, 443" };
    vec![
        i.metadata.name.clone(),
        i.spec.ingress_class_name.clone().unwrap_or_else(|| "<none>".into()),
        format_hosts(i),
        i.status.load_balancer.address(wide),
        ports.into(),
        since(i.metadata.creation_timestamp, now),
    ]
}

/// `formatHosts`: the first three rules' hosts (rules without one are skipped but counted),
/// then `+ N more...` counting every rule past the third; `*` when none names a host.
fn format_hosts(i: &Ingress) -> String {
    let rules = &i.spec.rules;
    let mut list: Vec<&str> = Vec::new();
    let mut more = false;
    for r in rules {
        if list.len() == MAX_LISTED {
            more = true;
        }
        if !more && !r.host.is_empty() {
            list.push(&r.host);
        }
    }
    if list.is_empty() {
        return "*".into();
    }
    let joined = list.join(",");
    if more {
        return format!("{joined} + {} more...", rules.len().saturating_sub(MAX_LISTED));
    }
    joined
}
