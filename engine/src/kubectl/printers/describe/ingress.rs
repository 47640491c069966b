//! `describe ingress`. Models staging/src/k8s.io/kubectl/pkg/describe/describe.go
//! `IngressDescriber.describeIngressV1`, `describeBackendV1`, `serviceBackendStringer` and
//! `describeIngressTLSV1`, as kubectl 1.33 and later read each backend: the Service's
//! EndpointSlices (listed by the `kubernetes.io/service-name` label), then the Service itself
//! to name the port, so a backend whose Service is missing reads
//! `<error: services "x" not found>`. (kubectl 1.32 and older read the Endpoints object
//! instead and said `endpoints "x" not found`.) The address is blank: no controller writes
//! the load balancer status.

use super::reader::Reader;
use super::service::format_endpoint_slices;
use super::{annotations, events, labels, Writer};
use crate::clock::Time;
use crate::labels::selector::Selector;
use crate::model::{EndpointSlice, Ingress, IngressBackend, Service, LABEL_SERVICE_NAME};

pub(super) fn describe_ingress(r: &mut Reader, ing: &Ingress, now: Time) -> String {
    let m = &ing.metadata;
    let spec = &ing.spec;
    let mut w = Writer::default();
    w.w(0, &format!("Name:\t{}\n", m.name));
    labels(&mut w, "Labels", &m.labels);
    w.w(0, &format!("Namespace:\t{}\n", m.namespace));
    w.w(0, &format!("Address:\t{}\n", ing.status.load_balancer.address(true)));
    let class = spec.ingress_class_name.as_deref().unwrap_or("<none>");
    w.w(0, &format!("Ingress Class:\t{class}\n"));
    let default = match &spec.default_backend {
        Some(b) => backend(r, &m.namespace, b),
        None => "<default>".into(),
    };
    w.w(0, &format!("Default backend:\t{default}\n"));
    if !spec.tls.is_empty() {
        w.w(0, "TLS:\n");
        for t in &spec.tls {
            let hosts = t.hosts.join(",");
            if t.secret_name.is_empty() {
                w.w(1, &format!("SNI routes {hosts}\n"));
            } else {
                w.w(1, &format!("{} terminates {hosts}\n", t.secret_name));
            }
        }
    }
    w.w(0, "Rules:\n  Host\tPath\tBackends\n");
    w.w(1, "----\t----\t--------\n");
    let mut count = 0;
    for rule in &spec.rules {
        let Some(http) = &rule.http else { continue };
        count += 1;
        let host = if rule.host.is_empty() { "*" } else { &rule.host };
        w.w(1, &format!("{host}\t\n"));
        for p in &http.paths {
            w.w(2, &format!("\t{} \t{}\n", p.path, backend(r, &m.namespace, &p.backend)));
        }
    }
    if count == 0 {
        w.w(1, &format!("*\t*\t{default}\n"));
    }
    annotations(&mut w, "Annotations", &m.annotations);
    events(&mut w, r.events_for(&m.uid), now);
    w.0
}

/// `describeBackendV1`: `svc:port (endpoints)` for a Service; the reference's group, kind and
/// name for a resource.
fn backend(r: &mut Reader, ns: &str, b: &IngressBackend) -> String {
    if let Some(s) = &b.service {
        let named = s.describe();
        let selector =
            Selector::from_match_labels(&[(LABEL_SERVICE_NAME.to_string(), s.name.clone())].into());
        let slices = r.list::<EndpointSlice>(Some(ns), Some(&selector), None);
        let Some(svc) = r.get::<Service>(ns, &s.name) else {
            return format!("{named} (<error: services \"{}\" not found>)", s.name);
        };
        // The Service port the backend means: by number, or by name; its name picks the slices'
        // port (an unnamed port is "").
        let mut port_name = "";
        for p in &svc.spec.ports {
            if (s.port.number != 0 && s.port.number == p.port)
                || (!s.port.name.is_empty() && s.port.name == p.name())
            {
                port_name = p.name();
            }
        }
        let slices: Vec<&EndpointSlice> = slices.iter().map(|s| &**s).collect();
        return format!("{named} ({})", format_endpoint_slices(&slices, Some(port_name)));
    }
    if let Some(res) = &b.resource {
        let group = res.api_group.as_deref().unwrap_or("<none>");
        return format!("APIGroup: {group}, Kind: {}, Name: {}", res.kind, res.name);
    }
    String::new()
}
