//! `kubectl create service clusterip|nodeport|loadbalancer|externalname NAME --tcp=P:T`.
//!
//! Models staging/src/k8s.io/kubectl/pkg/cmd/create/create_service.go (`ServiceOptions`:
//! `Validate`, `createService`, `parsePorts`, `Run`), with the port checks of
//! apimachinery/pkg/util/validation (`IsValidPortNum`, `IsValidPortName`) and
//! k8s.io/utils/net `ParsePort`. Each subcommand has its own flags, as cobra's do. The
//! Service is checked against `kubectl create service ... --dry-run=client -o yaml` of the
//! real kubectl (labels and selector `app=NAME`, port names `P-T`).

use crate::labels::validation::{go_quote, is_dns1123_subdomain};
use crate::model::*;

use super::args::{self, flag, FlagSpec};
use super::dry_run::{self, DryRun};
use super::{Kubectl, KubectlError, Output};

/// The subcommands, with the Service type each makes and its own flags.
const SUBCOMMANDS: &[(&str, ServiceTypeName, &[FlagSpec])] = &[
    ("clusterip", ServiceTypeName::ClusterIP, CLUSTERIP_FLAGS),
    ("nodeport", ServiceTypeName::NodePort, NODEPORT_FLAGS),
    ("loadbalancer", ServiceTypeName::LoadBalancer, LOADBALANCER_FLAGS),
    ("externalname", ServiceTypeName::ExternalName, EXTERNALNAME_FLAGS),
];

/// Each subcommand's own flags, after `COMMON` (kubectl/pkg/cmd/create/create_service.go).
pub(super) const CLUSTERIP_FLAGS: &[FlagSpec] = &[flag("tcp", None), flag("clusterip", None)];
pub(super) const NODEPORT_FLAGS: &[FlagSpec] = &[flag("tcp", None), flag("node-port", None)];
pub(super) const LOADBALANCER_FLAGS: &[FlagSpec] = &[flag("tcp", None)];
pub(super) const EXTERNALNAME_FLAGS: &[FlagSpec] =
    &[flag("tcp", None), flag("external-name", None)];

/// `ServiceType` without its open variant, so the table above can be a constant.
#[derive(Clone, Copy)]
enum ServiceTypeName {
    ClusterIP,
    NodePort,
    LoadBalancer,
    ExternalName,
}

impl ServiceTypeName {
    fn service_type(self) -> ServiceType {
        match self {
            ServiceTypeName::ClusterIP => ServiceType::ClusterIP,
            ServiceTypeName::NodePort => ServiceType::NodePort,
            ServiceTypeName::LoadBalancer => ServiceType::LoadBalancer,
            ServiceTypeName::ExternalName => ServiceType::ExternalName,
        }
    }
}

/// Flags every `create service` command has.
pub(super) const COMMON: &[FlagSpec] =
    &[flag("namespace", Some('n')), super::dry_run::FLAG, flag("output", Some('o'))];

/// `create service` help, as `DefaultSubCommandRun` prints it when no subcommand is given.
const HELP: &str = "Create a service using a specified subcommand.\n\nAliases:\nservice, svc\n\nAvailable Commands:\n  clusterip      Create a ClusterIP service\n  externalname   Create an ExternalName service\n  loadbalancer   Create a LoadBalancer service\n  nodeport       Create a NodePort service\n\nUsage:\n  kubectl create service [flags] [options]\n\nUse \"kubectl create service <command> --help\" for more information about a given command.\nUse \"kubectl options\" for a list of global command-line options (applies to all commands).\n";

/// `argv` is what follows `create service` (or `create svc`).
pub fn create_service(
    s: &mut Kubectl,
    argv: &[String],
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let all: Vec<FlagSpec> =
        COMMON.iter().chain(SUBCOMMANDS.iter().flat_map(|(_, _, f)| f.iter())).copied().collect();
    let Some((sub, type_, own)) = args::first_word(argv, &all)
        .and_then(|w| SUBCOMMANDS.iter().find(|(name, _, _)| *name == w))
    else {
        // `create service` itself takes no arguments (cmdutil.DefaultSubCommandRun).
        let a = args::parse(argv, COMMON, "create service")?;
        if a.positional.is_empty() {
            out.err(HELP);
            return Ok(0);
        }
        return Err(KubectlError::Usage(format!(
            "unknown command {}\nSee 'kubectl create service -h' for help and examples",
            go_quote(&a.positional.join(" "))
        )));
    };
    let specs: Vec<FlagSpec> = COMMON.iter().chain(own.iter()).copied().collect();
    let verb = format!("create service {sub}");
    let a = args::parse(argv, &specs, &verb)?;
    let output = dry_run::output_format(a.get("output"))?;
    // Cobra's required flag comes before the command's own checks.
    if matches!(type_, ServiceTypeName::ExternalName) && !a.has("external-name") {
        return Err(KubectlError::Usage("required flag(s) \"external-name\" not set".into()));
    }
    let names = &a.positional[1..];
    let [name] = names else {
        return Err(KubectlError::Usage(format!(
            "exactly one NAME is required, got {}\nSee 'kubectl create service {sub} -h' for help and examples",
            names.len()
        )));
    };
    let opts = ServiceOptions {
        name: name.clone(),
        // pflag's StringSlice: each use is a comma-separated list, appended in order.
        tcp: a
            .repeated
            .get("tcp")
            .into_iter()
            .flatten()
            .flat_map(|v| v.split(','))
            .filter(|v| !v.is_empty())
            .map(String::from)
            .collect(),
        type_: type_.service_type(),
        cluster_ip: a.get("clusterip").unwrap_or_default().to_string(),
        node_port: a.int("node-port")?.unwrap_or(0),
        external_name: a.get("external-name").unwrap_or_default().to_string(),
    };
    // Complete reads the strategy before Validate runs.
    let dry = DryRun::from_args(&a, s.now(), out)?;
    opts.validate()?;
    let mut svc = opts.service()?;
    // createService sets the namespace only when one was given (EnforceNamespace).
    svc.metadata.namespace = a.get("namespace").unwrap_or_default().into();
    // create_service.go Run: the Service POSTed with fieldManager `kubectl-create`.
    let ns = a.get("namespace").unwrap_or("default").to_string();
    match dry.post(s, svc.into_object(), &ns, "kubectl-create") {
        Ok(created) => {
            out.out(dry_run::print(&created, output, "created", dry));
            Ok(0)
        }
        // create_service.go wraps the API error: `failed to create ClusterIP service: ...`.
        Err(e) => Err(KubectlError::Usage(format!(
            "failed to create {} service: {}",
            opts.type_, e.message
        ))),
    }
}

