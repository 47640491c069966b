//! `kubectl expose`: a new Service for a Deployment, ReplicaSet, ReplicationController, Pod or
//! Service, its selector,
//! ports, protocols and labels read from the object unless the flags give them.
//!
//! Models staging/src/k8s.io/kubectl/pkg/cmd/expose/expose.go (`RunExpose`, `createService`,
//! `parseLabels`, `parseProtocols`) and the polymorphic helpers it calls in
//! kubectl/pkg/polymorphichelpers: `canBeExposed`, `mapBasedSelectorForObject`,
//! `portsForObject` and `multiProtocolsForObject`. As upstream, each object named is read
//! with a GET (the builder's) and its Service sent as a POST; the API server allocates the
//! cluster IP and node ports.

use std::collections::BTreeMap;

use crate::api::client;
use crate::labels::validation::go_quote;
use crate::model::*;

use super::args::ns_of;
use super::args::{self, flag, FlagSpec};
use super::dry_run::{self, DryRun};
use super::mutate::parse_label_list;
use super::resource;
use super::{Kubectl, KubectlError, Output};

pub(super) const EXPOSE_FLAGS: &[FlagSpec] = &[
    flag("port", None),
    flag("target-port", None),
    flag("protocol", None),
    flag("type", None),
    flag("name", None),
    flag("selector", None),
    flag("labels", Some('l')),
    flag("cluster-ip", None),
    flag("external-ip", None),
    flag("session-affinity", None),
    flag("namespace", Some('n')),
    super::dry_run::FLAG,
    flag("output", Some('o')),
];

/// `validation.DNS1035LabelMaxLength`: a default name taken from a longer object name is cut.
const MAX_NAME: usize = 63;

/// What the flags ask for, before the exposed object fills in the rest.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct ExposeOptions {
    pub port: String,
    pub target_port: String,
    pub protocol: String,
    pub type_: String,
    pub name: String,
    pub selector: String,
    pub labels: String,
    pub cluster_ip: String,
    pub external_ip: String,
    pub session_affinity: String,
}

impl ExposeOptions {
    fn from_args(a: &args::Args) -> Self {
        let get = |f: &str| a.get(f).unwrap_or_default().to_string();
        ExposeOptions {
            port: get("port"),
            target_port: get("target-port"),
            protocol: get("protocol"),
            type_: get("type"),
            name: get("name"),
            selector: get("selector"),
            labels: get("labels"),
            cluster_ip: get("cluster-ip"),
            external_ip: get("external-ip"),
            session_affinity: get("session-affinity"),
        }
    }
}

pub fn expose(s: &mut Kubectl, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let a = args::parse(argv, EXPOSE_FLAGS, "expose")?;
    let dry = DryRun::from_args(&a, s.now(), out)?;
    let ns = ns_of(&a);
    let sel = resource::select(&a.positional, false)?;
    if sel.items.is_empty() {
        return Err(resource::no_resource(false));
    }
    if !sel.named {
        return Err(KubectlError::Usage(
            "resource(s) were provided, but no name was specified".into(),
        ));
    }
    let output = dry_run::output_format(a.get("output"))?;
    let flags = ExposeOptions::from_args(&a);
    let mut errors = Vec::new();
    for (kind, names) in &sel.items {
        for name in names {
            match expose_one(s, *kind, &ns, name, flags.clone(), dry) {
                Ok(created) => {
                    out.out(print_exposed(created, output, dry, &flags, a.has("namespace")))
                }
                Err(e) => errors.push(e),
            }
        }
    }
    match errors.len() {
        0 => Ok(0),
        _ => {
            for e in errors {
                let text = e.to_string();
                out.err(if text.ends_with('\n') { text } else { format!("{text}\n") });
            }
            Ok(1)
        }
    }
}

/// What expose prints. A client-side dry run prints the generated Service, which has a
/// namespace only when one was given (expose.go `RunExpose`, EnforceNamespace) and a type
/// only when `--type` was (`createService`).
fn print_exposed(
    obj: Object,
    output: Option<&str>,
    dry: DryRun,
    o: &ExposeOptions,
    ns_given: bool,
) -> String {
    if dry != DryRun::Client || !matches!(output, Some("yaml" | "json")) {
        return dry_run::print(&obj, output, "exposed", dry);
    }
    let mut v = dry_run::generated_json(&obj);
    if !ns_given {
        if let Some(serde_json::Value::Object(m)) = v.get_mut("metadata") {
            m.shift_remove("namespace");
        }
    }
    if o.type_.is_empty() {
        if let Some(serde_json::Value::Object(m)) = v.get_mut("spec") {
            m.shift_remove("type");
        }
    }
    dry_run::print_value(&v, output.unwrap_or("yaml"))
}