/// `ServiceOptions`.
#[derive(Clone, Debug, PartialEq)]
struct ServiceOptions {
    name: String,
    tcp: Vec<String>,
    type_: ServiceType,
    cluster_ip: String,
    node_port: i64,
    external_name: String,
}

impl ServiceOptions {
    /// `Validate`.
    fn validate(&self) -> Result<(), KubectlError> {
        let usage = |m: &str| Err(KubectlError::Usage(m.into()));
        if self.cluster_ip == CLUSTER_IP_NONE && self.type_ != ServiceType::ClusterIP {
            return usage("ClusterIP=None can only be used with ClusterIP service type");
        }
        if self.cluster_ip != CLUSTER_IP_NONE
            && self.tcp.is_empty()
            && self.type_ != ServiceType::ExternalName
        {
            return usage("at least one tcp port specifier must be provided");
        }
        if self.type_ == ServiceType::ExternalName
            && !is_dns1123_subdomain(&self.external_name).is_empty()
        {
            let m = format!("invalid service external name {}", self.external_name);
            return Err(KubectlError::Usage(m));
        }
        Ok(())
    }

    /// `createService`: labels and selector `app=NAME`, one TCP port per `--tcp`.
    fn service(&self) -> Result<Service, KubectlError> {
        let mut ports = Vec::new();
        for tcp in &self.tcp {
            let (port, target) = parse_ports(tcp).map_err(KubectlError::Usage)?;
            ports.push(ServicePort {
                name: Some(tcp.replace(':', "-")),
                port,
                target_port: Some(target),
                protocol: Some("TCP".into()),
                // Go's int32(o.NodePort) conversion.
                node_port: (self.node_port != 0).then_some(self.node_port as i32),
                ..Default::default()
            });
        }
        let app: Labels = [("app".to_string(), self.name.clone())].into();
        let mut spec = ServiceSpec {
            type_: self.type_.clone(),
            selector: app.clone(),
            ports,
            ..Default::default()
        };
        if !self.external_name.is_empty() {
            spec.external_name = Some(self.external_name.clone());
        }
        if !self.cluster_ip.is_empty() {
            spec.cluster_ip = Some(self.cluster_ip.clone());
        }
        let meta = ObjectMeta { name: self.name.clone(), labels: app, ..Default::default() };
        Ok(Service::new(meta, spec))
    }
}

/// `parsePorts`: `PORT` or `PORT:TARGET`, where TARGET is a number or a port name; anything
/// after a second colon is ignored (but stays in the port's name).
fn parse_ports(spec: &str) -> Result<(i32, IntOrString), String> {
    let mut parts = spec.split(':');
    let first = parts.next().unwrap_or_default();
    let port = parse_port(first)?;
    let Some(target) = parts.next() else { return Ok((port, IntOrString::Int(port))) };
    match go_atoi(target) {
        Some(n) if (1..=65535).contains(&n) => Ok((port, IntOrString::Int(n as i32))),
        Some(_) => Err("must be between 1 and 65535, inclusive".into()),
        None => {
            let errs = port_name_errors(target);
            if errs.is_empty() {
                Ok((port, IntOrString::Str(target.to_string())))
            } else {
                Err(errs.join(","))
            }
        }
    }
}

/// k8s.io/utils/net `ParsePort(port, true)`: `strconv.ParseUint(port, 10, 16)`, zero allowed.
fn parse_port(text: &str) -> Result<i32, String> {
    let quoted = go_quote(text);
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("strconv.ParseUint: parsing {quoted}: invalid syntax"));
    }
    match text.parse::<u16>() {
        Ok(n) => Ok(i32::from(n)),
        Err(_) => Err(format!("strconv.ParseUint: parsing {quoted}: value out of range")),
    }
}

/// `strconv.Atoi` succeeding (a sign allowed), as a number wide enough for any int.
fn go_atoi(text: &str) -> Option<i128> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<i64>().ok().map(i128::from)
}

/// `IsValidPortName`.
fn port_name_errors(name: &str) -> Vec<&'static str> {
    let mut errs = Vec::new();
    if name.len() > 15 {
        errs.push("must be no more than 15 characters");
    }
    if name.is_empty()
        || !name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    {
        errs.push("must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)");
    }
    if !name.bytes().any(|b| b.is_ascii_lowercase()) {
        errs.push("must contain at least one letter (a-z)");
    }
    if name.contains("--") {
        errs.push("must not contain consecutive hyphens (--)");
    }
    if name.starts_with('-') || name.ends_with('-') {
        errs.push("must not begin or end with a hyphen (-)");
    }
    errs
}

#[cfg(test)]
#[path = "create_service_tests.rs"]
mod tests;