/// One object's Service, created: the builder's GET of the object (expose.go's builder
/// requires the object), then `createService`'s POST with fieldManager `kubectl-expose`.
fn expose_one(
    s: &mut Kubectl,
    kind: Kind,
    ns: &str,
    name: &str,
    mut o: ExposeOptions,
    dry: DryRun,
) -> Result<Object, KubectlError> {
    let obj = client::get(s.api(), kind, ns, name)?;
    let mut svc = service_for(&obj, &mut o)?;
    svc.metadata.namespace = ns.to_string();
    Ok(dry.post(s, svc.into_object(), ns, "kubectl-expose")?)
}

/// `RunExpose`'s visit of one object: what it can tell, then `createService`.
pub(super) fn service_for(obj: &Object, o: &mut ExposeOptions) -> Result<Service, KubectlError> {
    let err = |m: String| KubectlError::Usage(m);
    can_be_exposed(obj.kind()).map_err(err)?;
    let mut default_name = obj.meta().name.clone();
    if default_name.len() > MAX_NAME {
        default_name.truncate(MAX_NAME);
    }
    if o.selector.is_empty() {
        o.selector = selector_of(obj).map_err(|e| {
            err(format!("couldn't retrieve selectors via --selector flag or introspection: {e}"))
        })?;
    }
    let headless = o.cluster_ip == CLUSTER_IP_NONE;
    let mut ports = o.port.clone();
    if ports.is_empty() {
        let found = ports_of(obj);
        if found.is_empty() && !headless {
            return Err(err("couldn't find port via --port flag or introspection".into()));
        }
        ports = found.join(",");
    }
    let protocols = protocols_of(obj);
    if o.labels.is_empty() {
        o.labels = make_labels(&obj.meta().labels);
    }
    create_service(o, &default_name, &ports, &protocols)
}

/// `canBeExposed`: the GroupKind as Go prints it (`Kind.group`).
fn can_be_exposed(kind: Kind) -> Result<(), String> {
    match kind {
        Kind::Pod
        | Kind::Service
        | Kind::Deployment
        | Kind::ReplicaSet
        | Kind::ReplicationController => Ok(()),
        other => {
            let gk = match other.group() {
                "" => other.as_str().to_string(),
                g => format!("{}.{g}", other.as_str()),
            };
            Err(format!("cannot expose a {gk}"))
        }
    }
}

/// `mapBasedSelectorForObject`.
fn selector_of(obj: &Object) -> Result<String, String> {
    let workload = |sel: &LabelSelector, what: &str| {
        if sel.match_labels.is_empty() {
            return Err(format!("invalid {what}: no selectors, therefore cannot be exposed"));
        }
        if !sel.match_expressions.is_empty() {
            return Err(format!(
                "couldn't convert expressions - \"{}\" to map-based selector format",
                go_expressions(&sel.match_expressions)
            ));
        }
        Ok(make_labels(&sel.match_labels))
    };
    match obj {
        Object::Pod(p) if p.metadata.labels.is_empty() => {
            Err("the pod has no labels and cannot be exposed".into())
        }
        Object::Pod(p) => Ok(make_labels(&p.metadata.labels)),
        Object::Service(svc) if svc.spec.selector.is_empty() => {
            Err("the service has no pod selector set".into())
        }
        Object::Service(svc) => Ok(make_labels(&svc.spec.selector)),
        Object::Deployment(d) => workload(&d.spec.selector, "deployment"),
        Object::ReplicaSet(rs) => workload(&rs.spec.selector, "replicaset"),
        Object::ReplicationController(rc) => Ok(make_labels(&rc.spec.selector)),
        other => Err(format!("cannot extract pod selector from {}", go_type(other.kind()))),
    }
}

/// Go's `%T` of the typed object.
fn go_type(kind: Kind) -> String {
    let pkg = match kind.group() {
        "" => "v1".to_string(),
        g => format!("{}v1", g.split('.').next().unwrap_or(g)),
    };
    format!("*{pkg}.{}", kind.as_str())
}

/// `%+v` of `[]LabelSelectorRequirement`.
fn go_expressions(list: &[LabelSelectorRequirement]) -> String {
    let items: Vec<String> = list
        .iter()
        .map(|r| {
            format!("{{Key:{} Operator:{} Values:[{}]}}", r.key, r.operator, r.values.join(" "))
        })
        .collect();
    format!("[{}]", items.join(" "))
}

/// `MakeLabels`: `k=v` pairs joined by commas (Go's map order; sorted here, which the parse
/// that follows cannot tell apart).
fn make_labels(labels: &BTreeMap<String, String>) -> String {
    labels.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(",")
}

fn pod_spec_of(obj: &Object) -> Option<&PodSpec> {
    match obj {
        Object::Pod(p) => Some(&p.spec),
        Object::Deployment(d) => Some(&d.spec.template.spec),
        Object::ReplicaSet(rs) => Some(&rs.spec.template.spec),
        Object::ReplicationController(rc) => rc.spec.template.as_ref().map(|t| &t.spec),
        _ => None,
    }
}

/// `portsForObject`: each container port (or Service port) once, in order.
fn ports_of(obj: &Object) -> Vec<String> {
    let all: Vec<i32> = match (obj, pod_spec_of(obj)) {
        (Object::Service(svc), _) => svc.spec.ports.iter().map(|p| p.port).collect(),
        (_, Some(spec)) => {
            spec.containers.iter().flat_map(|c| c.ports.iter().map(|p| p.container_port)).collect()
        }
        _ => Vec::new(),
    };
    let mut out: Vec<String> = Vec::new();
    for p in all.into_iter().map(|p| p.to_string()) {
        if !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

/// `multiProtocolsForObject`: each port with the protocols it is declared with.
fn protocols_of(obj: &Object) -> BTreeMap<String, Vec<String>> {
    let pairs: Vec<(i32, String)> = match (obj, pod_spec_of(obj)) {
        (Object::Service(svc), _) => {
            svc.spec.ports.iter().map(|p| (p.port, p.protocol().to_string())).collect()
        }
        (_, Some(spec)) => spec
            .containers
            .iter()
            .flat_map(|c| c.ports.iter())
            .map(|p| (p.container_port, p.protocol.as_deref().unwrap_or("TCP").to_string()))
            .collect(),
        _ => Vec::new(),
    };
    let mut map: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (port, proto) in pairs {
        let list = map.entry(port.to_string()).or_default();
        if !list.contains(&proto) {
            list.push(proto);
        }
    }
    map
}

/// `createService`: the Service the options describe.
fn create_service(
    o: &ExposeOptions,
    default_name: &str,
    ports: &str,
    protocols: &BTreeMap<String, Vec<String>>,
) -> Result<Service, KubectlError> {
    let usage = KubectlError::Usage;
    if o.selector.is_empty() {
        return Err(usage("selector must be specified".into()));
    }
    let selector = parse_label_list(&o.selector)?;
    let labels = if o.labels.is_empty() { Labels::default() } else { parse_label_list(&o.labels)? };
    let name = if o.name.is_empty() { default_name.to_string() } else { o.name.clone() };
    if name.is_empty() {
        return Err(usage("name must be specified".into()));
    }
    let mut service_ports = Vec::new();
    if !ports.is_empty() {
        let list: Vec<&str> = ports.split(',').collect();
        for (i, text) in list.iter().enumerate() {
            let port = atoi(text)?;
            let name = (list.len() > 1).then(|| format!("port-{}", i + 1));
            let mut protocol = o.protocol.clone();
            if protocol.is_empty() {
                protocol = "TCP".into();
                match protocols.get(*text).map(Vec::as_slice) {
                    Some([one]) => protocol = one.clone(),
                    // The same port under several protocols becomes one Service port each.
                    Some(several) if several.len() > 1 => {
                        for p in several {
                            service_ports.push(ServicePort {
                                name: Some(format!("port-{}-{}", i + 1, p.to_ascii_lowercase())),
                                port,
                                protocol: Some(p.clone()),
                                ..Default::default()
                            });
                        }
                        continue;
                    }
                    _ => {}
                }
            }
            service_ports.push(ServicePort {
                name,
                port,
                protocol: Some(protocol),
                ..Default::default()
            });
        }
    }
    let target = if o.target_port.is_empty() {
        None
    } else {
        // intstr.Parse.
        Some(match o.target_port.parse::<i32>() {
            Ok(n) => IntOrString::Int(n),
            Err(_) => IntOrString::Str(o.target_port.clone()),
        })
    };
    for p in &mut service_ports {
        p.target_port = Some(target.clone().unwrap_or(IntOrString::Int(p.port)));
    }
    let mut spec = ServiceSpec { selector, ports: service_ports, ..Default::default() };
    if !o.external_ip.is_empty() {
        spec.external_ips = vec![o.external_ip.clone()];
    }
    if !o.type_.is_empty() {
        spec.type_ = ServiceType::parse(&o.type_);
    }
    match o.session_affinity.as_str() {
        "" => {}
        a @ ("None" | "ClientIP") => spec.session_affinity = Some(a.into()),
        other => return Err(usage(format!("unknown session affinity: {other}"))),
    }
    if !o.cluster_ip.is_empty() {
        spec.cluster_ip = Some(o.cluster_ip.clone());
    }
    let meta = ObjectMeta { name, labels, ..Default::default() };
    Ok(Service::new(meta, spec))
}

/// `strconv.Atoi` with Go's error text, then Go's `int32(port)`, which wraps.
fn atoi(text: &str) -> Result<i32, KubectlError> {
    text.parse::<i64>().map(|n| n as i32).map_err(|_| {
        let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
        let why = if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) {
            "value out of range"
        } else {
            "invalid syntax"
        };
        KubectlError::Usage(format!("strconv.Atoi: parsing {}: {why}", go_quote(text)))
    })
}

#[cfg(test)]
#[path = "expose_tests.rs"]
mod tests;
